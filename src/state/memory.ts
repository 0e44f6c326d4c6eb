// In-memory counter store: synchronous, bounded by lru-cache. Suits one process (the
// OpenClaw plugin, `toolwarden eval`); hook commands that start a process per call use
// the SQLite store instead.
import { boundedCache } from './bounded-cache.js';
import type { ConsumeResult, CounterState, LimitRequest, SyncCounterStore } from './store.js';
import { windowRoom, pruneWindow } from './window.js';

export interface MemoryStoreOptions {
  /** Most live counters kept; the least recently used is forgotten past it. Default 500,000. */
  max?: number;
}

/** A `count` counter is a number; a `window` counter is its sorted call times. */
type Counter = { n: number } | { times: number[] };

export function createMemoryStore(options: MemoryStoreOptions = {}): SyncCounterStore {
  const counters = boundedCache<string, Counter>(options.max ?? 500_000);

  /** `pending`: slots this same request already takes in the counter (a key listed twice). */
  function roomIn(request: LimitRequest, counter: Counter | undefined, now: number, pending: number): boolean {
    if (request.kind === 'count') return (counter && 'n' in counter ? counter.n : 0) + pending < request.limit;
    let times = counter && 'times' in counter ? counter.times : [];
    if (pending > 0) {
      times = times.slice();
      for (let i = 0; i < pending; i++) insertSorted(times, now);
    }
    return windowRoom(times, now, windowOf(request), request.limit);
  }

  /** `found`: the counter as roomIn saw it (undefined: none yet, or a key listed twice). */
  function record(request: LimitRequest, found: Counter | undefined, now: number): void {
    const counter = found ?? counters.get(request.key);
    if (request.kind === 'count') {
      if (counter && 'n' in counter) counter.n += 1;
      else counters.set(flatKey(request.key), { n: 1 });
      return;
    }
    let times: number[];
    if (counter && 'times' in counter) times = counter.times;
    else counters.set(flatKey(request.key), { times: (times = []) });
    insertSorted(times, now);
    pruneWindow(times, windowOf(request));
  }

  return {
    tryConsume(requests: LimitRequest[], now: number): ConsumeResult {
      let full: number[] | undefined;
      // Each counter is looked up once (a lookup hashes the key and moves it in the LRU order).
      const found: (Counter | undefined)[] = [];
      for (let i = 0; i < requests.length; i++) {
        const request = requests[i]!;
        // A call holds a few requests: a scan finds a key listed twice sooner than a Map.
        let pending = 0;
        for (let j = 0; j < i; j++) if (requests[j]!.key === request.key) pending++;
        const counter = counters.get(request.key);
        found.push(counter);
        if (!roomIn(request, counter, now, pending)) (full ??= []).push(i);
      }
      if (full) return { ok: false, full };
      for (let i = 0; i < requests.length; i++) record(requests[i]!, found[i], now);
      return { ok: true };
    },
    peek(requests: LimitRequest[], now: number): CounterState[] {
      return requests.map((request) => {
        const counter = counters.peek(request.key);
        let used = 0;
        if (counter && 'n' in counter) used = counter.n;
        else if (counter && 'times' in counter) {
          const since = now - windowOf(request);
          used = counter.times.filter((t) => t > since && t <= now).length;
        }
        return { key: request.key, used, limit: request.limit };
      });
    },
  };
}

/**
 * A key in one piece. Keys are joined from their parts per call (compile/sections/limits.ts);
 * kept as a map key, such a joined string holds every part it was joined from, ~70 bytes
 * more per live counter (25 MB more for the benchmark's 200,000 counters). Copied once, when
 * its counter is created.
 */
function flatKey(key: string): string {
  return JSON.parse(JSON.stringify(key)) as string;
}

function windowOf(request: LimitRequest): number {
  if (request.windowMs === undefined || !(request.windowMs > 0)) throw new Error(`window limit \`${request.key}\` has no window`);
  return request.windowMs;
}

function insertSorted(times: number[], t: number): void {
  let i = times.length;
  while (i > 0 && times[i - 1]! > t) i--;
  times.splice(i, 0, t);
}
