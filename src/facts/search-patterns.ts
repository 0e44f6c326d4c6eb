// The text grep and rg match lines against (and sed's script, below) is no file and names none: `grep 'import .* from'
// x.go` reads x.go only, and `.*` there is no name that may be `.env`. Read only where certain
// (red team 24 broke a reading through the operand grammar): every option word is one these
// tables know, no option reads patterns from a file (`-f`), no word is made by the shell
// (`$x`, an unquoted `*`: it may become options), no other program passes the words on
// (`xargs grep` appends options from its input), and the name is no function the line
// defines. Then the patterns are the values of `-e`/`--regexp` when every one comes before
// the first operand, else the first operand: under GNU's argument order and POSIX's alike,
// and in BSD greps (the options whose values they read otherwise are read only in the
// spelling all take alike: `-C3`, `--context=3`). An `-e` after an operand is no option under
// POSIX's order (`POSIXLY_CORRECT=1 grep -h . -e .env` reads the file `.env`; red team 24).
import type { SimpleCommand } from '../types.js';
import { readSedScript } from './shell/sed-script.js';
import { gitRefNamesAt } from './git-ref-names.js';

interface SearchOptions {
  /** Short options that take no value. */
  flags: string;
  /** Short options whose value is a number (`-A3`, `-m 5`). */
  numeric: string;
  /** Of those, the ones read only with the number attached (`-C3`: OpenBSD's `-C` takes none). */
  attachedOnly: string;
  /** Short options with any value (rg's `-g GLOB`): the value stays a word like any other. */
  valued: string;
  /** Long options that take no value. */
  long: ReadonlySet<string>;
  /** Long options that take a value, after `=` or as the next word. */
  longValued: ReadonlySet<string>;
  /** Long options whose value is a number; those read only after `=` too (BSD grep's `--context` takes it only so). */
  longNumeric: ReadonlySet<string>;
  longNumericAttachedOnly: ReadonlySet<string>;
}

const GREP: SearchOptions = {
  flags: 'abcEFGhHiIlLnoPqrRsTUvVwxyzZ',
  numeric: 'mABC',
  attachedOnly: 'C',
  valued: 'dD',
  long: new Set([
    '--recursive', '--dereference-recursive', '--line-number', '--ignore-case', '--no-ignore-case', '--invert-match',
    '--word-regexp', '--line-regexp', '--count', '--files-with-matches', '--files-without-match', '--only-matching',
    '--quiet', '--silent', '--no-messages', '--with-filename', '--no-filename', '--extended-regexp', '--fixed-strings',
    '--basic-regexp', '--perl-regexp', '--text', '--null', '--null-data', '--color', '--colour', '--byte-offset',
    '--initial-tab', '--line-buffered',
  ]),
  longValued: new Set(['--include', '--exclude', '--exclude-dir', '--binary-files', '--directories', '--devices']),
  longNumeric: new Set(['--max-count', '--after-context', '--before-context', '--context']),
  longNumericAttachedOnly: new Set(['--context']),
};

const RG: SearchOptions = {
  flags: 'iSsnNlcvwxFuLHIopqzU0P.',
  numeric: 'mABCdjM',
  attachedOnly: '',
  valued: 'gtT',
  long: new Set([
    '--hidden', '--no-ignore', '--no-ignore-vcs', '--no-ignore-dot', '--no-ignore-parent', '--follow', '--smart-case',
    '--case-sensitive', '--ignore-case', '--line-number', '--no-line-number', '--files-with-matches',
    '--files-without-match', '--count', '--count-matches', '--invert-match', '--word-regexp', '--line-regexp',
    '--fixed-strings', '--no-heading', '--heading', '--vimgrep', '--json', '--trim', '--multiline', '--multiline-dotall',
    '--pcre2', '--stats', '--only-matching', '--with-filename', '--no-filename', '--null', '--no-messages', '--quiet',
    '--column', '--no-column', '--unrestricted', '--text', '--binary', '--crlf', '--no-config', '--pretty',
    '--no-require-git', '--no-ignore-exclude', '--no-ignore-global', '--no-ignore-files', '--glob-case-insensitive',
  ]),
  longValued: new Set(['--glob', '--iglob', '--type', '--type-not', '--sort', '--sortr', '--max-filesize', '--color']),
  longNumeric: new Set(['--max-count', '--after-context', '--before-context', '--context', '--max-depth', '--threads', '--max-columns']),
  longNumericAttachedOnly: new Set(),
};

const SEARCHERS: ReadonlyMap<string, SearchOptions> = new Map([['grep', GREP], ['egrep', GREP], ['fgrep', GREP], ['rg', RG]]);

/**
 * The indexes among `cmd.words` of the patterns grep or rg matches text against (each `-e`
 * value, or the first operand), and of rg's negated globs, when they are certainly that; undefined otherwise. A value
 * attached to its option (`-eTODO.*`, `-ne'a.*'`, `--regexp=a.*`) exempts the option's word.
 */
export function searchPatternsAt(cmd: SimpleCommand): readonly number[] | undefined {
  const options = SEARCHERS.get(cmd.words[0] ?? '');
  if (options === undefined || !asWritten(cmd)) return undefined;
  const { words } = cmd;
  let operand: number | undefined;
  const given: number[] = [];
  // rg's negated globs (`-g '!*.pem'`) only leave files out: they name none.
  const leftOut: number[] = [];
  /** Records the value of `-e`/`--regexp` at `at` (its own word or the option's): false where it is not certainly one. */
  const pattern = (value: string | undefined, at: number): boolean => {
    if (operand !== undefined || value === undefined || value.startsWith('-')) return false;
    given.push(at);
    return true;
  };
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') return undefined;
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const name = eq < 0 ? word : word.slice(0, eq);
      if (options.long.has(name)) continue;
      if (name === '--regexp') {
        if (!(eq < 0 ? pattern(words[++i], i) : pattern(word.slice(eq + 1), i))) return undefined;
        continue;
      }
      const numeric = options.longNumeric.has(name);
      if (!numeric && !options.longValued.has(name)) return undefined;
      if (eq < 0 && options.longNumericAttachedOnly.has(name)) return undefined;
      const value = eq < 0 ? words[++i] : word.slice(eq + 1);
      if (!acceptsValue(value, numeric)) return undefined;
      if (options === RG && (name === '--glob' || name === '--iglob') && value!.startsWith('!')) leftOut.push(i);
      continue;
    }
    if (word.startsWith('-') && word !== '-') {
      for (let k = 1; k < word.length; k++) {
        const letter = word[k]!;
        if (options.flags.includes(letter)) continue;
        if (letter === 'e') {
          if (!(k + 1 < word.length ? pattern(word.slice(k + 1), i) : pattern(words[++i], i))) return undefined;
          break;
        }
        const numeric = options.numeric.includes(letter);
        if (!numeric && !options.valued.includes(letter)) return undefined;
        if (k + 1 === word.length && options.attachedOnly.includes(letter)) return undefined;
        const value = k + 1 < word.length ? word.slice(k + 1) : words[++i];
        if (!acceptsValue(value, numeric)) return undefined;
        if (options === RG && letter === 'g' && value!.startsWith('!')) leftOut.push(i);
        break;
      }
      continue;
    }
    operand ??= i;
  }
  if (given.length > 0) return [...given, ...leftOut];
  return operand === undefined ? undefined : [operand, ...leftOut];
}

/** Whether the program gets the words as written: no function of the line, no word the shell makes, no wrapper or runner passing them on. */
function asWritten(cmd: SimpleCommand): boolean {
  return !(cmd.lineFunction === true || cmd.expandingWords !== undefined || cmd.wrappedBy !== undefined || cmd.runBy !== undefined || cmd.wrapperOptions !== undefined);
}

/**
 * Whether an option's value is one the rule reads alike everywhere: present, not starting
 * with `-`, and a number where one is wanted. (ripgrep 13's parser takes `--type
 * --regexp=q p` as the option `--regexp=q`, and `p` as a file: getopt would take the value.)
 */
function acceptsValue(value: string | undefined, numeric: boolean): boolean {
  return value !== undefined && !value.startsWith('-') && (!numeric || /^\d+$/.test(value));
}

/**
 * The indexes of the words that are text matched or edited, naming no file: grep's and rg's
 * patterns (searchPatternsAt), sed's script (sedScriptAt), or the ref names and patterns of
 * `git tag` and `git branch` (git-ref-names.ts); undefined when not certain.
 */
export function textWordsAt(cmd: SimpleCommand): readonly number[] | undefined {
  const patterns = searchPatternsAt(cmd);
  if (patterns !== undefined) return patterns;
  const script = sedScriptAt(cmd);
  if (script !== undefined) return [script];
  return asWritten(cmd) ? gitRefNamesAt(cmd) : undefined;
}

// sed's options that take no value, and the long ones (GNU's names, abbreviations not read).
const SED_FLAGS = 'nErsuz';
const SED_LONG_FLAGS = new Set(['--quiet', '--silent', '--regexp-extended', '--separate', '--unbuffered', '--null-data', '--zero-terminated', '--posix', '--debug', '--sandbox', '--follow-symlinks']);

/**
 * sed's script given as its first operand (`sed 's/.*=//' f`): text, whose `.*` names no file
 * (the files its commands open are read from it: sed.ts). Certain only where the reading
 * above holds for sed too (no wrapper, no function, no word the shell makes), every option is
 * one of SED_FLAGS or SED_LONG_FLAGS, `-l` with a number, `-i` with its suffix attached, no
 * `-e` or `-f`, and GNU sed compiles the script. A bare `-i` is GNU's; BSD's takes the next
 * word as its backup suffix and the one after as the script: certain only when that one is
 * no script GNU sed compiles either (`sed -i 's/a/b/' src/app.ts`, not `… README.md`, read as `R`).
 */
function sedScriptAt(cmd: SimpleCommand): number | undefined {
  if (cmd.words[0] !== 'sed' || !asWritten(cmd)) return undefined;
  const { words } = cmd;
  // Options anywhere count (GNU's getopt moves operands aside: `sed 's/.*//' -e p f` has the script `p`).
  let script: number | undefined;
  let next: number | undefined;
  let bareInPlace = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') return undefined;
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const name = eq < 0 ? word : word.slice(0, eq);
      if (name === '--in-place') bareInPlace ||= eq < 0;
      else if (name === '--line-length') {
        if (!acceptsValue(eq < 0 ? words[++i] : word.slice(eq + 1), true)) return undefined;
      } else if (eq >= 0 || !SED_LONG_FLAGS.has(name)) return undefined;
      continue;
    }
    if (word.startsWith('-') && word !== '-') {
      for (let k = 1; k < word.length; k++) {
        const letter = word[k]!;
        if (SED_FLAGS.includes(letter)) continue;
        if (letter === 'i') {
          bareInPlace ||= k + 1 === word.length;
          break;
        }
        if (letter !== 'l' || !acceptsValue(k + 1 < word.length ? word.slice(k + 1) : words[++i], true)) return undefined;
        break;
      }
      continue;
    }
    if (script === undefined) script = i;
    else next ??= i;
  }
  if (script === undefined || !readSedScript(words[script]!).ok) return undefined;
  return bareInPlace && next !== undefined && readSedScript(words[next]!).ok ? undefined : script;
}
