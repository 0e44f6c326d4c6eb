// Invariants of loading: never throws, locations point at the node, JSON and YAML agree,
// the glob guard accepts ordinary globs and rejects nested repetition.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { stringify } from 'yaml';
import { loadPolicyText, globProblem, globMeaningProblem } from '../../src/policy/index.js';
import type { PolicyDocument } from '../../src/policy/index.js';
import { hasNestedRepetition } from '../../src/policy/unsafe-regex.js';
import { compilePolicies } from '../../src/index.js';

const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
const nameGlob = fc.oneof(
  word,
  word.map((w) => `${w}*`),
  word.map((w) => `**/${w}/**`),
  word.map((w) => `*.${w}`),
  fc.tuple(word, word).map(([a, b]) => `{${a},${b}}/*`),
);
const glob = fc.oneof(nameGlob, fc.tuple(word, word).map(([a, b]) => `${a} ${b} *`));
const globs = fc.array(glob, { minLength: 1, maxLength: 4 });
// Tool names hold no blanks (a tool glob with one is refused: it matches nothing).
const toolGlobs = fc.array(nameGlob, { minLength: 1, maxLength: 4 });

/** Random valid policy documents. */
const policy: fc.Arbitrary<PolicyDocument> = fc.record(
  {
    version: fc.constant(1 as const),
    id: word,
    description: fc.string({ maxLength: 40 }),
    match: fc.record({ tools: toolGlobs, agents: globs }, { requiredKeys: [] }),
    tools: fc.record({ allow: toolGlobs, approve: toolGlobs, deny: toolGlobs }, { requiredKeys: [] }),
    autonomy: fc.constantFrom('readonly' as const, 'supervised' as const, 'full' as const),
    paths: fc.record({ forbidden: globs, allowed: globs }, { requiredKeys: [] }),
    shell: fc.record({ allow: globs, deny: globs }, { requiredKeys: [] }),
    limits: fc.record({ maxToolCalls: fc.nat(1000) }),
    rules: fc.array(
      fc.record({
        id: word.map((w) => `rule-${w}`),
        when: fc.record({ fact: fc.constant('toolName' as const), operator: fc.constant('equal' as const), value: word }),
        decision: fc.constantFrom('deny' as const, 'ask' as const),
      }),
      { maxLength: 1 },
    ),
  },
  { requiredKeys: ['version', 'id'] },
);

/** Every scalar leaf of a value, with its JSON pointer. */
function leaves(value: unknown, pointer = ''): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${pointer}/${i}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, `${pointer}/${k}`));
  }
  return [[pointer, value]];
}

function offsetOf(text: string, line: number, column: number): number {
  const lines = text.split('\n');
  return lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1;
}

describe('loading properties', () => {
  it('never throws and always locates diagnostics inside the text, for arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const result = loadPolicyText(text, 'any.yaml');
        const lineCount = text.split(/\r\n|\r|\n/).length;
        for (const d of result.diagnostics) {
          expect(d.location.line).toBeGreaterThanOrEqual(1);
          expect(d.location.line).toBeLessThanOrEqual(lineCount + 1);
          expect(d.location.column).toBeGreaterThanOrEqual(1);
          expect(d.message).not.toMatch(/[\r\n]/);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws for YAML-ish noise built from policy words and punctuation', () => {
    const token = fc.constantFrom('version', 'id', 'shell', 'allow', ':', ' ', '\n', '  ', '- ', '[', ']', '{', '}', ',', '&a', '*a', '"', "'", '1', 'x', '---\n', '#', '\t', '!!str', '? ');
    fc.assert(
      fc.property(fc.array(token, { maxLength: 80 }), (tokens) => {
        const result = loadPolicyText(tokens.join(''), 'noise.yaml');
        expect(Array.isArray(result.diagnostics)).toBe(true);
        for (const p of result.policies) expect(typeof p.doc.id).toBe('string');
      }),
      { numRuns: 1000 },
    );
  });

  it('loads valid documents unchanged from YAML and from JSON, and locates every leaf at its value', () => {
    fc.assert(
      fc.property(policy, fc.boolean(), (doc, asJson) => {
        const text = asJson ? JSON.stringify(doc, null, 2) : stringify(doc);
        const result = loadPolicyText(text, 'p.yaml');
        expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        expect(result.policies).toHaveLength(1);
        const loaded = result.policies[0]!;
        expect(loaded.doc).toEqual(doc);
        for (const [pointer, value] of leaves(doc)) {
          const where = loaded.locate(pointer);
          const at = text.slice(offsetOf(text, where.line, where.column));
          const plain = String(value);
          expect([plain, JSON.stringify(value), `'${plain}`].some((form) => at.startsWith(form)), `${pointer} at ${where.line}:${where.column}`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reports an unknown key at the key, whatever the key and wherever the section', () => {
    const section = fc.constantFrom('tools', 'paths', 'shell', 'workspace', 'limits', 'scopes', 'approval', 'match');
    fc.assert(
      fc.property(section, word.map((w) => `x_${w}`), (name, key) => {
        const text = `version: 1\nid: p\n${name}:\n  ${key}: 1\n`;
        const result = loadPolicyText(text, 'p.yaml');
        expect(result.policies).toEqual([]);
        expect(result.diagnostics.map((d) => [d.code, d.location.line, d.location.column, d.pointer])).toEqual([
          ['schema-unknown-key', 4, 3, `/${name}/${key}`],
        ]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('glob guard', () => {
  it('accepts ordinary globs', () => {
    fc.assert(
      fc.property(glob, (g) => {
        expect(globProblem(g)).toBeUndefined();
      }),
      { numRuns: 500 },
    );
    for (const g of ['**/.ssh/**', '*.pem', '/etc/**', '~/.aws/**', 'src/**', 'a/**/b/**/c', '{a,b}/*.{js,ts}', '[abc]*.md', 'git diff *', '**/.env*']) {
      expect(globProblem(g), g).toBeUndefined();
    }
  });

  it('rejects extglobs that repeat repetition or alternatives, and ones that do not compile', () => {
    for (const g of ['x+(a*)y', 'x*(a+(b))', 'x+(*)', '*(a|b)', 'x+(a|b)y', 'a/*(b*)/c']) {
      expect(globProblem(g)?.code, g).toBe('unsafe-regex');
    }
    // every extglob is refused: picomatch backtracks on some and silently matches others literally
    for (const g of ['@(a|b)', '?(a|b)', '!(x)', 'x*(*(a))y', '+(a|aa)', '**/+(a|aa)']) {
      expect(globProblem(g)?.code, g).toBe('unsafe-regex');
    }
    expect(globProblem('[z-a]')?.code).toBe('bad-glob');
    expect(globProblem('x'.repeat(1025))?.code).toBe('glob-too-long');
  });

  it('refuses globs that mean other than they look: a leading `!`, a backslash as a path separator', () => {
    for (const g of ['!exec', '!src/generated/**', '!*.pem']) expect(globMeaningProblem(g, true)?.code, g).toBe('bad-glob');
    expect(globMeaningProblem('!trusted', false)?.code).toBe('bad-glob');
    for (const g of ['config\\prod.key', 'C:\\Users\\x', 'a\\', 'src\\1']) expect(globMeaningProblem(g, true)?.code, g).toBe('bad-glob');
    // escapes of special characters, a `!` inside a glob and a bracket negation stay fine
    for (const g of ['\\!x', 'a\\*b', 'x/!y', '[!.]*', 'src/**', '.env', '\\[x\\]']) expect(globMeaningProblem(g, true), g).toBeUndefined();
    // a name glob may hold a backslash before a letter (no separators there)
    expect(globMeaningProblem('a\\b', false)).toBeUndefined();
    const text = 'version: 1\nid: n\ntools:\n  allow: ["*", "!exec"]\n';
    expect(loadPolicyText(text, 'n.yaml').diagnostics.map((d) => `${d.location.line}:${d.location.column} ${d.code}`)).toEqual(['4:16 bad-glob']);
  });

  it('a tool, agent or channel glob it accepts compiles as a name glob (the set builds)', () => {
    for (const g of ['[!]-0]', '[\\0-,a]*']) {
      const text = `version: 1\nid: n\ntools:\n  deny: [${JSON.stringify(g)}]\n`;
      expect(loadPolicyText(text, 'n.yaml').diagnostics.map((d) => d.code), g).toEqual(['bad-glob']);
    }
    const piece = fc.constantFrom('a', '*', '?', '[', ']', '!', '^', '-', '0', ',', '\\', '{', '}', '.');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), (pieces) => {
        const g = pieces.join('');
        const text = `version: 1\nid: n\ntools:\n  deny: [${JSON.stringify(g)}]\nmatch:\n  agents: [${JSON.stringify(g)}]\n`;
        const loaded = loadPolicyText(text, 'n.yaml');
        if (loaded.diagnostics.some((d) => d.severity === 'error')) return;
        expect(() => compilePolicies(loaded.policies, { home: '/home/u' })).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it('every glob it accepts matches a long hostile string in linear-ish time (no catastrophic backtracking)', () => {
    const piece = fc.constantFrom('a', '*', '**', '/', '?', '+(a)', '*(a)', '@(a|b)', '+(a|b)', '*(a*)', '{a,b}', '[ab]', '.');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), (pieces) => {
        const g = pieces.join('');
        const re = picomatch.makeRe(g, { dot: true });
        if (hasNestedRepetition(re.source)) return;
        // 40 characters: a nested quantifier would need ~2^40 steps and time the test out.
        re.test('a'.repeat(40) + '!');
      }),
      { numRuns: 300 },
    );
  });
});
