// What `git grep` reads (facts/operands/trees.ts gitGrepTrees, engine/git-index.ts), against
// real git: random repositories (index versions 2, 3 and 4, SHA-1 and SHA-256, a linked work
// tree whose `.git` is a file), random files tracked or not, run from the top or below, with
// and without pathspecs, `-C` and `--untracked`. Whenever the engine allows the command, the
// files git grep matches in (`-l`, every file holds the pattern) must hold no forbidden one.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { trackedFiles } from '../../src/engine/git-index.js';
import { decide, setFrom } from './helpers.js';

const HAS_GIT = spawnSync('git', ['--version']).status === 0;
const base = mkdtempSync(path.join(tmpdir(), 'toolwarden-gitgrep-'));
const home = path.join(base, 'home');
mkdirSync(home);
afterAll(() => rmSync(base, { recursive: true, force: true }));

// Two long names: in index version 4 the second cuts more than 127 bytes of the first (a two-byte number).
const FILES = ['a.txt', 'k.pem', 'd/b.txt', 'd/k.pem', 'd/e/c.txt', 'd/e/k.pem', '.h/k.pem', 'n/k.pem', `${'l'.repeat(140)}/a.txt`, `${'m'.repeat(140)}/k.pem`];
const FORBIDDEN = /(^|\/)k\.pem$/;
const COMMANDS: ((sub: string) => string[])[] = [
  () => ['grep', '-l', 'KEY'],
  () => ['grep', '-l', 'KEY', '--', 'd'],
  (sub) => ['-C', sub === '' ? 'd' : '..', 'grep', '-l', 'KEY'],
  () => ['--no-pager', 'grep', '-l', 'KEY', '--', 'd/e'],
  () => ['grep', '--untracked', '-l', 'KEY'],
  () => ['grep', '-l', '-e', 'KEY', '--', '.'],
];
const env = { PATH: process.env.PATH, HOME: home, GIT_CONFIG_NOSYSTEM: '1' };
const git = (cwd: string, args: string[]) => spawnSync('git', args, { cwd, encoding: 'utf8', env, timeout: 10_000 });

let run = 0;

describe('git grep reading the files git tracks, against git', () => {
  it.skipIf(!HAS_GIT)('reads the index as git ls-files lists it, in every version and hash', () => {
    for (const version of ['2', '3', '4']) {
      for (const sha256 of [false, true]) {
        const repo = path.join(base, `index-${version}-${sha256}`);
        mkdirSync(repo);
        git(repo, ['init', '-q', ...(sha256 ? ['--object-format=sha256'] : [])]);
        for (const f of [...FILES, 'sp ace/ü.txt']) {
          mkdirSync(path.dirname(path.join(repo, f)), { recursive: true });
          writeFileSync(path.join(repo, f), 'KEY\n');
        }
        git(repo, ['add', '.']);
        // An intent-to-add entry sets version 3's extended flags.
        writeFileSync(path.join(repo, 'later.txt'), 'x\n');
        git(repo, ['add', '-N', 'later.txt']);
        git(repo, ['update-index', '--index-version', version]);
        const listed = git(repo, ['ls-files', '-z']).stdout.split('\0').filter(Boolean).sort();
        const read = trackedFiles(path.join(repo, 'd'));
        expect(typeof read === 'object' && read !== undefined ? read.top : read, `${version} ${sha256}`).toBe(repo);
        expect((read as { paths: string[] }).paths.slice().sort(), `${version} ${sha256}`).toEqual(listed);
      }
    }
  });

  it.skipIf(!HAS_GIT)('never matches in a forbidden file in a command the engine allows', async () => {
    const set = await setFrom(`version: 1\nid: t\nworkspace: { root: ${base}, only: false }\npaths:\n  forbidden: ["**/k.pem"]\n`, { home });
    let allowedWithForbidden = 0;
    let denied = 0;
    fc.assert(
      fc.property(
        fc.record({
          tracked: fc.subarray(FILES),
          untracked: fc.subarray(FILES),
          version: fc.constantFrom('2', '3', '4'),
          sha256: fc.boolean(),
          worktree: fc.boolean(),
          sub: fc.constantFrom('', 'd'),
          command: fc.nat({ max: COMMANDS.length - 1 }),
        }),
        (spec) => {
          const repo = path.join(base, `run${run++}`);
          mkdirSync(repo);
          git(repo, ['init', '-q', ...(spec.sha256 ? ['--object-format=sha256'] : [])]);
          for (const f of spec.tracked) {
            mkdirSync(path.dirname(path.join(repo, f)), { recursive: true });
            writeFileSync(path.join(repo, f), 'KEY\n');
          }
          if (spec.tracked.length > 0) git(repo, ['add', ...spec.tracked]);
          let top = repo;
          if (spec.worktree) {
            git(repo, ['-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-q', '--allow-empty', '-m', 'i']);
            top = `${repo}-wt`;
            git(repo, ['worktree', 'add', '-q', top]);
          }
          git(top, ['update-index', '--index-version', spec.version]);
          for (const f of spec.untracked) {
            mkdirSync(path.dirname(path.join(top, f)), { recursive: true });
            writeFileSync(path.join(top, f), 'KEY\n');
          }
          mkdirSync(path.join(top, 'd', 'e'), { recursive: true });
          const cwd = path.join(top, spec.sub);
          const args = COMMANDS[spec.command]!(spec.sub);
          const matched = git(cwd, args).stdout.split('\n').filter((f) => FORBIDDEN.test(f));
          const decision = decide(set, { toolName: 'exec', params: { command: ['git', ...args].join(' ') }, cwd }).decision;
          if (decision !== 'allow') {
            denied++;
            return;
          }
          if ([...spec.tracked, ...spec.untracked].some((f) => FORBIDDEN.test(f))) allowedWithForbidden++;
          expect(matched, `git ${args.join(' ')} in ${spec.sub || '.'}: ${JSON.stringify(spec)}`).toEqual([]);
        },
      ),
      { numRuns: 120 },
    );
    // Not vacuous: some are refused, and many repositories holding a forbidden file git grep does not read are allowed.
    expect(denied).toBeGreaterThan(10);
    expect(allowedWithForbidden).toBeGreaterThan(10);
  }, 180_000);
});

// Red team gprt: each of these made git grep print a forbidden file while the engine allowed it.
describe('git grep bypasses found by red team gprt, against git', () => {
  const commit = (cwd: string) => git(cwd, ['-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-q', '-m', 'i']);
  const make = (dir: string, files: string[]) => {
    for (const f of files) {
      mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      writeFileSync(path.join(dir, f), 'KEY\n');
    }
  };
  const check = async (cwd: string, args: string[]) => {
    const set = await setFrom(`version: 1\nid: t\nworkspace: { root: ${base}, only: false }\npaths:\n  forbidden: ["**/k.pem", "**/secrets/**"]\n`, { home });
    const printed = git(cwd, args).stdout;
    const decision = decide(set, { toolName: 'exec', params: { command: ['git', ...args].map((w) => (/^[\w./=-]+$/.test(w) ? w : `'${w}'`)).join(' ') }, cwd }).decision;
    return { printed, decision };
  };

  it.skipIf(!HAS_GIT)('pathspecs above where it runs (`:/`, `:(top)`, `..` without `--`) read the whole repository', async () => {
    const repo = path.join(base, 'gprt-top');
    mkdirSync(repo);
    git(repo, ['init', '-q']);
    make(repo, ['k.pem', 'sub/a.txt']);
    git(repo, ['add', '.']);
    for (const args of [['grep', 'KEY', ':/'], ['grep', 'KEY', '--', ':/'], ['grep', 'KEY', '..'], ['grep', 'KEY', '--', ':(top)'], ['grep', '-e', 'KEY', path.join(repo)]]) {
      const { printed, decision } = await check(path.join(repo, 'sub'), args);
      expect(printed, args.join(' ')).toContain('k.pem');
      expect(decision, args.join(' ')).toBe('deny');
    }
  });

  it.skipIf(!HAS_GIT)('`--un` (an abbreviation of --untracked) reads untracked files', async () => {
    const repo = path.join(base, 'gprt-un');
    mkdirSync(repo);
    git(repo, ['init', '-q']);
    make(repo, ['a.txt']);
    git(repo, ['add', '.']);
    make(repo, ['k.pem']);
    const { printed, decision } = await check(repo, ['grep', '--un', 'KEY']);
    expect(printed).toContain('k.pem');
    expect(decision).toBe('deny');
  });

  it.skipIf(!HAS_GIT)('the repository is found from where git runs: an empty `.git` below, or a nested repository, is not it', async () => {
    const repo = path.join(base, 'gprt-nested');
    mkdirSync(repo);
    git(repo, ['init', '-q']);
    make(repo, ['sub/k.pem', 'inner/k.pem']);
    git(repo, ['add', '.']);
    mkdirSync(path.join(repo, 'sub', '.git'));
    git(path.join(repo, 'inner'), ['init', '-q']);
    for (const [cwd, args] of [[path.join(repo, 'sub'), ['grep', 'KEY']], [repo, ['grep', 'KEY', '--', 'sub']], [repo, ['grep', 'KEY', '--', 'inner']]] as const) {
      const { printed, decision } = await check(cwd, [...args]);
      expect(printed, args.join(' ')).toContain('k.pem');
      expect(decision, args.join(' ')).toBe('deny');
    }
  });

  it.skipIf(!HAS_GIT)('a work tree elsewhere (`core.worktree`, `--git-dir`, a bare-looking directory) is refused', async () => {
    const secrets = path.join(base, 'gprt-wt', 'secrets');
    make(secrets, ['a.txt']);
    const repo = path.join(base, 'gprt-wt', 'repo');
    mkdirSync(repo);
    git(repo, ['init', '-q']);
    make(repo, ['a.txt']);
    git(repo, ['add', '.']);
    commit(repo);
    git(repo, ['config', 'core.worktree', secrets]);
    const other = path.join(base, 'gprt-wt', 'other');
    mkdirSync(other);
    const bare = path.join(base, 'gprt-wt', 'bare');
    git(path.join(base, 'gprt-wt'), ['init', '-q', '--bare', 'bare']);
    git(bare, ['config', 'core.bare', 'false']);
    git(bare, ['config', 'core.worktree', secrets]);
    spawnSync('git', ['add', 'a.txt'], { cwd: bare, env: { ...env, GIT_DIR: bare, GIT_WORK_TREE: secrets } });
    mkdirSync(path.join(bare, 'sub'));
    for (const [cwd, args] of [[repo, ['grep', 'KEY']], [other, ['--git-dir=../repo/.git', 'grep', 'KEY']], [path.join(bare, 'sub'), ['grep', 'KEY']]] as const) {
      const { printed, decision } = await check(cwd, [...args]);
      expect(printed, `${cwd} ${args.join(' ')}`).toContain('a.txt');
      expect(decision, `${cwd} ${args.join(' ')}`).toBe('deny');
    }
  });

  it.skipIf(!HAS_GIT)('a submodule is read whole (`submodule.recurse` in any config makes git grep read it)', async () => {
    const src = path.join(base, 'gprt-sm-src');
    mkdirSync(src);
    git(src, ['init', '-q']);
    make(src, ['k.pem']);
    git(src, ['add', '.']);
    commit(src);
    const outer = path.join(base, 'gprt-sm');
    mkdirSync(outer);
    git(outer, ['init', '-q']);
    make(outer, ['a.txt']);
    git(outer, ['add', '.']);
    git(outer, ['-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', src, 'sm']);
    commit(outer);
    git(outer, ['config', 'submodule.recurse', 'true']);
    const { printed, decision } = await check(outer, ['grep', 'KEY']);
    expect(printed).toContain('sm/k.pem');
    expect(decision).toBe('deny');
    // Inside the submodule, its gitdir's core.worktree names its own top: read as usual.
    expect((await check(path.join(outer, 'sm'), ['grep', 'KEY', '--', 'none'])).decision).toBe('allow');
  });
});
