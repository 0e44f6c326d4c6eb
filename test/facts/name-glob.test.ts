import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameGlobList, nameGlobTest } from '../../src/facts/name-glob.js';

describe('nameGlobTest: tool, agent and channel names are not paths', () => {
  it.each([
    ['*', 'read', true],
    ['*', 'a/b', true],
    ['*', '/read', true],
    ['*', 'x/', true],
    ['*', '.', true],
    ['*', '..', true],
    ['**', 'fs/read', true],
    ['*', '', false],
    ['sk_delete_*', 'sk_delete_x/y', true],
    ['github/*', 'github/a/b', true],
    ['github/*', 'github', false],
    ['github/*', 'gitlab/x', false],
    ['?', '/', true],
    ['?', 'ab', false],
    ['{read,write}_file', 'read_file', true],
    ['{read,write}_file', 'exec_file', false],
    ['{a,{b,c}}x', 'cx', true],
    ['{x}', '{x}', true],
    ['{x}', 'x', false],
    ['[a-c]x', 'bx', true],
    ['[a-c]x', 'dx', false],
    ['[!a]x', 'ax', false],
    ['[!a]x', 'bx', true],
    ['[^a]x', '/x', true],
    ['[]]', ']', true],
    ['[a-]', '-', true],
    ['[', '[', true],
    ['a\\*', 'a*', true],
    ['a\\*', 'ab', false],
    ['a.b', 'axb', false],
    ['(x)|y', '(x)|y', true],
    ['(x)|y', 'y', false],
    ['Read', 'read', false],
  ])('%j matches %j: %s', (glob, name, expected) => {
    expect(nameGlobTest(glob)(name)).toBe(expected);
  });

  it('a bare * matches every non-empty name', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 64 }), (name) => nameGlobTest('*')(name)));
  });

  it('a prefix glob matches every name with that prefix, whatever follows', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_]{1,8}$/), fc.string({ maxLength: 32 }), (prefix, rest) =>
        nameGlobTest(`${prefix}*`)(prefix + rest),
      ),
    );
  });

  it('a glob with no special character matches only its own text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9_./:-]{1,12}$/), fc.string({ minLength: 1, maxLength: 12 }), (glob, name) =>
        nameGlobTest(glob)(name) === (name === glob),
      ),
    );
  });

  it('a reversed range does not compile (validate refuses it through picomatch too)', () => {
    expect(() => nameGlobTest('[z-a]')).toThrow();
  });

  it('a list answers the index of the first glob that matches', () => {
    const list = nameGlobList(['read', 'mcp/*', '*']);
    expect(list.first('mcp/github/x')).toBe(1);
    expect(list.first('..')).toBe(2);
    expect(nameGlobList(undefined).first('x')).toBe(-1);
  });
});
