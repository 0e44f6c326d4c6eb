// What rg reads below the directories it searches: its options as rg reads them, its globs and
// types as name filters, and how its walk goes (RipgrepWalk, read from disk by
// engine/ripgrep-walk.ts). Part of trees.ts's readings.
import { hasOption, optionValues } from '../options.js';
import { GRAMMARS, longNamesOf, valuedLongOf } from '../grammars.js';
import { operandsBy } from './by-grammar.js';
import { RIPGREP_TYPES } from '../ripgrep-types.js';
import type { RipgrepWalk, Tree } from './trees.js';

const NO_TREES: readonly Tree[] = Object.freeze([]);

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
export function ripgrepTrees(words: readonly string[]): readonly Tree[] {
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
