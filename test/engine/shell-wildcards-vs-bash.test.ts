// A wildcard the shell expands for a program that opens its operands as given (`cat src/*.ts`)
// is read, inside the workspace, as the files it expands to on disk (engine/frame.ts
// addExpansions), against bash's own expansion: over random trees of plain and dot names and
// random wildcard words, whenever the engine allows `cat WORD`, bash expands WORD to no
// forbidden file; and a word expanding to none names none (no more `*.ts` read as `id_rsa.ts`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { decide, setFrom } from './helpers.js';

const base = mkdtempSync(path.join(tmpdir(), 'toolwarden-glob-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const POLICY = `version: 1\nid: t\nworkspace: { root: ${base}, only: false }\npaths:\n  forbidden: ["**/*.pem", "**/.env", "**/id_rsa*"]\n`;
const FORBIDDEN = /(^|\/)([^/]*\.pem|\.env|id_rsa[^/]*)$/;
const DIRS = ['', 'd', '.h', 'd/e'];
const NAMES = ['a.ts', 'k.pem', '.env', 'id_rsa.ts', 'b.md', '.k.pem', 'e'];
const SEGMENTS = ['*', '?', '*.ts', '.*', '*.pem', 'k*', '[ik]*', '.e*', '[[:alpha:]]*', '*[!s]', '[.]env', 'id_rsa*', '?.pem', '.[e]nv', 'a.ts', 'k.p?m', '[!a]*'];
const word = fc.oneof(
  fc.constantFrom(...SEGMENTS),
  fc.tuple(fc.constantFrom('d', '.h', 'd/e', '*', '.?', 'd/*', '[d]'), fc.constantFrom(...SEGMENTS)).map(([dir, name]) => `${dir}/${name}`),
);
const tree = fc.record({
  files: fc.subarray(DIRS.flatMap((d) => NAMES.map((n) => (d === '' ? n : `${d}/${n}`))), { minLength: 1 }),
  word,
  inD: fc.boolean(),
});

let run = 0;

/** The existing files bash expands `word` to, from `cwd` (as given, relative). */
function bashExpands(cwd: string, w: string): string[] {
  const out = spawnSync('bash', ['-c', `for f in ${w}; do [ -f "$f" ] && printf '%s\\n' "$f"; done; true`], { cwd, encoding: 'utf8', timeout: 5000 });
  return out.stdout.split('\n').filter(Boolean);
}

describe('shell wildcards read from the disk, against bash', () => {
  it('never allows cat of a wildcard bash expands to a forbidden file', async () => {
    const set = await setFrom(POLICY, { home: path.join(base, 'home') });
    let denied = 0;
    let clean = 0;
    let cleanAllowed = 0;
    fc.assert(
      fc.property(tree, (spec) => {
        const top = path.join(base, `t${run++}`);
        for (const d of DIRS) mkdirSync(path.join(top, d), { recursive: true });
        for (const f of spec.files) {
          // `e` is a directory in `d` (d/e/…) and a file elsewhere.
          if (f === 'd/e') continue;
          writeFileSync(path.join(top, f), 'KEY\n');
        }
        const cwd = spec.inD ? path.join(top, 'd') : top;
        const expanded = bashExpands(cwd, spec.word);
        const forbidden = expanded.filter((f) => FORBIDDEN.test(f));
        const allowed = decide(set, { toolName: 'exec', params: { command: `cat ${spec.word}` }, cwd }).decision === 'allow';
        if (forbidden.length === 0) {
          clean++;
          if (allowed) cleanAllowed++;
        }
        if (!allowed) {
          denied++;
          return;
        }
        expect(forbidden, `cat ${spec.word} in ${cwd}: ${JSON.stringify(spec.files)}`).toEqual([]);
      }),
      { numRuns: 400 },
    );
    expect(denied).toBeGreaterThan(40);
    // Words expanding to no forbidden file are read from the disk, not guessed at (the rest, the
    // careful side: a bracket matching a leading dot, `.?` matching `..`, which bash 5.2 skips).
    expect(cleanAllowed / clean).toBeGreaterThan(0.6);
  }, 120_000);

  it('reads a wildcard outside the workspace, one the line may change first, or a written one expanding to nothing as naming any file', async () => {
    const set = await setFrom(POLICY, { home: path.join(base, 'home') });
    const top = path.join(base, 'plain');
    mkdirSync(path.join(top, 'src'), { recursive: true });
    writeFileSync(path.join(top, 'src', 'a.ts'), 'x\n');
    const decision = (command: string) => decide(set, { toolName: 'exec', params: { command }, cwd: top }).decision;
    // Inside the workspace, on disk: names only what is there.
    expect(decision('cat src/*.ts')).toBe('allow');
    expect(decision('ls src/*.md')).toBe('allow');
    // Outside it (the disk here says nothing of the agent's home), `**`, a line that fills or
    // rewrites the directory first, a written word matching nothing: as before, any file.
    expect(decision('cat /tmp/toolwarden-glob-nowhere/*.ts')).toBe('deny');
    expect(decision('cat src/**/*.ts')).toBe('deny');
    expect(decision('tar xf /tmp/a.tar -C src && cat src/*.ts')).toBe('deny');
    expect(decision('git checkout other && cat src/*.ts')).toBe('deny');
    expect(decision('echo x > src/*.md')).toBe('deny');
    // A program that matches the pattern itself reaches further than the shell.
    expect(decision("git add 'src/*.ts'")).toBe('deny');
  });
});
