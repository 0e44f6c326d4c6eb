// Commands that read or move whole directory trees: every file below a directory operand is
// touched, though no word names it (`grep -r KEY .` reads `./.env`, `cp -r . /tmp/x` copies
// it, `mv conf conf.old` renames it). The engine walks each tree on disk when it checks the
// call, within the call's budget of directory entries (engine/frame.ts addTree).
import { hasOption, optionValuePlaces, optionValues, nonOptionWords } from '../options.js';
import { within } from '../within.js';
import { literalDirectory } from '../path-glob.js';
import { GRAMMARS, longNamesOf, TAR, valuedLongOf } from '../grammars.js';
import { tarWords } from './archives.js';
import { operandsBy } from './by-grammar.js';
import { findNameFilter, findStartingPoints } from './find.js';
import { isRemote, placedPaths } from './moves-and-links.js';
import { ripgrepTrees } from './ripgrep.js';
import { gitGrepTrees } from './git-grep.js';
import { gitRemovalTrees } from './git-removals.js';
import { gitSubcommandAt } from './git.js';

/** A directory a command reads (or moves) whole, as its word names it (not placed yet). */
export interface Tree {
  root: string;
  /** Links below it are followed (`grep -R`, `cp -rL`, `diff -r`); otherwise they are skipped or kept as links. */
  followsLinks: boolean;
  /** Its files are written (renamed by `mv`), not only read. */
  written: boolean;
  /**
   * Only the files below whose name matches one of these is read (grep's `--include`, find's
   * one `-name`), each a plain wildcard (PLAIN_NAME_PATTERN); absent: every file.
   */
  names?: { patterns: readonly string[]; anyCase: boolean };
  /** Directories below, by name, it does not go into (grep's `--exclude-dir` with a plain name). */
  skip?: readonly string[];
  /** It reads only the files directly in the directory (`diff d1 d2` without `-r`). */
  shallow?: true;
  /** It reads only the files git tracks below it (`git grep`), as the repository's index lists them (engine/git-index.ts). */
  tracked?: true;
  /**
   * With `tracked` or `fromTop`, and for what git deletes (`git clean`, `git rm`, `git stash
   * -u`): the directory git runs in (`-C`), as written (`''`: where the shell is), where it finds its repository.
   */
  gitCwd?: string;
  /**
   * `root` is below the top of the git work tree where git runs (`git clean :/docs`): each
   * directory from there up to the workspace root may be that top, and each counts.
   */
  fromTop?: true;
  /** `git clean -X`: git deletes an ignored directory above the root whole (engine/frame.ts addTree reads each one that may be). */
  ignoredAbove?: true;
  /** With `tracked`: every file the repository tracks, from its top (`git grep KEY :/`, `-- ../x`), not only those below `root`. */
  wholeRepository?: true;
  /** The call is refused, for this reason (`git --git-dir=x grep`: which work tree x's config names is not read here). */
  refused?: string;
  /**
   * ripgrep's walk (rg, and the search tools that run it): what it leaves out, read from disk by
   * engine/ripgrep-walk.ts. Here `names` are its `--glob`s, which also let in a hidden or ignored
   * file they match, and a directory they match.
   */
  ripgrep?: RipgrepWalk;
}

/** How ripgrep walks a directory (engine/ripgrep-walk.ts reads the ignore files it names). */
export interface RipgrepWalk {
  /** Names starting with a dot are left out (unless an ignore file or a type lets them in); false with `--hidden`, `-uu`. */
  skipsHidden: boolean;
  /** Ignore files (.rgignore, .ignore, .gitignore in a repository) leave out what they name; false with `--no-ignore`, `-u`. */
  honoursIgnores: boolean;
  /** `.gitignore` counts outside a git repository too (`--no-require-git`). */
  gitignoreAnywhere: boolean;
  /** A file type not known here (`--type-add`, RIPGREP_TYPES) or an `--ignore-file` may let in a hidden name: none is left out for being hidden. */
  mayLetInHidden: boolean;
  /** The names the file types given (`-t ts`) select: only files matching one are read, and such a file even when hidden. */
  types?: readonly string[];
  /** Only git's own ignore files count (.gitignore, .git/info/exclude), not ripgrep's: `git clean`'s walk. */
  gitOnly?: true;
  /** Negated `--glob`s, all plain names, when no glob lets files in: what they match is left out, whatever else says. */
  excluded?: { patterns: readonly string[]; anyCase: boolean };
}

/**
 * A name pattern read alike by fnmatch (grep's and find's) and by picomatch with dot files
 * matched: letters, digits, `._-` and the wildcards `*` and `?`. Anything else (classes,
 * braces, a leading `!`) is not read as a filter: every file then counts.
 */
const PLAIN_NAME_PATTERN = /^[A-Za-z0-9._*?-]+$/;

const NO_TREES: readonly Tree[] = Object.freeze([]);
const GREP_RECURSIVE = { letters: 'rR', long: ['--recursive', '--dereference-recursive'] };
const GREP_FOLLOWING = { letters: 'R', long: ['--dereference-recursive'] };
const GREP_DIRECTORIES = { letters: 'd', long: ['--directories'] };

/**
 * The trees a command reads or moves whole: grep's (egrep's, fgrep's, rgrep's) with `-r`,
 * `-R` or `-d recurse` (its file operands, else `.`), diff's operands (with `-r` whole, else
 * the files directly in them), the sources of
 * `cp -r`/`-R`/`-a`, `rsync -r`/`-a` and `mv`, what `zip -r` and `tar -c` put in an archive, and find's
 * starting points when an action is given each file, `scp -r`'s local sources, rg's (ripgrep.ts) and
 * `git grep`'s (git-grep.ts). A word that is no directory when the call is checked is no tree (the
 * engine skips it). `rm -r` and `chmod`/`chown`/`chgrp -R` write every file below their operands.
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
    const filters = grepFilters(words);
    return (files.length > 0 ? files : ['.']).map((root) => ({ root, followsLinks, written: false, ...filters }));
  }
  if (program === 'rg') return ripgrepTrees(words);
  if (program === 'git' && words[gitSubcommandAt(words)] === 'grep') return gitGrepTrees(words);
  if (program === 'git') return gitRemovalTrees(words);
  if (program === 'diff') {
    const grammar = GRAMMARS.get('diff')!;
    // Two directories are compared by the files directly in them (their dot files too), or
    // with -r by every file below; diff follows links unless told not to (`--no-dereference`):
    // the careful side, always.
    const recursive = hasOption(words, { letters: 'r', long: ['--recursive'] }, grammar.valued, [...longNamesOf(grammar), '--recursive']);
    return operandsBy(words, 0, grammar).operandFiles.map((root) => (recursive ? { root, followsLinks: true, written: false } : { root, followsLinks: true, written: false, shallow: true }));
  }
  if (program === 'cp') {
    const grammar = GRAMMARS.get('cp')!;
    const known = [...longNamesOf(grammar), '--recursive', '--archive', '--dereference'];
    if (!hasOption(words, { letters: 'rRa', long: ['--recursive', '--archive'] }, grammar.valued, known)) return NO_TREES;
    const followsLinks = hasOption(words, { letters: 'L', long: ['--dereference'] }, grammar.valued, known);
    return placedPaths(words).map(({ source }) => ({ root: source, followsLinks, written: false }));
  }
  if (program === 'mv') return placedPaths(words).map(({ source }) => ({ root: source, followsLinks: false, written: true }));
  if (program === 'rm') {
    // `rm -r d` deletes every file below d; links below are removed, not followed.
    if (!hasOption(words, { letters: 'rR', long: ['--recursive'] }, '', RM_LONG)) return NO_TREES;
    return operandsBy(words, 0, GRAMMARS.get('rm')!).operandFiles.map((root) => ({ root, followsLinks: false, written: true }));
  }
  // Deleters that take no `-r`: every operand whole (rimraf's own globs from their literal directory).
  if (program === 'rimraf' || program === 'trash' || program === 'trash-put' || (program === 'gio' && (words[1] === 'trash' || words[1] === 'remove'))) {
    return nonOptionWords(words.slice(program === 'gio' ? 1 : 0), '').map((root) => ({ root: literalDirectory(root, /[*?[{]/), followsLinks: false, written: true }));
  }
  // Changers of attributes, ACLs and security contexts with `-R`: every operand (the mode among them, as chmod's).
  const changer = RECURSIVE_CHANGERS.get(program ?? '');
  if (changer !== undefined) {
    if (!hasOption(words, { letters: 'R', long: ['--recursive'] }, changer.valued, changer.long)) return NO_TREES;
    return nonOptionWords(words, changer.valued).map((root) => ({ root, followsLinks: false, written: true }));
  }
  if (program === 'chmod' || program === 'chown' || program === 'chgrp') {
    // `chmod -R 777 d` changes every file below d. Every operand counts, the mode or owner too:
    // `chmod -R -w d` takes `-w` for a mode, so the grammar's lead may be d (one that is no
    // directory is no tree). Links below are followed with `-L` only.
    const known = OWNER_LONG[program];
    if (!hasOption(words, { letters: 'R', long: ['--recursive'] }, '', known)) return NO_TREES;
    const followsLinks = hasOption(words, { letters: 'L', long: ['--dereference'] }, '', known);
    return operandsBy(words, 0, GRAMMARS.get(program)!).operands.map((root) => ({ root, followsLinks, written: true }));
  }
  if (program === 'zip') {
    const grammar = GRAMMARS.get('zip')!;
    const known = [...longNamesOf(grammar), '--recurse-paths'];
    if (!hasOption(words, { letters: 'rR', long: ['--recurse-paths'] }, grammar.valued, known)) return NO_TREES;
    // The first operand is the archive; zip stores links as the files they lead to unless `-y`.
    const followsLinks = !hasOption(words, { letters: 'y', long: ['--symlinks'] }, grammar.valued, [...known, '--symlinks']);
    return operandsBy(words, 0, grammar).operandFiles.slice(1).map((root) => ({ root, followsLinks, written: false }));
  }
  if (program === 'rsync') {
    const grammar = GRAMMARS.get('rsync')!;
    const known = [...longNamesOf(grammar), '--recursive', '--archive', '--copy-links', '--dirs', '--old-dirs'];
    // `-d` (`--dirs`) without recursion copies the files directly in a source directory
    // (`rsync -d .secrets/ x` copies server.pem), and `--delete` deletes below the destination all the same.
    const recursive = hasOption(words, { letters: 'ra', long: ['--recursive', '--archive'] }, grammar.valued, known);
    const shallow = !recursive && hasOption(words, { letters: 'd', long: ['--dirs', '--old-dirs'] }, grammar.valued, known);
    if (!recursive && !shallow) return NO_TREES;
    // Every operand but the last is a source; one on another host (`host:path`) is not read here.
    const followsLinks = hasOption(words, { letters: 'L', long: ['--copy-links'] }, grammar.valued, known);
    const operands = operandsBy(words, 0, grammar).operandFiles;
    // `--remove-source-files` deletes what it sent; `--delete` (`--del`, `--delete-after`, …)
    // deletes every file below the destination that the sources do not hold (rsync's options
    // are not abbreviated).
    const removesSources = words.includes('--remove-source-files');
    const sources = operands.slice(0, -1).filter((source) => !isRemote(source)).map((root) => ({ root, followsLinks, written: removesSources, ...(shallow ? { shallow: true as const } : {}) }));
    const destination = operands.length > 1 ? operands[operands.length - 1]! : undefined;
    const deletes = words.some((w) => w.startsWith('--del'));
    return deletes && destination !== undefined && !isRemote(destination) ? [...sources, { root: destination, followsLinks: false, written: true }] : sources;
  }
  if (program === 'scp') {
    // `scp -r` copies each local source directory whole, following the links below it.
    const grammar = GRAMMARS.get('scp')!;
    if (!hasOption(words, { letters: 'r', long: [] }, grammar.valued, [])) return NO_TREES;
    // Every operand but the last is a source (the grammar's files leave remote ones out, so the operands are counted).
    return operandsBy(words, 0, grammar).operands.slice(0, -1).filter((source) => !scpIsRemote(source)).map((root) => ({ root, followsLinks: true, written: false }));
  }
  if (program === 'tar') return tarTrees(words);
  if (program === 'find') {
    // An action given each file found reads it (`-exec cat {} +`, links followed by the program
    // it runs) or deletes it (`-delete`); without one, find only lists names.
    const acts = words.some((w) => FIND_READING_ACTS.has(w));
    const deletes = words.includes('-delete');
    if (!acts && !deletes) return NO_TREES;
    const name = findNameFilter(words);
    const names = name !== undefined && PLAIN_NAME_PATTERN.test(name.pattern) ? { names: { patterns: [name.pattern], anyCase: name.anyCase } } : {};
    return findStartingPoints(words).map((root) => ({ root, followsLinks: acts, written: deletes, ...names }));
  }
  return NO_TREES;
}

/**
 * grep's filters of what it reads below a directory: its `--include` patterns, when the first
 * of the include and exclude options is an `--include` (GNU grep: a file no option matches is
 * read unless the first is an include; among those that match, the last wins, so a file read
 * matches some include), and its `--exclude-dir` names. Other spellings are not read (every
 * file counts).
 */
function grepFilters(words: readonly string[]): Pick<Tree, 'names' | 'skip'> {
  const grammar = GRAMMARS.get('grep')!;
  const known = longNamesOf(grammar);
  const places = (long: string[]) => optionValuePlaces(words, { letters: '', long }, grammar.valued, 1, known, valuedLongOf(grammar));
  const includes = places(['--include']);
  const excludes = places(['--exclude', '--exclude-from']);
  const value = ({ index, start }: { index: number; start: number }) => words[index]!.slice(start);
  const out: Pick<Tree, 'names' | 'skip'> = {};
  const patterns = includes.map(value);
  if (patterns.length > 0 && (excludes.length === 0 || includes[0]!.index < excludes[0]!.index) && patterns.every((p) => PLAIN_NAME_PATTERN.test(p))) {
    out.names = { patterns, anyCase: false };
  }
  const skip = places(['--exclude-dir']).map(value).filter((name) => /^[A-Za-z0-9._-]+$/.test(name) && name !== '.' && name !== '..');
  if (skip.length > 0) out.skip = skip;
  return out;
}

/**
 * Whether scp reads an operand as another host's (OpenSSH 9 scp.c colon(), and `scp://`
 * URIs): a `:` before any `/`, except a leading one (`:d` is a local directory), and inside
 * `[...]` (`[x:y` is local, `[::1]:x` is not). `isRemote` read `:d` and `[x:y` as remote,
 * and `scp -r :d out` copied `:d/.env` (red team gprt).
 */
function scpIsRemote(operand: string): boolean {
  if (/^scp:\/\//i.test(operand)) return true;
  if (operand.startsWith(':')) return false;
  let bracket = operand.startsWith('[');
  for (let i = 0; i < operand.length; i++) {
    const c = operand[i];
    if (c === '@' && operand[i + 1] === '[') bracket = true;
    if (c === ']' && operand[i + 1] === ':' && bracket) return true;
    if (c === ':' && !bracket) return true;
    if (c === '/') return false;
  }
  return false;
}

// The long options of rm and of chmod, chown and chgrp (GNU coreutils 9): getopt takes any unique prefix (`rm --rec`).
const RM_LONG = ['--force', '--interactive', '--one-file-system', '--no-preserve-root', '--preserve-root', '--recursive', '--dir', '--verbose', '--help', '--version'];
const CHANGE_LONG = ['--changes', '--silent', '--quiet', '--verbose', '--no-preserve-root', '--preserve-root', '--reference', '--recursive', '--dereference', '--no-dereference', '--help', '--version'];
const OWNER_LONG: Readonly<Record<'chmod' | 'chown' | 'chgrp', readonly string[]>> = { chmod: CHANGE_LONG, chown: [...CHANGE_LONG, '--from'], chgrp: CHANGE_LONG };

// setfacl, chattr and chcon (GNU coreutils, e2fsprogs, acl): their short options taking a value, and long names.
const RECURSIVE_CHANGERS: ReadonlyMap<string, { valued: string; long: readonly string[] }> = new Map([
  ['setfacl', { valued: 'mMxX', long: ['--recursive', '--modify', '--modify-file', '--remove', '--remove-file', '--set', '--set-file', '--remove-all', '--remove-default', '--default', '--no-mask', '--mask', '--logical', '--physical', '--restore', '--test'] }],
  ['chattr', { valued: 'vp', long: [] }],
  ['chcon', { valued: 'urtl', long: ['--recursive', '--reference', '--user', '--role', '--type', '--range', '--dereference', '--no-dereference', '--verbose'] }],
]);

const FIND_READING_ACTS: ReadonlySet<string> = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/**
 * What tar puts in an archive it creates or adds to (`-c`, `-r`, `-u`, old-style `czf` too):
 * each member named, whole, placed after the `-C` directories given (and where the shell is,
 * the careful side); with `--remove-files` each is deleted too. Links are stored as links
 * unless `-h` (`--dereference`); `--no-recursion` reads the named members only.
 */
function tarTrees(words: readonly string[]): readonly Tree[] {
  const dashed = tarWords(words);
  const known = longNamesOf(TAR);
  const has = (letters: string, long: string[]): boolean => hasOption(dashed, { letters, long }, TAR.valued, known);
  if (!has('cru', ['--create', '--append', '--update']) || has('', ['--no-recursion'])) return NO_TREES;
  const archives = optionValues(dashed, { letters: 'f', long: ['--file'] }, TAR.valued, 1, known, valuedLongOf(TAR));
  const snapshots = optionValues(dashed, { letters: 'g', long: ['--listed-incremental'] }, TAR.valued, 1, known, valuedLongOf(TAR));
  const members = operandsBy(dashed, 0, TAR).files.filter((file) => !archives.includes(file) && !snapshots.includes(file));
  const directory = optionValues(dashed, TAR.directory!, TAR.valued, 1, known, valuedLongOf(TAR)).reduce(within, '');
  const followsLinks = has('h', ['--dereference']);
  const written = has('', ['--remove-files']);
  const roots = directory === '' ? members : [...members, ...members.map((member) => within(directory, member))];
  return roots.map((root) => ({ root, followsLinks, written }));
}
