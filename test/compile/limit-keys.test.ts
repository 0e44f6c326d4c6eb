// Counter keys are built by hand for speed; stores keep them across restarts, so they must be
// exactly these JSON arrays, whatever the ids hold (quotes, backslashes, control characters,
// lone surrogates). Rate keys name their window in ms (since the red-team round 2 fix: a
// shorter window no longer shares, and prunes, a longer one's counter).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileLimits } from '../../src/compile/sections/limits.js';
import type { CallView, CleanCall, PathSettings } from '../../src/compile/model.js';
import type { PolicyDocument } from '../../src/policy/document.js';

const SETTINGS: PathSettings = { root: undefined, rootFromCwd: false, only: false, resolveSymlinks: false, caseInsensitive: false, lexical: true, readsTrees: false, key: 'k' };
const PER = ['session', 'sender', 'agent', 'channel', 'global'] as const;

const WINDOWS = [['1m', 60_000], ['90s', 90_000], ['2h', 7_200_000]] as const;

function limitsOf(policy: string, ids: string[]) {
  const doc = { version: 1, id: policy, limits: { maxToolCalls: 5, rate: ids.map((id, i) => ({ id, per: PER[i % PER.length], limit: 3, window: WINDOWS[i % WINDOWS.length]![0] })) } } as unknown as PolicyDocument;
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
function expectedKey(policy: string, rate: { id: string; per: (typeof PER)[number]; windowMs: number } | undefined, call: CleanCall): string | undefined {
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
  else part = present(r?.channel) === undefined || present(r?.senderId) === undefined ? undefined : JSON.stringify([r!.channel, present(r!.accountId) ?? null, r!.senderId]);
  return part === undefined ? undefined : JSON.stringify([policy, 'rate', rate.id, rate.windowMs, part]);
}

describe('counter keys', () => {
  it('are the JSON arrays of their parts, for any ids', () => {
    fc.assert(
      fc.property(text, fc.array(text, { minLength: 5, maxLength: 5 }), maybe, maybe, maybe, fc.option(fc.record({ channel: maybe, accountId: maybe, senderId: maybe }), { nil: undefined }), (policy, ids, sessionId, sessionKey, agentId, requester) => {
        const limits = limitsOf(policy, ids);
        const call: CleanCall = { toolName: 'read', params: {}, sessionId, sessionKey, agentId, ...(requester ? { requester: Object.fromEntries(Object.entries(requester).filter(([, v]) => v !== undefined)) } : {}) };
        const view = viewOf(call);
        expect(limits[0]!.keyOf(view)).toBe(expectedKey(policy, undefined, call));
        ids.forEach((id, i) => expect(limits[i + 1]!.keyOf(view)).toBe(expectedKey(policy, { id, per: PER[i % PER.length]!, windowMs: WINDOWS[i % WINDOWS.length]![1] }, call)));
        // The presence test agrees with the key: a call has the key exactly when keyOf builds one.
        for (const limit of limits) expect(limit.hasKey(view)).toBe(limit.keyOf(view) !== undefined);
      }),
      { numRuns: 3000, seed: 20261130 },
    );
  });

  it('differ between limits that differ only in their window', () => {
    const doc = (window: string) => ({ version: 1, id: 'web', limits: { rate: [{ id: 'fetch', per: 'global', limit: 3, window }] } }) as unknown as PolicyDocument;
    const keyFor = (window: string) => compileLimits({ policy: 'web', doc: doc(window), home: '/home/u', pathSettings: SETTINGS, at: () => 'p.yaml:1:1', cover: () => {} }).limits![0]!.keyOf(viewOf({ toolName: 'web_fetch', params: {} }));
    expect(keyFor('1h')).toBe('["web","rate","fetch",3600000,"*"]');
    expect(keyFor('1s')).not.toBe(keyFor('1h'));
    // The same window written two ways is the same limit: one counter.
    expect(keyFor('60m')).toBe(keyFor('1h'));
  });
});
