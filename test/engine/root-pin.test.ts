// A workspace root resolved through symlinks is held to where it first resolved: an agent that
// can write the root's parent must not widen the workspace by swapping the root for a link.
import * as fs from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decide, setFrom } from './helpers.js';

let base: string;
let outside: string;

beforeEach(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tw-root-pin-')));
  outside = path.join(base, 'outside');
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret\n');
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const policy = (root: string) => `version: 1
id: pinned
workspace:
  root: ${JSON.stringify(root)}
  only: true
  resolveSymlinks: true
`;
const read = (p: string, cwd?: string) => ({ toolName: 'read', params: { path: p }, ...(cwd !== undefined ? { cwd } : {}) });

/** `mv ws ws-old && ln -s TARGET ws`: what an agent with write access to the parent can do. */
function swapForLink(dir: string, target: string): void {
  fs.renameSync(dir, `${dir}-old`);
  fs.symlinkSync(target, dir);
}

describe('workspace root pinning', () => {
  it('denies every path once the root is swapped for a link to /, with a reason that says so', async () => {
    const ws = path.join(base, 'ws');
    fs.mkdirSync(path.join(ws, 'src'), { recursive: true });
    const set = await setFrom(policy(ws));
    expect(decide(set, read('src/a.ts')).decision).toBe('allow');
    expect(decide(set, read('/etc/hostname')).decision).toBe('deny');

    swapForLink(ws, '/');
    const outsideRead = decide(set, read('/etc/hostname'));
    expect(outsideRead.decision).toBe('deny');
    expect(outsideRead.reasons[0]!.message).toContain(`now resolves to \`/\`, not to \`${ws}\``);
    // Paths under the root's name now lead through the link: denied too, not followed to /.
    expect(decide(set, read(`${ws}/etc/hostname`)).decision).toBe('deny');
    expect(decide(set, read('src/a.ts')).decision).toBe('deny');
    // The workspace is not where it was: a call naming no path is denied as well.
    expect(decide(set, { toolName: 'web_fetch', params: { url: 'https://example.com' } }).decision).toBe('deny');
  });

  it('pins a root that does not exist yet where it would be, so a link created later is refused', async () => {
    const ws = path.join(base, 'later');
    const set = await setFrom(policy(ws));
    fs.symlinkSync(outside, ws);
    expect(decide(set, read(path.join(outside, 'secret.txt'))).decision).toBe('deny');
    expect(decide(set, read('secret.txt')).decision).toBe('deny');
  });

  it('does not refuse a root that is created later as a real directory', async () => {
    const ws = path.join(base, 'later');
    const set = await setFrom(policy(ws));
    expect(decide(set, read('a.ts')).decision).toBe('allow');
    fs.mkdirSync(ws);
    expect(decide(set, read('a.ts')).decision).toBe('allow');
    expect(decide(set, read('/etc/hostname')).decision).toBe('deny');
  });

  it('follows a root that is a link when the set is created, and refuses it once retargeted', async () => {
    const real = path.join(base, 'real');
    fs.mkdirSync(path.join(real, 'src'), { recursive: true });
    const ws = path.join(base, 'current');
    fs.symlinkSync(real, ws);
    const set = await setFrom(policy(ws));
    // Written through the link or through its target: the same file, inside.
    expect(decide(set, read(path.join(ws, 'src/a.ts'))).decision).toBe('allow');
    expect(decide(set, read(path.join(real, 'src/a.ts'))).decision).toBe('allow');

    fs.unlinkSync(ws);
    fs.symlinkSync(outside, ws);
    const after = decide(set, read('secret.txt'));
    expect(after.decision).toBe('deny');
    expect(after.reasons[0]!.message).toContain(`now resolves to \`${outside}\``);
    // Reloading the policies is the way to accept a moved root.
    const reloaded = await setFrom(policy(ws));
    expect(decide(reloaded, read('secret.txt')).decision).toBe('allow');
  });

  it('pins a `${cwd}` root per cwd on its first call', async () => {
    const cwd = path.join(base, 'agent');
    fs.mkdirSync(cwd);
    const set = await setFrom(policy('${cwd}'));
    expect(decide(set, read('a.ts', cwd)).decision).toBe('allow');
    swapForLink(cwd, '/');
    expect(decide(set, read('/etc/hostname', cwd)).decision).toBe('deny');
    expect(decide(set, read('a.ts', cwd)).decision).toBe('deny');
    // Another cwd is its own root.
    const other = path.join(base, 'other');
    fs.mkdirSync(other);
    expect(decide(set, read('a.ts', other)).decision).toBe('allow');
  });

  it('consults nothing on disk for a set that does not resolve symlinks, not even to pin its root', async () => {
    // The CommonJS module object, whose properties can be replaced (the ESM namespace's cannot).
    const cjsFs = createRequire(import.meta.url)('node:fs') as { lstatSync: typeof fs.lstatSync };
    const original = cjsFs.lstatSync;
    let calls = 0;
    cjsFs.lstatSync = ((...args: Parameters<typeof fs.lstatSync>) => {
      calls++;
      return original(...args);
    }) as typeof fs.lstatSync;
    syncBuiltinESMExports();
    try {
      const set = await setFrom(policy(path.join(base, 'ws')).replace('resolveSymlinks: true', 'resolveSymlinks: false'));
      decide(set, read('a.ts'));
      decide(set, { toolName: 'exec', params: { command: 'cat server.pem ./b' } });
      expect(calls).toBe(0);
      // The same policy resolving symlinks does look (the check above can fail).
      const resolving = await setFrom(policy(path.join(base, 'ws')));
      decide(resolving, read('a.ts'));
      expect(calls).toBeGreaterThan(0);
    } finally {
      cjsFs.lstatSync = original;
      syncBuiltinESMExports();
    }
  });

  it('leaves roots without symlink resolution as written (nothing on disk is consulted)', async () => {
    const ws = path.join(base, 'ws');
    fs.mkdirSync(ws);
    const set = await setFrom(policy(ws).replace('resolveSymlinks: true', 'resolveSymlinks: false'));
    swapForLink(ws, outside);
    expect(decide(set, read('a.ts')).decision).toBe('allow');
    expect(decide(set, read(path.join(outside, 'secret.txt'))).decision).toBe('deny');
  });
});
