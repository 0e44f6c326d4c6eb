// Variables a command string sets to known text, so `f=.env; cat $f` is checked as
// `cat .env`. Only ever adds what to check: the word as written is checked too, so a value
// set in a way not followed here (`read`, `eval`, `source`, arithmetic, `${x:=...}`) takes
// nothing away; a variable with an assignment we cannot read expands to nothing known.
// The literal values a variable is given are checked whatever else the script does
// (`f=.env; ls . ; cat $f`).
import type { Stmt, Word } from './ast.js';
import { decodeAnsiC } from './parser.js';
import { nestedLists, wordValue } from './words.js';

/** Name → every literal value assigned anywhere, or 'unknown'. */
export type Variables = Map<string, string[] | 'unknown'>;

/** Adds the literal assignments of `stmts` to `vars` (an unreadable one makes its variable unknown). */
export function collectVariables(stmts: Stmt[], vars: Variables): void {
  const visit = (list: Stmt[]): void => {
    for (const stmt of list) {
      const command = stmt.command;
      if (command === undefined) continue;
      if (command.kind === 'call') {
        for (const a of command.assigns) {
          if (a.append) append(vars, a.name, a.value);
          else if (a.items === undefined) assign(vars, a.name, a.value);
          else if (a.items.length === 0) vars.set(a.name, 'unknown');
          else for (const item of a.items) assign(vars, a.name, item);
        }
        const head = command.args[0] === undefined ? undefined : wordValue(command.args[0]).text;
        if (head !== undefined && declarations.has(head)) {
          // `export f=.env`: name=value words. Options (-n nameref, -i integer, -a array,
          // -u/-l case) change what the value becomes: its names are unknown.
          const optionWords = command.args.slice(1).map((w) => wordValue(w).text).filter((t) => /^[-+]/.test(t));
          // `-l`, `-u`, `-c` only change the value's case (and `-x`, `-r`, `-g`, `-t` nothing of it).
          const caseOnly = optionWords.length > 0 && optionWords.every((t) => /^[-+][lucxrgt]+$/.test(t));
          const options = optionWords.length > 0 && !caseOnly;
          for (const w of command.args.slice(1)) {
            const v = wordValue(w);
            if (v.text.startsWith('-') || v.text.startsWith('+')) continue;
            const eq = v.text.indexOf('=');
            const name = eq === -1 ? v.text : v.text.slice(0, eq);
            if (eq === -1) continue; // `export f` keeps f's value
            if (options || !v.literal || v.text.includes('$', eq)) vars.set(name, 'unknown');
            else if (caseOnly) for (const form of new Set(applyOperator(v.text.slice(eq + 1), ',,'))) add(vars, name, form);
            else add(vars, name, v.text.slice(eq + 1));
          }
        }
        for (const w of command.args) for (const n of nestedLists(w)) visit(n);
      } else {
        if (command.loopVar !== undefined) {
          if (command.words.length === 0) vars.set(command.loopVar, 'unknown');
          for (const w of command.words) assign(vars, command.loopVar, w);
        }
        visit(command.body);
        for (const n of command.nested) visit(n);
      }
    }
  };
  visit(stmts);
}

const declarations = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

function add(vars: Variables, name: string, text: string): void {
  const known = vars.get(name);
  if (known === 'unknown') return;
  if (known === undefined) vars.set(name, [text]);
  else if (!known.includes(text)) known.push(text);
}

/** `f+=v`: each value f may have, with v appended, is one more it may have (`f=.e; f+=nv` is `.env`). */
function append(vars: Variables, name: string, value: Word | undefined): void {
  const known = vars.get(name);
  const v = value === undefined ? undefined : wordValue(value);
  if (known === 'unknown') return;
  if (v === undefined || !v.literal || v.text.includes('$')) {
    vars.set(name, 'unknown');
    return;
  }
  for (const before of known === undefined ? [''] : [...known]) add(vars, name, before + v.text);
}

function assign(vars: Variables, name: string, value: Word | undefined): void {
  const known = vars.get(name);
  if (known === 'unknown') return;
  const v = value === undefined ? undefined : wordValue(value);
  if (v === undefined || !v.literal || v.text.includes('$')) {
    vars.set(name, 'unknown');
    return;
  }
  add(vars, name, v.text);
}

// `$f`, `${f}`, and an array's elements: `${a[@]}`, `${a[*]}`, `${a[0]}` (any element,
// which checks more words than run, never fewer).
// `${x:-word}`, `${x-word}`, `${x:=word}`, `${x:+word}` with a literal word.
const defaultReference = /^\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*]):?([-=+])([^$`"'\\{}]*)\}$/;
// `$f`, `${f}`, `${f[0]}`, and the positional parameters `$1`, `${10}`, `$@`, `$*` (set for `sh -c STRING ARGS`).
const simpleReference = /^\$(?:([A-Za-z_][A-Za-z0-9_]*|[0-9@*])|\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])(?:\[(?:[@*]|\d+)\])?\})$/;

/**
 * The texts `word` can expand to when every expansion in it is a variable this script
 * set to known text, or undefined. At most `max` alternatives.
 */
export function expandVariables(word: Word, vars: Variables, max: number): string[] | undefined {
  let texts = [''];
  for (const part of word.parts) {
    let options: string[];
    if (part.kind === 'literal') options = [part.value];
    else if (part.kind === 'expansion') {
      const m = simpleReference.exec(part.source);
      const d = m ? null : defaultReference.exec(part.source);
      if (d) {
        // `${x:-w}`, `${x:=w}`: x's value or w; `${x:+w}`: w or nothing (`cat ${UNSET:-.env}` reads .env).
        const known = vars.get(d[1]!);
        options = d[2] === '+' ? [d[3]!, ''] : [...(Array.isArray(known) ? known : []), d[3]!];
      } else if (m) {
        const values = vars.get(m[1] ?? m[2]!);
        if (values === undefined || values === 'unknown') return undefined;
        options = values;
      } else {
        // `${x%x}`, `${x,,}`, `${x:1}`: an operator on a known value (`x=.envx; cat ${x%x}` reads .env).
        const o = operatorReference.exec(part.source);
        const values = o ? vars.get(o[1]!) : undefined;
        if (o === null || values === undefined || values === 'unknown') return undefined;
        const results = values.map((v) => applyOperator(v, o[2]!));
        if (results.some((r) => r === undefined)) return undefined;
        options = [...new Set(results.flat() as string[])];
      }
    } else return undefined;
    if (texts.length * options.length > max) return undefined;
    texts = texts.flatMap((t) => options.map((o) => t + o));
  }
  return texts;
}

// `${name OP}`: a known variable with an operator after its name.
const operatorReference = /^\$\{([A-Za-z_][A-Za-z0-9_]*)([%#/:^,@~][^]*)\}$/;
// Text that is only itself as a pattern: no wildcard, quote, escape or expansion.
const plainPattern = /^[^*?[\]\\'"$`{}()!@+]*$/;
/** Most characters of a value whose substrings are all tried (`${x:$n:2}`). */
const MAX_SUBSTRING_VALUE = 20;

/**
 * What bash's operator `op` (the text after the name) may make of `value`: one text when
 * it is read exactly, several when only bounded (every prefix for `%` with a wildcard),
 * undefined when not known.
 */
function applyOperator(value: string, op: string): string[] | undefined {
  const caseForms = [value, value.toLowerCase(), value.toUpperCase(), value.charAt(0).toUpperCase() + value.slice(1), value.charAt(0).toLowerCase() + value.slice(1)];
  // `,,` `^^` `,` `^` `~~` `~` (with or without a pattern), `@L` `@U` `@u`: some change of case.
  if (/^(,,?|\^\^?|~~?)/.test(op) || /^@[LUu]$/.test(op)) return caseForms;
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
