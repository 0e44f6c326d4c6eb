// A state store's answer is checked, not trusted: only `{ ok: true }` allows, and `evaluate`
// resolves to deny (never rejects) whatever a broken store answers or throws.
import { describe, expect, it } from 'vitest';
import type { CounterStore } from '../../src/state/store.js';
import { createMemoryStore } from '../../src/state/memory.js';
import { setFrom } from './helpers.js';

const POLICY = `version: 1
id: quota
limits:
  maxToolCalls: 1
  rate:
    - { id: reads, tools: [read], per: session, limit: 5, window: 1m }
`;
const CALL = { toolName: 'read', params: { path: '/a' }, sessionId: 's' };

async function decisionWith(store: CounterStore) {
  const set = await setFrom(POLICY, { store });
  return set.evaluate(CALL);
}

const answers: Array<[string, unknown]> = [
  ['ok "no"', { ok: 'no' }],
  ['ok 1', { ok: 1 }],
  ['no ok', {}],
  ['ok false, no full', { ok: false }],
  ['ok false, empty full', { ok: false, full: [] }],
  ['ok false, full out of range', { ok: false, full: [7] }],
  ['ok false, full not a list', { ok: false, full: '0' }],
  ['ok false, full a fraction', { ok: false, full: [0.5] }],
  ['ok false, full repeats', { ok: false, full: [0, 0] }],
  ['null', null],
  ['undefined', undefined],
  ['a number', 1],
  ['ok getter that throws', { get ok() { throw new Error('boom'); } }],
];

describe('state store answers', () => {
  it.each(answers)('async %s: deny, never a rejection', async (_, answer) => {
    const d = await decisionWith({ tryConsume: async () => answer as never, peek: async () => [] });
    expect(d.decision).toBe('deny');
    expect(d.reasons.map((r) => r.check)).toEqual(['engine.error']);
  });

  it.each(answers)('sync %s: deny', async (_, answer) => {
    const d = await decisionWith({ tryConsume: () => answer as never, peek: () => [] });
    expect(d.decision).toBe('deny');
  });

  it.each([
    ['an Error', () => new Error('down')],
    ['a string', () => 'down'],
    ['undefined', () => undefined],
    ['an object whose toString throws', () => ({ toString() { throw new Error('again'); } })],
  ])('a store rejecting with %s: deny', async (_, reason) => {
    const d = await decisionWith({ tryConsume: () => Promise.reject(reason()), peek: async () => [] });
    expect(d.decision).toBe('deny');
    expect(d.reasons[0]!.check).toBe('engine.error');
  });

  it('a well-formed full answer names the full limit (control)', async () => {
    const d = await decisionWith({ tryConsume: async () => ({ ok: false, full: [1] }), peek: async () => [] });
    expect(d.decision).toBe('deny');
    expect(d.reasons.map((r) => r.rule ?? r.check)).toEqual(['reads']);
  });

  it('ok true allows (control)', async () => {
    expect((await decisionWith({ tryConsume: async () => ({ ok: true }), peek: async () => [] })).decision).toBe('allow');
    expect((await decisionWith({ tryConsume: () => ({ ok: true }), peek: () => [] })).decision).toBe('allow');
  });

  it('a full in-memory store denies new sessions, and never resets an old one', async () => {
    // two counters a session (maxToolCalls and the window): room for two sessions
    const set = await setFrom(POLICY, { store: createMemoryStore({ max: 4 }) });
    const call = (sessionId: string) => set.evaluate({ ...CALL, sessionId }) as { decision: string; reasons: { check: string; message: string }[] };
    expect(call('a').decision).toBe('allow');
    expect(call('b').decision).toBe('allow');
    const third = call('c');
    expect(third.decision).toBe('deny');
    expect(third.reasons[0]!.check).toBe('engine.error');
    expect(third.reasons[0]!.message).toMatch(/limit store is full: 4 live counters/);
    // session a used its one call; making room never forgot it
    expect(call('a').decision).toBe('deny');
  });
});
