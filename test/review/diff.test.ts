import { describe, it, expect } from 'vitest';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/cli/commands/diff.js';
import type { CliIO } from '../../src/cli/io.js';
import type { DiffReport } from '../../src/review/diff.js';
import { groupChanges } from '../../src/review/diff.js';

const basePath = join(__dirname, '..', 'fixtures', 'workflow', 'diff', 'base.yaml');

function io(): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, cwd: tmpdir(), env: {}, stdin: async () => '', stdout: (s) => out.push(s), stderr: (s) => err.push(s) };
}

async function variant(edit: (text: string) => string): Promise<string> {
  const text = await readFile(basePath, 'utf8');
  const changed = edit(text);
  const dir = await mkdtemp(join(tmpdir(), 'tw-diff-'));
  await writeFile(join(dir, 'base.yaml'), changed);
  return dir;
}

async function diff(edit: (text: string) => string, extra: string[] = []): Promise<{ code: number; report: DiffReport; cli: ReturnType<typeof io> }> {
  const cli = io();
  const code = await run([basePath, await variant(edit), '--format', 'json', '--runs', '100', ...extra], cli);
  expect(cli.err.join('')).toBe('');
  return { code, report: JSON.parse(cli.out.join('')) as DiffReport, cli };
}

describe('semantic diff', () => {
  it('reports nothing for an identical set', async () => {
    const { code, report } = await diff((t) => t, ['--fail-on', 'any']);
    expect(report.groups).toEqual([]);
    expect(code).toBe(0);
  });

  it('finds a removed forbidden glob, reports it first, and fails on loosen', async () => {
    const { code, report } = await diff((t) => t.replace('forbidden: [".env", "*.pem"]', 'forbidden: ["*.pem"]'), ['--fail-on', 'loosen']);
    expect(code).toBe(1);
    const first = report.groups[0]!;
    expect([first.direction, first.from, first.to]).toEqual(['loosened', 'deny', 'allow']);
    expect(first.cause).toEqual(['base paths.forbidden']);
    expect(JSON.stringify(first.witness.at(-1))).toContain('.env');
    expect(report.groups.every((g) => g.direction === 'loosened')).toBe(true);
  });

  it('puts the one loosening before tightenings when a change does both', async () => {
    const { report } = await diff((t) =>
      t
        .replace('approve: ["git push *"]', 'approve: []')
        .replace('allow: ["git status", "ls *"]', 'allow: ["git status", "ls *", "git push *"]')
        .replace('forbidden: [".env", "*.pem"]', 'forbidden: [".env", "*.pem", "*.key"]'),
    );
    const directions = report.groups.map((g) => g.direction);
    expect(directions[0]).toBe('loosened');
    expect(directions.lastIndexOf('loosened')).toBeLessThan(directions.indexOf('tightened'));
    expect(report.groups.filter((g) => g.direction === 'loosened').map((g) => [g.from, g.to, g.cause])).toEqual([['ask', 'allow', ['base shell.approve']]]);
    expect(report.groups.some((g) => g.direction === 'tightened' && g.cause.includes('base paths.forbidden'))).toBe(true);
  });

  it('reports no loosening for a pure tightening and exits 0 on --fail-on loosen', async () => {
    const { code, report } = await diff((t) => t.replace('forbidden: [".env", "*.pem"]', 'forbidden: [".env", "*.pem", "/etc/**"]').replace('maxToolCalls: 3', 'maxToolCalls: 2'), ['--fail-on', 'loosen']);
    expect(report.loosened).toBe(0);
    expect(report.tightened).toBeGreaterThan(0);
    expect(code).toBe(0);
  });

  it('finds a widened scope rule with a requester witness', async () => {
    const { report } = await diff((t) => t.replace('tools: [read, exec]', 'tools: [read, exec, write]'));
    const loosened = report.groups.filter((g) => g.direction === 'loosened');
    expect(loosened.length).toBeGreaterThan(0);
    expect(loosened[0]!.cause).toEqual(['base scopes.rules team']);
    expect(loosened[0]!.witness.at(-1)?.requester?.roleIds).toEqual(['dev']);
  });

  it('finds a raised call limit with a sequence witness', async () => {
    const { report } = await diff((t) => t.replace('maxToolCalls: 3', 'maxToolCalls: 5'));
    const group = report.groups.find((g) => g.cause.includes('base limits.maxToolCalls'));
    expect(group?.direction).toBe('loosened');
    expect(group?.witness.length).toBe(4);
  });

  it('prints markdown with loosenings flagged', async () => {
    const cli = io();
    await run([basePath, await variant((t) => t.replace('approve: ["git push *"]', 'approve: []').replace('allow: ["git status", "ls *"]', 'allow: ["git status", "ls *", "git push *"]')), '--format', 'markdown', '--runs', '0'], cli);
    const text = cli.out.join('');
    expect(text).toContain('| change | cause | witness | probes |');
    expect(text).toMatch(/\| :warning: loosened ask → allow \| base shell\.approve \|/);
  });

  it('rejects bad usage with exit 1 and one line', async () => {
    const cli = io();
    expect(await run([basePath], cli)).toBe(1);
    expect(await run([basePath, basePath, '--fail-on', 'sometimes'], cli)).toBe(1);
    expect(await run([basePath, '/nonexistent/x.yaml'], cli)).toBe(1);
    expect(cli.err.join('')).not.toMatch(/\n\s+at /);
  });

  it('keeps the smallest witness per group', () => {
    const change = (path: string) => ({
      from: 'deny' as const, to: 'allow' as const, direction: 'loosened' as const, cause: ['p paths.forbidden'], probe: 'x',
      witness: [{ toolName: 'read', params: { path } }], oldReasons: [], newReasons: [],
    });
    const groups = groupChanges([change('a/very/long/path/.env'), change('.env'), change('b/.env')]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.count).toBe(3);
    expect(groups[0]!.witness[0]!.params).toEqual({ path: '.env' });
  });
});
