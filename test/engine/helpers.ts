import { loadPolicySetFromText } from '../../src/index.js';
import type { EngineOptions, PolicySet } from '../../src/engine/api.js';
import type { Decision } from '../../src/types.js';

/** Compiles policy YAML held in a string; fails the test on any error diagnostic. */
export async function setFrom(yaml: string, options: EngineOptions = {}): Promise<PolicySet> {
  const loaded = await loadPolicySetFromText(yaml, 'test.yaml', { home: '/home/u', ...options });
  if (!loaded.set) throw new Error(`policy did not compile: ${loaded.diagnostics.map((d) => `${d.location.line}:${d.location.column} ${d.code} ${d.message}`).join('; ')}`);
  return loaded.set;
}

/** Evaluates synchronously (memory store); fails if the engine returned a promise. */
export function decide(set: PolicySet, call: unknown, explain = false): Decision {
  const d = set.evaluate(call, { useCallTime: true, explain });
  if (d instanceof Promise) throw new Error('expected a synchronous decision with the memory store');
  return d;
}
