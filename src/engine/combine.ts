// The one place decisions combine: deny beats ask beats allow (Cedar-style explicit table).
import type { DecisionKind } from '../types.js';

/** The stricter of two decisions: deny, then ask, then allow (compared directly: it runs once per verdict). */
export function stricter(a: DecisionKind, b: DecisionKind): DecisionKind {
  if (a === 'deny' || b === 'allow') return a;
  if (b === 'deny' || a === 'allow') return b;
  return a; // both ask
}

/** Combines any number of decisions; no decisions at all is `allow` (nothing objected). */
export function combine(decisions: Iterable<DecisionKind>): DecisionKind {
  let out: DecisionKind = 'allow';
  for (const d of decisions) out = stricter(out, d);
  return out;
}
