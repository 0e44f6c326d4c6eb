import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CALL_KEYS, REQUESTER_KEYS, checkToolCall, isCallKey, isRequesterKey } from '../../src/engine/clean-call.js';

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
});
