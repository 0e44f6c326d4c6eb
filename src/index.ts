// Toolwarden's library entry: load and compile a policy set once, evaluate many calls.
import { homedir } from 'node:os';
import { compilePolicySet, type PolicyInput } from './compile/index.js';
import type { EngineOptions, LoadedSet, PolicySet } from './engine/api.js';
import { createPolicySet } from './engine/evaluate.js';
import { initShellParser } from './facts/shell/index.js';
import { loadPolicyFiles, loadPolicyText } from './policy/index.js';
import { createMemoryStore } from './state/memory.js';
import type { Diagnostic } from './types.js';

export type * from './types.js';
export type * from './engine/api.js';
export type * from './state/store.js';
export { DiagnosticCode } from './errors.js';
export { createMemoryStore } from './state/memory.js';
export { denyForError } from './engine/evaluate.js';
export { parseToolCall } from './engine/clean-call.js';
export { loadPolicyFiles, loadPolicyText } from './policy/index.js';
export { combine, stricter } from './engine/combine.js';

/** Compiles already-loaded policies into a set. Throws only on bugs. */
export function compilePolicies(policies: readonly PolicyInput[], options: EngineOptions = {}): PolicySet {
  const home = options.home ?? homedir();
  const compiled = compilePolicySet(policies, { home });
  return createPolicySet(compiled, {
    store: options.store ?? createMemoryStore(),
    clock: options.clock ?? Date.now,
    home,
    ...(options.storeTimeoutMs !== undefined ? { storeTimeoutMs: options.storeTimeoutMs } : {}),
    ...(options.protectedPaths !== undefined ? { protectedPaths: options.protectedPaths } : {}),
  });
}

function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/**
 * Loads, validates and compiles the policies in the given files and directories. When any
 * policy has an error the set is undefined: a half-loaded policy set is never used.
 */
export async function loadPolicySet(paths: string[], options: EngineOptions = {}): Promise<LoadedSet> {
  await initShellParser();
  const loaded = await loadPolicyFiles(paths);
  if (hasErrors(loaded.diagnostics)) return { set: undefined, diagnostics: loaded.diagnostics, testFiles: loaded.testFiles };
  return { set: compilePolicies(loaded.policies, options), diagnostics: loaded.diagnostics, testFiles: loaded.testFiles };
}

/** Same, from policy text held in memory (tests, editors, `toolwarden diff`). */
export async function loadPolicySetFromText(text: string, file: string, options: EngineOptions = {}): Promise<LoadedSet> {
  await initShellParser();
  const loaded = loadPolicyText(text, file);
  if (hasErrors(loaded.diagnostics)) return { set: undefined, diagnostics: loaded.diagnostics, testFiles: [] };
  return { set: compilePolicies(loaded.policies, options), diagnostics: loaded.diagnostics, testFiles: [] };
}
