// Commands that read or move whole directory trees: every file below a directory operand is
// touched, though no word names it (`grep -r KEY .` reads `./.env`, `cp -r . /tmp/x` copies
// it, `mv conf conf.old` renames it). The engine walks each tree on disk when it checks the
// call, within the call's budget of directory entries (engine/frame.ts addTree).
import { hasOption, optionValuePlaces, optionValues } from '../options.js';
import { within } from '../within.js';
import { GRAMMARS, longNamesOf, TAR, valuedLongOf } from '../grammars.js';
import { tarWords } from './archives.js';
import { operandsBy } from './by-grammar.js';
import { findNameFilter, findStartingPoints } from './find.js';
import { isRemote, placedPaths } from './moves-and-links.js';
import { RIPGREP_TYPES } from '../ripgrep-types.js';
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
  /** With `tracked`: the directory git runs in (`-C`), as written (`''`: where the shell is), where it finds its repository. */
  gitCwd?: string;
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
  /** Negated `--glob`s, all plain names, when no glob lets files in: what they match is left out, whatever else says. */
  excluded?: { patterns: readonly string[]; anyCase: boolean };
}

/**
 * A name pattern read alike by fnmatch (grep's and find's) and by picomatch with dot files
 * matched: letters, digits, `._-` and the wildcards `*` and `?`. Anything else (classes,
 * braces, a leading `!`) is not read as a filter: every file then counts.
 */
const PLAIN_NAME_PATTERN = /^[A-Za-z0-9._*?-]+$/;

/** A glob of rg's read as a name filter: a plain name pattern, braces too (`*.{ts,tsx}`), which picomatch reads as ripgrep does (plainGlobName). */
const PLAIN_GLOB_NAME = /^[A-Za-z0-9._*?{},-]+$/;

/**
 * Whether picomatch reads this glob as ripgrep does: a plain name pattern whose braces are
 * each a list of two or more non-empty choices, not nested and with no `..`. picomatch reads
 * a brace of one choice as itself (`k.p{e}m` is no `k.pem` there, but is for ripgrep), expands
 * `{a..z}` as a range (ripgrep: the text `a..z`) and reads `}` alone as a letter (ripgrep
 * does not).
 */
function plainGlobName(glob: string): boolean {
  if (!PLAIN_GLOB_NAME.test(glob)) return false;
  let open = -1;
  for (let i = 0; i < glob.length; i++) {
    if (glob[i] === '{') {
      if (open >= 0) return false;
      open = i;
    } else if (glob[i] === '}') {
      if (open < 0) return false;
      const choices = glob.slice(open + 1, i).split(',');
      if (choices.length < 2 || choices.some((c) => c === '' || c.includes('..'))) return false;
      open = -1;
    }
  }
  return open < 0;
}

const NO_TREES: readonly Tree[] = Object.freeze([]);
const GREP_RECURSIVE = { letters: 'rR', long: ['--recursive', '--dereference-recursive'] };
const GREP_FOLLOWING = { letters: 'R', long: ['--dereference-recursive'] };
const GREP_DIRECTORIES = { letters: 'd', long: ['--directories'] };

/**
 * The trees a command reads or moves whole: grep's (egrep's, fgrep's, rgrep's) with `-r`,
 * `-R` or `-d recurse` (its file operands, else `.`), diff's operands (with `-r` whole, else
 * the files directly in them), the sources of
 * `cp -r`/`-R`/`-a`, `rsync -r`/`-a` and `mv`, what `zip -r` and `tar -c` put in an archive, and find's
 * starting points when an action is given each file, `scp -r`'s local sources, rg's and
 * `git grep`'s (below). A word that is no directory when the call is checked is no tree (the
 * engine skips it). Other recursive readers are not read here (README: `chmod -R`, `rm -r`).
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
    const known = [...longNamesOf(grammar), '--recursive', '--archive', '--copy-links'];
    if (!hasOption(words, { letters: 'ra', long: ['--recursive', '--archive'] }, grammar.valued, known)) return NO_TREES;
    // Every operand but the last is a source; one on another host (`host:path`) is not read here.
    const followsLinks = hasOption(words, { letters: 'L', long: ['--copy-links'] }, grammar.valued, known);
    return operandsBy(words, 0, grammar).operandFiles.slice(0, -1).filter((source) => !isRemote(source)).map((root) => ({ root, followsLinks, written: false }));
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

// rg's options that change which files below a directory it reads (ripgrep 14).
const RG_NO_IGNORE = ['--no-ignore', '--no-ignore-dot', '--no-ignore-vcs', '--no-ignore-parent', '--no-ignore-exclude', '--no-ignore-global', '--no-ignore-files'];
const RG_WALK_LONG = ['--hidden', '--unrestricted', '--follow', '--files', '--type', '--type-add', '--ignore-file', '--ignore-file-case-insensitive', '--no-require-git', '--require-git', '--glob', '--iglob', '--glob-case-insensitive', '--no-glob-case-insensitive', ...RG_NO_IGNORE];

/** rg's long options that take no value (ripgrep 13, `rg --help` and the negations it hides). */
const RG_FLAGS_LONG: ReadonlySet<string> = new Set([
  '--auto-hybrid-regex', '--binary', '--block-buffered', '--byte-offset', '--case-sensitive', '--column', '--count', '--count-matches', '--crlf', '--debug', '--trace',
  '--files', '--files-with-matches', '--files-without-match', '--fixed-strings', '--follow', '--glob-case-insensitive', '--heading', '--help', '--hidden', '--ignore', '--ignore-case',
  '--ignore-dot', '--ignore-exclude', '--ignore-file-case-insensitive', '--ignore-files', '--ignore-global', '--ignore-messages', '--ignore-parent', '--ignore-vcs', '--include-zero',
  '--invert-match', '--json', '--line-buffered', '--line-number', '--line-regexp', '--max-columns-preview', '--messages', '--mmap', '--multiline', '--multiline-dotall',
  '--no-auto-hybrid-regex', '--no-binary', '--no-block-buffered', '--no-column', '--no-config', '--no-context-separator', '--no-crlf', '--no-encoding', '--no-filename',
  '--no-fixed-strings', '--no-follow', '--no-glob-case-insensitive', '--no-heading', '--no-hidden', '--no-ignore', '--no-ignore-dot', '--no-ignore-exclude',
  '--no-ignore-file-case-insensitive', '--no-ignore-files', '--no-ignore-global', '--no-ignore-messages', '--no-ignore-parent', '--no-ignore-vcs', '--no-json',
  '--no-line-buffered', '--no-line-number', '--no-max-columns-preview', '--no-messages', '--no-mmap', '--no-multiline', '--no-multiline-dotall', '--no-one-file-system',
  '--no-pcre2', '--no-pcre2-unicode', '--no-pre', '--no-require-git', '--no-search-zip', '--no-sort-files', '--no-stats', '--no-text', '--no-trim', '--no-unicode', '--null',
  '--null-data', '--one-file-system', '--only-matching', '--passthru', '--passthrough', '--pcre2', '--pcre2-unicode', '--pcre2-version', '--pretty', '--quiet', '--require-git',
  '--search-zip', '--smart-case', '--sort-files', '--stats', '--text', '--trim', '--type-list', '--unicode', '--unrestricted', '--version', '--vimgrep', '--with-filename',
  '--word-regexp', '--no-invert-match',
]);
/** rg's short options that take no value; every other letter is read as taking one (`-e`, `-g`, ripgrep 14's `-d`). */
const RG_FLAG_LETTERS = '.0abcFHhIiLlNnoPpqSsUuVvwxz';

/**
 * rg's long options given, in order, as rg reads its words: before `--` only, and never a
 * value another option takes (`rg -e --files` and `rg -- --files .` search for `--files`).
 * `unknown`: a long option rg 13 does not know here (then read as taking a value, and the
 * walk reads every file: it may be one a later ripgrep reads more with).
 */
function ripgrepFlags(words: readonly string[], valuedLong: readonly string[]): { long: string[]; unknown: boolean } {
  const long: string[] = [];
  let unknown = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') break;
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const name = eq < 0 ? word : word.slice(0, eq);
      if (RG_FLAGS_LONG.has(name)) {
        if (eq < 0) long.push(name);
      } else {
        if (!valuedLong.includes(name)) unknown = true;
        if (eq < 0) i++;
      }
      continue;
    }
    if (!word.startsWith('-') || word === '-') continue;
    for (let k = 1; k < word.length; k++) {
      if (RG_FLAG_LETTERS.includes(word[k]!)) continue;
      if (k === word.length - 1) i++;
      break;
    }
  }
  return { long, unknown };
}

/** Whether, of `on` and `off`, the last given is `on`. */
function lastIs(flags: readonly string[], on: string, off: string): boolean {
  for (let i = flags.length - 1; i >= 0; i--) {
    if (flags[i] === on) return true;
    if (flags[i] === off) return false;
  }
  return false;
}

/**
 * What rg reads below each directory it searches (its operands, else `.`): every file but
 * those its walk leaves out (RipgrepWalk). `--files` lists names and reads none. Globs that
 * are not plain names (a `/`, a class) are not read as a filter: then nothing is left out.
 */
function ripgrepTrees(words: readonly string[]): readonly Tree[] {
  const grammar = GRAMMARS.get('rg')!;
  const known = [...longNamesOf(grammar), ...RG_WALK_LONG];
  // Options that widen what is read count wherever a word may give them (`has`); those that
  // narrow it only as rg reads them (`flags`): `--files`, the last of `--[no-]require-git`.
  const has = (letters: string, long: string[]): boolean => hasOption(words, { letters, long }, grammar.valued, known);
  const flags = ripgrepFlags(words, valuedLongOf(grammar));
  const files = operandsBy(words, 0, grammar).operandFiles;
  // An option not known here: every file below `.` and below each word that may be a directory.
  if (flags.unknown) return [...new Set([...files, '.'])].map((root) => ({ root, followsLinks: true, written: false }));
  if (flags.long.includes('--files')) return NO_TREES;
  const unrestricted = shortLetterCount(words, 'u', grammar.valued) + words.filter((w) => w === '--unrestricted').length;
  const globs = optionValues(words, { letters: 'g', long: ['--glob', '--iglob'] }, grammar.valued, 1, known, valuedLongOf(grammar));
  const types = optionValues(words, { letters: 't', long: ['--type'] }, grammar.valued, 1, known, valuedLongOf(grammar));
  const anyCase = has('', ['--iglob', '--glob-case-insensitive']);
  const filter = ripgrepGlobs(globs, anyCase);
  const walk: RipgrepWalk = {
    skipsHidden: unrestricted < 2 && !has('.', ['--hidden']) && filter !== 'everything',
    // Rules matched in any case are not read here: none leaves a file out.
    honoursIgnores: unrestricted === 0 && !has('', [...RG_NO_IGNORE, '--ignore-file-case-insensitive']) && filter !== 'everything',
    gitignoreAnywhere: lastIs(flags.long, '--no-require-git', '--require-git'),
    // Some ignore files left out and not others: those still read may let a hidden name in.
    // (`--ignore-file-case-insensitive`: a `!.ENV` rule lets `.env` in.)
    mayLetInHidden: types.some((t) => !RIPGREP_TYPES.has(t)) || has('', ['--type-add', '--ignore-file', '--ignore-file-case-insensitive']) || (unrestricted === 0 && !has('', ['--no-ignore']) && has('', RG_NO_IGNORE)),
  };
  // A glob that lets files in decides before the types do.
  if (types.length > 0 && !walk.mayLetInHidden && filter === undefined) walk.types = types.flatMap((t) => RIPGREP_TYPES.get(t)!);
  const negated = globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
  // A negated glob leaves out in any case only where rg reads every one so: each an `--iglob`,
  // or `--glob-case-insensitive` last given (`--iglob '!x' -g '!*.PEM'` leaves `k.pem` in).
  const caseGlobs = optionValues(words, { letters: 'g', long: ['--glob'] }, grammar.valued, 1, known, valuedLongOf(grammar));
  const excludedAnyCase = !caseGlobs.some((g) => g.startsWith('!')) || lastIs(flags.long, '--glob-case-insensitive', '--no-glob-case-insensitive');
  if (filter === undefined && negated.length > 0 && negated.every(plainGlobName)) walk.excluded = { patterns: negated, anyCase: excludedAnyCase };
  const followsLinks = has('L', ['--follow']);
  const names = typeof filter === 'object' ? { names: filter } : {};
  return (files.length > 0 ? files : ['.']).map((root) => ({ root, followsLinks, written: false, ripgrep: walk, ...names }));
}

/**
 * rg's `--glob`s as a filter: none (every file), the name patterns a file read must match, or
 * `everything` when one cannot be read so. A negated glob only leaves files out (not read
 * here). A glob with a `/` matches whole paths, each ending in a name its last part matches
 * (`src/**\/*.ts`: `*.ts`), which is the filter; one ending in `/` or `**` is `everything`.
 */
export function ripgrepGlobs(globs: readonly string[], anyCase: boolean): { patterns: string[]; anyCase: boolean } | undefined | 'everything' {
  const positive = globs.filter((g) => !g.startsWith('!'));
  if (positive.length === 0) return undefined;
  // A brace may hold a `/` (`{a/*.ts,b.ts}`): with one, the last part is not the name's pattern.
  if (positive.some((g) => g.includes('/') && /[{}]/.test(g))) return 'everything';
  const patterns = positive.map((g) => g.slice(g.lastIndexOf('/') + 1));
  return patterns.every((p) => plainGlobName(p) && p !== '**') ? { patterns, anyCase } : 'everything';
}

/** How many times a short option letter is given in clusters before `--` (`-uu`, `-u -u`), stopping at a letter that takes a value. */
function shortLetterCount(words: readonly string[], letter: string, valued: string): number {
  let count = 0;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') break;
    if (w.length < 2 || w[0] !== '-' || w[1] === '-') continue;
    for (let k = 1; k < w.length; k++) {
      if (w[k] === letter) count++;
      if (valued.includes(w[k]!)) {
        if (k === w.length - 1) i++;
        break;
      }
    }
  }
  return count;
}

// git grep's options that make it read files git does not track, or another repository's.
const GIT_GREP_UNTRACKED = ['--untracked', '--no-index', '--recurse-submodules'];
// git's own options that leave which files it reads alone (`-C` is followed).
const GIT_HARMLESS_OWN: ReadonlySet<string> = new Set(['--no-pager', '-P', '-p', '--paginate', '--no-optional-locks', '--literal-pathspecs', '--no-replace-objects']);
// git grep's (2.39) options that take a value, attached or in the next word (`-e KEY`, `-A3`, `--max-depth 2`).
const GIT_GREP_VALUED_LETTERS = 'efABCm';
const GIT_GREP_VALUED_LONG = ['--max-depth', '--threads', '--context', '--after-context', '--before-context', '--max-count'];

/**
 * A pathspec that may name files outside the directory git grep runs in: magic (`:/`,
 * `:(top)`, `:!x`), an absolute path, or one with a `..` (`..`, `../x`, `d/../../x`).
 */
function escapesDirectory(spec: string): boolean {
  return spec.startsWith(':') || spec.startsWith('/') || spec.split('/').includes('..');
}

/**
 * What `git grep` reads: the files git tracks below the directory it runs in, or below each
 * plain pathspec after `--`. Without `--` its operands may be revisions, whose trees are not
 * read here (README: whole-tree git reads); the work tree's files are. A word that may be a
 * pathspec reaching above that directory (`:/`, `:(top)`, `..`, an absolute path), with or
 * without `--`, reads every file the repository tracks. Where it may read files git does not
 * track (`--untracked` and its abbreviations down to `--u`, `--no-index`, submodules, git's
 * own options naming a setting), every file below; `--git-dir`/`--work-tree` are refused.
 */
function gitGrepTrees(words: readonly string[]): readonly Tree[] {
  const at = gitSubcommandAt(words);
  const own = words.slice(1, at);
  // git takes unique prefixes of long options: `--u` is `--untracked`. Any word counts (the careful side).
  let anyFile = words.slice(at + 1).some((w) => {
    const name = w.split('=')[0]!;
    return name.length >= 3 && name.startsWith('--') && GIT_GREP_UNTRACKED.some((long) => long.startsWith(name));
  });
  let refused: string | undefined;
  for (let i = 0; i < own.length; i++) {
    if (own[i] === '-C') i++;
    else if (/^--(?:git-dir|work-tree)(?:=|$)/.test(own[i]!)) refused = `\`git ${own[i]!.split('=')[0]} … grep\` reads the work tree that repository's config names, which is not read here`;
    else if (!GIT_HARMLESS_OWN.has(own[i]!)) anyFile = true;
  }
  // git grep's options stop at the first word that is none (parse-options, STOP_AT_NON_OPTION).
  let i = at + 1;
  let patternGiven = false;
  for (; i < words.length; i++) {
    const w = words[i]!;
    if (w === '(' || w === ')') continue;
    if (w === '--' || !w.startsWith('-') || w === '-') break;
    if (w.startsWith('--')) {
      const name = w.split('=')[0]!;
      if (!w.includes('=') && name.length > 2 && GIT_GREP_VALUED_LONG.some((long) => long.startsWith(name))) i++;
      continue;
    }
    for (let k = 1; k < w.length; k++) {
      if (w[k] === 'e' || w[k] === 'f') patternGiven = true;
      if (GIT_GREP_VALUED_LETTERS.includes(w[k]!)) {
        if (k === w.length - 1) i++;
        break;
      }
    }
  }
  // A `--` before any pattern is skipped; then, without `-e`/`-f`, the next word is the pattern.
  if (!patternGiven && words[i] === '--') i++;
  if (!patternGiven) i++;
  const rest = words.slice(i);
  const end = rest.indexOf('--');
  const specs = end < 0 ? [] : rest.slice(end + 1);
  const plain = specs.length > 0 && specs.every((p) => p !== '' && !/[*?[\\]/.test(p));
  const directory = optionValues(own, { letters: 'C', long: [] }, '', 0).reduce(within, '');
  // Any word after the subcommand that may be such a pathspec (the parse above aside: the careful side).
  const whole = words.slice(at + 1).some((w) => !w.startsWith('-') && escapesDirectory(w));
  const common = { followsLinks: false, written: false, ...(refused !== undefined ? { refused } : {}) };
  if (anyFile && whole) return [{ root: directory === '' ? '.' : directory, ...common, refused: refused ?? '`git grep` reads files git does not track from the repository\'s top (`:/`, `..`), which is not read here' }];
  if (anyFile) return (plain ? specs : ['.']).map((spec) => ({ root: directory === '' ? spec : within(directory, spec), ...common }));
  const tracked = { tracked: true as const, gitCwd: directory, ...common };
  if (whole) return [{ root: directory === '' ? '.' : directory, wholeRepository: true, ...tracked }];
  return (plain ? specs : ['.']).map((spec) => ({ root: directory === '' ? spec : within(directory, spec), ...tracked }));
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
