// A directory grep reads whole (frame.ts addTree, facts/operands/trees.ts), against the real
// GNU grep: random argument lists of recursion options, include and exclude filters, `-e`,
// `--` and operands, run under strace in a scratch tree holding forbidden files (a `.env` at
// the top and below, and links out to a secret). Whenever the engine allows the command, grep
// must open none of them: an allowed recursive read that reaches a forbidden file would be a
// file read unchecked.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { decide, setFrom } from './helpers.js';

const has = (program: string): boolean => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
// strace needs ptrace, which some containers refuse: then this test skips, as for a missing program.
const TRACES = has('strace') && spawnSync('strace', ['-qq', '-e', 'trace=openat', 'true']).status === 0;

const base = mkdtempSync(path.join(tmpdir(), 'toolwarden-trees-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const ws = path.join(base, 'ws');
const outside = path.join(base, 'outside');
mkdirSync(path.join(ws, 'sub', 'deep'), { recursive: true });
mkdirSync(path.join(ws, 'clean'), { recursive: true });
mkdirSync(outside, { recursive: true });
const FILES: [string, string][] = [['.env', 'KEY=1'], ['a.ts', 'KEY'], ['sub/.env', 'KEY=2'], ['sub/b.md', 'KEY'], ['sub/deep/c.ts', 'KEY'], ['clean/d.ts', 'KEY']];
for (const [file, text] of FILES) {
  writeFileSync(path.join(ws, file), `${text}\n`);
}
writeFileSync(path.join(outside, 'secret'), 'KEY=3\n');
symlinkSync(path.join(outside, 'secret'), path.join(ws, 'clean', 'ln'));
symlinkSync(outside, path.join(ws, 'clean', 'lnd'));

const FORBIDDEN = (name: string): boolean => /(^|\/)\.env$/.test(name) || name.endsWith('/secret') || name === 'secret';
const OPTIONS = ['-r', '-R', '-n', '-l', '-rn', '-Rl', '-d', 'recurse', '-drecurse', '--directories=recurse', '--recursive', '--include=*.ts', '--include=*.md', '--exclude=*.md',
  '--exclude=*.ts', '--exclude-dir=sub', '--exclude-dir=deep', '--incl=*.ts', '-e', '--', '-s', '-i'];
const OPERANDS = ['KEY', '.', 'sub', 'clean', 'a.ts', 'clean/ln', 'clean/lnd', 'sub/deep'];

/** The forbidden files `grep argv` opens in `ws`, as strace saw them. */
function forbiddenOpened(argv: string[]): string[] {
  const log = path.join(base, 'grep.strace');
  spawnSync('strace', ['-f', '-qq', '-e', 'trace=open,openat', '-o', log, 'grep', ...argv], { cwd: ws, input: '', timeout: 5000, env: { PATH: process.env.PATH } });
  const opened: string[] = [];
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    const m = /open(?:at)?\((?:AT_FDCWD|\d+<[^>]*>|\d+), "([^"]*)"/.exec(line);
    if (m !== null && FORBIDDEN(m[1]!) && !line.includes('O_DIRECTORY') && !/= -1 /.test(line)) opened.push(m[1]!);
  }
  rmSync(log, { force: true });
  return opened;
}

describe('grep reading directories whole, against GNU grep', () => {
  it.skipIf(!TRACES || !has('grep'))('never opens a forbidden file in a command the engine allows', async () => {
    const set = await setFrom(`version: 1\nid: t\nworkspace: { root: ${ws}, only: false }\npaths:\n  forbidden: [".env", "${outside}/**"]\n`);
    const allowed = (argv: string[]) => decide(set, { toolName: 'exec', params: { command: ['grep', ...argv].map((w) => `'${w}'`).join(' ') }, cwd: ws }).decision === 'allow';
    // The test is not vacuous: grep does open them when asked to.
    expect(forbiddenOpened(['-r', 'KEY', '.'])).toContain('.env');
    expect(forbiddenOpened(['-R', 'KEY', 'clean']).length).toBeGreaterThan(0);
    let allowedRecursive = 0;
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...OPTIONS), fc.constantFrom(...OPERANDS)), { minLength: 1, maxLength: 7 }), (argv) => {
        if (!allowed(argv)) return;
        if (argv.some((w) => /^-[a-zA-Z]*[rR]|recurs/.test(w))) allowedRecursive++;
        expect(forbiddenOpened(argv), `grep ${argv.join(' ')}`).toEqual([]);
      }),
      { numRuns: 200 },
    );
    // And it allows recursive reads that stay clear of them (`grep -r KEY clean`, `--include=*.ts`).
    expect(allowedRecursive).toBeGreaterThan(10);
  });
});
