// Reading a command's words by its program's grammar table (grammars.ts, OperandGrammar):
// options and their values, operands, `--`, clusters of short options.
import { longName, optionIs, optionValuePlaces } from '../options.js';
import { longNamesOf, valuedLongOf, type OperandGrammar } from '../grammars.js';
import { NO_ROLES, type WordRoles } from './word-roles.js';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
// scp's and rsync's remote operands: a colon before any slash (a local `a:b` is written `./a:b`), or a URL.
const REMOTE_OPERAND = /^[^/]*:|^[a-z]+:\/\//i;

/** Whether an option word gives the lead operand (`-e`, `-rne`, `--regexp=x`, `--file x`). */
function givesLead(word: string, grammar: OperandGrammar): boolean {
  const given = grammar.leadGivenBy ?? [];
  const letters = given.filter((g) => g.length === 2).map((g) => g[1]).join('');
  return optionIs(word, { letters, long: given }, grammar.valued + (grammar.optionalValued ?? ''), longNamesOf(grammar));
}

/** Whether an interpreter's option word gives it code instead of a script (`-c`, `-uc`, `--eval=x`). */
function givesCode(word: string, grammar: OperandGrammar, script: NonNullable<OperandGrammar['script']>): boolean {
  return optionIs(word, { letters: script.codeLetters, long: script.codeLong ?? [] }, grammar.valued + (grammar.optionalValued ?? ''), longNamesOf(grammar));
}

/** A command's word roles, with its operands: all of them in order, and how many are files. */
export interface Reading extends WordRoles {
  operands: string[];
  /** The operands that are files (not the values of file options). */
  operandFiles: string[];
}

// Characters that begin a path or a value inside an option cluster (operandsBy, word-paths.ts clusterRests).
export const PATH_MARKS: ReadonlySet<string> = new Set(['/', '.', '~', '=']);

/** The roles of one command's words by `grammar`, its program's (or git subcommand's) word at `at`. */
export function operandsBy(words: readonly string[], at: number, grammar: OperandGrammar): Reading {
  const files: string[] = [];
  // Files given by options or keys: those the program may write (OperandGrammar.writes).
  const writtenValues: string[] = [];
  const writes = grammar.writes;
  const plain: string[] = [];
  // Opaque values attached in a cluster (WordRoles.detached).
  const detached: string[] = [];
  const all: string[] = [];
  // Operands that may be files (all but awk's assignments and dd's other keys), and how many of them are arguments instead (`jq --args`).
  const operands: string[] = [];
  let argumentsFrom: number | undefined;
  let script: string | undefined;
  let leadGiven = false;
  let afterDashes = false;
  const known = longNamesOf(grammar);
  for (let i = at + 1; i < words.length; i++) {
    const word = words[i]!;
    if (afterDashes || word === '-' || !word.startsWith('-')) {
      // An interpreter's first operand is its script; what follows is the script's.
      if (grammar.script !== undefined) {
        files.push(word);
        script = word;
        break;
      }
      all.push(word);
      if (grammar.urlOperands === true && !/^file:/i.test(word)) plain.push(word);
      if (grammar.noOperandFiles === true) continue;
      if (grammar.plainOperands === true) {
        plain.push(word);
        continue;
      }
      if (grammar.remoteOperands === true && REMOTE_OPERAND.test(word)) {
        plain.push(word);
        continue;
      }
      if (grammar.keyed !== undefined) {
        const eq = word.indexOf('=');
        // The value is the file; the word as a whole is no path (`of=./x` is not `./of=./x`).
        if (eq > 0 && grammar.keyed.includes(word.slice(0, eq))) {
          files.push(word.slice(eq + 1));
          if (writes?.readKeys?.includes(word.slice(0, eq)) !== true) writtenValues.push(word.slice(eq + 1));
        }
        plain.push(word);
      } else if (grammar.assignments === true && ASSIGNMENT.test(word)) continue;
      else if (grammar.plusCommands === true && word.startsWith('+') && !afterDashes) plain.push(word);
      else operands.push(word);
      continue;
    }
    if (word === '--') {
      afterDashes = true;
      if (grammar.commitsBeforeDashes === true) for (const commit of operands.splice(0)) plain.push(commit);
      continue;
    }
    if (grammar.leadGivenBy !== undefined && givesLead(word, grammar)) leadGiven = true;
    if (grammar.script !== undefined && givesCode(word, grammar, grammar.script)) {
      // Code given inline (`node -e '…'`, `python3 -c '…'`) is text, like a script's: no file
      // as a whole (names inside it still meet the deny lists). The words after it are its arguments.
      const place = optionValuePlaces(words, { letters: grammar.script.codeLetters, long: grammar.script.codeLong ?? [] }, grammar.valued + (grammar.optionalValued ?? ''), i, known, valuedLongOf(grammar))[0];
      return { ...NO_ROLES, plain: place === undefined ? [] : [words[place.index]!], operands: [], operandFiles: [] };
    }
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const name = longName(word, known);
      if (grammar.argumentsAfter?.includes(name) === true) {
        argumentsFrom ??= operands.length;
        continue;
      }
      const pairFile = grammar.pairFileLong?.includes(name) === true;
      if (eq < 0 && (pairFile || grammar.pairLong?.includes(name) === true)) {
        // A name, then its value: a file for pairFileLong (`--rawfile name FILE`).
        if (i + 1 < words.length) plain.push(words[++i]!);
        if (i + 1 < words.length) (pairFile ? files : plain).push(words[++i]!);
        continue;
      }
      const isFile = grammar.fileLong?.includes(name) ?? false;
      if (eq >= 0) {
        // The value is read here; the word as a whole is no path (`--output=src/x` is not `./--output=src/x`).
        if (isFile) files.push(word.slice(eq + 1));
        if (isFile && writes?.readLong?.includes(name) !== true) writtenValues.push(word.slice(eq + 1));
        if (isFile || (grammar.valuedLong?.includes(name) === true && grammar.opaqueLong?.includes(name) !== true)) plain.push(word);
      } else if (grammar.flagLong?.includes(name) !== true && (isFile || grammar.valuedLong?.includes(name)) && i + 1 < words.length) {
        i++;
        if (isFile) files.push(words[i]!);
        if (isFile && writes?.readLong?.includes(name) !== true) writtenValues.push(words[i]!);
        else if (grammar.opaqueLong?.includes(name) !== true) plain.push(words[i]!);
      }
      continue;
    }
    // An option of several letters written whole (zip's `-lf FILE`): no cluster.
    const whole = grammar.wordOptions !== undefined && Object.hasOwn(grammar.wordOptions, word) ? grammar.wordOptions[word] : undefined;
    if (whole !== undefined) {
      if (whole === 'file' && i + 1 < words.length) {
        files.push(words[++i]!);
        writtenValues.push(words[i]!);
      }
      continue;
    }
    // A short cluster: the first letter that takes a value takes the rest, or the next word
    // (an optional value only the rest: `od -w16`; one option a word: `xxd -len 10`).
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
      // At a character that begins a path or a value, with no letter before it taking one: no
      // option of this grammar (`zip -lf/tmp/x` is no `-t` with a value); the word is read by
      // its look (word-paths.ts). Other marks may be flags (curl's `-#`: `-s#T/etc/x` uploads).
      if (PATH_MARKS.has(letter)) break;
      if (grammar.optionalValued?.includes(letter) === true) {
        // The value is no path as attached (`-dsrc/x` is not `./-dsrc/x`); the grammar's outputs name it.
        if (k + 1 < word.length) plain.push(word);
        break;
      }
      if (!grammar.valued.includes(letter)) {
        if (grammar.wholeWords === undefined) continue;
        break;
      }
      const spelledOn = grammar.wholeWords?.some((spelling) => word.startsWith(spelling)) === true;
      const attached = spelledOn ? '' : word.slice(k + 1);
      const value = attached !== '' ? attached : words[++i];
      if (attached !== '' && grammar.opaque?.includes(letter) !== true) plain.push(word);
      else if (attached !== '' && grammar.fileValued?.includes(letter) !== true) detached.push(attached);
      if (value !== undefined && grammar.fileValued?.includes(letter)) {
        files.push(value);
        if (writes?.readValued?.includes(letter) !== true) writtenValues.push(value);
      }
      else if (value !== undefined && attached === '' && grammar.opaque?.includes(letter) !== true) plain.push(value);
      break;
    }
  }
  const lead = leadGiven ? 0 : (grammar.lead ?? 0);
  // Operands after `jq --args` are the program's arguments; the lead (its filter) comes first all the same.
  const fileEnd = argumentsFrom === undefined ? operands.length : Math.max(lead, argumentsFrom);
  for (const word of operands.slice(0, lead)) plain.push(word);
  for (const word of operands.slice(fileEnd)) plain.push(word);
  const fileOperands = operands.slice(lead, fileEnd);
  for (const word of grammar.firstOnly ? fileOperands.slice(0, 1) : fileOperands) files.push(word);
  // `{}` is where `find -exec` and `xargs -I {}` put the paths they found, not a file of its
  // own (find's starting points are checked as its arguments).
  const named = files.filter((word) => word !== '-' && word !== '' && word !== '{}');
  const operandFiles = fileOperands.filter((word) => named.includes(word));
  const reading: Reading = { files: named, plain, operands: all, operandFiles };
  if (detached.length > 0) reading.detached = detached;
  if (writes !== undefined) {
    // What is read, unless it is written too (`cp a a`, `sort -o f f`).
    const written = new Set([...(writes.operands === undefined ? operandFiles : writes.operands(operandFiles, words, all)), ...writtenValues]);
    reading.reads = named.filter((file) => !written.has(file));
  }
  if (script !== undefined && named.includes(script)) reading.script = script;
  return reading;
}
