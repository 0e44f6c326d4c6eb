// Text that cannot be encoded as UTF-8 without loss. A lone UTF-16 surrogate becomes U+FFFD
// when Node hands a string to a process, but other readers turn it into something else:
// mvdan-sh (GopherJS) pairs it with the next character, so `echo \uD800;rm -rf /` reads as one
// `echo` while bash runs `rm -rf /`. Such text is refused wherever it would be read.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds a lone surrogate (is not well-formed UTF-16). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * The case fold names are compared by on a case-insensitive file system (APFS, NTFS, ext4
 * and f2fs `casefold`): lower, upper, then lower case again, then NFC. Unlike toLowerCase alone it
 * folds `ſ` (long s) to `s`, `ß` to `ss`, `ﬁ` to `fi` and `ς` to `σ`, as Unicode full case
 * folding does. (It also folds dotless `ı` to `i`, which folding leaves apart: a wider match,
 * the same on the glob side and the path side.)
 */
export function caseFold(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  // Lower case first too: capital sharp s `ẞ` upper-cases to itself but lower-cases to `ß`.
  return text.toLowerCase().toUpperCase().toLowerCase().normalize('NFC');
}

/**
 * The names a file system compares as equal at the very least: only ASCII letters fold, and
 * only when it ignores case; no Unicode normalisation. Checks that allow (containment,
 * `allowed`, `writable`) must not match more than the file system does: see paths.ts.
 */
export function narrowFold(text: string, caseInsensitive: boolean): string {
  if (!caseInsensitive) return text;
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}
