// Properties of canonicalisation against independent oracles, on a real temp tree with
// symlinks pointing inside and outside the workspace.
import { describe, it, beforeAll, afterAll, expect } from 'vitest';
import fc from 'fast-check';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { canonicalPath, isInside, type PathContext } from '../../src/facts/paths.js';
import { compilePathGlob } from '../../src/facts/path-glob.js';

let base: string;
let home: string;
let ws: string;
let outside: string;
const NFC = 'caf\u00e9';
const NFD = 'cafe\u0301';

beforeAll(() => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tw-prop-')));
  home = path.join(base, 'home');
  ws = path.join(home, 'ws');
  outside = path.join(base, 'outside');
  fs.mkdirSync(path.join(ws, 'a', 'b'), { recursive: true });
  fs.mkdirSync(path.join(ws, '.secrets'), { recursive: true });
  fs.mkdirSync(path.join(ws, NFC));
  fs.mkdirSync(path.join(outside, 'a'), { recursive: true });
  fs.writeFileSync(path.join(ws, '.secrets', 'server.pem'), 'k');
  fs.symlinkSync(outside, path.join(ws, 'out'));
  fs.symlinkSync(path.join(ws, 'a'), path.join(ws, 'in'));
  fs.symlinkSync('.secrets', path.join(ws, 'alias'));
  fs.symlinkSync(path.join(outside, 'missing'), path.join(ws, 'dangle'));
});

afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

/** Oracle: lexical resolve, then realpath of the deepest existing ancestor plus the rest. */
function oracle(raw: string): string {
  let p = raw.startsWith('~/') || raw === '~' ? home + raw.slice(1) : raw;
  p = path.posix.resolve(ws, p);
  const rest: string[] = [];
  let cur = p;
  for (;;) {
    try {
      const real = fs.realpathSync(cur);
      return path.posix.join(real, ...rest.reverse()).normalize('NFC');
    } catch {
      // a dangling link: follow it by hand
      try {
        const target = fs.readlinkSync(cur);
        return oracle(path.posix.join(path.posix.resolve(path.dirname(cur), target), ...rest.reverse()));
      } catch { /* not a link */ }
      rest.push(path.posix.basename(cur));
      cur = path.posix.dirname(cur);
    }
  }
}

const ctx = (): PathContext => ({ root: ws, home, resolveSymlinks: true, caseInsensitive: false });
const segment = fc.constantFrom('..', '.', '', '~', 'a', 'b', 'x', NFC, NFD, 'out', 'in', 'alias', 'dangle', '.secrets', 'ws');
const rawPath = fc.tuple(fc.constantFrom('', '/', '~/'), fc.array(segment, { minLength: 1, maxLength: 7 })).map(([head, segs]) => head + segs.join('/'));

describe('canonicalPath properties', () => {
  it('(a) inside/outside agrees with the oracle; ambiguity is never treated as inside', () => {
    let checked = 0;
    fc.assert(
      fc.property(rawPath, (raw) => {
        if (raw === '') return true;
        const r = canonicalPath(raw, ctx());
        const expected = oracle(raw);
        if (!r.ok) return true; // refusing is always safe; counted below
        checked++;
        // the kernel's reading of an existing path must agree too
        let kernel: string | undefined;
        try { kernel = fs.realpathSync(raw.startsWith('~') ? home + raw.slice(1) : path.posix.isAbsolute(raw) ? raw : ws + '/' + raw).normalize('NFC'); } catch { kernel = undefined; }
        if (kernel !== undefined && kernel !== r.path) return false;
        return r.path === expected && isInside(r.path, ws) === isInside(expected, ws);
      }),
      { numRuns: 1500 },
    );
    expect(checked).toBeGreaterThan(300);
  });

  it('(b) a forbidden glob catches the relative, absolute, ~, $HOME and symlinked forms', () => {
    const forms = ['.secrets/server.pem', `${ws}/.secrets/server.pem`, '~/ws/.secrets/server.pem', '$HOME/ws/.secrets/server.pem',
      'alias/server.pem', 'a/../.secrets/server.pem', '.secrets//server.pem', './.secrets/./server.pem', '.secrets\\server.pem',
      `${ws}/in/../.secrets/server.pem`, 'a/b/../../alias/server.pem'];
    const globs = ['**/*.pem', '*.pem', 'server.pem', '.secrets', '.secrets/**', '.secrets/*.pem', `${ws}/.secrets/**`, '~/ws/.secrets/**', '**/.secrets/**', '**/server.pem', '.secrets/'];
    fc.assert(
      fc.property(fc.constantFrom(...forms), fc.constantFrom(...globs), fc.boolean(), (form, glob, ci) => {
        const c = { ...ctx(), caseInsensitive: ci, root: ci ? ws.toLowerCase() : ws, rootPhysical: ci ? ws : undefined };
        // the file system here is case-sensitive: fold the glob, not the path's spelling
        const r = canonicalPath(form, c);
        if (!r.ok) return form.includes('/in/..'); // `..` after a link: refused, which is a deny
        return compilePathGlob(ci ? glob.toUpperCase() : glob, { root: c.root, home: ci ? home.toLowerCase() : home, caseInsensitive: ci })(r.path);
      }),
      { numRuns: 600 },
    );
  });
});
