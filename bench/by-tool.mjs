// `node bench/by-tool.mjs [policy]`: where the gap to the floor is made, by tool name. Both engines
// run the whole corpus in its own order (rounds alternated); each call is timed alone, so the
// figures include ~30–60 ns of timer overhead per call, the same for both.
import { corpusFromEnv } from './corpus.mjs';
import { floor } from './engines/floor.mjs';
import { toolwarden } from './engines/toolwarden.mjs';

const corpus = corpusFromEnv();
const engines = [floor, toolwarden('toolwarden', process.argv[2] ?? 'reference.yaml')];
for (const e of engines) await e.setup();
const ROUNDS = 15;
const names = corpus.map((c) => (typeof c.toolName === 'string' ? c.toolName : '(bad)'));
// per engine, per round, per call: ns
const times = engines.map(() => Array.from({ length: ROUNDS }, () => new Float64Array(corpus.length)));
for (let r = -2; r < ROUNDS; r++) {
  for (let k = 0; k < engines.length; k++) {
    const i = (k + Math.max(r, 0)) % engines.length;
    const e = engines[i];
    for (let j = 0; j < corpus.length; j++) {
      const t = process.hrtime.bigint();
      e.decide(corpus[j]);
      if (r >= 0) times[i][r][j] = Number(process.hrtime.bigint() - t);
    }
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const groups = new Map();
names.forEach((n, j) => groups.set(n, [...(groups.get(n) ?? []), j]));
const rows = [...groups].map(([name, idx]) => {
  const [f, t] = times.map((rounds) => median(rounds.map((round) => idx.reduce((s, j) => s + round[j], 0) / idx.length)));
  return { name, n: idx.length, floor: f, tw: t };
});
const gap = rows.reduce((s, r) => s + r.n * (r.tw - r.floor), 0);
rows.sort((a, b) => b.n * (b.tw - b.floor) - a.n * (a.tw - a.floor));
console.log('tool'.padEnd(24), 'calls'.padStart(6), 'floor ns'.padStart(9), 'tw ns'.padStart(8), 'ratio'.padStart(6), 'gap share'.padStart(10));
for (const r of rows) console.log(r.name.padEnd(24), String(r.n).padStart(6), r.floor.toFixed(0).padStart(9), r.tw.toFixed(0).padStart(8), (r.tw / r.floor).toFixed(2).padStart(6), `${((100 * r.n * (r.tw - r.floor)) / gap).toFixed(1)}%`.padStart(10));
const all = (k) => rows.reduce((s, r) => s + r.n * r[k], 0) / corpus.length;
console.log('all'.padEnd(24), String(corpus.length).padStart(6), all('floor').toFixed(0).padStart(9), all('tw').toFixed(0).padStart(8), (all('tw') / all('floor')).toFixed(2).padStart(6));
