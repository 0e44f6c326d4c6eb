// Counter keys are built by hand for speed; stores keep them across restarts, so they must be
// exactly the JSON arrays they always were, whatever the ids hold (quotes, backslashes,
// control characters, lone surrogates).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileLimits } from '../../src/compile/sections/limits.js';
import type { CallView, CleanCall, PathSettings } from '../../src/compile/model.js';
import type { PolicyDocument } from '../../src/policy/document.js';

const SETTINGS: PathSettings = { root: undefined, rootFromCwd: false, only: false, resolveSymlinks: false, caseInsensitive: false, lexical: true, key: 'k' };
const PER = ['session', 'sender', 'agent', 'channel', 'global'] as const;

function limitsOf(policy: string, ids: string[]) {
  const doc = { version: 1, id: policy, limits: { maxToolCalls: 5, rate: ids.map((id, i) => ({ id, per: PER[i % PER.length], limit: 3, window: '1m' })) } } as unknown as PolicyDocument;
  const out = compileLimits({ policy, doc, home: '/home/u', pathSettings: SETTINGS, at: () => 'p.yaml:1:1', cover: () => {} });
  return out.limits!;
}

const viewOf = (call: CleanCall) => ({ call, toolClass: 'read' }) as unknown as CallView;

// Ids made of the characters JSON escapes and of ordinary ones.
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom('a', 'Z', '"', '\\', '\u0001', '\u001f', '\ud800', '\udc00', '😀', '\u2028', 'é', ',', '[', ']', ' ') }),
);
const maybe = fc.option(fc.oneof(text, fc.constant('')), { nil: undefined });

/** The key as it was always written. */
function expectedKey(policy: string, rate: { id: string; per: (typeof PER)[number] } | undefined, call: CleanCall): string | undefined {
  const present = (v: string | undefined) => (v === undefined || v === '' ? undefined : v);
  if (rate === undefined) {
    const s = present(call.sessionId) ?? present(call.sessionKey);
    return s === undefined ? undefined : JSON.stringify([policy, 'max', s]);
  }
  const r = call.requester;
  let part: string | undefined;
  if (rate.per === 'session') part = present(call.sessionId) ?? present(call.sessionKey);
  else if (rate.per === 'agent') part = present(call.agentId);
  else if (rate.per === 'channel') part = present(r?.channel);
  else if (rate.per === 'global') part = '*';
  else part = present(r?.channel) === undefined || present(r?.senderId) === undefined ? undefined : JSON.stringify([r!.channel, r!.accountId ?? null, r!.senderId]);
  return part === undefined ? undefined : JSON.stringify([policy, 'rate', rate.id, part]);
}

describe('counter keys', () => {
  it('are the JSON arrays of their parts, for any ids', () => {
    fc.assert(
      fc.property(text, fc.array(text, { minLength: 5, maxLength: 5 }), maybe, maybe, maybe, fc.option(fc.record({ channel: maybe, accountId: maybe, senderId: maybe }), { nil: undefined }), (policy, ids, sessionId, sessionKey, agentId, requester) => {
        const limits = limitsOf(policy, ids);
        const call: CleanCall = { toolName: 'read', params: {}, sessionId, sessionKey, agentId, ...(requester ? { requester: Object.fromEntries(Object.entries(requester).filter(([, v]) => v !== undefined)) } : {}) };
        const view = viewOf(call);
        expect(limits[0]!.keyOf(view)).toBe(expectedKey(policy, undefined, call));
        ids.forEach((id, i) => expect(limits[i + 1]!.keyOf(view)).toBe(expectedKey(policy, { id, per: PER[i % PER.length]! }, call)));
        // The presence test agrees with the key: a call has the key exactly when keyOf builds one.
        for (const limit of limits) expect(limit.hasKey(view)).toBe(limit.keyOf(view) !== undefined);
      }),
      { numRuns: 3000, seed: 20261130 },
    );
  });
});
