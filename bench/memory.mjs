// Memory for live limit state, and the time to validate and compile all of policies/.
import path from 'node:path';
import { readdirSync } from 'node:fs';
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
  return { files, runs, ms: times[runs >> 1], first: times[0] };
}
