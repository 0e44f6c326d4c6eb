import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileFileNameGlob, compilePathGlob, isFileNameGlob, mayExpandTo } from '../../src/facts/path-glob.js';

const opts = { root: '/srv/ws', home: '/home/u', caseInsensitive: false };
const m = (glob: string, o: Partial<typeof opts> & { list?: 'deny' | 'allow' } = {}) => compilePathGlob(glob, { ...opts, ...o });

describe('compilePathGlob', () => {
  it('matches file-name globs at any depth and against directory names (threat 14)', () => {
    expect(m('.env')('/srv/ws/.env')).toBe(true);
    expect(m('.env')('/x/y/.env')).toBe(true);
    expect(m('.env')('/srv/ws/.envrc')).toBe(false);
    expect(m('*.pem')('/srv/ws/.secrets/server.pem')).toBe(true);
    expect(m('*.pem')('/srv/ws/.pem')).toBe(true);
    expect(m('.ssh')('/home/u/.ssh/id_rsa')).toBe(true);
    expect(m('.ssh/')('/home/u/.ssh/id_rsa')).toBe(true);
  });

  it('matches dot files with ** (threat 14)', () => {
    expect(m('**/*.pem')('/srv/ws/.secrets/server.pem')).toBe(true);
    expect(m('**/*.pem')('/a.pem')).toBe(true);
    expect(m('**/.ssh/**')('/home/u/.ssh/id_rsa')).toBe(true);
    expect(m('**/.ssh/**')('/home/u/.ssh')).toBe(true);
    expect(m('**/.ssh/**')('/home/u/.sshx/id')).toBe(false);
  });

  it('anchors relative globs at the root, absolute at /, ~ at home (threat 12)', () => {
    expect(m('src/**')('/srv/ws/src/a.ts')).toBe(true);
    expect(m('src/**')('/srv/ws/src')).toBe(true);
    expect(m('src/**')('/other/src/a.ts')).toBe(false);
    expect(m('./src/*.ts')('/srv/ws/src/a.ts')).toBe(true);
    expect(m('package.json', {})('/srv/ws/package.json')).toBe(true);
    expect(m('secrets/key')('/srv/ws/secrets/key')).toBe(true);
    expect(m('secrets/key')('/srv/ws/a/secrets/key')).toBe(false);
    expect(m('/etc/**')('/etc')).toBe(true);
    expect(m('/etc/**')('/etc/passwd')).toBe(true);
    expect(m('/etc/**')('/etcetera')).toBe(false);
    expect(m('~/.aws/**')('/home/u/.aws/credentials')).toBe(true);
    expect(m('~')('/home/u')).toBe(true);
    // With no root, a relative deny glob matches at any depth; a relative allow glob matches nothing.
    expect(m('secrets/key', { root: undefined, list: 'deny' })('/anywhere/secrets/key')).toBe(true);
    expect(m('secrets/key', { root: undefined })('/anywhere/secrets/key')).toBe(false);
    expect(m('secrets/key', { root: undefined })('/secrets/key')).toBe(false);
    expect(m('src/**', { root: '/' })('/src/x')).toBe(true);
  });

  it('escapes glob characters in the root and home', () => {
    expect(m('src/**', { root: '/srv/[ws]' })('/srv/[ws]/src/a')).toBe(true);
    expect(m('src/**', { root: '/srv/[ws]' })('/srv/w/src/a')).toBe(false);
  });

  it('folds case on case-insensitive workspaces (threat 13)', () => {
    expect(m('.ENV', { caseInsensitive: true })('/srv/ws/.env')).toBe(true);
    expect(m('SRC/**', { caseInsensitive: true, root: '/srv/ws' })('/srv/ws/src/x')).toBe(true);
    expect(m('.ENV')('/srv/ws/.env')).toBe(false);
  });

  it('folds case fully: `ſ` is `s`, `ß` is `ss`, on the glob side and in shell words', () => {
    expect(m('.ſsh', { caseInsensitive: true })('/home/u/.ssh/id')).toBe(true);
    // Paths come folded (paths.ts); the glob is folded the same way.
    expect(m('STRAẞE/**', { caseInsensitive: true, root: '/srv/ws' })('/srv/ws/strasse/x')).toBe(true);
    expect(compileFileNameGlob('.ssh', true)('~/.ſsh/id')).toBe(true);
    expect(compileFileNameGlob('.ssh', false)('~/.ſsh/id')).toBe(false);
  });

  it('in deny lists, catches wildcard paths any expansion of which could match', () => {
    expect(m('/etc/passwd', { list: 'deny' })('/etc/pass*')).toBe(true);
    expect(m('/etc/passwd', { list: 'deny' })('/etc/p?sswd')).toBe(true);
    expect(m('/etc/passwd', { list: 'deny' })('/et[c]/passwd')).toBe(true);
    // A deny glob covers what is below what it names: `/etc/*` may be `/etc/passwd`, and `/etc/passwd/passwd` is below it.
    expect(m('/etc/passwd', { list: 'deny' })('/etc/*/passwd')).toBe(true);
    expect(m('/etc/passwd', { list: 'deny' })('/etc/*.d/passwd')).toBe(false);
    expect(m('**/.ssh/**', { list: 'deny' })('/home/u/.ss*/id_rsa')).toBe(true);
    expect(m('.env', { list: 'deny' })('/srv/ws/.e*')).toBe(true);
    expect(m('*.{pem,key}', { list: 'deny' })('/srv/ws/a.k*')).toBe(true);
    expect(m('*.{pem,key}', { list: 'deny' })('/srv/ws/*.ts')).toBe(false);
    expect(m('secrets/**', { list: 'deny' })('/srv/ws/secre*/key')).toBe(true);
    expect(m('/x/outside/**', { list: 'deny' })('/x/outsid?/passwd')).toBe(true);
    expect(m('secrets/**', { list: 'deny' })('/srv/ws/src/*.ts')).toBe(false);
    expect(m('/etc/passwd')('/etc/pass*')).toBe(false); // allow lists stay literal
  });

  it('property: agrees with picomatch on literal absolute paths', () => {
    const seg = fc.constantFrom('a', 'b', '.env', 'x.pem', '.ssh', 'srv', 'ws', 'src');
    const p = fc.array(seg, { minLength: 1, maxLength: 5 }).map((s) => '/' + s.join('/'));
    const glob = fc.constantFrom('/srv/**', '/a/*.pem', '/**/x.pem', '/srv/ws/src/**', '/*/.env');
    fc.assert(
      fc.property(p, glob, (path, g) => {
        const oracle = picomatch(g, { dot: true })(path) || (g.endsWith('/**') && path === g.slice(0, -3));
        // A deny glob also covers what is below what it names.
        const denyOracle = oracle || (!g.endsWith('/**') && picomatch(`${g}/**`, { dot: true })(path));
        return m(g)(path) === oracle && m(g, { list: 'deny' })(path) === denyOracle;
      }),
      { numRuns: 1000 },
    );
  });
});

describe('file-name globs on shell words', () => {
  it('recognises file-name globs', () => {
    expect(isFileNameGlob('.env')).toBe(true);
    expect(isFileNameGlob('*.pem')).toBe(true);
    expect(isFileNameGlob('.ssh/')).toBe(true);
    expect(isFileNameGlob('src/*.ts')).toBe(false);
    expect(isFileNameGlob('/etc')).toBe(false);
  });

  it('catches the name inside larger words (threat 6)', () => {
    const env = compileFileNameGlob('.env', false);
    for (const w of ['.env', './.env', '../x/.env', '--env-file=.env', '@.env', 'open(".env")', 'host:.env', '.e*', '.en?', '.[e]nv', '*']) {
      expect(env(w), w).toBe(true);
    }
    for (const w of ['env', '.envrc', 'cat', '-n', '*.ts', 'x.e*v2', '']) expect(env(w), w).toBe(false);
    const pem = compileFileNameGlob('*.pem', false);
    expect(pem('server.pem')).toBe(true);
    expect(pem('server.p*')).toBe(true);
    expect(pem('server.key')).toBe(false);
    expect(compileFileNameGlob('.ENV', true)('.Env')).toBe(true);
  });

  // bash's reading of a word of `*`, `?` and literals as a name pattern (dot files included,
  // the wider reading). Not picomatch: it compiles `***n.` with the final `.` unescaped.
  const wordAsBash = (w: string) => {
    const re = new RegExp(`^${[...w].map((c) => (c === '*' ? '[^/]*' : c === '?' ? '[^/]' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('')}$`, 's');
    return (name: string) => re.test(name);
  };

  it('property: a word matches iff some fragment of it could expand to a matching name (oracle: brute force)', () => {
    const alphabet = ['.', 'e', 'n', 'v', 'x', '*', '?'];
    const word = fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 5 }).map((a) => a.join(''));
    const names = ['.env', '.en', 'env', '.ex', 'x.env', '.envx', 'e'];
    const globs = ['.env', '*.env', '.e*', 'e?v', '*'];
    fc.assert(
      fc.property(word, fc.constantFrom(...globs), (w, g) => {
        const asBash = wordAsBash(w);
        const target = picomatch(g, { dot: true });
        const expandsToMatch = names.some((n) => asBash(n) && target(n)) || target(w);
        const got = compileFileNameGlob(g, false)(w);
        return expandsToMatch ? got : true; // never misses; extra matches are allowed (fail closed)
      }),
      { numRuns: 1000 },
    );
  });
});

describe('wildcard words as the shell expands them', () => {
  it('reads bracket expressions with character classes as one character', () => {
    const env = compileFileNameGlob('.env', false);
    for (const w of ['.[[:alpha:]]nv', '.[[:lower:]]n[[:alnum:]]', '.[]e]nv', '.[!]x]nv', '.[^x]nv', '.[[=e=]]nv', '.[[.e.]]nv']) expect(env(w), w).toBe(true);
    expect(env('.[[:digit:]x]nv')).toBe(true); // a class and a member: the widening reads one character
    expect(m('config/*.key', { list: 'deny' })('/srv/ws/c[[:alpha:]]nfig/prod.key')).toBe(true);
  });

  it('treats extglobs as wildcards (an earlier line may set `shopt -s extglob`)', () => {
    expect(m('**/.ssh/**', { list: 'deny' })('/srv/ws/.@(ssh)/id_rsa')).toBe(true);
    expect(m('config/*.key', { list: 'deny' })('/srv/ws/config/!(x)')).toBe(true);
    expect(compileFileNameGlob('.env', false)('.+(e)nv')).toBe(true);
  });

  it('knows which segments may expand to `..`', () => {
    for (const w of ['.?', '.*', '.[.]', '.[!x]', '.?*', '.[[:punct:]]']) expect(mayExpandTo(w, '..'), w).toBe(true);
    for (const w of ['..', '.', '?.', '??', '*', '.x', '.??', '.[dev]', '.[a-z]', '.[!.]', '.[A-Z]']) expect(mayExpandTo(w, '..'), w).toBe(false);
    for (const w of ['.[.]', '.[!a]', '.[,-0]', '.[-.]', '.[[:punct:]]']) expect(mayExpandTo(w, '..'), w).toBe(true);
  });

  // Real bash, nullglob on, in a directory holding `.env` and decoys: every word it expands
  // to `.env` must be caught by the `.env` glob (extra matches are allowed: fail closed).
  it('property: catches every word real bash expands to `.env`', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tw-brackets-'));
    try {
      for (const f of ['.env', 'env', '.envx', 'xenv']) writeFileSync(path.join(dir, f), '');
      const piece = fc.constantFrom('.', 'e', 'n', 'v', 'x', '?', '*', '[[:alpha:]]', '[[:punct:]]', '[!x]', '[]e]', '[[:lower:][:digit:]]', '[.e]', '[!.]',
        // plain sets and ranges, read exactly (a range either case)
        '[d-f]', '[!a-m]', '[A-Z]', '[v-]', '[^e]', '[env]', '[-.]', '[!a-z]', '[,-0]');
      const words = fc.sample(fc.array(piece, { minLength: 2, maxLength: 5 }).map((a) => a.join('')), { numRuns: 1500, seed: 20261130 });
      const script = `shopt -s nullglob dotglob\n${words.map((w) => `for f in ${w}; do printf '%s\\t%s\\n' '${w}' "$f"; done`).join('\n')}\n`;
      const out = execFileSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8' });
      const expandsToEnv = new Set(out.split('\n').filter((l) => l.endsWith('\t.env')).map((l) => l.slice(0, -5)));
      const env = compileFileNameGlob('.env', false);
      for (const w of expandsToEnv) expect(env(w), w).toBe(true);
      expect(expandsToEnv.size).toBeGreaterThan(20);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The dot rule: a segment of a wildcard the shell expands itself that starts with `*` or `?`
// names no dot file (bash without dotglob, zsh without GLOB_DOTS); matchers take `dotRule`.
describe('the dot rule', () => {
  it('keeps a leading `*` or `?` from naming a dot file, and nothing else', () => {
    const envAny = compileFileNameGlob('.env.*', false);
    expect(envAny('src/*.ts')).toBe(true); // a program's pattern (find -name, git) may be `.env.ts`
    expect(envAny('src/*.ts', true)).toBe(false);
    const env = compileFileNameGlob('.env', false);
    for (const w of ['*', '?env', '*env', '**', 'src/*', 'src/**/*', '*/x']) expect(env(w, true), w).toBe(false);
    // a segment starting with `.`, a bracket, or a wildcard after `=`, `:`, `@` (a program may read it as its own pattern)
    for (const w of ['.e*', '.?nv', '.*', '[.]env', '[!x]env', 'src/.e*', 'a=*', '--x=*env', 'host:*', '@*']) expect(env(w, true), w).toBe(true);
    // other names stay reachable
    expect(compileFileNameGlob('*.pem', false)('src/*', true)).toBe(true);
    expect(compileFileNameGlob('id_rsa*', false)('*.ts', true)).toBe(true);
  });

  it('holds per segment of a path, `**` included', () => {
    const ssh = m('**/.ssh/**', { list: 'deny' });
    expect(ssh('/srv/ws/src/**/*.ts')).toBe(true);
    expect(ssh('/srv/ws/src/**/*.ts', true)).toBe(false);
    expect(ssh('/srv/ws/*/x', true)).toBe(false);
    for (const p of ['/srv/ws/.ss?/x', '/srv/ws/*/.s*/x', '/srv/ws/.*/**', '/srv/ws/src/**/.ss?/x', '/srv/ws/[.]ssh/x']) expect(ssh(p, true), p).toBe(true);
    const env = m('.env', { list: 'deny' });
    expect(env('/srv/ws/src/*', true)).toBe(false);
    expect(env('/srv/ws/src/*')).toBe(true);
    expect(m('~/.aws/**', { list: 'deny' })('/home/u/*/credentials', true)).toBe(false);
    expect(m('~/.aws/**', { list: 'deny' })('/home/u/*/credentials')).toBe(true);
  });

  // Real bash and zsh (nullglob; dotglob and GLOB_DOTS off, their defaults), in a tree holding
  // dot files and directories: every path a word expands to that a glob forbids must still be
  // caught under the dot rule.
  it('property: catches every path real bash and zsh expand a word to that a forbidden glob names', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tw-dotrule-'));
    try {
      for (const d of ['src/.hid', 'src/sub', '.ssh']) mkdirSync(path.join(dir, d), { recursive: true });
      for (const f of ['.env', '.env.ts', 'env', 'a.ts', '.ts', 'src/.env.ts', 'src/a.ts', 'src/.hid/x.ts', 'src/sub/z.ts', '.ssh/id', 'src/sub/.env']) writeFileSync(path.join(dir, f), '');
      const segment = fc.array(fc.constantFrom('.', 'e', 'n', 'v', 't', 's', 'h', '*', '?', '[.]', '[!x]', '**'), { minLength: 1, maxLength: 4 }).map((a) => a.join(''));
      // (no `.` or `..` segment: the engine collapses those before any glob sees the path)
      const words = fc.sample(fc.array(segment, { minLength: 1, maxLength: 3 }).map((a) => a.join('/')), { numRuns: 3000, seed: 20261203 }).filter((w) => !w.split('/').some((s) => s === '.' || s === '..'));
      const globs = ['.env', '.env.*', '**/.ssh/**', '**/.hid/**', '*.ts'];
      const loop = words.map((w) => `for f in ${w}; do printf '%s\\t%s\\n' '${w}' "$f"; done`).join('\n');
      const expansions = new Map<string, Set<string>>();
      const shells: [string, string][] = [['bash', `shopt -s nullglob globstar\n${loop}\n`], ['zsh', `setopt nullglob\n${loop}\n`]];
      // CI installs zsh; where it is missing, bash alone (as zsh-vs-zsh.test.ts does).
      for (const [shell, script] of shells.filter(([shell]) => shell !== 'zsh' || spawnSync('zsh', ['-c', 'true']).status === 0)) {
        const out = execFileSync(shell, shell === 'zsh' ? ['-f', '-s'] : ['-s'], { cwd: dir, encoding: 'utf8', input: script });
        for (const line of out.split('\n').filter((l) => l.includes('\t'))) {
          const [w, f] = line.split('\t') as [string, string];
          if (!expansions.has(w)) expansions.set(w, new Set());
          expansions.get(w)!.add(f);
        }
      }
      let checked = 0;
      for (const g of globs) {
        const forbidden = m(g, { list: 'deny', root: dir });
        const named = picomatch(g.includes('/') ? g : `**/${g}`, { dot: true });
        for (const [w, files] of expansions) {
          if (![...files].some((f) => named(f) || named(`${f}/x`))) continue;
          checked++;
          expect(forbidden(`${dir}/${w}`, true), `${w} under ${g}`).toBe(true);
        }
      }
      expect(checked).toBeGreaterThan(60);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
