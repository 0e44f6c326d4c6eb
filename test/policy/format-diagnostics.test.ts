import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Log } from 'sarif';
import { escapeGithubData, escapeGithubProperty, formatDiagnostics } from '../../src/cli/format-diagnostics.js';
import { DiagnosticCode } from '../../src/errors.js';
import type { Diagnostic } from '../../src/types.js';

const sample: Diagnostic[] = [
  { code: 'schema-unknown-key', severity: 'error', message: 'unknown key `shel` (did you mean `shell`?)', location: { file: 'policies/a b.yaml', line: 3, column: 1 }, pointer: '/shel' },
  { code: 'empty-allowlist', severity: 'warning', message: '`tools.allow` is empty: 100% denied,\nreally', location: { file: 'dir,x:y/p.yaml', line: 10, column: 12 }, pointer: '/tools/allow' },
];

describe('formatDiagnostics', () => {
  it('human: one line per diagnostic and a summary', () => {
    expect(formatDiagnostics(sample, 'human')).toBe(
      'policies/a b.yaml:3:1: error schema-unknown-key: unknown key `shel` (did you mean `shell`?)\n' +
        'dir,x:y/p.yaml:10:12: warning empty-allowlist: `tools.allow` is empty: 100% denied, really\n' +
        '1 error, 1 warning\n',
    );
    expect(formatDiagnostics([], 'human')).toBe('no problems\n');
  });

  it('json: the diagnostics as an array', () => {
    expect(JSON.parse(formatDiagnostics(sample, 'json'))).toEqual(sample);
  });

  it('github: workflow commands with escaped data and properties', () => {
    expect(formatDiagnostics(sample, 'github')).toBe(
      '::error file=policies/a b.yaml,line=3,col=1,title=schema-unknown-key::unknown key `shel` (did you mean `shell`?)\n' +
        '::warning file=dir%2Cx%3Ay/p.yaml,line=10,col=12,title=empty-allowlist::`tools.allow` is empty: 100%25 denied,%0Areally\n',
    );
  });

  it('github escaping cannot be broken out of (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const data = escapeGithubData(text);
        const property = escapeGithubProperty(text);
        expect(data).not.toMatch(/[\r\n]/);
        expect(property).not.toMatch(/[\r\n,:]/);
        // decoding restores the text: nothing is lost or ambiguous
        expect(decodeURIComponent(property.replace(/%(?![0-9A-F]{2})/g, '%25'))).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('sarif: a SARIF 2.1.0 log with a rule for every code', () => {
    const log = JSON.parse(formatDiagnostics(sample, 'sarif')) as Log;
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif-2\.1\.0/);
    const run = log.runs[0];
    const rules = run?.tool.driver.rules ?? [];
    for (const code of Object.values(DiagnosticCode)) expect(rules.some((r) => r.id === code), code).toBe(true);
    for (const rule of rules) expect(rule.shortDescription?.text.length).toBeGreaterThan(10);
    expect(run?.results).toHaveLength(2);
    const [first, second] = run?.results ?? [];
    expect(first).toMatchObject({ ruleId: 'schema-unknown-key', level: 'error', message: { text: sample[0]?.message } });
    expect(rules[first?.ruleIndex ?? -1]?.id).toBe('schema-unknown-key');
    expect(first?.locations?.[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: 'policies/a%20b.yaml' },
      region: { startLine: 3, startColumn: 1 },
    });
    expect(second?.level).toBe('warning');
    expect(rules[second?.ruleIndex ?? -1]?.id).toBe('empty-allowlist');
  });

  it('sarif: unknown codes from other modules get a rule too', () => {
    const other: Diagnostic = { ...sample[0]!, code: 'something-new' };
    const log = JSON.parse(formatDiagnostics([other], 'sarif')) as Log;
    const run = log.runs[0];
    expect(run?.tool.driver.rules?.[run.results?.[0]?.ruleIndex ?? -1]?.id).toBe('something-new');
  });
});
