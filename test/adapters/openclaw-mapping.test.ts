import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { mapRequester, openClawCall, openClawResult, parsePluginConfig, DEFAULT_APPROVAL } from '../../src/adapters/openclaw/mapping.js';
import { decision } from './fixtures.js';

const resolve = (p: string) => (p.startsWith('/') ? p : `/plugin-root/${p}`);

describe('openClawCall', () => {
  it('maps the event and context fields OpenClaw sends', () => {
    const call = openClawCall(
      { toolName: 'apply_patch', params: { input: 'x' }, runId: 'r-event', toolCallId: 'c1', derivedPaths: Object.freeze(['/etc/x', '/ws/a.ts']) },
      {
        agentId: 'main',
        sessionKey: 'agent:main:main',
        sessionId: 'sess-1',
        runId: 'r-ctx',
        toolName: 'apply_patch',
        channelId: 'discord',
        requester: { channel: 'discord', accountId: 'ops', senderId: 'u1', senderIsOwner: false, roleIds: ['maintainer'] },
      },
      '/ws',
    );
    expect(call).toEqual({
      toolName: 'apply_patch',
      params: { input: 'x' },
      agentId: 'main',
      sessionId: 'sess-1',
      sessionKey: 'agent:main:main',
      runId: 'r-event',
      cwd: '/ws',
      derivedPaths: ['/etc/x', '/ws/a.ts'],
      requester: { channel: 'discord', accountId: 'ops', senderId: 'u1', senderIsOwner: false, roleIds: ['maintainer'] },
    });
  });

  it("reads the context's channelId as the channel, with or without a requester (red team 22B)", () => {
    expect(openClawCall({ toolName: 'exec', params: { command: 'ls' } }, { channelId: 'discord' }).requester).toEqual({ channel: 'discord' });
    expect(openClawCall({ toolName: 'exec', params: {} }, { channelId: 'discord', requester: { senderId: 'u1' } }).requester).toEqual({ channel: 'discord', senderId: 'u1' });
    // the requester's own channel wins
    expect(openClawCall({ toolName: 'exec', params: {} }, { channelId: 'discord', requester: { channel: 'slack', senderId: 'u1' } }).requester).toEqual({ channel: 'slack', senderId: 'u1' });
  });

  it('leaves the requester out when the host proved none (missingRequester applies)', () => {
    const call = openClawCall({ toolName: 'exec', params: { command: 'ls' } }, { runId: 'r' });
    expect(call.requester).toBeUndefined();
    expect(call).toEqual({ toolName: 'exec', params: { command: 'ls' }, runId: 'r' });
  });

  it('prefers a cwd the context carries over the configured one, and ignores relative ones', () => {
    expect(openClawCall({ toolName: 'read', params: {} }, { cwd: '/from/ctx' }, '/conf').cwd).toBe('/from/ctx');
    expect(openClawCall({ toolName: 'read', params: {} }, { workspaceDir: '/ws' }, '/conf').cwd).toBe('/ws');
    expect(openClawCall({ toolName: 'read', params: {} }, { cwd: 'relative' }).cwd).toBeUndefined();
  });

  it('keeps a Code Mode cell\'s JavaScript out of `command`, so it is never read as a shell command', () => {
    const code = "cat <<'EOF'\nfunction cat(){}; var EOF; globalThis.x = 1\nEOF";
    const cell = { toolName: 'exec', params: { code, command: code }, toolKind: 'code_mode_exec', toolInputKind: 'javascript' };
    expect(openClawCall(cell, {}).params).toEqual({ code });
    expect(openClawCall({ toolName: 'exec', params: { command: code } }, { toolKind: 'code_mode_exec' }).params).toEqual({ code });
    expect(openClawCall({ toolName: 'exec', params: { command: 'ls' }, toolInputKind: 'typescript' }, {}).params).toEqual({ code: 'ls' });
    // the plain shell `exec` keeps its command
    expect(openClawCall({ toolName: 'exec', params: { command: 'ls' } }, {}).params).toEqual({ command: 'ls' });
  });

  it('throws (so the plugin blocks) on an event it cannot read', () => {
    expect(() => openClawCall({ params: {} }, {})).toThrow();
    expect(() => openClawCall({ toolName: '', params: {} }, {})).toThrow();
    expect(() => openClawCall({ toolName: 'x', params: 'rm -rf /' }, {})).toThrow();
    expect(() => openClawCall({ toolName: 'x', params: {}, derivedPaths: [1] }, {})).toThrow();
    expect(() => openClawCall(null, {})).toThrow();
  });
});

describe('mapRequester', () => {
  it('copies only documented fields with the right types; absent owner is not owner', () => {
    expect(mapRequester({ channel: 'd', senderIsOwner: 'true', roleIds: ['a', 1], extra: 'x' })).toEqual({ channel: 'd', roleIds: ['a'] });
    expect(mapRequester(undefined)).toBeUndefined();
    expect(mapRequester('owner')).toBeUndefined();
  });

  it('property: never grants owner unless senderIsOwner is literally true', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('channel', 'senderId', 'senderIsOwner', 'roleIds', 'other'), fc.anything()), (raw) => {
        const mapped = mapRequester(raw);
        expect(mapped?.senderIsOwner === true).toBe(raw.senderIsOwner === true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('openClawResult', () => {
  it('deny blocks with the reasons text', () => {
    const result = openClawResult(decision('deny'), { toolName: 'read' }, DEFAULT_APPROVAL);
    expect(result).toEqual({ block: true, blockReason: 'toolwarden denied: p1/paths.forbidden: deny because `x` (p.yaml:3:5)' });
  });

  it('ask becomes an approval request carrying the policy approval settings, without allow-always', () => {
    const result = openClawResult(
      decision('ask', { approval: { title: 'Push?', description: 'git push needs review', severity: 'critical', timeoutMs: 5000 } }),
      { toolName: 'exec' },
      DEFAULT_APPROVAL,
    );
    expect(result).toEqual({
      requireApproval: { title: 'Push?', description: 'git push needs review', severity: 'critical', timeoutMs: 5000, allowedDecisions: ['allow-once', 'deny'] },
    });
  });

  it('ask without approval settings uses the plugin defaults', () => {
    const result = openClawResult(decision('ask'), { toolName: 'exec' }, { severity: 'info', timeoutMs: 42 });
    expect(result).toMatchObject({ requireApproval: { title: 'Allow `exec`?', severity: 'info', timeoutMs: 42 } });
  });

  it('allow says nothing (no objection), so ordinary hooks still run', () => {
    expect(openClawResult(decision('allow'), { toolName: 'read' }, DEFAULT_APPROVAL)).toBeUndefined();
  });

  it('property: anything but allow objects; reasons stay one line', () => {
    fc.assert(
      fc.property(fc.constantFrom('deny', 'ask', 'bogus'), fc.string(), (kind, message) => {
        const d = { decision: kind, reasons: [{ policy: 'p', check: 'c', message, source: 's' }], revision: 'r' } as never;
        const result = openClawResult(d, { toolName: 't' }, DEFAULT_APPROVAL);
        expect(result).toBeDefined();
        const text = result && 'block' in result ? result.blockReason : result?.requireApproval.description;
        expect(text).not.toMatch(/\n/);
        if (kind !== 'ask') expect(result).toHaveProperty('block', true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parsePluginConfig', () => {
  it('resolves policy and state paths and fills approval defaults', () => {
    const parsed = parsePluginConfig({ policy: ['policies', '/abs/p.yaml'], state: 'sqlite:state/tw.db', cwd: 'ws' }, resolve);
    expect(parsed).toEqual({
      ok: true,
      config: {
        policy: ['/plugin-root/policies', '/abs/p.yaml'],
        state: 'sqlite:/plugin-root/state/tw.db',
        approval: DEFAULT_APPROVAL,
        cwd: '/plugin-root/ws',
      },
    });
  });

  it('accepts a single policy path and approval overrides', () => {
    const parsed = parsePluginConfig({ policy: 'p.yaml', approval: { severity: 'critical', timeoutMs: 1000 } }, resolve);
    expect(parsed).toMatchObject({ ok: true, config: { policy: ['/plugin-root/p.yaml'], state: 'memory', approval: { severity: 'critical', timeoutMs: 1000 } } });
  });

  it.each([
    [undefined, 'missing'],
    [{}, '`policy`'],
    [{ policy: [] }, '`policy`'],
    [{ policy: 'p', polcy: 'q' }, 'unknown key `polcy`'],
    [{ policy: 'p', state: 'redis:x' }, 'unknown `state`'],
    [{ policy: 'p', state: 'sqlite:' }, 'unknown `state`'],
    [{ policy: 'p', approval: { severity: 'high' } }, '`approval.severity`'],
    [{ policy: 'p', approval: { timeoutMs: -1 } }, '`approval.timeoutMs`'],
    [{ policy: 'p', approval: { timeout: 1 } }, 'unknown key `approval.timeout`'],
    [[], 'must be an object'],
  ])('rejects %j', (raw, fragment) => {
    const parsed = parsePluginConfig(raw, resolve);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(fragment);
  });
});
