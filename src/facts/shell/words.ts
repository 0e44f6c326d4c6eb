// What a word says before anything runs: its text after quote removal, and whether that
// text is certain (literal) or depends on expansions.
import type { Stmt, Word } from './ast.js';

export interface WordValue {
  /** Quotes removed; expansions and substitutions kept as written (`$(whoami)`). */
  text: string;
  /** True when no part depends on the environment or on running a command. */
  literal: boolean;
  /** Unquoted glob or brace characters: the shell may turn this word into other words. */
  pattern: boolean;
}

// Unquoted *, ?, [ are globs; {a,b} and {1..3} are brace expansions.
const globChars = /[*?[]/;
const braceExpansion = /\{[^{}]*(,|\.\.)[^{}]*\}/;

export function wordValue(word: Word): WordValue {
  let text = '';
  let literal = true;
  let unquoted = '';
  word.parts.forEach((part, index) => {
    if (part.kind === 'literal') {
      text += part.value;
      if (!part.quoted) unquoted += part.value;
      return;
    }
    // A leading $HOME is the home directory: say `~`, which path checks expand, and
    // count it as literal (HOME changes `~` just the same).
    if (index === 0 && (part.source === '$HOME' || part.source === '${HOME}')) {
      text += '~';
      return;
    }
    literal = false;
    text += part.source;
  });
  return { text, literal, pattern: globChars.test(unquoted) || braceExpansion.test(unquoted) };
}

/** Command lists hidden in a word: substitutions, and substitutions inside expansions. */
export function nestedLists(word: Word): Stmt[][] {
  const lists: Stmt[][] = [];
  for (const part of word.parts) {
    if (part.kind === 'substitution') lists.push(part.body);
    else if (part.kind === 'expansion') lists.push(...part.nested);
  }
  return lists;
}

/** `/usr/bin/rm` is `rm`. */
export function baseName(commandWord: string): string {
  const slash = commandWord.lastIndexOf('/');
  return slash === -1 ? commandWord : commandWord.slice(slash + 1);
}
