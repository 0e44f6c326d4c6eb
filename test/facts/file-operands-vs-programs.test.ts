// File operands against the real programs: random command lines of coreutils, sed, awk, dd
// and friends, with bare file names and options that take values, run by the real bash in a
// scratch tree. Every file a program created, changed or removed must be among the paths
// the line's checks see as written (or inside a directory among them): a word the option
// tables take for an option's value, or skip, while the program writes it, would slip past
// `paths.writable`.
import { execFileSync } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLinePaths } from '../../src/facts/command-line-paths.js';
import { canonicalPath, directoriesUpTo } from '../../src/facts/paths.js';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';

const BASE = mkdtempSync(path.join(tmpdir(), 'toolwarden-ops-'));
const WS = path.join(BASE, 'ws');

beforeAll(async () => {
  await initShellParser();
  makeArchive();
});
afterAll(() => rmSync(BASE, { recursive: true, force: true }));

/** A fresh scratch tree: files whose names look like counts and options' values too. */
function freshTree(): void {
  rmSync(WS, { recursive: true, force: true });
  mkdirSync(path.join(WS, 'd1'), { recursive: true });
  for (const name of ['a', 'b', 'c', '5', 'ref', '644', 'x', 'd1/a']) writeFileSync(path.join(WS, name), '2 x\n1 y\n1 y\n');
  // An archive of other content, so that extracting it changes files.
  copyFileSync(ARCHIVE, path.join(WS, 'arch.tar'));
  copyFileSync(ZIP, path.join(WS, 'arch.zip'));
  // A patch that names its files (b and d1/a) and one without names, for `patch FILE < one.diff`.
  writeFileSync(path.join(WS, 'fix.diff'), ['b', 'd1/a'].map((f) => `--- a/${f}\n+++ b/${f}\n@@ -1,3 +1,3 @@\n-2 x\n+9 x\n 1 y\n 1 y\n`).join(''));
  writeFileSync(path.join(WS, 'one.diff'), '@@ -1,3 +1,3 @@\n-2 x\n+9 x\n 1 y\n 1 y\n');
}

const ARCHIVE = path.join(BASE, 'arch.tar');
function makeArchive(): void {
  const dir = path.join(BASE, 'archive');
  mkdirSync(path.join(dir, 'd1'), { recursive: true });
  for (const name of ['a', 'x', 'd1/a', 'new']) writeFileSync(path.join(dir, name), 'archived\n');
  execFileSync('tar', ['-cf', ARCHIVE, 'a', 'x', 'd1', 'new'], { cwd: dir, stdio: 'ignore' });
  execFileSync('zip', ['-qr', ZIP, 'a', 'x', 'd1', 'new'], { cwd: dir, stdio: 'ignore' });
}
const ZIP = path.join(BASE, 'arch.zip');

/** Every entry under WS with what identifies its state (a change of any part is a write); git's own store aside. */
function snapshot(dir = WS, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    if (name === '.git') continue;
    const full = path.join(dir, name);
    const s = lstatSync(full);
    out.set(full, [s.isDirectory() ? 'dir' : 'file', s.ino, s.size, s.mode, s.mtimeMs, s.ctimeMs, s.nlink].join(':'));
    if (s.isDirectory()) snapshot(full, out);
  }
  return out;
}

/** What the line changed under WS: each path, and whether it was a directory before. */
function changedBy(source: string, setup: () => void = freshTree): { path: string; wasDirectory: boolean }[] {
  setup();
  const before = snapshot();
  try {
    execFileSync('bash', ['--norc', '--noprofile', '-c', source], { cwd: WS, timeout: 10_000, stdio: 'ignore', env: { PATH: '/usr/bin:/bin', HOME: BASE, LC_ALL: 'C.UTF-8' } });
  } catch (error) {
    // Killed at the timeout; a program that crashes (zstd -o DIR segfaults) has still done what it did.
    if ((error as { signal?: string }).signal === 'SIGTERM') throw new Error(`bash did not finish: ${JSON.stringify(source)}`);
  }
  const after = snapshot();
  const changed: string[] = [];
  for (const [p, state] of after) if (before.get(p) !== state) changed.push(p);
  for (const p of before.keys()) if (!after.has(p)) changed.push(p);
  // A directory whose entries came or went changes with them: that is the entry's write.
  return changed
    .filter((p) => !(before.has(p) && after.has(p) && lstatSync(p).isDirectory() && changed.some((q) => path.dirname(q) === p)))
    .map((p) => ({ path: p, wasDirectory: before.get(p)?.startsWith('dir:') === true }));
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
  // From the top of git's work tree, which is taken to be no higher than WS (the workspace root), as the engine does.
  for (const { dir, path: rest } of found.fromTop) {
    const c = canonicalPath(dir, { cwd: WS, home: BASE, resolveSymlinks: false, caseInsensitive: false });
    if (c.ok) for (const top of directoriesUpTo(c.path, WS)) out.push(rest === '' ? top : path.join(top, rest));
  }
  return out;
}

/**
 * A change is covered by a written path it is, or is inside. A directory that was there
 * before is covered by a written path inside it: writing there changes the directory (even
 * a temporary file), and `git rm` removes a directory its last file leaves empty.
 */
const covered = ({ path: p, wasDirectory }: { path: string; wasDirectory: boolean }, written: string[]) =>
  written.some((w) => p === w || p.startsWith(w === '/' ? '/' : `${w}/`) || (wasDirectory && w.startsWith(`${p}/`)));

// `{n}`: a name from NAMES; everything else is the program's own syntax.
const TEMPLATES = [
  'rm -f {n} {n}', 'rm -rf {n}', 'rm -- {n}', 'cp {n} {n}', 'cp -r {n} {n}', 'cp -t {n} {n}', 'cp -rt {n} {n}',
  'cp --target-directory {n} {n}', 'mv {n} {n}', 'mv -t {n} {n}', 'ln -s {n} {n}', 'ln -f {n} {n}', 'link {n} {n}', 'mkfifo {n}', 'mkfifo -m 600 {n}', 'touch {n}',
  'touch -d 2020-01-01 {n}', 'touch -r {n} {n}', 'touch -c {n} {n}', 'mkdir -p {n}', 'mkdir -m 700 {n}', 'mkdir -pm 700 {n}',
  'tee {n} < /dev/null', 'tee -a {n} {n} < /dev/null', 'truncate -s 0 {n}', 'truncate -r {n} {n}', 'sort -o {n} {n}',
  'sort -k 2 -o {n} {n}', 'sort -u {n} -o {n}', 'sort -t , -k 1 {n} -o{n}', 'uniq {n} {n}', 'uniq -c {n} {n}',
  'chmod 600 {n}', 'chmod -R 700 {n}', 'chmod --reference={n} {n}', 'install -m 644 {n} {n}', 'install -t {n} {n}',
  'shred -n 1 {n}', 'shred -n 1 -u {n}', 'sed -i -e 1d {n}', 'sed -i 1d {n}', 'sed -n -i p {n}', 'sed -i.bak 1d {n}', "sed -i 's/x/z/w {n}' {n}", "sed -n 'w {n}' {n}", "awk '{print > \"{n}\"}' {n}", 'sed -i -e s/x/z/g {n}', "sed -i'bk_*' 1d {n}", 'sed -ie 1d {n}', "perl -pi -e 's/x/z/' {n} {n}", "perl -i.orig -pe 's/x/z/' {n}",
  'dd if={n} of={n} status=none', 'xxd {n} {n}', 'head -n 1 {n}', 'tail -n 1 {n} {n}', 'cat {n} {n}', 'wc -l {n}',
  'grep -e x {n} {n}', "awk -F , '{print}' {n}", 'base64 {n}', 'diff {n} {n}', 'cd d1 && touch {n}', 'cd d1 && rm -f {n} {n}',
  // downloads from file: URLs (no network): the files curl names after the URL land in the working directory
  'curl -s -o {n} file://{ws}/a', 'curl -sO file://{ws}/b', 'curl -s --output-dir d1 -O file://{ws}/c', 'curl -s -D hdr -o {n} file://{ws}/a',
  'curl -s file://{ws}/a -o {n}', 'cd d1 && curl -sO file://{ws}/x',
  // curl's own files: C source, caches, the ETag
  'curl -s --libcurl {n} -o /dev/null file://{ws}/a', 'curl -s --hsts {n} --alt-svc {n} --etag-save {n} -o /dev/null file://{ws}/a', 'curl -s --etag-compare {n} -o {n} file://{ws}/a',
  // tar, old-style and dashed: the archive written or read, members put in, or extracted here or in -C's directory
  'tar cf {n} {n} {n}', 'tar -cf {n} {n}', 'tar czf new.tgz {n}', 'tar xf arch.tar', 'tar -xf arch.tar {n}', 'tar -xf arch.tar -C {n}',
  'tar -C d1 -xf ../arch.tar', 'tar tf arch.tar', 'tar --create --file={n} {n}', 'tar -rf arch.tar {n}', 'tar xvf arch.tar --keep-old-files',
  // find: what its actions write, and what -delete removes under the starting points
  'find . -maxdepth 1 -fprint {n}', 'find {n} -maxdepth 0 -fls {n}', 'find . -name {n} -delete', 'find {n} -newer {n} -fprint {n}',
  "find . -maxdepth 1 -fprintf {n} '%p'", 'cd d1 && find . -fprint {n}', 'find {n} -type f -delete',
  'find {n} -maxdepth 0 -fprint {n}', 'find -L {n} -maxdepth 1 -fprint0 {n} -fls {n}',
  // with no starting point, find searches `.`
  'find -name {n} -delete', 'cd d1 && find -name {n} -delete', 'find -type f -name {n} -exec rm {} +',
  // unzip: into the working directory or -d's
  'unzip -q -o arch.zip', 'unzip -q -o arch.zip -d {n}', 'unzip -l arch.zip', 'unzip -q -o arch.zip {n} {n}', 'cd d1 && unzip -q -o ../arch.zip',
  'unzip -qo arch.zip -x {n}',
  // compressors: the file replaced by its compressed or decompressed twin, or a twin beside it
  'gzip {n}', 'gzip -k {n} {n}', 'gzip -S .zz {n}', 'gzip -f {n} && gunzip -f {n}.gz', 'gzip -k {n} && gzip -dkf {n}.gz', 'gzip -c {n} > {n}',
  'bzip2 -k {n}', 'bzip2 -f {n} && bunzip2 {n}.bz2', 'xz -f {n}', 'xz -k -S .q {n} && unxz -f -S .q {n}.q', 'zstd -q {n}', 'zstd -q -f -o {n} {n}',
  'zstd -q --rm {n} && zstd -dq {n}.zst', 'lz4 -q {n}', 'lz4 -q -f {n} {n}', 'zcat arch.zip', 'cd d1 && gzip {n}',
  // zip: the archive; patch: the files it names, or the file it is given, and their backups and rejects
  'zip -q {n} {n} {n}', 'zip -qr out.zip {n}', 'zip -q {n}.zip {n} -x {n}', 'patch -s -p1 < fix.diff', 'patch -s -p1 -i fix.diff',
  'patch -s -b -p1 -i fix.diff', 'patch -s {n} < one.diff', 'patch -s -b {n} one.diff', 'patch -s -o {n} {n} one.diff', 'patch -s -d d1 -p2 < fix.diff',
  'patch --dry-run -s -p1 < fix.diff', 'iconv -f latin1 -t utf-8 {n} -o {n}', 'jq . {n}', 'paste {n} {n}', 'sha512sum {n}',
  // scp between local paths copies as cp does
  'scp -q {n} {n}', 'scp -qr {n} {n}', 'scp -q {n} {n} {n}', 'cd d1 && scp -q {n} ../{n}',
  // a program's script opens its files where the program runs; the shell's redirections, where the shell is
  "env -C d1 sed -n 'w {n}' a", "env -C d1 awk '{print > \"{n}\"}' a", 'env -C d1 cat a > {n}', 'git -C d1 status > {n}',
  // wrappers that write a file of their own: time's report, flock's lock file (created when missing)
  'env time -o {n} true', 'env time --output={n} -a true', 'flock {n} true', 'flock -w 1 {n} true', 'env -C d1 flock {n} true',
  "flock -c true {n}", "flock -w 1 {n} -c true", "script -qc true {n} < /dev/null", "script -qec true < /dev/null", "script -q -c true -O {n} < /dev/null",
  // long options abbreviated (getopt_long takes any unambiguous prefix), and options whose value is optional
  'cp --target-dir {n} {n}', 'mv --t={n} {n}', 'install --target-dir {n} {n}', 'sort --out {n} {n}', 'sed --i 1d {n}', 'sed --expr=1d -i {n}',
  'sed -n --expr=p --in-pl=.bak {n}', 'touch --ref {n} {n}', 'truncate --si 0 {n}', 'iconv -f latin1 -t utf-8 --out {n} {n}', 'tar --extr -f arch.tar',
  'tar -cf {n} --listed {n} {n}', 'tar --direc=d1 -xf ../arch.tar', 'env --ch=d1 touch {n}', 'env --ch d1 rm -f {n}', 'unshare --w=d1 touch {n}',
  'uniq --all-repeated {n} {n}', 'uniq --group {n} {n}', 'mkdir --context {n}', 'xxd -len 10 {n} {n}', 'xxd -ps {n} {n}', 'xxd -cols 4 {n} {n}',
  'tar -cf {n} --checkpoint {n}',
  // operands that look read but are written: moved into an archive, removed after copying, linked, made directories, edited in place
  'zip -qm {n}.zip {n}', 'zip -q --move {n} {n} {n}', 'tar -cf {n}.tar --remove-files {n}', 'rsync -r --remove-source-files {n} {n}', 'cp -l {n} {n}',
  'cp --link {n} {n}', 'cp -s {n} {n}', 'install -d {n} {n}', 'install -m 700 -d {n} {n} {n}', 'gawk -i inplace 1 {n} {n}', "gawk --include=inplace '{print}' {n}",
  'gawk -d{n} 1 {n}', 'gawk -d 1 {n}', 'gawk -W profile={n} 1 {n}', 'gawk -Wdump-variables 1 {n}', 'gawk -W include=inplace 1 {n}', 'gawk --prof={n} 1 {n}', 'gawk -p -v x=1 1 {n}', 'gawk --dump-variables={n} 1 {n}', 'gawk -o{n} 1 {n}', 'ruby -i -pe 1 {n} {n}',
  'ruby -pi.bak -e 1 {n}', 'tree -o {n} {n}', 'tree -n -o {n}', 'tree {n} > /dev/null', 'rsync -a {n} {n}',
];
const NAMES = ['a', 'b', 'c', '5', 'ref', '644', 'x', 'new', 'd1', 'd1/a', 'new2'];

/** Lines from templates, each `{n}` a name from NAMES, `{ws}` the scratch tree. */
const linesFrom = (templates: readonly string[]) =>
  fc.tuple(fc.constantFrom(...templates), fc.array(fc.constantFrom(...NAMES), { minLength: 3, maxLength: 3 })).map(([template, names]) => {
    let k = 0;
    return template.replace(/\{n\}/g, () => names[k++ % names.length]!).replace(/\{ws\}/g, WS);
  });

const RUNS = process.env.OPS_RUNS ? { numRuns: Number(process.env.OPS_RUNS) } : { numRuns: 250, seed: 20261130 };

const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t', GIT_CONFIG_NOSYSTEM: '1', HOME: BASE, PATH: '/usr/bin:/bin' };

/** The scratch tree as a git checkout: everything committed, then two files changed. */
function gitTree(): void {
  freshTree();
  execFileSync('bash', ['-c', 'git init -q . && git add -A && git commit -qm base && echo changed >> a && echo changed >> d1/a && echo untracked > new2'], { cwd: WS, stdio: 'ignore', env: GIT_ENV });
}

const GIT_TEMPLATES = [
  'git rm -q {n}', 'git rm -rf {n}', 'git rm --cached -q {n}', 'git mv {n} {n}', 'git mv -k {n} {n}', 'git restore {n}',
  'git restore --source HEAD {n} {n}', 'git restore -s HEAD {n}', 'git checkout -- {n}', 'git checkout -q HEAD -- {n} {n}',
  'git -C d1 restore a', 'cd d1 && git restore {n}', 'git checkout {n}',
  'git diff --output={n}', 'git log -1 --output {n}', 'git show --output={n} HEAD', 'git format-patch -1 HEAD', 'git format-patch -1 -o {n} HEAD',
  'git format-patch -1 --stdout HEAD',
  // the reading subcommands write only their --output, also from another directory
  'git log -1 --output {n} -- {n}', 'git -C d1 diff --output {n}', 'git -C d1 show --output=../{n} HEAD', 'git -C d1 diff --output={n} -- {n}',
  'git status --short {n} > {n}', 'git blame {n}', 'git -C d1 ls-files {n}',
  // the work tree rewritten with files the line does not name
  'git apply fix.diff', 'git apply --check fix.diff', 'git apply --stat fix.diff', 'git stash -q', 'git stash list', 'git stash -q && git stash pop -q',
  'git reset -q --hard', 'git reset -q HEAD {n}', 'git clean -fdq', 'git clean -fdq {n}', 'git clean -nd', 'git switch -q -c topic',
  'git switch -q -c topic && git reset -q --hard HEAD && git switch -q -', 'git clone -q . {n}', 'git revert --no-edit HEAD', 'cd d1 && git clean -fdq',
  // from a subdirectory: the whole work tree from its top, and magic pathspecs that name the top's files
  'cd d1 && git stash -q', 'git -C d1 reset -q --hard', 'cd d1 && git stash -q && git -C d1 stash pop -q', 'env -C d1 git checkout -q HEAD',
  'git -C d1 checkout-index -a -f', 'cd d1 && git read-tree -u --reset HEAD', 'cd d1 && git sparse-checkout set d1', 'git -C d1 checkout -q -f HEAD',
  'cd d1 && git restore :/{n}', "cd d1 && git restore ':(top){n}'", 'git -C d1 checkout -- :/{n}', 'git -C d1 clean -fq :/', 'cd d1 && git rm -rfq :/{n}',
  "git -C d1 clean -fdq ':(top)'", 'cd d1 && git restore :{n}',
  // files only these git subcommands name
  'git archive -o {n} HEAD', 'git archive --output={n}.zip HEAD', 'git merge-file {n} {n} {n}', 'git merge-file -p {n} {n} {n}', 'git bundle create {n} HEAD',
  'git worktree add -q {n}', 'git worktree add -q --detach {n} HEAD',
];

/**
 * Runs random lines in fresh trees (`setup`, after `prelude` lines the checks do not see) and
 * checks every change is covered by a written path; returns how many changes there were.
 */
function everyChangeWritten(lines: fc.Arbitrary<string>, runs: fc.Parameters<[string]>, setup: () => void = freshTree, prelude = ''): number {
  let changes = 0;
  fc.assert(
    fc.property(lines, (source) => {
      const written = writtenPaths(source);
      for (const change of changedBy(prelude + source, setup)) {
        changes++;
        expect(covered(change, written), `${JSON.stringify(source)} changed ${change.path}; written: ${JSON.stringify(written)}`).toBe(true);
      }
    }),
    runs,
  );
  return changes;
}

describe('file operands against the real programs', () => {
  it('sees as written every file a program created, changed or removed', () => {
    // The property means something: the programs did write.
    expect(everyChangeWritten(linesFrom(TEMPLATES), RUNS)).toBeGreaterThan(100);
  }, 300_000);

  it('sees as written every file git changed in the work tree (restore, rm, mv, checkout, apply, stash, reset, clean, switch, clone, revert)', () => {
    const prelude = 'export GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t\n';
    expect(everyChangeWritten(linesFrom(GIT_TEMPLATES), { ...RUNS, numRuns: Math.ceil(RUNS.numRuns / 3) }, gitTree, prelude)).toBeGreaterThan(20);
  }, 300_000);
});
