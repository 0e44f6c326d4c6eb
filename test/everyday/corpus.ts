// Loads the everyday corpus (calls.yaml): harmless tool calls a coding agent sends in a session,
// each with the decision a reasonable author expects under each corpus policy.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { DecisionKind } from '../../src/types.js';
import { EVERYDAY_WS } from './setup-fixtures.js';

export const EVERYDAY_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(EVERYDAY_DIR, '../..');

type ToolClass = 'read' | 'write' | 'exec';
type Defaults = Record<ToolClass, DecisionKind>;

export interface EverydayCall {
  id: string;
  call: Record<string, unknown>;
  expect: Record<string, DecisionKind>;
}

export interface EverydayCorpus {
  /** Policy name → its YAML text, every workspace root moved to the fixture workspace. */
  policies: Map<string, { file: string; text: string }>;
  calls: EverydayCall[];
}

// The roots the bundled and adversarial policies were written for.
const ROOTS = ['/tmp/toolwarden-adv/ws', '/srv/agents/coder', '/srv/app', '/srv/ws'];

const CLASS_OF: Record<string, ToolClass> = {
  exec: 'exec', Bash: 'exec', shell: 'exec', process: 'exec',
  read: 'read', Read: 'read', ls: 'read', LS: 'read', grep: 'read', Grep: 'read', glob: 'read', Glob: 'read', find: 'read',
  write: 'write', Write: 'write', edit: 'write', Edit: 'write', MultiEdit: 'write', apply_patch: 'write', NotebookEdit: 'write',
};

/** `$WS` in any string of a call is the fixture workspace. */
function withWorkspace(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('$WS', EVERYDAY_WS);
  if (Array.isArray(value)) return value.map(withWorkspace);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withWorkspace(v)]));
  return value;
}

export function loadEverydayCorpus(): EverydayCorpus {
  const doc = parse(readFileSync(path.join(EVERYDAY_DIR, 'calls.yaml'), 'utf8')) as {
    policies: Record<string, string>;
    defaults: Record<string, DecisionKind | Defaults>;
    calls: Array<{ id: string; sh?: string; tool?: string; params?: Record<string, unknown>; cwd?: string; expect?: Record<string, DecisionKind> }>;
  };
  const policies = new Map<string, { file: string; text: string }>();
  for (const [name, rel] of Object.entries(doc.policies)) {
    const file = path.join(REPO, rel);
    let text = readFileSync(file, 'utf8');
    for (const root of ROOTS) text = text.replaceAll(root, EVERYDAY_WS);
    policies.set(name, { file, text });
  }
  const ids = new Set<string>();
  const calls: EverydayCall[] = [];
  for (const raw of doc.calls) {
    if (ids.has(raw.id)) throw new Error(`duplicate everyday call id ${raw.id}`);
    ids.add(raw.id);
    const toolName = raw.tool ?? 'exec';
    const cls = CLASS_OF[toolName];
    if (!cls) throw new Error(`${raw.id}: no tool class for ${toolName} in the corpus loader`);
    for (const name of Object.keys(raw.expect ?? {})) if (!policies.has(name)) throw new Error(`${raw.id}: unknown policy ${name}`);
    const params = raw.sh !== undefined ? { command: raw.sh } : raw.params ?? {};
    const cwd = raw.cwd ? path.join(EVERYDAY_WS, raw.cwd) : EVERYDAY_WS;
    const call = withWorkspace({ toolName, params, agentId: 'coder', sessionId: `everyday-${raw.id}`, cwd }) as Record<string, unknown>;
    const expect: Record<string, DecisionKind> = {};
    for (const name of policies.keys()) {
      const d = doc.defaults[name] ?? 'allow';
      expect[name] = raw.expect?.[name] ?? (typeof d === 'string' ? d : d[cls]);
    }
    calls.push({ id: raw.id, call, expect });
  }
  return { policies, calls };
}
