// Runs every adversarial case and names every failure. A single allow where deny was due
// is a failed case.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { compilePolicies, loadPolicyFiles } from '../../src/index.js';
import { initShellParser } from '../../src/facts/shell/index.js';
import type { LoadedPolicy } from '../../src/policy/index.js';
import type { CounterStore } from '../../src/state/store.js';
import { createMemoryStore } from '../../src/state/memory.js';
import { CORPUS_DIR, loadCorpus, type Case, type StoreKind } from './corpus.js';

const corpus = loadCorpus();
const policies = new Map<string, LoadedPolicy[]>();

function failingStore(kind: StoreKind): CounterStore {
  if (kind === 'memory') return createMemoryStore();
  const fail = () => new Error('state store is down');
  if (kind === 'throwing') return { tryConsume: () => { throw fail(); }, peek: () => { throw fail(); } };
  if (kind === 'rejecting') return { tryConsume: () => Promise.reject(fail()), peek: () => Promise.reject(fail()) };
  const malformed: Partial<Record<StoreKind, unknown>> = { 'async-ok-string': { ok: 'no' }, 'async-no-full': { ok: false }, 'async-null': null, 'sync-ok-string': { ok: 'no' } };
  if (kind in malformed) {
    const answer = malformed[kind] as never;
    if (kind.startsWith('sync-')) return { tryConsume: () => answer, peek: () => [] };
    return { tryConsume: async () => answer, peek: async () => [] };
  }
  return { tryConsume: () => new Promise(() => {}), peek: () => new Promise(() => {}) };
}

beforeAll(async () => {
  await initShellParser();
  // The fixture tree the path cases run against: test/global-setup.ts.
  const stems = new Set(corpus.flatMap((c) => (c.kind === 'call' ? c.policies : [])));
  for (const stem of stems) {
    const loaded = await loadPolicyFiles([path.join(CORPUS_DIR, 'policies', `${stem}.yaml`)]);
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length) throw new Error(`corpus policy ${stem} is invalid: ${errors.map((e) => `${e.location.line}:${e.location.column} ${e.message}`).join('; ')}`);
    policies.set(stem, loaded.policies);
  }
});

async function runCase(c: Case & { kind: 'call' }): Promise<string[]> {
  const set = compilePolicies(c.policies.flatMap((p) => policies.get(p)!), { store: failingStore(c.store), storeTimeoutMs: 200 });
  const problems: string[] = [];
  for (const [i, step] of c.steps.entries()) {
    const d = await set.evaluateAsync(step.call, { useCallTime: true });
    const where = c.steps.length > 1 ? ` (step ${i + 1})` : '';
    if (d.decision !== step.expect) problems.push(`expected ${step.expect}, got ${d.decision}${where}: ${d.reasons.map((r) => `${r.check}: ${r.message}`).join('; ') || 'no reasons'}`);
    for (const want of step.reasons ?? []) {
      if (!d.reasons.some((r) => r.check === want || r.rule === want)) problems.push(`missing reason ${want}${where}`);
    }
  }
  return problems;
}

describe('adversarial corpus', () => {
  it('covers all twenty threat classes with at least 400 cases', () => {
    const classes = new Set(corpus.map((c) => c.cls));
    const missing = Array.from({ length: 20 }, (_, i) => i + 1).filter((n) => !classes.has(n));
    expect(missing, `threat classes without cases: ${missing.join(', ')}`).toEqual([]);
    expect(corpus.length).toBeGreaterThanOrEqual(400);
  });

  it('every case gets its expected decision', async () => {
    const failures: string[] = [];
    for (const c of corpus) {
      if (c.kind === 'policy-file') {
        const loaded = await loadPolicyFiles([path.join(CORPUS_DIR, c.policyFile)]);
        const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
        if (errors.length === 0 || loaded.policies.length > 0 && errors.every((e) => e.location.file !== loaded.policies[0]!.file)) failures.push(`${c.file} [class ${c.cls}] ${c.attack}: policy file was accepted`);
        else if (c.code && !errors.some((e) => e.code === c.code)) failures.push(`${c.file} [class ${c.cls}] ${c.attack}: expected code ${c.code}, got ${errors.map((e) => e.code).join(', ')}`);
        else if (c.line && !errors.some((e) => e.location.line === c.line)) failures.push(`${c.file} [class ${c.cls}] ${c.attack}: expected line ${c.line}, got ${errors.map((e) => e.location.line).join(', ')}`);
        continue;
      }
      for (const p of await runCase(c)) failures.push(`${c.file} [class ${c.cls}] ${c.attack}: ${p}`);
    }
    expect(failures, `${failures.length} failing cases:\n${failures.join('\n')}`).toEqual([]);
  }, 300_000);
});
