// Text bash evaluates a second time (arithmetic, `${!x}`, `test -v`, prompt expansion): a
// variable's text is read again there, so a literal that spells a substitution or an
// assignment, or text known only at run time, can run commands. The walk notes what it sees
// (these functions) and finishWalk decides once the whole command string is read.
import type { Word } from './ast.js';
import { isRiskyVariable } from './wrappers.js';
import { markUnverifiable, type Walk } from './walk.js';

// Contexts that evaluate a variable's text again, by their text: arithmetic ($((..)), $[..],
// ((..)), let, [[ a -eq b ]], ${a[..]}, a[..]=, declare -i, a substring's offset or length
// written with a name or an expansion ${s:x:y}), a name with a subscript (${!x}, [[ -v x ]], test -v x) and prompt expansion
// (${x@P}). (`-eq` counts when `[[` is there too: `[` and `test` read plain numbers; `-v`
// with any of them. Linear scans only, no nested quantifiers.)
const arithmeticText =
  /@P\}|\$\{!|\(\(|\$\[|(^|[;&|\s(])let\s|\$\{[^}[]*\[|\$\{[^}:]*:(?![-=+?])[^}]*[A-Za-z_$`]|[A-Za-z_][A-Za-z0-9_]*\[[^\]]*\]\+?=|(declare|typeset|local|export|readonly)\s+-[A-Za-z]*i/;
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

/** `((PATH=0)); ls` runs ./0/ls: arithmetic that assigns a risky variable is unverifiable. */
function checkArithmeticAssignments(source: string, walk: Walk): void {
  for (const m of source.matchAll(arithmeticAssignment)) {
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
  } else if (walk.arithmetic && walk.runTimeText) {
    markUnverifiable(walk, 'text known only at run time (input, a command\'s output, file names) can run commands in arithmetic or prompt expansion');
  }
}

/** Notes the re-evaluating contexts a command string holds, by its text. */
export function noteReEvaluatingText(source: string, walk: Walk): void {
  if (arithmeticText.test(withoutNumberArithmetic(source)) || (conditionalText.test(source) && conditionalOperators.test(source)) || (testText.test(source) && testVariable.test(source))) {
    walk.arithmetic = true;
    checkArithmeticAssignments(source, walk);
  }
  if (!walk.prompt && promptText.test(source)) walk.prompt = true;
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
    return only.nested.length > 0 || /[$`*?[]/.test(only.source.slice(only.source.indexOf('=') + 1));
  }
  return runTimeText(value, false);
}

// `TH=0`, `x+=1`, `x++`, `++x`, `--x`: text that, evaluated as arithmetic, assigns.
const assignmentText = /[A-Za-z0-9_\]]\s*(?:(?:[-+*/%&|^]|<<|>>)?=(?!=)|\+\+|--)|(?:\+\+|--)\s*[A-Za-z_]/;

/** Whether a value a variable is given (literal parts) spells an assignment. */
export function spellsAssignment(word: Word): boolean {
  return word.parts.some((p) => p.kind === 'literal' ? assignmentText.test(p.value) : p.kind === 'expansion' && /^[A-Za-z_][A-Za-z0-9_]*(\[|\+?=\()/.test(p.source) && assignmentText.test(p.source.slice(p.source.indexOf('=') + 1)));
}
