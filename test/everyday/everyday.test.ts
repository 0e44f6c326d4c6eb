// False denials: every everyday call in calls.yaml must get the decision its author expects
// under every corpus policy. A failure names the call, the policy, both decisions and the
// reasons Toolwarden gave.
import { beforeAll, describe, expect, it } from 'vitest';
import { compilePolicies, loadPolicyText } from '../../src/index.js';
import { initShellParser } from '../../src/facts/shell/index.js';
import type { PolicySet } from '../../src/engine/api.js';
import { createMemoryStore } from '../../src/state/memory.js';
import { loadEverydayCorpus } from './corpus.js';
import { setupEverydayFixtures } from './setup-fixtures.js';

const corpus = loadEverydayCorpus();
const sets = new Map<string, PolicySet>();

beforeAll(async () => {
  await initShellParser();
  setupEverydayFixtures();
  for (const [name, { file, text }] of corpus.policies) {
    const loaded = loadPolicyText(text, file);
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) throw new Error(`everyday policy ${name} is invalid: ${errors.map((e) => e.message).join('; ')}`);
    sets.set(name, compilePolicies(loaded.policies, { store: createMemoryStore() }));
  }
});

describe('everyday corpus', () => {
  it('holds at least 300 calls', () => {
    expect(corpus.calls.length).toBeGreaterThanOrEqual(300);
  });

  it('every call gets the decision its author expects under every policy', async () => {
    const failures: string[] = [];
    for (const c of corpus.calls) {
      for (const [name, want] of Object.entries(c.expect)) {
        const d = await sets.get(name)!.evaluateAsync(c.call as never);
        if (d.decision !== want) {
          const why = d.reasons.map((r) => `${r.check}: ${r.message}`).join('; ') || 'no reasons';
          failures.push(`${c.id} under ${name}: expected ${want}, got ${d.decision} (${why})`);
        }
      }
    }
    expect(failures, `${failures.length} unexpected decisions:\n${failures.join('\n')}`).toEqual([]);
  }, 300_000);
});
