// `node bench/working-set.mjs [policy]`: the floor and Toolwarden on the first N calls of the
// corpus, for N from 100 to all 10,000, each N's calls repeated until ~200,000 decisions. With
// few calls, everything either engine touches stays in the CPU's caches; with many, a decision
// also waits for memory: for Toolwarden, its memos of parses, canonical paths and glob answers.
// The change of each engine's time with N tells how much of it is memory (bench/PROFILE.md).
import { corpusFromEnv } from './corpus.mjs';
import { floor } from './engines/floor.mjs';
import { toolwarden } from './engines/toolwarden.mjs';

const policy = process.argv[2] ?? 'reference.yaml';
const corpus = corpusFromEnv();
const engines = [floor, toolwarden(policy, policy)];
for (const e of engines) await e.setup();
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Median ns per decision of `decide` over `calls`, in rounds of ~200,000 decisions. */
function timed(decide, calls) {
  const repeat = Math.max(1, Math.round(200_000 / calls.length));
  for (let w = 0; w < 3; w++) for (let r = 0; r < repeat; r++) for (const c of calls) decide(c);
  const rounds = [];
  for (let k = 0; k < 5; k++) {
    const t = process.hrtime.bigint();
    for (let r = 0; r < repeat; r++) for (const c of calls) decide(c);
    rounds.push(Number(process.hrtime.bigint() - t) / (repeat * calls.length));
  }
  return median(rounds);
}

console.log('calls   floor ns   toolwarden ns   ratio');
for (const n of [100, 300, 1000, 3000, corpus.length]) {
  const calls = corpus.slice(0, n);
  const [f, t] = engines.map((e) => timed(e.decide, calls));
  console.log(`${String(n).padStart(5)} ${f.toFixed(0).padStart(10)} ${t.toFixed(0).padStart(15)} ${(t / f).toFixed(2).padStart(7)}×`);
}
