// Commands that delete or change every file below a directory without naming one (`rm -r`,
// `chmod -R`, `rsync --delete`, `git clean`, `git rm -r`: facts/operands/trees.ts and
// git-removals.ts, walked by engine/frame.ts), against the real programs. Each line runs in
// a fresh tree after the engine has decided on it: whenever the engine allows, no forbidden
// file is gone or changed; git clean is also checked over random repositories against its
// own dry run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { decide, setFrom } from './helpers.js';

const HAS_RSYNC = spawnSync('sh', ['-c', 'command -v rsync']).status === 0;

const base = mkdtempSync(path.join(tmpdir(), 'toolwarden-rw-'));
const home = path.join(base, 'home');
mkdirSync(home);
afterAll(() => rmSync(base, { recursive: true, force: true }));

const POLICY = `version: 1\nid: t\nworkspace: { root: ${base}, only: false }\npaths:\n  forbidden: ["**/*.pem", "**/.env"]\n`;
const FORBIDDEN = /(^|\/)([^/]*\.pem|\.env)$/;
const INIT = 'git init -q && ';
const GIT_ENV = { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' };

let run = 0;
function tree(files: Record<string, string>): string {
  const top = path.join(base, `t${run++}`);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(top, file)), { recursive: true });
    writeFileSync(path.join(top, file), text);
  }
  mkdirSync(top, { recursive: true });
  return top;
}

/** Each file below `dir` (not inside `.git`), with its mode, relative to `dir`. */
function filesBelow(dir: string, prefix = ''): Map<string, number> {
  const out = new Map<string, number>();
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.name === '.git') continue;
    if (entry.isDirectory()) for (const [f, m] of filesBelow(dir, rel)) out.set(f, m);
    else out.set(rel, statSync(path.join(dir, rel)).mode);
  }
  return out;
}

/** The forbidden files a line deleted or changed the mode of, when run in `top`. */
function forbiddenTouched(top: string, line: string): string[] {
  const before = filesBelow(top);
  const out = spawnSync('sh', ['-c', line], { cwd: top, encoding: 'utf8', env: GIT_ENV, timeout: 10_000 });
  if (out.error) throw out.error;
  const after = filesBelow(top);
  return [...before].filter(([f, mode]) => FORBIDDEN.test(f) && after.get(f) !== mode).map(([f]) => f);
}

describe('recursive writes, against the programs that make them', () => {
  it('follows rm, chmod, chown, rsync, git clean and git rm on hand-made trees, both ways', async () => {
    const set = await setFrom(POLICY, { home });
    const SECRETS = { 'a.txt': 'x', 'sub/b.txt': 'x', 'sub/k.pem': 'KEY', '.env': 'KEY' };
    const PLAIN = { 'a.txt': 'x', 'sub/b.txt': 'x', 'keep/k.pem': 'KEY' };
    const REPO = { ...SECRETS, '.gitignore': '.env\n*.pem\n' };
    const cases: [string, Record<string, string>, string, boolean][] = [
      ['rm-r', SECRETS, 'rm -r sub', true],
      ['rm-rf-dot', SECRETS, 'rm -rf ./*', true],
      ['rm-long', SECRETS, 'rm --recursive --force sub', true],
      ['rm-abbreviated', SECRETS, 'rm --recur sub', true],
      ['rm-plain-dir', PLAIN, 'rm -r sub', false],
      ['rm-file', SECRETS, 'rm -f a.txt', false],
      ['chmod-R', SECRETS, 'chmod -R 600 sub', true],
      ['chmod-R-minus-mode', SECRETS, 'chmod -R -w sub', true],
      ['chmod-R-plain', PLAIN, 'chmod -R 600 sub', false],
      ['chmod-not-recursive', SECRETS, 'chmod 700 sub', false],
      ['git-clean-x', REPO, 'git init -q && git clean -fdx', true],
      ['git-clean-ignored', REPO, 'git init -q && git clean -fd', false],
      ['git-clean-X', REPO, 'git init -q && git clean -fdX', true],
      ['git-clean-dry', REPO, 'git init -q && git clean -ndx', false],
      ['git-clean-no-ignore', SECRETS, 'git init -q && git clean -fd sub', true],
      ['git-clean-rewritten', REPO, 'git init -q && rm .gitignore && git clean -fd', true],
      ['git-rm-r', SECRETS, 'git init -q && git add -A && git rm -rfq sub', true],
      ['git-rm-cached', SECRETS, 'git init -q && git add -A && git rm -rfq --cached sub', false],
    ];
    if (HAS_RSYNC) {
      cases.push(['rsync-delete', SECRETS, 'mkdir -p /tmp/toolwarden-rw-empty && rsync -a --delete /tmp/toolwarden-rw-empty/ sub/', true]);
      cases.push(['rsync-delete-plain', PLAIN, 'mkdir -p /tmp/toolwarden-rw-empty && rsync -a --delete /tmp/toolwarden-rw-empty/ sub/', false]);
    }
    for (const [name, files, written, touches] of cases) {
      const top = tree(files);
      // `git init -q && …`: the repository is made before the engine decides (as it would be there already).
      const line = written.startsWith(INIT) ? written.slice(INIT.length) : written;
      if (line !== written) spawnSync('sh', ['-c', INIT.slice(0, -4)], { cwd: top, env: GIT_ENV });
      const decision = decide(set, { toolName: 'exec', params: { command: line }, cwd: top }).decision;
      expect(forbiddenTouched(top, line).length > 0, `${name}: the program`).toBe(touches);
      expect(decision, name).toBe(touches ? 'deny' : 'allow');
    }
  });

  // Random repositories: files tracked or not, .gitignore files at the top and below, an
  // exclude file, a nested repository; git clean with random options and pathspecs, from the
  // top or a subdirectory. git's own dry run (`-n`) says what it would delete.
  const DIRS = ['', 'd', 'd/e', 'n'];
  const FILES = ['a.txt', 'k.pem', '.env', 'b.log'];
  const RULES = ['*.pem', '.env', '!k.pem', 'd/', 'e', '/d/e', '*.log', '!*.log', 'k.*', '**/e/*.pem', '# c', 'd/*.pem'];
  const OPTIONS: string[][] = [['-d'], ['-x'], ['-X'], ['-f'], ['-e', '*.txt'], ['-q']];
  const SPECS = ['', 'd', 'd/e', '.', ':/d', 'n'];
  const repo = fc.record({
    files: fc.subarray(DIRS.flatMap((d) => FILES.map((f) => (d === '' ? f : `${d}/${f}`))), { minLength: 1 }),
    tracked: fc.subarray(['a.txt', 'k.pem', 'd/a.txt', 'd/k.pem', 'd/e/b.log']),
    ignores: fc.array(fc.record({ dir: fc.constantFrom('', 'd', 'd/e'), rules: fc.array(fc.constantFrom(...RULES), { maxLength: 3 }) }), { maxLength: 3 }),
    exclude: fc.array(fc.constantFrom(...RULES), { maxLength: 2 }),
    nested: fc.boolean(),
    options: fc.array(fc.constantFrom(...OPTIONS), { maxLength: 3 }),
    spec: fc.constantFrom(...SPECS),
    inD: fc.boolean(),
  });

  it('never lets git clean delete a forbidden file', async () => {
    const set = await setFrom(POLICY, { home });
    let denied = 0;
    let clean = 0;
    let cleanAllowed = 0;
    fc.assert(
      fc.property(repo, (spec) => {
        const files: Record<string, string> = {};
        for (const f of spec.files) files[f] = 'KEY\n';
        for (const { dir, rules } of spec.ignores) files[dir === '' ? '.gitignore' : `${dir}/.gitignore`] = `${rules.join('\n')}\n`;
        const top = tree(files);
        for (const d of DIRS) mkdirSync(path.join(top, d), { recursive: true });
        spawnSync('git', ['init', '-q'], { cwd: top, env: GIT_ENV });
        writeFileSync(path.join(top, '.git', 'info', 'exclude'), `${spec.exclude.join('\n')}\n`);
        const tracked = spec.tracked.filter((f) => existsSync(path.join(top, f)));
        if (tracked.length > 0) spawnSync('git', ['add', '-f', '--', ...tracked], { cwd: top, env: GIT_ENV });
        if (spec.nested) spawnSync('git', ['init', '-q'], { cwd: path.join(top, 'n'), env: GIT_ENV });
        const cwd = spec.inD ? path.join(top, 'd') : top;
        const options = spec.options.flat();
        const specs = spec.spec === '' ? [] : [spec.spec === 'd' && spec.inD ? 'e' : spec.spec];
        const command = ['git', 'clean', '-f', ...options, '--', ...specs].map((w) => `'${w}'`).join(' ');
        const isAllowed = decide(set, { toolName: 'exec', params: { command }, cwd }).decision === 'allow';
        // What git would delete: its dry run, each directory it names read whole.
        const dry = spawnSync('git', ['clean', '-n', ...options.filter((o) => o !== '-f'), ...(options.includes('-f') ? ['-f', '-f'] : []), '--', ...specs], { cwd, encoding: 'utf8', env: GIT_ENV });
        const deleted = dry.stdout.split('\n').filter((l) => l.startsWith('Would remove ')).flatMap((l) => {
          const named = path.join(cwd, l.slice('Would remove '.length));
          return l.endsWith('/') ? [...filesBelow(named).keys()].map((f) => path.join(named, f)) : [named];
        });
        const forbidden = deleted.filter((f) => FORBIDDEN.test(f));
        if (forbidden.length === 0) {
          clean++;
          if (isAllowed) cleanAllowed++;
        }
        if (!isAllowed) {
          denied++;
          return;
        }
        expect(forbidden, `${command} in ${cwd}: ${JSON.stringify(spec)}`).toEqual([]);
      }),
      { numRuns: 300 },
    );
    expect(denied).toBeGreaterThan(30);
    // What git leaves (ignored files without -x) is read, not guessed at: most runs that delete no forbidden file are allowed.
    expect(cleanAllowed / clean).toBeGreaterThan(0.5);
  }, 180_000);
});
