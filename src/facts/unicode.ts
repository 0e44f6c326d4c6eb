// Text that cannot be encoded as UTF-8 without loss. A lone UTF-16 surrogate becomes U+FFFD
// when Node hands a string to a process, but other readers turn it into something else:
// mvdan-sh (GopherJS) pairs it with the next character, so `echo \uD800;rm -rf /` reads as one
// `echo` while bash runs `rm -rf /`. Such text is refused wherever it would be read.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds a lone surrogate (is not well-formed UTF-16). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}
