// Variables a command string sets to known text, so `f=.env; cat $f` is checked as
// `cat .env`. Only ever adds what to check: a variable with any assignment we cannot
// read, or a script that can set variables in ways we do not follow (`read`, `eval`,
// `source`, arithmetic, `${x:=...}`), expands to nothing known and stays as written.
import type { Stmt, Word } from './ast.js';
import { nestedLists, wordValue } from './words.js';

/** Name → every literal value assigned anywhere, or 'unknown'. */
export type Variables = Map<string, string[] | 'unknown'>;

// Ways to set a variable that the collection below does not follow.
const untracked =
  /(^|[^A-Za-z0-9_])(read|mapfile|readarray|getopts|select|unset|source|eval|let|printf|coproc)([^A-Za-z0-9_]|$)|(^|[;&|\s(])\.\s|\$\{[^}]*:?[=?]|\(\(|\+=|\[[^\]]*\]=/;

/**
 * Adds the assignments of `stmts` (parsed from `source`) to `vars`. Returns false when the
 * source sets variables in ways not followed: the caller then stops expanding variables.
 */
export function collectVariables(source: string, stmts: Stmt[], vars: Variables): boolean {
  if (untracked.test(source)) return false;
  let ok = true;
  const visit = (list: Stmt[]): void => {
    for (const stmt of list) {
      if (!ok) return;
      const command = stmt.command;
      if (command === undefined) continue;
      if (command.kind === 'call') {
        for (const a of command.assigns) {
          if (a.items === undefined) assign(vars, a.name, a.value);
          else if (a.items.length === 0) vars.set(a.name, 'unknown');
          else for (const item of a.items) assign(vars, a.name, item);
        }
        const head = command.args[0] === undefined ? undefined : wordValue(command.args[0]).text;
        if (head !== undefined && declarations.has(head)) {
          // `export f=.env`: name=value words. Options (-n nameref, -i integer, -a array,
          // -u/-l case) change what the value becomes: stop expanding.
          for (const w of command.args.slice(1)) {
            const v = wordValue(w);
            if (v.text.startsWith('-') || v.text.startsWith('+')) { ok = false; return; }
            const eq = v.text.indexOf('=');
            const name = eq === -1 ? v.text : v.text.slice(0, eq);
            if (eq === -1) continue; // `export f` keeps f's value
            if (!v.literal || v.text.includes('$', eq)) vars.set(name, 'unknown');
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
  return ok;
}

const declarations = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

function add(vars: Variables, name: string, text: string): void {
  const known = vars.get(name);
  if (known === 'unknown') return;
  if (known === undefined) vars.set(name, [text]);
  else if (!known.includes(text)) known.push(text);
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
const simpleReference = /^\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)(?:\[(?:[@*]|\d+)\])?\})$/;

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
      const values = m ? vars.get(m[1] ?? m[2]!) : undefined;
      if (values === undefined || values === 'unknown') return undefined;
      options = values;
    } else return undefined;
    if (texts.length * options.length > max) return undefined;
    texts = texts.flatMap((t) => options.map((o) => t + o));
  }
  return texts;
}
