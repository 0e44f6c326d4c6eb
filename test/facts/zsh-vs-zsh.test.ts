// Real zsh decides: Claude Code's Bash tool runs zsh on macOS, which reads some words the
// bash parser accepts otherwise: a group ending a glob word is a list of glob qualifiers, some
// of which run code for every file (`e:…:`, `oe:…:`, `+func`); `$=x`, `$^x`, `$~x` expand x;
// `$x:r`, `${x:l}`, `$x:s/a/b/` apply modifiers; `$x[1,4]` is a subscript. Every such word that
// made zsh run code or read `.env` must be unverifiable; words zsh reads as bash does stay
// readable. CI installs zsh (.ci/run); where it is missing the zsh runs are skipped and said so.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';
import { turnsOnZshCdOption } from '../../src/facts/shell/zsh.js';

await initShellParser();

const zsh = spawnSync('zsh', ['-c', 'true']).status === 0;
if (!zsh) console.warn('zsh is not installed: the real-zsh runs of zsh-qualifiers-vs-zsh.test.ts are skipped');

const running = [
  "ls *(e:'touch PWNED':)",
  "ls *(e^'touch PWNED'^)",
  "ls *(oe:'touch PWNED':)",
  "ls *(.e:'touch PWNED':)",
  "f() { touch PWNED; }; ls *(+f)",
  "cat > *(e:'touch PWNED':)",
];
const selecting = ['ls *(.)', 'ls *(om)', 'ls *(/)', 'ls *(N)'];
// Each reads `.env` in zsh, and a file of another name in bash.
const readingEnv = [
  'x=.env.bak; cat $x:r', 'x=.env.bak; cat "$x:r"', 'x=.env.bak; cat ${x:r}', 'y=.ENV; cat $y:l', 'w=.enx; cat $w:s/x/v/',
  'z=.envXYZ; cat $z[1,4]', 'x=.env; cat $=x', 'x=.env; cat $^x', 'x=.env; cat "$~x"', 'x=.env.bak; y=$x:r; cat $y',
  // case-insensitive globbing turned on
  'setopt nocaseglob; cat .EN?', 'unsetopt CASE_GLOB; cat .EN?', 'set -o NO_CASE_GLOB; cat .EN?',
  // red team 8c: the options hash, the zsh/mapfile module, a width attribute on later values
  'options[caseglob]=off; cat .EN?', 'zmodload zsh/mapfile; echo ${mapfile[.env]}', 'typeset -L4 x; x=.envrc.example; cat $x',
];
// zsh's own special parameters: each makes the next command run something else.
const settingWhatRuns = ['path=($PWD/bin $path); ls', 'path=($PWD/bin); ls', 'f() { touch PWNED; }; chpwd_functions=(f); cd .', 'NULLCMD=$PWD/bin/ls; > out.txt',
  // red team 8c: the function and command hashes, `set -A` of a tied array
  "functions[ls]='touch PWNED'; ls", 'hash ls=$PWD/bin/ls; ls', 'commands[ls]=$PWD/bin/ls; ls', 'commands+=(ls $PWD/bin/ls); ls', 'set -A path $PWD/bin; ls'];
// Read by zsh as by bash (no `.env`).
const same = ['x=.env.bak; cat $x', 'docker run -v $HOME:/app img', 'echo ${x:-a}', 'cp a $HOME/b', 'echo "$x"', 'set -- a b; echo ${@:1}', 'echo $1:80'];

describe('words zsh reads otherwise than bash', () => {
  it.each(running)('%j runs code in zsh and is unverifiable', (command) => {
    expect(parseShell(command).unverifiable).toMatch(/glob qualifiers/);
  });

  it.each(selecting)('%j only selects files: readable', (command) => {
    expect(parseShell(command).unverifiable).toBeUndefined();
  });

  it.each(readingEnv)('%j reads `.env` in zsh and is unverifiable', (command) => {
    expect(parseShell(command).unverifiable).toMatch(/zsh|nocaseglob|changes what runs|attribute/);
  });

  it.each(settingWhatRuns)('%j sets what runs and is unverifiable', (command) => {
    expect(parseShell(command).unverifiable).toMatch(/changes what runs|changes which program|known only when the line runs/);
  });

  it.each(same)('%j reads as in bash: readable', (command) => {
    expect(parseShell(command).unverifiable).toBeUndefined();
  });

  it('`=cmd` starting a word is the path of a program to zsh (red team 12); a lone `=` or `==` is not', () => {
    for (const command of ['cat =bash', 'cp =ls out', 'ls -l =node']) expect(parseShell(command).unverifiable, command).toMatch(/path of a program/);
    for (const command of ['[ "$a" = b ]', '[[ a == b ]]', 'echo "=ls"', "echo '=x'", 'git log --format==%H']) expect(parseShell(command).unverifiable, command).toBeUndefined();
  });

  it('`>!f`, `>>!f` and `&>!f` write f in zsh (red team 8c): f is a target too', () => {
    for (const command of ['echo x >!out', 'echo x >>!out', 'echo x &>!out']) expect(parseShell(command).commands[0]!.redirects, command).toContain('out');
  });

  it.runIf(zsh)('real zsh writes f for `>!f` (bash writes `!f`)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tw-zsh-'));
    try {
      execFileSync('zsh', ['-c', 'echo x >!out'], { cwd: dir });
      expect(existsSync(path.join(dir, 'out'))).toBe(true);
      expect(existsSync(path.join(dir, '!out'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(zsh)('real zsh puts the program path where a word starts with `=`', () => {
    expect(execFileSync('zsh', ['-c', 'echo =ls'], { encoding: 'utf8' }).trim()).toMatch(/^\/.*\/ls$/);
    expect(execFileSync('bash', ['-c', 'echo =ls'], { encoding: 'utf8' }).trim()).toBe('=ls');
  });

  it.runIf(zsh)('real zsh runs code or reads `.env` for exactly the words flagged', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tw-zsh-'));
    try {
      for (const name of ['a', 'b']) writeFileSync(path.join(dir, name), '');
      const ran = (command: string): boolean => {
        const marker = path.join(dir, 'PWNED');
        rmSync(marker, { force: true });
        try {
          execFileSync('zsh', ['-c', command], { cwd: dir, stdio: 'ignore', timeout: 5000 });
        } catch {
          // a failing command may still have run the qualifier's code: the marker says
        }
        return existsSync(marker);
      };
      for (const command of running) expect(ran(command), command).toBe(true);
      mkdirSync(path.join(dir, 'bin'));
      writeFileSync(path.join(dir, 'bin', 'ls'), '#!/bin/sh\n: > PWNED\n', { mode: 0o755 });
      for (const command of settingWhatRuns) expect(ran(command), command).toBe(true);
      for (const command of selecting) expect(ran(command), command).toBe(false);
      writeFileSync(path.join(dir, '.env'), 'SECRET\n');
      const output = (command: string): string => {
        try {
          return execFileSync('zsh', ['-c', command], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 });
        } catch {
          return '';
        }
      };
      for (const command of readingEnv) expect(output(command), command).toContain('SECRET');
      for (const command of same) expect(output(command), command).not.toContain('SECRET');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Red team 10a: zsh's cdable_vars (`cd d` goes to $d) under every spelling zsh takes: each
// switch below is run in zsh, and turnsOnZshCdOption must say on exactly when zsh turned it on.
describe('zsh cdable_vars spellings, against real zsh', () => {
  const builtins: Array<['set' | 'setopt' | 'unsetopt', string]> = [
    ['setopt', 'cdablevars'], ['setopt', 'CDABLE_VARS'], ['setopt', 'no_cdablevars'], ['setopt', '-T'], ['setopt', '+o nocdablevars'],
    ['unsetopt', 'nocdablevars'], ['unsetopt', 'NO_CDABLE_VARS'], ['unsetopt', 'cdablevars'], ['unsetopt', '+T'], ['unsetopt', '-o nocdablevars'],
    ['set', '-o cdablevars'], ['set', '+o nocdablevars'], ['set', '-o nocdablevars'], ['set', '+o cdablevars'], ['set', '-ocdablevars'], ['set', '-T'], ['set', '+T'],
  ];
  const lines = ['--cdablevars', '--cdable-vars', '--CDABLE_VARS', '-ocdablevars', '+o nocdablevars', '-o nocdablevars', '-T', '+T', '+-nocdablevars', '-o no_cdable_vars'];
  const cdGoesToVariable = (script: string, options: string[] = []): boolean => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tw-cdable-'));
    try {
      mkdirSync(path.join(dir, 'target'));
      const out = spawnSync('zsh', [...options, '-c', `${script}; x=${path.join(dir, 'target')}; cd x 2>/dev/null && pwd`], { cwd: dir, encoding: 'utf8' });
      return out.stdout.includes('target');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it.skipIf(!zsh).each(builtins)('`%s %s` in zsh and turnsOnZshCdOption agree', (command, args) => {
    expect(turnsOnZshCdOption(command, args.split(' '))).toBe(cdGoesToVariable(`${command} ${args}`));
  });

  it.skipIf(!zsh).each(lines)('`zsh %s -c …` in zsh and turnsOnZshCdOption agree', (args) => {
    expect(turnsOnZshCdOption('shell', args.split(' '))).toBe(cdGoesToVariable('true', args.split(' ')));
  });
});
