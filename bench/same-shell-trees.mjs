// `node bench/same-shell-trees.mjs BASE_DIST [NEW_DIST]`: do two builds read command strings
// exactly alike? Compares mvdan-sh's converted tree (parseWithMvdan: the tree or the error) and
// the shell facts (parseShell) on every command of the adversarial corpus and on random
// commands made of shell pieces (RUNS of each kind, default 20,000; SEED, default 1). Run it
// before committing a change to src/facts/shell/. Build BASE_DIST as for bench/ab.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import YAML from 'yaml';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const [baseDir, newDir = path.join(root, 'dist')] = process.argv.slice(2);
if (!baseDir) {
  console.error('usage: node bench/same-shell-trees.mjs BASE_DIST [NEW_DIST]');
  process.exit(2);
}
const RUNS = Number(process.env.RUNS ?? 20000);
const SEED = Number(process.env.SEED ?? 1);
const load = async (dir) => ({
  parser: await import(pathToFileURL(path.resolve(dir, 'facts/shell/parser.js')).href),
  shell: await import(pathToFileURL(path.resolve(dir, 'facts/shell/index.js')).href),
});
const [A, B] = [await load(baseDir), await load(newDir)];

const tree = (build, source) => {
  try {
    return JSON.stringify(build.parser.parseWithMvdan(source, 32));
  } catch (error) {
    return `${error.name}: ${error.message}`;
  }
};
let checked = 0;
let differences = 0;
function check(source) {
  checked++;
  const [ta, tb] = [tree(A, source), tree(B, source)];
  const [fa, fb] = [JSON.stringify(A.shell.parseShell(source)), JSON.stringify(B.shell.parseShell(source))];
  if (ta === tb && fa === fb) return;
  differences++;
  if (differences <= 10) console.log(`differs: ${JSON.stringify(source)}\n  base ${ta.slice(0, 300)}\n  new  ${tb.slice(0, 300)}${fa === fb ? '' : '\n  (facts differ too)'}`);
}

// Every string of the adversarial cases (commands, paths and the rest: all are inputs).
const strings = new Set();
const collect = (v) => {
  if (typeof v === 'string') strings.add(v);
  else if (Array.isArray(v)) v.forEach(collect);
  else if (v && typeof v === 'object') Object.values(v).forEach(collect);
};
const cases = path.join(root, 'test/adversarial/cases');
for (const f of fs.readdirSync(cases)) collect(YAML.parse(fs.readFileSync(path.join(cases, f), 'utf8')));
for (const s of strings) check(s);

// Random commands: pieces of every construct the converter reads, non-ASCII text included.
const PIECES = ['git', 'status', 'ls', '-la', 'rm', '-rf', '/', 'echo', '$HOME', '${HOME}', '$x', '${x:-$(id)}', '${#x}', '${x/a/$(b)}', '${x[$(i)]}', '${x:$(o):1}',
  '$(id)', '`id`', '`echo \\`id\\``', '"a $x b"', "'x y'", "$'\\x72m'", "$'caf\\xc3\\xa9'", 'é', 'café', '😀', 'ü/ß', '"é$(id)"', 'a=1', 'a=(x $(y) z)',
  'a[$(i)]=$(v)', 'a+=1', 'export A=$(b)', 'declare -x B=1', 'local c', 'readonly D', 'if', 'then', 'fi', 'else', 'elif', 'for', 'in', 'do', 'done',
  'while', 'case', 'esac', ';;', '(', ')', '{', '}', '[[', ']]', '-f', '((', '))', '$((1+$(x)))', 'let', 'x=1+2', 'time', 'coproc', '!', 'function',
  'f()', '<<EOF\nbody $(id) é\nEOF\n', "<<'E'\nraw $(x)\nE\n", '<<-X\n\tz\nX\n', '<<<', '<(ls)', '>(cat)', '> out', '>> log', '2>&1', '&>f', '<&3',
  '>|f', '\\rm', 'r""m', '#c', '\\\n', '|', '&&', '||', ';', '&', '|&', '\n', ' '];
const pieces = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }).map((ps) => ps.join(' '));
const chars = fc.array(fc.constantFrom('a', 'b', '1', ' ', '\n', '|', '&', ';', '>', '<', '"', "'", '=', '/', '*', '[', ']', '{', '}', '$', '(', ')', '`', '#', '\\', 'é', '😀', '-', ','), { minLength: 1, maxLength: 20 }).map((cs) => cs.join(''));
for (const arbitrary of [pieces, chars]) fc.assert(fc.property(arbitrary, (s) => (check(s), true)), { numRuns: RUNS, seed: SEED });

console.log(`${checked} command strings, ${differences} differences`);
process.exit(differences === 0 ? 0 : 1);
