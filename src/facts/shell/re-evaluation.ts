// Text bash evaluates a second time (arithmetic, `${!x}`, `test -v`, prompt expansion): a
// variable's text is read again there, so a literal that spells a substitution or an
// assignment, or text known only at run time, can run commands. The walk notes what it sees
// (these functions) and finishWalk decides once the whole command string is read.
import type { Word } from './ast.js';
import { isRiskyVariable } from './wrappers.js';
import { markUnverifiable, type Walk } from './walk.js';
import { arithmeticEnd, literalPrefix, wordValue, type WordValue } from './words.js';

// Contexts that evaluate a variable's text again, by their text: arithmetic ($((..)), $[..],
// ((..)), let, [[ a -eq b ]], ${a[..]}, a[..]=, ([..]=v) in an array's list, declare -i, a substring's offset or length
// written with a name or an expansion ${s:x:y}), a name with a subscript (${!x}, [[ -v x ]], test -v x) and prompt expansion
// (${x@P}). (`-eq` counts when `[[` is there too: `[` and `test` read plain numbers; `-v`
// with any of them.) Text is only a first look:
// what bash reads once quotes are gone (`declare -"i" n`, `unset a[x]`) is noted from the
// resolved words in builtins.ts (checkDeclaration) and simple-commands.ts (the `NAME[expr]` operands).
// The fixed spellings are one regex; the spellings that run up to a closing character are
// read by arithmeticScans, each character once: as regex branches they were tried again from
// every start (`ls aaa…` of 16 KB took 130 ms; red team 23).
const arithmeticMarks = /@P\}|\$\{!|\(\(|\$\[|(^|[;&|\s(])let\s|(declare|typeset|local|export|readonly)\s+-[A-Za-z]*i/;

/**
 * Whether the text holds `${…[` (a subscript in an expansion), `${x:…}` with a name or an
 * expansion in its offset or length (`${s:x}`, not the operators `:-`, `:=`, `:+`, `:?`),
 * `NAME[…]=` or `NAME[…]+=` (an element assignment), or `[…]=` after `(` or a blank (an
 * element of an array's list): what the regex
 * `\$\{[^}[]*\[|\$\{[^}:]*:(?![-=+?])[^}]*[A-Za-z_$`]|[A-Za-z_][A-Za-z0-9_]*\[[^\]]*\]\+?=|[(\s]\[[^\]]*\]\+?=`
 * matches (tested equal), in linear time.
 */
export function arithmeticScans(text: string): boolean {
  // Each spelling starts at a `${` or a `[`: text holding neither (most commands) is not scanned.
  if (!text.includes('${') && !text.includes('[')) return false;
  // Where the last `${`'s scans stopped: a `${` before that stops at the same place, with the same answer.
  let subscriptScanEnd = -1;
  let colonScanEnd = -1;
  // The first `]` after the last `[` looked at (text.length: none).
  let closeAt = -1;
  // Whether the run of name characters ending here holds a letter or `_` (a name can start there).
  let nameInRun = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x24 /* $ */ && text.charCodeAt(i + 1) === 0x7b /* { */) {
      if (i > subscriptScanEnd) {
        subscriptScanEnd = firstOf(text, i + 2, 0x7d /* } */, 0x5b /* [ */);
        if (text.charCodeAt(subscriptScanEnd) === 0x5b) return true;
      }
      if (i > colonScanEnd) {
        colonScanEnd = firstOf(text, i + 2, 0x7d, 0x3a /* : */);
        if (text.charCodeAt(colonScanEnd) === 0x3a && namedAfterColon(text, colonScanEnd)) return true;
      }
    } else if (c === 0x5b /* [ */) {
      if (closeAt <= i) closeAt = firstOf(text, i + 1, 0x5d /* ] */, 0x5d);
      // (At the start there is no character before: charCodeAt gives NaN, charAt an empty string.)
      if ((nameInRun || text.charCodeAt(i - 1) === 0x28 /* ( */ || BLANK.test(text.charAt(i - 1))) && closeAt < text.length) {
        const after = text.charCodeAt(closeAt + 1) === 0x2b /* + */ ? closeAt + 2 : closeAt + 1;
        if (text.charCodeAt(after) === 0x3d /* = */) return true;
      }
    }
    if (isNameCharacter(c)) nameInRun ||= !(c >= 0x30 && c <= 0x39);
    else nameInRun = false;
  }
  return false;
}

const BLANK = /^\s$/;

/** The index of the first `a` or `b` at or after `from`; text.length when there is none. */
function firstOf(text: string, from: number, a: number, b: number): number {
  let j = from;
  while (j < text.length) {
    const d = text.charCodeAt(j);
    if (d === a || d === b) break;
    j++;
  }
  return j;
}

/** After `${…:` at `colon`: no operator (`-`, `=`, `+`, `?`) right after, and a letter, `_`, `$` or a backquote before the next `}`. */
function namedAfterColon(text: string, colon: number): boolean {
  const next = text.charCodeAt(colon + 1);
  if (next === 0x2d || next === 0x3d || next === 0x2b || next === 0x3f) return false;
  for (let j = colon + 1; j < text.length; j++) {
    const d = text.charCodeAt(j);
    if (d === 0x7d /* } */) return false;
    if ((d >= 0x41 && d <= 0x5a) || (d >= 0x61 && d <= 0x7a) || d === 0x5f || d === 0x24 || d === 0x60) return true;
  }
  return false;
}

function isNameCharacter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}
// `$((6*7))`: arithmetic on numbers alone names no variable, so it evaluates no other text.
const numberArithmetic = /\$\(\([\d\s+\-*/%<>=!&|^~?:(),]*\)\)/g;
function withoutNumberArithmetic(source: string): string {
  return source.includes('$((') ? source.replace(numberArithmetic, '0') : source;
}
const conditionalText = /\[\[/;
const conditionalOperators = /(^|\s)-(eq|ne|lt|le|gt|ge|v)\s/;
const testText = /\[|(^|[;&|\s(!])test\s/;
const testVariable = /(^|\s)-v\s/;
const promptText = /@P\}/;
// `$(` (not `$((`), a backquote, or a `$` that ends the text (`'a[$'` then `'(id)]'`) in
// text that is not itself a substitution.
const substitutionText = /\$\((?!\()|`|\$$/;
// An octal escape (`\044` is `$`) that prompt expansion decodes.
const promptEscapeText = /\\[0-7]/;

// `a[$(id)]` as text: bash evaluates a subscript given to test -v, printf -v, read, unset,
// declare, ${!x} and arithmetic, running the substitution.
const subscriptPayload = /\[[^\]]*(\$\(|`)/;

export function notePayload(walk: Walk, word: Word | undefined): void {
  if (word === undefined) return;
  for (const p of word.parts) {
    if (p.kind !== 'literal') continue;
    if (substitutionText.test(p.value)) walk.payload = true;
    if (promptEscapeText.test(p.value)) walk.promptEscape = true;
    if (subscriptPayload.test(p.value)) markUnverifiable(walk, `\`${p.value.slice(0, 80)}\` names an array subscript that runs a command when evaluated`);
  }
}

// An assignment arithmetic makes: `((PATH=0))`, `let PATH+=1`, `$((HOME++))`, `++PWD`.
const arithmeticAssignment = /(?:\+\+|--)\s*([A-Za-z_][A-Za-z0-9_]*)|([A-Za-z_][A-Za-z0-9_]*)\s*(?:(?:[-+*/%&|^]|<<|>>)?=(?!=)|\+\+|--)/g;

// A name with a subscript (`BASH_CMDS[ls]`): arithmetic may assign the element (`((BASH_CMDS[ls]=1))`
// makes ls run ./1), whatever the subscript holds (`a[b[0]]=1` has brackets inside).
const subscriptedName = /([A-Za-z_][A-Za-z0-9_]*)\[/g;

/** `((PATH=0)); ls` runs ./0/ls: arithmetic that assigns a risky variable is unverifiable. */
function checkArithmeticAssignments(source: string, walk: Walk): void {
  for (const m of [...source.matchAll(arithmeticAssignment), ...source.matchAll(subscriptedName)]) {
    const name = m[1] ?? m[2]!;
    if (isRiskyVariable(name)) {
      markUnverifiable(walk, `arithmetic may assign \`${name}\`, which changes what runs`);
      return;
    }
  }
}

/** Marks the arithmetic re-evaluation hazard once the whole command string is read. */
export function finishWalk(walk: Walk): void {
  if (walk.arithmetic && walk.payload) {
    markUnverifiable(walk, 'a literal that spells a command substitution can run in arithmetic or prompt expansion');
  } else if (walk.prompt && walk.promptEscape) {
    markUnverifiable(walk, 'an octal escape can spell a command substitution in prompt expansion');
  } else if (walk.arithmetic && walk.assignmentValue) {
    markUnverifiable(walk, 'a value that spells an assignment can set any variable (PATH too) when arithmetic evaluates it');
  } else if (walk.arithmetic && (walk.runTimeText || arithmeticReadsRunTimeText(walk))) {
    markUnverifiable(walk, 'text known only at run time (input, a command\'s output, file names) can run commands in arithmetic or prompt expansion');
  }
}

/** Notes the re-evaluating contexts a command string holds, by its text. */
export function noteReEvaluatingText(source: string, walk: Walk): void {
  const text = withoutNumberArithmetic(source);
  if (reEvaluates(text)) {
    walk.arithmetic = true;
    checkArithmeticAssignments(source, walk);
    noteArithmeticNames(text, walk);
  }
  if (!walk.prompt && promptText.test(source)) walk.prompt = true;
}

function reEvaluates(text: string): boolean {
  return arithmeticMarks.test(text) || arithmeticScans(text) || (conditionalText.test(text) && conditionalOperators.test(text)) || (testText.test(text) && testVariable.test(text));
}

// A name, as bash reads one in arithmetic (and, over-approximated, anywhere in a value).
const NAME = /[A-Za-z_][A-Za-z0-9_]*/g;
// Inside arithmetic, a `$` not starting `$name` or `${name…}`: `$1`, `$@`, `${!x}`, `${#x}`, `$(…)`.
const UNFOLLOWED_PARAMETER = /\$(?![A-Za-z_{])|\$\{(?![A-Za-z_])/;

/**
 * The names arithmetic reads, when every context in `text` is `$((…))`, `((…))` or `$[…]`
 * (`count=$((count + 1))`, `((n++))`): each name inside one; any other context (`let`,
 * `${!x}`, `[[ a -eq b ]]`, a subscript) or a parameter not named reads any variable.
 */
function noteArithmeticNames(text: string, walk: Walk): void {
  if (walk.arithmeticReadsAny) return;
  const read = arithmeticSpans(text);
  if (read === undefined || reEvaluates(read.rest) || read.spans.some((span) => UNFOLLOWED_PARAMETER.test(span))) {
    walk.arithmeticReadsAny = true;
    return;
  }
  for (const span of read.spans) for (const m of span.matchAll(NAME)) walk.arithmeticNames.add(m[0]);
}

/** The insides of `$((…))`, `((…))` and `$[…]` in `text`, and the text around them; undefined when one does not close. */
function arithmeticSpans(text: string): { spans: string[]; rest: string } | undefined {
  const spans: string[] = [];
  let rest = '';
  let i = 0;
  while (i < text.length) {
    const bracket = text.startsWith('$[', i);
    const start = text.startsWith('$((', i) ? i + 3 : text.startsWith('((', i) ? i + 2 : bracket ? i + 2 : -1;
    if (start < 0) {
      rest += text[i];
      i++;
      continue;
    }
    const end = arithmeticEnd(text, start, bracket);
    if (end < 0) return undefined;
    spans.push(text.slice(start, end));
    rest += ' ';
    i = end + (bracket ? 1 : 2);
  }
  return { spans, rest };
}

// A positional or special parameter, or an indirection (`$1`, `${@}`, `$*`, `${!x}`): text the
// walk does not follow by name (a function's arguments, `set --`), counted as `@`.
const UNNAMED_PARAMETER = /\$(?:[0-9@*]|\{[0-9@*!#])/;

/** `name` is given `value`: it is made from the variables the value names (over-approximated: every name in it). */
export function noteAssignment(walk: Walk, name: string, value: Word): void {
  let from = walk.madeFrom.get(name);
  const add = (source: string): void => {
    if (from === undefined) walk.madeFrom.set(name, (from = new Set()));
    from.add(source);
  };
  for (const part of value.parts) {
    const text = part.kind === 'literal' ? part.value : part.source;
    for (const m of text.matchAll(NAME)) add(m[0]);
    if (part.kind !== 'literal' && UNNAMED_PARAMETER.test(text)) add('@');
  }
}

// `${x:=v}` and `${x=v}` assign x where they expand (anywhere in a word, nested too).
const ASSIGNING_EXPANSIONS = /\$\{([A-Za-z_][A-Za-z0-9_]*):?=/g;

/** The assignments a word's `${x:=v}` expansions make (noteAssignment). */
export function noteAssigningExpansions(walk: Walk, word: Word): void {
  for (const part of word.parts) {
    if (part.kind !== 'expansion' || !part.source.includes('=')) continue;
    for (const m of part.source.matchAll(ASSIGNING_EXPANSIONS)) noteAssignment(walk, m[1]!, { parts: [part] });
  }
}

// Variables the shell fills from what ran, whose text the line chooses: the last word of the
// previous command, a regex match, what `read`/`select`/`getopts` read, the running code.
export const SHELL_FILLED: ReadonlySet<string> = new Set([
  '_', 'BASH_REMATCH', 'REPLY', 'MAPFILE', 'OPTARG', 'BASH_COMMAND', 'BASH_EXECUTION_STRING', 'BASH_ARGV', 'BASH_SOURCE', 'FUNCNAME',
  'COPROC', 'READLINE_LINE', 'MATCH', 'match', 'MBEGIN', 'MEND', 'mbegin', 'mend',
]);

// Text bash fills as the script runs: the above, PWD and OLDPWD (where `cd` went), and `@`,
// the positional parameters a function is called with or `set --` gives (UNNAMED_PARAMETER).
const DYNAMIC_TEXT: ReadonlySet<string> = new Set([...SHELL_FILLED, '@', 'PWD', 'OLDPWD']);

/** Whether a variable arithmetic reads, or one it is made from, holds run-time text. */
function arithmeticReadsRunTimeText(walk: Walk): boolean {
  if (walk.runTimeVars.size === 0) return false;
  if (walk.arithmeticReadsAny) return true;
  const seen = new Set<string>();
  const todo = [...walk.arithmeticNames];
  while (todo.length > 0) {
    const name = todo.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    if (walk.runTimeVars.has(name) || DYNAMIC_TEXT.has(name)) return true;
    for (const from of walk.madeFrom.get(name) ?? []) todo.push(from);
  }
  return false;
}

/**
 * Whether `word` holds text known only at run time that a variable may keep: a command's
 * output, or what an expansion operator makes of known text (`${y:0:1}` of `${x@Q}` may be
 * `$`). Plain references (`$x`, `${#x}`, `$1`), a literal default and arithmetic results are
 * not: their text is known or a number. `fileNames`: a wildcard's matches count too.
 */
export function runTimeText(word: Word, fileNames: boolean): boolean {
  return word.parts.some((p) => {
    if (p.kind === 'substitution') return !/^[<>]\(/.test(p.source); // `<(cmd)` is a path
    if (p.kind === 'expansion') return p.nested.length > 0 || !knownExpansion.test(p.source);
    return fileNames && !p.quoted && /[*?[]/.test(p.value);
  });
}

// `$x`, `${x}`, `${#x}`, `${a[0]}`, `$1`, `$@`, `$#`, `$?`, `${x:-lit}`, `$((..))`, `$[..]`.
const knownExpansion =
  /^\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-]|\{#?(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])(?:\[(?:[@*]|\d+)\])?(?::?[-=+][^$`"'\\{}]*)?\}|\(\([^]*\)\)|\[[^]*\])$/;

/** An assigned value: `a[i]=v` and `a+=(v)` come as one expansion of the whole assignment. */
export function assignedRunTimeText(value: Word): boolean {
  const [only, ...rest] = value.parts;
  if (rest.length === 0 && only?.kind === 'expansion' && /^[A-Za-z_][A-Za-z0-9_]*(\[|\+?=\()/.test(only.source)) {
    return only.nested.length > 0 || /[$`*?[]/.test(withoutElementKeys(only.source.slice(only.source.indexOf('=') + 1)));
  }
  return runTimeText(value, false);
}

/**
 * An array's list without its literal element keys (`([0]=a [1]=b)` is `(a b)`): a key gives
 * an element its value, it is no value itself. A key with an expansion (`[$x]=1`) stays.
 */
function withoutElementKeys(list: string): string {
  return list.replace(/(^|[\s(])\[[^\]$`]*\]\+?=/g, '$1');
}

// `TH=0`, `x+=1`, `x++`, `++x`, `--x`: text that, evaluated as arithmetic, assigns.
const assignmentText = /[A-Za-z0-9_\]]\s*(?:(?:[-+*/%&|^]|<<|>>)?=(?!=)|\+\+|--)|(?:\+\+|--)\s*[A-Za-z_]/;

/** Whether a value a variable is given (literal parts) spells an assignment. */
export function spellsAssignment(word: Word): boolean {
  return word.parts.some((p) => p.kind === 'literal' ? assignmentText.test(p.value) : p.kind === 'expansion' && /^[A-Za-z_][A-Za-z0-9_]*(\[|\+?=\()/.test(p.source) && assignmentText.test(withoutElementKeys(p.source.slice(p.source.indexOf('=') + 1))));
}

/**
 * `declare x=$(cat f)`, `export y=$x`, `local -n r=x`: each `NAME=value` argument gives NAME
 * its value. `set -- …` and `let …` fill what the walk does not follow (positional
 * parameters, arithmetic): run-time text there reaches some variable.
 */
export function noteDeclaredValues(command: string, args: Word[], walk: Walk): void {
  for (const word of args) {
    const name = command === 'set' || command === 'let' ? undefined : /^([A-Za-z_][A-Za-z0-9_]*)(?:\+?=|$)/.exec(literalPrefix(wordValue(word)))?.[1];
    if (name === undefined) {
      if (runTimeText(word, true)) walk.runTimeText = true;
      continue;
    }
    noteAssignment(walk, name, word);
    if (runTimeText(word, true)) walk.runTimeVars.add(name);
  }
}

// The options of read and mapfile that take a value (bash's help): `read -a NAME` names the array.
const READ_VALUED = 'adinNptu';
const MAPFILE_VALUED = 'dnOsuCc';

/**
 * The variables `read`, `mapfile`/`readarray`, `getopts` and `printf -v` fill from input or
 * at run time (`read -r line` sets line; bare `read`, REPLY); undefined when a word is not
 * literal or the form is not followed.
 */
export function variablesSetFromInput(name: string, args: readonly WordValue[]): string[] | undefined {
  if (args.some((a) => !a.literal)) return undefined;
  const words = args.map((a) => a.text);
  if (name === 'printf') return /^-v./.test(words[0]!) ? [words[0]!.slice(2)] : words[1] !== undefined ? [words[1]] : undefined;
  if (name === 'getopts') return words[1] !== undefined ? [words[1], 'OPTARG'] : undefined;
  const valued = name === 'read' ? READ_VALUED : MAPFILE_VALUED;
  const names: string[] = [];
  let i = 0;
  for (; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') {
      i++;
      break;
    }
    if (!word.startsWith('-') || word === '-') break;
    for (let k = 1; k < word.length; k++) {
      if (!valued.includes(word[k]!)) continue;
      const value = k + 1 < word.length ? word.slice(k + 1) : words[++i];
      if (word[k] === 'a' && name === 'read' && value !== undefined) names.push(value);
      break;
    }
  }
  names.push(...words.slice(i));
  if (names.length === 0) names.push(name === 'read' ? 'REPLY' : 'MAPFILE');
  return names;
}
