// Variables a command string sets to known text, so `f=.env; cat $f` is checked as
// `cat .env`. Only ever adds what to check: the word as written is checked too, so a value
// set in a way not followed here (`read`, `eval`, `source`, arithmetic, `${x:=...}`) takes
// nothing away; a variable with an assignment we cannot read expands to nothing known.
// The literal values a variable is given are checked whatever else the script does
// (`f=.env; ls . ; cat $f`).
import type { Stmt, Word } from './ast.js';
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
          const options = command.args.slice(1).some((w) => /^[-+]/.test(wordValue(w).text));
          for (const w of command.args.slice(1)) {
            const v = wordValue(w);
            if (v.text.startsWith('-') || v.text.startsWith('+')) continue;
            const eq = v.text.indexOf('=');
            const name = eq === -1 ? v.text : v.text.slice(0, eq);
            if (eq === -1) continue; // `export f` keeps f's value
            if (options || !v.literal || v.text.includes('$', eq)) vars.set(name, 'unknown');
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
      } else {
        const values = m ? vars.get(m[1] ?? m[2]!) : undefined;
        if (values === undefined || values === 'unknown') return undefined;
        options = values;
      }
    } else return undefined;
    if (texts.length * options.length > max) return undefined;
    texts = texts.flatMap((t) => options.map((o) => t + o));
  }
  return texts;
}
