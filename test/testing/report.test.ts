import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatHuman, formatJson, formatJunit, xmlEscape } from '../../src/testing/report.js';
import type { TestReport } from '../../src/testing/run.js';

/** A small XML well-formedness check: balanced tags, quoted attributes, only known entities. */
function wellFormed(xml: string): string | undefined {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/gy;
  let m: RegExpExecArray | null;
  let roots = 0;
  while ((m = token.exec(body)) !== null) {
    if (m[6]) return `stray < at ${m.index}`;
    const text = m[5] ?? m[3] ?? '';
    if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) return `bad entity near ${m.index}`;
    if (m[5] !== undefined) {
      if (stack.length === 0 && m[5].trim() !== '') return 'text outside the root';
      continue;
    }
    const name = m[2]!;
    if (m[1]) {
      if (stack.pop() !== name) return `unbalanced </${name}>`;
    } else if (!m[4]) {
      if (stack.length === 0) roots++;
      stack.push(name);
    } else if (stack.length === 0) roots++;
  }
  if (token.lastIndex !== 0 && token.lastIndex < body.length) return 'unparsed tail';
  if (stack.length > 0) return `unclosed <${stack.at(-1)}>`;
  return roots === 1 ? undefined : `expected one root, found ${roots}`;
}

const loc = (file: string, line: number) => ({ file, line, column: 5 });

function sample(name = 'a case', message = 'path `x` matches forbidden glob `.env`'): TestReport {
  return {
    testFiles: ['/w/policies/a.test.yaml'],
    errors: [{ code: 'test-invalid', severity: 'error', message: 'unknown key `colour`', location: loc('/w/policies/b.test.yaml', 4), pointer: '/cases/0/colour' }],
    cases: [
      { file: '/w/policies/a.test.yaml', name: 'passes', location: loc('/w/policies/a.test.yaml', 3), passed: true, calls: 1 },
      {
        file: '/w/policies/a.test.yaml',
        name,
        location: loc('/w/policies/a.test.yaml', 9),
        passed: false,
        calls: 1,
        failure: {
          step: 1,
          repeat: 1,
          location: loc('/w/policies/a.test.yaml', 10),
          expected: 'allow',
          actual: 'deny',
          missingReasons: [],
          reasons: [{ policy: 'org', check: 'paths.forbidden', message, source: '/w/policies/org.yaml:12:7' }],
        },
      },
    ],
    coverage: {
      total: 4,
      covered: 3,
      percent: 75,
      byPolicy: [{ policy: 'org', total: 4, covered: 3, uncovered: [{ policy: 'org', pointer: '/paths/forbidden/1', source: '/w/policies/org.yaml:13:7', label: 'paths.forbidden `*.pem`' }] }],
    },
    passed: false,
  };
}

describe('test reports', () => {
  it('human output names the failing case by file:line, expected vs actual, reasons and uncovered items', () => {
    const text = formatHuman(sample(), { cwd: '/w', minCoverage: 100 });
    expect(text).toContain('policies/b.test.yaml:4:5: error test-invalid: unknown key `colour`');
    expect(text).toContain('FAIL policies/a.test.yaml:9:5 a case');
    expect(text).toContain('expected allow, got deny');
    expect(text).toContain('reason: org paths.forbidden: path `x` matches forbidden glob `.env` [/w/policies/org.yaml:12:7]');
    expect(text).toContain('not covered: paths.forbidden `*.pem` at policies/org.yaml:13:7');
    expect(text).toContain('coverage 75% is below the minimum 100%');
    expect(text).not.toContain('FAIL policies/a.test.yaml:3');
  });

  it('json output is parseable and carries the failure', () => {
    const body = JSON.parse(formatJson(sample(), { cwd: '/w' }));
    expect(body.passed).toBe(false);
    expect(body.cases[1].failure.location).toBe('policies/a.test.yaml:10:5');
    expect(body.coverage.percent).toBe(75);
  });

  it('junit is well-formed and counts tests, failures and errors', () => {
    const xml = formatJunit(sample(), { cwd: '/w', minCoverage: 100 });
    expect(wellFormed(xml)).toBeUndefined();
    expect(xml).toMatch(/<testsuites name="toolwarden" tests="4" failures="2" errors="1">/);
    expect(xml).toContain('<testcase name="passes" classname="policies/a.test.yaml" file="policies/a.test.yaml" line="3"/>');
    expect(xml).toContain('<failure type="coverage" message="coverage 75% is below 100%">');
  });

  it('junit stays well-formed for any case name and message', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60, unit: 'binary' }), fc.string({ maxLength: 60, unit: 'binary' }), (name, message) => {
        expect(wellFormed(formatJunit(sample(name, message), { cwd: '/w', minCoverage: 50 }))).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('the checker itself rejects broken XML', () => {
    expect(wellFormed('<a><b></a></b>')).toBeDefined();
    expect(wellFormed('<a x="1 & 2"/>')).toBeDefined();
    expect(wellFormed('<a>1 < 2</a>')).toBeDefined();
    expect(wellFormed('<a/><b/>')).toBeDefined();
    expect(xmlEscape('a\u0000<b>&"\'')).toBe('a&lt;b&gt;&amp;&quot;&apos;');
  });
});
