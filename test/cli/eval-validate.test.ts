import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';

function io(stdin = ''): CliIO & { out: string; err: string } {
  const x = {
    out: '',
    err: '',
    stdin: async () => stdin,
    stdout: (s: string) => void (x.out += s),
    stderr: (s: string) => void (x.err += s),
    env: {},
    cwd: process.cwd(),
  };
  return x;
}

const dir = mkdtempSync(path.join(tmpdir(), 'tw-cli-'));
const policy = path.join(dir, 'p.yaml');
writeFileSync(policy, `version: 1
id: p
workspace: { root: /srv/ws, resolveSymlinks: false }
paths: { forbidden: [".env"] }
shell:
  allow: ["git status"]
  approve: ["git push *"]
limits:
  rate: [{ id: r, per: session, limit: 2, window: 1m }]
`);
const broken = path.join(dir, 'broken.yaml');
writeFileSync(broken, 'version: 1\nid: Bad Id\nautonomy: yolo\nshel: {}\n');

describe('toolwarden eval', () => {
  it('lists every reason of a deny, where a gateway stops at the first', async () => {
    // `cat .env`: not on the allowlist (shell.allow), and a forbidden path (paths.forbidden)
    const call = { toolName: 'exec', params: { command: 'cat .env' }, cwd: '/srv/ws', sessionId: 'e' };
    const x = io(JSON.stringify(call));
    expect(await runCli(['eval', '--policy', policy], x)).toBe(2);
    expect(JSON.parse(x.out).reasons.map((r: { check: string }) => r.check)).toEqual(['shell.allow', 'paths.forbidden']);
  });

  it('exits 0 allow, 2 deny, 3 ask for one call, printing the decision', async () => {
    const cases: [object, number, string][] = [
      [{ toolName: 'exec', params: { command: 'git status' }, cwd: '/srv/ws', sessionId: 'a' }, 0, 'allow'],
      [{ toolName: 'read', params: { path: '.env' }, cwd: '/srv/ws', sessionId: 'b' }, 2, 'deny'],
      [{ toolName: 'exec', params: { command: 'git push origin main' }, cwd: '/srv/ws', sessionId: 'c' }, 3, 'ask'],
    ];
    for (const [call, code, decision] of cases) {
      const x = io(JSON.stringify(call));
      expect(await runCli(['eval', '--policy', policy], x)).toBe(code);
      const out = JSON.parse(x.out);
      expect(out.decision).toBe(decision);
      expect(out.revision).toMatch(/^sha256:/);
      if (decision === 'ask') expect(out.approval).toMatchObject({ severity: 'warning', timeoutMs: 120000 });
    }
  });

  it('replays JSON Lines in order with shared limit state and the time field honoured', async () => {
    const call = (time: number) => JSON.stringify({ toolName: 'read', params: { path: 'a' }, cwd: '/srv/ws', sessionId: 's', time });
    const input = path.join(dir, 'calls.jsonl');
    writeFileSync(input, [call(0), call(1000), call(2000), call(61_000), ''].join('\n'));
    const x = io();
    expect(await runCli(['eval', '--policy', policy, '--input', input], x)).toBe(0);
    const decisions = x.out.trim().split('\n').map((l) => JSON.parse(l).decision);
    expect(decisions).toEqual(['allow', 'allow', 'deny', 'allow']);
  });

  it('bad input: one line on stderr, exit 1, no stack trace, never an allow', async () => {
    for (const stdin of ['', 'not json', '[1,2]', '{"toolName": 5}', '{"toolName":"read","typo":1}']) {
      const x = io(stdin);
      const code = await runCli(['eval', '--policy', policy], x);
      if (code === 2) {
        // a well-formed JSON object that is not a valid call is decided: deny
        expect(JSON.parse(x.out).reasons[0].check).toBe('call.invalid');
        continue;
      }
      expect(code, stdin).toBe(1);
      expect(x.err).not.toMatch(/\n\s+at /);
      expect(x.out).not.toContain('"allow"');
    }
    const bad = io('{"toolName":"read"}\nnot json\n');
    expect(await runCli(['eval', '--policy', policy], bad)).toBe(1);
    expect(bad.err).toContain('line 2');
    // JSON that is no tool call: decided (deny), named by its line, and the run exits 1
    const notCalls = io('{"toolName":"read"}\n\nnull\n{}\n');
    expect(await runCli(['eval', '--policy', policy], notCalls)).toBe(1);
    const decided = notCalls.out.trim().split('\n').map((l) => JSON.parse(l));
    expect(decided).toHaveLength(3);
    expect(decided.slice(1).map((d) => d.reasons[0].check)).toEqual(['call.invalid', 'call.invalid']);
    expect(notCalls.err).toMatch(/line 3: .*\n.*line 4: /s);
  });

  it('an invalid or missing policy exits 1 with located diagnostics', async () => {
    const x = io('{"toolName":"read"}');
    expect(await runCli(['eval', '--policy', broken], x)).toBe(1);
    expect(x.err).toMatch(/broken\.yaml:2:5/);
    const y = io('{"toolName":"read"}');
    expect(await runCli(['eval', '--policy', path.join(dir, 'missing.yaml')], y)).toBe(1);
    expect(y.out).toBe('');
    const z = io('{"toolName":"read"}');
    expect(await runCli(['eval'], z)).toBe(1);
  });

  it('--explain adds a trace', async () => {
    const x = io(JSON.stringify({ toolName: 'read', params: { path: '.env' }, cwd: '/srv/ws', sessionId: 'e' }));
    expect(await runCli(['eval', '--policy', policy, '--explain'], x)).toBe(2);
    const out = JSON.parse(x.out);
    expect(out.trace.some((t: { check: string }) => t.check === 'paths.forbidden')).toBe(true);
  });
});

describe('toolwarden validate', () => {
  it('0 for valid policies, 1 with every error located', async () => {
    const ok = io();
    expect(await runCli(['validate', policy], ok)).toBe(0);
    expect(ok.out).toContain('1 policy valid');
    const bad = io();
    expect(await runCli(['validate', broken], bad)).toBe(1);
    expect(bad.err).toMatch(/broken\.yaml:2:5: error/);
    expect(bad.err).toMatch(/broken\.yaml:3:11: error/);
    expect(bad.err).toMatch(/broken\.yaml:4:1: error/);
  });

  it('github and sarif formats locate errors for CI', async () => {
    const gh = io();
    expect(await runCli(['validate', '--format', 'github', broken], gh)).toBe(1);
    expect(gh.out).toMatch(/^::error file=.*broken\.yaml,line=3,col=11/m);
    const sarif = io();
    expect(await runCli(['validate', '--format', 'sarif', broken], sarif)).toBe(1);
    const log = JSON.parse(sarif.out);
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0].results.length).toBeGreaterThanOrEqual(3);
  });

  it('usage errors exit 1', async () => {
    expect(await runCli(['validate'], io())).toBe(1);
    expect(await runCli(['validate', '--format', 'xml', policy], io())).toBe(1);
    expect(await runCli(['nope'], io())).toBe(1);
  });
});
