// Loads the adversarial corpus: one YAML file per threat class (THREATS.md), each case a
// policy reference, a tool call (or a timed sequence) and the expected decision.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { DecisionKind } from '../../src/types.js';

export const CORPUS_DIR = path.dirname(fileURLToPath(import.meta.url));

export interface Step {
  call: unknown;
  expect: DecisionKind;
  reasons?: string[];
}

/**
 * Which counter store the case runs on: fresh memory (default), a failing one, or one whose
 * answer is malformed (`{ ok: "no" }`, `{ ok: false }` without `full`, `null`), async or sync.
 */
export type StoreKind = 'memory' | 'throwing' | 'rejecting' | 'hanging' | 'async-ok-string' | 'async-no-full' | 'async-null' | 'sync-ok-string';

export type Case =
  | { kind: 'call'; file: string; cls: number; attack: string; policies: string[]; steps: Step[]; store: StoreKind }
  | { kind: 'policy-file'; file: string; cls: number; attack: string; policyFile: string; expect: 'reject'; code?: string; line?: number };

export function loadCorpus(): Case[] {
  const dir = path.join(CORPUS_DIR, 'cases');
  const out: Case[] = [];
  for (const name of readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort()) {
    const file = path.join(dir, name);
    const doc = parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as { class: number; cases: Record<string, unknown>[] };
    for (const raw of doc.cases) {
      const attack = String(raw.attack ?? raw.name ?? '(unnamed)');
      if (raw.policyFile !== undefined) {
        out.push({ kind: 'policy-file', file: name, cls: doc.class, attack, policyFile: String(raw.policyFile), expect: 'reject', ...(raw.code ? { code: String(raw.code) } : {}), ...(raw.line ? { line: Number(raw.line) } : {}) });
        continue;
      }
      const policies = Array.isArray(raw.policy) ? raw.policy.map(String) : [String(raw.policy)];
      const steps: Step[] = raw.sequence
        ? (raw.sequence as Step[])
        : [{ call: raw.call, expect: raw.expect as DecisionKind, ...(raw.reasons ? { reasons: raw.reasons as string[] } : {}) }];
      out.push({ kind: 'call', file: name, cls: doc.class, attack, policies, steps, store: (raw.store as StoreKind) ?? 'memory' });
    }
  }
  return out;
}
