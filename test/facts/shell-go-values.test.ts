// The shell converter reads mvdan-sh's tree as GopherJS keeps it (src/facts/shell/go-values.ts),
// not through the JS API's wrappers. Here both views of the same parse are walked side by
// side, every exported field of every node: the wrappers' reading is the reference. If an
// upgrade of mvdan-sh (or of GopherJS inside it) changes how values are kept, this fails.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { goValueOf, isNil, items, text, typeName } from '../../src/facts/shell/go-values.js';
import { UnsupportedSyntax } from '../../src/facts/shell/errors.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
const { syntax } = createRequire(import.meta.url)('mvdan-sh') as any;

// Every construct the converter reads, and a few it does not (comments, positions).
const COMMANDS = [
  `FOO=1 echo "a $x" 'b' $'c\\x41' é 😀 > out 2>&1 | grep -v é && ls || true; sleep 1 & wait`,
  '{ ls; } ; (cd x && rm y) |& cat',
  'if a; then b; elif c; then d; else e; fi',
  'while read l; do echo "$l"; done < f; until false; do :; done',
  'for f in *.ts "$@"; do cat $f; done; for ((i=0; i<3; i++)); do echo $((i+1)); done; for g; do :; done',
  'case $x in a|b) echo $(id);; *) ls;; esac',
  'f() { rm -rf /; }; function g { ls; }',
  'time ls; coproc cat; ((x++)); [[ -f $(id) && $y == z ]]; let x=1+$(id) y=2; ! true',
  'export A=$(b) B; declare -a arr=(1 2 $(c)); local x; readonly R=1; a[$(i)]=v; b+=(y); c=([k]=v)',
  'cat <<EOF\nbody $(id) é\nEOF\ncat <<\'E\'\nraw $x\nE\ncat <<-X\n\tt\nX\ncat <<< "$s"; diff <(ls) >(wc)',
  'echo ${x:-$(id)} ${#y} ${z/a/b} ${w[1]} ${v:1:2} ${!p} ${u^^} `echo \\`id\\``',
  'ls @(a|b) !(c) +(d) # a comment é',
  'echo "$(echo "nested $(id)")" \'it\'"s" r""m \\rm',
  '> ~/.ssh/x; 3<&0 cat; exec 3>&-; echo hi >| f &> g &>> h <> i',
];

/** Pointer types of mvdan-sh's syntax package that are parts of nodes, not nodes. */
const NOT_NODES = new Set(['Pos', 'Slice', 'Replace', 'Expansion', 'Comment']);

interface Seen {
  types: Set<string>;
  fields: number;
}

/** Walks a wrapper and its Go value together, checking every exported field. */
function compare(wrapper: any, value: any, where: string, seen: Seen): void {
  seen.fields++;
  if (wrapper === null || wrapper === undefined) {
    expect(isNil(value), `${where} is nil`).toBe(true);
    return;
  }
  if (typeof wrapper === 'function') return; // a method
  if (typeof wrapper === 'string') {
    expect(text(value), where).toBe(wrapper);
    return;
  }
  if (typeof wrapper !== 'object') {
    expect(value, where).toBe(wrapper); // numbers and booleans are kept as they are
    return;
  }
  if (Array.isArray(wrapper)) {
    // A nil slice reads as an empty list, as the API gives it.
    const list = items(value);
    expect(list.length, `${where} length`).toBe(wrapper.length);
    wrapper.forEach((w, i) => compare(w, list[i], `${where}[${i}]`, seen));
    return;
  }
  expect(isNil(value), `${where} is not nil`).toBe(false);
  const goType: string = value.constructor.string;
  if (goType.startsWith('*syntax.')) {
    const name = typeName(value);
    // NodeType knows the node types only (not helper structs such as a ParamExp's Slice).
    if (!NOT_NODES.has(name)) expect(name, where).toBe(syntax.NodeType(wrapper));
    seen.types.add(name);
  }
  for (const key of Object.keys(value)) {
    // Exported Go fields start with a capital letter; `$val` and lower-case ones are GopherJS's or private.
    if (!/^[A-Z]/.test(key)) continue;
    compare(wrapper[key], value[key], `${where}.${key}`, seen);
  }
}

describe('mvdan-sh values read without wrappers', () => {
  it('agree with the JS API on every exported field of every node', () => {
    const seen: Seen = { types: new Set(), fields: 0 };
    for (const command of COMMANDS) {
      const file = syntax.NewParser().Parse(command, '');
      compare(file, goValueOf(file), JSON.stringify(command), seen);
    }
    // Every node type the converter reads was compared at least once.
    const read = ['File', 'Stmt', 'CallExpr', 'Word', 'Lit', 'SglQuoted', 'DblQuoted', 'CmdSubst', 'ProcSubst', 'ParamExp', 'ArithmExp',
      'BinaryCmd', 'Block', 'Subshell', 'IfClause', 'WhileClause', 'ForClause', 'WordIter', 'CStyleLoop', 'CaseClause', 'CaseItem',
      'FuncDecl', 'TimeClause', 'CoprocClause', 'ArithmCmd', 'TestClause', 'LetClause', 'DeclClause', 'Assign', 'ArrayExpr', 'ArrayElem',
      'Redirect', 'ExtGlob'];
    for (const type of read) expect(seen.types, type).toContain(type);
    expect(seen.fields).toBeGreaterThan(1000);
  });

  it('refuse what is not a tree they know (fail closed)', () => {
    expect(() => goValueOf({})).toThrow(UnsupportedSyntax);
    expect(() => typeName({})).toThrow(UnsupportedSyntax);
    expect(() => typeName({ constructor: { string: 'main.Other' } })).toThrow(UnsupportedSyntax);
    expect(() => items([1, 2])).toThrow(UnsupportedSyntax);
    expect(() => text(42)).toThrow(UnsupportedSyntax);
    expect(isNil(undefined)).toBe(true);
  });

  it('decode strings as UTF-8 bytes', () => {
    expect(text('caf\u00c3\u00a9')).toBe('café');
    expect(text('plain')).toBe('plain');
  });
});
