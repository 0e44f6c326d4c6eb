// openssl's words that are no file though they may look like one (`-subj /CN=x`).

// openssl's options (one dash, whole words) whose value is text, never a file: a subject
// `/CN=localhost` or an extension `subjectAltName=DNS:x` is no path. Its other words are read
// by their look (`-out /x`, `-in k.pem`, `-pass file:k`).
const OPENSSL_TEXT_OPTIONS: ReadonlySet<string> = new Set(['subj', 'addext', 'nameopt', 'reqopt', 'certopt', 'servername', 'connect', 'set_serial', 'days', 'name', 'alias', 'purpose', 'pkeyopt', 'sigopt', 'macopt', 'host', 'proxy', 'url']);

/** The words openssl takes as text values of OPENSSL_TEXT_OPTIONS (`-subj /CN=x`, `--subj=/CN=x`'s value). */
export function opensslTextValues(words: readonly string[]): string[] {
  const plain: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const m = /^--?([a-z_]+)(=?)/.exec(words[i]!);
    if (m === null || !OPENSSL_TEXT_OPTIONS.has(m[1]!)) continue;
    if (m[2] === '=') plain.push(words[i]!);
    else if (i + 1 < words.length) plain.push(words[++i]!);
  }
  return plain;
}
