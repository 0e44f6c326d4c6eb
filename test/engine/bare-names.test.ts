// A bare shell argument (`cat server.pem`) names a file in the working directory: forbidden
// globs and containment must judge it at least as strictly as the same name written `./name`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { arithmeticAsNumber, bareNames, commandPaths } from '../../src/facts/word-paths.js';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';
import { ADVERSARIAL_BASE } from '../adversarial/setup-fixtures.js';
import { decide, setFrom } from './helpers.js';

beforeAll(async () => {
  await initShellParser(); // the fixture tree: test/global-setup.ts
});

describe('bareNames', () => {
  it('gives the names a word may stand for, without options, `.`/`..` or `~`', () => {
    expect(bareNames('server.pem')).toEqual(['server.pem']);
    expect(bareNames('server key.pem')).toEqual(['server key.pem', 'server', 'key.pem']);
    expect(bareNames('--include=*.pem')).toEqual(['*.pem']);
    expect(bareNames('user@host:key.pem')).toEqual(['user@host:key.pem', 'user', 'host', 'key.pem']);
    expect(bareNames('open(".env")')).toEqual(['open(".env")', 'open', '.env']);
    expect(bareNames('a,a,b')).toEqual(['a,a,b', 'a', 'b']);
    // A long word (a commit message, inline code) gives a bounded number of names, and past
    // the bound those that look like file names.
    const code = `import os; ${Array.from({ length: 100 }, (_, i) => `v${i} = ${i}`).join('; ')}; open(".env").read()`;
    const names = bareNames(code);
    expect(names.length).toBeLessThanOrEqual(256);
    expect(names).toContain('.env');
    expect(bareNames(`fix ${'x '.repeat(300)}`)).toEqual([`fix ${'x '.repeat(300)}`, 'fix', 'x']);
    expect(bareNames('-la')).toEqual([]);
    expect(bareNames('..')).toEqual([]);
    expect(bareNames('~user')).toEqual([]);
  });

  it('are taken from arguments that are not path-like, never from the command word', () => {
    const names = (source: string) => parseShell(source).commands.map((c) => commandPaths(c).names);
    expect(names('frob add server.pem ./b.txt')).toEqual([['add', 'server.pem']]);
    expect(names('git log --oneline -5')).toEqual([['log']]);
    expect(names('cat')).toEqual([[]]);
    expect(names('lpr -P office copy.zip link-out > out.txt')).toEqual([['office', 'copy.zip', 'link-out']]);
    // A program's file operands are paths, not names (facts/file-operands.ts).
    expect(names('cat server.pem')).toEqual([[]]);
    expect(names('git add server.pem ./b.txt')).toEqual([['add']]);
    expect(names('zip -qr copy.zip link-out > out.txt')).toEqual([[]]);
    expect(parseShell('cp -r link-out copy > out.txt').commands.map((c) => commandPaths(c))).toMatchObject([{ pathLike: ['link-out', 'copy'], redirects: ['out.txt'] }]);
  });
});

const ws = path.join(ADVERSARIAL_BASE, 'ws');
const policyText = (name: string) => readFileSync(path.join(import.meta.dirname, '..', 'adversarial', 'policies', `${name}.yaml`), 'utf8');

// Names from the fixture tree (links included) and made-up ones near the forbidden globs.
const NAMES = ['.env', '.envrc', 'server.pem', 'key.pem.txt', '*.pem', '.e*', '*', 'secrets', 'secret-link', 'pem-link', 'link-out', 'in-link', 'src-link', 'dangling', 'src', 'private', 'café.txt', 'cafe\u0301.txt', '.ssh', 'README', '.secrets', '.git', 'ws2'];
const COMMANDS = ['cat', 'grep x', 'cp -r', 'tar czf out.tgz', 'base64', 'sudo cat', 'git add'];

describe('a bare name is judged at least as strictly as `./name`', () => {
  for (const policy of ['path-forbidden', 'path-dotfiles', 'path-anchored', 'sh-forbid-anydepth', 'path-workspace-only']) {
    it(policy, async () => {
      const set = await setFrom(policyText(policy), { home: '/home/agent' });
      const decision = (command: string) => decide(set, { toolName: 'exec', params: { command }, cwd: ws }).decision;
      let denied = 0;
      fc.assert(
        fc.property(fc.constantFrom(...COMMANDS), fc.constantFrom(...NAMES), fc.constantFrom('', 'x.txt '), (command, name, before) => {
          const dotted = decision(`${command} ${before}./${name}`);
          if (dotted === 'deny') denied++;
          if (dotted === 'deny') expect(decision(`${command} ${before}${name}`)).toBe('deny');
        }),
        { numRuns: 400, seed: 20261130 },
      );
      // The property means something: some of these names are forbidden or leave the workspace.
      expect(denied).toBeGreaterThan(0);
    });
  }

  it('an arithmetic expansion is the number it makes: its `*` is no wildcard, its names no files', () => {
    expect(arithmeticAsNumber('$((n * 2))')).toBe('0');
    expect(arithmeticAsNumber('a$((1+(2*3)))b/$((x))')).toBe('a0b/0');
    expect(arithmeticAsNumber('$((x)')).toBe('$((x)'); // unclosed: as it is
    const names = (source: string) => parseShell(source).commands.map((c) => commandPaths(c).names);
    expect(names('echo $((n * 2)) files')).toEqual([['0', 'files']]);
  });
});

