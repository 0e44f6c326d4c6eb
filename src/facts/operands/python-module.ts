// Which module `python -m MODULE` runs: `-m pip install --user` writes outside the project
// (outside-writes.ts), `-m tarfile -e` extracts anywhere (file-operands.ts).

export const PYTHONS: ReadonlySet<string> = new Set(['python', 'python2', 'python3']);

/** The module `python -m MODULE` runs (`-m` alone or ending a cluster of flags: `-Im`), or undefined. */
export function pythonModule(words: readonly string[]): string | undefined {
  for (let i = 1; i < words.length - 1; i++) {
    const w = words[i]!;
    if (!w.startsWith('-') || w === '-' || w === '--') return undefined;
    if (/^-[A-Za-z]*m$/.test(w) && !w.startsWith('--')) return words[i + 1];
    if (/^-[A-Za-z]*m./.test(w)) return w.slice(w.indexOf('m') + 1);
    if (w === '-c' || w === '-W' || w === '-X') i++;
  }
  return undefined;
}
