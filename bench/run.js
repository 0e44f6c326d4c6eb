// `npm run bench`: every engine decides the same 10,000 calls; decisions are compared with
// the hand-written floor, then timed side by side in one process, rounds rotated.
// Writes bench/RESULTS.md. Needs `npm run build` first (the root script does it).
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const FLAGS = ['--expose-gc', '--no-turbo-inline-js-wasm-calls'];

// Re-run with the flags we need (gc for memory, the V8 flag Cedar's wasm needs on Node 20).
if (typeof globalThis.gc !== 'function') {
  const r = spawnSync(process.execPath, [...FLAGS, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
// Peers are heavy: they live in bench/'s own package so the library install stays lean.
if (!existsSync(path.join(here, 'node_modules', 'casbin'))) {
  console.error('installing benchmark peers into bench/node_modules ...');
  const r = spawnSync('npm', ['install', '--prefix', here, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// Gemini CLI's engine logs every check through console.debug.
console.debug = () => {};

const { makeCorpus, makeUniquePathCorpus, makeVariedCorpus } = await import('./corpus.mjs');
const { floor } = await import('./engines/floor.mjs');
const { toolwarden } = await import('./engines/toolwarden.mjs');
const { measureMemory, measureLoadAll } = await import('./memory.mjs');

const FLOOR_NOTE = `bench/engines/floor.mjs is the reference policy written by hand as one closure: requester
role first (owner / maintainer by channel+account+role / other / none), the read-only group, then every path the
parameters name (and \`apply_patch\` headers) made absolute against the root with \`path.posix.resolve\`, checked
to be inside the root and against the forbidden globs compiled once with picomatch (\`dot: true\`). For \`exec\` it uses
a small tokenizer, not a shell parser: quotes, backslashes, \`VAR=\` prefixes, the operators \`&& || ; | & |&\` and
newlines, and redirections; input with \`$\`, backticks, \`<(\`/\`>(\`, here-docs, grouping or line continuations is
treated as unverifiable and denied, which is right for a policy with an allowlist. Arguments that look like paths
(contain \`/\`, start with \`.\` or \`~\`) and redirection targets are path-checked (relative ones in the tool's \`workdir\` when it has one), and other arguments that are not options are checked
against the forbidden globs as names in the root (\`cat server.pem\`). It does not unwrap \`sudo\` or
\`bash -c\`: with an allowlist those are denied anyway. It is correct on this corpus, not a general engine.`;

// Enough rounds that the median stands still on a shared machine (the whole run takes well under a minute).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const corpus = makeCorpus();

const engines = [
  floor,
  toolwarden('toolwarden (symlinks off)', 'reference.yaml'),
  toolwarden('toolwarden (symlinks on)', 'reference-symlinks.yaml'),
  toolwarden('toolwarden + 3 custom rules', 'reference-rules.yaml'),
];
for (const peer of ['json-rules-engine', 'cedar', 'casbin', 'gemini-cli']) {
  try {
    // A peer module imports its library at the top or in setup(); both count as import time.
    const t = performance.now();
    const mod = await import(`./engines/${peer}.mjs`);
    const moduleMs = performance.now() - t;
    mod.default.cold = { ...(mod.default.cold ?? {}), moduleMs };
    engines.push(mod.default);
  } catch (error) {
    engines.push({ name: peer, failed: `not available: ${String(error?.message ?? error).split('\n')[0]}`, setup() { throw new Error(this.failed); } });
  }
}

// Cold start: import, validate and compile, each engine once; setup() records the parts it can
// tell apart (cold.importMs, cold.validateMs, cold.compileMs), the total is the wall time.
const live = [];
for (const engine of engines) {
  const t = performance.now();
  try {
    await engine.setup();
    engine.cold = { ...(engine.cold ?? {}) };
    engine.cold.totalMs = performance.now() - t + (engine.cold.moduleMs ?? 0);
    if (engine.cold.moduleMs !== undefined) engine.cold.importMs = (engine.cold.importMs ?? 0) + engine.cold.moduleMs;
    live.push(engine);
  } catch (error) {
    engine.failed = String(error?.stack ?? error).split('\n').slice(0, 3).join(' ');
    console.error(`${engine.name}: setup failed: ${engine.failed}`);
  }
}

async function decideAll(engine, calls, out) {
  for (let i = 0; i < calls.length; i++) {
    let d = engine.decide(calls[i]);
    if (typeof d !== 'string') d = await d;
    if (out) out[i] = d;
  }
}

// 1. Agreement with the floor, before any timing (also warms every engine up).
const floorDecisions = new Array(corpus.length);
await decideAll(floor, corpus, floorDecisions);
for (const engine of live) {
  const mine = new Array(corpus.length);
  try {
    await decideAll(engine, corpus, mine);
  } catch (error) {
    engine.failed = `decide threw: ${String(error?.message ?? error)}`;
    continue;
  }
  engine.decisions = mine;
  const classes = new Map();
  let differ = 0;
  for (let i = 0; i < corpus.length; i++) {
    if (mine[i] === floorDecisions[i]) continue;
    differ++;
    const why = engine.explain?.(corpus[i], floorDecisions[i], mine[i]) ?? 'UNEXPLAINED';
    const key = `${floorDecisions[i]} → ${mine[i]}: ${why}`;
    const entry = classes.get(key) ?? { count: 0, example: corpus[i] };
    entry.count++;
    classes.set(key, entry);
  }
  engine.agreement = { differ, classes };
}
const timed = live.filter((e) => !e.failed);

// 2. Throughput: rounds, engine order rotated each round; slow engines get a slice per round.
const samples = new Map(timed.map((e) => [e, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (let k = 0; k < timed.length; k++) {
    const engine = timed[(round + k) % timed.length];
    const calls = engine.slow ? corpus.slice(0, 2000) : corpus;
    const t = process.hrtime.bigint();
    await decideAll(engine, calls);
    samples.get(engine).push(Number(process.hrtime.bigint() - t) / calls.length);
  }
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
for (const engine of timed) engine.medianNs = median(samples.get(engine));

// 3. Per-call latency: each call timed alone.
for (const engine of timed) {
  const calls = engine.slow ? corpus.slice(0, 2000) : corpus;
  const each = new Float64Array(calls.length);
  for (let i = 0; i < calls.length; i++) {
    const t = process.hrtime.bigint();
    const d = engine.decide(calls[i]);
    if (typeof d !== 'string') await d;
    each[i] = Number(process.hrtime.bigint() - t);
  }
  each.sort();
  engine.p50 = each[Math.floor(each.length * 0.5)];
  engine.p99 = each[Math.floor(each.length * 0.99)];
}

// 3b. Floor and Toolwarden (symlinks off) again on other forms of the corpus: a first pass,
// the decisions compared, then rounds rotated.
const twOff = timed.find((e) => e.name === 'toolwarden (symlinks off)');
const pair = twOff ? [floor, twOff] : [];
async function pairOn(corpus) {
  const stats = new Map(pair.map((e) => [e, { first: 0, rounds: [], differ: 0 }]));
  for (const engine of pair) {
    const t = process.hrtime.bigint();
    await decideAll(engine, corpus);
    stats.get(engine).first = Number(process.hrtime.bigint() - t) / corpus.length;
  }
  if (twOff) {
    const [a, b] = [new Array(corpus.length), new Array(corpus.length)];
    await decideAll(floor, corpus, a);
    await decideAll(twOff, corpus, b);
    stats.get(twOff).differ = a.filter((d, i) => d !== b[i]).length;
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < pair.length; k++) {
      const engine = pair[(round + k) % pair.length];
      const t = process.hrtime.bigint();
      await decideAll(engine, corpus);
      stats.get(engine).rounds.push(Number(process.hrtime.bigint() - t) / corpus.length);
    }
  }
  return stats;
}
// Every path new to its call: nothing a round asks about a path was asked before in that
// round. The first pass meets every path for the first time; later passes show what a set
// remembers across a long session.
const uniqueCorpus = makeUniquePathCorpus();
const unique = await pairOn(uniqueCorpus);
// Calls as a gateway hands them over, read from JSON: fresh objects and strings, optional
// call keys, parameters in any order with extras. What V8 makes of many call shapes.
const variedCorpus = makeVariedCorpus();
const varied = await pairOn(variedCorpus);

// 4. Memory for 100,000 sessions and rate-limit keys; loading all of policies/.
const memory = await measureMemory();
const loadAll = await measureLoadAll();

// 5. Report.
const floorNs = floor.medianNs;
const fmt = (n, d = 0) => (n === undefined ? '–' : n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }));
const us = (ns) => fmt(ns / 1000, 2);
const rows = engines.map((e) => {
  if (e.failed && e.medianNs === undefined) return `| ${e.name} | failed: ${e.failed.replace(/\|/g, '\\|')} | | | | | | | | |`;
  const agree = e.agreement ? `${fmt(corpus.length - e.agreement.differ)} / ${fmt(corpus.length)}` : '–';
  const c = e.cold ?? {};
  return `| ${e.name} | ${fmt(e.medianNs)} | ${fmt(e.medianNs / floorNs, 2)}× | ${us(e.p50)} | ${us(e.p99)} | ${fmt(c.importMs, 1)} | ${fmt(c.validateMs, 1)} | ${fmt(c.compileMs, 1)} | ${fmt(c.totalMs, 1)} | ${agree} |`;
});
const tw = engines.find((e) => e.name === 'toolwarden (symlinks off)');
const ratioTo = (name) => {
  const peer = engines.find((e) => e.name === name);
  return peer?.medianNs && tw?.medianNs ? `${fmt(peer.medianNs / tw.medianNs, 0)}×` : '–';
};
// Issue 5's targets, checked against this run's numbers (met or not, said plainly).
const byName = (name) => engines.find((e) => e.name === name);
const twOn = byName('toolwarden (symlinks on)');
const twRules = byName('toolwarden + 3 custom rules');
const verdict = (ok) => (ok ? 'met' : '**not met**');
const speedup = (name) => {
  const peer = byName(name);
  return peer?.medianNs && tw?.medianNs ? peer.medianNs / tw.medianNs : undefined;
};
const targetLines = [
  `- median within 1.5× of the floor, symlinks off: ${fmt(tw?.medianNs / floorNs, 2)}× — ${verdict(tw?.medianNs / floorNs <= 1.5)} (symlinks on: ${fmt(twOn?.medianNs / floorNs, 2)}×)`,
  `- within 2.5× of the floor with three custom rules: ${fmt(twRules?.medianNs / floorNs, 2)}× — ${verdict(twRules?.medianNs / floorNs <= 2.5)}`,
  // The issue sets its targets with symlink resolution off and asks for a second row with it on:
  // the p99 target is judged on the symlinks-off row; the other rows are reported beside it.
  `- per-call p99 under 5 µs, symlinks off: ${us(tw?.p99)} µs — ${verdict(tw?.p99 < 5000)} (symlinks on: ${us(twOn?.p99)} µs, ${twOn?.p99 < 5000 ? 'also' : 'not'} under 5 µs; three custom rules: ${us(twRules?.p99)} µs)`,
  `- 30× faster than Gemini CLI: ${fmt(speedup('gemini-cli PolicyEngine'), 0)}× — ${verdict(speedup('gemini-cli PolicyEngine') >= 30)}`,
  ...['json-rules-engine', 'cedar (cedar-wasm)', 'casbin (enforceSync)'].map((n) => `- 150× faster than ${n}: ${fmt(speedup(n), 0)}× — ${verdict(speedup(n) >= 150)}`),
  `- all of policies/ validated and compiled in under 50 ms after import: ${fmt(loadAll.fresh.ms, 1)} ms in a fresh process, ${fmt(loadAll.ms, 1)} ms once warm — ${verdict(loadAll.fresh.ms < 50)}`,
  `- 100,000 sessions and rate-limit keys in under 150 MB: ${fmt(memory.mb, 1)} MB — ${verdict(memory.mb < 150)}`,
];

const diffSections = engines
  .filter((e) => e.agreement && e !== floor)
  .map((e) => {
    const lines = [...e.agreement.classes.entries()]
      .sort((a, b) => b[1].count - a[1].count)
      .map(([key, { count, example }]) => `- ${count} × ${key}\n  e.g. \`${JSON.stringify({ toolName: example.toolName, params: example.params, agentId: example.agentId, requester: example.requester }, (k, v) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 40)}…(${v.length} chars)` : v))}\``);
    return `### ${e.name}: ${fmt(e.agreement.differ)} differences\n\n${lines.length ? lines.join('\n') : 'none'}\n${e.notes ? `\n${e.notes}\n` : ''}`;
  })
  .join('\n');

const report = `# Benchmark results

Generated by \`npm run bench\` (bench/run.js) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version},
${process.platform}/${process.arch}, flags \`${FLAGS.join(' ')}\`, ${ROUNDS} rounds. Corpus: ${fmt(corpus.length)} calls from
bench/corpus.mjs (seeded; floor decides ${fmt(floorDecisions.filter((d) => d === 'allow').length)} allow,
${fmt(floorDecisions.filter((d) => d === 'ask').length)} ask, ${fmt(floorDecisions.filter((d) => d === 'deny').length)} deny).
The reference policy is bench/policy/reference.yaml; each peer's version is in bench/engines/<peer>.mjs.

| engine | median ns/decision | × floor | p50 µs | p99 µs | import ms | validate ms | compile ms | cold total ms | agrees with floor |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

Toolwarden (symlinks off) is ${ratioTo('json-rules-engine')} faster than json-rules-engine, ${ratioTo('cedar (cedar-wasm)')} than Cedar,
${ratioTo('casbin (enforceSync)')} than casbin and ${ratioTo('gemini-cli PolicyEngine')} than Gemini CLI's PolicyEngine.

- Median ns/decision: whole-corpus passes (slow peers: the first 2,000 calls), median over rounds; engine order rotated each round.
- p50/p99: every call timed alone with \`process.hrtime.bigint()\` (includes ~30–60 ns of timer overhead; slow peers: 2,000 calls).
- Cold start, each engine once in one process (so a library another row already loaded imports faster: the
  three Toolwarden rows share dist/, the second and third pay almost no import). Import: the engine's modules
  (for Toolwarden including the shell parser, which loads on first use). Validate: reading and checking the
  policy text (Toolwarden: YAML with source ranges, JSON schema, semantic lint; casbin: model text). Compile:
  building what decides (Toolwarden: closures; casbin: enforcers and role links; Cedar: \`preparsePolicySet\`,
  which parses and checks in the same call; json-rules-engine: \`addRule\`, which checks shapes as it builds;
  Gemini CLI: \`new PolicyEngine\` over JavaScript rule objects). \`–\`: no such separate step.
  All of policies/ (${loadAll.files} files): validate + compile ${fmt(loadAll.fresh.ms, 1)} ms the first time in a fresh process, after import
  (median of ${loadAll.fresh.runs} processes), ${fmt(loadAll.ms, 1)} ms when done again in one process (median of ${loadAll.runs}).
- Memory: ${fmt(memory.sessions)} sessions and ${fmt(memory.keys)} rate-limit keys live in the memory store: heapUsed
  ${fmt(memory.mb, 1)} MB above the baseline after \`gc()\` (store \`max\` ${fmt(memory.max)} counters; ${memory.note}).
- Synchronous fast path: every Toolwarden decision above came back as a value, not a promise (toolwarden.mjs throws otherwise).

## Every path new to its call

The floor and Toolwarden (symlinks off) on \`makeUniquePathCorpus()\` (bench/corpus.mjs): the same ${fmt(uniqueCorpus.length)} calls
with every path, patch header and path-like command word made unique to its call (\`src/a.ts\` → \`src/u17/a.ts\`),
so no two calls of a round share a path; the floor decides exactly as on the plain corpus. First pass: each
engine's first sight of every path and of every command that names one (Toolwarden parses those commands
then, and its memos are empty for them). Median: ${ROUNDS} later passes,
rounds rotated, with the paths of earlier passes remembered (Toolwarden's memos hold 16,384 paths).

${twOff ? `| engine | first pass ns/decision | × floor | median ns/decision | × floor |
|---|---:|---:|---:|---:|
${pair.map((e) => { const u = unique.get(e); const f = unique.get(floor); return `| ${e.name} | ${fmt(u.first)} | ${fmt(u.first / f.first, 2)}× | ${fmt(median(u.rounds))} | ${fmt(median(u.rounds) / median(f.rounds), 2)}× |`; }).join('\n')}

Toolwarden differs from the floor on ${fmt(unique.get(twOff).differ)} of these calls (the plain corpus: ${fmt(twOff.agreement?.differ)}).` : 'Toolwarden (symlinks off) did not run.'}

## Calls as read from JSON

The floor and Toolwarden (symlinks off) on \`makeVariedCorpus()\` (bench/corpus.mjs): the same ${fmt(variedCorpus.length)} calls as
a gateway hands them over, each a fresh object parsed from JSON (fresh strings, no shared requester objects). The
gateway's code builds the call (one key order; \`sessionKey\`, \`runId\` and a \`cwd\` at the root on some calls); the
model writes the parameters (any key order; harmless extras such as \`offset\`, \`timeout\`, \`description\` on some).
Median of ${ROUNDS} passes, rounds rotated.

${twOff ? `| engine | median ns/decision | × floor |
|---|---:|---:|
${pair.map((e) => { const v = varied.get(e); const f = varied.get(floor); return `| ${e.name} | ${fmt(median(v.rounds))} | ${fmt(median(v.rounds) / median(f.rounds), 2)}× |`; }).join('\n')}

Toolwarden differs from the floor on ${fmt(varied.get(twOff).differ)} of these calls.` : 'Toolwarden (symlinks off) did not run.'}

## Issue 5 targets in this run

${targetLines.join('\n')}

The first Toolwarden row's validate time is the first run of the loading code in the process (YAML, the
schema's validators, compiled to code ahead of time by \`npm run generate\`, and the lint); the other rows
show the steady cost. PROFILE.md says where the time goes and what changed it.

## What the floor does

${FLOOR_NOTE}

## Differences from the floor, explained

${diffSections}
`;
writeFileSync(path.join(here, 'RESULTS.md'), report);
console.log(report);
// A peer that failed leaves a hole in the comparison: say so with the exit status, not only in the report.
const failedEngines = engines.filter((e) => e.failed);
if (failedEngines.length > 0) {
  console.error(`bench: ${failedEngines.map((e) => `${e.name} failed (${e.failed})`).join('; ')}`);
  process.exitCode = 1;
}
// Issue 5: every difference from the floor is explained. One that is not is a hole in the report.
const unexplained = engines.filter((e) => [...(e.agreement?.classes.keys() ?? [])].some((k) => k.endsWith(': UNEXPLAINED')));
if (unexplained.length > 0) {
  console.error(`bench: differences from the floor without an explanation: ${unexplained.map((e) => e.name).join(', ')} (add one to its explain function)`);
  process.exitCode = 1;
}
