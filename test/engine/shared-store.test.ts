// Two policy sets sharing one counter store (the Claude Code hook's per-user SQLite file):
// a rate limit with the same policy and rate id but a shorter window must neither share the
// longer one's counter nor prune its history.
import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMemoryStore } from '../../src/state/memory.js';
import { createSqliteStore, type SqliteCounterStore } from '../../src/state/sqlite.js';
import type { CounterStore } from '../../src/state/store.js';
import { setFrom } from './helpers.js';

const HOURLY = `version: 1
id: web
limits:
  rate:
    - { id: fetch, tools: [web_fetch], per: global, limit: 3, window: 1h }
`;
const PER_SECOND = HOURLY.replace('limit: 3', 'limit: 1000').replace('window: 1h', 'window: 1s');
const CALL = { toolName: 'web_fetch', params: { url: 'https://x' } };

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function sqliteStore(): SqliteCounterStore {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-shared-'));
  const store = createSqliteStore(path.join(dir, 'state.db'));
  cleanups.push(() => {
    void store.close?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return store;
}

describe('two sets sharing one store', () => {
  it.each([
    ['memory', () => createMemoryStore() as CounterStore],
    ['sqlite', () => sqliteStore() as CounterStore],
  ])('%s: a 1s window does not prune the 1h window of a same-named limit', async (_, makeStore) => {
    const store = makeStore();
    let now = 1_800_000_000_000;
    const hourly = await setFrom(HOURLY, { store, clock: () => now });
    const perSecond = await setFrom(PER_SECOND, { store, clock: () => now });
    const decisions: string[] = [];
    for (let i = 0; i < 6; i++) {
      now += 5_000;
      decisions.push((await hourly.evaluate(CALL)).decision);
      now += 5_000;
      expect((await perSecond.evaluate(CALL)).decision).toBe('allow');
    }
    expect(decisions).toEqual(['allow', 'allow', 'allow', 'deny', 'deny', 'deny']);
  });
});
