// The engine reads the caller's requester (and derivedPaths) once, into objects of its own:
// a getter or Proxy that answers differently on a second read cannot turn a non-owner into
// the owner, or an empty role list into an admin's, after validation.
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

  it('a senderIsOwner getter read again after validation', async () => {
    const set = await setFrom(SCOPES);
    const owner = changing<boolean | undefined>(undefined, true);
    const requester = { channel: 'discord', senderId: '42', get senderIsOwner() { return owner.read(); } };
    expect(decide(set, { ...EXEC, requester }).decision).toBe('deny');
    expect(owner.reads).toBe(1);
  });

  it('a hidden (non-enumerable) senderIsOwner getter, read on the slow path', async () => {
    const set = await setFrom(SCOPES);
    const owner = changing<boolean | undefined>(undefined, true);
    const requester = { channel: 'discord', senderId: '42' };
    Object.defineProperty(requester, 'senderIsOwner', { get: () => owner.read(), enumerable: false });
    expect(decide(set, { ...EXEC, requester }).decision).toBe('deny');
    expect(owner.reads).toBe(1);
  });

  it('a Proxy requester', async () => {
    const set = await setFrom(SCOPES);
    const owner = changing<boolean | undefined>(undefined, true);
    const target: Record<string, unknown> = { channel: 'discord', senderId: '42', senderIsOwner: undefined };
    const requester = new Proxy(target, { get: (t, k) => (k === 'senderIsOwner' ? owner.read() : t[k as string]) });
    expect(decide(set, { ...EXEC, requester }).decision).toBe('deny');
  });

  it('a roleIds getter, and a roleIds array that changes after it was checked', async () => {
    const set = await setFrom(SCOPES);
    const roles = changing<string[]>([], ['admin']);
    expect(decide(set, { ...EXEC, requester: { channel: 'discord', senderId: '9', get roleIds() { return roles.read(); } } }).decision).toBe('deny');
    const element = changing('user', 'admin');
    const roleIds = new Proxy(['user'], { get: (t, k) => (k === '0' ? element.read() : Reflect.get(t, k)) });
    expect(decide(set, { ...EXEC, requester: { channel: 'discord', senderId: '9', roleIds } }).decision).toBe('deny');
  });

  it('control: an admin by role is allowed exec', async () => {
    const set = await setFrom(SCOPES);
    expect(decide(set, { ...EXEC, requester: { channel: 'discord', senderId: '9', roleIds: ['admin'] } }).decision).toBe('allow');
  });

  it("the engine's call holds copies, not the caller's objects", () => {
    const requester = { channel: 'discord', senderId: '42', roleIds: ['a'] };
    const derivedPaths = ['/srv/a'];
    for (const input of [{ toolName: 'read', requester, derivedPaths }, Object.defineProperty({ toolName: 'read', requester, derivedPaths }, 'cwd', { value: '/srv', enumerable: false })]) {
      const call = checkToolCall(input);
      if (typeof call === 'string') throw new Error(call);
      expect(call.requester).not.toBe(requester);
      expect(call.requester?.roleIds).not.toBe(requester.roleIds);
      expect(call.requester).toEqual(requester);
      expect(call.derivedPaths).not.toBe(derivedPaths);
      expect(call.derivedPaths).toEqual(derivedPaths);
    }
  });
});
