// Printing a test run for a person (human), a program (json) or a CI server (junit).
import { relative } from 'node:path';
import type { Diagnostic, SourceLocation } from '../types.js';
import type { CaseResult, StepFailure, TestReport } from './run.js';

export type TestFormat = 'human' | 'json' | 'junit';

export interface ReportOptions {
  /** Paths are printed relative to this folder. */
  cwd: string;
  /** Coverage below this percentage fails the run (undefined: coverage never fails). */
  minCoverage?: number;
}

export function coverageOk(report: TestReport, minCoverage: number | undefined): boolean {
  return minCoverage === undefined || report.coverage.percent >= minCoverage;
}

function where(location: SourceLocation, cwd: string): string {
  return `${rel(location.file, cwd)}:${location.line}:${location.column}`;
}

function rel(file: string, cwd: string): string {
  const r = relative(cwd, file);
  return r === '' || r.startsWith('..') ? file : r;
}

function diagnosticLine(d: Diagnostic, cwd: string): string {
  return `${where(d.location, cwd)}: ${d.severity} ${d.code}: ${d.message}`;
}

/** What went wrong in one failed case, as indented lines. */
export function failureLines(result: CaseResult, cwd: string): string[] {
  const f = result.failure;
  if (!f) return [];
  const lines: string[] = [];
  const stepLabel = f.repeat > 1 ? `step ${f.step} (replay ${f.repeat})` : `step ${f.step}`;
  lines.push(`at ${where(f.location, cwd)}${result.calls > 1 || f.step > 1 ? `, ${stepLabel}` : ''}`);
  if (f.invalidCall) {
    lines.push(`invalid call: ${f.invalidCall}`);
    return lines;
  }
  lines.push(`expected ${f.expected}, got ${f.actual}`);
  if (f.missingReasons.length > 0) lines.push(`missing reasons: ${f.missingReasons.join(', ')}`);
  if (f.reasons.length === 0) lines.push('reasons: none');
  for (const r of f.reasons) {
    lines.push(`reason: ${r.policy} ${r.check}${r.rule ? ` (${r.rule})` : ''}: ${r.message} [${r.source}]`);
  }
  return lines;
}

export function formatHuman(report: TestReport, options: ReportOptions): string {
  const out: string[] = [];
  for (const d of report.errors) out.push(diagnosticLine(d, options.cwd));
  for (const result of report.cases) {
    if (result.passed) continue;
    out.push(`FAIL ${where(result.location, options.cwd)} ${result.name}`);
    for (const line of failureLines(result, options.cwd)) out.push(`     ${line}`);
  }
  const failed = report.cases.filter((c) => !c.passed).length;
  const passed = report.cases.length - failed;
  out.push(
    `${report.cases.length} cases in ${report.testFiles.length} files: ${passed} passed, ${failed} failed` +
      (report.errors.length > 0 ? `, ${report.errors.length} errors` : ''),
  );
  const c = report.coverage;
  out.push(`coverage: ${c.covered}/${c.total} (${c.percent}%)`);
  for (const p of c.byPolicy) {
    out.push(`  ${p.policy}: ${p.covered}/${p.total}`);
    for (const item of p.uncovered) out.push(`    not covered: ${item.label} at ${rel(item.source, options.cwd)}`);
  }
  if (!coverageOk(report, options.minCoverage)) {
    out.push(`coverage ${c.percent}% is below the minimum ${options.minCoverage}%`);
  }
  return out.join('\n') + '\n';
}

export function formatJson(report: TestReport, options: ReportOptions): string {
  const body = {
    passed: report.passed && coverageOk(report, options.minCoverage),
    testFiles: report.testFiles.map((f) => rel(f, options.cwd)),
    errors: report.errors,
    cases: report.cases.map((c) => ({
      file: rel(c.file, options.cwd),
      name: c.name,
      line: c.location.line,
      passed: c.passed,
      calls: c.calls,
      ...(c.failure ? { failure: failureJson(c.failure, options.cwd) } : {}),
    })),
    coverage: { ...report.coverage, minimum: options.minCoverage ?? null },
  };
  return JSON.stringify(body, null, 2) + '\n';
}

function failureJson(f: StepFailure, cwd: string): object {
  return { ...f, location: where(f.location, cwd) };
}

/** Escapes text for XML attributes and text, dropping characters XML 1.0 cannot hold. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * JUnit XML: one testsuite per test file, one testcase per case; file errors are
 * `<error>` testcases, and a coverage shortfall is a failing testcase of its own suite.
 */
export function formatJunit(report: TestReport, options: ReportOptions): string {
  const suites = new Map<string, string[]>();
  const counts = new Map<string, { tests: number; failures: number; errors: number }>();
  const suite = (file: string) => {
    const name = rel(file, options.cwd);
    if (!suites.has(name)) {
      suites.set(name, []);
      counts.set(name, { tests: 0, failures: 0, errors: 0 });
    }
    return { cases: suites.get(name)!, count: counts.get(name)! };
  };
  for (const d of report.errors) {
    const s = suite(d.location.file);
    s.count.tests++;
    s.count.errors++;
    s.cases.push(
      `    <testcase name="${xmlEscape(`load ${rel(d.location.file, options.cwd)}`)}" classname="toolwarden.load">\n` +
        `      <error type="${xmlEscape(d.code)}" message="${xmlEscape(d.message)}">${xmlEscape(diagnosticLine(d, options.cwd))}</error>\n` +
        `    </testcase>`,
    );
  }
  for (const c of report.cases) {
    const s = suite(c.file);
    s.count.tests++;
    const file = rel(c.file, options.cwd);
    const open = `    <testcase name="${xmlEscape(c.name)}" classname="${xmlEscape(file)}" file="${xmlEscape(file)}" line="${c.location.line}"`;
    if (c.passed) {
      s.cases.push(`${open}/>`);
      continue;
    }
    s.count.failures++;
    const lines = failureLines(c, options.cwd);
    const message = c.failure?.invalidCall ? 'invalid call' : `expected ${c.failure?.expected}, got ${c.failure?.actual}`;
    s.cases.push(`${open}>\n      <failure type="decision" message="${xmlEscape(message)}">${xmlEscape(lines.join('\n'))}</failure>\n    </testcase>`);
  }
  if (options.minCoverage !== undefined) {
    const name = 'coverage';
    suites.set(name, []);
    counts.set(name, { tests: 1, failures: 0, errors: 0 });
    const cov = report.coverage;
    const open = `    <testcase name="${xmlEscape(`coverage at least ${options.minCoverage}%`)}" classname="toolwarden.coverage"`;
    if (coverageOk(report, options.minCoverage)) suites.get(name)!.push(`${open}/>`);
    else {
      counts.get(name)!.failures = 1;
      const detail = cov.byPolicy.flatMap((p) => p.uncovered.map((i) => `${p.policy}: not covered: ${i.label} at ${rel(i.source, options.cwd)}`));
      suites
        .get(name)!
        .push(`${open}>\n      <failure type="coverage" message="${xmlEscape(`coverage ${cov.percent}% is below ${options.minCoverage}%`)}">${xmlEscape(detail.join('\n'))}</failure>\n    </testcase>`);
    }
  }
  let tests = 0;
  let failures = 0;
  let errors = 0;
  const body: string[] = [];
  for (const [name, cases] of suites) {
    const n = counts.get(name)!;
    tests += n.tests;
    failures += n.failures;
    errors += n.errors;
    body.push(`  <testsuite name="${xmlEscape(name)}" tests="${n.tests}" failures="${n.failures}" errors="${n.errors}">\n${cases.join('\n')}\n  </testsuite>`);
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="toolwarden" tests="${tests}" failures="${failures}" errors="${errors}">\n` +
    body.join('\n') +
    (body.length > 0 ? '\n' : '') +
    `</testsuites>\n`
  );
}
