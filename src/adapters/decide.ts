// What every hook command does once it has a ToolCall: open the state store, load the
// policy set, evaluate, close. Any failure comes back as a one-line message, never as an
// exception, so each hook can answer "deny" in its own protocol.
import path from 'node:path';
import { compilePolicies, createMemoryStore, loadPolicyFiles } from '../index.js';
import type { Decision, ToolCall } from '../types.js';
import type { CounterStore } from '../state/store.js';
import { createSqliteStore } from '../state/sqlite.js';
import { defaultStatePath, parseStateSpec, type StateSpec } from './state.js';
import { ownFiles, stateFiles } from './own-files.js';
import { diagnosticsText, errorMessage } from './text.js';

export type HookDecision = { ok: true; decision: Decision } | { ok: false; message: string };

export interface DecideOptions {
  /** `memory` | `sqlite:PATH`; default: the per-user SQLite file. */
  state?: string;
  env: Record<string, string | undefined>;
  /** Base for a relative `sqlite:PATH`. */
  cwd: string;
  /** The hook answers an ask as a deny (EvaluateOptions.noApprover): it then takes no slot. */
  noApprover?: boolean;
}

/** The store the options name (`--state`, else the per-user SQLite file), or a one-line message. */
function stateOf(options: DecideOptions): StateSpec | { error: string } {
  let spec = options.state;
  if (spec === undefined) {
    const file = defaultStatePath(options.env);
    if (!file) return { error: 'no per-user state folder (set HOME or XDG_STATE_HOME, or pass --state sqlite:PATH or --state memory)' };
    spec = `sqlite:${file}`;
  }
  return parseStateSpec(spec, options.cwd);
}

/** Opens the store the options name; a one-line message when it cannot. */
export function openStore(options: DecideOptions): CounterStore | { error: string } {
  return openState(stateOf(options));
}

function openState(state: StateSpec | { error: string }): CounterStore | { error: string } {
  if ('error' in state) return state;
  if (state.kind === 'memory') return createMemoryStore();
  try {
    return createSqliteStore(state.path);
  } catch (error) {
    return { error: `cannot open state store \`${state.path}\`: ${errorMessage(error)}` };
  }
}

/**
 * Decides one call for a hook. `gatewayFiles`: the gateway settings that run this hook, which
 * no call may write (adapters/own-files.ts), with the policies, the state and the code.
 */
export async function decideForHook(call: ToolCall, policyPaths: string[], options: DecideOptions, gatewayFiles: readonly string[] = [], nestedFolders: readonly string[] = []): Promise<HookDecision> {
  if (policyPaths.length === 0) return { ok: false, message: 'no policy given: use --policy PATH' };
  const state = stateOf(options);
  const store = openState(state);
  if ('error' in store) return { ok: false, message: store.error };
  try {
    // Not loadPolicySet: a hook process decides one call, so the shell parser (~100 ms to
    // load) loads only if that call needs it, instead of ahead as for a long-lived gateway.
    const loaded = await loadPolicyFiles(policyPaths);
    if (loaded.diagnostics.some((d) => d.severity === 'error')) return { ok: false, message: `invalid policy set: ${diagnosticsText(loaded.diagnostics)}` };
    const ownState = 'error' in state || state.kind === 'memory' ? [] : stateFiles(state.path);
    const protectedPaths = { paths: ownFiles(policyPaths, options.cwd, ownState, gatewayFiles), base: options.cwd, ...(nestedFolders.length > 0 ? { nested: nestedFolders } : {}) };
    const set = compilePolicies(loaded.policies, { store, protectedPaths });
    // The engine never throws and turns store failures into deny.
    const decision = await set.evaluateAsync(call, options.noApprover === true ? { noApprover: true } : undefined);
    return { ok: true, decision };
  } catch (error) {
    return { ok: false, message: `internal error: ${errorMessage(error)}` };
  } finally {
    try {
      await store.close?.();
    } catch {
      // the decision is already made; a close failure changes nothing
    }
  }
}

/**
 * Why a hook cannot use the paths it was given, or undefined. A hook process starts in a
 * directory its gateway chooses, often the session's, which the agent may move (`cd` in one
 * call, the next hook starts there): a relative `--policy` or `--state sqlite:PATH` would then
 * be read from a directory the agent chose, one with a policy of its own or a fresh state file
 * (red team 21B: two directories kept two counts). Unless the hook has a fixed base (Claude
 * Code's project directory), they must be absolute.
 */
export function relativeHookPath(policyPaths: readonly string[], state: string | undefined): string | undefined {
  const relative = policyPaths.find((p) => !path.isAbsolute(p));
  if (relative !== undefined) return `\`--policy ${relative}\` is relative, and a hook may start in a directory the agent chose: name the policies by an absolute path`;
  if (state?.startsWith('sqlite:') === true) {
    const file = state.slice('sqlite:'.length);
    if (file !== ':memory:' && file !== '' && !path.isAbsolute(file)) return `\`--state ${state}\` is relative, and a hook may start in a directory the agent chose: name the state file by an absolute path`;
  }
  return undefined;
}

/** The decide options a hook command runs with: its `--state`, the process environment and cwd. */
export function hookOptions(env: Record<string, string | undefined>, options: { state?: string }): DecideOptions {
  return { ...(options.state !== undefined ? { state: options.state } : {}), env, cwd: process.cwd() };
}

/** Runs a hook's answer; an exception becomes that hook's own deny answer, never a crash. */
export async function answerOrDeny<A>(produce: () => Promise<A>, deny: (message: string) => A): Promise<A> {
  try {
    return await produce();
  } catch (error) {
    return deny(`toolwarden: internal error: ${errorMessage(error)} (denying)`);
  }
}
