// Memory for live limit state, and the time to validate and compile all of policies/.
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const N = 100_000;

const heapAfterGc = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
};

/** 100,000 distinct sessions and 100,000 distinct senders through a policy with limits. */
export async function measureMemory() {
  const lib = await import('../dist/index.js');
  const max = 500_000;
  const store = lib.createMemoryStore({ max });
  const loaded = await lib.loadPolicySet([path.join(here, 'policy', 'limits.yaml')], { store, home: '/home/agent' });
  if (!loaded.set) throw new Error(JSON.stringify(loaded.diagnostics));
  const before = heapAfterGc();
  let denied = 0;
  for (let i = 0; i < N; i++) {
    const d = loaded.set.evaluate({
      toolName: 'read', params: { path: 'src/a.ts' }, agentId: 'coder', sessionId: `session-${i}`,
      requester: { channel: 'discord', accountId: 'operations', senderId: `sender-${i}` },
    });
    if (d.decision === 'deny') denied++;
  }
  const after = heapAfterGc();
  return {
    sessions: N, keys: N, max, mb: (after - before) / 1048576,
    note: denied === 0 ? 'every call allowed, so every counter was taken' : `${denied} calls were denied: check the policy`,
  };
}

/** Validate and compile every policy in policies/, median of several runs, after import. */
export async function measureLoadAll() {
  const lib = await import('../dist/index.js');
  const dir = path.join(here, '..', 'policies');
  const files = readdirSync(dir).filter((f) => /\.(ya?ml|json)$/.test(f) && !/\.test\.ya?ml$/.test(f)).length;
  const runs = 15;
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const loaded = await lib.loadPolicySet([dir]);
    times.push(performance.now() - t);
    if (!loaded.set) throw new Error(`policies/ does not load: ${JSON.stringify(loaded.diagnostics.slice(0, 3))}`);
  }
  times.sort((a, b) => a - b);
  return { files, runs, ms: times[runs >> 1], first: times[0], fresh: measureLoadAllFresh(dir) };
}

/**
 * The same in a fresh process, the first load after import (what a hook process pays):
 * nothing compiled or remembered yet. Validate and compile only, as the cold-start columns
 * measure them (the shell parser loads on first use, with import). Median of 7 processes.
 */
function measureLoadAllFresh(dir) {
  const script = `const lib = await import(${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)});
const t = performance.now();
const loaded = await lib.loadPolicyFiles([${JSON.stringify(dir)}]);
lib.compilePolicies(loaded.policies, { store: lib.createMemoryStore() });
const ms = performance.now() - t;
if (loaded.diagnostics.some((d) => d.severity === 'error')) throw new Error('policies/ does not load');
process.stdout.write(String(ms));`;
  const times = [];
  for (let i = 0; i < 7; i++) times.push(Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })));
  times.sort((a, b) => a - b);
  return { runs: times.length, ms: times[times.length >> 1] };
}
