// `node bench/same-decisions.mjs BASE_DIST [NEW_DIST] [--no-trace]`: do two builds of Toolwarden decide
// exactly alike (decision, reasons in order, approval, explain trace)? Run before committing a
// change to the hot path. Policies: bench/policy/*.yaml and all of policies/; calls: a seeded
// corpus, the same with working directories, with every path new (two ways), examples/calls.jsonl and
// a few malformed inputs; each as gateways call, with `allReasons` and with `explain`, twice (cold and warm memos).
// Build BASE_DIST as for bench/ab.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { makeCorpus, makeUniquePathCorpus } from './corpus.mjs';
import { HOME } from './engines/reference.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const [baseDir, newDir = path.join(root, 'dist')] = process.argv.slice(2).filter((a) => a !== '--no-trace');
if (!baseDir) {
  console.error('usage: node bench/same-decisions.mjs BASE_DIST [NEW_DIST]');
  process.exit(2);
}
const load = (dir) => import(pathToFileURL(path.resolve(dir, 'index.js')).href);
const [A, B] = [await load(baseDir), await load(newDir)];

const yamlIn = (dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.yaml') && !f.endsWith('.test.yaml')).map((f) => path.join(dir, f));
const policySets = [...yamlIn(path.join(root, 'bench/policy')).map((f) => [f]), yamlIn(path.join(root, 'policies'))];

const corpus = makeCorpus(8000, 7);
const calls = [...corpus];
corpus.slice(0, 3000).forEach((c, i) => calls.push({ ...c, cwd: ['/srv/ws/src', '/srv/agents/coder', '/tmp'][i % 3] }));
corpus.slice(0, 2000).forEach((c, i) => calls.push({ ...c, params: Object.fromEntries(Object.entries(c.params).map(([k, v]) => [k, typeof v === 'string' ? v.replace(/\w+/, `p${i}`) : v])) }));
calls.push(...makeUniquePathCorpus(3000, 11));
for (const line of fs.readFileSync(path.join(root, 'examples/calls.jsonl'), 'utf8').split('\n').filter(Boolean)) calls.push(JSON.parse(line));
calls.push(null, 1, 'x', [], { toolName: '' }, { toolName: 'read', params: null }, { toolName: 'read', extra: 1 }, { toolName: 'exec', params: { command: 'ls', cmd: 'rm' } }, { toolName: 'read', requester: { channel: null, senderIsOwner: true } });

// `--no-trace`: compare decisions, reasons and approvals only (a new check adds trace entries everywhere).
const noTrace = process.argv.includes('--no-trace');
const withoutTrace = (d) => (noTrace && d && typeof d === 'object' ? { ...d, trace: undefined } : d);

let evaluations = 0;
let differences = 0;
for (const files of policySets) {
  const make = async (lib) => {
    const loaded = await lib.loadPolicyFiles(files);
    return lib.compilePolicies(loaded.policies, { store: lib.createMemoryStore(), home: HOME, clock: () => 1764400000000 });
  };
  const [a, b] = [await make(A), await make(B)];
  // As gateways call it (a deny stops at its first check), with every reason, and explained.
  for (const opts of [undefined, { allReasons: true }, { explain: true }]) {
    for (let pass = 0; pass < 2; pass++) {
      for (const call of calls) {
        const [x, y] = [JSON.stringify(withoutTrace(await a.evaluate(call, opts))), JSON.stringify(withoutTrace(await b.evaluate(call, opts)))];
        evaluations++;
        if (x === y) continue;
        if (differences++ < 5) console.log(`differs (${path.basename(files[0])}): ${JSON.stringify(call)}\n  base ${x.slice(0, 400)}\n  new  ${y.slice(0, 400)}`);
      }
    }
  }
}
console.log(`${evaluations} evaluations, ${differences} differences`);
process.exit(differences ? 1 : 0);
