// Differential test: random conditions and facts, decided by our compiled closures and by
// json-rules-engine itself (allowUndefinedFacts), must agree.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Engine, Almanac } from 'json-rules-engine';
import { compileCondition, parsePath, FACT_NAMES, OPERATORS } from '../../src/compile/conditions.js';

const KEYS = ['a', 'b', 'k', 'content', 'length', '0', '1', 'a.b', 'a b', 'x-y', 'p/q'];
const STRINGS = ['exec', 'read', 'write', '', '0', '12', '12abc', ' 7', 'abc', 'a', 'b', 'Infinity', '-3.5', '1e3', 'NaN', 'git status'];
const NUMBERS = [0, 1, -1, 2, 7, 12, 100000, 3.5, -3.5, 1000];

const primitive = fc.oneof(
  fc.constantFrom(...STRINGS),
  fc.constantFrom(...NUMBERS),
  fc.integer({ min: -5, max: 20 }),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 3 }),
);

// JSON-shaped values with ordinary prototypes (a null-prototype object makes `<` throw in
// both implementations; that case is tested on its own below).
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    primitive,
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...KEYS), tie('json'), { maxKeys: 4, noNullPrototype: true }),
  ),
}));

const facts = fc.record({
  toolName: fc.oneof(fc.constantFrom('exec', 'read', 'write', 'web_fetch', 'message'), fc.constant(undefined)),
  toolClass: fc.constantFrom('read', 'write', 'exec'),
  params: fc.oneof(fc.dictionary(fc.constantFrom(...KEYS), json, { maxKeys: 5, noNullPrototype: true }), json),
  agentId: fc.oneof(fc.constantFrom('coder', '12', 'b'), fc.constant(undefined)),
  sessionId: fc.oneof(fc.constantFrom('s-1', '7'), fc.constant(undefined)),
  channel: fc.oneof(fc.constantFrom('discord', 'slack'), fc.constant(undefined)),
  requester: fc.oneof(json, fc.constant(undefined)),
  paths: fc.array(fc.constantFrom('/srv/ws/a', '/etc/passwd', 'a', 'b'), { maxLength: 3 }),
  commands: fc.array(fc.constantFrom('git status', 'npm test', 'a', 'exec'), { maxLength: 3 }),
});

const PATHS = [
  '$.a', '$.b', '$.k', '$.a.b', '$.a[0]', '$[0]', '$[1]', "$['k']", "$['a.b']", "$['a b']", "$['x-y']",
  "$['p/q']", '$.length', '$.a.length', '$.content.length', '$.a[1].b', "$.a['0']", '$.k.a', '$.a.k.length',
  "$['a'][0]['b']",
];
const maybePath = fc.option(fc.constantFrom(...PATHS), { nil: undefined, freq: 3 });
const factName = fc.constantFrom(...FACT_NAMES);

const factReference = fc
  .record({ fact: factName, path: maybePath }, { requiredKeys: ['fact'] })
  .map((ref) => (ref.path === undefined ? { fact: ref.fact } : ref));

function valueFor(operator: string): fc.Arbitrary<unknown> {
  switch (operator) {
    case 'lessThan':
    case 'lessThanInclusive':
    case 'greaterThan':
    case 'greaterThanInclusive':
      return fc.oneof(fc.constantFrom(...NUMBERS), fc.integer({ min: -5, max: 20 }), factReference);
    case 'in':
    case 'notIn':
      // No fact references here: against a value without indexOf both sides fail, but
      // which sibling fails first depends on evaluation order (tested separately).
      return fc.array(primitive, { maxLength: 4 });
    default:
      return fc.oneof({ weight: 4, arbitrary: primitive }, { weight: 1, arbitrary: factReference });
  }
}

const comparison = fc
  .record({ fact: factName, operator: fc.constantFrom(...OPERATORS), path: maybePath, priority: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined, freq: 3 }) })
  .chain(({ fact, operator, path, priority }) =>
    valueFor(operator).map((value) => {
      const node: Record<string, unknown> = { fact, operator, value };
      if (path !== undefined) node.path = path;
      if (priority !== undefined) node.priority = priority;
      return node;
    }),
  );

const { root } = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, comparison, tie('root')),
  root: fc.oneof(
    fc.record({ all: fc.array(tie('node'), { maxLength: 4 }) }),
    // an empty `any` is refused at compile time (tested in conditions.test.ts)
    fc.record({ any: fc.array(tie('node'), { minLength: 1, maxLength: 4 }) }),
    fc.record({ not: tie('node') }),
  ),
}));

type Outcome = boolean | 'error';

async function jsonRulesEngineSays(when: unknown, input: Record<string, unknown>): Promise<Outcome> {
  try {
    const engine = new Engine([], { allowUndefinedFacts: true });
    engine.addRule({ conditions: structuredClone(when) as never, event: { type: 'match' } });
    const { results } = await engine.run(input);
    return results.length === 1;
  } catch {
    return 'error';
  }
}

function weSay(when: unknown, input: Record<string, unknown>): Outcome {
  const compiled = compileCondition(when);
  try {
    return compiled.test(input);
  } catch {
    return 'error';
  }
}

// A small pool for the focused test, so every operator reaches both outcomes often.
const small = fc.constantFrom<unknown>('a', 'b', '12', '12abc', '', 0, 1, 7, -1, 3.5, true, null);
function focusedValue(operator: string): fc.Arbitrary<unknown> {
  switch (operator) {
    case 'lessThan':
    case 'lessThanInclusive':
    case 'greaterThan':
    case 'greaterThanInclusive':
      return fc.constantFrom(0, 1, 7, -1, 3.5);
    case 'in':
    case 'notIn':
      return fc.array(small, { maxLength: 4 });
    default:
      return small;
  }
}
const focusedFacts = fc.record({ params: fc.record({ x: fc.oneof(small, fc.array(small, { maxLength: 4 })) }) });

describe('compiled conditions agree with json-rules-engine', () => {
  it('on random conditions and facts', async () => {
    let matched = 0;
    await fc.assert(
      fc.asyncProperty(root, facts, async (when, input) => {
        const expected = await jsonRulesEngineSays(when, input);
        const actual = weSay(when, input);
        if (actual === true) matched += 1;
        expect(actual).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    // The generator must exercise both outcomes, or agreement proves little.
    expect(matched).toBeGreaterThan(200);
    expect(matched).toBeLessThan(1800);
  });

  it('on every operator with a focused leaf (true and false both reached)', async () => {
    for (const operator of OPERATORS) {
      const outcomes = new Map<Outcome, number>();
      await fc.assert(
        fc.asyncProperty(focusedValue(operator), focusedFacts, async (value, input) => {
          const leaf: Record<string, unknown> = { fact: 'params', path: '$.x', operator, value };
          const when = { all: [leaf] };
          const expected = await jsonRulesEngineSays(when, input);
          const actual = weSay(when, input);
          outcomes.set(actual, (outcomes.get(actual) ?? 0) + 1);
          expect(actual).toBe(expected);
        }),
        { numRuns: 300 },
      );
      expect(outcomes.get(true) ?? 0, operator).toBeGreaterThan(0);
      expect(outcomes.get(false) ?? 0, operator).toBeGreaterThan(0);
    }
  });

  it('paths read the same values as json-rules-engine (jsonpath-plus)', async () => {
    const step = fc.oneof(
      fc.constantFrom(...['a', 'b', 'k', 'length', 'content', '_x']).map((k) => ({ text: `.${k}` })),
      fc.integer({ min: 0, max: 2 }).map((i) => ({ text: `[${i}]` })),
      fc.constantFrom(...KEYS).map((k) => ({ text: `['${k}']` })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), json, async (steps, value) => {
        const path = '$' + steps.map((s) => s.text).join('');
        expect(parsePath(path).length).toBe(steps.length);
        const almanac = new Almanac({ allowUndefinedFacts: true });
        almanac.addFact('params', value);
        const expected = await almanac.factValue('params', {}, path);
        // undefined vs anything: compare through a fact reference to an absent fact
        const equalsExpected = { all: [{ fact: 'params', path, operator: 'equal', value: { fact: 'agentId' } }] };
        const read = compileCondition(equalsExpected);
        const holder = { agentId: expected, params: value };
        expect(read.test(holder)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('both reject a null-prototype object in a numeric comparison', async () => {
    const when = { all: [{ fact: 'params', path: '$.a', operator: 'greaterThan', value: 1 }] };
    const input = { params: { a: Object.create(null) as unknown } };
    expect(await jsonRulesEngineSays(when, input)).toBe('error');
    expect(weSay(when, input)).toBe('error');
  });

  it('in/notIn against a fact reference: same result or both fail', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('in', 'notIn'), factReference, maybePath, facts, async (operator, value, path, input) => {
        const leaf: Record<string, unknown> = { fact: 'params', operator, value };
        if (path !== undefined) leaf.path = path;
        const when = { not: leaf };
        expect(weSay(when, input)).toBe(await jsonRulesEngineSays(when, input));
      }),
      { numRuns: 500 },
    );
  });
});
