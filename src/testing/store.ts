// A limit store whose state can be thrown away between cases (or probes) without
// recompiling the policy set: cheaper than a new set per case, and just as fresh.
import { createMemoryStore } from '../index.js';
import type { CounterStore } from '../state/store.js';

// One case or probe uses a handful of counters; a small store is cheap to replace.
const STORE_MAX = 1_000;

export function resettableStore(): { store: CounterStore; reset(): void } {
  let inner = createMemoryStore({ max: STORE_MAX });
  return {
    store: {
      tryConsume: (requests, now) => inner.tryConsume(requests, now),
      peek: (requests, now) => inner.peek(requests, now),
    },
    reset() {
      inner = createMemoryStore({ max: STORE_MAX });
    },
  };
}
