// File operands against the real programs: random command lines of coreutils, sed, awk, dd
// and friends, with bare file names and options that take values, run by the real bash in a
// scratch tree. Every file a program created, changed or removed must be among the paths
// the line's checks see as written (or inside a directory among them): a word the option
// tables take for an option's value, or skip, while the program writes it, would slip past
// `paths.writable`.
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLinePaths } from '../../src/facts/command-line-paths.js';
import { canonicalPath } from '../../src/facts/paths.js';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';

const BASE = mkdtempSync(path.join(tmpdir(), 'toolwarden-ops-'));
const WS = path.join(BASE, 'ws');

beforeAll(async () => {
  await initShellParser();
});
afterAll(() => rmSync(BASE, { recursive: true, force: true }));

/** A fresh scratch tree: files whose names look like counts and options' values too. */
function freshTree(): void {
  rmSync(WS, { recursive: true, force: true });
  mkdirSync(path.join(WS, 'd1'), { recursive: true });
  for (const name of ['a', 'b', 'c', '5', 'ref', '644', 'x', 'd1/a']) writeFileSync(path.join(WS, name), '2 x\n1 y\n1 y\n');
}

/** Every entry under WS with what identifies its state (a change of any part is a write). */
function snapshot(dir = WS, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const s = lstatSync(full);
    out.set(full, [s.ino, s.size, s.mode, s.mtimeMs, s.ctimeMs, s.nlink].join(':'));
    if (s.isDirectory()) snapshot(full, out);
  }
  return out;
}

function changedBy(source: string): string[] {
  freshTree();
  const before = snapshot();
  try {
    execFileSync('bash', ['--norc', '--noprofile', '-c', source], { cwd: WS, timeout: 10_000, stdio: 'ignore', env: { PATH: '/usr/bin:/bin', HOME: BASE, LC_ALL: 'C.UTF-8' } });
  } catch (error) {
    if ((error as { signal?: string }).signal) throw new Error(`bash did not finish: ${JSON.stringify(source)}`);
  }
  const after = snapshot();
  const changed: string[] = [];
  for (const [p, state] of after) if (before.get(p) !== state) changed.push(p);
  for (const p of before.keys()) if (!after.has(p)) changed.push(p);
  // A directory whose entries came or went changes with them: that is the entry's write.
  return changed.filter((p) => !(before.has(p) && after.has(p) && lstatSync(p).isDirectory() && changed.some((q) => path.dirname(q) === p)));
}

/** The written paths the line's checks see, canonical against WS. */
function writtenPaths(source: string): string[] {
  const found = commandLinePaths(parseShell(source));
  const out: string[] = [];
  found.raws.forEach((raw, i) => {
    if (!found.written[i]) return;
    const c = canonicalPath(raw, { cwd: WS, home: BASE, resolveSymlinks: false, caseInsensitive: false });
    if (c.ok) out.push(c.path);
  });
  return out;
}

/**
 * A change is covered by a written path it is, or is inside; a directory that only changed
 * its own times is covered by a written path inside it (writing there, even a temporary
 * file, changes the directory).
 */
const covered = (p: string, written: string[]) =>
  written.some((w) => p === w || p.startsWith(w === '/' ? '/' : `${w}/`) || (isDirectory(p) && path.dirname(w) === p));

function isDirectory(p: string): boolean {
  try {
    return lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

// `{n}`: a name from NAMES; everything else is the program's own syntax.
const TEMPLATES = [
  'rm -f {n} {n}', 'rm -rf {n}', 'rm -- {n}', 'cp {n} {n}', 'cp -r {n} {n}', 'cp -t {n} {n}', 'cp -rt {n} {n}',
  'cp --target-directory {n} {n}', 'mv {n} {n}', 'mv -t {n} {n}', 'ln -s {n} {n}', 'ln -f {n} {n}', 'touch {n}',
  'touch -d 2020-01-01 {n}', 'touch -r {n} {n}', 'touch -c {n} {n}', 'mkdir -p {n}', 'mkdir -m 700 {n}', 'mkdir -pm 700 {n}',
  'tee {n} < /dev/null', 'tee -a {n} {n} < /dev/null', 'truncate -s 0 {n}', 'truncate -r {n} {n}', 'sort -o {n} {n}',
  'sort -k 2 -o {n} {n}', 'sort -u {n} -o {n}', 'sort -t , -k 1 {n} -o{n}', 'uniq {n} {n}', 'uniq -c {n} {n}',
  'chmod 600 {n}', 'chmod -R 700 {n}', 'chmod --reference={n} {n}', 'install -m 644 {n} {n}', 'install -t {n} {n}',
  'shred -n 1 {n}', 'shred -n 1 -u {n}', 'sed -i -e 1d {n}', 'sed -i 1d {n}', 'sed -n -i p {n}', 'sed -i.bak 1d {n}', "sed -i 's/x/z/w {n}' {n}", "sed -n 'w {n}' {n}", "awk '{print > \"{n}\"}' {n}", 'sed -i -e s/x/z/g {n}', "sed -i'bk_*' 1d {n}", 'sed -ie 1d {n}', "perl -pi -e 's/x/z/' {n} {n}", "perl -i.orig -pe 's/x/z/' {n}",
  'dd if={n} of={n} status=none', 'xxd {n} {n}', 'head -n 1 {n}', 'tail -n 1 {n} {n}', 'cat {n} {n}', 'wc -l {n}',
  'grep -e x {n} {n}', "awk -F , '{print}' {n}", 'base64 {n}', 'diff {n} {n}', 'cd d1 && touch {n}', 'cd d1 && rm -f {n} {n}',
];
const NAMES = ['a', 'b', 'c', '5', 'ref', '644', 'x', 'new', 'd1', 'd1/a', 'new2'];

const line = fc.tuple(fc.constantFrom(...TEMPLATES), fc.array(fc.constantFrom(...NAMES), { minLength: 3, maxLength: 3 })).map(([template, names]) => {
  let k = 0;
  return template.replace(/\{n\}/g, () => names[k++ % names.length]!);
});

const RUNS = process.env.OPS_RUNS ? { numRuns: Number(process.env.OPS_RUNS) } : { numRuns: 250, seed: 20261130 };

describe('file operands against the real programs', () => {
  it('sees as written every file a program created, changed or removed', () => {
    let changes = 0;
    fc.assert(
      fc.property(line, (source) => {
        const written = writtenPaths(source);
        for (const p of changedBy(source)) {
          changes++;
          expect(covered(p, written), `${JSON.stringify(source)} changed ${p}; written: ${JSON.stringify(written)}`).toBe(true);
        }
      }),
      RUNS,
    );
    // The property means something: the programs did write.
    expect(changes).toBeGreaterThan(100);
  }, 300_000);
});
