import { describe, expect, it } from 'vitest';
import { combine, stricter } from '../../src/engine/combine.js';
import type { DecisionKind } from '../../src/types.js';

const ALL: DecisionKind[] = ['allow', 'ask', 'deny'];

describe('combination table', () => {
  it('deny beats ask beats allow, for every pair', () => {
    const table: Record<string, DecisionKind> = {
      'allow,allow': 'allow', 'allow,ask': 'ask', 'allow,deny': 'deny',
      'ask,allow': 'ask', 'ask,ask': 'ask', 'ask,deny': 'deny',
      'deny,allow': 'deny', 'deny,ask': 'deny', 'deny,deny': 'deny',
    };
    for (const a of ALL) for (const b of ALL) expect(stricter(a, b)).toBe(table[`${a},${b}`]);
  });

  it('nothing objecting is allow; order never matters', () => {
    expect(combine([])).toBe('allow');
    for (const a of ALL) for (const b of ALL) for (const c of ALL) {
      expect(combine([a, b, c])).toBe(combine([c, a, b]));
      expect(combine([a, b, c])).toBe(combine([b, c, a]));
    }
  });
});
