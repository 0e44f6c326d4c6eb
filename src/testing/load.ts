// Reading and validating policy test files (`*.test.yaml`, LANGUAGE.md "Policy tests").
// Mistakes are returned as located diagnostics; nothing here evaluates a policy.
import { readdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Document, LineCounter, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node, Pair, YAMLMap } from 'yaml';
import { DiagnosticCode } from '../errors.js';
import type { DecisionKind, Diagnostic, SourceLocation } from '../types.js';
import { readBoundedFile } from '../policy/read-bounded.js';
import { isPolicyFile, isTestFile } from '../policy/load.js';

/** One call of a case and what it must yield. */
export interface TestStep {
  call: unknown;
  expect: DecisionKind;
  /** Check or rule ids that must appear among the decision's reasons. */
  reasons: string[];
  /** How many times the call is replayed (an extension for long limit sequences). */
  repeat: number;
  location: SourceLocation;
}

export interface TestCase {
  name: string;
  /** True when written as `sequence:`. */
  sequence: boolean;
  steps: TestStep[];
  location: SourceLocation;
}

export interface PolicyTestFile {
  file: string;
  /** Absolute paths of the policy files (or folders) the cases run against. */
  policies: string[];
  cases: TestCase[];
}

export const MAX_TEST_FILE_BYTES = 4 * 1024 * 1024;
const MAX_REPEAT = 10_000;
const DECISIONS: readonly string[] = ['allow', 'ask', 'deny'];

// The gateway's loader decides which files are policies and which are tests, in any case
// (`strict.YAML` is enforced): the runner reads the same ones (red team 22A: it skipped them).
function isPolicyFileName(name: string): boolean {
  return !isTestFile(name) && isPolicyFile(name);
}

/**
 * The test files in the given files and folders (folders recursively, skipping dot folders
 * and node_modules), sorted. A given file that is not a test file is ignored; a path that
 * cannot be read is a diagnostic.
 */
export async function findTestFiles(paths: string[]): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
  const files = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  async function walk(dir: string, depth: number): Promise<void> {
    if (depth > 32) return;
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
        await walk(full, depth + 1);
      } else if (entry.isFile() && isTestFile(entry.name)) {
        files.add(full);
      }
    }
  }
  for (const path of paths) {
    try {
      const info = await stat(path);
      if (info.isDirectory()) await walk(path, 0);
      else if (isTestFile(path)) files.add(path);
    } catch {
      diagnostics.push(fileDiagnostic(path, DiagnosticCode.FileUnreadable, `cannot read \`${path}\``));
    }
  }
  return { files: [...files].sort(), diagnostics };
}

/** The policy files a test file runs against when it names none: every policy file in its folder. */
export async function defaultPolicies(testFile: string): Promise<string[]> {
  const dir = dirname(resolve(testFile));
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && isPolicyFileName(e.name))
    .map((e) => join(dir, e.name))
    .sort();
}

export function fileDiagnostic(file: string, code: string, message: string): Diagnostic {
  return { code, severity: 'error', message, location: { file, line: 1, column: 1 }, pointer: '' };
}

/** Reads and validates one test file. `policies` is resolved but not read. */
export async function readTestFile(file: string): Promise<{ testFile?: PolicyTestFile; diagnostics: Diagnostic[] }> {
  let text: string;
  try {
    const read = readBoundedFile(file, MAX_TEST_FILE_BYTES);
    if (!read.ok) {
      return { diagnostics: [read.reason === 'not-a-file' ? fileDiagnostic(file, DiagnosticCode.FileUnreadable, `\`${file}\` is not a regular file (a pipe or a device is not read)`) : fileDiagnostic(file, DiagnosticCode.FileTooLarge, `test file is larger than ${MAX_TEST_FILE_BYTES} bytes`)] };
    }
    text = read.bytes.toString('utf8');
  } catch {
    return { diagnostics: [fileDiagnostic(file, DiagnosticCode.FileUnreadable, `cannot read \`${file}\``)] };
  }
  const parsed = parseTestFile(file, text);
  if (!parsed.testFile) return parsed;
  if (parsed.testFile.policies.length === 0) {
    try {
      parsed.testFile.policies = await defaultPolicies(file);
    } catch {
      return { diagnostics: [fileDiagnostic(file, DiagnosticCode.FileUnreadable, 'cannot list the policies next to the test file')] };
    }
  }
  return parsed;
}

/**
 * Parses test-file text. `policies` are made absolute relative to the file's folder; an
 * empty list means "every policy in the folder" (filled in by readTestFile).
 */
export function parseTestFile(file: string, text: string): { testFile?: PolicyTestFile; diagnostics: Diagnostic[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, merge: false });
  const diagnostics: Diagnostic[] = [];
  const at = (node: { range?: [number, number, number] | null } | null | undefined): SourceLocation => {
    const offset = node?.range?.[0] ?? 0;
    const pos = lineCounter.linePos(offset);
    return { file, line: pos.line, column: pos.col };
  };
  const report = (node: Node | Pair | null | undefined, pointer: string, message: string, code: string = DiagnosticCode.TestInvalid) => {
    const target = node && 'range' in node ? node : node && 'key' in node ? (node.key as Node | null) : null;
    diagnostics.push({ code, severity: 'error', message, location: at(target), pointer });
  };

  for (const error of doc.errors) {
    const pos = lineCounter.linePos(error.pos[0]);
    const code = error.code === 'DUPLICATE_KEY' ? DiagnosticCode.YamlDuplicateKey : DiagnosticCode.YamlSyntax;
    diagnostics.push({
      code,
      severity: 'error',
      message: firstLine(error.message).toLowerCase().replace(/\.$/, ''),
      location: { file, line: pos.line, column: pos.col },
      pointer: '',
    });
  }
  if (diagnostics.length > 0) return { diagnostics: sortDiagnostics(diagnostics) };

  const root = doc.contents;
  if (!isMap(root)) {
    report(root as Node | null, '', 'a policy test file is a mapping with `cases`');
    return { diagnostics };
  }
  const top = checkKeys(root, '', ['policies', 'cases'], report);
  const policies: string[] = [];
  const policiesNode = top.get('policies');
  if (policiesNode !== undefined) {
    if (!isSeq(policiesNode.value)) report(policiesNode.value as Node, '/policies', '`policies` must be a list of paths');
    else {
      policiesNode.value.items.forEach((item, i) => {
        if (isScalar(item) && typeof item.value === 'string' && item.value.length > 0) {
          policies.push(resolve(dirname(resolve(file)), item.value));
        } else report(item as Node, `/policies/${i}`, 'a policy path must be a non-empty string');
      });
      if (policiesNode.value.items.length === 0) report(policiesNode.value, '/policies', '`policies` must not be empty');
    }
  }
  const cases: TestCase[] = [];
  const casesNode = top.get('cases');
  if (casesNode === undefined) report(root, '', 'missing `cases`', DiagnosticCode.TestInvalid);
  else if (!isSeq(casesNode.value) || casesNode.value.items.length === 0) {
    report((casesNode.value as Node | null) ?? casesNode, '/cases', '`cases` must be a non-empty list');
  } else {
    casesNode.value.items.forEach((item, i) => {
      const parsedCase = parseCase(item as Node, `/cases/${i}`, doc, at, report);
      if (parsedCase) cases.push(parsedCase);
    });
  }
  if (diagnostics.length > 0) return { diagnostics: sortDiagnostics(diagnostics) };
  return { testFile: { file, policies, cases }, diagnostics: [] };
}

type Report = (node: Node | Pair | null | undefined, pointer: string, message: string, code?: string) => void;

function checkKeys(map: YAMLMap, pointer: string, allowed: string[], report: Report): Map<string, Pair<unknown, unknown>> {
  const found = new Map<string, Pair<unknown, unknown>>();
  for (const pair of map.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
    if (key === undefined) {
      report(pair.key as Node, pointer, 'keys must be plain strings');
    } else if (!allowed.includes(key)) {
      report(pair.key as Node, `${pointer}/${key}`, `unknown key \`${key}\` (expected one of ${allowed.map((k) => `\`${k}\``).join(', ')})`, DiagnosticCode.SchemaUnknownKey);
    } else {
      found.set(key, pair);
    }
  }
  return found;
}

function parseCase(node: Node, pointer: string, doc: Document, at: (n: Node | null | undefined) => SourceLocation, report: Report): TestCase | undefined {
  if (!isMap(node)) {
    report(node, pointer, 'a case is a mapping with `name` and `call` or `sequence`');
    return undefined;
  }
  const keys = checkKeys(node, pointer, ['name', 'call', 'expect', 'reasons', 'sequence'], report);
  const nameNode = keys.get('name');
  let name = '';
  if (!nameNode) report(node, pointer, 'a case needs a `name`');
  else if (!isScalar(nameNode.value) || typeof nameNode.value.value !== 'string' || nameNode.value.value.trim() === '') {
    report(nameNode.value as Node, `${pointer}/name`, '`name` must be a non-empty string');
  } else name = nameNode.value.value;

  const sequenceNode = keys.get('sequence');
  if (sequenceNode) {
    for (const other of ['call', 'expect', 'reasons']) {
      const pair = keys.get(other);
      if (pair) report(pair, `${pointer}/${other}`, `a case has either \`sequence\` or \`${other}\`, not both`);
    }
    if (!isSeq(sequenceNode.value) || sequenceNode.value.items.length === 0) {
      report((sequenceNode.value as Node | null) ?? sequenceNode, `${pointer}/sequence`, '`sequence` must be a non-empty list of steps');
      return undefined;
    }
    const steps: TestStep[] = [];
    sequenceNode.value.items.forEach((item, i) => {
      const stepPointer = `${pointer}/sequence/${i}`;
      if (!isMap(item)) {
        report(item as Node, stepPointer, 'a step is a mapping with `call` and `expect`');
        return;
      }
      const stepKeys = checkKeys(item, stepPointer, ['call', 'expect', 'reasons', 'repeat'], report);
      const step = parseStep(item, stepKeys, stepPointer, doc, at, report);
      if (step) steps.push(step);
    });
    return { name, sequence: true, steps, location: at(node) };
  }
  const step = parseStep(node, keys, pointer, doc, at, report);
  if (!step) return undefined;
  return { name, sequence: false, steps: [step], location: at(node) };
}

function parseStep(
  node: YAMLMap,
  keys: Map<string, Pair<unknown, unknown>>,
  pointer: string,
  doc: Document,
  at: (n: Node | null | undefined) => SourceLocation,
  report: Report,
): TestStep | undefined {
  let ok = true;
  const callPair = keys.get('call');
  let call: unknown;
  if (!callPair) {
    report(node, pointer, 'missing `call` (or `sequence`)');
    ok = false;
  } else if (!isMap(callPair.value)) {
    report(callPair.value as Node, `${pointer}/call`, '`call` must be a mapping (a tool call)');
    ok = false;
  } else {
    try {
      call = callPair.value.toJS(doc, { maxAliasCount: 100 });
    } catch {
      report(callPair.value, `${pointer}/call`, '`call` cannot be read (too many aliases?)', DiagnosticCode.YamlAliasLimit);
      ok = false;
    }
  }
  const expectPair = keys.get('expect');
  let expect: DecisionKind = 'deny';
  if (!expectPair) {
    report(node, pointer, 'missing `expect` (allow, ask or deny)');
    ok = false;
  } else if (!isScalar(expectPair.value) || !DECISIONS.includes(String(expectPair.value.value))) {
    report(expectPair.value as Node, `${pointer}/expect`, '`expect` must be `allow`, `ask` or `deny`', DiagnosticCode.SchemaEnum);
    ok = false;
  } else expect = String(expectPair.value.value) as DecisionKind;

  const reasons: string[] = [];
  const reasonsPair = keys.get('reasons');
  if (reasonsPair) {
    if (!isSeq(reasonsPair.value)) {
      report(reasonsPair.value as Node, `${pointer}/reasons`, '`reasons` must be a list of check or rule ids');
      ok = false;
    } else {
      reasonsPair.value.items.forEach((item, i) => {
        if (isScalar(item) && typeof item.value === 'string' && item.value !== '') reasons.push(item.value);
        else {
          report(item as Node, `${pointer}/reasons/${i}`, 'a reason must be a check or rule id');
          ok = false;
        }
      });
      if (ok && expect === 'allow' && reasons.length > 0) {
        // An allow carries no reasons, so such a case could never pass: say so up front.
        report(reasonsPair.value, `${pointer}/reasons`, '`reasons` only apply when `expect` is `deny` or `ask`');
        ok = false;
      }
    }
  }
  let repeat = 1;
  const repeatPair = keys.get('repeat');
  if (repeatPair) {
    const value = isScalar(repeatPair.value) ? repeatPair.value.value : undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_REPEAT) {
      report(repeatPair.value as Node, `${pointer}/repeat`, `\`repeat\` must be an integer from 1 to ${MAX_REPEAT}`);
      ok = false;
    } else repeat = value;
  }
  if (!ok) return undefined;
  return { call, expect, reasons, repeat, location: at(node) };
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      a.location.file.localeCompare(b.location.file) ||
      a.location.line - b.location.line ||
      a.location.column - b.location.column,
  );
}
