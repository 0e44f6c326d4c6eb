// The text grep and rg match lines against is no file and names none: `grep 'import .* from'
// x.go` reads x.go only, and `.*` there is no name that may be `.env`. Read only where certain
// (red team 24 broke a reading through the operand grammar): every option word is one these
// tables know, no option reads patterns from elsewhere (`-e`, `-f`), no word is made by the
// shell (`$x`, an unquoted `*`: it may become options), and no other program passes the
// words on (`xargs grep` appends options from its input). Then the first operand is the
// pattern under GNU's argument order and POSIX's alike.
import type { SimpleCommand } from '../types.js';

interface SearchOptions {
  /** Short options that take no value. */
  flags: string;
  /** Short options whose value is a number (`-A3`, `-m 5`). */
  numeric: string;
  /** Short options with any value (rg's `-g GLOB`): the value stays a word like any other. */
  valued: string;
  /** Long options that take no value. */
  long: ReadonlySet<string>;
  /** Long options that take a value, after `=` or as the next word. */
  longValued: ReadonlySet<string>;
}

const GREP: SearchOptions = {
  flags: 'abcEFGhHiIlLnoPqrRsTUvVwxyzZ',
  numeric: 'mABC',
  valued: 'dD',
  long: new Set([
    '--recursive', '--dereference-recursive', '--line-number', '--ignore-case', '--no-ignore-case', '--invert-match',
    '--word-regexp', '--line-regexp', '--count', '--files-with-matches', '--files-without-match', '--only-matching',
    '--quiet', '--silent', '--no-messages', '--with-filename', '--no-filename', '--extended-regexp', '--fixed-strings',
    '--basic-regexp', '--perl-regexp', '--text', '--null', '--null-data', '--color', '--colour', '--byte-offset',
    '--initial-tab', '--line-buffered',
  ]),
  longValued: new Set(['--max-count', '--context', '--after-context', '--before-context', '--include', '--exclude', '--exclude-dir', '--binary-files', '--directories', '--devices']),
};

const RG: SearchOptions = {
  flags: 'iSsnNlcvwxFuLHIopqzU0P.',
  numeric: 'mABCdjM',
  valued: 'gtT',
  long: new Set([
    '--hidden', '--no-ignore', '--no-ignore-vcs', '--no-ignore-dot', '--no-ignore-parent', '--follow', '--smart-case',
    '--case-sensitive', '--ignore-case', '--line-number', '--no-line-number', '--files-with-matches',
    '--files-without-match', '--count', '--count-matches', '--invert-match', '--word-regexp', '--line-regexp',
    '--fixed-strings', '--no-heading', '--heading', '--vimgrep', '--json', '--trim', '--multiline', '--multiline-dotall',
    '--pcre2', '--stats', '--only-matching', '--with-filename', '--no-filename', '--null', '--no-messages', '--quiet',
    '--column', '--no-column', '--unrestricted', '--text', '--binary', '--crlf', '--no-config', '--color', '--pretty',
  ]),
  longValued: new Set(['--glob', '--iglob', '--type', '--type-not', '--max-count', '--after-context', '--before-context', '--context', '--max-depth', '--threads', '--max-columns', '--sort', '--sortr', '--max-filesize']),
};

const SEARCHERS: ReadonlyMap<string, SearchOptions> = new Map([['grep', GREP], ['egrep', GREP], ['fgrep', GREP], ['rg', RG]]);

/** The index among `cmd.words` of the pattern grep or rg matches text against, when it is certainly that; undefined otherwise. */
export function searchPatternAt(cmd: SimpleCommand): number | undefined {
  const options = SEARCHERS.get(cmd.words[0] ?? '');
  if (options === undefined || cmd.expandingWords !== undefined || cmd.wrappedBy !== undefined || cmd.runBy !== undefined || cmd.wrapperOptions !== undefined) return undefined;
  const { words } = cmd;
  let pattern: number | undefined;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') return undefined;
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const name = eq < 0 ? word : word.slice(0, eq);
      if (options.long.has(name)) continue;
      if (!options.longValued.has(name)) return undefined;
      if (eq < 0 && ++i >= words.length) return undefined;
      continue;
    }
    if (word.startsWith('-') && word !== '-') {
      for (let k = 1; k < word.length; k++) {
        const letter = word[k]!;
        if (options.flags.includes(letter)) continue;
        const numeric = options.numeric.includes(letter);
        if (!numeric && !options.valued.includes(letter)) return undefined;
        const value = k + 1 < word.length ? word.slice(k + 1) : words[++i];
        if (value === undefined || (numeric && !/^\d+$/.test(value))) return undefined;
        break;
      }
      continue;
    }
    pattern ??= i;
  }
  return pattern;
}
