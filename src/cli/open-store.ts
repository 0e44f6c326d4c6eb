// A counter store from a parsed `--state` spec.
import type { StateSpec } from '../adapters/state.js';
import { createMemoryStore } from '../state/memory.js';
import { createSqliteStore } from '../state/sqlite.js';
import type { CounterStore } from '../state/store.js';

export function openStore(spec: StateSpec): CounterStore {
  return spec.kind === 'memory' ? createMemoryStore() : createSqliteStore(spec.path);
}
