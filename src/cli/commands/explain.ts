// `toolwarden explain --policy PATH... --input CALL`: why a call gets its decision, for a person.
// Reads the engine's explain trace; decides nothing itself.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadPolicySet, parseToolCall } from '../../index.js';
import type { PolicySet } from '../../engine/api.js';
import type { Decision, ToolCall, TraceEntry } from '../../types.js';
import { readInputFile, type CliIO } from '../io.js';
import { diagnosticLine, displayPath, firstLine } from '../messages.js';

const USAGE = 'usage: toolwarden explain --policy PATH... [--input FILE|-|JSON]';
const MAX_LINE = 200;

export async function run(argv: string[], io: CliIO): Promise<number> {
  let values: { policy?: string[]; input?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { policy: { type: 'string', multiple: true }, input: { type: 'string' } },
      allowPositionals: false,
    }));
  } catch (error) {
    io.stderr(`${firstLine(error)}\n${USAGE}\n`);
    return 1;
  }
  if (!values.policy || values.policy.length === 0) {
    io.stderr(`--policy is required\n${USAGE}\n`);
    return 1;
  }
  try {
    const text = await readInput(values.input ?? '-', io);
    const calls = parseCalls(text);
    if (!calls.ok) {
      io.stderr(`${calls.message}\n`);
      return 1;
    }
    const loaded = await loadPolicySet(values.policy.map((p) => resolve(io.cwd, p)), io.env.HOME ? { home: io.env.HOME } : {});
    if (!loaded.set) {
      for (const d of loaded.diagnostics) io.stderr(diagnosticLine(d, io.cwd) + '\n');
      if (loaded.diagnostics.length === 0) io.stderr('the policies could not be loaded\n');
      return 1;
    }
    const blocks: string[] = [];
    for (const call of calls.calls) {
      const decision = await loaded.set.evaluateAsync(call, { explain: true, useCallTime: true });
      blocks.push(formatExplanation(call, decision, loaded.set, io.cwd));
    }
    io.stdout(blocks.join('\n' + '-'.repeat(60) + '\n\n'));
    return 0;
  } catch (error) {
    io.stderr(`toolwarden explain failed: ${firstLine(error)}\n`);
    return 1;
  }
}

async function readInput(input: string, io: CliIO): Promise<string> {
  if (input === '-') return io.stdin();
  if (input.trimStart().startsWith('{')) return input;
  return readInputFile(resolve(io.cwd, input));
}

/** One JSON object, or JSON Lines (explained in order, sharing limit state). */
function parseCalls(text: string): { ok: true; calls: ToolCall[] } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: false, message: 'no call on the input' };
  // Each value with the line of the input it is on (lines as in the file, blank ones counted).
  let values: { value: unknown; line: number | undefined }[];
  try {
    values = [{ value: JSON.parse(text), line: undefined }];
  } catch {
    values = [];
    for (const [i, line] of text.split('\n').entries()) {
      if (line.trim() === '') continue;
      try {
        values.push({ value: JSON.parse(line), line: i + 1 });
      } catch {
        return { ok: false, message: `line ${i + 1}: not valid JSON` };
      }
    }
  }
  const calls: ToolCall[] = [];
  for (const { value, line } of values) {
    const parsed = parseToolCall(value);
    if (!parsed.ok) return { ok: false, message: `${line !== undefined ? `line ${line}: ` : ''}${parsed.message}` };
    calls.push(parsed.call);
  }
  return { ok: true, calls };
}

/** The explanation of one decision: the call, each policy and its checks, the verdict. */
export function formatExplanation(call: ToolCall, decision: Decision, set: Pick<PolicySet, 'policies' | 'revision' | 'coverageItems'>, cwd: string): string {
  const labels = new Map(set.coverageItems.map((i) => [`${i.policy}\u0000${i.pointer}`, i.label]));
  const out: string[] = [];
  out.push(`call       ${call.toolName}${call.agentId !== undefined ? ` by agent \`${call.agentId}\`` : ' (no agent id)'}`);
  out.push(`session    ${call.sessionId ?? call.sessionKey ?? '(none)'}`);
  out.push(`requester  ${describeRequester(call)}`);
  if (call.cwd !== undefined) out.push(`cwd        ${call.cwd}`);
  if (call.params && Object.keys(call.params).length > 0) out.push(`params     ${clip(JSON.stringify(call.params))}`);
  if (call.derivedPaths && call.derivedPaths.length > 0) out.push(`derived    ${call.derivedPaths.join(', ')}`);
  out.push('');

  const trace = decision.trace ?? [];
  const byPolicy = new Map<string, TraceEntry[]>();
  for (const entry of trace) {
    const list = byPolicy.get(entry.policy) ?? [];
    list.push(entry);
    byPolicy.set(entry.policy, list);
  }
  const seen = new Set<string>();
  for (const policy of set.policies) {
    seen.add(policy.id);
    out.push(`policy ${policy.id} (${displayPath(policy.file, cwd)})`);
    const entries = byPolicy.get(policy.id);
    if (!entries || entries.length === 0) out.push('  not evaluated');
    else for (const entry of entries) out.push(...entryLines(entry, cwd, labels));
    out.push('');
  }
  // Entries not tied to a listed policy (the engine's own steps, such as call checks or limits).
  for (const [policy, entries] of byPolicy) {
    if (seen.has(policy)) continue;
    out.push(policy === '' ? 'engine' : `policy ${policy}`);
    for (const entry of entries) out.push(...entryLines(entry, cwd, labels));
    out.push('');
  }
  if (trace.length === 0) out.push('(the engine returned no trace)', '');

  out.push(`decision   ${decision.decision.toUpperCase()}`);
  if (decision.reasons.length === 0) out.push('  no check objected');
  for (const r of decision.reasons) {
    out.push(`  because ${r.policy} ${r.check}${r.rule ? ` (${r.rule})` : ''}: ${r.message}`);
    out.push(`          at ${displayPath(r.source, cwd)}`);
  }
  if (decision.approval) {
    const a = decision.approval;
    out.push(`approval   ${a.title} [${a.severity}, times out after ${a.timeoutMs} ms]`);
    if (a.description) out.push(`           ${clip(a.description)}`);
  }
  out.push(`revision   ${decision.revision}`);
  return out.join('\n') + '\n';
}

function entryLines(entry: TraceEntry, cwd: string, labels: Map<string, string>): string[] {
  const outcome = entry.outcome === 'skip' ? 'skipped' : entry.outcome;
  const lines = [`  ${entry.check.padEnd(22)} ${outcome.padEnd(7)}${entry.source ? ` ${displayPath(entry.source, cwd)}` : ''}`.trimEnd()];
  if (entry.saw !== undefined) {
    const saw = renderValue(entry.saw, 0);
    if (saw.length === 1 && !saw[0]!.includes(':')) lines.push(`      saw: ${saw[0]}`);
    else {
      lines.push('      saw:');
      for (const line of saw) lines.push(`        ${line}`);
    }
  }
  // Name what matched as the policy says it (`paths.forbidden \`.env\``), not by pointer.
  for (const pointer of new Set(entry.hits ?? [])) {
    lines.push(`      matched: ${labels.get(`${entry.policy}\u0000${pointer}`) ?? pointer}`);
  }
  return lines;
}

/** Plain lines for any value: objects as `key: value`, short lists inline, long ones one per line. */
export function renderValue(value: unknown, depth: number): string[] {
  if (value === null || value === undefined) return [String(value)];
  if (typeof value !== 'object') return [clip(String(value))];
  if (depth > 4) return [clip(JSON.stringify(value))];
  if (Array.isArray(value)) {
    if (value.length === 0) return ['(none)'];
    const simple = value.every((v) => v === null || typeof v !== 'object');
    if (simple) {
      const inline = value.map((v) => String(v)).join(', ');
      if (inline.length <= 100) return [inline];
      return value.map((v) => `- ${clip(String(v))}`);
    }
    return value.flatMap((v) => {
      const inner = renderValue(v, depth + 1);
      return inner.map((line, i) => (i === 0 ? `- ${line}` : `  ${line}`));
    });
  }
  const lines: string[] = [];
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const rendered = renderValue(inner, depth + 1);
    if (rendered.length === 1) lines.push(`${key}: ${rendered[0]}`);
    else {
      lines.push(`${key}:`);
      for (const line of rendered) lines.push(`  ${line}`);
    }
  }
  return lines.length > 0 ? lines : ['(empty)'];
}

function describeRequester(call: ToolCall): string {
  const r = call.requester;
  if (!r) return '(none)';
  const parts = [[r.channel ?? '?', r.accountId ?? '?', r.senderId ?? '?'].join('/')];
  if (r.roleIds && r.roleIds.length > 0) parts.push(`roles ${r.roleIds.join(', ')}`);
  parts.push(r.senderIsOwner === true ? 'owner' : 'not owner');
  return parts.join('; ');
}

function clip(text: string): string {
  return text.length > MAX_LINE ? `${text.slice(0, MAX_LINE - 1)}…` : text;
}
