// The rules check skips a rule for a tool name when a top-level `all` conjunct on toolName or
// toolClass is false for it. Wrapping the same condition in a one-child `any` (same meaning,
// no skipping) must give the same decision, reasons and trace for every call.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decide, setFrom } from './helpers.js';

const TOOLS = ['read', 'write', 'exec', 'web_fetch', 'message', 'email', 'lookup', 'Read'];
const nameComparison = fc.oneof(
  fc.record({ fact: fc.constant('toolName'), operator: fc.constantFrom('equal', 'notEqual'), value: fc.constantFrom(...TOOLS) }),
  fc.record({ fact: fc.constant('toolName'), operator: fc.constantFrom('in', 'notIn'), value: fc.subarray(TOOLS) }),
  fc.record({ fact: fc.constant('toolClass'), operator: fc.constantFrom('equal', 'notEqual'), value: fc.constantFrom('read', 'write', 'exec') }),
  fc.record({ fact: fc.constant('toolClass'), operator: fc.constantFrom('in', 'notIn'), value: fc.subarray(['read', 'write', 'exec']) }),
);
const otherComparison = fc.oneof(
  fc.record({ fact: fc.constant('agentId'), operator: fc.constant('equal'), value: fc.constantFrom('a', 'b') }),
  fc.record({ fact: fc.constant('params'), path: fc.constant('$.url'), operator: fc.constant('equal'), value: fc.constantFrom('u1', 'u2') }),
  fc.record({ fact: fc.constant('toolName'), operator: fc.constant('equal'), value: fc.record({ fact: fc.constant('agentId') }) }),
);
const conditionArb = fc.oneof(
  fc.record({ all: fc.array(fc.oneof(nameComparison, otherComparison), { maxLength: 4 }) }),
  fc.record({ any: fc.array(fc.oneof(nameComparison, otherComparison), { minLength: 1, maxLength: 3 }) }),
  fc.record({ all: fc.array(fc.oneof(nameComparison, fc.record({ not: nameComparison })), { maxLength: 3 }) }),
);
const callArb = fc.record({
  toolName: fc.constantFrom(...TOOLS, 'a', 'b'),
  params: fc.record({ url: fc.constantFrom('u1', 'u2', 'u3') }, { requiredKeys: [] }),
  agentId: fc.constantFrom('a', 'b', 'read'),
});

function policy(conditions: unknown[], wrap: boolean): string {
  const rules = conditions.map((when, i) => ({ id: `r${i}`, when: wrap ? { any: [when] } : when, decision: i % 2 ? 'ask' : 'deny' }));
  return JSON.stringify({ version: 1, id: 'p', toolClasses: { read: ['lookup'] }, rules });
}

const strip = (d: { decision: string; reasons: { policy: string; check: string; rule?: string; message: string }[]; trace?: unknown[] }) => ({
  decision: d.decision,
  reasons: d.reasons.map(({ policy, check, rule, message }) => ({ policy, check, rule, message })),
  trace: d.trace,
});

describe('rules: skipping by tool name', () => {
  it('decides as the same rules that cannot be skipped', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(conditionArb, { minLength: 1, maxLength: 3 }), fc.array(callArb, { minLength: 1, maxLength: 8 }), async (conditions, calls) => {
        const skipping = await setFrom(policy(conditions, false));
        const plain = await setFrom(policy(conditions, true));
        for (const call of calls) {
          expect(strip(decide(skipping, call, true))).toEqual(strip(decide(plain, call, true)));
          expect(strip(decide(skipping, call))).toEqual(strip(decide(plain, call)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a rule on another tool does not match, one on this tool does', async () => {
    const set = await setFrom(policy([{ all: [{ fact: 'toolName', operator: 'equal', value: 'web_fetch' }, { fact: 'params', path: '$.url', operator: 'equal', value: 'u1' }] }], false));
    expect(decide(set, { toolName: 'web_fetch', params: { url: 'u1' } }).decision).toBe('deny');
    expect(decide(set, { toolName: 'web_fetch', params: { url: 'u2' } }).decision).toBe('allow');
    expect(decide(set, { toolName: 'read', params: { url: 'u1' } }).decision).toBe('allow');
    expect(decide(set, { toolName: 'web_fetch', params: { url: 'u1' } }).decision).toBe('deny');
  });
});
