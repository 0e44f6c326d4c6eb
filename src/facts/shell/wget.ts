// wget: the wgetrc commands its -e/--execute give that run a program (`-e use_askpass=PROG`).
import { wgetrcCommands } from '../grammars.js';
import { unverifiable, valueOf, type Hidden } from './script-text.js';
import type { WordValue } from './words.js';

// wgetrc commands whose value is a program wget runs: `-e use_askpass=PROG` is --use-askpass.
const WGETRC_PROGRAMS: ReadonlySet<string> = new Set(['useaskpass']);

/** The programs wget's -e/--execute wgetrc commands run (grammars.ts wgetrcCommands); one whose name a variable gives may be any. */
export function wgetrcHidden(args: WordValue[]): Hidden[] {
  return wgetrcCommands(['wget', ...args.map((a) => a.text)]).flatMap(({ command, value, at }): Hidden[] => {
    const word = args[at - 1]!;
    if (command === undefined) return word.literal ? [] : [unverifiable(`\`wget -e ${word.text}\` runs a wgetrc command a variable chooses`)];
    return WGETRC_PROGRAMS.has(command) ? [valueOf('wget', { ...word, text: value })] : [];
  });
}
