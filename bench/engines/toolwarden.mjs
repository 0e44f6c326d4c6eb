// Toolwarden as users run it: the built library (dist/), one policy set, the in-memory store.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOME } from './reference.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const policyFile = (name) => path.join(here, '..', 'policy', name);

/** One Toolwarden row: `file` is a policy in bench/policy/. */
export function toolwarden(name, file) {
  const engine = {
    name,
    cold: {},
    set: undefined,
    async setup() {
      let t = performance.now();
      const lib = await import('../../dist/index.js');
      engine.cold.importMs = performance.now() - t;
      t = performance.now();
      // Read, parse and validate (YAML with source ranges, JSON schema, semantic lint).
      const loaded = await lib.loadPolicyFiles([policyFile(file)]);
      engine.cold.validateMs = performance.now() - t;
      if (loaded.diagnostics.some((d) => d.severity === 'error')) throw new Error(`${file}: ${JSON.stringify(loaded.diagnostics, null, 1)}`);
      t = performance.now();
      engine.set = lib.compilePolicies(loaded.policies, { store: lib.createMemoryStore(), home: HOME });
      engine.cold.compileMs = performance.now() - t;
      // The shell parser (mvdan-sh, a large module) loads on first use: that is import time too.
      t = performance.now();
      engine.set.evaluate({ toolName: 'exec', params: { command: 'true' } });
      engine.cold.importMs += performance.now() - t;
      engine.lib = lib;
    },
    decide(call) {
      const result = engine.set.evaluate(call);
      // the synchronous fast path: with the memory store nothing is awaited
      if (typeof result.then === 'function') throw new Error('evaluate returned a promise with the memory store');
      return result.decision;
    },
  };
  engine.explain = explainToolwarden;
  return engine;
}

const RULE_URLS = new Set(['https://pastebin.com/raw/x', 'http://evil.example/payload']);
/** Why Toolwarden differs from the floor on a call (the floor implements reference.yaml only). */
function explainToolwarden(call, floorDecision, decision) {
  const cmd = call.params?.command;
  if (typeof cmd === 'string' && /^(sudo|env|nice|nohup|timeout|command|exec|xargs)\s/.test(cmd)) {
    return 'Toolwarden unwraps wrappers (`sudo ls` is checked as `ls`, LANGUAGE.md shell); the floor does not';
  }
  if (call.toolName === 'web_fetch' && RULE_URLS.has(call.params?.url)) return 'custom rule `no-fetch-from-paste-sites`';
  if (typeof call.params?.content === 'string' && call.params.content.length > 100000) return 'custom rule `big-writes-need-review`';
  if (call.agentId === 'research-1' && call.toolName === 'message') return 'custom rule `research-never-messages`';
  return undefined;
}
