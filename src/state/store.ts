// The counter store interface: what the engine needs from limit state, nothing more.
// Implementations: memory.ts (synchronous, bounded without forgetting live counters) and sqlite.ts (on disk, shared
// between processes). A store that cannot answer must throw or reject: the engine turns
// that into deny.

/** One counter a call wants to take a slot in. */
export interface LimitRequest {
  /** Unique key of the counter, e.g. `coding-agent/maxToolCalls/s-1`. */
  key: string;
  /** `count`: at most `limit` calls ever; `window`: at most `limit` in any `windowMs`. */
  kind: 'count' | 'window';
  limit: number;
  /** Required for `window`. */
  windowMs?: number;
}

export type ConsumeResult =
  | { ok: true }
  /** `full` lists the indexes (into the request array) whose counter had no room. */
  | { ok: false; full: number[] };

/** What a counter holds now, for explain traces. */
export interface CounterState {
  key: string;
  used: number;
  limit: number;
}

export interface CounterStore {
  /**
   * Atomically: when every request has room at `now`, record the call in each and return
   * `{ ok: true }`; otherwise record nothing and say which were full.
   */
  tryConsume(requests: LimitRequest[], now: number): ConsumeResult | Promise<ConsumeResult>;
  /** How full each counter is at `now`, without consuming anything. */
  peek(requests: LimitRequest[], now: number): CounterState[] | Promise<CounterState[]>;
  /** Releases resources (files, connections). */
  close?(): void | Promise<void>;
}

/** A store that answers without I/O waits (memory, SQLite): keeps evaluation synchronous. */
export interface SyncCounterStore extends CounterStore {
  tryConsume(requests: LimitRequest[], now: number): ConsumeResult;
  peek(requests: LimitRequest[], now: number): CounterState[];
}
