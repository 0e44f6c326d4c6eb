// Validated policy documents → a compiled set of closures. Pure: no I/O, no globals,
// nothing it was given is changed. Stages: normalise settings → compile each section →
// order checks → index coverage items → hash the revision.
import { createHash } from 'node:crypto';
import type { PolicyDocument } from '../policy/document.js';
import { builtinClassOf } from '../facts/classify.js';
import type { SourceLocation, ToolClass } from '../types.js';
import type { Check, CleanCall, CompiledPolicy, CompiledSet, CoverageItemData, Limit, PathSettings } from './model.js';
import type { SectionCompiler, SectionInput } from './section.js';
import { nameGlobs, type GlobList } from './section.js';
import { compileTools } from './sections/tools.js';
import { compileScopes } from './sections/scopes.js';
import { compileAutonomy } from './sections/autonomy.js';
import { capsCheck, compileShell } from './sections/shell.js';
import { canonicalCheck, compileWorkspace } from './sections/workspace.js';
import { compilePaths } from './sections/paths.js';
import { compileRules } from './sections/rules.js';
import { compileLimits } from './sections/limits.js';

/** What the compiler needs of a loaded policy (src/policy's LoadedPolicy fits). */
export interface PolicyInput {
  doc: PolicyDocument;
  file: string;
  locate(pointer: string): SourceLocation;
}

export interface CompileOptions {
  home: string;
}

/**
 * Section compilers in evaluation order: the gates on the tool's name, the requester and the
 * autonomy mode first (a deny there costs no path work), then the checks of the call's command
 * and paths, rules last.
 */
// The gates read names, except autonomy, which reads a command line in readonly mode: the
// parser's caps go between them, so a call a name gate denies is never parsed (an unknown
// sender's 16 KiB command costs no parse), and none past the caps is read by any check.
const NAME_GATE_SECTIONS: readonly SectionCompiler[] = [compileTools, compileScopes];
const COMMAND_GATE_SECTIONS: readonly SectionCompiler[] = [compileAutonomy];
const FACT_SECTIONS: readonly SectionCompiler[] = [compileShell, compileWorkspace, compilePaths, compileRules, compileLimits];

export function compilePolicySet(inputs: readonly PolicyInput[], options: CompileOptions): CompiledSet {
  const coverageItems: CoverageItemData[] = [];
  const policies = inputs.map((input) => compilePolicy(input, options, coverageItems));
  return { policies, coverageItems, revision: revisionOf(inputs) };
}

function compilePolicy(input: PolicyInput, options: CompileOptions, coverage: CoverageItemData[]): CompiledPolicy {
  const { doc, file } = input;
  // Sources are looked up when a check objects, on the hot path: walk the YAML once per pointer.
  const sources = new Map<string, string>();
  const at = (pointer: string): string => {
    let source = sources.get(pointer);
    if (source === undefined) {
      const loc = input.locate(pointer);
      source = `${loc.file}:${loc.line}:${loc.column}`;
      sources.set(pointer, source);
    }
    return source;
  };
  const pathSettings = normalisePathSettings(doc);
  const sectionInput: SectionInput = {
    policy: doc.id,
    doc,
    home: options.home,
    pathSettings,
    at,
    cover: (pointer, label) => coverage.push({ policy: doc.id, pointer, label, source: at(pointer) }),
  };
  const checks: Check[] = [];
  const limits: Limit[] = [];
  let usesPaths = false;
  const compileSections = (sections: readonly SectionCompiler[]): void => {
    for (const section of sections) {
      const out = section(sectionInput);
      if (out.checks) checks.push(...out.checks);
      if (out.limits) limits.push(...out.limits);
      usesPaths ||= out.usesPaths === true;
    }
  };
  compileSections(NAME_GATE_SECTIONS);
  checks.push(capsCheck(at));
  compileSections(COMMAND_GATE_SECTIONS);
  const gatesEnd = checks.length;
  compileSections(FACT_SECTIONS);
  // Canonical paths are the ground every path check stands on: checked before any of them,
  // after the checks that read the command only (a listed `rm -rf /` is denied as listed, and
  // walks no tree first).
  const facts = checks.splice(gatesEnd);
  checks.push(...facts.filter((c) => c.commandOnly === true));
  if (usesPaths) checks.push(canonicalCheck(at, doc.workspace ? '/workspace' : '/paths'));
  checks.push(...facts.filter((c) => c.commandOnly !== true));
  return {
    id: doc.id,
    file,
    ...(doc.description !== undefined ? { description: doc.description } : {}),
    match: compileMatch(doc),
    toolClasses: compileToolClasses(doc),
    pathSettings,
    usesPaths,
    checks,
    limits,
    approval: { severity: doc.approval?.severity ?? 'warning', timeoutMs: doc.approval?.timeoutMs ?? 120_000 },
  };
}

function normalisePathSettings(doc: PolicyDocument): PathSettings {
  const ws = doc.workspace;
  const root = ws?.root;
  const only = root !== undefined && (ws?.only ?? true);
  const resolveSymlinks = ws?.resolveSymlinks ?? true;
  const caseInsensitive = ws?.caseInsensitive ?? false;
  const rootFromCwd = root === '${cwd}' || root?.startsWith('${cwd}/') === true;
  const lexical = !resolveSymlinks && !rootFromCwd;
  const globs = doc.paths?.forbidden !== undefined || doc.paths?.allowed !== undefined || doc.paths?.writable !== undefined;
  const readsTrees = globs || (doc.rules?.length ?? 0) > 0 || (only && resolveSymlinks);
  return { root, rootFromCwd, only, resolveSymlinks, caseInsensitive, lexical, readsTrees, key: JSON.stringify([root ?? null, resolveSymlinks, caseInsensitive, readsTrees]) };
}

function compileMatch(doc: PolicyDocument): PolicyMatch {
  const m = doc.match;
  if (!m) return new PolicyMatch(undefined, undefined, undefined);
  // A bare `*` (or `**`) means "every call", so it also governs calls that lack the key:
  // a missing agent id must not be a way out of an `agents: ["*"]` policy.
  const everything = (globs: readonly string[] | undefined) => globs !== undefined && globs.some((g) => g === '*' || g === '**');
  return new PolicyMatch(
    m.tools ? nameGlobs(m.tools) : undefined,
    m.agents && !everything(m.agents) ? nameGlobs(m.agents) : undefined,
    m.channels && !everything(m.channels) ? nameGlobs(m.channels) : undefined,
  );
}

/**
 * A policy's `match`, as data with one shared `governs`: V8 then sees one call target for
 * every policy of every set in the process, not a closure each (which turns the engine's
 * call site megamorphic as soon as a process holds a few sets).
 */
class PolicyMatch {
  constructor(
    private readonly tools: GlobList | undefined,
    private readonly agents: GlobList | undefined,
    private readonly channels: GlobList | undefined,
  ) {}
  /** Absent lists match everything; otherwise a key the call lacks cannot match: the policy governs only what it names. */
  governs(call: CleanCall): boolean {
    const { tools, agents, channels } = this;
    return (
      (tools === undefined || tools.first(call.toolName) >= 0) &&
      (agents === undefined || (call.agentId !== undefined && agents.first(call.agentId) >= 0)) &&
      (channels === undefined || (call.requester?.channel !== undefined && channels.first(call.requester.channel) >= 0))
    );
  }
}

const NOT_LISTED = (): undefined => undefined;

const STRICTNESS: Readonly<Record<ToolClass, number>> = { read: 0, write: 1, exec: 2 };

/**
 * A policy's `toolClasses` as a function of the tool name: a name listed as written is its
 * class; otherwise the globs decide, the stricter class first when several match (`exec:
 * ["run_*"]` and `read: ["*_sql"]` make `run_sql` exec: its commands are checked), and never
 * below the built-in class (`read: ["*_command"]` leaves `run_shell_command` exec).
 */
function compileToolClasses(doc: PolicyDocument): (toolName: string) => ToolClass | undefined {
  const tc = doc.toolClasses;
  if (!tc) return NOT_LISTED;
  const listed = new Map<string, ToolClass>();
  for (const cls of ['read', 'write', 'exec'] as const) for (const name of tc[cls] ?? []) listed.set(name, cls);
  const globs = (['exec', 'write', 'read'] as const).map((cls) => ({ cls, list: nameGlobs(tc[cls] ?? []) }));
  return (toolName) => {
    const named = listed.get(toolName);
    if (named !== undefined) return named;
    const matched = globs.find(({ list }) => list.first(toolName) >= 0)?.cls;
    const builtin = matched === undefined ? undefined : builtinClassOf(toolName);
    if (matched === undefined || builtin === undefined) return matched;
    return STRICTNESS[builtin] > STRICTNESS[matched] ? builtin : matched;
  };
}

/** sha256 over each document's canonical JSON, in order: names the policy text wherever it lives. */
function revisionOf(inputs: readonly PolicyInput[]): string {
  const hash = createHash('sha256');
  for (const { doc } of inputs) hash.update(canonicalJson(doc)).update('\0');
  return `sha256:${hash.digest('hex')}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
