// Wildcards the engine expands against the file system (symlinks resolved): how segments are
// matched (a shell's `[!a]`), and one budget of directory entries for the whole call, so a
// call naming thousands of patterns is refused at once rather than read for seconds.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import picomatch from 'picomatch';
import { MAX_WILDCARD_ENTRIES, picomatchSegment } from '../../src/facts/paths.js';
import { decide, setFrom } from './helpers.js';

const root = mkdtempSync(path.join(tmpdir(), 'tw-budget-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('picomatchSegment', () => {
  it.each([
    ['envlin[!a]', 'envlink', true],
    ['envlin[!k]', 'envlink', false],
    ['out[[.l.]]', 'outl', true],
    ['out[[=l=]]', 'outl', true],
    ['a\\[b]', 'a[b]', true],
    ['[]x]', ']', true],
  ])('%s as the shell reads it, against %s: %s', (segment, name, matches) => {
    expect(picomatch(picomatchSegment(segment), { dot: true })(name)).toBe(matches);
  });
});

describe('one budget of directory entries per call', () => {
  const dir = path.join(root, 'ws', 'd');
  mkdirSync(dir, { recursive: true });
  const perDirectory = 1500;
  for (let i = 0; i < perDirectory; i++) writeFileSync(path.join(dir, `f${i}`), '');
  const words = Math.ceil(MAX_WILDCARD_ENTRIES / perDirectory) + 1;

  it('refuses a call whose wildcards together read more than the budget, each alone far less', async () => {
    const set = await setFrom(`version: 1\nid: b\nworkspace: { root: ${path.join(root, 'ws')} }\npaths:\n  forbidden: [".env"]\n`);
    const patterns = Array.from({ length: words }, (_, i) => `d/x${i}*`);
    const shell = decide(set, { toolName: 'exec', params: { command: `ls ${patterns.join(' ')}` }, cwd: path.join(root, 'ws') });
    expect(shell.decision).toBe('deny');
    expect(shell.reasons[0]!.message).toMatch(/wildcard paths read more than/);
    const include = decide(set, { toolName: 'read_many_files', params: { include: patterns }, cwd: path.join(root, 'ws') });
    expect(include.decision).toBe('deny');
    // a few of them are read whole
    expect(decide(set, { toolName: 'exec', params: { command: `ls ${patterns.slice(0, 3).join(' ')}` }, cwd: path.join(root, 'ws') }).decision).toBe('allow');
  });

  it('the links a copy keeps are looked for within the same budget', async () => {
    const set = await setFrom(`version: 1\nid: b\nworkspace: { root: ${path.join(root, 'ws')} }\npaths:\n  forbidden: [".env"]\n`);
    const copies = (n: number) => Array.from({ length: n }, (_, i) => `cp -a d e${i}`).join(' && ');
    const many = decide(set, { toolName: 'exec', params: { command: copies(words) }, cwd: path.join(root, 'ws') });
    expect(many.decision).toBe('deny');
    expect(many.reasons[0]!.message).toMatch(/holds more entries than a call may read for its links/);
    expect(decide(set, { toolName: 'exec', params: { command: copies(2) }, cwd: path.join(root, 'ws') }).decision).toBe('allow');
  });
});

describe('a directory a command reads whole (grep -r, cp -r, mv)', () => {
  const ws = path.join(root, 'trees');
  mkdirSync(path.join(ws, 'd', 'deep', 'er'), { recursive: true });
  for (let i = 0; i < 1500; i++) writeFileSync(path.join(ws, 'd', `f${i}`), '');
  writeFileSync(path.join(ws, 'd', 'deep', 'er', '.env'), 'KEY=1');
  mkdirSync(path.join(ws, 'clean'), { recursive: true });
  writeFileSync(path.join(ws, 'clean', 'a.ts'), '');
  const policy = `version: 1\nid: t\nworkspace: { root: ${ws} }\npaths:\n  forbidden: [".env"]\n`;

  it('has every file below it checked, at any depth, as it is on disk now', async () => {
    const set = await setFrom(policy);
    const grep = decide(set, { toolName: 'exec', params: { command: 'grep -rn KEY d' }, cwd: ws });
    expect(grep.decision).toBe('deny');
    expect(grep.reasons[0]!.message).toContain(`${ws}/d/deep/er/.env`);
    expect(decide(set, { toolName: 'exec', params: { command: 'grep -rn KEY clean' }, cwd: ws }).decision).toBe('allow');
    // the same call, once the file is gone: the disk is read at every call, never remembered
    rmSync(path.join(ws, 'd', 'deep', 'er', '.env'));
    expect(decide(set, { toolName: 'exec', params: { command: 'grep -rn KEY d' }, cwd: ws }).decision).toBe('allow');
    writeFileSync(path.join(ws, 'd', 'deep', 'er', '.env'), 'KEY=1');
    expect(decide(set, { toolName: 'exec', params: { command: 'grep -rn KEY d' }, cwd: ws }).decision).toBe('deny');
  });

  it('is refused where its canonical form is not how the disk spells it (caseInsensitive on a case-sensitive file system)', async () => {
    mkdirSync(path.join(ws, 'Conf'), { recursive: true });
    writeFileSync(path.join(ws, 'Conf', '.env'), 'KEY=1');
    const set = await setFrom(`version: 1\nid: t\nworkspace: { root: ${ws}, caseInsensitive: true }\npaths:\n  forbidden: [".env"]\n`);
    const named = decide(set, { toolName: 'exec', params: { command: 'grep -rn KEY Conf' }, cwd: ws });
    expect(named.decision).toBe('deny');
    expect(named.reasons[0]!.message).toMatch(/is not on disk as its canonical form spells it/);
    // read from above, the walk sees the disk's own names
    expect(decide(set, { toolName: 'exec', params: { command: 'grep -rn KEY clean Conf/..' }, cwd: ws }).decision).toBe('deny');
    rmSync(path.join(ws, 'Conf'), { recursive: true });
  });

  it('is read within the call\'s budget of entries, and past it the call is refused', async () => {
    const set = await setFrom(policy);
    const reads = (n: number) => Array.from({ length: n }, () => 'grep -r x clean d').join('; ');
    const many = decide(set, { toolName: 'exec', params: { command: reads(Math.ceil(MAX_WILDCARD_ENTRIES / 1500) + 1) }, cwd: ws });
    expect(many.decision).toBe('deny');
    expect(many.reasons[0]!.message).toMatch(/which a command reads whole .* holds more than 20000 entries to check/);
  });
});

describe("read_many_files walks `**` as Gemini CLI's glob does", () => {
  it('not into the directories it excludes by default (node_modules, .git, dist, ...), unless told to', async () => {
    const ws = path.join(root, 'gem');
    mkdirSync(path.join(ws, 'node_modules', 'pkg'), { recursive: true });
    mkdirSync(path.join(root, 'outside'), { recursive: true });
    writeFileSync(path.join(root, 'outside', 'notes.md'), 'x');
    symlinkSync(path.join(root, 'outside'), path.join(ws, 'node_modules', 'pkg', 'docs'));
    writeFileSync(path.join(ws, 'README.md'), 'x');
    const set = await setFrom(`version: 1\nid: g\nworkspace: { root: ${ws} }\n`);
    const read = (params: object) => decide(set, { toolName: 'read_many_files', params, cwd: ws });
    expect(read({ include: ['**/*.md'] }).decision).toBe('allow');
    const all = read({ include: ['**/*.md'], useDefaultExcludes: false });
    expect(all.decision).toBe('deny');
    expect(all.reasons[0]!.message).toMatch(/outside the workspace/);
  });
});
