// Variables a command string sets to known text, so `f=.env; cat $f` is checked as
// `cat .env`, and `g=$f; cat $g` too. Only ever adds what to check: the word as written is
// checked too, so a value set in a way not followed here (`read`, `eval`, `source`,
// arithmetic, `${x:=...}`) takes nothing away; a variable set to run-time text (`$(cmd)`)
// expands to nothing known. A variable whose texts are known but too many to list, or made
// of a known variable in a way not read here, is unreadable: a word using it is unverifiable.
// The literal values a variable is given are checked whatever else the script does
// (`f=.env; ls . ; cat $f`).
import type { Stmt, Word } from './ast.js';
import { decodeAnsiC } from './parser.js';
import { nestedLists, wordValue } from './words.js';
import { SHELL_FILLED, variablesSetFromInput } from './re-evaluation.js';

/**
 * Name → every text assigned anywhere; 'unknown' when one is run-time text (or the
 * environment's); 'unreadable' when the texts cannot be listed (see above).
 */
export type Variables = Map<string, string[] | 'unknown' | 'unreadable'>;

/** Most texts one variable or word may hold before it is unreadable. */
export const MAX_VARIABLE_TEXTS = 256;
/**
 * Passes over a loop or function body before giving up on variables still growing: a value
 * may come from a variable the body assigns later (`for i in 1 2; do g=$f; f=.env; done`),
 * so the body is read again until nothing new is learnt; one that keeps growing
 * (`for ...; do f=$f/x; done`) is unreadable. Straight-line code is read once, in order.
 */
const MAX_PASSES = 4;

/**
 * Adds the assignments of `stmts` (parsed from `source`) to `vars` (an unreadable one makes its
 * variable unknown or unreadable).
 */
export function collectVariables(stmts: Stmt[], vars: Variables, source = ''): void {
  // `${u:=w}` where the words read here do not reach (`[[ ${u:=.e} ]]`, arithmetic): u is set to
  // text not followed. Those the words do reach are followed below; the others are unreadable.
  const defaultsAssigned = source.includes('${') ? [...source.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?=/g)].map((m) => m[1]!) : [];
  // A function's `$1`, `$@` (and `set -- …`'s) may be any argument word of the script: `ls() {
  // cat "${1}nv"; }; ls .e` reads .env. Each is read as every one of them, with the values known then.
  const argumentWords = callArguments(stmts, functionNames(stmts));
  const positionalFromArguments = (words: readonly Word[] = argumentWords): void => {
    for (const word of words) {
      const texts = assignedTexts(vars, word);
      for (const name of POSITIONAL) {
        if (typeof texts === 'string') setState(vars, name, texts);
        else for (const text of texts) add(vars, name, text);
      }
    }
  };
  // Variables assigned from one not set yet at that point (`g=$f; f=.env`): the one used may be set later.
  const early: { name: string; uses: string[] }[] = [];
  const assigning = (name: string, value: Word | undefined, how: typeof assign): void => {
    if (value !== undefined) {
      const unset = referencedNames(value).filter((used) => used !== name && !vars.has(used));
      if (unset.length > 0) early.push({ name, uses: unset });
    }
    how(vars, name, value);
  };
  const visit = (list: Stmt[]): void => {
    for (const stmt of list) {
      const command = stmt.command;
      if (command === undefined) continue;
      // `${u:=.e}` and `${u=.e}` anywhere in the statement's words assign u.
      for (const word of wordsOf(stmt)) for (const part of word.parts) if (part.kind === 'expansion') assignsInExpansion(vars, part.source);
      if (command.kind === 'call') {
        if (command.assigns.some((a) => a.name === 'BASH_ARGV0')) setState(vars, '0', 'unreadable');
        for (const a of command.assigns) {
          if (a.append) assigning(a.name, a.value, append);
          else if (a.items === undefined) assigning(a.name, a.value, assign);
          else if (a.items.length === 0) setState(vars, a.name, 'unknown');
          else for (const item of a.items) assigning(a.name, item, assign);
        }
        const head = command.args[0] === undefined ? undefined : wordValue(command.args[0]).text;
        // `set -- .e nv`: the positional parameters are words of the line now.
        if (head === 'set' && command.args.slice(1).some((w) => !/^[-+][A-Za-z]*$/.test(wordValue(w).text) || wordValue(w).text === '--')) positionalFromArguments(command.args.slice(1));
        // `read y <<< "${x}nv"`: text the line writes, read into variables not followed here.
        if (head !== undefined && readsIntoVariables.has(head) && stmt.redirects.some((r) => r.op === '<<<' || r.op === '<<' || r.op === '<<-')) {
          for (const name of variablesSetFromInput(head, command.args.slice(1).map(wordValue)) ?? []) setState(vars, name, 'unreadable');
        }
        // `printf -v x %s .e` (bash), `print -v x .e` (zsh): text the line formats, not followed here.
        const printer = command.args.findIndex((w, i) => i < 3 && (wordValue(w).text === 'printf' || wordValue(w).text === 'print'));
        if (printer >= 0 && wordValue(command.args[printer + 1] ?? { parts: [] }).text.startsWith('-v')) {
          for (const name of variablesSetFromInput('printf', command.args.slice(printer + 1).map(wordValue)) ?? []) setState(vars, name, 'unreadable');
        }
        if (head !== undefined && DECLARATION_BUILTINS.has(head)) collectDeclaration(vars, command.args.slice(1));
        for (const w of command.args) for (const n of nestedLists(w)) visit(n);
      } else {
        const once = (): void => {
          if (command.function !== undefined) positionalFromArguments();
          if (command.loopVar !== undefined) {
            // `for x; do`: the positional parameters (`set --`'s, a function's callers' words).
            if (command.words.length === 0) {
              const all = vars.get('@');
              if (Array.isArray(all)) for (const text of all) add(vars, command.loopVar, text);
              else setState(vars, command.loopVar, all === 'unreadable' ? 'unreadable' : 'unknown');
            }
            for (const w of command.words) assigning(command.loopVar, w, assign);
          }
          visit(command.body);
          for (const n of command.nested) visit(n);
        };
        if (command.repeats) untilSettled(vars, once);
        else once();
      }
    }
  };
  visit(stmts);
  for (const { name, uses } of early) if (uses.some((used) => vars.has(used))) setState(vars, name, 'unreadable');
  for (const name of defaultsAssigned) if (!vars.has(name)) setState(vars, name, 'unreadable');
}

/** `export f=.env`, `declare -l y=$x`, `local -a x=.e`: the `NAME=value` words of a declaration builtin. */
function collectDeclaration(vars: Variables, args: readonly Word[]): void {
  // `export f=.env`: name=value words. `-l`, `-u`, `-c` change the value's case; `-a`,
  // `-x`, `-r`, `-g`, `-t`, `-f` and `--` nothing of a plain value; any other option
  // (`-n` name reference, `-i` integer, `-A`) makes it unreadable.
  const optionWords = args.map((w) => wordValue(w).text).filter((t) => /^[-+]/.test(t));
  const caseOnly = optionWords.some((t) => /[luc]/.test(t));
  const options = !optionWords.every((t) => t === '--' || /^[-+][lucxrgtaf]+$/.test(t));
  for (const w of args) {
    const v = wordValue(w);
    if (v.text.startsWith('-') || v.text.startsWith('+')) continue;
    const eq = v.text.indexOf('=');
    if (eq === -1) continue; // `export f` keeps f's value
    // `declare y+=nv` appends, as `y+=nv` does.
    const appends = v.text[eq - 1] === '+';
    const name = v.text.slice(0, appends ? eq - 1 : eq);
    const value: Word = { parts: valueParts(w) };
    // `declare -a x='(.e)'` is the array `(.e)` too: a value in parentheses is not followed. So
    // is `declare x=(.e*)`, whose elements bash and zsh glob (`cat $x` reads .env): the parser
    // keeps such an array as one opaque expansion of the whole `x=(…)` (parser.ts assignAsWord).
    if (options || wordValue(value).text.startsWith('(') || isOpaqueArray(value, name)) {
      setState(vars, name, 'unreadable');
      continue;
    }
    if (caseOnly) {
      const texts = assignedTexts(vars, value);
      if (typeof texts === 'string') setState(vars, name, texts);
      else for (const text of texts) {
        const forms = caseForms(text);
        if (forms === undefined) setState(vars, name, 'unreadable');
        else for (const form of new Set(forms)) add(vars, name, form);
      }
    } else if (appends) append(vars, name, value);
    else assign(vars, name, value);
  }
}

/** Whether a declaration's value is an array kept whole (`x=(…)`, `x+=(…)`: parser.ts assignAsWord). */
function isOpaqueArray(value: Word, name: string): boolean {
  const first = value.parts[0];
  return value.parts.length === 1 && first?.kind === 'expansion' && (first.source.startsWith(`${name}=(`) || first.source.startsWith(`${name}+=(`));
}

/** Runs `read` (one pass over a body that may repeat) until it learns nothing new; what still grows is unreadable. */
function untilSettled(vars: Variables, read: () => void): void {
  let before = weights(vars);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    read();
    const after = weights(vars);
    const growing = [...after].filter(([name, weight]) => before.get(name) !== weight).map(([name]) => name);
    if (growing.length === 0) return;
    if (pass === MAX_PASSES - 1) for (const name of growing) vars.set(name, 'unreadable');
    before = after;
  }
}

// `$name`, `${name…}`, `${!name}`: the variables a word's expansions use.
const USED_NAME = /^\$\{?!?([A-Za-z_][A-Za-z0-9_]*)/;

const POSITIONAL = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '@', '*'];

/** Calls each simple command of the script, nested ones too (substitutions, bodies). */
function eachCall(stmts: Stmt[], found: (args: Word[]) => void, onFunction?: (name: string) => void): void {
  for (const stmt of stmts) {
    const command = stmt.command;
    if (command === undefined) continue;
    if (command.kind === 'call') {
      found(command.args);
      for (const w of command.args) for (const n of nestedLists(w)) eachCall(n, found, onFunction);
    } else {
      if (command.function !== undefined) onFunction?.(command.function);
      eachCall(command.body, found, onFunction);
      for (const n of command.nested) eachCall(n, found, onFunction);
    }
  }
}

/** The names of the functions the script defines. */
export function functionNames(stmts: Stmt[]): Set<string> {
  const names = new Set<string>();
  eachCall(stmts, () => {}, (name) => names.add(name));
  return names;
}

/** The argument words of every call of one of `functions` (by any spelling of a word a function name can be: it is run however it is reached). */
function callArguments(stmts: Stmt[], functions: ReadonlySet<string>): Word[] {
  const words: Word[] = [];
  if (functions.size === 0) return words;
  eachCall(stmts, (args) => {
    // A wrapper or a non-literal command word may reach the function too (`command f .e`): every word after a function's name counts.
    const at = args.findIndex((w) => functions.has(wordValue(w).text) || !wordValue(w).literal);
    if (at >= 0) words.push(...args.slice(at + 1));
  });
  return words;
}

// Builtins that read input into variables (read -a, mapfile's array, ...).
const readsIntoVariables: ReadonlySet<string> = new Set(['read', 'mapfile', 'readarray']);

/** The words of a statement whose expansions run: a command's words and assigned values, a construct's words, redirections. */
function wordsOf(stmt: Stmt): Word[] {
  const words: Word[] = stmt.redirects.map((r) => r.word);
  const command = stmt.command;
  if (command?.kind === 'call') {
    words.push(...command.args);
    for (const a of command.assigns) words.push(...(a.items ?? (a.value ? [a.value] : [])));
  } else if (command) words.push(...command.words);
  return words;
}

// `${u:=w}`, `${u=w}`: u is set to w when unset (or empty).
const ASSIGNING_DEFAULT = /^\$\{([A-Za-z_][A-Za-z0-9_]*):?=([^]*)\}$/;

/** The assignment a `${u:=w}` expansion makes: w's texts (alternativeTexts) added to u's. */
function assignsInExpansion(vars: Variables, source: string): void {
  const m = ASSIGNING_DEFAULT.exec(source);
  if (m === null) return;
  const name = m[1]!;
  if (vars.get(name) === 'unreadable') return;
  const texts = plainDefault.test(m[2]!) ? [m[2]!] : alternativeTexts(m[2]!, vars);
  if (texts === 'unreadable') setState(vars, name, texts);
  else for (const text of texts ?? ['$(…)']) add(vars, name, text);
}

/** The parts of a `NAME=value` word after its first `=` (which is in a literal part). */
function valueParts(word: Word): Word['parts'] {
  const at = word.parts.findIndex((p) => p.kind === 'literal' && p.value.includes('='));
  if (at < 0) return [];
  const part = word.parts[at] as Extract<Word['parts'][number], { kind: 'literal' }>;
  const after = part.value.slice(part.value.indexOf('=') + 1);
  return [...(after === '' ? [] : [{ ...part, value: after }]), ...word.parts.slice(at + 1)];
}

/** The names of the variables a word's expansions use (`${f%x}` uses f). */
function referencedNames(word: Word): string[] {
  const names: string[] = [];
  for (const part of word.parts) {
    if (part.kind !== 'expansion') continue;
    const m = USED_NAME.exec(part.source);
    if (m) names.push(m[1]!);
  }
  return names;
}

/** How much is known of each variable: unknown, then more texts, then unreadable, weigh more. */
function weights(vars: Variables): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, value] of vars) out.set(name, value === 'unknown' ? 0 : value === 'unreadable' ? Infinity : 1 + value.length);
  return out;
}

/** Makes a variable unreadable, or unknown when nothing is known of it yet. */
function setState(vars: Variables, name: string, state: 'unknown' | 'unreadable'): void {
  const known = vars.get(name);
  if (state === 'unreadable' || known === undefined) vars.set(name, state);
}

/** Builtins whose `NAME=value` words assign (`export TMPDIR=/x`, `declare -l y=$x`). */
export const DECLARATION_BUILTINS: ReadonlySet<string> = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

function add(vars: Variables, name: string, text: string): void {
  const known = vars.get(name);
  if (known === 'unreadable') return;
  // Unknown texts add nothing to check: the known ones are checked in addition.
  if (known === undefined || known === 'unknown') vars.set(name, [text]);
  else if (known.includes(text)) return;
  else if (known.length >= MAX_VARIABLE_TEXTS) vars.set(name, 'unreadable');
  else known.push(text);
}

/** `f+=v`: each value f may have, with v appended, is one more it may have (`f=.e; f+=nv` is `.env`). */
function append(vars: Variables, name: string, value: Word | undefined): void {
  const known = vars.get(name);
  if (known === 'unreadable') return;
  const texts = assignedTexts(vars, value);
  if (typeof texts === 'string') return setState(vars, name, texts);
  for (const before of Array.isArray(known) ? [...known] : ['']) for (const text of texts) add(vars, name, before + text);
}

function assign(vars: Variables, name: string, value: Word | undefined): void {
  if (vars.get(name) === 'unreadable') return;
  const texts = assignedTexts(vars, value);
  if (typeof texts === 'string') return setState(vars, name, texts);
  for (const text of texts) add(vars, name, text);
}

/**
 * The texts an assignment's value may be: literal text, or made of variables with known
 * texts (`g=$f`, `g=${f}nv`), with what is not known kept as a placeholder that no path
 * check accepts (`g=$(cmd)/x` is `$(…)/x`, checked as `cat $(cmd)/x` would be).
 */
function assignedTexts(vars: Variables, value: Word | undefined): string[] | 'unknown' | 'unreadable' {
  if (value === undefined) return 'unknown';
  const v = wordValue(value);
  // A literal is its text, `$` and all (`x='${y}nv'`: `cat "$x"` opens a file of that name, and
  // `${x@P}` or `${!x}` would expand it again, which the readers of those refuse).
  if (v.literal) return [v.text];
  return expandVariables(value, vars, MAX_VARIABLE_TEXTS, true) ?? 'unknown';
}

// `$f`, `${f}`, and an array's elements: `${a[@]}`, `${a[*]}`, `${a[0]}` (any element,
// which checks more words than run, never fewer).
// `${x:-word}`, `${x-word}`, `${x:=word}`, `${x:+word}` with a literal word.
const defaultReference = /^\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*]):?([-=+])([^$`"'\\{}]*)\}$/;
// A default word that is plain text.
const plainDefault = /^[^$`"'\\{}]*$/;
// The same with any other word (`${x:-$(cmd)}`, `${x:+"$y"}`).
const defaultExpression = /^\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*]):?([-=+])([^]*)\}$/;
// `$f`, `${f}`, `${f[0]}`, and the positional parameters `$1`, `${10}`, `$@`, `$*` (set for `sh -c STRING ARGS`).
const simpleReference = /^\$(?:([A-Za-z_][A-Za-z0-9_]*|[0-9@*])|\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])(?:\[(?:[@*]|\d+)\])?\})$/;

// `${!x}`: the variable x names (bash's indirection).
const indirectReference = /^\$\{!([A-Za-z_][A-Za-z0-9_]*)\}$/;

/**
 * The texts `word` can expand to when every expansion in it is a variable this script
 * set to known text; undefined when one is not (the environment's, or run-time text);
 * 'unreadable' when a variable is, or the texts are more than `max`, or a known variable
 * is expanded with an operator not read here: then the word cannot be checked at all.
 * `placeholders`: for an assignment's value, see assignedTexts.
 */
export function expandVariables(word: Word, vars: Variables, max: number, placeholders = false): string[] | undefined | 'unreadable' {
  let texts = [''];
  for (const part of word.parts) {
    let options: string[];
    if (part.kind === 'literal') options = [part.value];
    else {
      const found = part.kind === 'expansion' ? expansionTexts(part.source, vars) : undefined;
      if (found === 'unreadable') return found;
      // With `placeholders`, what is not known stays as a placeholder: a variable as written, `$(…)` for the rest.
      if (found === undefined && !placeholders) return undefined;
      options = found ?? [part.kind === 'expansion' && simpleReference.test(part.source) ? part.source : '$(…)'];
    }
    if (texts.length * options.length > max) return 'unreadable';
    texts = texts.flatMap((t) => options.map((o) => t + o));
  }
  return texts;
}

/** The texts one `$…` expansion may give (expandVariables). */
function expansionTexts(source: string, vars: Variables): string[] | undefined | 'unreadable' {
  // Text the shell fills from what ran (`$_`, `$BASH_REMATCH`, `$REPLY`, zsh's `$MATCH`): the
  // line chooses it, and it is not followed here.
  const used = USED_NAME.exec(source)?.[1];
  if (used !== undefined && SHELL_FILLED.has(used)) return 'unreadable';
  // `${!en@}`: the names of the variables starting `en`.
  if (/^\$\{![A-Za-z_][A-Za-z0-9_]*[@*]\}$/.test(source)) return 'unreadable';
  const m = simpleReference.exec(source);
  const d = m ? null : defaultReference.exec(source);
  const e = m || d ? null : defaultExpression.exec(source);
  if (d || e) {
    // `${x:-w}`, `${x:=w}`: x's value or w; `${x:+w}`: w or nothing (`cat ${UNSET:-.env}` reads .env).
    const [name, how] = d ? [d[1]!, d[2]!] : [e![1]!, e![2]!];
    const known = vars.get(name);
    if (known === 'unreadable') return known;
    let alternative = d ? [d[3]!] : alternativeTexts(e![3]!, vars);
    if (alternative === 'unreadable') return alternative;
    if (alternative === undefined) {
      // Nothing known of either (`${HOME:-$(pwd)}`): the word as written is what is checked.
      if (!Array.isArray(known)) return undefined;
      alternative = ['$(…)'];
    }
    return how === '+' ? [...alternative, ''] : [...(Array.isArray(known) ? known : []), ...alternative];
  }
  if (m) {
    const values = vars.get(m[1] ?? m[2]!);
    return values === 'unknown' ? undefined : values;
  }
  const indirect = indirectReference.exec(source);
  if (indirect) {
    // `x=y; cat ${!x}` reads y's value: every variable x may name.
    const names = vars.get(indirect[1]!);
    if (names === undefined || names === 'unknown') return undefined;
    if (names === 'unreadable') return names;
    const texts = new Set<string>();
    for (const name of names) {
      // Not a name (run-time text, `$(…)`): bash refuses it, or it is read at run time (see re-evaluation).
      const values = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? vars.get(name) : undefined;
      // A name the line does not set is the environment's (`for x in HOME y`): it adds nothing to
      // check, and the names the line does set are checked all the same.
      if (values === undefined || values === 'unknown') continue;
      if (values === 'unreadable') return values;
      for (const v of values) texts.add(v);
    }
    return texts.size === 0 ? undefined : [...texts];
  }
  // `${x%x}`, `${x,,}`, `${x:1}`: an operator on a known value (`x=.envx; cat ${x%x}` reads .env).
  const o = operatorReference.exec(source);
  const values = o ? vars.get(o[1]!) : undefined;
  // A form not read here on a variable this line sets (`${!x:-}`, `${x@Q}` on an array): cannot be listed.
  if (o === null) return used !== undefined && vars.has(used) && vars.get(used) !== 'unknown' ? 'unreadable' : undefined;
  if (values === undefined) return undefined;
  // An operator on a value this line sets in a way not followed (`x='${y}nv'; ${x@P}`): cannot be listed.
  if (values === 'unknown' || values === 'unreadable') return 'unreadable';
  // `${x?}`, `${x:?msg}`: x's value (or an error).
  if (/^:?\?/.test(o[2]!)) return values;
  const results = values.map((v) => applyOperator(v, o[2]!));
  // A known value under an operator not read here (`${x:+$x}`): its texts cannot be listed.
  if (results.some((r) => r === undefined)) return 'unreadable';
  return [...new Set(results.flat() as string[])];
}

/**
 * The texts of a default or alternative word that is not plain text: quoted text is its text
 * (`${x:-.e"nv"}`), one variable (`${x:+$y}`, `${x:-"$y"}`) its texts; a word with another
 * expansion of a variable (`${x:+$y/z}`, `${u:-.e${v:-nv}}`) cannot be listed; a command
 * substitution alone (`${x:-$(pwd)}`) is run-time text, not known.
 */
function alternativeTexts(word: string, vars: Variables): string[] | undefined | 'unreadable' {
  if (!/[$`\\]/.test(word)) return [word.replace(/["']/g, '')];
  const inner = word.length >= 2 && word.startsWith('"') && word.endsWith('"') ? word.slice(1, -1) : word;
  if (simpleReference.test(inner)) return expansionTexts(inner, vars);
  if (/\$(?:\{|[A-Za-z_0-9@*#?!$-])/.test(withoutSubstitutions(inner))) return 'unreadable';
  return undefined;
}

/** Text with its command substitutions (`$(…)`, balanced) taken out: what they print is run-time text. */
function withoutSubstitutions(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '$' && text[i + 1] === '(') {
      let depth = 0;
      for (; i < text.length; i++) {
        if (text[i] === '(') depth++;
        else if (text[i] === ')' && --depth === 0) break;
      }
      continue;
    }
    out += text[i];
  }
  return out;
}



// `${name OP}`: a known variable with an operator after its name.
const operatorReference = /^\$\{([A-Za-z_][A-Za-z0-9_]*)([%#/:^,@~][^]*)\}$/;
// Text that is only itself as a pattern: no wildcard, quote, escape or expansion.
const plainPattern = /^[^*?[\]\\'"$`{}()!@+]*$/;
/** Most characters of a value whose substrings are all tried (`${x:$n:2}`). */
const MAX_SUBSTRING_VALUE = 20;

/**
 * The texts a change of case may make of `value` (as written, lower, upper, first letter
 * either way); undefined for text beyond ASCII, which bash cases by the C library's tables,
 * not JavaScript's (`İD_RSA` lowers to `id_rsa` there).
 */
function caseForms(value: string): string[] | undefined {
  if (/[^\u0000-\u007f]/.test(value)) return undefined;
  return [value, value.toLowerCase(), value.toUpperCase(), value.charAt(0).toUpperCase() + value.slice(1), value.charAt(0).toLowerCase() + value.slice(1)];
}

/**
 * What bash's operator `op` (the text after the name) may make of `value`: one text when
 * it is read exactly, several when only bounded (every prefix for `%` with a wildcard),
 * undefined when not known.
 */
function applyOperator(value: string, op: string): string[] | undefined {
  // `,,` `^^` `,` `^` `~~` `~` (with or without a pattern), `@L` `@U` `@u`: some change of case.
  if (/^(,,?|\^\^?|~~?)/.test(op) || /^@[LUu]$/.test(op)) return caseForms(value);
  // `@P` expands the value as a prompt: `${y}` and `$(…)` in it too.
  // (Run-time text, the `$(…)` placeholder, under `@P` is refused by the re-evaluation rules with its own reason.)
  if (op === '@P' && /[$`]/.test(value.replaceAll('$(…)', ''))) return undefined;
  // `@E` decodes backslash escapes as $'...' does, `@P` a prompt's octal ones (`\056env` is
  // `.env`); `@Q`, `@A`, `@a`, `@K` only quote or describe it.
  if (/^@[EP]$/.test(op)) return [value, decodeAnsiC(value)];
  if (/^@[QAaK]$/.test(op)) return [value];
  const removal = /^(%%?|##?)(.*)$/s.exec(op);
  if (removal) {
    const [, how, pattern] = removal as unknown as [string, string, string];
    const fromEnd = how.startsWith('%');
    if (plainPattern.test(pattern)) {
      if (fromEnd) return [value.endsWith(pattern) ? value.slice(0, value.length - pattern.length) : value];
      return [value.startsWith(pattern) ? value.slice(pattern.length) : value];
    }
    // A wildcard pattern removes some suffix (`%`) or prefix (`#`): every one is possible.
    return Array.from({ length: value.length + 1 }, (_, i) => (fromEnd ? value.slice(0, i) : value.slice(i)));
  }
  const replace = /^\/([/#%]?)([^/]*)(?:\/(.*))?$/s.exec(op);
  if (replace) {
    const [, how, pattern, rep = ''] = replace as unknown as [string, string, string, string | undefined];
    if (!plainPattern.test(rep)) return undefined;
    // bash 5.2 puts the matched text where the replacement has `&` (patsub_replacement).
    const reps = [...new Set([rep, rep.split('&').join(pattern)])];
    if (!plainPattern.test(pattern) || pattern === '') {
      // A wildcard pattern replaces some run of characters: try every one (`x=.eXX; ${x/X*/nv}`).
      if (value.length > MAX_SUBSTRING_VALUE) return undefined;
      const all: string[] = [value];
      for (const r of [rep]) for (let i = 0; i <= value.length; i++) for (let j = i; j <= value.length; j++) all.push(value.slice(0, i) + r + value.slice(j));
      return all;
    }
    return reps.map((r) => {
      if (how === '/') return value.split(pattern).join(r);
      if (how === '#') return value.startsWith(pattern) ? r + value.slice(pattern.length) : value;
      if (how === '%') return value.endsWith(pattern) ? value.slice(0, value.length - pattern.length) + r : value;
      return value.replace(pattern, () => r);
    });
  }
  const substring = /^:\s*(-?\d+)?\s*(?::\s*(-?\d+)?\s*)?$/.exec(op);
  // bash reads an offset or length as arithmetic: `012` is octal ten.
  if (substring && /(?:^|[^0-9])0[0-9]/.test(op)) return undefined;
  if (substring && op !== ':') {
    const length = value.length;
    const start = Math.min(length, Math.max(0, Number(substring[1] ?? 0) < 0 ? length + Number(substring[1]) : Number(substring[1] ?? 0)));
    if (substring[2] === undefined && !op.slice(1).includes(':')) return [value.slice(start)];
    const count = Number(substring[2] ?? 0);
    return [count < 0 ? value.slice(start, Math.max(start, length + count)) : value.slice(start, start + count)];
  }
  if (op.startsWith(':') && !/^:[-=+?]/.test(op) && value.length <= MAX_SUBSTRING_VALUE) {
    // An offset or length that is not a plain number: any substring.
    const all: string[] = [];
    for (let i = 0; i <= value.length; i++) for (let j = i; j <= value.length; j++) all.push(value.slice(i, j));
    return all;
  }
  return undefined;
}
