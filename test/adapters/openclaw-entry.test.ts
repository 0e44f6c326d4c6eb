// The plugin's registration and fail-closed behaviour, over a fake engine whose answers the
// tests choose. The real engine and the real OpenClaw loader are covered in test/integration.
import { describe, it, expect } from 'vitest';
import { createOpenClawPlugin, POLICY_ID, type PluginApi } from '../../src/adapters/openclaw/entry.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decision, fakeEngine, badDiagnostic, type FakeEngine } from './fixtures.js';

type Registered = Parameters<PluginApi['registerTrustedToolPolicy']>[0];

function register(engine: FakeEngine, pluginConfig: unknown, extra: Partial<PluginApi> = {}) {
  const registered: Registered[] = [];
  const errors: string[] = [];
  const api: PluginApi = {
    pluginConfig: pluginConfig as Record<string, unknown>,
    logger: { info: () => {}, error: (m) => errors.push(m) },
    resolvePath: (p) => (p.startsWith('/') ? p : `/root/${p}`),
    registerTrustedToolPolicy: (policy) => registered.push(policy),
    ...extra,
  };
  createOpenClawPlugin(engine).register(api);
  expect(registered).toHaveLength(1);
  const policy = registered[0]!;
  return { policy, errors };
}

const event = { toolName: 'read', params: { path: 'a' } };
const ctx = { sessionId: 's1', requester: { channel: 'discord', senderId: 'u1', senderIsOwner: true } };
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('OpenClaw plugin entry', () => {
  it('registers one trusted policy with the manifest id and a description, and no matcher (all tools)', () => {
    const { policy } = register(fakeEngine(() => decision('allow')), { policy: 'p' });
    expect(policy.id).toBe(POLICY_ID);
    expect(policy.description.length).toBeGreaterThan(0);
    expect(policy).not.toHaveProperty('matcher');
  });

  it('loads the configured, resolved paths once and evaluates synchronously after loading', async () => {
    const engine = fakeEngine(() => decision('deny'));
    const { policy } = register(engine, { policy: ['policies'] });
    await flush();
    const result = policy.evaluate(event, ctx);
    expect(result).not.toBeInstanceOf(Promise);
    expect(result).toMatchObject({ block: true });
    policy.evaluate(event, ctx);
    expect(engine.loadedPaths).toEqual([['/root/policies']]);
    expect(engine.stores).toEqual(['memory']);
    expect(engine.calls[0]).toMatchObject({ toolName: 'read', sessionId: 's1', requester: { senderIsOwner: true } });
  });

  it('uses the SQLite store when configured', async () => {
    const engine = fakeEngine(() => decision('allow'));
    register(engine, { policy: 'p', state: 'sqlite:/var/tw.db' });
    expect(engine.stores).toEqual(['sqlite:/var/tw.db']);
  });

  it('a call made while policies load waits for them instead of passing unchecked', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const engine = fakeEngine(() => decision('deny'), async () => {
      await gate;
      return 'ok';
    });
    const { policy } = register(engine, { policy: 'p' });
    const pending = policy.evaluate(event, ctx);
    expect(pending).toBeInstanceOf(Promise);
    release();
    await expect(pending).resolves.toMatchObject({ block: true });
  });

  it('an invalid policy set blocks every call, with the located diagnostics in the reason', async () => {
    const { policy, errors } = register(fakeEngine(() => decision('allow'), async () => [badDiagnostic]), { policy: 'p' });
    const result = await policy.evaluate(event, ctx);
    expect(result).toMatchObject({ block: true });
    expect(result && 'blockReason' in result ? result.blockReason : '').toContain('/p/broken.yaml:4:3 schema-unknown-key');
    expect(errors.join()).toContain('invalid policy set');
  });

  it('a loader that rejects blocks every call', async () => {
    const { policy } = register(fakeEngine(() => decision('allow'), async () => Promise.reject(new Error('disk gone'))), { policy: 'p' });
    await expect(Promise.resolve(policy.evaluate(event, ctx))).resolves.toMatchObject({ block: true, blockReason: expect.stringContaining('disk gone') });
  });

  it('a config mistake blocks every call rather than failing to load', () => {
    const engine = fakeEngine(() => decision('allow'));
    const { policy } = register(engine, { policies: 'p' });
    expect(policy.evaluate(event, ctx)).toMatchObject({ block: true, blockReason: expect.stringContaining('unknown key `policies`') });
    expect(engine.loadedPaths).toEqual([]);
  });

  it('a store that cannot open blocks every call', () => {
    const engine = fakeEngine(() => decision('allow'));
    engine.createSqliteStore = () => {
      throw new Error('unable to open database file');
    };
    const { policy } = register(engine, { policy: 'p', state: 'sqlite:/nope/x.db' });
    expect(policy.evaluate(event, ctx)).toMatchObject({ block: true, blockReason: expect.stringContaining('unable to open database file') });
  });

  it('an engine that throws, or rejects, blocks', async () => {
    const throwing = register(fakeEngine(() => { throw new Error('bug'); }), { policy: 'p' }).policy;
    const rejecting = register(fakeEngine(() => Promise.reject(new Error('async bug'))), { policy: 'p' }).policy;
    await flush();
    expect(throwing.evaluate(event, ctx)).toMatchObject({ block: true, blockReason: expect.stringContaining('bug') });
    await expect(rejecting.evaluate(event, ctx)).resolves.toMatchObject({ block: true, blockReason: expect.stringContaining('async bug') });
  });

  it('a malformed event blocks', async () => {
    const { policy } = register(fakeEngine(() => decision('allow')), { policy: 'p' });
    await flush();
    expect(policy.evaluate({ params: {} }, ctx)).toMatchObject({ block: true });
  });

  it('allow returns nothing and ask returns an approval request', async () => {
    const engine = fakeEngine((call) => decision((call as { toolName: string }).toolName === 'exec' ? 'ask' : 'allow'));
    const { policy } = register(engine, { policy: 'p', approval: { severity: 'critical', timeoutMs: 9 } });
    await flush();
    expect(policy.evaluate(event, ctx)).toBeUndefined();
    expect(policy.evaluate({ toolName: 'exec', params: { command: 'git push' } }, ctx)).toMatchObject({
      requireApproval: { severity: 'critical', timeoutMs: 9 },
    });
  });
});

describe('OpenClaw plugin with the real engine: Code Mode cells', () => {
  it('a Code Mode `exec` cell is JavaScript, never checked as shell commands: unverifiable under an allowlist', async () => {
    const { default: plugin } = await import('../../src/adapters/openclaw/plugin.js');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-codemode-'));
    fs.writeFileSync(path.join(dir, 'p.yaml'), 'version: 1\nid: p\nautonomy: full\nshell:\n  allow: ["cat *", "ls *"]\n');
    const registered: Registered[] = [];
    plugin.register({ pluginConfig: { policy: dir }, registerTrustedToolPolicy: (p) => registered.push(p) });
    const policy = registered[0]!;
    // Valid JavaScript that a shell reads as `cat` with a here-document.
    const code = "cat <<'EOF'\nfunction cat(){}; var EOF; globalThis.escape = this.constructor\nEOF";
    const cell = await policy.evaluate({ toolName: 'exec', params: { code, command: code }, toolKind: 'code_mode_exec', toolInputKind: 'javascript' }, { sessionId: 's' });
    expect(cell).toMatchObject({ block: true });
    expect((cell as { blockReason: string }).blockReason).toContain('shell.unverifiable');
    // control: the same text through the plain shell `exec` is the allowlisted `cat`
    expect(await policy.evaluate({ toolName: 'exec', params: { command: 'ls src' } }, { sessionId: 's', cwd: dir })).toBeUndefined();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
