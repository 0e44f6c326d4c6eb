// Running policy tests: every case against a fresh limit state, calls replayed with their
// own `time`, and coverage collected from the explain trace's `hits`.
import { loadPolicySet, parseToolCall } from '../index.js';
import type { CoverageItem, PolicySet } from '../engine/api.js';
import type { DecisionKind, Diagnostic, Reason, SourceLocation } from '../types.js';
import { fileDiagnostic, findTestFiles, readTestFile } from './load.js';
import type { TestCase, TestStep } from './load.js';
import { resettableStore } from './store.js';

/** The clock used for calls without `time`, so a test run never depends on the wall clock. */
export const TEST_CLOCK_MS = 1_764_400_000_000;

export interface StepFailure {
  /** 1-based index of the step in a sequence (1 for a single call). */
  step: number;
  /** 1-based replay of a repeated step. */
  repeat: number;
  location: SourceLocation;
  expected: DecisionKind;
  actual: DecisionKind;
  /** Ids the case required that no reason carried. */
  missingReasons: string[];
  reasons: Reason[];
  /** Set when the call itself is not a valid tool call. */
  invalidCall?: string;
}

export interface CaseResult {
  file: string;
  name: string;
  location: SourceLocation;
  passed: boolean;
  /** Calls evaluated, counting repeats. */
  calls: number;
  failure?: StepFailure;
}

export interface PolicyCoverage {
  policy: string;
  total: number;
  covered: number;
  uncovered: CoverageItem[];
}

export interface CoverageReport {
  total: number;
  covered: number;
  /** 100 when there is nothing to cover. */
  percent: number;
  byPolicy: PolicyCoverage[];
}

export interface TestReport {
  testFiles: string[];
  /** Test files or policies that could not be read: each makes the run fail. */
  errors: Diagnostic[];
  cases: CaseResult[];
  coverage: CoverageReport;
  /** True when there are no errors, at least one case, and every case passed. */
  passed: boolean;
}

// A coverage item is a policy's setting, and a policy is its id in its file: two sets may
// each hold a policy of one id (per-environment copies), whose items must not merge (red team
// 22A: one set's test covered the other's untested rule).
function itemKey(file: string, policy: string, pointer: string): string {
  return `${file}\u0000${policy}\u0000${pointer}`;
}

/** The file of an item's source (`file:line:column`). */
function fileOfSource(source: string): string {
  return /^(.*):\d+:\d+$/.exec(source)?.[1] ?? source;
}

const keyOfItem = (item: CoverageItem): string => itemKey(fileOfSource(item.source), item.policy, item.pointer);

/** Finds the test files in `paths` and runs them all. */
export async function runPolicyTests(paths: string[], options: { home?: string } = {}): Promise<TestReport> {
  const found = await findTestFiles(paths);
  const errors: Diagnostic[] = [...found.diagnostics];
  if (found.files.length === 0 && errors.length === 0) {
    errors.push(fileDiagnostic(paths.join(' '), 'no-tests', 'no policy tests (`*.test.yaml`) found'));
  }
  const cases: CaseResult[] = [];
  const items = new Map<string, CoverageItem>();
  const hits = new Set<string>();

  for (const file of found.files) {
    const read = await readTestFile(file);
    if (!read.testFile) {
      errors.push(...read.diagnostics);
      continue;
    }
    const testFile = read.testFile;
    if (testFile.policies.length === 0) {
      errors.push(fileDiagnostic(file, 'no-policies', 'no policies to test: name them in `policies` or put the test next to them'));
      continue;
    }
    const state = resettableStore();
    const engineOptions = { store: state.store, clock: () => TEST_CLOCK_MS, ...(options.home ? { home: options.home } : {}) };
    const loaded = await loadPolicySet(testFile.policies, engineOptions);
    if (!loaded.set) {
      const policyErrors = loaded.diagnostics.filter((d) => d.severity === 'error');
      errors.push(...(policyErrors.length > 0 ? policyErrors : [fileDiagnostic(file, 'no-policies', 'the policies could not be loaded')]));
      continue;
    }
    const set = loaded.set;
    for (const item of set.coverageItems) items.set(keyOfItem(item), item);
    for (const testCase of testFile.cases) {
      state.reset();
      cases.push(await runCase(file, testCase, set, hits));
    }
  }
  const coverage = coverageOf([...items.values()], hits);
  const passed = errors.length === 0 && cases.length > 0 && cases.every((c) => c.passed);
  return { testFiles: found.files, errors, cases, coverage, passed };
}

async function runCase(file: string, testCase: TestCase, set: PolicySet, hits: Set<string>): Promise<CaseResult> {
  let calls = 0;
  for (const [index, step] of testCase.steps.entries()) {
    for (let replay = 1; replay <= step.repeat; replay++) {
      calls++;
      const failure = await runStep(step, set, hits);
      if (failure) {
        return {
          file,
          name: testCase.name,
          location: testCase.location,
          passed: false,
          calls,
          failure: { ...failure, step: index + 1, repeat: replay },
        };
      }
    }
  }
  return { file, name: testCase.name, location: testCase.location, passed: true, calls };
}

async function runStep(step: TestStep, set: PolicySet, hits: Set<string>): Promise<Omit<StepFailure, 'step' | 'repeat'> | undefined> {
  const parsed = parseToolCall(step.call);
  if (!parsed.ok) {
    return { location: step.location, expected: step.expect, actual: 'deny', missingReasons: [], reasons: [], invalidCall: parsed.message };
  }
  const decision = await set.evaluateAsync(parsed.call, { explain: true, useCallTime: true });
  const fileOf = (policy: string): string => fileOfSource(set.coverageItems.find((item) => item.policy === policy)?.source ?? '');
  for (const entry of decision.trace ?? []) {
    if (entry.hits === undefined || entry.hits.length === 0) continue;
    const file = fileOf(entry.policy);
    for (const pointer of entry.hits) hits.add(itemKey(file, entry.policy, pointer));
  }
  // The engine's limit step is not tied to one policy in the trace; a limit's reason names
  // its policy and source, which identify the coverage item exactly.
  for (const reason of decision.reasons) {
    if (!reason.check.startsWith('limits.')) continue;
    for (const item of set.coverageItems) {
      if (item.policy === reason.policy && item.source === reason.source) hits.add(keyOfItem(item));
    }
  }
  const missingReasons = step.reasons.filter((id) => !decision.reasons.some((r) => r.check === id || r.rule === id));
  if (decision.decision === step.expect && missingReasons.length === 0) return undefined;
  return { location: step.location, expected: step.expect, actual: decision.decision, missingReasons, reasons: decision.reasons };
}

export function coverageOf(items: CoverageItem[], hits: Set<string>): CoverageReport {
  const byPolicy = new Map<string, PolicyCoverage>();
  // An id in several files is shown with its file.
  const filesOf = new Map<string, Set<string>>();
  for (const item of items) filesOf.set(item.policy, (filesOf.get(item.policy) ?? new Set()).add(fileOfSource(item.source)));
  for (const item of items) {
    const file = fileOfSource(item.source);
    const name = (filesOf.get(item.policy)?.size ?? 1) > 1 ? `${item.policy} (${file})` : item.policy;
    let entry = byPolicy.get(name);
    if (!entry) {
      entry = { policy: name, total: 0, covered: 0, uncovered: [] };
      byPolicy.set(name, entry);
    }
    entry.total++;
    if (hits.has(keyOfItem(item))) entry.covered++;
    else entry.uncovered.push(item);
  }
  const list = [...byPolicy.values()].sort((a, b) => a.policy.localeCompare(b.policy));
  for (const entry of list) entry.uncovered.sort(bySource);
  const total = list.reduce((n, p) => n + p.total, 0);
  const covered = list.reduce((n, p) => n + p.covered, 0);
  const percent = total === 0 ? 100 : Math.floor((covered / total) * 10000) / 100;
  return { total, covered, percent, byPolicy: list };
}

/** Orders items as they appear in their file (`file:line:column`). */
function bySource(a: CoverageItem, b: CoverageItem): number {
  const split = (source: string): [string, number, number] => {
    const m = /^(.*):(\d+):(\d+)$/.exec(source);
    return m ? [m[1]!, Number(m[2]), Number(m[3])] : [source, 0, 0];
  };
  const [fa, la, ca] = split(a.source);
  const [fb, lb, cb] = split(b.source);
  return fa.localeCompare(fb) || la - lb || ca - cb;
}
