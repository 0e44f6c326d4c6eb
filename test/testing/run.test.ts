import { describe, it, expect } from 'vitest';
import { join } from 'node:path';
import { runPolicyTests } from '../../src/testing/run.js';
import { run } from '../../src/cli/commands/test.js';
import type { CliIO } from '../../src/cli/io.js';

const fixtures = join(__dirname, '..', 'fixtures', 'workflow', 'runner');
const policies = join(__dirname, '..', '..', 'policies');

function io(cwd: string): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, cwd, env: {}, stdin: async () => '', stdout: (s) => out.push(s), stderr: (s) => err.push(s) };
}

describe('running policy tests', () => {
  it('finds exactly the known failures, with fresh limit state per case', async () => {
    const report = await runPolicyTests([fixtures]);
    expect(report.errors).toEqual([]);
    expect(report.cases.map((c) => [c.name, c.passed])).toEqual([
      ['dot env is denied', true],
      ['this case is wrong on purpose', false],
      ['the third call is denied', true],
      ['every case starts from fresh limit state', true],
      ['the wrong reason fails even when the decision is right', false],
    ]);
    const wrong = report.cases[1]!.failure!;
    expect([wrong.expected, wrong.actual, wrong.location.line]).toEqual(['allow', 'deny', 6]);
    expect(wrong.reasons.map((r) => r.check)).toEqual(['shell.deny']);
    const reason = report.cases[4]!.failure!;
    expect([reason.expected, reason.actual, reason.missingReasons]).toEqual(['deny', 'deny', ['shell.deny']]);
    expect(report.passed).toBe(false);
  });

  it('reports exactly the items no case exercised', async () => {
    const report = await runPolicyTests([fixtures]);
    const guard = report.coverage.byPolicy.find((p) => p.policy === 'guard')!;
    expect(guard.uncovered.map((i) => i.pointer)).toEqual(['/paths/forbidden/1', '/shell/deny/1', '/rules/0']);
    expect(guard.uncovered.every((i) => /guard\.yaml:\d+:\d+$/.test(i.source))).toBe(true);
    expect(report.coverage.covered).toBe(report.coverage.total - 3);
  });

  it('the CLI exits 1 on failures and prints file:line', async () => {
    const cli = io(join(__dirname, '..', '..'));
    expect(await run([fixtures], cli)).toBe(1);
    const text = cli.out.join('');
    expect(text).toContain('FAIL test/fixtures/workflow/runner/guard.test.yaml:6:5 this case is wrong on purpose');
    expect(text).toContain('expected allow, got deny');
    expect(text).toContain('not covered: rules `no-big-timeouts`');
  });

  it('the bundled example policies pass at 100% coverage', async () => {
    const cli = io(join(__dirname, '..', '..'));
    const code = await run([policies, '--min-coverage', '100', '--format', 'json'], cli);
    const body = JSON.parse(cli.out.join(''));
    expect(body.cases.filter((c: { passed: boolean }) => !c.passed)).toEqual([]);
    expect(body.coverage.percent).toBe(100);
    expect(body.testFiles).toHaveLength(5);
    expect(code).toBe(0);
  });

  it('coverage below --min-coverage fails a run whose cases all pass', async () => {
    const cli = io(join(__dirname, '..', '..'));
    expect(await run([join(policies, 'web-agent.test.yaml'), '--min-coverage', '100'], cli)).toBe(0);
    const dir = join(__dirname, '..', 'fixtures', 'workflow', 'partial');
    const partial = io(dir);
    expect(await run([dir, '--min-coverage', '90'], partial)).toBe(1);
    expect(partial.out.join('')).toContain('coverage 50% is below the minimum 90%');
    expect(await run([dir, '--min-coverage', '50'], io(dir))).toBe(0);
  });

  it('bad usage and empty runs exit 1 without a stack trace', async () => {
    const cli = io(fixtures);
    expect(await run([], cli)).toBe(1);
    expect(await run([fixtures, '--format', 'xml'], cli)).toBe(1);
    expect(await run([fixtures, '--min-coverage', 'lots'], cli)).toBe(1);
    expect(await run([join(fixtures, 'guard.yaml')], cli)).toBe(1);
    expect(cli.err.join('')).not.toMatch(/\n\s+at /);
    expect(cli.out.join('')).toContain('no policy tests');
  });
});

describe('which files and which policies the tests cover (red team 22A)', () => {
  const { mkdtempSync, mkdirSync, writeFileSync } = require('node:fs') as typeof import('node:fs');
  const { tmpdir } = require('node:os') as typeof import('node:os');
  const write = (dir: string, name: string, text: string) => writeFileSync(join(dir, name), text);

  it('two policies of one id in two folders are two policies: one folder\'s test does not cover the other\'s rule', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tw-cov-'));
    for (const [env, rule] of [['prod', 'no-big-writes'], ['dev', 'anything-else']] as const) {
      const dir = join(root, env);
      mkdirSync(dir);
      write(dir, 'agent.yaml', `version: 1\nid: agent\nrules:\n  - id: ${rule}\n    decision: deny\n    when: { fact: toolName, operator: equal, value: ${env === 'dev' ? 'write' : 'nothing'} }\n`);
      write(dir, 'agent.test.yaml', `cases:\n  - name: a write\n    call: { toolName: write, params: { path: /a } }\n    expect: ${env === 'dev' ? 'deny' : 'allow'}\n`);
    }
    const report = await runPolicyTests([root]);
    expect(report.cases.every((c) => c.passed)).toBe(true);
    expect([report.coverage.covered, report.coverage.total]).toEqual([1, 2]);
    expect(report.coverage.byPolicy.map((p) => [p.policy.replace(root, ''), p.covered, p.total])).toEqual([
      ['agent (/dev/agent.yaml)', 1, 1],
      ['agent (/prod/agent.yaml)', 0, 1],
    ]);
  });

  it('reads policies and tests named in any case, as the gateway loads them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-case-'));
    write(dir, 'strict.YAML', 'version: 1\nid: strict\nshell:\n  enabled: false\n');
    write(dir, 'shell.test.YAML', 'cases:\n  - name: ls\n    call: { toolName: exec, params: { command: ls } }\n    expect: allow\n');
    const report = await runPolicyTests([dir]);
    expect(report.cases).toHaveLength(1);
    expect(report.cases[0]!.passed).toBe(false); // strict.YAML is enforced: ls is denied
  });
});
