// The dot rule end to end (facts/path-glob.ts): `cat WORD` for random wildcard words, in a tree
// holding dot files and a dot directory, against real bash (globstar) and zsh, dotglob and
// GLOB_DOTS off as they are by default. Whenever either shell expands the word to a file a
// forbidden glob names, the engine must deny; and it must allow some words the rule clears.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { afterAll, describe, expect, it } from 'vitest';
import { decide, setFrom } from './helpers.js';

const root = mkdtempSync(path.join(tmpdir(), 'tw-dotrule-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the dot rule against bash and zsh', () => {
  it('denies every word a shell expands to a forbidden file, and allows some others', async () => {
    const ws = path.join(root, 'ws');
    for (const d of ['src/.hid', 'src/sub']) mkdirSync(path.join(ws, d), { recursive: true });
    for (const f of ['.env', '.env.ts', 'a.ts', 'env', 'xenv', 'src/.env', 'src/a.ts', 'src/.hid/x.ts', 'src/sub/z.ts', 'src/sub/.env.local']) writeFileSync(path.join(ws, f), '');
    const forbidden = ['.env', '.env.*', '**/.hid/**'];
    // Both with the file system read (the words' matches on disk are followed too) and without (the intersection alone).
    const policy = (links: boolean) => `version: 1\nid: dots\nworkspace: { root: ${ws}, only: false, resolveSymlinks: ${links} }\npaths:\n  forbidden: [${forbidden.map((g) => JSON.stringify(g)).join(', ')}]\n`;
    const sets = [await setFrom(policy(true)), await setFrom(policy(false))];
    const named = forbidden.map((g) => picomatch(g.includes('/') ? g : `**/${g}`, { dot: true }));
    const isForbidden = (file: string): boolean => named.some((m) => m(file) || m(`${file}/x`));

    const segment = fc.array(fc.constantFrom('*', '?', '.', '.e', 'nv', 'env', '.ts', 'a', '[.]', '**', 'src', 'sub', '.hid', 'hid'), { minLength: 1, maxLength: 3 }).map((a) => a.join(''));
    const words = [...new Set(fc.sample(fc.array(segment, { minLength: 1, maxLength: 3 }).map((a) => a.join('/')), { numRuns: 3000, seed: 20261203 }))]
      .filter((w) => !w.split('/').some((s) => s === '.' || s === '..'));
    const loop = words.map((w) => `for f in ${w}; do printf '%s\\t%s\\n' '${w}' "$f"; done`).join('\n');
    const reaches = new Map<string, boolean>();
    // CI installs zsh; where it is missing, bash alone (as test/facts/zsh-vs-zsh.test.ts does).
    const zsh = spawnSync('zsh', ['-c', 'true']).status === 0;
    const shells: [string, string[], string][] = [['bash', ['-s'], 'shopt -s nullglob globstar']];
    if (zsh) shells.push(['zsh', ['-f', '-s'], 'setopt nullglob']);
    for (const [shell, args, prelude] of shells) {
      const out = execFileSync(shell, [...args], { cwd: ws, encoding: 'utf8', input: `${prelude}\n${loop}\n` });
      for (const line of out.split('\n')) {
        const tab = line.indexOf('\t');
        if (tab < 0) continue;
        const w = line.slice(0, tab);
        reaches.set(w, (reaches.get(w) ?? false) || isForbidden(line.slice(tab + 1)));
      }
    }
    let denied = 0;
    let allowed = 0;
    for (const set of sets) {
      for (const w of words) {
        const d = decide(set, { toolName: 'exec', params: { command: `cat ${w}` }, cwd: ws });
        if (reaches.get(w) === true) {
          expect(d.decision, `cat ${w}`).toBe('deny');
          denied++;
        } else if (d.decision === 'allow') allowed++;
      }
    }
    expect(denied).toBeGreaterThan(80);
    expect(allowed).toBeGreaterThan(200);
  });
});
