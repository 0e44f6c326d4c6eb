import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fc from 'fast-check';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { canonicalPath, canonicalRoot, directoriesUpTo, isInside, wildcardExpansions, type PathContext } from '../../src/facts/paths.js';

let base: string;
let ws: string;
let outside: string;
const home = '/home/tester';

beforeAll(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tw-paths-')));
  ws = path.join(base, 'ws');
  outside = path.join(base, 'outside');
  fs.mkdirSync(path.join(ws, 'src', 'deep'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(ws, '.env'), 'SECRET=1');
  fs.writeFileSync(path.join(outside, 'passwd'), 'x');
  fs.symlinkSync(outside, path.join(ws, 'link-out'));
  fs.symlinkSync(path.join(ws, '.env'), path.join(ws, 'secret-link'));
  fs.symlinkSync('src/deep', path.join(ws, 'rel-link'));
  fs.symlinkSync(path.join(outside, 'not-yet'), path.join(ws, 'dangling'));
  fs.symlinkSync('loop-b', path.join(ws, 'loop-a'));
  fs.symlinkSync('loop-a', path.join(ws, 'loop-b'));
});

afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const ctx = (over: Partial<PathContext> = {}): PathContext => ({ root: ws, home, resolveSymlinks: true, caseInsensitive: false, ...over });
const ok = (raw: string, c: PathContext = ctx()): string => {
  const r = canonicalPath(raw, c);
  if (!r.ok) throw new Error(`expected ok for ${JSON.stringify(raw)}: ${r.reason}`);
  return r.path;
};
const bad = (raw: unknown, c: PathContext = ctx()): string => {
  const r = canonicalPath(raw as string, c);
  if (r.ok) throw new Error(`expected failure for ${JSON.stringify(raw)}, got ${r.path}`);
  return r.reason;
};

describe('canonicalPath', () => {
  it('resolves relative paths against cwd, else the root', () => {
    expect(ok('src/a.ts')).toBe(`${ws}/src/a.ts`);
    expect(ok('a.ts', ctx({ cwd: `${ws}/src` }))).toBe(`${ws}/src/a.ts`);
    expect(ok('x', ctx({ root: undefined, cwd: '/srv' }))).toBe('/srv/x');
    expect(bad('x', ctx({ root: undefined }))).toMatch(/neither/);
  });

  it('collapses traversal, dots, double slashes and trailing slashes (threat 9)', () => {
    expect(ok('src/../../etc/passwd')).toBe(`${base}/etc/passwd`);
    expect(ok('./a/../../x')).toBe(`${base}/x`);
    expect(ok('//etc')).toBe('/etc');
    expect(ok('/etc/.')).toBe('/etc');
    expect(ok('/etc/ssh/')).toBe('/etc/ssh');
    expect(ok('/../../..')).toBe('/');
    expect(ok('src//deep/./x/')).toBe(`${ws}/src/deep/x`);
  });

  it('expands ~, $HOME and ${HOME}; refuses ~user and other variables (threat 12)', () => {
    expect(ok('~')).toBe(home);
    expect(ok('~/.ssh/id_rsa')).toBe(`${home}/.ssh/id_rsa`);
    expect(ok('$HOME/.ssh')).toBe(`${home}/.ssh`);
    expect(ok('${HOME}/.aws/credentials')).toBe(`${home}/.aws/credentials`);
    bad('$HOMEWORK/x');
    bad('~root/.ssh');
    bad('$SECRETS/x');
    bad('a/${X}/b');
    bad('$(pwd)/x');
    bad('`pwd`/x');
  });

  it('refuses NUL, control characters, empty, over-long, malformed and non-strings (threat 13)', () => {
    expect(bad('a\u0000b')).toMatch(/NUL/);
    bad('a\nb');
    bad('');
    bad('a'.repeat(5000));
    bad('\uD800x');
    bad('x\uDC00');
    bad(42);
    bad(undefined);
    bad(null);
  });

  it('reads backslashes as separators and refuses drive and UNC paths (threat 15)', () => {
    expect(ok('..\\..\\etc\\passwd')).toBe(path.posix.join(path.dirname(base), 'etc/passwd'));
    expect(ok('src\\a.ts')).toBe(`${ws}/src/a.ts`);
    bad('C:\\Windows\\system32');
    bad('c:/x');
    bad('\\\\server\\share');
  });

  it('also reads a backslash as this system does, part of a name (Canonical.posix)', () => {
    const both = (raw: string, c: PathContext = ctx()) => {
      const r = canonicalPath(raw, c);
      if (!r.ok) throw new Error(r.reason);
      return [r.path, r.posix?.path];
    };
    expect(both('src\\a.ts')).toEqual([`${ws}/src/a.ts`, `${ws}/src\\a.ts`]);
    expect(both(`${ws}/src\\a.ts`, ctx({ resolveSymlinks: false }))).toEqual([`${ws}/src/a.ts`, `${ws}/src\\a.ts`]);
    // A cwd holding one: relative paths are in either directory.
    expect(both('x', ctx({ cwd: `${ws}/src\\deep` }))).toEqual([`${ws}/src/deep/x`, `${ws}/src\\deep/x`]);
    // No backslash, or one both readings agree on: one path.
    expect(both('src/a.ts')).toEqual([`${ws}/src/a.ts`, undefined]);
    // Either reading that cannot be placed refuses the path: the link is followed in the POSIX one only.
    fs.symlinkSync('loop-b', path.join(ws, 'loop\\c'));
    expect(bad('loop\\c')).toMatch(/backslash as part of a name.*symbolic links/);
  });

  it('expands a wildcard after a backslash both ways: `x\\*` is `x/*` and the names `x\\…` (red team 15A)', () => {
    fs.mkdirSync(path.join(ws, 'bs'));
    fs.symlinkSync(outside + '/passwd', path.join(ws, 'bs', 'x\\p'));
    fs.mkdirSync(path.join(ws, 'bs', 'x'));
    fs.writeFileSync(path.join(ws, 'bs', 'x', 'a'), '');
    const found = wildcardExpansions('bs/x\\*', ctx());
    if (!found.ok) throw new Error(found.reason);
    expect(found.paths.map((p) => p.path).sort()).toEqual([`${outside}/passwd`, `${ws}/bs/x/a`]);
  });

  it('normalises to NFC and folds case when asked (threat 13)', () => {
    expect(ok('cafe\u0301')).toBe(`${ws}/caf\u00e9`);
    expect(ok('.ENV', ctx({ root: ws.toLowerCase(), rootPhysical: ws, caseInsensitive: true }))).toBe(`${ws.toLowerCase()}/.env`);
    expect(ok('.ENV')).toBe(`${ws}/.ENV`);
    // A full fold: `ſ` (long s) is `s`, `ß` is `ss`, `ﬁ` is `fi`.
    expect(ok('ſecret-ﬁle-ß', ctx({ root: ws.toLowerCase(), rootPhysical: ws, caseInsensitive: true }))).toBe(`${ws.toLowerCase()}/secret-file-ss`);
  });

  it('finds entries spelt in another case on case-insensitive workspaces, symlinks included', () => {
    const ci = ctx({ root: ws.toLowerCase(), rootPhysical: ws, caseInsensitive: true });
    expect(ok('LINK-OUT/passwd', ci)).toBe(`${outside}/passwd`.toLowerCase());
    expect(ok('Secret-Link', ci)).toBe(`${ws}/.env`.toLowerCase());
  });

  it('resolves symlinks through the longest existing prefix (threat 11)', () => {
    expect(ok('link-out/passwd')).toBe(`${outside}/passwd`);
    expect(ok('link-out/new/file')).toBe(`${outside}/new/file`);
    expect(ok('secret-link')).toBe(`${ws}/.env`);
    expect(ok('rel-link/x')).toBe(`${ws}/src/deep/x`);
    expect(ok('dangling')).toBe(`${outside}/not-yet`);
    expect(ok('dangling/child')).toBe(`${outside}/not-yet/child`);
    expect(ok('link-out/passwd', ctx({ resolveSymlinks: false }))).toBe(`${ws}/link-out/passwd`);
    expect(bad('loop-a/x')).toMatch(/too many/);
  });

  it('refuses `..` after a symlink, where tools and the kernel disagree', () => {
    expect(bad('link-out/../x')).toMatch(/ambiguous/);
    expect(ok('src/deep/../x')).toBe(`${ws}/src/x`);
  });

  it('never caches: a symlink changed between calls is seen', () => {
    const link = path.join(ws, 'moving');
    fs.symlinkSync(path.join(ws, 'src'), link);
    expect(ok('moving/a')).toBe(`${ws}/src/a`);
    fs.unlinkSync(link);
    fs.symlinkSync(outside, link);
    expect(ok('moving/a')).toBe(`${outside}/a`);
    fs.unlinkSync(link);
  });

  it('property: never throws on arbitrary strings up to 64 KB', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ minLength: 60000, maxLength: 65536 })), (raw) => {
        const r = canonicalPath(raw, ctx());
        return r.ok ? r.path.startsWith('/') && !r.path.includes('\u0000') : typeof r.reason === 'string';
      }),
      { numRuns: 300 },
    );
  });
});

describe('/proc/self is the running process\'s, not ours', () => {
  it.each(['/proc/self/cwd/prod.key', '/proc/thread-self/cwd/x', '/proc/self/root/etc/passwd', '/proc/self', '/proc/./self/cwd', '/proc/x/../self/fd/3'])('%j is refused', (raw) => {
    expect(bad(raw)).toMatch(/proc\/self/);
    expect(bad(raw, ctx({ resolveSymlinks: false }))).toMatch(/proc\/self/);
  });
  it('a link to /proc/self is refused too (/dev/fd is one)', () => {
    expect(bad('/dev/fd/5')).toMatch(/proc\/self/);
    fs.symlinkSync('/proc/self/cwd', path.join(ws, 'self-cwd'));
    try {
      expect(bad('self-cwd/x')).toMatch(/proc\/self/);
    } finally {
      fs.unlinkSync(path.join(ws, 'self-cwd'));
    }
  });
  it("any process's links (cwd, root, fd, exe) are refused: a PID that is no process now may be the command's own (red team 8)", () => {
    for (const raw of ['/proc/32767/root/etc/shadow', '/proc/1/cwd/secrets/key', '/proc/42/task/43/root/x', '/proc/42/fd/3', '/proc/*/root/etc/x']) {
      expect(bad(raw, ctx({ resolveSymlinks: false })), raw).toMatch(/proc\/PID/);
    }
  });
  it('other /proc files are read as they are', () => {
    expect(ok('/proc/cpuinfo')).toBe('/proc/cpuinfo');
    expect(ok('/proc/selfish/x')).toBe('/proc/selfish/x');
    expect(ok('/proc/42/status')).toBe('/proc/42/status');
  });
  it('a name that is no UTF-8 (U+FFFD as decoded) is refused: the file of that name is another', () => {
    expect(bad('r\ufffd/secrets/key', ctx({ resolveSymlinks: false }))).toMatch(/not valid UTF-8/);
  });
});

describe('canonicalRoot', () => {
  it('expands ${cwd} and ~/ and requires an absolute result', () => {
    expect(canonicalRoot('${cwd}', ws, home, true, false)).toEqual({ ok: true, path: ws });
    expect(canonicalRoot('${cwd}/src', ws, home, true, false)).toEqual({ ok: true, path: `${ws}/src` });
    expect(canonicalRoot('~/agents', undefined, home, true, false)).toEqual({ ok: true, path: `${home}/agents` });
    expect(canonicalRoot('${cwd}', undefined, home, true, false).ok).toBe(false);
    expect(canonicalRoot('relative/ws', undefined, home, true, false).ok).toBe(false);
    expect(canonicalRoot(`${ws}/link-out`, undefined, home, true, false)).toEqual({ ok: true, path: outside });
    expect(canonicalRoot('/SRV/WS', undefined, home, false, true)).toEqual({ ok: true, path: '/srv/ws', physical: '/SRV/WS' });
  });
});

describe('isInside', () => {
  it('is equality or a separator-bounded prefix (threat 10)', () => {
    expect(isInside('/srv/ws', '/srv/ws')).toBe(true);
    expect(isInside('/srv/ws/x', '/srv/ws')).toBe(true);
    expect(isInside('/srv/ws2/x', '/srv/ws')).toBe(false);
    expect(isInside('/srv/ws2', '/srv/ws')).toBe(false);
    expect(isInside('/srv', '/srv/ws')).toBe(false);
    expect(isInside('/anything', '/')).toBe(true);
    expect(isInside('relative', '/')).toBe(false);
  });

  it('property: agrees with path.posix.relative on canonical paths', () => {
    const seg = fc.constantFrom('a', 'b', 'ws', 'ws2', 'w', '.a');
    const abs = fc.array(seg, { maxLength: 4 }).map((s) => '/' + s.join('/'));
    fc.assert(
      fc.property(abs, abs, (p, r) => {
        const rel = path.posix.relative(r, p);
        const oracle = rel === '' || (!rel.startsWith('..') && !path.posix.isAbsolute(rel));
        return isInside(p, r) === oracle;
      }),
      { numRuns: 1000 },
    );
  });
});

describe('directoriesUpTo', () => {
  it.each([
    ['/ws/src/a', '/ws', ['/ws/src/a', '/ws/src', '/ws']],
    ['/ws', '/ws', ['/ws']],
    ['/ws/src', '/ws/', ['/ws/src', '/ws']],
    ['/elsewhere/x', '/ws', ['/elsewhere/x', '/elsewhere', '/']],
    ['/ws2/x', '/ws', ['/ws2/x', '/ws2', '/']],
    ['/ws/src', undefined, ['/ws/src', '/ws', '/']],
    ['/', '/', ['/']],
  ])('%s up to %s', (path, anchor, expected) => expect(directoriesUpTo(path, anchor)).toEqual(expected));

  // git's top is the first directory on the way up that holds a repository it accepts.
  describe('with repositories on disk', () => {
    let base: string;
    const repo = (dir: string): void => {
      fs.mkdirSync(path.join(dir, '.git/objects'), { recursive: true });
      fs.mkdirSync(path.join(dir, '.git/refs'), { recursive: true });
      fs.writeFileSync(path.join(dir, '.git/HEAD'), 'ref: refs/heads/main\n');
    };
    beforeAll(() => {
      base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tw-top-')));
      repo(path.join(base, 'mono'));
      fs.mkdirSync(path.join(base, 'mono/packages/app/src'), { recursive: true });
      repo(path.join(base, 'ws'));
      fs.mkdirSync(path.join(base, 'ws/src/sub/.git'), { recursive: true }); // not a repository: passed over
      fs.mkdirSync(path.join(base, 'ws/vendor/lib'), { recursive: true });
      fs.writeFileSync(path.join(base, 'ws/vendor/lib/.git'), 'gitdir: ../../.git/modules/lib\n'); // a gitfile: a top
      fs.mkdirSync(path.join(base, 'plain/a'), { recursive: true });
    });
    afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

    it('goes above the workspace root to a monorepo top', () => {
      const app = path.join(base, 'mono/packages/app');
      expect(directoriesUpTo(path.join(app, 'src'), app)).toEqual([`${app}/src`, app, `${base}/mono/packages`, `${base}/mono`]);
    });
    it('stops at the top inside the workspace, past a .git that is no repository', () => {
      const ws = path.join(base, 'ws');
      expect(directoriesUpTo(`${ws}/src/sub`, ws)).toEqual([`${ws}/src/sub`, `${ws}/src`, ws]);
      expect(directoriesUpTo(`${ws}/vendor/lib`, ws)).toEqual([`${ws}/vendor/lib`]);
    });
    it('counts up to the workspace root when no repository is found', () => {
      expect(directoriesUpTo(`${base}/plain/a`, `${base}/plain`)).toEqual([`${base}/plain/a`, `${base}/plain`]);
    });
  });
});

describe('look-alike roots (NFC and case folding run after resolution)', () => {
  // Real directories whose names differ only under NFC or the case fold, beside the roots.
  let t: string;
  const nfc = 'w\u00e9';
  const nfd = 'we\u0301';
  beforeAll(() => {
    t = path.join(base, 'alike');
    for (const d of [nfc, nfd, 'ciss', 'ci\u00df', 'ws', 'WS', `${nfc}/src`]) fs.mkdirSync(path.join(t, d), { recursive: true });
    fs.symlinkSync(`../${nfd}`, path.join(t, nfc, 'x'));
    fs.symlinkSync('../ci\u00df', path.join(t, 'ciss', 'esz'));
    fs.symlinkSync('../WS', path.join(t, 'ws', 'up'));
  });
  const rooted = (root: string, ci: boolean, resolveSymlinks = true): PathContext => {
    const r = canonicalRoot(path.join(t, root), undefined, home, resolveSymlinks, ci);
    if (!r.ok) throw new Error(r.reason);
    return { root: r.path, rootPhysical: r.physical, cwd: path.join(t, root), home, resolveSymlinks, caseInsensitive: ci };
  };

  it('refuses a path into a different directory whose name is the root only after NFC', () => {
    expect(bad('x/data', rooted(nfc, false))).toMatch(/only Unicode normalisation or case folding/);
    expect(bad(`${t}/${nfd}/data`, rooted(nfc, false))).toMatch(/only Unicode normalisation or case folding/);
    expect(bad(`${t}/${nfd}/data`, rooted(nfc, false, false))).toMatch(/only Unicode normalisation or case folding/);
    // The root's own entries, NFD names inside it included, are fine.
    expect(ok('src/a', rooted(nfc, false))).toBe(`${t}/${nfc}/src/a`);
    expect(canonicalPath(`sub${nfd}/a`, rooted(nfc, false))).toEqual({ ok: true, path: `${t}/${nfc}/sub${nfc}/a`, narrow: `${t}/${nfc}/sub${nfd}/a` });
  });

  it('refuses a different directory whose name is the root only under the case fold', () => {
    expect(bad('esz/data', rooted('ciss', true))).toMatch(/only Unicode normalisation or case folding/);
    expect(bad('up/data', rooted('ws', true))).toMatch(/only Unicode normalisation or case folding/);
    expect(bad(`${t}/WS/data`, rooted('ws', true))).toMatch(/only Unicode normalisation or case folding/);
    // Names spelt in another case inside the root stay inside.
    expect(ok('Sub/A', rooted('ciss', true))).toBe(`${t}/ciss/sub/a`.toLowerCase());
    expect(ok('README.md', rooted('ws', true))).toBe(`${t}/ws/readme.md`.toLowerCase());
  });

  it('gives the root a physical form only when NFC or folding changed it', () => {
    expect(canonicalRoot(`${t}/ws`, undefined, home, true, false)).toEqual({ ok: true, path: `${t}/ws` });
    expect(canonicalRoot(`${t}/${nfd}`, undefined, home, true, false)).toEqual({ ok: true, path: `${t}/${nfc}`, physical: `${t}/${nfd}`, narrow: `${t}/${nfd}` });
  });
});

describe('a relative path under a cwd that is a link', () => {
  it('is read both as a file tool joins it (lexically) and as the kernel does; they must agree', () => {
    // `${base}/links/cwd` -> ws: `../ws/x` is `${base}/links/ws/x` lexically, `${ws}/x` by the kernel.
    fs.mkdirSync(path.join(base, 'links'));
    fs.symlinkSync(ws, path.join(base, 'links', 'cwd'));
    const c = ctx({ cwd: path.join(base, 'links', 'cwd') });
    expect(canonicalPath('../ws/src', c)).toEqual({ ok: true, path: `${ws}/src` }); // a shell: the kernel's reading
    expect(canonicalPath('../ws/src', c, true)).toEqual({ ok: false, reason: '`..` after a symbolic link makes the path ambiguous' });
    // Without `..`, or when both readings agree, the same as before.
    expect(canonicalPath('src/deep', c, true)).toEqual({ ok: true, path: `${ws}/src/deep` });
    expect(canonicalPath('src/../src', ctx({ cwd: ws }), true)).toEqual({ ok: true, path: `${ws}/src` });
  });
});
