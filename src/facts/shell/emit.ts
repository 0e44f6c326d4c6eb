// Emitting a command: the simple command of its words as policy checks see it (the program by
// base name, the words known variables give it), with what the walk knows around it (the
// wrappers and runner it came through, their options and files, the directory it runs in).
import type { SimpleCommand } from '../../types.js';
import { programName } from '../program-names.js';
import { within } from '../within.js';
import { expandVariables } from './variables.js';
import { CapExceeded, markUnverifiable, type Walk } from './walk.js';
import { baseName, expandBraces, isPlainGlobText, MAX_BRACE_WORDS, type WordValue } from './words.js';

/** Emits the command of these words, and again with the variables this line sets to known text substituted. */
export function emitWords(walk: Walk, given: WordValue[], redirects: string[]): void {
  const first = given[0];
  if (first === undefined) return;
  const values: WordValue[] = [first];
  // `f=.env; cat $f` is also checked as `cat .env`. Only in addition: the assignment may
  // not have run (`true || f=x`, a subshell), so the command as written is checked too.
  const substituted: WordValue[] = [first];
  let anySubstituted = false;
  for (const v of given.slice(1)) {
    const known = !v.literal && v.word !== undefined ? expandVariables(v.word, walk.vars, MAX_BRACE_WORDS) : undefined;
    // `a` and `b` set on 17 branches each: `cat $a$b` may be any of 289 words, too many to check;
    // `g=$(cmd)$f` is not unreadable but run-time text (the environment's, as `$(cmd)` itself).
    if (known === 'unreadable') {
      markUnverifiable(walk, `what \`${v.text.slice(0, 80)}\` expands to cannot be listed (more than ${MAX_BRACE_WORDS} words, or a variable made in a way not read here)`);
      values.push(v);
      substituted.push(v);
      continue;
    }
    if (known !== undefined) {
      anySubstituted = true;
      values.push(v);
      const quotedAlone = isQuotedReference(v);
      for (const text of known) {
        // Unquoted, `f='a .env'` splits into two words: check the whole and the pieces.
        const pieces = text.split(/[ \t\n]+/).filter((p) => p !== '');
        for (const t of pieces.length > 1 ? [text, ...pieces] : [text]) {
          const value: WordValue = { text: t, literal: true, pattern: /[*?[]/.test(t) };
          // `for f in src/*; do cat "$f"; done`: "$f" gives the program a name the shell expanded
          // the loop's word to (the dot rule holds) or, where nothing matched or the text was
          // assigned as it is, that very text, which names no dot file where a segment starts
          // with `*` or `?` either. Unquoted, the value is globbed again: not read so.
          if (quotedAlone && value.pattern && t === text && isPlainGlobText(t)) value.shellGlob = true;
          substituted.push(value);
        }
        // Brace expansion comes first in bash: `x=.e; cat ${x}{n,}v` is `cat .env .ev`. (Braces
        // in the value itself are not expanded; expanding them too only checks more words.)
        if (text.includes('{')) {
          const expanded = expandBraces(text, MAX_BRACE_WORDS);
          if (expanded === undefined) markUnverifiable(walk, `brace expansion of \`${v.text.slice(0, 80)}\` is too large`);
          else for (const t of expanded) if (t !== text) substituted.push({ text: t, literal: true, pattern: /[*?[]/.test(t) });
        }
      }
      continue;
    }
    // Braces written in the word were expanded as the line was read (parser.ts expandedWords).
    values.push(v);
    substituted.push(v);
  }
  emitValues(walk, values, redirects);
  if (anySubstituted) emitValues(walk, substituted, redirects);
}

function emitValues(walk: Walk, values: WordValue[], redirects: string[]): void {
  emit(walk, commandOf(values, redirects));
}

/** The simple command of these words: the program by base name, as the engine knows it. */
export function commandOf(values: WordValue[], redirects: string[]): SimpleCommand {
  const first = values[0]!;
  const words = values.map((v) => v.text);
  const command: SimpleCommand = { words, text: '', redirects };
  const expanding = expandingWordsOf(values);
  if (expanding !== undefined) command.expandingWords = expanding;
  const shellGlobs = shellGlobsOf(values);
  if (shellGlobs !== undefined) command.shellGlobs = shellGlobs;
  if (first.literal) {
    const written = baseName(first.text);
    words[0] = programName(written);
    if (words[0] !== written) command.programAs = written;
    if (first.text.includes('/')) command.commandPath = first.text;
  }
  // Patterns match the words a program acts on: `rm "" -rf /` is `rm -rf /` (the empty word stays in `words`, where options are read).
  command.text = words.includes('') ? words.filter((w) => w !== '').join(' ') : words.join(' ');
  return command;
}

/** The indices of the words not literal or holding an unquoted wildcard (SimpleCommand.expandingWords); undefined for none. */
function expandingWordsOf(values: readonly WordValue[]): number[] | undefined {
  let out: number[] | undefined;
  for (let i = 0; i < values.length; i++) if (!values[i]!.literal || values[i]!.pattern) (out ??= []).push(i);
  return out;
}

/** The indices of the words the shell expands as wildcards of its own (WordValue.shellGlob, SimpleCommand.shellGlobs); undefined for none. */
function shellGlobsOf(values: readonly WordValue[]): number[] | undefined {
  let out: number[] | undefined;
  for (let i = 1; i < values.length; i++) if (values[i]!.shellGlob === true) (out ??= []).push(i);
  return out;
}

/** A word that is one plain reference in double quotes, `"$f"` or `"${f}"`, alone. */
function isQuotedReference(v: WordValue): boolean {
  const parts = v.word?.parts;
  return parts !== undefined && parts.length === 1 && parts[0]!.kind === 'expansion' && parts[0]!.quoted === true;
}

export function emit(walk: Walk, command: SimpleCommand): void {
  if (walk.commands.length >= walk.caps.maxCommands) throw new CapExceeded('commands');
  if (walk.readAgain > 0) delete command.shellGlobs;
  const written = command.redirects.filter((t) => walk.written.has(t));
  if (written.length > 0) command.writtenRedirects = written;
  const wrappedBy = walk.wrapping.filter((t, i, all) => t !== command.text && all.indexOf(t) === i);
  if (wrappedBy.length > 0) command.wrappedBy = wrappedBy;
  if (walk.repeating > 0) command.repeats = true;
  // Only the command a runner starts itself, not those that command runs in turn (`npx rg --pre ./x.sh`: x.sh).
  const runner = walk.runners[walk.runners.length - 1];
  if (runner !== undefined && runner.depth === walk.reading) command.runBy = runner.line;
  if (walk.wrapperOptions.length > 0) command.wrapperOptions = [...walk.wrapperOptions];
  if (walk.wrapperFiles.length > 0) command.wrapperFiles = [...walk.wrapperFiles];
  // Each wrapper's directory is relative to the one before; an absolute one starts over (`env -C a env -C /etc`).
  if (walk.wrapperDirs.length > 0) command.cwd = walk.wrapperDirs.reduce(within, '');
  walk.commands.push(command);
}
