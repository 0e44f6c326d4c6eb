// Custom rule conditions (`rules[].when`) compiled once into plain closures with
// json-rules-engine 7.x semantics, so evaluation never builds promises or almanacs.
//
// What is accepted (anything else throws ConditionError with a JSON pointer relative to
// the `when` node, which the validator turns into a `bad-condition` diagnostic):
// - the root is `{ all: [...] }`, `{ any: [...] }` or `{ not: {...} }`, as json-rules-engine
//   requires; nested nodes are boolean nodes or `{ fact, operator, value, path? }`;
//   an empty `all` is true; an empty `any` is refused (json-rules-engine says true, logic
//   says false); `name` (string) and `priority` (positive integer) are accepted and ignored (priority only
//   orders evaluation; results do not depend on it). Named-condition references
//   (`condition`), fact `params` and operator decorators (`not:equal`, ...) are rejected.
// - `fact` must be one of FACT_NAMES: a misspelt fact would otherwise silently never match.
// - `path` is a JSONPath subset: `$` followed by `.name` (`[A-Za-z_][A-Za-z0-9_]*`), `[N]`
//   or `['key']` (letters, digits, `_ - . / space`, at least one letter/digit/`_`). As in
//   json-rules-engine (jsonpath-plus, wrap: false), a step follows an own property of a
//   truthy value, so `$.s.length` of an empty string is undefined, and a path applied to a
//   fact that is not an object yields the fact itself. Steps through `__proto__`,
//   `prototype` or `constructor` always yield undefined.
// - `value` is checked against the operator: equal/notEqual/contains/doesNotContain take a
//   string, number, boolean or null; the numeric operators take a finite number; in/notIn
//   take an array of those (json-rules-engine would also take a string and test for a
//   substring, a surprise we refuse). `{ fact, path? }` refers to another fact's value and
//   is then used exactly as json-rules-engine would use it.
// A compiled test can throw only where json-rules-engine's evaluation would reject (a
// hostile object whose toString/valueOf cannot convert it, an `in` against a fact that has
// no indexOf); callers must treat a throw as deny.

export type ConditionFacts = Readonly<Record<string, unknown>>;

export interface CompiledCondition {
  test(facts: ConditionFacts): boolean;
  /** Fact names the condition reads, so the engine can skip computing the others. */
  factsUsed: ReadonlySet<string>;
}

export class ConditionError extends Error {
  override name = 'ConditionError';
  /** JSON pointer of the offending node, relative to the `when` node (`''` for the root). */
  pointer: string;
  constructor(message: string, pointer: string) {
    super(message);
    this.pointer = pointer;
  }
}

/** The facts a condition may name (LANGUAGE.md, rules). */
export const FACT_NAMES: ReadonlySet<string> = new Set([
  'toolName',
  'toolClass',
  'params',
  'agentId',
  'sessionId',
  'channel',
  'requester',
  'paths',
  'commands',
]);

export const OPERATORS = [
  'equal',
  'notEqual',
  'lessThan',
  'lessThanInclusive',
  'greaterThan',
  'greaterThanInclusive',
  'in',
  'notIn',
  'contains',
  'doesNotContain',
] as const;
export type OperatorName = (typeof OPERATORS)[number];

// Bounded input: a condition is written by hand; anything larger is a mistake or an attack.
const MAX_DEPTH = 32;
const MAX_NODES = 1000;
const MAX_PATH_LENGTH = 256;
const MAX_LIST_LENGTH = 10000;

type Test = (facts: ConditionFacts) => boolean;
type Getter = (facts: ConditionFacts) => unknown;
type Compare = (factValue: unknown, value: unknown) => boolean;

interface CompileState {
  nodes: number;
  facts: Set<string>;
}

export function compileCondition(when: unknown): CompiledCondition {
  const state: CompileState = { nodes: 0, facts: new Set() };
  // The schema takes a single comparison as a whole condition too (`when: { fact, operator,
  // value }`), where json-rules-engine wants it under `all`: it is read as `all` of that one.
  // (It validated, then failed to compile in every gateway: red team 22A's fixture found it.)
  if (!isPlainObject(when)) throw new ConditionError('a condition must be an object', '');
  const test = compileNode(when, '', 0, state);
  return { test, factsUsed: state.facts };
}

function compileNode(node: unknown, pointer: string, depth: number, state: CompileState): Test {
  if (depth > MAX_DEPTH) throw new ConditionError(`conditions nest deeper than ${MAX_DEPTH}`, pointer);
  state.nodes += 1;
  if (state.nodes > MAX_NODES) throw new ConditionError(`a condition has more than ${MAX_NODES} nodes`, pointer);
  if (!isPlainObject(node)) throw new ConditionError('a condition must be an object', pointer);
  const booleanKey = booleanKeyOf(node, pointer);
  if (booleanKey !== undefined) return compileBoolean(node, booleanKey, pointer, depth, state);
  return compileComparison(node, pointer, state);
}

function booleanKeyOf(node: Record<string, unknown>, pointer: string): 'all' | 'any' | 'not' | undefined {
  const present = (['all', 'any', 'not'] as const).filter((key) => Object.hasOwn(node, key));
  if (present.length > 1) {
    throw new ConditionError(`a condition has both \`${present[0]}\` and \`${present[1]}\``, pointer);
  }
  return present[0];
}

function compileBoolean(
  node: Record<string, unknown>,
  key: 'all' | 'any' | 'not',
  pointer: string,
  depth: number,
  state: CompileState,
): Test {
  checkKeys(node, [key, 'name', 'priority'], pointer);
  checkNameAndPriority(node, pointer);
  const childPointer = `${pointer}/${key}`;
  const body = node[key];
  if (key === 'not') {
    if (Array.isArray(body)) throw new ConditionError('`not` takes one condition, not a list', childPointer);
    const inner = compileNode(body, childPointer, depth + 1, state);
    return (facts) => !inner(facts);
  }
  if (!Array.isArray(body)) throw new ConditionError(`\`${key}\` must be a list of conditions`, childPointer);
  // json-rules-engine 7.3 treats an empty `any` as true (its prioritizeAndRun returns true for
  // no conditions), where logic and most readers expect false; refuse it rather than pick.
  if (key === 'any' && body.length === 0) {
    throw new ConditionError('an empty `any` is ambiguous (json-rules-engine reads it as true); remove it', childPointer);
  }
  const children = body.map((child, index) => compileNode(child, `${childPointer}/${index}`, depth + 1, state));
  // Specialise the common sizes; an empty `all` is true, as in json-rules-engine.
  if (children.length === 0) return () => true;
  if (children.length === 1) return children[0] as Test;
  if (key === 'all') {
    return (facts) => {
      for (let i = 0; i < children.length; i++) if (!(children[i] as Test)(facts)) return false;
      return true;
    };
  }
  return (facts) => {
    for (let i = 0; i < children.length; i++) if ((children[i] as Test)(facts)) return true;
    return false;
  };
}

function compileComparison(node: Record<string, unknown>, pointer: string, state: CompileState): Test {
  if (Object.hasOwn(node, 'condition')) {
    throw new ConditionError('named condition references are not supported', `${pointer}/condition`);
  }
  if (Object.hasOwn(node, 'params')) {
    throw new ConditionError('fact `params` are not supported: every fact is a plain value', `${pointer}/params`);
  }
  checkKeys(node, ['fact', 'operator', 'value', 'path', 'name', 'priority'], pointer);
  checkNameAndPriority(node, pointer);
  for (const required of ['fact', 'operator', 'value'] as const) {
    if (!Object.hasOwn(node, required)) {
      throw new ConditionError(`a condition needs \`all\`, \`any\`, \`not\` or \`${required}\``, pointer);
    }
  }
  const getFact = compileFactGetter(node, pointer, state);
  const operator = node.operator;
  if (typeof operator !== 'string' || !(OPERATORS as readonly string[]).includes(operator)) {
    throw new ConditionError(
      `unknown operator \`${String(operator)}\`; use one of ${OPERATORS.join(', ')}`,
      `${pointer}/operator`,
    );
  }
  const compare = COMPARE[operator as OperatorName];
  const value = node.value;
  const valuePointer = `${pointer}/value`;
  if (isPlainObject(value) && Object.hasOwn(value, 'fact')) {
    const getValue = compileFactGetter(value, valuePointer, state);
    checkKeys(value, ['fact', 'path'], valuePointer);
    return (facts) => compare(getFact(facts), getValue(facts));
  }
  checkValue(operator as OperatorName, value, valuePointer);
  return (facts) => compare(getFact(facts), value);
}

/** `{ fact, path? }` to a getter; shared by the left side and fact references on the right. */
function compileFactGetter(node: Record<string, unknown>, pointer: string, state: CompileState): Getter {
  const fact = node.fact;
  if (typeof fact !== 'string' || !FACT_NAMES.has(fact)) {
    throw new ConditionError(
      `unknown fact \`${String(fact)}\`; use one of ${[...FACT_NAMES].join(', ')}`,
      `${pointer}/fact`,
    );
  }
  state.facts.add(fact);
  const path = node.path;
  // json-rules-engine skips a falsy path, so an absent path and `''` both mean "no path".
  if (path === undefined || path === '') {
    return (facts) => (Object.hasOwn(facts, fact) ? facts[fact] : undefined);
  }
  if (typeof path !== 'string') throw new ConditionError('`path` must be a string', `${pointer}/path`);
  const steps = parsePath(path, `${pointer}/path`);
  // Never step into prototype machinery, even where the data owns such a key.
  if (steps.some((step) => FORBIDDEN_STEPS.has(step))) return () => undefined;
  return (facts) => {
    let value = Object.hasOwn(facts, fact) ? facts[fact] : undefined;
    // json-rules-engine applies a path only to a non-null object fact; otherwise the fact
    // value itself is compared.
    if (typeof value !== 'object' || value === null) return value;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i] as string;
      // jsonpath-plus follows a step only from a truthy value that owns the property.
      if (!value || !Object.hasOwn(value as object, step)) return undefined;
      value = (value as Record<string, unknown>)[step];
    }
    return value;
  };
}

const NAME_STEP = /^\.([A-Za-z_][A-Za-z0-9_]*)/;
const INDEX_STEP = /^\[(0|[1-9][0-9]{0,8})\]/;
const QUOTED_STEP = /^\['([A-Za-z0-9_ ./-]+)'\]/;
const FORBIDDEN_STEPS: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor']);

/** Parses the supported JSONPath subset into property names, one per step. */
export function parsePath(path: string, pointer = ''): readonly string[] {
  if (path.length > MAX_PATH_LENGTH) {
    throw new ConditionError(`path is longer than ${MAX_PATH_LENGTH} characters`, pointer);
  }
  if (!path.startsWith('$') || path === '$') {
    throw new ConditionError(
      `unsupported path \`${path}\`; write \`$.name\`, \`$.list[0]\`, \`$['key']\` or \`$.name.length\``,
      pointer,
    );
  }
  const steps: string[] = [];
  let rest = path.slice(1);
  while (rest.length > 0) {
    const match = NAME_STEP.exec(rest) ?? INDEX_STEP.exec(rest) ?? QUOTED_STEP.exec(rest);
    const step = match?.[1];
    // A quoted key needs a letter, digit or `_`: `..` would mean descent in jsonpath-plus.
    if (match === null || step === undefined || !/[A-Za-z0-9_]/.test(step)) {
      throw new ConditionError(
        `unsupported path \`${path}\` at \`${rest}\`; write \`$.name\`, \`$.list[0]\`, \`$['key']\` or \`$.name.length\``,
        pointer,
      );
    }
    steps.push(step);
    rest = rest.slice(match[0].length);
  }
  return steps;
}

function checkValue(operator: OperatorName, value: unknown, pointer: string): void {
  switch (operator) {
    case 'lessThan':
    case 'lessThanInclusive':
    case 'greaterThan':
    case 'greaterThanInclusive':
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new ConditionError(`\`${operator}\` needs a number value`, pointer);
      }
      return;
    case 'in':
    case 'notIn':
      if (!Array.isArray(value) || !value.every(isPrimitive)) {
        throw new ConditionError(`\`${operator}\` needs a list of strings, numbers, booleans or null`, pointer);
      }
      if (value.length > MAX_LIST_LENGTH) {
        throw new ConditionError(`\`${operator}\` list is longer than ${MAX_LIST_LENGTH}`, pointer);
      }
      return;
    default:
      if (!isPrimitive(value)) {
        throw new ConditionError(`\`${operator}\` needs a string, number, boolean or null value`, pointer);
      }
  }
}

// json-rules-engine's numeric operators accept a fact value when parseFloat reads a number
// out of it (so `"12abc"` and `[5]` pass), then compare with JavaScript's `<`/`>`.
function isNumberLike(factValue: unknown): boolean {
  return Number.parseFloat(factValue as string).toString() !== 'NaN';
}

type Loose = number; // the operators below use JavaScript's own coercions, as json-rules-engine does

const COMPARE: Readonly<Record<OperatorName, Compare>> = {
  equal: (a, b) => a === b,
  notEqual: (a, b) => a !== b,
  lessThan: (a, b) => isNumberLike(a) && (a as Loose) < (b as Loose),
  lessThanInclusive: (a, b) => isNumberLike(a) && (a as Loose) <= (b as Loose),
  greaterThan: (a, b) => isNumberLike(a) && (a as Loose) > (b as Loose),
  greaterThanInclusive: (a, b) => isNumberLike(a) && (a as Loose) >= (b as Loose),
  // `b.indexOf` as json-rules-engine calls it: an array's strict search, or (for a fact
  // reference holding a string) a substring search; anything else throws, as there.
  in: (a, b) => (b as unknown[]).indexOf(a) > -1,
  notIn: (a, b) => (b as unknown[]).indexOf(a) === -1,
  contains: (a, b) => Array.isArray(a) && a.indexOf(b) > -1,
  doesNotContain: (a, b) => Array.isArray(a) && a.indexOf(b) === -1,
};

function checkKeys(node: Record<string, unknown>, allowed: readonly string[], pointer: string): void {
  for (const key of Object.keys(node)) {
    if (!allowed.includes(key)) {
      throw new ConditionError(`unknown key \`${key}\` in a condition`, `${pointer}/${escapePointer(key)}`);
    }
  }
}

function checkNameAndPriority(node: Record<string, unknown>, pointer: string): void {
  if (Object.hasOwn(node, 'name') && typeof node.name !== 'string') {
    throw new ConditionError('`name` must be a string', `${pointer}/name`);
  }
  if (Object.hasOwn(node, 'priority')) {
    const priority = node.priority;
    if (typeof priority !== 'number' || !Number.isInteger(priority) || priority < 1) {
      throw new ConditionError('`priority` must be a positive integer', `${pointer}/priority`);
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPrimitive(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
