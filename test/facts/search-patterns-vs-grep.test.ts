// grep's and rg's pattern against the real programs: random argument lists of options this
// rule knows and some it does not (-e, -f, abbreviations, clusters, `--`, numbers), run under
// strace in a scratch directory where every operand is also a file. Whenever
// searchPatternsAt says a word is a pattern, the program must not open a file of that name:
// if it did, the word it exempts from the path checks would be a file read unchecked.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { searchPatternsAt, textWordsAt } from '../../src/facts/search-patterns.js';
import type { SimpleCommand } from '../../src/types.js';

const has = (program: string): boolean => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
// strace needs ptrace, which some containers refuse: then these tests skip, as for a missing program.
const TRACES = has('strace') && spawnSync('strace', ['-qq', '-e', 'trace=openat', 'true']).status === 0;
const DIR = mkdtempSync(path.join(tmpdir(), 'toolwarden-grep-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

// Operands, each also a file in DIR (one with a dot and a wildcard in its name, as patterns have).
const OPERANDS = ['p', 'q', 'a.*', '.e', 'x1'];
for (const name of OPERANDS) writeFileSync(path.join(DIR, name), `${name} a.e p q x1\n`);

const OPTIONS: Record<string, string[]> = {
  grep: ['-r', '-n', '-i', '-l', '-c', '-v', '-w', '-E', '-F', '-h', '-H', '-s', '-o', '-rn', '-inE', '-A3', '-A', '3', '-m1', '-e', '-ie', '-rf', '-f',
    '--regexp=q', '--reg=q', '--file=p', '--fi', '--include=*', '--color=never', '--max-count', '2', '--', '-5', '-y', '-d', 'skip', '-'],
  rg: ['-n', '-i', '-l', '-c', '-v', '-w', '-F', '-H', '-s', '-o', '-uu', '-.', '-A3', '-C', '2', '-g', '*', '-t', 'txt', '-e', '-f', '--files',
    '--regexp=q', '--glob=*', '--type', 'txt', '--max-depth', '1', '--no-config', '--', '-j2', '--pre', 'cat', '-'],
};

/** The files `argv` makes the program open, by name relative to DIR, as strace saw them. */
function opened(program: string, argv: string[]): Set<string> {
  const log = path.join(DIR, '..', `${path.basename(DIR)}.strace`);
  spawnSync('strace', ['-f', '-qq', '-e', 'trace=open,openat', '-o', log, program, ...argv], { cwd: DIR, input: '', timeout: 5000, env: { PATH: process.env.PATH, RIPGREP_CONFIG_PATH: '' } });
  const names = new Set<string>();
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    const m = /open(?:at)?\((?:AT_FDCWD, )?"([^"]*)"/.exec(line);
    if (m !== null) names.add(m[1]!.replace(/^\.\//, ''));
  }
  rmSync(log, { force: true });
  return names;
}

describe.each(['grep', 'rg'])('%s: the patterns searchPatternsAt exempts are never opened', (program) => {
  it.skipIf(!TRACES || !has(program))('over random argument lists', () => {
    // strace sees what the program opens: an operand file is opened.
    expect(opened(program, ['x', 'p']).has('p')).toBe(true);
    const word = fc.oneof(fc.constantFrom(...OPTIONS[program]!), fc.constantFrom(...OPERANDS));
    let exempted = 0;
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (argv) => {
        const words = [program, ...argv];
        const cmd: SimpleCommand = { words, text: words.join(' '), redirects: [] };
        const exempt = searchPatternsAt(cmd);
        if (exempt === undefined) return;
        exempted++;
        const files = opened(program, argv);
        for (const at of exempt) {
          // A name given twice is a file at its other place: only a pattern given once is checked.
          if (argv.filter((w) => w === words[at]).length > 1) continue;
          expect(files.has(words[at]!), `${words.join(' ')} opens ${words[at]}`).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
    // The rule is not vacuous: it exempts a pattern in a good share of the lists.
    expect(exempted).toBeGreaterThan(15);
    // And patterns given by `-e` (random lists hold them only now and then): exempt, never opened, the operand opened.
    for (const argv of [['-e', 'p', 'q'], ['-e', 'p', '-e', 'x1', 'q'], ['--regexp=a.*', 'q']]) {
      const words = [program, ...argv];
      const exempt = searchPatternsAt({ words, text: words.join(' '), redirects: [] });
      expect(exempt, argv.join(' ')).toBeDefined();
      const files = opened(program, argv);
      expect(files.has('q'), argv.join(' ')).toBe(true);
      for (const at of exempt!) if (!words[at]!.startsWith('-')) expect(files.has(words[at]!), `${words.join(' ')} opens ${words[at]}`).toBe(false);
    }
  });
});

// sed's script (textWordsAt): operands that are scripts GNU sed compiles and files alike.
const SED_OPERANDS = ['p', 'q', '1d', '$p', 'a.*', 'x1'];
const SED_OPTIONS = ['-n', '-E', '-s', '-u', '-z', '-i', '-i.bak', '-ni', '-e', '-f', '-l', '5', '-l5', '--posix', '--in-place', '--in-place=.b', '--expression=p', '--expr', '--quiet', '--sandbox', '--debug', '--', '-'];

describe('sed: the script textWordsAt exempts is never opened', () => {
  it.skipIf(!TRACES || !has('sed'))('over random argument lists', () => {
    const word = fc.oneof(fc.constantFrom(...SED_OPTIONS), fc.constantFrom(...SED_OPERANDS));
    let exempted = 0;
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (argv) => {
        const words = ['sed', ...argv];
        const exempt = textWordsAt({ words, text: words.join(' '), redirects: [] });
        if (exempt === undefined) return;
        expect(exempt).toHaveLength(1);
        const at = exempt[0]!;
        exempted++;
        if (argv.filter((w) => w === words[at]).length > 1) return;
        // -i rewrites and renames the files it edits: each run starts from the same files.
        for (const name of SED_OPERANDS) writeFileSync(path.join(DIR, name), `${name} a\n`);
        expect(opened('sed', argv).has(words[at]!), `${words.join(' ')} opens ${words[at]}`).toBe(false);
      }),
      { numRuns: 150 },
    );
    expect(exempted).toBeGreaterThan(15);
  });
  it('is undefined where the first operand may not be the script', () => {
    const cmd = (text: string): SimpleCommand => ({ words: text.split(' '), text, redirects: [] });
    expect(textWordsAt(cmd('sed -n s/.*=//p f'))).toEqual([2]);
    expect(textWordsAt(cmd('sed -i s/.*=// src/app.ts'))).toEqual([2]);
    expect(textWordsAt(cmd('sed -i.bak s/.*=// README.md'))).toEqual([2]);
    // BSD's bare -i takes `s/.*=//` as its suffix, and README.md (GNU's `R EADME.md`) as the script
    for (const text of ['sed -i s/.*=// README.md', 'sed s/.*// -e p f', 'sed -f x.sed f', 'sed -- s/.*// f', 'sed .* f', 'sed --regexp-ext s/.*// f', 'sed -l x s/.*// f', 'grep a -e x']) {
      expect(textWordsAt(cmd(text)), text).toBeUndefined();
    }
  });
});

// git tag's and git branch's ref names (textWordsAt, git-ref-names.ts), in a scratch repository
// where every operand is also a file: git must never open an exempted word as a file.
const GIT_OPERANDS = ['v1', 'p', 'a.*', '.e', 'x1'];
const GIT_OPTIONS: Record<string, string[]> = {
  tag: ['-l', '--list', '-n3', '-n', '-a', '-m', 'msg', '-F', '-aF', '-lm', '-f', '-d', '-v', '-i', '--sort', 'refname', '--contains', '--points-at',
    '--format=%(refname)', '--file', '--file=p', '--fil', '--mes', '--cleanup', 'verbatim', '--column', '--', '-'],
  branch: ['-l', '--list', '-a', '-r', '-v', '-m', '-M', '-c', '-d', '-D', '-f', '-u', '--set-upstream-to', '--contains', '--merged', '--sort', '-committerdate',
    '--format', '%(refname)', '--show-current', '--track', '--no-track', '--abbrev=4', '--li', '--', '-'],
};

describe.each(['tag', 'branch'])('git %s: the ref names textWordsAt exempts are never opened', (subcommand) => {
  it.skipIf(!TRACES || !has('git'))('over random argument lists', () => {
    const repo = mkdtempSync(path.join(tmpdir(), 'toolwarden-git-refs-'));
    const git = (args: string[]) => spawnSync('git', ['-c', 'user.email=a@b', '-c', 'user.name=a', ...args], { cwd: repo, input: '', timeout: 5000, env: { PATH: process.env.PATH, HOME: repo, GIT_EDITOR: 'true' } });
    git(['init', '-q']);
    git(['commit', '-q', '--allow-empty', '-m', 'i']);
    const openedByGit = (argv: string[]): Set<string> => {
      for (const name of GIT_OPERANDS) writeFileSync(path.join(repo, name), `${name}\n`);
      const log = `${repo}.strace`;
      spawnSync('strace', ['-f', '-qq', '-e', 'trace=open,openat', '-o', log, 'git', '-c', 'user.email=a@b', '-c', 'user.name=a', subcommand, ...argv], { cwd: repo, input: '', timeout: 5000, env: { PATH: process.env.PATH, HOME: repo, GIT_EDITOR: 'true' } });
      const names = new Set<string>();
      for (const line of readFileSync(log, 'utf8').split('\n')) {
        const m = /open(?:at)?\((?:AT_FDCWD, )?"([^"]*)"/.exec(line);
        if (m !== null) names.add(m[1]!.replace(/^\.\//, '').replace(`${repo}/`, ''));
      }
      rmSync(log, { force: true });
      return names;
    };
    try {
      // strace sees what git opens: tag's message file is opened.
      if (subcommand === 'tag') expect(openedByGit(['-F', 'p', 'v9']).has('p')).toBe(true);
      const word = fc.oneof(fc.constantFrom(...GIT_OPTIONS[subcommand]!), fc.constantFrom(...GIT_OPERANDS));
      let exempted = 0;
      fc.assert(
        fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (argv) => {
          const words = ['git', subcommand, ...argv];
          const exempt = textWordsAt({ words, text: words.join(' '), redirects: [] });
          if (exempt === undefined || exempt.length === 0) return;
          exempted++;
          const files = openedByGit(argv);
          for (const at of exempt) {
            // A name also given elsewhere (again, or as `--file=p`, `-Fp`) may be opened there.
            if (argv.filter((w) => w.endsWith(words[at]!)).length > 1) continue;
            expect(files.has(words[at]!), `${words.join(' ')} opens ${words[at]}`).toBe(false);
          }
        }),
        { numRuns: 120 },
      );
      expect(exempted).toBeGreaterThan(15);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

describe('git tag and git branch ref names', () => {
  const cmd = (text: string, extra: Partial<SimpleCommand> = {}): SimpleCommand => ({ words: text.split(' '), text, redirects: [], ...extra });
  it('are every word past the subcommand but options and the message file', () => {
    expect(textWordsAt(cmd("git tag --list v*"))).toEqual([3]);
    expect(textWordsAt(cmd('git tag -a v1 -m msg* HEAD'))).toEqual([3, 5, 6]);
    expect(textWordsAt(cmd('git tag -F notes v1'))).toEqual([4]);
    expect(textWordsAt(cmd('git tag --file notes --sort refname -- -l'))).toEqual([5, 7]);
    expect(textWordsAt(cmd('git -C sub branch --list feat/* --format %(refname)'))).toEqual([5, 7]);
    expect(textWordsAt(cmd('git branch -m old new.pem'))).toEqual([3, 4]);
  });
  it('are undefined where an option is not known or the words are not as written', () => {
    for (const text of ['git tag --fil .env v1', 'git tag -x v1', 'git branch --edit v1', 'git status v*', 'git tag']) {
      const found = textWordsAt(cmd(text));
      expect(found === undefined || found.length === 0, text).toBe(true);
    }
    expect(textWordsAt(cmd('git tag -l v*', { expandingWords: [3] }))).toBeUndefined();
    expect(textWordsAt(cmd('git tag -l v*', { wrappedBy: ['xargs git tag -l v*'] }))).toBeUndefined();
  });
});

// The rule for the words the shell hands over: an expanding word, a wrapper's, a runner's: none.
describe('searchPatternsAt', () => {
  const cmd = (text: string, extra: Partial<SimpleCommand> = {}): SimpleCommand => ({ words: text.split(' '), text, redirects: [], ...extra });
  it('finds the first operand past known options, before and after it', () => {
    expect(searchPatternsAt(cmd('grep -rn --include=*.ts a.* src -i'))).toEqual([3]);
    expect(searchPatternsAt(cmd('rg -g *.ts -C 2 a.* src'))).toEqual([5]);
    expect(searchPatternsAt(cmd('grep -A 3 a.* src'))).toEqual([3]);
    expect(searchPatternsAt(cmd('grep -C3 --context=2 a.* src'))).toEqual([3]);
    expect(searchPatternsAt(cmd('rg --color never a.* src'))).toEqual([3]);
  });
  it('finds every `-e`/`--regexp` value given before the first operand, and then no operand is a pattern', () => {
    expect(searchPatternsAt(cmd('grep -n -e TODO.* -e FIXME.* src/index.ts'))).toEqual([3, 5]);
    expect(searchPatternsAt(cmd('grep -e x a.*'))).toEqual([2]);
    expect(searchPatternsAt(cmd('grep -ie x a'))).toEqual([2]);
    expect(searchPatternsAt(cmd('grep -neTODO.* a'))).toEqual([1]);
    expect(searchPatternsAt(cmd('grep --regexp=a.* --regexp b.* f'))).toEqual([1, 3]);
    expect(searchPatternsAt(cmd('rg -e a.* -g *.ts src'))).toEqual([2]);
  });
  it('is undefined where the first operand may not be the pattern', () => {
    // `grep a.* -e x`: under POSIX's order (POSIXLY_CORRECT, BSD) `-e` and `x` are files; `grep -e -x a`: a value starting with `-`
    for (const text of ['grep a.* -e x', 'grep -e x a -e y', 'grep -e -x a', 'grep -e', 'rg --regexp', 'grep -f p -e x a', 'grep --reg=x a', 'grep -- a b', 'grep -5 a', 'grep -A x a', 'rg --files a', 'rg -f p a', 'git grep a', 'grep --include',
      // read alike by BSD greps only with the number attached: OpenBSD's -C takes none, FreeBSD's --context only after `=`
      'grep -C 3 a b', 'grep --context 3 a b', 'grep --context= a b', 'grep --max-count=x a',
      // ripgrep 13 reads `--regexp=q` as an option there, not as --type's value (seed 33069605)
      'rg --type --regexp=q p', 'grep --include -e x a']) {
      expect(searchPatternsAt(cmd(text)), text).toBeUndefined();
    }
    expect(searchPatternsAt(cmd('grep a.* b', { expandingWords: [1] }))).toBeUndefined();
    expect(searchPatternsAt(cmd('grep a.* b', { wrappedBy: ['xargs grep a.* b'] }))).toBeUndefined();
    expect(searchPatternsAt(cmd('grep a.* b', { wrapperOptions: ['-d', ','] }))).toBeUndefined();
    expect(searchPatternsAt(cmd('grep a.* b', { lineFunction: true }))).toBeUndefined();
  });
});

describe('SimpleCommand.lineFunction', () => {
  it('marks a call of a function the line defines, wherever the definition is', async () => {
    const { initShellParser, parseShell } = await import('../../src/facts/shell/index.js');
    await initShellParser();
    const marked = (line: string) => parseShell(line).commands.filter((c) => c.lineFunction).map((c) => c.text);
    expect(marked('grep() { cat "$1"; }; grep .env')).toContain('grep .env');
    expect(marked("for i in 1 2; do grep .env; eval 'grep() { cat \"$1\"; }'; done")).toContain('grep .env');
    expect(marked('grep x .env')).toEqual([]);
  });
});
