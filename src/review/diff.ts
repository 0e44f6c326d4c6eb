// Semantic diff of two policy sets: run the same synthesised calls under both and report
// the calls whose decision changed, grouped by what caused it, simplest witness first.
import fc from 'fast-check';
import type { PolicySet } from '../engine/api.js';
import type { DecisionKind, Reason, ToolCall } from '../types.js';
import { callOf, paramsFor, poolsFor, probesForDoc, section, strings } from './probes.js';
import type { PolicyData, Probe } from './probes.js';
import type { StructuralChange } from './structure.js';

const STRICTNESS: Record<DecisionKind, number> = { allow: 0, ask: 1, deny: 2 };

export type Direction = 'loosened' | 'tightened';

export interface Change {
  from: DecisionKind;
  to: DecisionKind;
  direction: Direction;
  /** `policy check[ rule]` of the reasons only the stricter side gave. */
  cause: string[];
  /** What the witness probe exercised. */
  probe: string;
  /** The calls replayed (a sequence ends with the call whose decision changed). */
  witness: ToolCall[];
  oldReasons: Reason[];
  newReasons: Reason[];
}

export interface ChangeGroup extends Change {
  /** How many probes showed this same change. */
  count: number;
}

export interface DiffReport {
  probes: number;
  groups: ChangeGroup[];
  loosened: number;
  tightened: number;
  /** Changes to the policy text that may loosen, whether or not a probe showed them (structure.ts). */
  possibleLoosenings: StructuralChange[];
}

/** Every probe for two versions of a set: deterministic ones from both, then seeded random ones. */
const MAX_AGENT_CONTEXTS = 10;

export function probesFor(oldDocs: PolicyData[], newDocs: PolicyData[], options: { seed: number; randomRuns: number }): Probe[] {
  const all = [...oldDocs, ...newDocs];
  const probes: Probe[] = [];
  const seen = new Set<string>();
  const push = (probe: Probe) => {
    const key = JSON.stringify(probe.calls.length > 1 ? [probe.calls.length, probe.calls[0]] : probe.calls);
    if (seen.has(key)) return;
    seen.add(key);
    probes.push(probe);
  };
  for (const doc of all) {
    // Every agent a policy names (either version): narrowing `match.agents` is a loosening.
    // Its own agents always (red team 22A: a changed policy's agent past the cap was never probed), others up to the cap.
    const own = strings(section(doc, 'match').agents);
    const agents = [...new Set([...own, ...all.flatMap((d) => strings(section(d, 'match').agents)).slice(0, MAX_AGENT_CONTEXTS)])];
    for (const agent of agents.length > 0 ? agents : [undefined]) for (const probe of probesForDoc(doc, all, agent)) push(probe);
  }
  for (const probe of randomProbes(all, options)) push(probe);
  return probes;
}

function randomProbes(docs: PolicyData[], options: { seed: number; randomRuns: number }): Probe[] {
  if (options.randomRuns <= 0) return [];
  const pools = poolsFor(docs);
  const arbitrary = fc
    .record({
      tool: fc.constantFrom(...pools.tools),
      path: fc.constantFrom(...pools.paths),
      commands: fc.array(fc.constantFrom(...pools.commands), { minLength: 1, maxLength: 3 }),
      joiner: fc.constantFrom(' && ', '; ', ' | ', ' || ', '\n'),
      context: fc.constantFrom(...pools.contexts),
      requester: fc.constantFrom(...pools.requesters),
      shape: fc.constantFrom('tool', 'path', 'command'),
    })
    .map(({ tool, path, commands, joiner, context, requester, shape }): Probe => {
      const name = shape === 'path' ? (tool.toLowerCase().includes('write') ? tool : 'read') : shape === 'command' ? 'exec' : tool;
      const params = shape === 'command' ? { command: commands.join(joiner) } : shape === 'path' ? { ...paramsFor(name), path } : paramsFor(name);
      return { label: `random ${shape}`, calls: [callOf(context, name, params, requester)] };
    });
  return fc.sample(arbitrary, { seed: options.seed, numRuns: options.randomRuns });
}

/** Runs `calls` in order on a fresh limit state; returns the decisions. */
export type Replay = (calls: ToolCall[]) => Promise<{ decision: DecisionKind; reasons: Reason[] }[]>;

/** A replay over a set whose store `reset()` empties (testing/store.ts). */
export function replayOn(set: PolicySet, reset: () => void): Replay {
  return async (calls) => {
    reset();
    const out: { decision: DecisionKind; reasons: Reason[] }[] = [];
    for (const call of calls) {
      const d = await set.evaluateAsync(call, { allReasons: true, useCallTime: true });
      out.push({ decision: d.decision, reasons: d.reasons });
    }
    return out;
  };
}

function reasonKey(r: Reason): string {
  return `${r.policy} ${r.check}${r.rule ? ` ${r.rule}` : ''}`;
}

/** Evaluates every probe under both sets and groups the changes. */
export async function diffSets(oldReplay: Replay, newReplay: Replay, probes: Probe[], possibleLoosenings: StructuralChange[] = []): Promise<DiffReport> {
  const changes: Change[] = [];
  for (const probe of probes) {
    const before = await oldReplay(probe.calls);
    const after = await newReplay(probe.calls);
    for (let i = 0; i < probe.calls.length; i++) {
      const a = before[i];
      const b = after[i];
      if (!a || !b || a.decision === b.decision) continue;
      const direction: Direction = STRICTNESS[b.decision] < STRICTNESS[a.decision] ? 'loosened' : 'tightened';
      const stricter = direction === 'loosened' ? a.reasons : b.reasons;
      const looser = new Set((direction === 'loosened' ? b.reasons : a.reasons).map(reasonKey));
      let cause = [...new Set(stricter.map(reasonKey).filter((k) => !looser.has(k)))].sort();
      if (cause.length === 0) cause = [...new Set(stricter.map(reasonKey))].sort();
      changes.push({
        from: a.decision,
        to: b.decision,
        direction,
        cause,
        probe: probe.label,
        witness: probe.calls.slice(0, i + 1),
        oldReasons: a.reasons,
        newReasons: b.reasons,
      });
      break; // the first changed step of a sequence is its witness
    }
  }
  const groups = groupChanges(changes);
  return {
    probes: probes.length,
    groups,
    loosened: groups.filter((g) => g.direction === 'loosened').reduce((n, g) => n + g.count, 0),
    tightened: groups.filter((g) => g.direction === 'tightened').reduce((n, g) => n + g.count, 0),
    possibleLoosenings,
  };
}

/** Order of transitions: the biggest loosening first, tightenings last. */
const TRANSITION_ORDER = ['deny>allow', 'deny>ask', 'ask>allow', 'allow>deny', 'ask>deny', 'allow>ask'];

function size(change: Change): number {
  return change.witness.length * 100_000 + JSON.stringify(change.witness[change.witness.length - 1]).length;
}

/** One group per transition and cause, keeping the smallest witness. */
export function groupChanges(changes: Change[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  for (const change of changes) {
    const key = `${change.from}>${change.to}|${change.cause.join(',')}`;
    const group = groups.get(key);
    if (!group) groups.set(key, { ...change, count: 1 });
    else {
      group.count++;
      if (size(change) < size(group)) groups.set(key, { ...change, count: group.count });
    }
  }
  return [...groups.values()].sort(
    (a, b) =>
      TRANSITION_ORDER.indexOf(`${a.from}>${a.to}`) - TRANSITION_ORDER.indexOf(`${b.from}>${b.to}`) ||
      a.cause.join(',').localeCompare(b.cause.join(',')),
  );
}

/** A call on one line: tool, the params that matter, agent and requester. */
export function describeCall(call: ToolCall | undefined): string {
  if (!call) return '(none)';
  const parts = [`${call.toolName} ${JSON.stringify(call.params ?? {})}`];
  if (call.agentId !== undefined) parts.push(`agent=${call.agentId}`);
  const r = call.requester;
  if (!r) parts.push('requester=none');
  else if (r.senderIsOwner === true) parts.push(`requester=owner@${r.channel ?? '?'}`);
  else parts.push(`requester=${r.channel ?? '?'}/${r.accountId ?? '?'}/${r.senderId ?? '?'}${r.roleIds?.length ? `[${r.roleIds.join(',')}]` : ''}`);
  return parts.join(' ');
}

function witnessText(change: Change): string {
  const last = describeCall(change.witness[change.witness.length - 1]);
  return change.witness.length > 1 ? `call ${change.witness.length} of ${change.witness.length} identical-session calls: ${last}` : last;
}

function causeText(group: ChangeGroup): string {
  return group.cause.length > 0 ? group.cause.join('; ') : '(no reason given)';
}

function structuralText(c: StructuralChange): string {
  return `${c.policy} ${c.field}: ${c.message}`;
}

export function formatDiffHuman(report: DiffReport): string {
  const out: string[] = [];
  if (report.possibleLoosenings.length > 0) {
    out.push(`${report.possibleLoosenings.length} change(s) to the policy text may loosen (probes cannot show every call):`);
    for (const c of report.possibleLoosenings) out.push(`  POSSIBLE LOOSENING ${structuralText(c)}`);
    out.push('');
  }
  if (report.groups.length === 0) {
    out.push(`no decision changed (${report.probes} probes)`);
    return out.join('\n') + '\n';
  }
  out.push(`${report.loosened} loosened, ${report.tightened} tightened (${report.probes} probes)`);
  for (const g of report.groups) {
    out.push('');
    out.push(`${g.direction.toUpperCase()} ${g.from} -> ${g.to}: ${causeText(g)} (${g.count} probe${g.count === 1 ? '' : 's'})`);
    out.push(`  witness: ${witnessText(g)}`);
    out.push(`  probe:   ${g.probe}`);
    for (const r of g.oldReasons) out.push(`  old: ${r.policy} ${r.check}${r.rule ? ` (${r.rule})` : ''}: ${r.message} [${r.source}]`);
    for (const r of g.newReasons) out.push(`  new: ${r.policy} ${r.check}${r.rule ? ` (${r.rule})` : ''}: ${r.message} [${r.source}]`);
  }
  return out.join('\n') + '\n';
}

function mdCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/`/g, "'").replace(/\n/g, ' ');
}

export function formatDiffMarkdown(report: DiffReport): string {
  const out: string[] = ['## Policy change review', ''];
  if (report.possibleLoosenings.length > 0) {
    out.push(`**${report.possibleLoosenings.length} change(s) to the policy text may loosen** (probes cannot show every call):`, '');
    for (const c of report.possibleLoosenings) out.push(`- :warning: \`${mdCell(c.policy)}\` ${mdCell(c.field)}: ${mdCell(c.message)}`);
    out.push('');
  }
  if (report.groups.length === 0) {
    out.push(`No decision changed across ${report.probes} probes.`);
    return out.join('\n') + '\n';
  }
  out.push(
    report.loosened > 0
      ? `**${report.loosened} probe(s) became more permissive**, ${report.tightened} more restrictive (${report.probes} probes).`
      : `Nothing became more permissive; ${report.tightened} probe(s) more restrictive (${report.probes} probes).`,
  );
  out.push('', '| change | cause | witness | probes |', '|---|---|---|---|');
  for (const g of report.groups) {
    const mark = g.direction === 'loosened' ? ':warning: loosened' : 'tightened';
    out.push(`| ${mark} ${g.from} → ${g.to} | ${mdCell(causeText(g))} | \`${mdCell(witnessText(g))}\` | ${g.count} |`);
  }
  return out.join('\n') + '\n';
}

export function formatDiffJson(report: DiffReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}
