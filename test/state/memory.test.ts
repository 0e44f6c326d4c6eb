import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createMemoryStore } from '../../src/state/memory.js';
import type { ConsumeResult, LimitRequest } from '../../src/state/store.js';
import { windowRoom } from '../../src/state/window.js';

const sync = (r: ConsumeResult | Promise<ConsumeResult>): ConsumeResult => {
  if (r instanceof Promise) throw new Error('memory store must be synchronous');
  return r;
};

describe('memory store', () => {
  it('a count limit admits exactly N calls', () => {
    const store = createMemoryStore();
    const req: LimitRequest = { key: 'k', kind: 'count', limit: 3 };
    const results = Array.from({ length: 6 }, (_, i) => sync(store.tryConsume([req], i)).ok);
    expect(results).toEqual([true, true, true, false, false, false]);
  });

  it('consumes all or nothing', () => {
    const store = createMemoryStore();
    const a: LimitRequest = { key: 'a', kind: 'count', limit: 1 };
    const b: LimitRequest = { key: 'b', kind: 'count', limit: 5 };
    expect(sync(store.tryConsume([a, b], 0)).ok).toBe(true);
    expect(sync(store.tryConsume([a, b], 1))).toEqual({ ok: false, full: [0] });
    // b was not consumed by the failed attempt: 4 more fit
    const used = store.peek([b], 2);
    expect(used).toEqual([{ key: 'b', used: 1, limit: 5 }]);
  });

  it('a key listed twice in one request takes two slots', () => {
    const store = createMemoryStore();
    const c: LimitRequest = { key: 'c', kind: 'count', limit: 1 };
    expect(sync(store.tryConsume([c, c], 0))).toEqual({ ok: false, full: [1] });
    const w: LimitRequest = { key: 'w', kind: 'window', limit: 3, windowMs: 1000 };
    expect(sync(store.tryConsume([w, w], 0)).ok).toBe(true);
    expect(sync(store.tryConsume([w, w], 1)).ok).toBe(false);
    expect(sync(store.tryConsume([w], 2)).ok).toBe(true);
  });

  it('a window at a minute boundary does not allow a double burst', () => {
    const store = createMemoryStore();
    const req: LimitRequest = { key: 'w', kind: 'window', limit: 2, windowMs: 60_000 };
    expect(sync(store.tryConsume([req], 59_000)).ok).toBe(true);
    expect(sync(store.tryConsume([req], 59_500)).ok).toBe(true);
    // a fixed window would reset at 60,000; a sliding one must not
    expect(sync(store.tryConsume([req], 60_001)).ok).toBe(false);
    expect(sync(store.tryConsume([req], 119_000)).ok).toBe(true);
  });

  it('a window admits again exactly when the oldest call leaves it', () => {
    const store = createMemoryStore();
    const req: LimitRequest = { key: 'w', kind: 'window', limit: 1, windowMs: 1000 };
    expect(sync(store.tryConsume([req], 0)).ok).toBe(true);
    expect(sync(store.tryConsume([req], 999)).ok).toBe(false);
    expect(sync(store.tryConsume([req], 1000)).ok).toBe(true);
  });

  it('when full, never forgets a live counter: calls needing a new one throw (the engine denies them)', () => {
    const store = createMemoryStore({ max: 10 });
    for (let i = 0; i < 10; i++) expect(sync(store.tryConsume([{ key: `k${i}`, kind: 'count', limit: 1 }], 0)).ok).toBe(true);
    expect(() => store.tryConsume([{ key: 'k10', kind: 'count', limit: 1 }], 5_000)).toThrow(/limit store is full: 10 live counters/);
    // every counter is still there: the first ten keys stay used up
    for (let i = 0; i < 10; i++) expect(sync(store.tryConsume([{ key: `k${i}`, kind: 'count', limit: 1 }], 6_000))).toEqual({ ok: false, full: [0] });
    // a live window is not forgotten either (its call is inside the last 2w)
    const windows = createMemoryStore({ max: 2 });
    const w = (key: string): LimitRequest => ({ key, kind: 'window', limit: 1, windowMs: 1_000 });
    expect(sync(windows.tryConsume([w('a'), w('b')], 0)).ok).toBe(true);
    expect(() => windows.tryConsume([w('c')], 1_500)).toThrow(/full/);
    expect(sync(windows.tryConsume([w('a')], 1_500)).ok).toBe(true); // a's window moved on: room again
    expect(sync(windows.tryConsume([w('a')], 1_600)).ok).toBe(false);
  });

  it('when full, drops windows that can no longer matter (no call in the last 2w), and only those', () => {
    const store = createMemoryStore({ max: 4 });
    const w = (key: string): LimitRequest => ({ key, kind: 'window', limit: 1, windowMs: 1_000 });
    expect(sync(store.tryConsume([{ key: 'session', kind: 'count', limit: 2 }, w('old'), w('older')], 0)).ok).toBe(true);
    expect(sync(store.tryConsume([w('recent')], 1_500)).ok).toBe(true);
    // at 2,000 `old` and `older` (last call at 0, w = 1,000) have expired: they make room; `recent` has not
    expect(sync(store.tryConsume([w('new1'), w('new2')], 2_000)).ok).toBe(true);
    expect(sync(store.tryConsume([w('recent')], 2_100)).ok).toBe(false); // still within its window
    expect(store.peek([{ key: 'session', kind: 'count', limit: 2 }], 2_100)).toEqual([{ key: 'session', used: 1, limit: 2 }]);
    // full again, and nothing has expired: refused, with nothing recorded
    expect(() => store.tryConsume([{ key: 'session', kind: 'count', limit: 2 }, w('new3')], 3_200)).toThrow(/full/);
    expect(store.peek([{ key: 'session', kind: 'count', limit: 2 }], 3_200)).toEqual([{ key: 'session', used: 1, limit: 2 }]);
  });

  it('property: however full, a count counter never admits more than its limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 120 }), (max, keys) => {
        const store = createMemoryStore({ max });
        const admitted = new Map<number, number>();
        let t = 0;
        for (const k of keys) {
          t += 700;
          let ok = false;
          try {
            ok = sync(store.tryConsume([{ key: `s${k}`, kind: 'count', limit: 2 }, { key: `w${k % 3}`, kind: 'window', limit: 50, windowMs: 100 }], t)).ok;
          } catch {
            ok = false; // full: the engine denies
          }
          if (ok) admitted.set(k, (admitted.get(k) ?? 0) + 1);
        }
        return [...admitted.values()].every((n) => n <= 2);
      }),
      { numRuns: 300 },
    );
  });

  it('property: never more than limit admitted calls in any window, whatever the call times', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 80 }),
        fc.boolean(),
        (limit, w, times, sorted) => {
          const store = createMemoryStore();
          const req: LimitRequest = { key: 'k', kind: 'window', limit, windowMs: w };
          const seq = sorted ? [...times].sort((a, b) => a - b) : times;
          const admitted: number[] = [];
          for (const t of seq) if (sync(store.tryConsume([req], t)).ok) admitted.push(t);
          admitted.sort((a, b) => a - b);
          // every window [s, s + w) starting at an admitted call holds at most `limit`
          for (const s of admitted) if (admitted.filter((t) => t >= s && t < s + w).length > limit) return false;
          // in time order, a call is refused only when the window really is full
          if (sorted) {
            const store2 = createMemoryStore();
            const kept: number[] = [];
            for (const t of seq) {
              const ok = sync(store2.tryConsume([req], t)).ok;
              const inWindow = kept.filter((k) => k > t - w).length;
              if (ok !== inWindow < limit) return false;
              if (ok) kept.push(t);
            }
          }
          return true;
        },
      ),
      { numRuns: 500 },
    );
  }, 60_000);

  it('windowRoom refuses calls older than it can judge', () => {
    expect(windowRoom([10_000], 8_000, 1_000, 5)).toBe(false);
    expect(windowRoom([10_000], 9_500, 1_000, 5)).toBe(true);
  });
});
