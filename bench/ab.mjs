// `node bench/ab.mjs BASE_DIST [NEW_DIST] [policy]`: two builds of Toolwarden in one process on the
// corpus, whole-corpus rounds alternated, for telling whether a change to the hot path helps.
// BASE_DIST is a dist/ directory built from another commit, e.g.
//   git worktree add /tmp/base HEAD~1 && (cd /tmp/base && npm ci && npm run build)
//   node bench/ab.mjs /tmp/base/dist
// Steps under ~3% are noise on a shared machine: repeat the run before believing one.
// CORPUS=unique runs on makeUniquePathCorpus (every path new to its call), CORPUS=varied on makeVariedCorpus (calls as read from JSON).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusFromEnv } from './corpus.mjs';
import { HOME } from './engines/reference.mjs';
import { policyFile } from './engines/toolwarden.mjs';

const [baseDir, newDir = 'dist', policy = 'reference.yaml'] = process.argv.slice(2);
if (!baseDir) {
  console.error('usage: node bench/ab.mjs BASE_DIST [NEW_DIST] [policy in bench/policy/]');
  process.exit(2);
}
const ROUNDS = 25;
const corpus = corpusFromEnv();

async function load(dir) {
  const lib = await import(pathToFileURL(path.resolve(dir, 'index.js')).href);
  const loaded = await lib.loadPolicyFiles([policyFile(policy)]);
  const set = lib.compilePolicies(loaded.policies, { store: lib.createMemoryStore(), home: HOME });
  return (call) => set.evaluate(call).decision;
}
const engines = [await load(baseDir), await load(newDir)];
const rounds = [[], []];
for (let r = 0; r < 3; r++) for (const e of engines) for (const c of corpus) e(c);
for (let r = 0; r < ROUNDS; r++) {
  for (let k = 0; k < 2; k++) {
    const i = (k + r) % 2;
    const t = process.hrtime.bigint();
    for (const c of corpus) engines[i](c);
    rounds[i].push(Number(process.hrtime.bigint() - t) / corpus.length);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const [base, next] = rounds.map(median);
const [baseMin, nextMin] = rounds.map((xs) => Math.min(...xs));
console.log(`${policy}: base ${base.toFixed(0)} ns (min ${baseMin.toFixed(0)}), new ${next.toFixed(0)} ns (min ${nextMin.toFixed(0)}); new/base ${(next / base).toFixed(3)} (min ${(nextMin / baseMin).toFixed(3)})`);
