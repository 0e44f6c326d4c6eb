// Synthesising tool calls that exercise what policies say: tool names, classes, path globs
// (with near misses), command patterns (alone, chained, wrapped), scopes and limits.
// Probes only look at policy text as plain data; deciding is left to the engine.
import { loadPolicyFiles } from '../index.js';
import type { Requester, ToolCall } from '../types.js';
import { classifyTool } from '../facts/classify.js';

/** A policy document as plain data; every field is read defensively. */
export type PolicyData = Record<string, unknown>;

/** Calls replayed in order against one fresh limit state (one call for most probes). */
export interface Probe {
  /** What the probe exercises, e.g. "paths.forbidden `.env`". */
  label: string;
  calls: ToolCall[];
}

export const PROBE_TIME_MS = 1_764_400_000_000;
const MAX_SEQUENCE = 2_000;

/**
 * The policy documents in files and folders as plain data, read by the policy loader (the
 * same files, limits and validation as the set being evaluated).
 */
export async function readPolicyData(paths: string[]): Promise<PolicyData[]> {
  const loaded = await loadPolicyFiles(paths);
  return loaded.policies.map((p) => p.doc as unknown).filter(isObject);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function section(doc: PolicyData, key: string): Record<string, unknown> {
  const value = doc[key];
  return isObject(value) ? value : {};
}

/** A concrete string a glob matches: `**` → `a`, `*` → `x`, first alternative of `{..}`, first of `[..]`. */
export function synthesise(glob: string, filler = 'x'): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\' && i + 1 < glob.length) {
      out += glob[++i];
    } else if (c === '*') {
      if (glob[i + 1] === '*') {
        i++;
        out += 'a';
      } else out += filler;
    } else if (c === '?') out += filler.charAt(0) || 'x';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end < 0) out += c;
      else {
        out += glob.slice(i + 1, end).split(',')[0] ?? '';
        i = end;
      }
    } else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) out += c;
      else {
        const body = glob.slice(i + 1, end).replace(/^[!^]/, '');
        out += /^[!^]/.test(glob.slice(i + 1, end)) ? '~' : (body[0] ?? 'x');
        i = end;
      }
    } else if (c === '!' && i === 0) {
      // a negated glob: the literal rest is as good a probe as any
    } else out += c;
  }
  return out;
}

/** Strings near a glob that it should not match: a changed name, a sibling folder. */
export function nearMisses(glob: string): string[] {
  const hit = synthesise(glob);
  const slash = hit.lastIndexOf('/');
  const dir = slash >= 0 ? hit.slice(0, slash + 1) : '';
  const base = slash >= 0 ? hit.slice(slash + 1) : hit;
  const misses = [`${dir}${base}x`, `${dir}x${base}`];
  if (dir !== '' && !dir.startsWith('~') && !dir.startsWith('/')) misses.push(`other/${base}`);
  if (dir.startsWith('/')) misses.push(`/other${hit}`);
  return [...new Set(misses)].filter((m) => m !== hit);
}

/** Built-in representative tools per class plus the names that tend to matter. */
export const REPRESENTATIVE_TOOLS: Record<'read' | 'write' | 'exec', string> = { read: 'read', write: 'write', exec: 'exec' };
const COMMON_TOOLS = ['read', 'ls', 'grep', 'write', 'edit', 'apply_patch', 'exec', 'web_search', 'web_fetch', 'message', 'browser', 'Read', 'Write', 'Bash', 'WebFetch'];

/** Plausible params for a tool, so a probe reaches the checks beyond the tool gate. */
export function paramsFor(toolName: string, hint: { path?: string; command?: string; action?: string } = {}): Record<string, unknown> {
  const lower = toolName.toLowerCase();
  if (classifyTool(toolName) === 'exec' || lower.includes('exec') || lower.includes('shell') || lower === 'bash') {
    return { command: hint.command ?? 'ls' };
  }
  if (lower === 'message' || lower.includes('message') || lower.includes('send')) {
    return { action: hint.action ?? 'send', text: 'hello' };
  }
  if (lower.startsWith('web') || lower.includes('fetch') || lower.includes('search') || lower === 'browser') {
    return { url: 'https://example.com/', query: 'example' };
  }
  const params: Record<string, unknown> = { path: hint.path ?? 'README.md' };
  if (/write|edit|patch|notebook/.test(lower)) params.content = 'x';
  return params;
}

/** A readable agent id a glob matches: `research*` → `research`, `web-*` → `web-agent`. */
export function agentName(glob: string): string {
  const name = glob.replace(/\*+$/, (_, offset: number) => (/[A-Za-z0-9]$/.test(glob.slice(0, offset)) ? '' : 'agent'));
  return synthesise(name, 'x') || 'agent';
}

/** The agent, channel and cwd a call needs for a document's `match` to select it. */
export interface Context {
  agentId: string;
  channel: string | undefined;
  cwd: string;
}

export function contextFor(doc: PolicyData, agentGlob?: string): Context {
  const match = section(doc, 'match');
  const agent = agentGlob ?? strings(match.agents)[0];
  const channel = strings(match.channels)[0];
  const root = section(doc, 'workspace').root;
  const cwd = typeof root === 'string' && root.startsWith('/') ? root : '/srv/workspace';
  return { agentId: agent !== undefined ? agentName(agent) : 'agent', channel: channel !== undefined ? synthesise(channel, '1') : undefined, cwd };
}

export function ownerOf(context: Context): Requester {
  return { channel: context.channel ?? 'cli', accountId: 'default', senderId: 'owner', senderIsOwner: true };
}

export function callOf(context: Context, toolName: string, params: Record<string, unknown>, requester: Requester | null = ownerOf(context)): ToolCall {
  const call: ToolCall = { toolName, params, agentId: context.agentId, sessionId: 'probe', cwd: context.cwd, time: PROBE_TIME_MS };
  if (requester) call.requester = requester;
  return call;
}

/** Every tool name the documents mention (globs made concrete), plus the common ones. */
export function toolNames(docs: PolicyData[], options: { common: boolean } = { common: true }): string[] {
  const names = new Set<string>(options.common ? COMMON_TOOLS : Object.values(REPRESENTATIVE_TOOLS));
  // Without the common names (the matrix), only names written literally: `web_x` from `web_*` helps no reader.
  const add = (glob: string) => {
    if (options.common || !/[*?[{]/.test(glob)) names.add(synthesise(glob));
  };
  for (const doc of docs) {
    const tools = section(doc, 'tools');
    for (const key of ['allow', 'approve', 'deny']) for (const glob of strings(tools[key])) add(glob);
    for (const glob of strings(section(doc, 'match').tools)) if (glob !== '*') add(glob);
    for (const list of Object.values(section(doc, 'toolClasses'))) for (const name of strings(list)) names.add(name);
    const scopes = section(doc, 'scopes');
    for (const rule of Array.isArray(scopes.rules) ? scopes.rules : []) {
      if (isObject(rule)) for (const glob of strings(rule.tools)) add(glob);
    }
    for (const rate of rateEntries(doc)) for (const glob of strings(rate.tools)) add(glob);
  }
  if (options.common) names.add('custom_tool');
  names.delete('');
  return [...names].sort();
}

function rateEntries(doc: PolicyData): Record<string, unknown>[] {
  const rate = section(doc, 'limits').rate;
  return Array.isArray(rate) ? rate.filter(isObject) : [];
}

const MAX_IDS_PER_RULE = 20;

/** Requesters worth telling apart: owner, each scope rule by sender and by role, unknown, none. */
export function requestersFor(doc: PolicyData, context: Context): { label: string; requester: Requester | null }[] {
  const list: { label: string; requester: Requester | null }[] = [{ label: 'owner', requester: ownerOf(context) }];
  const scopes = section(doc, 'scopes');
  for (const [i, rule] of (Array.isArray(scopes.rules) ? scopes.rules : []).entries()) {
    if (!isObject(rule)) continue;
    const id = typeof rule.id === 'string' ? rule.id : `rule ${i}`;
    const channel = typeof rule.channel === 'string' ? rule.channel : (context.channel ?? 'cli');
    const base: Requester = { channel, accountId: typeof rule.accountId === 'string' ? rule.accountId : 'default', senderIsOwner: false };
    // Every listed sender and role (up to a cap): adding one to a list is a loosening to find.
    const senders = strings(rule.senderIds).slice(0, MAX_IDS_PER_RULE);
    const roles = strings(rule.roleIds).slice(0, MAX_IDS_PER_RULE);
    for (const sender of senders) list.push({ label: `${id} (sender ${sender})`, requester: { ...base, senderId: sender } });
    for (const role of roles) list.push({ label: `${id} (role ${role})`, requester: { ...base, senderId: 'member', roleIds: [role] } });
    // Namespace confusion: the same sender in another account.
    const first = senders[0];
    if (first !== undefined) list.push({ label: `${id} (other account)`, requester: { ...base, accountId: 'elsewhere', senderId: first } });
  }
  list.push({ label: 'unknown', requester: { channel: context.channel ?? 'cli', accountId: 'default', senderId: 'stranger', senderIsOwner: false } });
  list.push({ label: 'none', requester: null });
  return list;
}

/** Deterministic probes for one document (`docs` supplies the other documents' tool names). */
export function probesForDoc(doc: PolicyData, docs: PolicyData[], agentGlob?: string): Probe[] {
  const context = contextFor(doc, agentGlob);
  const probes: Probe[] = [];
  const add = (label: string, call: ToolCall) => probes.push({ label, calls: [call] });

  for (const tool of toolNames(docs)) {
    add(`tool \`${tool}\``, callOf(context, tool, paramsFor(tool)));
    // Without parameters too: a tool gate can be the only check such a call meets.
    add(`tool \`${tool}\` (no parameters)`, callOf(context, tool, {}));
  }

  const paths = section(doc, 'paths');
  for (const key of ['forbidden', 'allowed', 'writable']) {
    for (const glob of strings(paths[key])) {
      const hit = synthesise(glob);
      for (const [kind, path] of [['match', hit], ...nearMisses(glob).map((m) => ['near miss', m] as const)] as const) {
        const label = `paths.${key} \`${glob}\` (${kind})`;
        add(label, callOf(context, 'read', { path }));
        add(label, callOf(context, 'write', { path, content: 'x' }));
        add(label, callOf(context, 'exec', { command: `cat ${path}` }));
      }
    }
  }
  const workspace = section(doc, 'workspace');
  if (typeof workspace.root === 'string' && workspace.root.startsWith('/')) {
    const root = workspace.root.replace(/\/+$/, '');
    add('workspace outside', callOf(context, 'read', { path: `${root}2/x` }));
    add('workspace traversal', callOf(context, 'read', { path: '../../etc/passwd' }));
    add('workspace inside', callOf(context, 'read', { path: `${root}/README.md` }));
  }

  const shell = section(doc, 'shell');
  for (const key of ['allow', 'approve', 'deny']) {
    for (const pattern of strings(shell[key])) {
      const command = synthesise(pattern);
      const bare = pattern.endsWith(' *') ? synthesise(pattern.slice(0, -2)) : undefined;
      const label = `shell.${key} \`${pattern}\``;
      for (const c of [command, bare, `${command} --extra`, `git status && ${command}`, `${command}; ls`, `sudo ${command}`, `bash -c '${command}'`]) {
        if (c !== undefined) add(label, callOf(context, 'exec', { command: c }));
      }
      const first = command.split(' ')[0];
      if (first && first !== command) add(`${label} (near miss)`, callOf(context, 'exec', { command: `${first} other` }));
    }
  }
  if (shell.enabled === false) add('shell.enabled', callOf(context, 'exec', { command: 'ls' }));
  add('shell unverifiable', callOf(context, 'exec', { command: '$CMD x' }));

  const scopes = section(doc, 'scopes');
  if (Object.keys(scopes).length > 0) {
    const actions = new Set<string>(['send', 'delete']);
    for (const rule of Array.isArray(scopes.rules) ? scopes.rules : []) if (isObject(rule)) for (const a of strings(rule.messageActions)) actions.add(a);
    const tools = new Set<string>(['read', 'write', 'exec', 'message']);
    for (const rule of Array.isArray(scopes.rules) ? scopes.rules : []) if (isObject(rule)) for (const t of strings(rule.tools)) tools.add(REPRESENTATIVE_TOOLS[t as 'read'] ?? synthesise(t));
    for (const { label, requester } of requestersFor(doc, context)) {
      for (const tool of tools) {
        if (tool === 'message') for (const action of actions) add(`scopes ${label} message ${action}`, callOf(context, 'message', paramsFor('message', { action }), requester));
        else add(`scopes ${label} ${tool}`, callOf(context, tool, paramsFor(tool), requester));
      }
    }
  }

  const limits = section(doc, 'limits');
  const benign = benignTool(doc);
  if (typeof limits.maxToolCalls === 'number' && limits.maxToolCalls + 1 <= MAX_SEQUENCE) {
    const call = callOf(context, benign, paramsFor(benign));
    probes.push({ label: `limits.maxToolCalls ${limits.maxToolCalls}`, calls: Array.from({ length: limits.maxToolCalls + 1 }, () => call) });
  }
  for (const rate of rateEntries(doc)) {
    if (typeof rate.limit !== 'number' || rate.limit + 1 > MAX_SEQUENCE) continue;
    const tool = strings(rate.tools)[0] !== undefined ? synthesise(strings(rate.tools)[0]!) : benign;
    const call = callOf(context, tool, paramsFor(tool));
    const id = typeof rate.id === 'string' ? rate.id : 'rate';
    probes.push({ label: `limits.rate ${id}`, calls: Array.from({ length: rate.limit + 1 }, () => call) });
  }
  for (const probe of ruleProbes(doc, context)) probes.push(probe);
  return probes;
}

interface Leaf {
  fact: string;
  operator: string;
  value: unknown;
  path?: string;
}

function leavesOf(condition: unknown, out: Leaf[] = [], depth = 0): Leaf[] {
  if (!isObject(condition) || depth > 32) return out;
  for (const key of ['all', 'any']) if (Array.isArray(condition[key])) for (const c of condition[key] as unknown[]) leavesOf(c, out, depth + 1);
  if (condition.not !== undefined) leavesOf(condition.not, out, depth + 1);
  if (typeof condition.fact === 'string' && typeof condition.operator === 'string') {
    out.push({ fact: condition.fact, operator: condition.operator, value: condition.value, ...(typeof condition.path === 'string' ? { path: condition.path } : {}) });
  }
  return out;
}

const MAX_PROBE_STRING = 200_000;

/** Values on both sides of a leaf's boundary, so a changed threshold or list shows up. */
function boundaryValues(leaf: Leaf, length: boolean): unknown[] {
  const v = leaf.value;
  if (typeof v === 'number' && Number.isFinite(v)) {
    const numbers = [v - 1, v, v + 1].filter((n) => !length || (n >= 0 && n <= MAX_PROBE_STRING));
    return length ? numbers.map((n) => 'x'.repeat(n)) : numbers;
  }
  if (Array.isArray(v)) return [...v.slice(0, 10), 'probe-other'];
  if (typeof v === 'string' || typeof v === 'boolean') return [v, typeof v === 'string' ? `${v}-other` : !v];
  return [];
}

/** `$.a.b` → ['a', 'b']; `$.a.length` → ['a'] with `length` set. */
function paramPath(path: string): { keys: string[]; length: boolean } | undefined {
  const m = /^\$((?:\.[A-Za-z_][A-Za-z0-9_]*)+)$/.exec(path);
  if (!m) return undefined;
  const keys = m[1]!.slice(1).split('.');
  const length = keys[keys.length - 1] === 'length';
  return { keys: length ? keys.slice(0, -1) : keys, length };
}

function withParam(params: Record<string, unknown>, keys: string[], value: unknown): Record<string, unknown> {
  const out = structuredClone(params);
  let at: Record<string, unknown> = out;
  keys.forEach((k, i) => {
    if (i === keys.length - 1) at[k] = value;
    else at = (at[k] = isObject(at[k]) ? at[k] : {}) as Record<string, unknown>;
  });
  return out;
}

/**
 * Custom rules: for each rule, calls whose parameters sit on both sides of every
 * `params` leaf's boundary, on the tools its `toolName`/`toolClass` leaves name.
 */
function ruleProbes(doc: PolicyData, context: Context): Probe[] {
  const rules = Array.isArray(doc.rules) ? doc.rules.filter(isObject) : [];
  const probes: Probe[] = [];
  for (const rule of rules) {
    const id = typeof rule.id === 'string' ? rule.id : 'rule';
    const leaves = leavesOf(rule.when);
    const tools = new Set<string>();
    for (const leaf of leaves) {
      const values = Array.isArray(leaf.value) ? leaf.value : [leaf.value];
      if (leaf.fact === 'toolName') for (const v of values) if (typeof v === 'string') tools.add(v);
      if (leaf.fact === 'toolClass') for (const v of values) if (typeof v === 'string') tools.add(REPRESENTATIVE_TOOLS[v as 'read'] ?? 'write');
    }
    if (tools.size === 0) for (const t of Object.values(REPRESENTATIVE_TOOLS)) tools.add(t);
    // A path the policy lets tools touch, so path checks do not mask the rule.
    const paths = section(doc, 'paths');
    const allowedGlob = strings(paths.writable)[0] ?? strings(paths.allowed)[0];
    const hint = allowedGlob !== undefined ? { path: synthesise(allowedGlob) } : {};
    for (const tool of [...tools].slice(0, 10)) {
      let base = paramsFor(tool, hint);
      const params = leaves.flatMap((leaf) => {
        const p = leaf.fact === 'params' && leaf.path !== undefined ? paramPath(leaf.path) : undefined;
        return p ? [{ leaf, p }] : [];
      });
      // First every leaf at its largest boundary value, then each leaf through its values.
      for (const { leaf, p } of params) base = withParam(base, p.keys, boundaryValues(leaf, p.length).at(-1));
      probes.push({ label: `rules ${id}`, calls: [callOf(context, tool, base)] });
      for (const { leaf, p } of params) {
        for (const value of boundaryValues(leaf, p.length)) probes.push({ label: `rules ${id}`, calls: [callOf(context, tool, withParam(base, p.keys, value))] });
      }
    }
  }
  return probes;
}

/** A tool a document is likely to allow, so limit sequences are not denied for other reasons. */
function benignTool(doc: PolicyData): string {
  const allowed = strings(section(doc, 'tools').allow).map((g) => synthesise(g));
  return allowed.find((t) => classifyTool(t) !== 'exec' && t !== 'write') ?? 'read';
}

/** Pools the random probes draw from: everything the documents mention, mixed. */
export interface ProbePools {
  tools: string[];
  paths: string[];
  commands: string[];
  contexts: Context[];
  requesters: (Requester | null)[];
}

export function poolsFor(docs: PolicyData[]): ProbePools {
  const paths = new Set<string>(['README.md', 'src/index.ts', '/etc/passwd', '~/notes.txt']);
  const commands = new Set<string>(['ls', 'git status', 'cat README.md']);
  const contexts: Context[] = [{ agentId: 'agent', channel: undefined, cwd: '/srv/workspace' }];
  const requesters: (Requester | null)[] = [null];
  for (const doc of docs) {
    const p = section(doc, 'paths');
    for (const key of ['forbidden', 'allowed', 'writable']) for (const glob of strings(p[key])) {
      paths.add(synthesise(glob));
      for (const m of nearMisses(glob)) paths.add(m);
    }
    const s = section(doc, 'shell');
    for (const key of ['allow', 'approve', 'deny']) for (const pattern of strings(s[key])) commands.add(synthesise(pattern));
    const context = contextFor(doc);
    contexts.push(context);
    for (const r of requestersFor(doc, context)) requesters.push(r.requester);
  }
  return { tools: toolNames(docs), paths: [...paths].sort(), commands: [...commands].sort(), contexts, requesters };
}
