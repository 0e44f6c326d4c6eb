// In-memory counter store: synchronous. Suits one process (the OpenClaw plugin,
// `toolwarden eval`); hook commands that start a process per call use the SQLite store.
//
// Bounded without forgetting anything that still counts: a counter that still limits a
// call (every `count` counter, a window with a call inside the last 2w) is never dropped to
// make room, since forgetting it would admit calls the limit refuses. Windows that can no
// longer matter are dropped when room is needed; when no room can be made the store throws,
// and the engine denies the call (a store outage).
import type { ConsumeResult, CounterState, LimitRequest, SyncCounterStore } from './store.js';
import { windowRoom, pruneWindow } from './window.js';

export interface MemoryStoreOptions {
  /** Most live counters kept; past it, calls that need a new counter are denied. Default 500,000. */
  max?: number;
}

/** A `count` counter is a number; a `window` counter is its sorted call times, forgettable from `expires` on. */
type Counter = { n: number } | { times: number[]; expires: number };

/** Shortest time between two sweeps of a full store: a full store is swept at most this often. */
const SWEEP_INTERVAL_MS = 1_000;

export function createMemoryStore(options: MemoryStoreOptions = {}): SyncCounterStore {
  const max = options.max ?? 500_000;
  const counters = new Map<string, Counter>();
  let lastSweep = -Infinity;

  /**
   * Before a call looks its counters up (so none it holds is dropped under it): when the
   * store may have no room for them, drops every window that has expired (`expires` is
   * `at + 2w`, as in the SQLite store: past it no call time can matter to a judgement).
   */
  function sweepIfFull(needed: number, now: number): void {
    if (counters.size + needed <= max) return;
    // A scan of every counter: at most once a second (a clock that went back starts over).
    if (now - lastSweep < SWEEP_INTERVAL_MS && now >= lastSweep) return;
    lastSweep = now;
    for (const [key, counter] of counters) if ('times' in counter && counter.expires <= now) counters.delete(key);
  }

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
    const windowMs = windowOf(request);
    let window: { times: number[]; expires: number };
    if (counter && 'times' in counter) window = counter;
    else counters.set(flatKey(request.key), (window = { times: [], expires: 0 }));
    insertSorted(window.times, now);
    pruneWindow(window.times, windowMs);
    window.expires = window.times[window.times.length - 1]! + 2 * windowMs;
  }

  return {
    tryConsume(requests: LimitRequest[], now: number): ConsumeResult {
      sweepIfFull(requests.length, now);
      let full: number[] | undefined;
      // Each counter is looked up once.
      const found: (Counter | undefined)[] = [];
      let fresh = 0; // counters this call would create
      for (let i = 0; i < requests.length; i++) {
        const request = requests[i]!;
        // A call holds a few requests: a scan finds a key listed twice sooner than a Map.
        let pending = 0;
        for (let j = 0; j < i; j++) if (requests[j]!.key === request.key) pending++;
        const counter = counters.get(request.key);
        found.push(counter);
        if (counter === undefined && pending === 0) fresh++;
        if (!roomIn(request, counter, now, pending)) (full ??= []).push(i);
      }
      if (full) return { ok: false, full };
      if (counters.size + fresh > max) {
        throw new Error(`the in-memory limit store is full: ${max} live counters (sessions, and windows with recent calls); raise its \`max\` or use the SQLite store`);
      }
      for (let i = 0; i < requests.length; i++) record(requests[i]!, found[i], now);
      return { ok: true };
    },
    peek(requests: LimitRequest[], now: number): CounterState[] {
      return requests.map((request) => {
        const counter = counters.get(request.key);
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
