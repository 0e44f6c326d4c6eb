import { describe, it, expect } from 'vitest';
import { mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { run as init } from '../../src/cli/commands/init.js';
import { run as schema, schemaPath } from '../../src/cli/commands/schema.js';
import { run as test } from '../../src/cli/commands/test.js';
import type { CliIO } from '../../src/cli/io.js';

function io(cwd: string): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, cwd, env: {}, stdin: async () => '', stdout: (s) => out.push(s), stderr: (s) => err.push(s) };
}

describe('toolwarden init', () => {
  it('scaffolds the policy, its tests, editor settings and the CI workflow', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'tw-init-'));
    const cli = io(cwd);
    expect(await init([], cli)).toBe(0);
    const policy = await readFile(join(cwd, 'policies', 'starter.yaml'), 'utf8');
    expect(policy.split('\n')[0]).toBe('# yaml-language-server: $schema=../node_modules/toolwarden/schemas/policy.schema.json');
    expect(parse(policy)).toMatchObject({ version: 1, id: 'starter', paths: { forbidden: expect.arrayContaining(['.env']) } });
    const tests = parse(await readFile(join(cwd, 'policies', 'starter.test.yaml'), 'utf8'));
    expect(tests.policies).toEqual(['starter.yaml']);
    expect(tests.cases.length).toBeGreaterThan(5);
    const workflow = parse(await readFile(join(cwd, '.github', 'workflows', 'policies.yml'), 'utf8'));
    const runs = workflow.jobs.policies.steps.map((s: { run?: string }) => s.run ?? '').join('\n');
    expect(runs).toContain('npx toolwarden validate policies/ --format github');
    expect(runs).toContain('npx toolwarden test policies/ --format junit --min-coverage 100');
    expect(runs).toContain('--format markdown $fail_on');
    const settings = JSON.parse(await readFile(join(cwd, '.vscode', 'settings.json'), 'utf8'));
    expect(settings['yaml.schemas']['./node_modules/toolwarden/schemas/policy.schema.json']).toEqual(['policies/**/*.yaml', '!policies/**/*.test.yaml']);
    expect(cli.out.join('')).toContain('created  policies/starter.yaml');
    // The scaffold is a working example: its own tests pass at full coverage.
    const run = io(cwd);
    expect(await test(['policies', '--min-coverage', '100'], run)).toBe(0);
    expect(run.out.join('')).toContain('13 cases in 1 files: 13 passed, 0 failed');
  });

  it('refuses to overwrite anything and writes nothing when a file exists', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'tw-init-'));
    await mkdir(join(cwd, 'rules'));
    await writeFile(join(cwd, 'rules', 'starter.test.yaml'), 'mine');
    const cli = io(cwd);
    expect(await init(['rules'], cli)).toBe(1);
    expect(cli.err.join('')).toBe('refusing to overwrite `rules/starter.test.yaml`\n');
    expect(existsSync(join(cwd, 'rules', 'starter.yaml'))).toBe(false);
    expect(await readFile(join(cwd, 'rules', 'starter.test.yaml'), 'utf8')).toBe('mine');
  });

  it('keeps an existing .vscode/settings.json and uses the folder it is given', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'tw-init-'));
    await mkdir(join(cwd, '.vscode'));
    await writeFile(join(cwd, '.vscode', 'settings.json'), '{"editor.tabSize": 2}');
    const cli = io(cwd);
    expect(await init(['config/agents'], cli)).toBe(0);
    expect(await readFile(join(cwd, '.vscode', 'settings.json'), 'utf8')).toBe('{"editor.tabSize": 2}');
    expect((await readFile(join(cwd, 'config', 'agents', 'starter.yaml'), 'utf8')).split('\n')[0]).toBe(
      '# yaml-language-server: $schema=../../node_modules/toolwarden/schemas/policy.schema.json',
    );
    expect(await readFile(join(cwd, '.github', 'workflows', 'policies.yml'), 'utf8')).toContain('config/agents/**');
  });

  it('rejects bad usage with one line and exit 1', async () => {
    const cli = io(tmpdir());
    expect(await init(['a', 'b'], cli)).toBe(1);
    expect(await init(['--force'], cli)).toBe(1);
    expect(cli.err.every((e) => !e.includes('    at '))).toBe(true);
  });
});

describe('toolwarden schema', () => {
  it('prints the policy schema found relative to the module', async () => {
    const cli = io(tmpdir());
    expect(await schema([], cli)).toBe(0);
    const printed = JSON.parse(cli.out.join(''));
    const onDisk = JSON.parse(await readFile(join(__dirname, '..', '..', 'schemas', 'policy.schema.json'), 'utf8'));
    expect(printed).toEqual(onDisk);
  });

  it('finds the schema from a dist-like location too', () => {
    const fromDist = schemaPath(join(__dirname, '..', '..', 'dist', 'cli', 'commands', 'schema.js'));
    expect(fromDist).toBe(join(__dirname, '..', '..', 'schemas', 'policy.schema.json'));
    expect(schemaPath('/nonexistent/a/b/c.js')).toBeUndefined();
  });

  it('rejects arguments', async () => {
    const cli = io(tmpdir());
    expect(await schema(['x'], cli)).toBe(1);
  });
});
