// YAML text → documents with source ranges. The only place that drives the `yaml` parser.
// Hostile input is bounded before the recursive parts of `yaml` run: the CST parser is
// driven token by token and stopped as soon as its stack is deeper than MAX_DEPTH (the
// composer recurses per level and runs out of stack near 1,000 levels), and aliases are
// expanded with a small budget.
import { Composer, Document, LineCounter, Lexer, Parser, isAlias, isMap, isScalar, isSeq, visit } from 'yaml';
import type { Node as YamlNode } from 'yaml';
import type { CST } from 'yaml';
import { DiagnosticCode } from '../errors.js';
import type { Diagnostic, SourceLocation } from '../types.js';
import { shown } from './issue.js';

/** Deepest nesting of collections accepted (a policy needs about 10). */
export const MAX_DEPTH = 64;
/** Alias budget passed to `toJS` (entity-expansion guard). */
export const MAX_ALIAS_COUNT = 100;
/** Documents per file. */
export const MAX_DOCUMENTS = 1000;
/** Entries per map: `yaml`'s duplicate-key check is quadratic in a map's size. */
export const MAX_MAP_ENTRIES = 1000;
/** Items per list (the schema's largest list cap). */
export const MAX_LIST_ITEMS = 10_000;

export interface ParsedDocument {
  /** The composed document: nodes carry ranges. */
  doc: Document.Parsed;
  /** Plain data (aliases expanded). */
  data: unknown;
  /** 1-based index of the document within its file. */
  index: number;
}

export interface ParsedText {
  documents: ParsedDocument[];
  diagnostics: Diagnostic[];
  lineCounter: LineCounter;
}

export function locationAt(lineCounter: LineCounter, file: string, offset: number): SourceLocation {
  const pos = lineCounter.linePos(Math.max(0, offset));
  return { file, line: pos.line, column: pos.col };
}

function yamlMessage(message: string): string {
  // yaml's messages end in " at line N, column M:" followed by a code excerpt.
  const first = (message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '').trim();
  return lowerFirst(first.replace(/\.$/, ''));
}

export function lowerFirst(text: string): string {
  return text.length > 0 ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function yamlCode(code: string): string {
  if (code === 'DUPLICATE_KEY') return DiagnosticCode.YamlDuplicateKey;
  if (code === 'RESOURCE_EXHAUSTION') return DiagnosticCode.YamlTooDeep;
  return DiagnosticCode.YamlSyntax;
}

/**
 * Lexes and parses to CST tokens, refusing input nested deeper than MAX_DEPTH. Returns
 * the tokens, or the offset at which the depth cap was passed.
 */
function parseCst(
  text: string,
  lineCounter: LineCounter,
): { tokens: CST.Token[] } | { stopAt: number; message: string; code: string } {
  lineCounter.addNewLine(0);
  const parser = new Parser(lineCounter.addNewLine);
  const tokens: CST.Token[] = [];
  let lexemes = 0;
  let documentCount = 0;
  let lastDocumentOffset = 0;
  for (const lexeme of new Lexer().lex(text, false)) {
    for (const token of parser.next(lexeme)) {
      tokens.push(token);
      if (token.type === 'document') {
        documentCount += 1;
        lastDocumentOffset = token.offset;
      }
    }
    // The parser stack holds the document and one entry per open collection.
    if (parser.stack.length > MAX_DEPTH + 2) {
      return { stopAt: parser.offset, code: DiagnosticCode.YamlTooDeep, message: `nesting deeper than ${MAX_DEPTH} levels` };
    }
    // Stop early on documents and collections too large to be policies, so a megabyte
    // of tiny entries is refused without parsing all of it.
    if (documentCount > MAX_DOCUMENTS) {
      // Point at the first document past the cap, not at where the parser noticed it.
      return { stopAt: lastDocumentOffset, code: DiagnosticCode.YamlSyntax, message: `more than ${MAX_DOCUMENTS} documents in one file` };
    }
    if (++lexemes % 256 === 0) {
      const oversized = oversizedCollection(parser.stack, false);
      if (oversized !== undefined) return { stopAt: oversized.offset, code: DiagnosticCode.FileTooLarge, message: oversized.message };
    }
  }
  for (const token of parser.end()) tokens.push(token);
  return { tokens };
}

/**
 * The first collection with more entries than allowed, iteratively (no recursion);
 * with `deep` false, only the given tokens themselves are checked.
 */
function oversizedCollection(tokens: CST.Token[], deep = true): { offset: number; message: string } | undefined {
  const stack: CST.Token[] = [...tokens];
  while (stack.length > 0) {
    const token = stack.pop() as CST.Token;
    if (token.type === 'document') {
      if (deep && token.value !== undefined) stack.push(token.value);
      continue;
    }
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue;
    const isMap =
      token.type === 'block-map' || (token.type === 'flow-collection' && token.start.source === '{');
    const limit = isMap ? MAX_MAP_ENTRIES : MAX_LIST_ITEMS;
    if (token.items.length > limit) {
      return { offset: token.offset, message: isMap ? `map has more than ${MAX_MAP_ENTRIES} keys` : `list has more than ${MAX_LIST_ITEMS} items` };
    }
    if (!deep) continue;
    for (const item of token.items) {
      const entry = item as { key?: CST.Token | null; value?: CST.Token | null };
      if (entry.key) stack.push(entry.key);
      if (entry.value) stack.push(entry.value);
    }
  }
  return undefined;
}

/** Parses a file's text into documents. Never throws for malformed input. */
export function parseYamlText(text: string, file: string): ParsedText {
  const lineCounter = new LineCounter();
  const diagnostics: Diagnostic[] = [];
  const documents: ParsedDocument[] = [];
  const cst = parseCst(text, lineCounter);
  if ('stopAt' in cst) {
    diagnostics.push({ code: cst.code, severity: 'error', message: cst.message, location: locationAt(lineCounter, file, cst.stopAt), pointer: '' });
    return { documents, diagnostics, lineCounter };
  }
  // Collections that grew past the cap after the last in-flight check.
  const oversized = oversizedCollection(cst.tokens);
  if (oversized !== undefined) {
    diagnostics.push({
      code: DiagnosticCode.FileTooLarge,
      severity: 'error',
      message: oversized.message,
      location: locationAt(lineCounter, file, oversized.offset),
      pointer: '',
    });
    return { documents, diagnostics, lineCounter };
  }
  const composer = new Composer({ uniqueKeys: true, schema: 'core', prettyErrors: false, strict: true });
  let index = 0;
  for (const doc of composer.compose(cst.tokens, false, text.length)) {
    index += 1;
    if (index > MAX_DOCUMENTS) {
      diagnostics.push({
        code: DiagnosticCode.YamlSyntax,
        severity: 'error',
        message: `more than ${MAX_DOCUMENTS} documents in one file`,
        location: locationAt(lineCounter, file, doc.range[0]),
        pointer: '',
      });
      break;
    }
    const problems = [...doc.errors, ...doc.warnings];
    for (const problem of problems) {
      diagnostics.push({
        code: yamlCode(problem.code),
        severity: 'error',
        message:
          problem.code === 'DUPLICATE_KEY'
            ? `duplicate key ${shown(keyAt(text, problem.pos[0]))}`
            : yamlMessage(problem.message),
        location: locationAt(lineCounter, file, problem.pos[0]),
        pointer: '',
      });
    }
    if (problems.length > 0) continue;
    // An empty document (a stray `---`, only comments) is not a policy.
    if (doc.contents === null || isEmptyScalar(doc.contents)) continue;
    // A key must be written as itself. An alias key (`*k : []` with `&k forbidden`) gets past
    // the duplicate-key check, which compares the nodes as written, and toJS then lets the
    // later value win; a list or map key (`? [a, b]`) is stringified with a process warning.
    const collectionKey = collectionKeyOffset(doc);
    if (collectionKey !== undefined) {
      diagnostics.push({ code: DiagnosticCode.YamlSyntax, severity: 'error', message: 'a key must be written as a plain name, not as a list, a map or an alias', location: locationAt(lineCounter, file, collectionKey), pointer: '' });
      continue;
    }
    // An unquoted `*` starts an alias (`forbidden: [.env, *.pem]` names the anchor `.pem`), so an
    // alias must stand for a list or a map: one for a text, or with no anchor, is refused.
    const alias = scalarAlias(doc);
    if (alias !== undefined) {
      diagnostics.push({
        code: DiagnosticCode.YamlSyntax,
        severity: 'error',
        message: `\`*${alias.name}\` is a YAML alias (an unquoted \`*\` starts one) ${alias.resolved ? 'to a text: policies alias only lists and maps' : 'with no anchor'}; quote it if it is a glob: \`"*${alias.name}"\``,
        location: locationAt(lineCounter, file, alias.offset),
        pointer: '',
      });
      continue;
    }
    let data: unknown;
    try {
      data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      diagnostics.push({
        code: DiagnosticCode.YamlAliasLimit,
        severity: 'error',
        message: `aliases expand to too many nodes (alias budget ${MAX_ALIAS_COUNT}): ${lowerFirst(String((error as Error).message ?? error))}`,
        location: locationAt(lineCounter, file, firstAliasOffset(doc) ?? doc.range[0]),
        pointer: '',
      });
      continue;
    }
    for (const { offset, value } of continuedListEntries(doc, text)) {
      diagnostics.push({ code: DiagnosticCode.ListEntryContinues, severity: 'warning', message: `this list entry continues on the next line, so two lines make one entry ${shown(value)}: is a \`-\` missing?`, location: locationAt(lineCounter, file, offset), pointer: '' });
    }
    documents.push({ doc, data, index });
  }
  return { documents, diagnostics, lineCounter };
}

/**
 * Where a plain (unquoted) list entry runs over two lines or more: YAML folds them into one
 * entry (`- .env` then `  id_rsa` is `.env id_rsa`), most likely a `-` left out (red team 21A).
 */
function continuedListEntries(doc: Document.Parsed, text: string): { offset: number; value: string }[] {
  const found: { offset: number; value: string }[] = [];
  visit(doc, {
    Seq(_, seq) {
      for (const item of seq.items) {
        if (!isScalar(item) || item.type !== 'PLAIN' || item.range === undefined || item.range === null) continue;
        if (text.slice(item.range[0], item.range[1]).includes('\n')) found.push({ offset: item.range[0], value: String(item.value) });
      }
      return undefined;
    },
  });
  return found;
}

/** Where the first key that is a list, a map or an alias is written, if any. */
function collectionKeyOffset(doc: Document.Parsed): number | undefined {
  let offset: number | undefined;
  visit(doc, {
    Pair(_, pair) {
      const key = pair.key as { range?: [number, number, number] } | null;
      if (key !== null && !isScalar(key)) {
        offset = key.range?.[0] ?? doc.range[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return offset;
}

/** The key written at `offset` (yaml reports a duplicate key by its first character). */
function keyAt(text: string, offset: number): string {
  const match = /^("[^"\n]*"|'[^'\n]*'|[^:\s,{}[\]]+)/.exec(text.slice(offset, offset + 200));
  return (match?.[1] ?? '').replace(/^["']|["']$/g, '');
}

/** The first alias (in document order) that stands for a scalar or for nothing, if any. */
function scalarAlias(doc: Document.Parsed): { name: string; offset: number; resolved: boolean } | undefined {
  let found: { name: string; offset: number; resolved: boolean } | undefined;
  visit(doc, {
    Alias(_, node) {
      const target = node.resolve(doc);
      if (target !== undefined && !isScalar(target)) return undefined;
      const offset = node.range?.[0] ?? doc.range[0];
      if (found === undefined || offset < found.offset) found = { name: node.source, offset, resolved: target !== undefined };
      return undefined;
    },
  });
  return found;
}

function firstAliasOffset(doc: Document.Parsed): number | undefined {
  const stack: unknown[] = [doc.contents];
  let first: number | undefined;
  while (stack.length > 0) {
    const node = stack.pop();
    if (isAlias(node)) {
      const start = node.range?.[0];
      if (start !== undefined && (first === undefined || start < first)) first = start;
    } else if (isMap(node) || isSeq(node)) {
      for (const item of node.items) {
        if (isMap(node)) {
          const pair = item as { key: unknown; value: unknown };
          stack.push(pair.key, pair.value);
        } else stack.push(item);
      }
    }
  }
  return first;
}

function decodePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function encodePointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The node at a JSON pointer, following aliases. `key: true` returns the KEY node of the
 * last segment when it names a map entry. Falls back to the nearest existing ancestor.
 */
export function nodeAt(doc: Document.Parsed, pointer: string, key = false): YamlNode | undefined {
  let node: unknown = doc.contents;
  const segments = decodePointer(pointer);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (isAlias(node)) node = node.resolve(doc) ?? node;
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === segment);
      if (pair !== undefined) {
        const last = i === segments.length - 1;
        // `key:` with no value composes to a null scalar; prefer the key for a location.
        next = (last && key) || isEmptyScalar(pair.value) ? pair.key : pair.value;
      }
    } else if (isSeq(node) && /^(0|[1-9][0-9]*)$/.test(segment)) {
      next = node.items[Number(segment)];
    }
    if (next === undefined || next === null) break;
    node = next;
  }
  return (node ?? undefined) as YamlNode | undefined;
}

function isEmptyScalar(node: unknown): boolean {
  if (node === null || node === undefined) return true;
  return isScalar(node) && node.value === null && node.range != null && node.range[0] === node.range[1];
}

export function nodeOffset(node: YamlNode | undefined, doc: Document.Parsed): number {
  return node?.range?.[0] ?? doc.contents?.range?.[0] ?? doc.range[0];
}
