// What the readers of the languages inside commands (awk and sed programs, jq, sqlite3, vim
// commands, ssh options: hidden-commands.ts and the modules beside it, awk.ts, sed.ts, ssh.ts…)
// share: what they find, and how a script given on standard input, a POSIX bracket expression, an
// option's values, a letter in an option cluster and a command line given in a word are read.
import { optionValuePlaces, type OptionSpelling } from '../options.js';
import type { WordValue } from './words.js';

export type Hidden =
  /** A shell command line the program passes to `sh -c` (or splits into words). */
  | { kind: 'string'; text: string }
  /** A file the program opens because its script says so (`sed 'r /etc/x'`, awk `print > "f"`). */
  | { kind: 'file'; path: string; write: boolean }
  | { kind: 'unverifiable'; reason: string };

export function unverifiable(reason: string): Hidden {
  return { kind: 'unverifiable', reason };
}

/**
 * The scripts read, with standard input's literal text when a script file is standard input
 * (`-f -`); unverifiable (`unknown`) when that text is not known before the command runs.
 */
export function withStdinScript(scripts: WordValue[], fromStdin: boolean, stdin: string | undefined, unknown: string): WordValue[] | Hidden {
  if (!fromStdin) return scripts;
  if (stdin === undefined) return unverifiable(unknown);
  return [...scripts, { text: stdin, literal: true, pattern: false }];
}

/** Where the bracket expression opening at `at` closes (its `]`), as POSIX reads it: a `]` first is a character, `[:…:]`, `[=…=]`, `[.….]` are inside. The end of the line when it does not close. */
export function bracketEnd(text: string, at: number): number {
  let i = at + 1;
  if (text[i] === '^') i++;
  if (text[i] === ']') i++;
  for (; i < text.length && text[i] !== '\n'; i++) {
    const c = text[i]!;
    if (c === '[' && ':=.'.includes(text[i + 1] ?? '')) {
      const close = text.indexOf(`${text[i + 1]}]`, i + 2);
      if (close < 0) return text.length;
      i = close + 1;
    } else if (c === ']') return i;
  }
  return i;
}

/** The values `option` gives among `args` (optionValuePlaces), as words: literal when the word holding them is. */
export function optionWords(args: WordValue[], option: OptionSpelling, valued: string, known?: readonly string[]): WordValue[] {
  const places = optionValuePlaces(args.map((a) => a.text), option, valued, 0, known);
  return places.map(({ index, start }) => (start === 0 ? args[index]! : { ...args[index]!, text: args[index]!.text.slice(start) }));
}

/** A command line given to `name` in a word: unverifiable when the word is not a literal. */
export function valueOf(name: string, value: WordValue): Hidden {
  if (!value.literal) return unverifiable(`command given to \`${name}\` is not a literal: \`${value.text}\``);
  return { kind: 'string', text: value.text };
}

/** Where `letter` is in a short option cluster (`-ix`), before any letter of `valued` takes the rest; -1 when it is not. */
export function clusterLetter(word: string, letter: string, valued: string): number {
  if (!word.startsWith('-') || word.startsWith('--')) return -1;
  for (let k = 1; k < word.length; k++) {
    if (word[k] === letter) return k;
    if (valued.includes(word[k]!)) return -1;
  }
  return -1;
}
