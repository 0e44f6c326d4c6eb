import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CommandGlobError, compileCommandGlob, MAX_COMMAND_GLOB_LENGTH } from '../../src/facts/command-glob.js';

describe('compileCommandGlob', () => {
  it.each([
    ['git status', 'git status', true],
    ['git status', 'git status --short', false],
    ['git status', 'sudo git status', false],
    ['git diff *', 'git diff', true],
    ['git diff *', 'git diff HEAD~1 -- src/a.ts', true],
    ['git diff *', 'git diffx', false],
    ['git diff *', 'git difftool', false],
    ['ls *', 'ls', true],
    ['ls *', 'ls -la /etc', true],
    ['ls *', 'lsof', false],
    ['rm -rf *', 'rm -rf /', true],
    ['rm -rf *', 'rm -rf', true],
    ['rm -rf *', 'rm -r -f /', false],
    ['npm run *', 'npm run build', true],
    ['npm run *', 'npm test', false],
    ['* --force', 'git push --force', true],
    ['* --force', 'git push --force-with-lease', false],
    ['git * main', 'git push origin main', true],
    ['git * main', 'git main', false],
    ['curl *', 'curl', true],
    ['*', '', true],
    ['*', 'anything at all', true],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'acb', false],
    ['ab*ba', 'aba', false],
    ['echo a.b', 'echo aXb', false],
    ['echo (x)', 'echo (x)', true],
    ['echo [ab]', 'echo a', false],
    ['echo ?', 'echo x', false],
    ['echo $HOME', 'echo $HOME', true],
    ['cat ^x$', 'cat ^x$', true],
    ['echo \\d', 'echo \\d', true],
    ['  git    diff   *  ', 'git diff x', true],
    ['ls *', 'ls a\nb', true],
  ])('%j vs %j → %s', (glob, text, expected) => {
    expect(compileCommandGlob(glob)(text)).toBe(expected);
  });

  it('rejects empty, blank and overlong globs', () => {
    expect(() => compileCommandGlob('')).toThrow(CommandGlobError);
    expect(() => compileCommandGlob('   ')).toThrow(CommandGlobError);
    expect(() => compileCommandGlob('a'.repeat(MAX_COMMAND_GLOB_LENGTH + 1))).toThrow(CommandGlobError);
    expect(() => compileCommandGlob(7 as unknown as string)).toThrow(CommandGlobError);
  });

  it('never matches a non-string', () => {
    expect(compileCommandGlob('*')(undefined as unknown as string)).toBe(false);
  });

  it('stays fast on a pathological glob and a long text', () => {
    // Many stars against a long near-miss: a backtracking regex would take ages.
    const match = compileCommandGlob('a*'.repeat(200) + 'b');
    expect(match('a'.repeat(16384))).toBe(false);
  });

  const word = fc.stringMatching(/^[a-z0-9./-]{1,6}$/);

  it('a glob without stars matches exactly its own text', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), fc.array(word, { maxLength: 5 }), (a, b) => {
        const glob = a.join(' ');
        expect(compileCommandGlob(glob)(b.join(' '))).toBe(glob === b.join(' '));
      }),
      { numRuns: 500 },
    );
  });

  it('a trailing ` *` matches the prefix alone or followed by any words', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 3 }), fc.array(word, { maxLength: 4 }), (prefix, rest) => {
        const match = compileCommandGlob(`${prefix.join(' ')} *`);
        expect(match([...prefix, ...rest].join(' '))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with a reference regex on star globs', () => {
    const alphabet = fc.constantFrom('a', 'b', ' ', '*', '.');
    fc.assert(
      fc.property(fc.string({ unit: alphabet, minLength: 1, maxLength: 8 }), fc.string({ unit: fc.constantFrom('a', 'b', ' ', '.'), maxLength: 10 }), (glob, text) => {
        fc.pre(glob.trim() !== '');
        const normal = glob.replace(/\s+/g, ' ').trim();
        const toRegex = (g: string): RegExp =>
          new RegExp(`^${g.split('*').map((p) => p.replace(/[.]/g, '\\.')).join('[\\s\\S]*')}$`);
        const expected = toRegex(normal).test(text) || (normal.endsWith(' *') && toRegex(normal.slice(0, -2)).test(text));
        expect(compileCommandGlob(glob)(text)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
