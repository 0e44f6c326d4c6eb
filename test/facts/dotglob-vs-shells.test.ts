// What turns dot matching on, against real bash and zsh: every switch below makes the shell
// expand `*` to a dot file, and the line must then be unverifiable (builtins.ts namesDotGlob,
// the risky GLOBIGNORE, FIGNORE, BASHOPTS), since the dot rule (facts/path-glob.ts) no longer
// holds. A switch that turns it off is unverifiable too (any mention counts): not asserted.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';

await initShellParser();

const zsh = spawnSync('zsh', ['-c', 'true']).status === 0;
if (!zsh) console.warn('zsh is not installed: the real-zsh runs of dotglob-vs-shells.test.ts are skipped');

const dir = mkdtempSync(path.join(tmpdir(), 'tw-dotglob-'));
writeFileSync(path.join(dir, '.env'), '');
writeFileSync(path.join(dir, 'a'), '');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whether `shell args… -c 'SCRIPT; echo *'` prints .env, run in a directory holding .env and a. */
const matchesDotFile = (shell: string, args: string[], script: string, env: Record<string, string> = {}): boolean => {
  const out = spawnSync(shell, [...args, '-c', `${script}echo *`], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } });
  return out.stdout.split(/\s+/).includes('.env');
};

describe('switches that turn dot matching on, against real bash', () => {
  it('matches no dot file by default', () => expect(matchesDotFile('bash', [], '')).toBe(false));
  it.each(['shopt -s dotglob; ', 'shopt -s {dot,}glob; ', 'GLOBIGNORE=x; ', 'export GLOBIGNORE=x; ', 'declare GLOBIGNORE=x; ', ': ${GLOBIGNORE:=x}; '])('%s', (script) => {
    expect(matchesDotFile('bash', [], script), script).toBe(true);
    expect(parseShell(`${script}cat src/*`).unverifiable, script).toBeDefined();
  });
  it.each([['-O', 'dotglob']])('bash %s %s', (...args) => {
    expect(matchesDotFile('bash', args, '')).toBe(true);
    expect(parseShell(`bash ${args.join(' ')} -c 'cat src/*'`).unverifiable).toBeDefined();
  });
  it('BASHOPTS in the environment', () => {
    expect(matchesDotFile('bash', [], '', { BASHOPTS: 'dotglob' })).toBe(true);
    expect(parseShell(`BASHOPTS=dotglob bash -c 'cat src/*'`).unverifiable).toBeDefined();
    expect(parseShell(`env BASHOPTS=dotglob bash -c 'cat src/*'`).unverifiable).toBeDefined();
  });
});

describe('switches that turn dot matching on, against real zsh', () => {
  it.skipIf(!zsh)('matches no dot file by default', () => expect(matchesDotFile('zsh', ['-f'], '')).toBe(false));
  const scripts = [
    'setopt globdots', 'setopt GLOB_DOTS', 'setopt glob_dots', 'setopt GlobDots', 'setopt dotglob', 'setopt DOT_GLOB', 'setopt -4',
    'unsetopt noglobdots', 'unsetopt NO_GLOB_DOTS', 'set -o globdots', 'set -oglobdots', 'set -4', 'setopt -o globdots',
    'emulate zsh -o globdots', 'options[globdots]=on',
  ];
  it.skipIf(!zsh).each(scripts)('%s', (script) => {
    expect(matchesDotFile('zsh', ['-f'], `${script}; `), script).toBe(true);
    expect(parseShell(`${script}; cat src/*`).unverifiable, script).toBeDefined();
  });
  const lines = ['-4', '-f4', '-o globdots', '-oglobdots', '--globdots', '--glob-dots', '--GLOB_DOTS', '+o noglobdots', '-o dotglob'];
  it.skipIf(!zsh).each(lines)('zsh %s -c …', (args) => {
    expect(matchesDotFile('zsh', ['-f', ...args.split(' ')], ''), args).toBe(true);
    expect(parseShell(`zsh ${args} -c 'cat src/*'`).unverifiable, args).toBeDefined();
  });
  it.skipIf(!zsh)('a glob qualifier (D) is no shell wildcard of the dot rule', () => {
    expect(spawnSync('zsh', ['-f', '-c', 'echo *(D)'], { cwd: dir, encoding: 'utf8' }).stdout).toContain('.env');
    expect(parseShell('cat src/*(D)').commands.every((c) => c.shellGlobs === undefined)).toBe(true);
  });
});
