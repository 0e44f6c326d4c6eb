// A counter store on disk, shared by every process that opens the same file (hook commands
// run one process per tool call). better-sqlite3 is synchronous, so the engine keeps its
// synchronous fast path. Every consume runs inside one `BEGIN IMMEDIATE` transaction: the
// write lock is taken before anything is read, so two processes can never both see the
// last free slot.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { windowRoom } from './window.js';
import type { ConsumeResult, CounterState, CounterStore, LimitRequest } from './store.js';

export interface SqliteStoreOptions {
  /** How long to wait for another process's lock before failing (and so denying). Default 5000. */
  busyTimeoutMs?: number;
  /** Prune expired window rows of every key after this many consumes. Default 500. */
  pruneEvery?: number;
}

/** The store's methods answer synchronously (better-sqlite3 is synchronous). */
export interface SqliteCounterStore extends CounterStore {
  tryConsume(requests: LimitRequest[], now: number): ConsumeResult;
  peek(requests: LimitRequest[], now: number): CounterState[];
  close(): void;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS counters (
  key TEXT PRIMARY KEY,
  used INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS window_events (
  key TEXT NOT NULL,
  at INTEGER NOT NULL,
  expires INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS window_events_key_at ON window_events (key, at);
CREATE INDEX IF NOT EXISTS window_events_expires ON window_events (expires);
`;

/** Throws on a request the store cannot honour: the engine turns that into deny. */
function checkRequest(request: LimitRequest): void {
  if (typeof request.key !== 'string' || request.key.length === 0) {
    throw new Error('limit request without a key');
  }
  if (!Number.isSafeInteger(request.limit) || request.limit < 0) {
    throw new Error(`limit request \`${request.key}\` has an invalid limit`);
  }
  if (request.kind === 'window') {
    if (typeof request.windowMs !== 'number' || !Number.isFinite(request.windowMs) || request.windowMs <= 0) {
      throw new Error(`window limit request \`${request.key}\` has no valid windowMs`);
    }
  } else if (request.kind !== 'count') {
    throw new Error(`limit request \`${request.key}\` has an unknown kind`);
  }
}

function checkNow(now: number): void {
  if (!Number.isFinite(now)) throw new Error('clock returned a non-finite time');
}

/**
 * Opens (creating when needed) a counter store at `file`. Parent folders are created with
 * mode 0700. Throws when the file cannot be opened or written.
 *
 * Window semantics are those of `window.ts` (shared with the memory store): never more
 * than `limit` calls in any half-open interval `[s, s + windowMs)`.
 */
/**
 * Creates missing parent directories one level at a time (mode 0700). Node 20's
 * `mkdirSync(..., { recursive: true })` spins forever under `/proc`, which would turn a
 * bad `--state` path into a hook that never answers instead of a deny.
 */
function ensureDirectory(dir: string, depth = 0): void {
  if (depth > 64) throw new Error(`cannot create state directory \`${dir}\`: too deep`);
  try {
    if (fs.statSync(dir).isDirectory()) return;
    throw new Error(`state directory \`${dir}\` is not a directory`);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  const parent = path.dirname(dir);
  if (parent !== dir) ensureDirectory(parent, depth + 1);
  fs.mkdirSync(dir, { mode: 0o700 });
}

export function createSqliteStore(file: string, options: SqliteStoreOptions = {}): SqliteCounterStore {
  if (file !== ':memory:') {
    ensureDirectory(path.dirname(path.resolve(file)));
  }
  /** A failure while counting says which state file it was (`database is locked` alone does not; opening is located by the caller). */
  const located = (error: unknown): Error => new Error(`state file \`${file}\`: ${error instanceof Error ? error.message : String(error)}`);
  const db = new Database(file);
  const busyTimeoutMs = Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000));
  try {
    // busy_timeout first: the WAL switch and schema creation may race other processes.
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(SCHEMA);
  } catch (error) {
    db.close();
    throw error;
  }

  const readCount = db.prepare<[string], { used: number }>('SELECT used FROM counters WHERE key = ?');
  const bumpCount = db.prepare<[string]>(
    'INSERT INTO counters (key, used) VALUES (?, 1) ON CONFLICT (key) DO UPDATE SET used = used + 1',
  );
  // Keep every call newer than `newest - 2w`: exactly what windowRoom needs to judge.
  const readTimes = db.prepare<[string, number], { at: number }>(
    'SELECT at FROM window_events WHERE key = ? AND at > ? ORDER BY at',
  );
  const newestTime = db.prepare<[string], { at: number | null }>('SELECT MAX(at) AS at FROM window_events WHERE key = ?');
  const pruneKey = db.prepare<[string, number]>('DELETE FROM window_events WHERE key = ? AND at <= ?');
  const insertEvent = db.prepare<[string, number, number]>('INSERT INTO window_events (key, at, expires) VALUES (?, ?, ?)');
  const pruneExpired = db.prepare<[number]>('DELETE FROM window_events WHERE expires <= ?');

  const pruneEvery = Math.max(1, Math.floor(options.pruneEvery ?? 500));
  let consumesSincePrune = 0;

  /** Sorted call times of a window key that can still share a window with a call at `now`. */
  function timesOf(key: string, windowMs: number, now: number): number[] {
    const newest = Math.max(now, newestTime.get(key)?.at ?? now);
    return readTimes.all(key, newest - 2 * windowMs).map((row) => row.at);
  }

  // A consume first asks for the write lock without waiting; when another process holds it,
  // BEGIN IMMEDIATE waits (busy_timeout) and the call is counted at the time it goes ahead, not
  // at the time it was judged before the wait (red team 21B: a call that waited 4.6 s for
  // another process's lock was otherwise recorded 4.6 s early, a window's worth of calls too
  // soon). `waitedSince` is when that wait began (performance.now); undefined when there was
  // none, and then the call is counted at the time given (a wait of a millisecond or two on a
  // busy machine is no reason to move it, and a caller's clock may not be the wall's).
  const noWaiting = db.prepare('PRAGMA busy_timeout = 0');
  const waiting = db.prepare(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
  const consume = db.transaction((requests: LimitRequest[], judgedAt: number, waitedSince?: number): ConsumeResult => {
    const now = waitedSince === undefined ? judgedAt : judgedAt + Math.floor(performance.now() - waitedSince);
    // Local copies per key, so a key repeated in one call needs one slot per occurrence.
    const counts = new Map<string, number>();
    const windows = new Map<string, number[]>();
    const full: number[] = [];
    requests.forEach((request, index) => {
      if (request.kind === 'count') {
        const used = counts.get(request.key) ?? readCount.get(request.key)?.used ?? 0;
        if (used >= request.limit) full.push(index);
        counts.set(request.key, used + 1);
        return;
      }
      const windowMs = request.windowMs as number;
      const times = windows.get(request.key) ?? timesOf(request.key, windowMs, now);
      if (!windowRoom(times, now, windowMs, request.limit)) full.push(index);
      insertSorted(times, now);
      windows.set(request.key, times);
    });
    if (full.length > 0) return { ok: false, full };
    for (const request of requests) {
      if (request.kind === 'count') {
        bumpCount.run(request.key);
        continue;
      }
      const windowMs = request.windowMs as number;
      insertEvent.run(request.key, now, now + 2 * windowMs);
      const newest = Math.max(now, newestTime.get(request.key)?.at ?? now);
      pruneKey.run(request.key, newest - 2 * windowMs);
    }
    consumesSincePrune += 1;
    if (consumesSincePrune >= pruneEvery) {
      consumesSincePrune = 0;
      // `expires` is `at + 2w`: past it a row can no longer matter to any judgement.
      pruneExpired.run(now);
    }
    return { ok: true };
  });

  function used(request: LimitRequest, now: number): number {
    if (request.kind === 'count') return readCount.get(request.key)?.used ?? 0;
    const windowMs = request.windowMs as number;
    return timesOf(request.key, windowMs, now).filter((t) => t > now - windowMs && t <= now).length;
  }

  return {
    tryConsume(requests: LimitRequest[], now: number): ConsumeResult {
      checkNow(now);
      requests.forEach(checkRequest);
      if (requests.length === 0) return { ok: true };
      // `.immediate` issues BEGIN IMMEDIATE: the write lock is held from the first read.
      try {
        noWaiting.get();
        try {
          return consume.immediate(requests, now);
        } catch (error) {
          if (!isBusy(error)) throw error;
        } finally {
          waiting.get();
        }
        return consume.immediate(requests, now, performance.now());
      } catch (error) {
        throw located(error);
      }
    },
    peek(requests: LimitRequest[], now: number): CounterState[] {
      checkNow(now);
      requests.forEach(checkRequest);
      return requests.map((request) => ({ key: request.key, used: used(request, now), limit: request.limit }));
    },
    close(): void {
      if (db.open) db.close();
    },
  };
}

function insertSorted(times: number[], t: number): void {
  let i = times.length;
  while (i > 0 && times[i - 1]! > t) i--;
  times.splice(i, 0, t);
}

/** SQLite's answer when another connection holds the lock (SQLITE_BUSY and its extended codes). */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}
