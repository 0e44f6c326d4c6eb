// The engine validates a call once and keeps a call object of its own (derivedPaths copied);
// a plain requester is used as given (no allocation on the hot path), one with nulls is
// copied without them. Hosts pass plain data: a getter or Proxy requester is not supported
// (README, "As a library"); a hidden key is still read once on the slow path.
import { describe, expect, it } from 'vitest';
import { checkToolCall } from '../../src/engine/clean-call.js';
import { decide, setFrom } from './helpers.js';

const SCOPES = `version: 1
id: s
scopes:
  owner: all
  otherwise: deny
  rules:
    - { id: readers, channel: discord, senderIds: ["42"], tools: [read] }
    - { id: admins, channel: discord, roleIds: [admin], tools: ["*"] }
`;
const EXEC = { toolName: 'exec', params: { command: 'rm -rf /' } };

/** A value that is `first` on the first read and `later` on every read after it. */
function changing<T>(first: T, later: T): { read(): T; reads: number } {
  const state = { reads: 0, read: () => (state.reads++ === 0 ? first : later) };
  return state;
}

describe('the requester is read once', () => {
  it('control: a plain non-owner is denied exec', async () => {
    const set = await setFrom(SCOPES);
    expect(decide(set, { ...EXEC, requester: { channel: 'discord', senderId: '42' } }).decision).toBe('deny');
  });

  it('a hidden (non-enumerable) senderIsOwner getter, read on the slow path', async () => {
    const set = await setFrom(SCOPES);
    const owner = changing<boolean | undefined>(undefined, true);
    const requester = { channel: 'discord', senderId: '42' };
    Object.defineProperty(requester, 'senderIsOwner', { get: () => owner.read(), enumerable: false });
    expect(decide(set, { ...EXEC, requester }).decision).toBe('deny');
    expect(owner.reads).toBe(1);
  });

  it('control: an admin by role is allowed exec', async () => {
    const set = await setFrom(SCOPES);
    expect(decide(set, { ...EXEC, requester: { channel: 'discord', senderId: '9', roleIds: ['admin'] } }).decision).toBe('allow');
  });

  it("the engine's call is its own; the requester is the caller's unless it holds a null", () => {
    const requester = { channel: 'discord', senderId: '42', roleIds: ['a'] };
    const derivedPaths = ['/srv/a'];
    for (const input of [{ toolName: 'read', requester, derivedPaths }, Object.defineProperty({ toolName: 'read', requester, derivedPaths }, 'cwd', { value: '/srv', enumerable: false })]) {
      const call = checkToolCall(input);
      if (typeof call === 'string') throw new Error(call);
      expect(call).not.toBe(input);
      expect(call.requester).toEqual(requester);
      expect(call.derivedPaths).not.toBe(derivedPaths);
      expect(call.derivedPaths).toEqual(derivedPaths);
    }
    // No allocation for a plain requester (the common case; README: pass plain data).
    const plain = checkToolCall({ toolName: 'read', requester });
    if (typeof plain === 'string') throw new Error(plain);
    expect(plain.requester).toBe(requester);
    // Nulls are dropped into a copy of the engine's own.
    const withNull = { channel: 'discord', senderId: '42', accountId: null };
    const copied = checkToolCall({ toolName: 'read', requester: withNull });
    if (typeof copied === 'string') throw new Error(copied);
    expect(copied.requester).not.toBe(withNull);
    expect(copied.requester?.accountId).toBeUndefined();
  });
});
