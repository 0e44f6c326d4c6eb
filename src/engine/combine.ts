// The one place decisions combine: deny beats ask beats allow (Cedar-style explicit table).
import type { DecisionKind } from '../types.js';

const RANK: Readonly<Record<DecisionKind, number>> = { allow: 0, ask: 1, deny: 2 };

/** The stricter of two decisions. */
export function stricter(a: DecisionKind, b: DecisionKind): DecisionKind {
  return RANK[a] >= RANK[b] ? a : b;
}

/** Combines any number of decisions; no decisions at all is `allow` (nothing objected). */
export function combine(decisions: Iterable<DecisionKind>): DecisionKind {
  let out: DecisionKind = 'allow';
  for (const d of decisions) out = stricter(out, d);
  return out;
}
