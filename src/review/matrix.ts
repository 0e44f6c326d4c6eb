// Access matrix: for each agent the policies name, which tool each kind of requester may
// use (allow / ask / deny), decided by the engine on one synthesised call per cell.
import { nameGlobTest } from '../facts/name-glob.js';
import type { DecisionKind, Requester, ToolCall } from '../types.js';
import { REPRESENTATIVE_TOOLS, agentName, callOf, isObject, paramsFor, section, strings, synthesise, toolNames } from './probes.js';
import type { Context, PolicyData } from './probes.js';

export interface MatrixTable {
  agent: string;
  /** Ids of the policies whose `match.agents` selects this agent (or that name no agents). */
  policies: string[];
  /** The strictest autonomy among those policies (`full` when none says). */
  autonomy: string;
  rows: string[];
  columns: string[];
  /** cells[row][column]. */
  cells: DecisionKind[][];
}

export type Decide = (call: ToolCall) => Promise<DecisionKind>;

const AUTONOMY_ORDER = ['full', 'supervised', 'readonly'];
const OTHER_AGENT = 'other-agent';

/** As the engine matches `match.agents`: name globs, not path globs. */
function matches(globs: string[], value: string): boolean {
  return globs.some((g) => nameGlobTest(g)(value));
}

/** Agents worth a table: one concrete name per `match.agents` glob, plus an agent no policy names. */
export function agentsOf(docs: PolicyData[]): string[] {
  const agents = new Set<string>();
  for (const doc of docs) for (const glob of strings(section(doc, 'match').agents)) agents.add(agentName(glob));
  agents.add(OTHER_AGENT);
  return [...agents];
}

interface Column {
  label: string;
  requester: Requester | null;
}

/** Requester columns: owner per channel, each scope rule (by sender and by role), unknown per channel, none. */
export function columnsOf(docs: PolicyData[]): Column[] {
  const channels = new Set<string>(['cli']);
  for (const doc of docs) {
    for (const glob of strings(section(doc, 'match').channels)) channels.add(synthesise(glob, '1'));
    const rules = section(doc, 'scopes').rules;
    for (const rule of Array.isArray(rules) ? rules : []) if (isObject(rule) && typeof rule.channel === 'string') channels.add(rule.channel);
  }
  const columns: Column[] = [];
  for (const channel of channels) columns.push({ label: `owner@${channel}`, requester: { channel, accountId: 'default', senderId: 'owner', senderIsOwner: true } });
  for (const doc of docs) {
    const rules = section(doc, 'scopes').rules;
    for (const [i, rule] of (Array.isArray(rules) ? rules : []).entries()) {
      if (!isObject(rule)) continue;
      const id = typeof rule.id === 'string' ? rule.id : `${String(doc.id)}#${i}`;
      const base: Requester = {
        channel: typeof rule.channel === 'string' ? rule.channel : 'cli',
        accountId: typeof rule.accountId === 'string' ? rule.accountId : 'default',
        senderIsOwner: false,
      };
      const sender = strings(rule.senderIds)[0];
      const role = strings(rule.roleIds)[0];
      if (sender !== undefined) columns.push({ label: role !== undefined ? `${id} (sender)` : id, requester: { ...base, senderId: sender } });
      if (role !== undefined) columns.push({ label: sender !== undefined ? `${id} (role)` : id, requester: { ...base, senderId: 'member', roleIds: [role] } });
    }
  }
  for (const channel of channels) columns.push({ label: `unknown@${channel}`, requester: { channel, accountId: 'default', senderId: 'stranger', senderIsOwner: false } });
  columns.push({ label: 'no requester', requester: null });
  return columns;
}

function governing(docs: PolicyData[], agent: string): PolicyData[] {
  return docs.filter((doc) => {
    const agents = strings(section(doc, 'match').agents);
    return agents.length === 0 || matches(agents, agent);
  });
}

/** Builds one table per agent. `decide` must evaluate on a fresh limit state each time. */
export async function buildMatrix(docs: PolicyData[], decide: Decide, options: { by: 'tool' | 'class' }): Promise<MatrixTable[]> {
  const columns = columnsOf(docs);
  const rows = options.by === 'class' ? (['read', 'write', 'exec'] as const).map((c) => c as string) : toolNames(docs, { common: false });
  const tables: MatrixTable[] = [];
  for (const agent of agentsOf(docs)) {
    const mine = governing(docs, agent);
    const autonomy = mine
      .map((d) => (typeof d.autonomy === 'string' ? d.autonomy : 'full'))
      .reduce((a, b) => (AUTONOMY_ORDER.indexOf(b) > AUTONOMY_ORDER.indexOf(a) ? b : a), 'full');
    const root = mine.map((d) => section(d, 'workspace').root).find((r): r is string => typeof r === 'string' && r.startsWith('/'));
    const context: Context = { agentId: agent, channel: undefined, cwd: root ?? '/srv/workspace' };
    // Every path, command and message action the policies name (capped), plus the defaults:
    // a cell is the most permissive decision over them, so a tool the requester may use
    // with some parameters never shows as denied because the first ones tried are refused.
    const paths = mine.map((d) => section(d, 'paths'));
    const readPaths = firstFew(paths.flatMap((p) => strings(p.allowed)).map((g) => synthesise(g)));
    const writePaths = firstFew(paths.flatMap((p) => strings(p.writable)).map((g) => synthesise(g)));
    const commands = firstFew(mine.flatMap((d) => strings(section(d, 'shell').allow)).map((g) => synthesise(g)));
    const actions = firstFew(
      mine.flatMap((d) => {
        const rules = section(d, 'scopes').rules;
        return (Array.isArray(rules) ? rules : []).flatMap((r) => (isObject(r) ? strings(r.messageActions) : []));
      }),
    );
    const cells: DecisionKind[][] = [];
    for (const row of rows) {
      const tool = options.by === 'class' ? REPRESENTATIVE_TOOLS[row as 'read'] : row;
      const isWrite = tool === 'write' || /write|edit|patch/i.test(tool);
      const variants = paramVariants(tool, isWrite ? (writePaths.length > 0 ? writePaths : readPaths) : readPaths, commands, actions);
      const line: DecisionKind[] = [];
      for (const column of columns) {
        let best: DecisionKind = 'deny';
        for (const params of variants) {
          const decision = await decide(callOf(context, tool, params, column.requester));
          if (STRICTNESS[decision] < STRICTNESS[best]) best = decision;
          if (best === 'allow') break;
        }
        line.push(best);
      }
      cells.push(line);
    }
    tables.push({ agent, policies: mine.map((d) => String(d.id)), autonomy, rows, columns: columns.map((c) => c.label), cells });
  }
  return tables;
}

const STRICTNESS: Record<DecisionKind, number> = { allow: 0, ask: 1, deny: 2 };
const MAX_VARIANTS = 8;

function firstFew(values: string[]): string[] {
  return [...new Set(values)].slice(0, MAX_VARIANTS);
}

/** The parameter sets a cell tries: the defaults, then each named path, command and action. */
function paramVariants(tool: string, paths: string[], commands: string[], actions: string[]): Record<string, unknown>[] {
  const out = new Map<string, Record<string, unknown>>();
  const add = (hint: { path?: string; command?: string; action?: string }) => {
    const params = paramsFor(tool, hint);
    out.set(JSON.stringify(params), params);
  };
  add({});
  for (const path of paths) add({ path });
  for (const command of commands) add({ command });
  for (const action of actions) add({ action });
  return [...out.values()];
}

function heading(table: MatrixTable): string {
  const agent = table.agent === OTHER_AGENT ? 'any other agent' : `agent \`${table.agent}\``;
  return `${agent}: autonomy ${table.autonomy}; policies ${table.policies.join(', ') || '(none)'}`;
}

export function formatMatrixText(tables: MatrixTable[]): string {
  const out: string[] = [];
  for (const table of tables) {
    out.push(heading(table));
    const header = ['tool', ...table.columns];
    const lines = [header, ...table.rows.map((row, i) => [row, ...(table.cells[i] ?? [])])];
    const widths = header.map((_, c) => Math.max(...lines.map((l) => (l[c] ?? '').length)));
    for (const [n, l] of lines.entries()) {
      out.push('  ' + l.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ').trimEnd());
      if (n === 0) out.push('  ' + widths.map((w) => '-'.repeat(w)).join('  '));
    }
    out.push('');
  }
  return out.join('\n');
}

export function formatMatrixMarkdown(tables: MatrixTable[]): string {
  const out: string[] = [];
  const cell = (t: string) => t.replace(/\|/g, '\\|');
  for (const table of tables) {
    out.push(`### ${heading(table)}`, '');
    out.push(`| tool | ${table.columns.map(cell).join(' | ')} |`);
    out.push(`|---|${table.columns.map(() => '---').join('|')}|`);
    for (const [i, row] of table.rows.entries()) out.push(`| \`${cell(row)}\` | ${(table.cells[i] ?? []).join(' | ')} |`);
    out.push('');
  }
  return out.join('\n');
}
