// Where git finds its repository, against the real git: for each directory of a small tree
// (a work tree, repositories with and without a name that says so, half-made ones), git's own
// `rev-parse --absolute-git-dir` run there must agree with unnamedRepositoryAbove: it names the
// directory exactly when git takes one whose path has no `.git` or `NAME.git` segment. And
// the directories a command line runs git in, as commandLinePaths gives them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unnamedRepositoryAbove } from '../../src/facts/git-discovery.js';
import { commandLinePaths } from '../../src/facts/command-line-paths.js';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';

const hasGit = (() => {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const BASE = realpathSync(mkdtempSync(path.join(tmpdir(), 'toolwarden-git-')));
const WS = path.join(BASE, 'ws');

/** A directory git's test accepts as a repository: HEAD, objects/, refs/. */
function repositoryAt(dir: string): void {
  mkdirSync(path.join(dir, 'objects'), { recursive: true });
  mkdirSync(path.join(dir, 'refs', 'heads'), { recursive: true });
  writeFileSync(path.join(dir, 'HEAD'), 'ref: refs/heads/main\n');
}

beforeAll(async () => {
  await initShellParser();
  if (!hasGit) return;
  const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, stdio: 'ignore' });
  mkdirSync(path.join(WS, 'src', 'deep'), { recursive: true });
  git(WS, 'init', '-q', '.');
  repositoryAt(path.join(WS, 'planted'));
  mkdirSync(path.join(WS, 'planted', 'inner'), { recursive: true });
  mkdirSync(path.join(WS, 'cloned'), { recursive: true });
  git(path.join(WS, 'cloned'), 'init', '-q', '--bare', '.');
  mkdirSync(path.join(WS, 'mirror.git'), { recursive: true });
  git(path.join(WS, 'mirror.git'), 'init', '-q', '--bare', '.');
  // Half-made: no refs/, so git goes on up to the work tree's .git.
  mkdirSync(path.join(WS, 'half', 'objects'), { recursive: true });
  writeFileSync(path.join(WS, 'half', 'HEAD'), 'ref: refs/heads/main\n');
  // A work tree whose .git is a file naming a repository elsewhere (--separate-git-dir), and a
  // linked work tree (its gitfile names ws/.git/worktrees/wt: a repository by name).
  mkdirSync(path.join(BASE, 'sep', 'w'), { recursive: true });
  git(path.join(BASE, 'sep', 'w'), 'init', '-q', '--separate-git-dir', path.join(BASE, 'sep', 'p'));
  git(WS, '-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-q', '--allow-empty', '-m', 'x');
  git(WS, 'worktree', 'add', '-q', path.join(BASE, 'wt'));
  // A repository found through `commondir`: HEAD here, objects/ and refs/ in ../common.
  mkdirSync(path.join(BASE, 'cd', 'p', 'x'), { recursive: true });
  git(path.join(BASE, 'cd'), 'init', '-q', '--bare', 'common');
  writeFileSync(path.join(BASE, 'cd', 'p', 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(path.join(BASE, 'cd', 'p', 'commondir'), '../common\n');
  // A tree with no work tree above it at all, a repository below.
  repositoryAt(path.join(BASE, 'loose', 'r'));
  mkdirSync(path.join(BASE, 'loose', 'r', 'x'), { recursive: true });
  mkdirSync(path.join(BASE, 'loose', 'plain'), { recursive: true });
});
afterAll(() => rmSync(BASE, { recursive: true, force: true }));

/** The repository git takes in `dir`, or undefined when it finds none. */
function gitsRepository(dir: string): string | undefined {
  try {
    const env = { ...process.env, GIT_CEILING_DIRECTORIES: '', GIT_DIR: undefined, GIT_WORK_TREE: undefined };
    return realpathSync(execFileSync('git', ['rev-parse', '--absolute-git-dir'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim());
  } catch {
    return undefined;
  }
}

describe.skipIf(!hasGit)('unnamedRepositoryAbove against git', () => {
  const dirs = ['ws', 'ws/src', 'ws/src/deep', 'ws/.git', 'ws/planted', 'ws/planted/inner', 'ws/planted/refs/heads', 'ws/cloned', 'ws/cloned/refs', 'ws/mirror.git', 'ws/mirror.git/objects', 'ws/half', 'ws/half/objects', 'loose/r', 'loose/r/x', 'loose/plain', 'sep/w', 'wt', 'cd/p', 'cd/p/x'];
  it.each(dirs)('%s', (dir) => {
    const at = path.join(BASE, dir);
    const taken = gitsRepository(at);
    const expected = taken !== undefined && !/\.git(?:\/|$)/i.test(taken) ? taken : undefined;
    expect(unnamedRepositoryAbove(at)).toBe(expected);
  });

  it('the layouts cover each answer', () => {
    // Planted, cloned bare and loose are found; the work tree, NAME.git and half-made are not.
    expect(unnamedRepositoryAbove(path.join(BASE, 'ws/planted/inner'))).toBe(path.join(WS, 'planted'));
    expect(unnamedRepositoryAbove(path.join(BASE, 'ws/cloned'))).toBe(path.join(WS, 'cloned'));
    expect(unnamedRepositoryAbove(path.join(BASE, 'ws/half'))).toBeUndefined();
    expect(unnamedRepositoryAbove(path.join(BASE, 'ws/mirror.git'))).toBeUndefined();
    expect(unnamedRepositoryAbove(path.join(BASE, 'sep/w'))).toBe(path.join(BASE, 'sep/p'));
    expect(unnamedRepositoryAbove(path.join(BASE, 'wt'))).toBeUndefined();
    expect(unnamedRepositoryAbove(path.join(BASE, 'cd/p/x'))).toBe(path.join(BASE, 'cd/p'));
    // From a file's path (a git tool naming one): no `.git` below a file, and the walk goes on up.
    expect(unnamedRepositoryAbove(path.join(BASE, 'ws/planted/HEAD'))).toBe(path.join(WS, 'planted'));
    expect(unnamedRepositoryAbove(path.join(BASE, 'ws/planted/HEAD/x'))).toBe(path.join(WS, 'planted'));
  });
});

describe('the directories a command line runs git in', () => {
  const runs = (source: string) => {
    const facts = parseShell(source);
    const found = commandLinePaths(facts);
    return { dirs: found.gitRuns, unknown: found.gitRunsUnknown };
  };
  it('follows cd, git -C, wrappers, and other programs that run git', () => {
    expect(runs('git log -p').dirs).toEqual(['']);
    expect(runs('cd a && git log').dirs).toEqual(['a']);
    expect(runs('git -C b show HEAD').dirs).toEqual(['b']);
    expect(runs('env -C c git status').dirs).toEqual(['c']);
    // Without &&, each `cd` may have failed: every directory the line may be in.
    expect(runs('cd a; cd b; tig').dirs).toEqual(['', 'a', 'b', 'a/b']);
    expect(runs('ls && npm test').dirs).toEqual([]);
    // Through a link the line makes: its target too.
    expect(runs('ln -s x p && git -C p log').dirs).toEqual(['p', 'x']);
  });
  it('says when one cannot be read before the line runs', () => {
    expect(runs('tar xf a.tgz && git -C a log -p').unknown).toMatch(/`tar xf a.tgz` puts files on disk no word names/);
    expect(runs('git log && tar xf a.tgz').unknown).toBeUndefined();
    expect(runs('cp -r x p && git -C p log -p').unknown).toMatch(/`cp -r x p` puts `p` at or above where git then runs/);
    expect(runs('mv x p/q && cd p && git log').unknown).toBeUndefined();
    expect(runs('mv x p && cd p/q && git log').unknown).toMatch(/`mv x p` puts `p`/);
    // A HEAD put where git looks; a bare repository made; a work tree from commits, then git below.
    expect(runs('cp -t p x/HEAD && git -C p log').unknown).toMatch(/`cp -t p x\/HEAD` puts/);
    expect(runs('git init --bare p && git -C p status').unknown).toMatch(/`git init --bare p` puts `p`/);
    // Not read: a checkout bringing a repository's files from commits (a known gap; it would refuse everyday monorepo lines).
    expect(runs('git checkout main && git -C packages/x status').unknown).toBeUndefined();
    expect(runs('find x -exec git -C {} log \\;').unknown).toMatch(/git runs in `\{\}`/);
    expect(runs('cp -r q r/../p8 && git -C p8 log').unknown).toMatch(/puts `r\/..\/p8`/);
    expect(runs('git clone --bar u p && git -C p log').unknown).toMatch(/puts `p`/);
    expect(runs('git init --separate-git-dir=../pw && git status').unknown).toMatch(/puts/);
    expect(runs('find x -execdir git log \\;').unknown).toMatch(/runs git in directories it finds/);
    expect(runs('git --bare log').unknown).toMatch(/git --bare/);
    // Everyday lines stay known: git's own writes, a plain clone, a checkout with git at the top, cd.
    for (const line of ['git add . && git commit -m x', 'git clone u p && cd p && git log', 'git checkout -b f && git status', 'cd src/a && git log', 'mkdir p && cd p && git init', 'echo x > a.txt && git add a.txt', 'cp src/a.ts out/ && git -C out status', 'git clone --bare u x.git && git -C x.git log', 'ls | xargs -I{} git add {}', 'git worktree add ../wt && cd ../wt && git status']) {
      expect(runs(line).unknown, line).toBeUndefined();
    }
    expect(runs('git log').unknown).toBeUndefined();
  });
});
