import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CALL_KEYS, REQUESTER_KEYS, checkToolCall, isCallKey, isRequesterKey, parseToolCall } from '../../src/engine/clean-call.js';

const near = (keys: ReadonlySet<string>) => fc.oneof(fc.constantFrom(...keys), fc.constantFrom(...keys).map((k) => k.toUpperCase()), fc.constantFrom(...keys).map((k) => k + ' '), fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', ''));

describe('clean-call key switches', () => {
  it('isCallKey is membership in CALL_KEYS', () => {
    fc.assert(fc.property(near(CALL_KEYS), (k) => isCallKey(k) === CALL_KEYS.has(k)), { numRuns: 1000 });
    for (const k of CALL_KEYS) expect(isCallKey(k)).toBe(true);
  });
  it('isRequesterKey is membership in REQUESTER_KEYS', () => {
    fc.assert(fc.property(near(REQUESTER_KEYS), (k) => isRequesterKey(k) === REQUESTER_KEYS.has(k)), { numRuns: 1000 });
    for (const k of REQUESTER_KEYS) expect(isRequesterKey(k)).toBe(true);
  });
  it('unknown keys in the call and the requester are still refused', () => {
    expect(checkToolCall({ toolName: 'read', params: {}, toolname: 'x' })).toBe('unknown key `toolname` in tool call');
    expect(checkToolCall({ toolName: 'read', params: {}, requester: { senderIsowner: true } })).toBe('unknown key `senderIsowner` in requester');
    expect(typeof checkToolCall({ toolName: 'read', params: {}, requester: { channel: 'c', senderIsOwner: true } })).toBe('object');
  });

  it('a time is epoch ms a date can hold: past it a window would count nothing (t - 60000 === t at 1e308)', () => {
    for (const time of [1e308, -1, 8.64e15 + 1, Number.NaN, Infinity]) expect(checkToolCall({ toolName: 'read', time }), String(time)).toMatch(/`time` must be/);
    for (const time of [0, 1_700_000_000_000, 8.64e15, 1.5]) expect(typeof checkToolCall({ toolName: 'read', time }), String(time)).toBe('object');
  });
});

// checkToolCall's single pass must accept exactly what parseToolCall (the ordered checks) accepts,
// and give the same reason when it refuses.
const value = fc.oneof(fc.string({ maxLength: 4 }), fc.constant(''), fc.integer(), fc.double(), fc.constantFrom(8.64e15, 8.64e15 + 2, -0, 1e308), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.oneof(fc.string({ maxLength: 3 }), fc.integer()), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }), fc.constant('x'.repeat(257)));
const requester = fc.oneof(
  fc.dictionary(near(REQUESTER_KEYS), value, { maxKeys: 5 }),
  fc.record({ channel: fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null)), senderIsOwner: fc.oneof(fc.boolean(), fc.constant(null)), roleIds: fc.oneof(fc.array(fc.string({ maxLength: 3 })), fc.constant(null)) }, { requiredKeys: [] }),
  value,
);
const call = fc.oneof(
  fc.dictionary(near(CALL_KEYS), fc.oneof(value, requester), { maxKeys: 6 }),
  fc.record({ toolName: fc.oneof(fc.constantFrom('read', 'exec', ''), value), params: fc.oneof(fc.dictionary(fc.string({ maxLength: 3 }), value, { maxKeys: 2 }), value), agentId: value, cwd: value, time: value, derivedPaths: value, requester }, { requiredKeys: [] }),
  value,
);

describe('checkToolCall', () => {
  it('accepts and refuses exactly as parseToolCall, with the same reason', () => {
    fc.assert(
      fc.property(call, (input) => {
        const parsed = parseToolCall(input);
        const checked = checkToolCall(input);
        if (parsed.ok) expect(checked).toEqual(parsed.call);
        else expect(checked).toBe(parsed.message);
      }),
      { numRuns: 5000 },
    );
  });
  it('reads known keys that for-in does not see, as the ordered checks do', () => {
    const hidden = { toolName: 'read', params: {} };
    Object.defineProperty(hidden, 'agentId', { value: 7, enumerable: false });
    expect(checkToolCall(hidden)).toBe('`agentId` must be a string');
    const hiddenRequester = { channel: 'c' };
    Object.defineProperty(hiddenRequester, 'senderIsOwner', { value: 'yes', enumerable: false });
    expect(checkToolCall({ toolName: 'read', requester: hiddenRequester })).toBe('`requester.senderIsOwner` must be a boolean');
    // A hidden key that is valid is read too: the call keeps it, as the ordered checks would.
    const hiddenCwd = { toolName: 'read', params: {} };
    Object.defineProperty(hiddenCwd, 'cwd', { value: '/etc', enumerable: false });
    expect(checkToolCall(hiddenCwd)).toMatchObject({ toolName: 'read', cwd: '/etc' });
    // Calls built by adding a key to a spread copy (slow objects for V8) are read like any other.
    const base = { toolName: 'exec', params: { command: 'ls' }, requester: { channel: 'c', senderIsOwner: true } };
    const spread = { ...base, cwd: '/srv/ws' };
    const requesterSpread = { ...base, requester: { ...base.requester, senderId: '7' } };
    expect(checkToolCall(spread)).toEqual({ ...base, cwd: '/srv/ws' });
    expect(checkToolCall(requesterSpread)).toEqual(requesterSpread);
    const inherited = Object.create({ toolName: 'read' }) as object;
    expect(checkToolCall(inherited)).toBe(parseToolCall(inherited).ok ? (parseToolCall(inherited) as { call: unknown }).call : (parseToolCall(inherited) as { message: string }).message);
  });
});
