// The hook commands end to end with the real engine: stdin in, exit code and output out.
import { describe, it, expect, afterEach } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runClaudeCodeHook } from '../../src/adapters/claude-code/hook.js';
import { runExitCodeHook } from '../../src/adapters/exit-code/hook.js';
import type { HookIO } from '../../src/adapters/hook-io.js';

const here = import.meta.dirname;
const basic = path.join(here, 'policies');
const limited = path.join(here, 'policies-limited');
const scoped = path.join(here, 'policies-scoped');
const invalid = path.join(here, 'policies-invalid');

const temps: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-hook-'));
  temps.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of temps.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function run(
  hook: typeof runClaudeCodeHook,
  stdin: string,
  policies: string[],
  options: { state?: string } = { state: 'memory' },
  env: Record<string, string | undefined> = {},
) {
  let stdout = '';
  let stderr = '';
  const io: HookIO = { stdin: async () => stdin, stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), env };
  const code = await hook(io, policies, options);
  return { code, stdout, stderr };
}

const cc = (toolName: string, toolInput: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    session_id: 'sess-1',
    transcript_path: '/tmp/t.jsonl',
    cwd: '/home/u/project',
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: toolName,
    tool_input: toolInput,
    tool_use_id: 'toolu_1',
    ...extra,
  });

describe('toolwarden hook claude-code', () => {
  it('reads a command only the full shell parser can, which a hook process loads when the call needs it', async () => {
    const r = await run(runClaudeCodeHook, cc('Bash', { command: 'for d in a b; do echo "$d"; rm -rf /; done' }), [basic]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^toolwarden denied: basic\/shell\.deny: .*rm -rf/);
  });

  it('deny: exit 2, reason on stderr and in the JSON on stdout', async () => {
    const r = await run(runClaudeCodeHook, cc('Bash', { command: 'ls && rm -rf /' }), [basic]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^toolwarden denied: basic\/shell\.deny: .*rm -rf/);
    expect(JSON.parse(r.stdout).hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'deny' });
  });

  it('a Claude Code file path to a secret is denied', async () => {
    const r = await run(runClaudeCodeHook, cc('Read', { file_path: '/home/u/project/.env' }), [basic]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('paths.forbidden');
  });

  it('ask: exit 0 with permissionDecision ask', async () => {
    const r = await run(runClaudeCodeHook, cc('Bash', { command: 'git push origin main' }), [basic]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput).toMatchObject({ permissionDecision: 'ask', permissionDecisionReason: expect.stringContaining('git push') });
  });

  it('allow: exit 0 and nothing printed', async () => {
    const r = await run(runClaudeCodeHook, cc('Bash', { command: 'npm test' }), [basic]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it.each(['PostToolUse', 'PostToolUseFailure', 'post_tool_use', 'AfterTool'])('a post-tool event (%s) passes without evaluation', async (event) => {
    const r = await run(runClaudeCodeHook, cc('Bash', { command: 'rm -rf /' }, { hook_event_name: event }), [basic]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it.each(['preToolUse', 'BeforeTool', 'pre_tool_use', 'PermissionRequest', 'weird', ''])('any other event (%j) is checked as a pre-tool event', async (event) => {
    const r = await run(runClaudeCodeHook, cc('Read', { file_path: '/home/u/project/.env' }, { hook_event_name: event }), [basic]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('paths.forbidden');
    expect((await run(runClaudeCodeHook, cc('Read', { file_path: '/home/u/project/a.txt' }, { hook_event_name: event }), [basic])).code).toBe(0);
  });

  it.each([
    ['malformed JSON', '{"tool_name":', [basic], 'not valid JSON'],
    ['no tool_name', JSON.stringify({ session_id: 's', tool_input: {} }), [basic], 'no `tool_name`'],
    ['a missing policy file', cc('Bash', { command: 'ls' }), ['/nonexistent/toolwarden/policy.yaml'], 'invalid policy set'],
    ['an invalid policy', cc('Bash', { command: 'ls' }), [invalid], 'broken.yaml:4:'],
    ['no policy at all', cc('Bash', { command: 'ls' }), [], 'no policy given'],
  ])('%s: exit 2 with a one-line reason', async (_label, stdin, policies, fragment) => {
    const r = await run(runClaudeCodeHook, stdin, policies);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(fragment);
    expect(r.stderr.trimEnd()).not.toContain('\n');
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('scopes: Claude Code sends no requester, so a scoped policy applies missingRequester (deny)', async () => {
    const r = await run(runClaudeCodeHook, cc('Read', { file_path: '/home/u/project/a.txt' }), [scoped]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('scoped/');
  });

  it('default state: a per-user SQLite file keeps limits across hook processes', async () => {
    const home = tempDir();
    const env = { HOME: home };
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await run(runClaudeCodeHook, cc('Read', { file_path: '/home/u/project/a' }), [limited], {}, env)).code);
    expect(codes).toEqual([0, 0, 0, 2]);
    expect(fs.existsSync(path.join(home, '.local/state/toolwarden/state.db'))).toBe(true);
    // another session has its own count
    expect((await run(runClaudeCodeHook, cc('Read', { file_path: '/a' }, { session_id: 'sess-2' }), [limited], {}, env)).code).toBe(0);
  });

  it('XDG_STATE_HOME wins over HOME; --state memory keeps nothing between runs', async () => {
    const xdg = tempDir();
    await run(runClaudeCodeHook, cc('Read', { file_path: '/a' }), [limited], {}, { HOME: '/nonexistent-home', XDG_STATE_HOME: xdg });
    expect(fs.existsSync(path.join(xdg, 'toolwarden/state.db'))).toBe(true);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await run(runClaudeCodeHook, cc('Read', { file_path: '/a' }), [limited], { state: 'memory' })).code);
    expect(codes).toEqual([0, 0, 0, 0]);
  });

  it('no state folder, a bad --state, or an unopenable store: exit 2', async () => {
    expect((await run(runClaudeCodeHook, cc('Read', { file_path: '/a' }), [limited], {}, {})).stderr).toContain('no per-user state folder');
    expect((await run(runClaudeCodeHook, cc('Read', { file_path: '/a' }), [limited], { state: 'redis:x' })).code).toBe(2);
    const blocker = path.join(tempDir(), 'file');
    fs.writeFileSync(blocker, 'x');
    const r = await run(runClaudeCodeHook, cc('Read', { file_path: '/a' }), [limited], { state: `sqlite:${blocker}/state.db` });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot open state store');
  });
});

describe('relative --policy and --state in a hook (red team 21B)', () => {
  const relPolicy = path.relative(process.cwd(), basic);
  it('the exit-code hook refuses them: it may start in a directory the agent chose', async () => {
    const call = JSON.stringify({ toolName: 'read', params: { path: '/a' }, sessionId: 's' });
    const byPolicy = await run(runExitCodeHook, call, [relPolicy], { state: 'memory' });
    expect(byPolicy.code).toBe(2);
    expect(byPolicy.stdout).toMatch(/`--policy .*` is relative/);
    const byState = await run(runExitCodeHook, call, [basic], { state: 'sqlite:state.db' });
    expect(byState.code).toBe(2);
    expect(byState.stdout).toMatch(/`--state sqlite:state\.db` is relative/);
    // absolute ones, and the memory store, decide as usual
    expect((await run(runExitCodeHook, call, [basic], { state: 'memory' })).code).toBe(0);
  });

  it('the Claude Code hook refuses them unless CLAUDE_PROJECT_DIR anchors them', async () => {
    const read = cc('Read', { file_path: '/home/u/project/a.txt' });
    const unanchored = await run(runClaudeCodeHook, read, [relPolicy], { state: 'memory' }, {});
    expect(unanchored.code).toBe(2);
    expect(unanchored.stderr).toMatch(/is relative.*CLAUDE_PROJECT_DIR/);
    expect((await run(runClaudeCodeHook, read, [relPolicy], { state: 'memory' }, { CLAUDE_PROJECT_DIR: process.cwd() })).code).toBe(0);
  });
});

describe('toolwarden hook exit-code', () => {
  const env = (name: string, input: unknown, event = 'preToolUse') => ({ HOOK_TOOL_NAME: name, HOOK_TOOL_INPUT: JSON.stringify(input), HOOK_EVENT: event });

  it('deny: exit 2 with the reason on stdout', async () => {
    const r = await run(runExitCodeHook, '', [basic], { state: 'memory' }, env('exec', { command: 'rm -rf /tmp/x' }));
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^toolwarden denied: basic\/shell\.deny/);
  });

  it('allow: exit 0, nothing on stdout', async () => {
    const r = await run(runExitCodeHook, '', [basic], { state: 'memory' }, env('exec', { command: 'ls' }));
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('ask: exit 2, since the protocol cannot ask', async () => {
    const r = await run(runExitCodeHook, '', [basic], { state: 'memory' }, env('exec', { command: 'git push origin' }));
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('needs a human');
  });

  it('an apply_patch header hiding its path behind a lone \\r is denied (stdin, no derivedPaths)', async () => {
    const stdin = (header: string) => JSON.stringify({ tool_name: 'apply_patch', tool_input: { input: `*** Begin Patch\n${header}\n+x\n*** End Patch` }, cwd: '/home/u/project', session_id: 's1' });
    expect((await run(runExitCodeHook, stdin('*** Add File: notes\r/../.env'), [basic])).code).toBe(2);
    expect((await run(runExitCodeHook, stdin('*** Add File: notes.txt'), [basic])).code).toBe(0);
  });

  it('post events exit 0 without evaluating', async () => {
    const r = await run(runExitCodeHook, '', [invalid], { state: 'memory' }, env('exec', { command: 'rm -rf /' }, 'postToolUse'));
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('stdin JSON carries the session, so limits apply per session', async () => {
    const home = tempDir();
    const stdin = JSON.stringify({ toolName: 'read', params: { path: '/w/a' }, sessionId: 'x-1' });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await run(runExitCodeHook, stdin, [limited], {}, { HOME: home })).code);
    expect(codes).toEqual([0, 0, 0, 2]);
  });

  it('disagreeing env and stdin, bad input JSON, or an invalid policy: exit 2', async () => {
    expect((await run(runExitCodeHook, JSON.stringify({ toolName: 'read' }), [basic], { state: 'memory' }, env('exec', { command: 'ls' }))).code).toBe(2);
    expect((await run(runExitCodeHook, '', [basic], { state: 'memory' }, { HOOK_TOOL_NAME: 'exec', HOOK_TOOL_INPUT: '{' })).code).toBe(2);
    const r = await run(runExitCodeHook, '', [invalid], { state: 'memory' }, env('exec', { command: 'ls' }));
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('broken.yaml:4:');
  });
});
