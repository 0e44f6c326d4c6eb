// Policy files → validated documents with source locations. User mistakes become
// diagnostics (never exceptions); a document with any error is left out of `policies`.
// Synchronous, as read-bounded.ts says why: a few small files read at start.
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { readBoundedFile } from './read-bounded.js';
import path from 'node:path';
import { DiagnosticCode } from '../errors.js';
import type { Diagnostic, SourceLocation } from '../types.js';
import type { PolicyDocument } from './document.js';
import type { Issue } from './issue.js';
import { lintDocument } from './lint.js';
import { schemaIssues } from './validate.js';
import { locationAt, nodeAt, nodeOffset, parseYamlText } from './yaml.js';

/** Files larger than this are refused before parsing. */
export const MAX_FILE_BYTES = 1024 * 1024;
/** Diagnostics reported per document (locating each one walks the document). */
export const MAX_ISSUES_PER_DOCUMENT = 100;
/** Files read from directories, in all. */
export const MAX_FILES = 10_000;

export interface LoadedPolicy {
  /** Validated, exactly as written (no defaults applied). */
  doc: PolicyDocument;
  /** Path as given, resolved relative to process.cwd() for display. */
  file: string;
  /** Location of the node at a JSON pointer inside this document, e.g. '/shell/allow/2'; the key's value node. Falls back to the nearest existing ancestor. */
  locate(pointer: string): SourceLocation;
}

export interface LoadResult {
  policies: LoadedPolicy[];
  diagnostics: Diagnostic[];
  testFiles: string[];
}

const POLICY_EXTENSIONS = ['.yaml', '.yml', '.json'];
const TEST_SUFFIXES = ['.test.yaml', '.test.yml'];

function fileDiagnostic(code: string, severity: 'error' | 'warning', message: string, file: string): Diagnostic {
  return { code, severity, message, location: { file, line: 1, column: 1 }, pointer: '' };
}

/** One file's text (may hold several `---` documents). */
export function loadPolicyText(text: string, file: string): LoadResult {
  const result: LoadResult = { policies: [], diagnostics: [], testFiles: [] };
  if (Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES) {
    result.diagnostics.push(
      fileDiagnostic(DiagnosticCode.FileTooLarge, 'error', `file is larger than ${MAX_FILE_BYTES} bytes`, file),
    );
    return result;
  }
  if (text.includes('\u0000')) {
    result.diagnostics.push(
      fileDiagnostic(DiagnosticCode.FileUnreadable, 'error', 'file is not text (it holds nul bytes)', file),
    );
    return result;
  }
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const parsed = parseYamlText(source, file);
  result.diagnostics.push(...parsed.diagnostics);
  for (const { doc, data } of parsed.documents) {
    const locate = (pointer: string, key = false): SourceLocation =>
      locationAt(parsed.lineCounter, file, nodeOffset(nodeAt(doc, pointer, key), doc));
    const toDiagnostic = (issue: Issue): Diagnostic => ({
      code: issue.code,
      severity: issue.severity,
      message: issue.message,
      location: locate(issue.pointer, issue.atKey === true),
      pointer: issue.pointer,
    });
    const schema = schemaIssues(data);
    const issues = schema.length > 0 ? schema : lintDocument(data as PolicyDocument);
    const diagnostics = issues.slice(0, MAX_ISSUES_PER_DOCUMENT).map(toDiagnostic);
    if (issues.length > MAX_ISSUES_PER_DOCUMENT) {
      diagnostics.push({
        ...toDiagnostic({ code: DiagnosticCode.SchemaOther, severity: issues.some((i) => i.severity === 'error') ? 'error' : 'warning', message: `more than ${MAX_ISSUES_PER_DOCUMENT} problems in this document; the rest are not shown`, pointer: '' }),
      });
    }
    result.diagnostics.push(...diagnostics);
    if (diagnostics.some((d) => d.severity === 'error')) continue;
    result.policies.push({ doc: data as PolicyDocument, file, locate: (pointer) => locate(pointer) });
  }
  if (parsed.documents.length === 0 && parsed.diagnostics.length === 0) {
    // An emptied policy file must not silently drop its restrictions.
    result.diagnostics.push(fileDiagnostic(DiagnosticCode.NoPolicies, 'error', 'file holds no policy documents', file));
  }
  return result;
}

/** Cross-document checks (duplicate policy ids across the set). */
export function checkPolicySet(policies: LoadedPolicy[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const first = new Map<string, LoadedPolicy>();
  for (const policy of policies) {
    const earlier = first.get(policy.doc.id);
    if (earlier === undefined) {
      first.set(policy.doc.id, policy);
      continue;
    }
    const where = earlier.locate('/id');
    diagnostics.push({
      code: DiagnosticCode.DuplicatePolicyId,
      severity: 'error',
      message: `duplicate policy id \`${policy.doc.id}\` (first defined at ${where.file}:${where.line}:${where.column})`,
      location: policy.locate('/id'),
      pointer: '/id',
    });
  }
  return diagnostics;
}

/** Sort by file, line, column, code. */
export function sortDiagnostics(d: Diagnostic[]): Diagnostic[] {
  const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...d].sort(
    (a, b) =>
      compare(a.location.file, b.location.file) ||
      a.location.line - b.location.line ||
      a.location.column - b.location.column ||
      compare(a.code, b.code),
  );
}

function displayPath(absolute: string): string {
  const relative = path.relative(process.cwd(), absolute);
  return relative === '' ? '.' : relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ELOOP') return 'too many symbolic links';
  return code !== undefined ? code.toLowerCase() : String((error as Error).message ?? error).toLowerCase();
}

// Extensions in any case: a `strict.YAML` left out of a directory would loosen the set unseen.
// (The test runner finds its files by the same two: testing/load.ts.)
export const isTestFile = (name: string): boolean => TEST_SUFFIXES.some((s) => name.toLowerCase().endsWith(s));
export const isPolicyFile = (name: string): boolean => POLICY_EXTENSIONS.some((e) => name.toLowerCase().endsWith(e));

/** Collects policy and test files under a directory, recursively, in name order. */
function walk(
  dir: string,
  visited: Set<string>,
  out: { files: string[]; tests: string[]; diagnostics: Diagnostic[] },
): void {
  let real: string;
  try {
    real = realpathSync(dir);
  } catch (error) {
    out.diagnostics.push(fileDiagnostic(DiagnosticCode.FileUnreadable, 'error', `cannot read directory: ${reasonOf(error)}`, displayPath(dir)));
    return;
  }
  if (visited.has(real)) return; // a symlink loop or the same directory twice
  visited.add(real);
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch (error) {
    out.diagnostics.push(fileDiagnostic(DiagnosticCode.FileUnreadable, 'error', `cannot read directory: ${reasonOf(error)}`, displayPath(dir)));
    return;
  }
  for (const name of entries) {
    if (out.files.length + out.tests.length >= MAX_FILES) {
      out.diagnostics.push(fileDiagnostic(DiagnosticCode.FileUnreadable, 'error', `more than ${MAX_FILES} files`, displayPath(dir)));
      return;
    }
    const full = path.join(dir, name);
    let info;
    try {
      info = statSync(full);
    } catch (error) {
      // A policy file, or what may be a directory of them (a link to a share not mounted, a
      // deploy's `current` mid-swap): its policies would be missing, so the set is refused.
      if (isPolicyFile(name) || path.extname(name) === '') {
        out.diagnostics.push(fileDiagnostic(DiagnosticCode.FileUnreadable, 'error', `cannot read ${isPolicyFile(name) ? 'file' : 'entry'}: ${reasonOf(error)}`, displayPath(full)));
      }
      continue;
    }
    if (info.isDirectory()) walk(full, visited, out);
    else if (isTestFile(name)) out.tests.push(full);
    else if (isPolicyFile(name)) out.files.push(full); // a pipe or a device is refused when read (readBoundedFile)
  }
}

function readPolicyFile(absolute: string, file: string): LoadResult {
  const empty: LoadResult = { policies: [], diagnostics: [], testFiles: [] };
  let bytes: Buffer;
  try {
    const read = readBoundedFile(absolute, MAX_FILE_BYTES);
    if (!read.ok) {
      empty.diagnostics.push(read.reason === 'not-a-file'
        ? fileDiagnostic(DiagnosticCode.FileUnreadable, 'error', 'not a regular file (a pipe or a device is not read)', file)
        : fileDiagnostic(DiagnosticCode.FileTooLarge, 'error', `file is larger than ${MAX_FILE_BYTES} bytes${read.size !== undefined ? ` (${read.size})` : ''}`, file));
      return empty;
    }
    bytes = read.bytes;
  } catch (error) {
    empty.diagnostics.push(fileDiagnostic(DiagnosticCode.FileUnreadable, 'error', `cannot read file: ${reasonOf(error)}`, file));
    return empty;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    empty.diagnostics.push(fileDiagnostic(DiagnosticCode.FileUnreadable, 'error', 'file is not utf-8 text', file));
    return empty;
  }
  return loadPolicyText(text, file);
}

/** The file's real path, or the path as given when it has none (readPolicyFile then says why). */
function realOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** Files and directories (recursive: *.yaml, *.yml, *.json; *.test.yaml/*.test.yml go to testFiles). Never throws for user mistakes. */
export async function loadPolicyFiles(paths: string[]): Promise<LoadResult> {
  const result: LoadResult = { policies: [], diagnostics: [], testFiles: [] };
  const visitedDirs = new Set<string>();
  const seenFiles = new Set<string>();
  for (const given of paths) {
    const absolute = path.resolve(given);
    let info;
    try {
      info = statSync(absolute);
    } catch (error) {
      result.diagnostics.push(fileDiagnostic(DiagnosticCode.FileUnreadable, 'error', `cannot read \`${given}\`: ${reasonOf(error)}`, displayPath(absolute)));
      continue;
    }
    let files: string[];
    if (info.isDirectory()) {
      const found = { files: [] as string[], tests: [] as string[], diagnostics: [] as Diagnostic[] };
      walk(absolute, visitedDirs, found);
      result.diagnostics.push(...found.diagnostics);
      result.testFiles.push(...found.tests.map(displayPath));
      if (found.files.length === 0 && found.tests.length === 0 && found.diagnostics.length === 0) {
        result.diagnostics.push(fileDiagnostic(DiagnosticCode.NoPolicies, 'error', 'directory holds no policy files', displayPath(absolute)));
      }
      files = found.files;
    } else if (isTestFile(absolute)) {
      result.testFiles.push(displayPath(absolute));
      continue;
    } else files = [absolute];
    for (const file of files) {
      const real = realOrSelf(file);
      if (seenFiles.has(real)) continue;
      seenFiles.add(real);
      const loaded = readPolicyFile(file, displayPath(file));
      result.policies.push(...loaded.policies);
      result.diagnostics.push(...loaded.diagnostics);
    }
  }
  const setDiagnostics = checkPolicySet(result.policies);
  result.diagnostics.push(...setDiagnostics);
  const duplicates = new Set(setDiagnostics.map((d) => `${d.location.file}:${d.location.line}:${d.location.column}`));
  result.policies = result.policies.filter((p) => {
    const where = p.locate('/id');
    return !duplicates.has(`${where.file}:${where.line}:${where.column}`);
  });
  // An empty policy set would allow every call.
  if (result.policies.length === 0 && !result.diagnostics.some((d) => d.severity === 'error')) {
    result.diagnostics.push(fileDiagnostic(DiagnosticCode.NoPolicies, 'error', 'no policies in the given paths', paths[0] ?? '.'));
  }
  result.diagnostics = sortDiagnostics(result.diagnostics);
  return result;
}
