// Commands that read the NAMES of their files from standard input or from a list file
// (`tar -T list`, `rsync --files-from=-`, `git update-index --stdin`): what they then open is
// not on the line.
import { hasOption, longName, optionValues } from '../options.js';
import { namesStandardInput } from '../shell/wrappers.js';
import { GRAMMARS, longNamesOf, TAR, valuedLongOf } from '../grammars.js';
import { tarWords } from './archives.js';
import { gitSubcommandAt } from './git.js';
import { GIT_PATHSPEC_LONG } from './git-pathspecs.js';

/**
 * How a command reads the NAMES of files from its standard input, when it does: the text
 * that separates them (a newline, or NUL with the program's null option). `tar -T -`,
 * `zip -@`, `cpio -o`/`-p`, `rsync --files-from=-`, `--files0-from=-` (du, wc, sort, find),
 * git's `--stdin-paths`, `--stdin`, `--pathspec-from-file=-` and `cat-file --batch` (object
 * names, `HEAD:.env`). Undefined for a command that reads no names there.
 */
export function stdinFileList(words: readonly string[]): '\n' | '\0' | undefined {
  const program = words[0];
  const has = (letters: string, long: string[], valued = ''): boolean => hasOption(words, { letters, long }, valued);
  // The list file is standard input by any of its names (`-T -`, `-T /dev/stdin`, `--files-from=/dev/fd/0`).
  const fromStdin = (letters: string, long: string[], valued: string, all = words, from = 1, known: readonly string[] = long): boolean =>
    optionValues(all, { letters, long }, valued, from, known).some((value) => namesStandardInput(value));
  if (program === 'tar') {
    const dashed = tarWords(words);
    if (!fromStdin('T', ['--files-from'], TAR.valued, dashed, 1, longNamesOf(TAR))) return undefined;
    return hasOption(dashed, { letters: '', long: ['--null'] }, TAR.valued) ? '\0' : '\n';
  }
  // zip -@, and its long name abbreviated (`--names`: no other zip option begins `--na`).
  if (program === 'zip') return words.some((w) => /^-[A-Za-z0-9]*@/.test(w) || (w.length >= 4 && '--names-stdin'.startsWith(w))) ? '\n' : undefined;
  if (program === 'cpio') {
    if (!has('op', ['--create', '--pass-through'], 'CEFHIMORW')) return undefined;
    return has('0', ['--null'], 'CEFHIMORW') ? '\0' : '\n';
  }
  if (program === 'rsync') {
    if (!fromStdin('', ['--files-from'], 'eBfT', words, 1, longNamesOf(GRAMMARS.get('rsync')!))) return undefined;
    return has('0', ['--from0'], 'eBfT') ? '\0' : '\n';
  }
  if (program === 'du' || program === 'wc' || program === 'sort') return fromStdin('', ['--files0-from'], '') ? '\0' : undefined;
  if (program === 'find') return words.some((w, i) => w === '-files0-from' && namesStandardInput(words[i + 1] ?? '')) ? '\0' : undefined;
  if (program === 'git') {
    const at = gitSubcommandAt(words);
    const sub = words[at];
    // git's long options abbreviated too (`--stdin-p`, `--pathspec-from=-`): read by the names that begin alike.
    const named = (name: string, known: readonly string[]): boolean => words.slice(at + 1).some((w) => w.startsWith('--') && longName(w, known) === name);
    const nul = words.slice(at + 1).includes('-z') || named('--pathspec-file-nul', GIT_PATHSPEC_LONG);
    if (sub === 'hash-object' && named('--stdin-paths', ['--stdin', '--stdin-paths'])) return '\n';
    if ((sub === 'update-index' || sub === 'checkout-index') && named('--stdin', ['--stdin', '--stage', '--skip-worktree', '--split-index', '--suffix'])) return nul ? '\0' : '\n';
    if (sub === 'cat-file' && words.slice(at + 1).some((w) => w.startsWith('--batch'))) return nul ? '\0' : '\n';
    if (fromStdin('', ['--pathspec-from-file'], '', words, at + 1, GIT_PATHSPEC_LONG)) return nul ? '\0' : '\n';
  }
  return undefined;
}

/**
 * The files other than standard input a command reads the NAMES of its files from (`tar -T
 * list`, `rsync --files-from=list`, `--files0-from=list` of du, wc, sort and find, `file -f
 * list`): what it then opens is not on the line. (From standard input: stdinFileList.)
 */
export function nameListFiles(words: readonly string[]): string[] {
  const program = words[0];
  const named = (values: string[]): string[] => values.filter((value) => !namesStandardInput(value));
  if (program === 'tar') return named(optionValues(tarWords(words), { letters: 'T', long: ['--files-from'] }, TAR.valued, 1, longNamesOf(TAR), valuedLongOf(TAR)));
  if (program === 'rsync') return named(optionValues(words, { letters: '', long: ['--files-from'] }, 'eBfT', 1, longNamesOf(GRAMMARS.get('rsync')!)));
  if (program === 'du' || program === 'wc' || program === 'sort') return named(optionValues(words, { letters: '', long: ['--files0-from'] }, ''));
  if (program === 'find') return named(words.flatMap((w, i) => (w === '-files0-from' && words[i + 1] !== undefined ? [words[i + 1]!] : [])));
  if (program === 'file') return named(optionValues(words, { letters: 'f', long: ['--files-from'] }, GRAMMARS.get('file')!.valued));
  return [];
}
