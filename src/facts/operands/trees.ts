// Commands that read or move whole directory trees: every file below a directory operand is
// touched, though no word names it (`grep -r KEY .` reads `./.env`, `cp -r . /tmp/x` copies
// it, `mv conf conf.old` renames it). The engine walks each tree on disk when it checks the
// call, within the call's budget of directory entries (engine/frame.ts addTree).
import { hasOption, optionValues } from '../options.js';
import { GRAMMARS, longNamesOf } from '../grammars.js';
import { operandsBy } from './by-grammar.js';
import { placedPaths } from './moves-and-links.js';

/** A directory a command reads (or moves) whole, as its word names it (not placed yet). */
export interface Tree {
  root: string;
  /** Links below it are followed (`grep -R`, `cp -rL`, `diff -r`); otherwise they are skipped or kept as links. */
  followsLinks: boolean;
  /** Its files are written (renamed by `mv`), not only read. */
  written: boolean;
}

const NO_TREES: readonly Tree[] = Object.freeze([]);
const GREP_RECURSIVE = { letters: 'rR', long: ['--recursive', '--dereference-recursive'] };
const GREP_FOLLOWING = { letters: 'R', long: ['--dereference-recursive'] };
const GREP_DIRECTORIES = { letters: 'd', long: ['--directories'] };

/**
 * The trees a command reads or moves whole: grep's (egrep's, fgrep's, rgrep's) with `-r`,
 * `-R` or `-d recurse` (its file operands, else `.`), `diff -r`'s operands, the sources of
 * `cp -r`/`-R`/`-a` and of `mv`, and what `zip -r` puts in its archive. A word that is no
 * directory when the call is checked is no tree (the engine skips it). Other recursive
 * readers are not read here (README: tar, rsync, rg, find's actions).
 */
export function treesOf(words: readonly string[]): readonly Tree[] {
  const program = words[0];
  if (program === 'grep' || program === 'egrep' || program === 'fgrep' || program === 'rgrep') {
    const grammar = GRAMMARS.get('grep')!;
    const known = longNamesOf(grammar);
    const recurse = program === 'rgrep' || hasOption(words, GREP_RECURSIVE, grammar.valued, known) || optionValues(words, GREP_DIRECTORIES, grammar.valued, 1, [...known, '--directories'], ['--directories']).includes('recurse');
    if (!recurse) return NO_TREES;
    const files = operandsBy(words, 0, grammar).operandFiles;
    const followsLinks = hasOption(words, GREP_FOLLOWING, grammar.valued, known);
    return (files.length > 0 ? files : ['.']).map((root) => ({ root, followsLinks, written: false }));
  }
  if (program === 'diff') {
    const grammar = GRAMMARS.get('diff')!;
    if (!hasOption(words, { letters: 'r', long: ['--recursive'] }, grammar.valued, [...longNamesOf(grammar), '--recursive'])) return NO_TREES;
    // diff follows links unless told not to (`--no-dereference`): the careful side, always.
    return operandsBy(words, 0, grammar).operandFiles.map((root) => ({ root, followsLinks: true, written: false }));
  }
  if (program === 'cp') {
    const grammar = GRAMMARS.get('cp')!;
    const known = [...longNamesOf(grammar), '--recursive', '--archive', '--dereference'];
    if (!hasOption(words, { letters: 'rRa', long: ['--recursive', '--archive'] }, grammar.valued, known)) return NO_TREES;
    const followsLinks = hasOption(words, { letters: 'L', long: ['--dereference'] }, grammar.valued, known);
    return placedPaths(words).map(({ source }) => ({ root: source, followsLinks, written: false }));
  }
  if (program === 'mv') return placedPaths(words).map(({ source }) => ({ root: source, followsLinks: false, written: true }));
  if (program === 'zip') {
    const grammar = GRAMMARS.get('zip')!;
    const known = [...longNamesOf(grammar), '--recurse-paths'];
    if (!hasOption(words, { letters: 'rR', long: ['--recurse-paths'] }, grammar.valued, known)) return NO_TREES;
    // The first operand is the archive; zip stores links as the files they lead to unless `-y`.
    const followsLinks = !hasOption(words, { letters: 'y', long: ['--symlinks'] }, grammar.valued, [...known, '--symlinks']);
    return operandsBy(words, 0, grammar).operandFiles.slice(1).map((root) => ({ root, followsLinks, written: false }));
  }
  return NO_TREES;
}
