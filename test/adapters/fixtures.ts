// Decisions and fake engines for adapter unit tests. The fake engine decides by a function
// the test gives, so each test states exactly which decision the adapter must translate.
import type { Decision, DecisionKind, Diagnostic } from '../../src/types.js';
import type { LoadedSet, PolicySet } from '../../src/engine/api.js';
import type { CounterStore } from '../../src/state/store.js';
import type { EngineDeps } from '../../src/adapters/openclaw/entry.js';

export function decision(kind: DecisionKind, extra: Partial<Decision> = {}): Decision {
  const reasons =
    kind === 'allow'
      ? []
      : [{ policy: 'p1', check: kind === 'deny' ? 'paths.forbidden' : 'shell.approve', message: `${kind} because \`x\``, source: 'p.yaml:3:5' }];
  return { decision: kind, reasons, revision: 'sha256:test', ...extra };
}

export const noStore: CounterStore = {
  tryConsume: () => ({ ok: true }),
  peek: () => [],
};

export interface FakeEngine extends EngineDeps {
  calls: unknown[];
  loadedPaths: string[][];
  /** The protected paths each load was given (undefined: none). */
  protectedPaths: (readonly string[] | undefined)[];
  stores: string[];
}

/** An engine whose set answers `decide(call)`; `load` lets a test delay, fail or invalidate loading. */
export function fakeEngine(
  decide: (call: unknown) => Decision | Promise<Decision>,
  load: (paths: string[]) => Promise<'ok' | Diagnostic[]> = async () => 'ok',
): FakeEngine {
  const calls: unknown[] = [];
  const loadedPaths: string[][] = [];
  const protectedPaths: (readonly string[] | undefined)[] = [];
  const stores: string[] = [];
  const set: PolicySet = {
    revision: 'sha256:test',
    policies: [{ id: 'p1', file: 'p.yaml' }],
    coverageItems: [],
    evaluate(call) {
      calls.push(call);
      return decide(call);
    },
    async evaluateAsync(call) {
      calls.push(call);
      return decide(call);
    },
  };
  return {
    calls,
    loadedPaths,
    protectedPaths,
    stores,
    async loadPolicySet(paths, options): Promise<LoadedSet> {
      loadedPaths.push(paths);
      protectedPaths.push(options?.protectedPaths?.paths);
      const result = await load(paths);
      if (result === 'ok') return { set, diagnostics: [], testFiles: [] };
      return { set: undefined, diagnostics: result, testFiles: [] };
    },
    createMemoryStore() {
      stores.push('memory');
      return noStore;
    },
    createSqliteStore(file) {
      stores.push(`sqlite:${file}`);
      return noStore;
    },
  };
}

export const badDiagnostic: Diagnostic = {
  code: 'schema-unknown-key',
  severity: 'error',
  message: 'unknown key `dney`',
  location: { file: '/p/broken.yaml', line: 4, column: 3 },
  pointer: '/shell/dney',
};
