// Directory changes against the real bash: random command lines of `cd`, `pushd`, `popd` and
// commands with relative arguments run in a small tree, with recording stand-ins that write
// their working directory and argv. Every file bash's commands were pointed at (the working
// directory joined with a relative argument) must be among the paths commandLinePaths gives
// for the line, made canonical against the call's cwd: a `cd` never moves a path out of sight,
// and no way of writing an argument (quotes, braces, `~`, `$HOME`, `k=v`, `u@h:p`) hides one;
// every file bash creates for a redirection is among them too.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandLinePaths } from '../../src/facts/command-line-paths.js';
import { canonicalPath } from '../../src/facts/paths.js';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';

const BASE = mkdtempSync(path.join(tmpdir(), 'toolwarden-cd-'));
const BIN = path.join(BASE, 'bin');
const CWD = path.join(BASE, 'ws');
const HOME = path.join(BASE, 'home');
const OUT = path.join(BASE, 'out');

// A stand-in records its working directory, then its arguments, separated by \x1f.
const RECORD = `s="$PWD"$'\\x1f'; for a in "$@"; do s+="$a"$'\\x1f'; done; printf '%s' "$s" > "$(/usr/bin/mktemp "$OUT/run.XXXXXXXX")"`;

beforeAll(async () => {
  await initShellParser();
  for (const dir of [BIN, path.join(CWD, 'a', 'b'), path.join(CWD, 'a', 'a'), path.join(CWD, 'c'), HOME, OUT]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(BIN, 'zq1'), `#!/bin/bash\n${RECORD}\n`, { mode: 0o755 });
  // A program named cd, as some systems ship: run by \`env cd\` or after \`enable -n cd\`, it
  // succeeds without moving the shell.
  writeFileSync(path.join(BIN, 'cd'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
});
afterAll(() => rmSync(BASE, { recursive: true, force: true }));

/** Every file under BASE but the recorders' own: what redirections created. */
function createdFiles(dir = BASE): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (full === OUT || full === BIN) continue;
    if (entry.isDirectory()) out.push(...createdFiles(full));
    else out.push(full);
  }
  return out;
}

/** The working directory and argv (without the program) of every stand-in bash runs for `source`. */
function bashRuns(source: string): { pwd: string; args: string[] }[] {
  for (const f of readdirSync(OUT)) rmSync(path.join(OUT, f));
  for (const f of createdFiles()) rmSync(f);
  try {
    execFileSync('bash', ['--norc', '--noprofile', '-c', `exec 1>/dev/null 2>/dev/null\n${source}`], { cwd: CWD, timeout: 10_000, stdio: 'ignore', env: { PATH: `${BIN}:/usr/bin:/bin`, HOME, OUT, LC_ALL: 'C.UTF-8' } });
  } catch (error) {
    if ((error as { signal?: string }).signal) throw new Error(`bash did not finish: ${JSON.stringify(source)}`);
  }
  return readdirSync(OUT).map((f) => {
    const [pwd, ...args] = readFileSync(path.join(OUT, f), 'utf8').split('\x1f').slice(0, -1);
    return { pwd: pwd!, args };
  });
}

/** Every path commandLinePaths names for `source` (raws and bare names), made canonical against CWD. */
function ourPaths(source: string): Set<string> | 'unplaceable' {
  const found = commandLinePaths(parseShell(source));
  if (found.unplaceable !== undefined) return 'unplaceable';
  const out = new Set<string>();
  for (const raw of [...found.raws, ...found.names]) {
    const c = canonicalPath(raw, { cwd: CWD, home: HOME, resolveSymlinks: false, caseInsensitive: false });
    if (c.ok) out.add(c.path);
  }
  return out;
}

const DIRS = ['a', 'b', 'a/b', '..', '../ws/c', 'c', 'missing', '/', HOME, '~', './a'];
const STEP = fc.oneof(
  fc.constantFrom(...DIRS).map((d) => `cd ${d}`),
  fc.constantFrom(...DIRS).map((d) => `pushd ${d}`),
  fc.constantFrom('cd', 'cd -', 'popd', 'cd -P a', 'cd -- c'),
  // Steps that break an `&&` chain's one directory: a cd that runs wrapped, negated, or not as the builtin.
  fc.constantFrom('command cd a', 'builtin cd c', '! cd missing', '! cd a', 'enable -n cd', 'env cd a', 'x=1'),
  // Steps that move no directory of this shell: a cd in a subshell's substitution, pushd -n.
  fc.constantFrom('x=$(cd ..)', 'x=`cd a`', 'y=$(cd / && pwd)', 'pushd -n a', 'pushd -n /'),
  // Wrappers that run their command in another directory.
  fc.tuple(fc.constantFrom(...DIRS), fc.constantFrom('f', './f', '../g', '> h')).map(([d, f]) => `env -C ${d} zq1 ${f}`),
  fc.tuple(fc.constantFrom('a', 'c', '..'), fc.constantFrom('f', './f')).map(([d, f]) => `env --chdir=${d} nice -n 1 zq1 ${f}`),
  // Nested: each directory is changed into from the one before (an absolute one from /).
  fc.tuple(fc.constantFrom('a', '..', '/', HOME), fc.constantFrom('b', 'a', '..', '/', '~'), fc.constantFrom('f', './f', '> h')).map(([d, e, f]) => `env -C ${d} env -C ${e} zq1 ${f}`),
  fc.constantFrom('> f', '>> ./g', '> ../h', '2> b/k', '&> "s t"').map((r) => `zq1 ${r}`),
  fc.constantFrom('f', './f', '../f', 'b/f', 'a/../f', 'g.key', '"g h"', 'g\\ h', "'k l'/m", '{a,c}/f', 'x{1,2}', '~/f', '$HOME/f', '"$HOME"/g', 'k=v', '@f', 'u@h:p', 'q,r').map((f) => `zq1 ${f}`),
);
const JOIN = ['; ', ' && ', ' || ', '\n'];
const line = fc.array(fc.tuple(fc.constantFrom(...JOIN), STEP), { minLength: 1, maxLength: 6 }).chain((steps) =>
  fc.constantFrom(
    (s: string) => s,
    (s: string) => `(${s})`,
    (s: string) => `{ ${s}; }`,
    (s: string) => `${s}; zq1 h`,
    // Run twice: a relative `cd` inside goes deeper each time.
    (s: string) => `for i in 1 2; do ${s}; done; zq1 h`,
    (s: string) => `g() { ${s}; }; g; g; zq1 h`,
  ).map((wrap) => wrap(steps.map(([j, s], i) => (i === 0 ? s : j + s)).join(''))),
);

// Plain `&&` chains, where each command's one directory is followed exactly (ShellFacts.sequential).
const andChain = fc.array(STEP, { minLength: 2, maxLength: 6 }).map((steps) => steps.join(' && '));
const anyLine = fc.oneof(line, andChain);

const RUNS = process.env.CD_RUNS ? { numRuns: Number(process.env.CD_RUNS) } : { numRuns: 300, seed: 20261130 };

describe('commandLinePaths follows directory changes as bash does', () => {
  it('names every file a command was pointed at after cd, pushd and popd', () => {
    let pointed = 0;
    let lines = 0;
    let refused = 0;
    fc.assert(
      fc.property(anyLine, (source) => {
        lines++;
        const ours = ourPaths(source);
        // Past the bound on directory changes the line is refused (denied): the safe side.
        if (ours === 'unplaceable') {
          refused++;
          return;
        }
        const runs = bashRuns(source);
        // Files bash created for redirections are paths the line touches too.
        for (const file of createdFiles()) {
          pointed++;
          expect(ours, `${JSON.stringify(source)}: bash created ${file}`).toContain(file);
        }
        for (const run of runs) {
          // Options are not files; everything else may be.
          for (const arg of run.args.filter((a) => !a.startsWith('-'))) {
            const target = path.posix.resolve(run.pwd, arg);
            pointed++;
            expect(ours, `${JSON.stringify(source)}: bash pointed zq1 at ${target}`).toContain(target);
          }
        }
      }),
      RUNS,
    );
    expect(pointed).toBeGreaterThan(100);
    // Refused: past the bound, or a relative `cd` in a loop or a function (a third of the shapes).
    expect(refused / lines).toBeLessThan(0.35);
  }, 300_000);

  it('places each command of an `&&` chain in its one directory, and every command elsewhere in every directory', () => {
    const placed = (source: string) => {
      const found = commandLinePaths(parseShell(source));
      return [...found.raws, ...found.names].sort();
    };
    // The chain stops at a failed cd: what follows runs in src, nowhere else.
    // (`src` and `src/../docs`: the cd targets themselves, in the directory each cd ran in.)
    expect(placed('cd src && rm b.ts')).toEqual(['src', 'src/b.ts']);
    expect(placed('cat ./a && cd src && cat ./b && cd ../docs && cat c')).toEqual(['./a', 'src', 'src/../docs', 'src/../docs/c', 'src/./b']);
    // `;`, `||`, a group, `!`, a wrapped cd, `popd`, `cd -`, or a step that runs no command or several: every directory.
    for (const source of ['cd src; rm b.ts', 'cd src || rm b.ts', '(cd src && rm b.ts)', '! cd src && rm b.ts', 'env cd src && rm b.ts', 'command cd src && rm b.ts', 'cd src && popd && rm b.ts', 'cd src && cd - && rm b.ts', 'x=1 && cd src && rm b.ts', 'cd src && bash -c "ls; rm b.ts"', 'enable -n cd && cd src && rm b.ts']) {
      expect(placed(source), source).toContain('b.ts');
    }
  });

  it('reads a redirection target with a segment that may be `..` as `..` too (bash expands its wildcards)', () => {
    const placed = (source: string) => commandLinePaths(parseShell(source));
    // `shopt -u globskipdots` (or bash before 5.2): `cat < .?/x` reads ../x, `> .?/x` writes it.
    expect(placed('cat < .?/outside/passwd').raws).toEqual(expect.arrayContaining(['.?/outside/passwd', '../outside/passwd']));
    const out = placed('echo x > src/.?/a');
    expect(out.raws).toContain('src/../a');
    expect(out.written[out.raws.indexOf('src/../a')]).toBe(true);
    expect(placed('echo x > ./.gitignore').raws).toEqual(['./.gitignore']);
  });

  it('calls every command after a computed directory change unplaceable', () => {
    expect(commandLinePaths(parseShell('cd "$D" && cat ./x')).unplaceable).toContain('cd $D');
    expect(commandLinePaths(parseShell('cd ~other; cat a/b')).unplaceable).toContain('cd ~other');
    expect(commandLinePaths(parseShell('pushd +1; cat ./x')).unplaceable).toContain('pushd +1');
    // A bare name is relative too: `cd "$(echo /etc)" && cat passwd` reads /etc/passwd.
    expect(commandLinePaths(parseShell('cd "$(echo /etc)" && cat passwd')).unplaceable).toContain('cd $(echo /etc)');
    expect(commandLinePaths(parseShell('cd "$(git rev-parse --show-toplevel)" && npm test')).unplaceable).toBeDefined();
    // A command naming nothing relative may still work in its directory (red team 45): `make`
    // runs its Makefile, `grep -r x` reads `.`, `ls` lists it; `cd -` goes to the inherited $OLDPWD,
    // `cd $UNSET` to $HOME, `cd ${PWD:0:5}` to a part of the path.
    for (const source of ['cd "$D" && make', 'cd "$D" && cat /etc/hosts', 'cd - >/dev/null; grep -r x', 'cd $UNSET_VAR; ls', 'cd ${PWD:0:5}; grep -r x', 'make -C "$D"']) {
      expect(commandLinePaths(parseShell(source)).unplaceable, source).toBeDefined();
    }
    // A change alone leaves nothing to place.
    expect(commandLinePaths(parseShell('cd "$D"')).unplaceable).toBeUndefined();
    expect(commandLinePaths(parseShell('cd src && ls')).unplaceable).toBeUndefined();
  });

  it('touches the home directory a `cd` with no operand goes to', () => {
    for (const source of ['cd; grep -r x', 'cd -P; ls -la', 'cd -L; ls', 'cd --; ls', 'cd -P --; ls']) {
      expect(commandLinePaths(parseShell(source)).raws, source).toContain('~');
    }
    expect(commandLinePaths(parseShell('cd src; ls')).raws).not.toContain('~');
  });

  it('gives up past a bound on directory changes', () => {
    const many = Array.from({ length: 32 }, (_, i) => `cd d${i}`).join('; ');
    expect(commandLinePaths(parseShell(`${many}; cat ./x`)).unplaceable).toContain('more than 31 directories a `cd` may lead to');
  });

  it('refuses a command line with more names than it checks', () => {
    const words = Array.from({ length: 1100 }, (_, i) => `w${i}`).join(' ');
    expect(commandLinePaths(parseShell(`echo ${words}`)).unplaceable).toContain('more than 1024 names');
    expect(commandLinePaths(parseShell(`echo ${words.slice(0, 2000)}`)).unplaceable).toBeUndefined();
  });

  it('leaves the standard streams and the null device out', () => {
    const found = commandLinePaths(parseShell('npm test 2>/dev/null | tee /dev/stderr > /dev/fd/1; cat /dev/fd/3 > /dev/sda'));
    expect(found.raws).toEqual(['/dev/fd/3', '/dev/sda']);
  });
});
