import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeCorpus } from './corpus.mjs';
import { HOME } from './engines/reference.mjs';
import { policyFile } from './engines/toolwarden.mjs';
async function load(dir) {
  const lib = await import(pathToFileURL(path.resolve(dir, 'index.js')).href);
  const loaded = await lib.loadPolicyFiles([policyFile(process.env.POLICY ?? 'reference.yaml')]);
  const set = lib.compilePolicies(loaded.policies, { store: lib.createMemoryStore(), home: HOME });
  return (call) => set.evaluate(call).decision;
}
const corpus = process.env.TOOL ? makeCorpus().filter((c) => c.toolName === process.env.TOOL) : makeCorpus();
const dirs = process.argv.slice(2);
const engines = [];
for (const d of dirs) engines.push(await load(d));
const rounds = dirs.map(() => []);
for (let r = 0; r < 3; r++) for (const e of engines) for (const c of corpus) e(c);
const reps = Math.max(1, Math.round(10000 / corpus.length));
for (let r = 0; r < 41; r++) for (let k = 0; k < engines.length; k++) {
  const i = (k + r) % engines.length;
  const t = process.hrtime.bigint();
  for (let q = 0; q < reps; q++) for (const c of corpus) engines[i](c);
  rounds[i].push(Number(process.hrtime.bigint() - t) / corpus.length / reps);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(dirs.map((d, i) => `${d}: ${median(rounds[i]).toFixed(0)}`).join('  '));
