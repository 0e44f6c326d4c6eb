// The surface adapters, the CLI and tools use. Implemented in engine/evaluate.ts and
// src/index.ts; kept apart so callers depend on a contract, not on internals.
import type { Decision, Diagnostic } from '../types.js';
import type { CounterStore } from '../state/store.js';
import type { ProtectedPaths } from './protected-paths.js';
export type { ProtectedPaths } from './protected-paths.js';

export interface EngineOptions {
  /** Limit state. Default: a fresh in-memory store (synchronous). */
  store?: CounterStore;
  /** Clock for limits, epoch ms. Default Date.now. */
  clock?: () => number;
  /** Home directory for `~`. Default os.homedir(). */
  home?: string;
  /** How long an asynchronous store may take before the call is denied. Default 2,000 ms. */
  storeTimeoutMs?: number;
  /**
   * Toolwarden's own files (the policies, the state, the gateway settings that run it): no call
   * may write them, whatever the policies say. The hooks and the OpenClaw plugin pass theirs.
   */
  protectedPaths?: ProtectedPaths;
}

export interface EvaluateOptions {
  /** Collect a trace of every check that ran and what it saw. */
  explain?: boolean;
  /**
   * Every reason of a deny, not only the first: a deny is final, so by default evaluation stops
   * at the first check that denies. `explain` implies it.
   */
  allReasons?: boolean;
  /** Honour the call's `time` field instead of the clock (replays, policy tests). */
  useCallTime?: boolean;
  /**
   * No one can approve an ask here: the caller answers it as a deny (the exit-code hook; Claude
   * Code in a mode that does not prompt). Such an ask takes no slot of any limit, as a deny does
   * not (red team 21B: two asks answered so used up a session's two calls).
   */
  noApprover?: boolean;
}

/** One thing a policy says that a test case can exercise: a check, glob, scope rule or custom rule. */
export interface CoverageItem {
  policy: string;
  /** JSON pointer inside the policy document, e.g. `/paths/forbidden/0`, `/rules/1`, `/autonomy`. */
  pointer: string;
  /** `file:line:column`. */
  source: string;
  /** Human label, e.g. "paths.forbidden `.env`". */
  label: string;
}

export interface PolicySummary {
  id: string;
  file: string;
  description?: string;
}

export interface PolicySet {
  /** `sha256:<hex>` of the compiled set: names the policy text behind every decision. */
  readonly revision: string;
  readonly policies: readonly PolicySummary[];
  readonly coverageItems: readonly CoverageItem[];
  /**
   * Decides one call. Never throws: any failure is a deny. Returns synchronously when the
   * store is synchronous (the in-memory store), a promise otherwise.
   */
  evaluate(call: unknown, options?: EvaluateOptions): Decision | Promise<Decision>;
  /** Same, always as a promise. */
  evaluateAsync(call: unknown, options?: EvaluateOptions): Promise<Decision>;
}

export interface LoadedSet {
  /** Undefined when any policy has an error diagnostic (nothing half-loaded is ever used). */
  set: PolicySet | undefined;
  diagnostics: Diagnostic[];
  testFiles: string[];
}
