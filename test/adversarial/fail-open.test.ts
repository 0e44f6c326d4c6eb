// Threat class 20 where data files cannot reach: the exit codes of the real command line.
// A gateway that reads any exit code but 2 as "proceed" must never be handed one by an
// internal failure, and the 10 MB policy file must be refused before it is parsed.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPolicyFiles, loadPolicyText } from '../../src/policy/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'bin/toolwarden.js');
const POLICIES = path.join(ROOT, 'test/adversarial/policies');
const HOSTILE = path.join(ROOT, 'test/adversarial/hostile');
const LIMITS = path.join(POLICIES, 'req-limits.yaml');
const READONLY = path.join(POLICIES, 'req-readonly.yaml');

const tmp = mkdtempSync(path.join(tmpdir(), 'toolwarden-fail-open-'));
const BIG = path.join(tmp, 'big.yaml');

// Hooks keep limit state in a per-user file by default: point it at our temp dir, and use a
// fresh session id each run so earlier runs never fill a counter.
const SESSION = `fail-open-${process.pid}-${Date.now()}`;
const CALL = JSON.stringify({ toolName: 'read', params: { path: '/srv/ws/a' }, sessionId: SESSION });
const CLAUDE = JSON.stringify({
  session_id: SESSION,
  hook_event_name: 'PreToolUse',
  tool_name: 'Read',
  tool_input: { file_path: '/srv/ws/a' },
  cwd: '/srv/ws',
});

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function toolwarden(args: string[], input: string, timeoutMs = 20_000): Run {
  const env = { ...process.env, XDG_STATE_HOME: path.join(tmp, 'state') };
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', cwd: ROOT, env, timeout: timeoutMs, killSignal: 'SIGKILL' });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const info = statSync(full);
    newest = Math.max(newest, info.isDirectory() ? newestMtime(full) : info.mtimeMs);
  }
  return newest;
}

const noStackTrace = (text: string): void => {
  expect(text).not.toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m);
  expect(text).not.toMatch(/\bat (async )?[\w.<>]+ \(file:/);
};

beforeAll(() => {
  const entry = path.join(ROOT, 'dist/cli/main.js');
  const stale = !existsSync(entry) || statSync(entry).mtimeMs < newestMtime(path.join(ROOT, 'src'));
  if (stale) {
    try {
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'pipe', timeout: 180_000 });
    } catch {
      // Type errors in files still being written elsewhere do not stop tsc from emitting.
    }
  }
  if (!existsSync(entry)) throw new Error('dist/cli/main.js is missing after the build');
  // 10 MB of otherwise valid YAML: the size cap, not the parser, must refuse it.
  const line = '  - "src/generated/some/rather/long/path/name/*.ts"\n';
  writeFileSync(BIG, `version: 1\nid: big\npaths:\n  allowed:\n${line.repeat(Math.ceil((10 * 1024 * 1024) / line.length))}`);
}, 200_000);

describe('hook exit-code: every internal failure exits exactly 2', () => {
  it('allows a legitimate call with exit 0 (control)', () => {
    const r = toolwarden(['hook', 'exit-code', '--policy', LIMITS], CALL);
    expect(r.status).toBe(0);
  });

  it('denies a call the policy denies with exit 2 (control)', () => {
    const r = toolwarden(['hook', 'exit-code', '--policy', READONLY], JSON.stringify({ toolName: 'Bash', params: { command: 'rm -rf /' } }));
    expect(r.status).toBe(2);
  });

  const failures: Array<[string, string[], string]> = [
    ['a missing policy file', ['--policy', path.join(tmp, 'no-such-policy.yaml')], CALL],
    ['a missing policy directory', ['--policy', path.join(tmp, 'no-such-dir')], CALL],
    ['an empty policy directory', ['--policy', mkdtempSync(path.join(tmp, 'empty-'))], CALL],
    ['an invalid policy (version 2)', ['--policy', path.join(HOSTILE, 'version-2.yaml')], CALL],
    ['an alias bomb policy', ['--policy', path.join(HOSTILE, 'alias-bomb.yaml')], CALL],
    ['a binary policy file', ['--policy', path.join(HOSTILE, 'binary-garbage.yaml')], CALL],
    ['one valid and one invalid policy', ['--policy', LIMITS, '--policy', path.join(HOSTILE, 'unknown-key-typo.yaml')], CALL],
    ['no --policy at all', [], CALL],
    ['an unknown option', ['--policy', LIMITS, '--frobnicate'], CALL],
    ['malformed JSON on stdin', ['--policy', LIMITS], '{"toolName": "read"'],
    ['empty stdin', ['--policy', LIMITS], ''],
    ['a JSON array on stdin', ['--policy', LIMITS], '[1, 2, 3]'],
    ['a JSON string on stdin', ['--policy', LIMITS], '"read"'],
    ['a call with a wrong type', ['--policy', LIMITS], JSON.stringify({ toolName: 'read', params: [], sessionId: 'x' })],
    ['a state store whose parent is a file', ['--policy', LIMITS, '--state', 'sqlite:/etc/passwd/x.db'], CALL],
    ['a state store in an unwritable place', ['--policy', LIMITS, '--state', 'sqlite:/sys/toolwarden.db'], CALL],
    ['an unknown state store kind', ['--policy', LIMITS, '--state', 'redis://localhost'], CALL],
  ];
  for (const [what, args, input] of failures) {
    it(`exits 2 on ${what}`, () => {
      const r = toolwarden(['hook', 'exit-code', ...args], input);
      expect(r.status).toBe(2);
      noStackTrace(r.stderr);
    });
  }

  // `/proc` refuses mkdir with ENOENT; the store must give up, not retry forever.
  it('exits 2 on a state store path under /proc', () => {
    const r = toolwarden(['hook', 'exit-code', '--policy', LIMITS, '--state', 'sqlite:/proc/forbidden/x.db'], CALL, 8_000);
    expect(r.status, 'the hook did not finish (killed after 8 s) or exited with another code').toBe(2);
  }, 30_000);

  // A denied answer that cannot be written (a full disk, an I/O error): still a deny, never another status.
  it('exits 2 when its output cannot be written (stdout or stderr on /dev/full)', () => {
    const deny = JSON.stringify({ toolName: 'Bash', params: { command: 'rm -rf /' } });
    for (const kind of ['exit-code', 'claude-code']) {
      for (const which of ['stdout', 'stderr'] as const) {
        const full = openSync('/dev/full', 'w');
        try {
          const stdio = which === 'stdout' ? (['pipe', full, 'pipe'] as const) : (['pipe', 'pipe', full] as const);
          const r = spawnSync(process.execPath, [BIN, 'hook', kind, '--policy', READONLY], { input: deny, cwd: ROOT, stdio: [...stdio], timeout: 20_000 });
          expect(r.status, `${kind}, ${which} full`).toBe(2);
        } finally {
          closeSync(full);
        }
      }
    }
  });

  it('exits 2 for an unknown hook kind', () => {
    expect(toolwarden(['hook', 'openclaw-please', '--policy', LIMITS], CALL).status).toBe(2);
    expect(toolwarden(['hook'], CALL).status).toBe(2);
  });
});

describe('hook claude-code: every internal failure exits exactly 2 and says deny', () => {
  it('allows a legitimate call with exit 0 (control)', () => {
    const r = toolwarden(['hook', 'claude-code', '--policy', LIMITS], CLAUDE);
    expect(r.status).toBe(0);
  });

  const failures: Array<[string, string[], string]> = [
    ['malformed stdin', ['--policy', LIMITS], 'garbage'],
    ['truncated JSON', ['--policy', LIMITS], CLAUDE.slice(0, 40)],
    ['empty stdin', ['--policy', LIMITS], ''],
    ['a JSON array', ['--policy', LIMITS], '[]'],
    ['tool_input as a string', ['--policy', LIMITS], JSON.stringify({ ...JSON.parse(CLAUDE), tool_input: '/etc/passwd' })],
    ['tool_name missing', ['--policy', LIMITS], JSON.stringify({ ...JSON.parse(CLAUDE), tool_name: undefined })],
    ['a missing policy', ['--policy', path.join(tmp, 'missing.yaml')], CLAUDE],
    ['an invalid policy', ['--policy', path.join(HOSTILE, 'duplicate-key-id.yaml')], CLAUDE],
    ['a deeply nested policy', ['--policy', path.join(HOSTILE, 'deep-flow-seq.yaml')], CLAUDE],
    ['a 10 MB policy', ['--policy', BIG], CLAUDE],
    ['a throwing store path', ['--policy', LIMITS, '--state', 'sqlite:/etc/passwd/x.db'], CLAUDE],
  ];
  for (const [what, args, input] of failures) {
    it(`exits 2 on ${what}`, () => {
      const r = toolwarden(['hook', 'claude-code', ...args], input);
      expect(r.status).toBe(2);
      noStackTrace(r.stderr);
      // Whatever it prints on stdout must never read as an allow.
      expect(r.stdout).not.toMatch(/"permissionDecision"\s*:\s*"(allow|ask)"/);
    });
  }

  // Only an event after the tool ran passes unchecked; a pre-tool event spelt otherwise is checked.
  const READ_OUTSIDE = (event: string) => JSON.stringify({ ...JSON.parse(CLAUDE), hook_event_name: event, tool_input: { file_path: '/etc/passwd' } });
  const WORKSPACE_ONLY = path.join(POLICIES, 'path-workspace-only.yaml');
  for (const event of ['preToolUse', 'BeforeTool', 'pre_tool_use', 'PreToolUse ']) {
    it(`checks the event ${JSON.stringify(event)} and exits 2 on a denied call`, () => {
      const r = toolwarden(['hook', 'claude-code', '--policy', WORKSPACE_ONLY, '--state', 'memory'], READ_OUTSIDE(event));
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('workspace.only');
    });
  }
  it('lets a PostToolUse event pass with exit 0 (control)', () => {
    const r = toolwarden(['hook', 'claude-code', '--policy', WORKSPACE_ONLY, '--state', 'memory'], READ_OUTSIDE('PostToolUse'));
    expect(r).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('exits 2 on a state store path under /proc', () => {
    const r = toolwarden(['hook', 'claude-code', '--policy', LIMITS, '--state', 'sqlite:/proc/forbidden/x.db'], CLAUDE, 8_000);
    expect(r.status, 'the hook did not finish (killed after 8 s) or exited with another code').toBe(2);
  }, 30_000);
});

describe('toolwarden eval on bad input: exit 1, one line, no stack trace', () => {
  const badInputs: Array<[string, string]> = [
    ['not JSON', 'nope'],
    ['a JSON array', '[1, 2]'],
    ['a bare number', '42'],
    ['truncated JSON', '{"toolName": "re'],
  ];
  for (const [what, input] of badInputs) {
    it(`exits 1 on ${what}`, () => {
      const r = toolwarden(['eval', '--policy', LIMITS], input);
      expect(r.status).toBe(1);
      expect(r.stdout).not.toMatch(/"decision"\s*:\s*"allow"/);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^toolwarden/);
      noStackTrace(r.stderr);
    });
  }

  it('exits 1 on a missing policy, naming the file, without a stack trace', () => {
    const missing = path.join(tmp, 'missing.yaml');
    const r = toolwarden(['eval', '--policy', missing], CALL);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('missing.yaml');
    expect(r.stdout).not.toMatch(/"decision"/);
    noStackTrace(r.stderr);
  });

  it('exits 1 on an invalid policy with a located message', () => {
    const r = toolwarden(['eval', '--policy', path.join(HOSTILE, 'duplicate-key-nested.yaml')], CALL);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/duplicate-key-nested\.yaml:6:3/);
    noStackTrace(r.stderr);
  });

  it('decides a valid call (control): exit 0 and an allow on stdout', () => {
    const r = toolwarden(['eval', '--policy', LIMITS], CALL);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).decision).toBe('allow');
  });
});

describe('the 10 MB policy file', () => {
  it('is refused by the loader before parsing, with a located message', async () => {
    const loaded = await loadPolicyFiles([BIG]);
    expect(loaded.policies).toEqual([]);
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((e) => e.code)).toEqual(['file-too-large']);
    expect(errors[0]!.location.file).toMatch(/big\.yaml$/);
    expect(errors[0]!.location.line).toBe(1);
  }, 5_000);

  it('is refused when handed over as text too', () => {
    const text = `version: 1\nid: big\ndescription: "${'x'.repeat(10 * 1024 * 1024)}"\n`;
    const loaded = loadPolicyText(text, 'inline.yaml');
    expect(loaded.policies).toEqual([]);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(['file-too-large']);
  }, 5_000);

  it('makes `toolwarden validate` exit 1 with file:line:column and the code', () => {
    const r = toolwarden(['validate', BIG], '', 10_000);
    expect(r.status).toBe(1);
    expect(`${r.stdout}${r.stderr}`).toMatch(/big\.yaml:1:1.*file-too-large/);
    noStackTrace(r.stderr);
  }, 15_000);

  it('makes `hook exit-code` exit 2', () => {
    expect(toolwarden(['hook', 'exit-code', '--policy', BIG], CALL, 10_000).status).toBe(2);
  }, 15_000);
});
