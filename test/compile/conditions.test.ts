import { describe, it, expect } from 'vitest';
import { compileCondition, ConditionError, parsePath, type ConditionFacts } from '../../src/compile/conditions.js';

const baseFacts: ConditionFacts = {
  toolName: 'write',
  toolClass: 'write',
  params: { path: 'a.txt', content: 'x'.repeat(10), count: 3, tags: ['a', 'b'], nested: { k: [{ v: 7 }] }, empty: '' },
  agentId: 'coder',
  sessionId: 's-1',
  channel: 'discord',
  requester: { channel: 'discord', senderId: '1234', roleIds: ['maintainer'] },
  paths: ['/srv/ws/a.txt'],
  commands: ['git status', 'npm test'],
};

function run(when: unknown, facts: ConditionFacts = baseFacts): boolean {
  return compileCondition(when).test(facts);
}

function errorOf(when: unknown): ConditionError {
  try {
    compileCondition(when);
  } catch (error) {
    if (error instanceof ConditionError) return error;
    throw error;
  }
  throw new Error('expected a ConditionError');
}

describe('compileCondition: boolean structure', () => {
  it('empty all is true, not negates', () => {
    expect(run({ all: [] })).toBe(true);
    expect(run({ not: { all: [] } })).toBe(false);
    expect(run({ not: { not: { all: [] } } })).toBe(true);
  });

  it('combines children with and/or', () => {
    const yes = { fact: 'toolClass', operator: 'equal', value: 'write' };
    const no = { fact: 'toolClass', operator: 'equal', value: 'read' };
    expect(run({ all: [yes, yes] })).toBe(true);
    expect(run({ all: [yes, no] })).toBe(false);
    expect(run({ any: [no, yes] })).toBe(true);
    expect(run({ any: [no, no] })).toBe(false);
    expect(run({ all: [yes, { not: no }, { any: [no, { all: [yes] }] }] })).toBe(true);
  });

  it('accepts and ignores name and priority', () => {
    expect(run({ name: 'x', priority: 3, all: [{ fact: 'toolName', operator: 'equal', value: 'write', priority: 2, name: 'y' }] })).toBe(true);
  });

  it('reports the facts it reads, including fact references', () => {
    const compiled = compileCondition({
      all: [
        { fact: 'toolClass', operator: 'equal', value: 'write' },
        { not: { fact: 'params', path: '$.count', operator: 'lessThan', value: { fact: 'requester', path: '$.limit' } } },
      ],
    });
    expect([...compiled.factsUsed].sort()).toEqual(['params', 'requester', 'toolClass']);
    expect(compileCondition({ all: [] }).factsUsed.size).toBe(0);
  });
});

describe('compileCondition: operators', () => {
  const cases: Array<[string, unknown, unknown, boolean]> = [
    ['equal', 'write', 'write', true],
    ['equal', 3, '3', false],
    ['notEqual', 3, '3', true],
    ['lessThan', 3, 4, true],
    ['lessThan', 4, 4, false],
    ['lessThanInclusive', 4, 4, true],
    ['greaterThan', 5, 4, true],
    ['greaterThanInclusive', 4, 4, true],
    // json-rules-engine's validator is parseFloat: numeric strings compare by coercion,
    ['greaterThan', '10', 4, true],
    // "12abc" passes the validator but `"12abc" > 4` is false (NaN),
    ['greaterThan', '12abc', 4, false],
    // and a one-element array coerces to its element.
    ['greaterThan', [10], 4, true],
    ['greaterThan', 'abc', -1, false],
    ['greaterThan', null, -1, false],
    ['greaterThan', true, 0, false],
    ['in', 'b', ['a', 'b'], true],
    ['in', 'c', ['a', 'b'], false],
    ['notIn', 'c', ['a', 'b'], true],
    ['contains', ['a', 'b'], 'a', true],
    ['contains', 'abc', 'a', false],
    ['doesNotContain', ['a', 'b'], 'c', true],
    ['doesNotContain', 'abc', 'z', false],
  ];
  for (const [operator, factValue, value, expected] of cases) {
    it(`${operator} ${JSON.stringify(factValue)} ${JSON.stringify(value)} is ${expected}`, () => {
      const facts = { ...baseFacts, params: { x: factValue } };
      expect(run({ all: [{ fact: 'params', path: '$.x', operator, value }] }, facts)).toBe(expected);
    });
  }

  it('compares against another fact with a fact reference', () => {
    const when = { all: [{ fact: 'params', path: '$.count', operator: 'lessThan', value: { fact: 'params', path: '$.tags.length' } }] };
    expect(run(when)).toBe(false);
    expect(run(when, { ...baseFacts, params: { count: 1, tags: ['a', 'b'] } })).toBe(true);
    // `in` against a fact holding a string is json-rules-engine's substring search
    const substring = { all: [{ fact: 'toolName', operator: 'in', value: { fact: 'agentId' } }] };
    expect(run(substring, { ...baseFacts, toolName: 'ode', agentId: 'coder' })).toBe(true);
  });

  it('throws where json-rules-engine rejects: `in` against a fact without indexOf', () => {
    const compiled = compileCondition({ all: [{ fact: 'toolName', operator: 'in', value: { fact: 'params', path: '$.count' } }] });
    expect(() => compiled.test(baseFacts)).toThrow(TypeError);
  });
});

describe('compileCondition: paths', () => {
  it('reads the supported JSONPath subset', () => {
    const eq = (path: string, value: unknown) => run({ all: [{ fact: 'params', path, operator: 'equal', value }] });
    expect(eq('$.path', 'a.txt')).toBe(true);
    expect(eq('$.content.length', 10)).toBe(true);
    expect(eq('$.tags[1]', 'b')).toBe(true);
    expect(eq("$['tags'][0]", 'a')).toBe(true);
    expect(eq('$.nested.k[0].v', 7)).toBe(true);
    expect(eq('$.tags.length', 2)).toBe(true);
    expect(eq('$.missing.deeper', null)).toBe(false);
  });

  it('follows json-rules-engine quirks: empty string has no length, a scalar fact ignores the path', () => {
    const isUndefined = { not: { fact: 'params', path: '$.empty.length', operator: 'greaterThanInclusive', value: 0 } };
    expect(run({ all: [isUndefined] })).toBe(true);
    expect(run({ all: [{ fact: 'toolName', path: '$.length', operator: 'equal', value: 'write' }] })).toBe(true);
  });

  it('never steps into prototype keys, even own ones', () => {
    const facts = { ...baseFacts, params: JSON.parse('{"__proto__": {"x": 1}, "constructor": {"x": 1}}') as unknown };
    for (const path of ['$.__proto__.x', "$['__proto__'].x", '$.__proto__', '$.constructor.x', '$.toString', '$.prototype']) {
      expect(run({ all: [{ fact: 'params', path, operator: 'equal', value: 1 }] }, facts), path).toBe(false);
      // equal to a missing fact (undefined) proves the path read undefined
      const readsUndefined = { all: [{ fact: 'params', path, operator: 'equal', value: { fact: 'agentId' } }] };
      expect(run(readsUndefined, { ...facts, agentId: undefined }), path).toBe(true);
    }
  });

  it('a missing fact key reads as undefined, not from the prototype', () => {
    const facts = Object.create({ toolName: 'write' }) as ConditionFacts;
    expect(run({ all: [{ fact: 'toolName', operator: 'equal', value: 'write' }] }, facts)).toBe(false);
  });

  it('parses steps and rejects everything outside the subset', () => {
    expect(parsePath("$.a[0]['b.c'].length")).toEqual(['a', '0', 'b.c', 'length']);
    for (const bad of ['a.b', '$', '$..a', '$.*', '$[*]', '$.a[?(@.x)]', "$['..']", '$["a"]', '$.a-b', '$[-1]', '$[0:2]', "$['a,b']", '$.a.', `$.${'a'.repeat(300)}`]) {
      expect(() => parsePath(bad), bad).toThrow(ConditionError);
    }
  });
});

describe('compileCondition: a single comparison as the whole condition', () => {
  it('is read as `all` of that one, as the schema allows it (it failed to compile before)', () => {
    const bare = compileCondition({ fact: 'toolName', operator: 'equal', value: 'x' });
    const wrapped = compileCondition({ all: [{ fact: 'toolName', operator: 'equal', value: 'x' }] });
    for (const toolName of ['x', 'y']) expect(bare.test({ toolName } as never)).toBe(wrapped.test({ toolName } as never));
    expect(bare.test({ toolName: 'x' } as never)).toBe(true);
  });
});

describe('compileCondition: shapes it refuses, with pointers', () => {
  const cases: Array<[string, unknown, string]> = [
    ['root not object', 'x', ''],
    ['all not list', { all: {} }, '/all'],
    ['not given a list', { not: [] }, '/not'],
    ['two boolean keys', { all: [], any: [] }, ''],
    ['empty any (json-rules-engine says true)', { any: [] }, '/any'],
    ['nested empty any', { all: [{ not: { any: [] } }] }, '/all/0/not/any'],
    ['boolean mixed with fact', { all: [{ all: [], fact: 'toolName' }] }, '/all/0/fact'],
    ['unknown key', { all: [{ fact: 'toolName', operator: 'equal', value: 'x', extra: 1 }] }, '/all/0/extra'],
    ['missing value', { all: [{ fact: 'toolName', operator: 'equal' }] }, '/all/0'],
    ['unknown fact', { any: [{ fact: 'tool', operator: 'equal', value: 'x' }] }, '/any/0/fact'],
    ['prototype fact', { any: [{ fact: '__proto__', operator: 'equal', value: 'x' }] }, '/any/0/fact'],
    ['unknown operator', { all: [{ fact: 'toolName', operator: 'startsWith', value: 'x' }] }, '/all/0/operator'],
    ['decorator', { all: [{ fact: 'paths', operator: 'someFact:equal', value: 'x' }] }, '/all/0/operator'],
    ['numeric needs number', { all: [{ fact: 'params', operator: 'greaterThan', value: '100' }] }, '/all/0/value'],
    ['in needs list', { all: [{ fact: 'toolName', operator: 'in', value: 'exec' }] }, '/all/0/value'],
    ['equal to an object', { all: [{ fact: 'toolName', operator: 'equal', value: { a: 1 } }] }, '/all/0/value'],
    ['fact reference with params', { all: [{ fact: 'toolName', operator: 'equal', value: { fact: 'agentId', params: {} } }] }, '/all/0/value/params'],
    ['fact reference to unknown fact', { all: [{ fact: 'toolName', operator: 'equal', value: { fact: 'nope' } }] }, '/all/0/value/fact'],
    ['bad path', { all: [{ fact: 'params', path: '$..x', operator: 'equal', value: 1 }] }, '/all/0/path'],
    ['path not string', { all: [{ fact: 'params', path: 3, operator: 'equal', value: 1 }] }, '/all/0/path'],
    ['condition reference', { all: [{ condition: 'named' }] }, '/all/0/condition'],
    ['fact params', { all: [{ fact: 'params', params: {}, operator: 'equal', value: 1 }] }, '/all/0/params'],
    ['bad priority', { all: [], priority: 0 }, '/priority'],
    ['nested deep error', { all: [{ not: { any: [{}, { fact: 'x' }] } }] }, '/all/0/not/any/0'],
  ];
  for (const [name, when, pointer] of cases) {
    it(`${name} → ConditionError at \`${pointer}\``, () => {
      const error = errorOf(when);
      expect(error.pointer).toBe(pointer);
      expect(error.message.length).toBeGreaterThan(0);
    });
  }

  it('bounds nesting depth and size', () => {
    let deep: unknown = { all: [] };
    for (let i = 0; i < 40; i++) deep = { not: deep };
    expect(errorOf(deep).message).toMatch(/deeper/);
    const wide = { any: Array.from({ length: 1200 }, () => ({ fact: 'toolName', operator: 'equal', value: 'x' })) };
    expect(errorOf(wide).message).toMatch(/more than/);
  });

  it('does not mutate its input', () => {
    const when = { all: [{ fact: 'params', path: '$.count', operator: 'equal', value: 3, priority: 2 }] };
    const copy = structuredClone(when);
    compileCondition(when).test(baseFacts);
    expect(when).toEqual(copy);
  });
});
