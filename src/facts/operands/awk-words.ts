// awk's `-W NAME` options written as the long options they are, for its grammar to read.

/**
 * An awk command with `-W NAME[=VALUE]` written as the long option it is (`-Wprofile=f` is
 * `--profile=f`, gawk; mawk's comma lists `-W interactive,exec F` are several), so the grammar
 * reads it. Only a -W that starts its cluster's value: in `-vW=1`, W is -v's.
 */
export function awkWords(words: readonly string[]): string[] {
  const out = [words[0]!];
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    const w = /^-([A-Za-z]*?)W(.*)$/s.exec(word);
    if (w === null || word.startsWith('--') || /[FvfeEildpoDL]/.test(w[1]!)) {
      out.push(word);
      continue;
    }
    if (w[1] !== '') out.push(`-${w[1]}`);
    const value = w[2] !== '' ? w[2]! : words[++i];
    if (value === undefined) break;
    for (const name of value.includes('=') ? [value] : value.split(',')) out.push(`--${name}`);
  }
  return out;
}
