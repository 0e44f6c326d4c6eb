// Absolute and `~/` globs are matched against canonical paths, whose links are resolved: so are
// the globs' own literal directories, once, when the policy is compiled (red team 11).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { globThroughLinks } from '../../src/facts/paths.js';
import { decide, setFrom } from './helpers.js';

const base = mkdtempSync(path.join(tmpdir(), 'tw-absglob-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const real = path.join(base, 'real');
mkdirSync(path.join(real, 'home', '.ssh'), { recursive: true });
mkdirSync(path.join(real, 'data'), { recursive: true });
writeFileSync(path.join(real, 'home', '.ssh', 'id_ed25519'), 'KEY\n');
writeFileSync(path.join(real, 'data', 'a.txt'), 'a\n');
symlinkSync(path.join(real, 'home'), path.join(base, 'homelink'));
symlinkSync(real, path.join(base, 'link'));

describe('globs through links', () => {
  it('a `~/` forbidden glob holds where the home directory is a link', async () => {
    const home = path.join(base, 'homelink');
    const set = await setFrom(`version: 1\nid: h\npaths:\n  forbidden: ["~/.ssh/**"]\n`, { home });
    expect(decide(set, { toolName: 'exec', params: { command: 'cat ~/.ssh/id_ed25519' }, cwd: base }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: path.join(real, 'home', '.ssh', 'id_ed25519') }, cwd: base }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: path.join(real, 'data', 'a.txt') }, cwd: base }).decision).toBe('allow');
  });

  it('an allowlist written through a link admits the files it names (no false denial)', async () => {
    const set = await setFrom(`version: 1\nid: a\npaths:\n  allowed: ["${base}/link/data/**"]\n`);
    expect(decide(set, { toolName: 'read', params: { path: `${base}/link/data/a.txt` }, cwd: base }).decision).toBe('allow');
    expect(decide(set, { toolName: 'read', params: { path: `${base}/link/home/.ssh/id_ed25519` }, cwd: base }).decision).toBe('deny');
  });

  it('without symlink resolution, globs stay as written (lexical policies never read the disk)', async () => {
    const set = await setFrom(`version: 1\nid: l\nworkspace: { root: ${base}, only: false, resolveSymlinks: false }\npaths:\n  forbidden: ["${base}/link/home/**"]\n`);
    expect(decide(set, { toolName: 'read', params: { path: `${base}/link/home/.ssh/id_ed25519` } }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: `${real}/home/.ssh/id_ed25519` } }).decision).toBe('allow');
  });

  it('globThroughLinks resolves only the literal directories of absolute and `~/` globs', () => {
    expect(globThroughLinks(`${base}/link/data/*.txt`, '/nohome', false)).toBe(`${real}/data/*.txt`);
    expect(globThroughLinks(`${base}/link/`, '/nohome', false)).toBe(`${real}/**`);
    expect(globThroughLinks('~/.ssh/**', path.join(base, 'homelink'), false)).toBe(`${real}/home/.ssh/**`);
    expect(globThroughLinks(`${real}/data/**`, '/nohome', false)).toBeUndefined();
    expect(globThroughLinks('src/**', '/nohome', false)).toBeUndefined();
    expect(globThroughLinks('*.pem', '/nohome', false)).toBeUndefined();
  });
});
