// `node bench/quick.mjs [policy...]`: a quick median ns/decision of Toolwarden and the floor
// on the corpus, for iterating on the hot path (bench/run.js is the real benchmark).
import { corpusFromEnv } from './corpus.mjs';
import { floor } from './engines/floor.mjs';
import { toolwarden } from './engines/toolwarden.mjs';

const files = process.argv.slice(2).length ? process.argv.slice(2) : ['reference.yaml', 'reference-symlinks.yaml', 'reference-rules.yaml'];
// CORPUS=unique: every path new to its call; CORPUS=varied: calls as read from JSON (bench/corpus.mjs).
const corpus = corpusFromEnv();
const engines = [floor, ...files.map((f) => toolwarden(f, f))];
for (const e of engines) await e.setup();
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const e of engines) {
  for (const c of corpus) e.decide(c); // warm up
  const rounds = [];
  for (let r = 0; r < 7; r++) {
    const t = process.hrtime.bigint();
    for (const c of corpus) e.decide(c);
    rounds.push(Number(process.hrtime.bigint() - t) / corpus.length);
  }
  const each = new Float64Array(corpus.length);
  for (let i = 0; i < corpus.length; i++) {
    const t = process.hrtime.bigint();
    e.decide(corpus[i]);
    each[i] = Number(process.hrtime.bigint() - t);
  }
  each.sort();
  console.log(`${e.name.padEnd(32)} median ${median(rounds).toFixed(0).padStart(7)} ns  min ${Math.min(...rounds).toFixed(0).padStart(7)} ns  p50 ${(each[5000] / 1000).toFixed(2)} µs  p99 ${(each[9900] / 1000).toFixed(2)} µs`);
}
