// Patch files read from disk (facts/operands/patch-files.ts, engine/frame.ts addPatchFile,
// facts/patch-paths.ts) and scp -r's local sources, against the real programs: GNU patch,
// git am, OpenSSH scp (a local-to-local copy, no host). Red team gprt: each case below wrote
// (or copied) a forbidden file while the engine allowed the call.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decide, setFrom } from './helpers.js';

const has = (program: string, args: string[]) => spawnSync(program, args).status === 0;
const HAS_PATCH = has('patch', ['--version']);
const HAS_GIT = has('git', ['--version']);
const HAS_SCP = spawnSync('scp', []).error === undefined;
const base = mkdtempSync(path.join(tmpdir(), 'toolwarden-patch-'));
const home = path.join(base, 'home');
mkdirSync(home);
afterAll(() => rmSync(base, { recursive: true, force: true }));
const env = { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@b', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@b' };
const policy = () => setFrom(`version: 1\nid: t\nworkspace: { root: ${base}, only: false }\npaths:\n  forbidden: ["**/.env", "**/*.pem", "**/secrets/**"]\n`, { home });
let run = 0;

/** A fresh directory with `.env`, `k.` and `s/x.txt` holding `old`, and the given patch. */
function scratch(patch: string): string {
  const dir = path.join(base, `p${run++}`);
  mkdirSync(path.join(dir, 's'), { recursive: true });
  for (const f of ['.env', 'k.', 's/x.txt']) writeFileSync(path.join(dir, f), 'old\n');
  writeFileSync(path.join(dir, 'fix.patch'), patch);
  return dir;
}
const sh = (cwd: string, command: string) => spawnSync('sh', ['-c', command], { cwd, env, encoding: 'utf8', timeout: 10_000, input: '' });

describe('patch files the engine allowed while GNU patch wrote a forbidden file', () => {
  const hunk = '@@ -1 +1 @@\n-old\n+new\n';
  const cases: { name: string; patch: string; command: string; written: string }[] = [
    { name: 'a name ended by a space', patch: `--- a/.env x\n+++ b/.env x\n${hunk}`, command: 'patch -p1 -i fix.patch', written: '.env' },
    { name: 'headers indented by a space', patch: ` --- a/.env\n +++ b/.env\n${hunk.replace(/^/gm, ' ')}`, command: 'patch -p1 -i fix.patch', written: '.env' },
    { name: 'headers indented by X', patch: `X--- a/.env\nX+++ b/.env\n${hunk.replace(/^/gm, 'X')}`, command: 'patch -p1 < fix.patch', written: '.env' },
    { name: 'a C-quoted Index: name on a normal diff', patch: 'Index: "\\056env"\n1c1\n< old\n---\n> new\n', command: 'patch -i fix.patch', written: '.env' },
    { name: 'a backup suffix (-z pem)', patch: `--- a/k.\n+++ b/k.\n${hunk}`, command: 'patch -b -z pem -p1 -i fix.patch', written: 'k.pem' },
    { name: 'a backup prefix (-B secret)', patch: `--- a/s/x.txt\n+++ b/s/x.txt\n${hunk}`, command: 'patch -b -B secret -p1 -i fix.patch', written: 'secrets/x.txt' },
    { name: 'a backup prefix (--prefix=secret)', patch: `--- a/s/x.txt\n+++ b/s/x.txt\n${hunk}`, command: 'patch -b --prefix=secret -p1 -i fix.patch', written: 'secrets/x.txt' },
  ];
  for (const c of cases) {
    it.skipIf(!HAS_PATCH)(c.name, async () => {
      const set = await policy();
      const dir = scratch(c.patch);
      const decision = decide(set, { toolName: 'exec', params: { command: c.command }, cwd: dir }).decision;
      sh(dir, c.command);
      const target = path.join(dir, c.written);
      expect(existsSync(target) && readFileSync(target, 'utf8'), `${c.command} wrote ${c.written}`).toMatch(c.written === '.env' ? /new/ : /old/);
      expect(decision).toBe('deny');
    });
  }

  it.skipIf(!HAS_PATCH)('a plain patch of an allowed file is still allowed', async () => {
    const set = await policy();
    const dir = scratch(`--- a/s/x.txt\n+++ b/s/x.txt\n${hunk}`);
    expect(decide(set, { toolName: 'exec', params: { command: 'patch -p1 -i fix.patch' }, cwd: dir }).decision).toBe('allow');
  });
});

describe('git am of a mailbox whose patch is encoded', () => {
  for (const [encoding, body] of [
    ['base64', Buffer.from('diff --git a/.env b/.env\n--- a/.env\n+++ b/.env\n@@ -1 +1 @@\n-old\n+new\n').toString('base64')],
    ['quoted-printable', 'diff --git a/=2Eenv b/=2Eenv\n--- a/=2Eenv\n+++ b/=2Eenv\n@@ -1 +1 @@\n-old\n+new\n'],
  ] as const) {
    it.skipIf(!HAS_GIT)(encoding, async () => {
      const set = await policy();
      const dir = scratch('');
      sh(dir, 'git init -q && git add -A && git commit -qm i');
      const mail = `From 1234567890abcdef1234567890abcdef12345678 Mon Sep 17 00:00:00 2001\nFrom: a <a@b>\nDate: Mon, 1 Jan 2024 00:00:00 +0000\nSubject: [PATCH] x\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: ${encoding}\n\n${body}\n`;
      writeFileSync(path.join(dir, 'm.mbox'), mail);
      const decision = decide(set, { toolName: 'exec', params: { command: 'git am m.mbox' }, cwd: dir }).decision;
      sh(dir, 'git am m.mbox');
      expect(readFileSync(path.join(dir, '.env'), 'utf8')).toBe('new\n');
      expect(decision).toBe('deny');
    });
  }
});

describe('scp -r of a local source that looks remote', () => {
  for (const source of [':d', '[x:y']) {
    it.skipIf(!HAS_SCP)(`scp -r '${source}' out`, async () => {
      const set = await policy();
      const dir = path.join(base, `scp${run++}`);
      mkdirSync(path.join(dir, source), { recursive: true });
      writeFileSync(path.join(dir, source, '.env'), 'SECRET\n');
      const command = `scp -r '${source}' out`;
      const decision = decide(set, { toolName: 'exec', params: { command }, cwd: dir }).decision;
      sh(dir, command);
      expect(readFileSync(path.join(dir, 'out', '.env'), 'utf8')).toBe('SECRET\n');
      expect(decision).toBe('deny');
    });
  }
});
