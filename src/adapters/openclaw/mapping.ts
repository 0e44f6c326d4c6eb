// OpenClaw's trusted-tool-policy event and context → a ToolCall, and a Decision → the
// result OpenClaw's `runTrustedToolPolicies` understands. Pure functions, no engine.
// Shapes as shipped in openclaw@2026.9.6 (see docs/adapters.md).
import path from 'node:path';
import type { Decision, Requester, Severity, ToolCall } from '../../types.js';
import { decisionText, oneLine } from '../text.js';

/** `PluginHookBeforeToolCallEvent`, as far as we read it. */
export interface OpenClawToolEvent {
  toolName: string;
  params: Record<string, unknown>;
  runId?: string;
  toolCallId?: string;
  derivedPaths?: readonly string[];
  /** `code_mode_exec` on a Code Mode cell (JavaScript), which shares the name `exec`. */
  toolKind?: string;
  toolInputKind?: string;
}

/** `PluginHookToolContext`, as far as we read it (plus a working directory, should a host add one). */
export interface OpenClawToolContext {
  agentId?: string;
  sessionKey?: string;
  sessionId?: string;
  runId?: string;
  toolName?: string;
  channelId?: string;
  cwd?: string;
  workspaceDir?: string;
  requester?: {
    readonly channel?: string;
    readonly accountId?: string;
    readonly senderId?: string;
    readonly senderIsOwner?: boolean;
    readonly roleIds?: readonly string[];
  };
}

/** What `evaluate` returns: a block, an approval request, or nothing (no objection). */
export type OpenClawPolicyResult =
  | { block: true; blockReason: string }
  | {
      requireApproval: {
        title: string;
        description: string;
        severity: Severity;
        timeoutMs: number;
        allowedDecisions: Array<'allow-once' | 'allow-always' | 'deny'>;
      };
    }
  | undefined;

export interface ApprovalDefaults {
  severity: Severity;
  timeoutMs: number;
}

export interface PluginConfig {
  /** Policy files or folders, already resolved to absolute paths. */
  policy: string[];
  /** `memory` or `sqlite:PATH` (PATH resolved). */
  state: string;
  approval: ApprovalDefaults;
  /** Working directory for calls whose context carries none. */
  cwd?: string;
}

export const DEFAULT_APPROVAL: ApprovalDefaults = { severity: 'warning', timeoutMs: 120_000 };
const CONFIG_KEYS = new Set(['policy', 'state', 'approval', 'cwd']);
const SEVERITIES = new Set<Severity>(['info', 'warning', 'critical']);

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Reads `plugins.entries.toolwarden.config`. Strict: an unknown key or a wrong type is an
 * error, and the plugin then blocks every call with this message (the manifest schema is
 * deliberately loose so that a config mistake never stops the plugin from loading, which
 * would leave OpenClaw with no policy at all).
 */
export function parsePluginConfig(
  raw: unknown,
  resolvePath: (p: string) => string,
): { ok: true; config: PluginConfig } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message: `toolwarden plugin config: ${message}` });
  if (raw === undefined || raw === null) return fail('missing; set `plugins.entries.toolwarden.config.policy`');
  if (!isObject(raw)) return fail('must be an object');
  for (const key of Object.keys(raw)) if (!CONFIG_KEYS.has(key)) return fail(`unknown key \`${key}\``);
  const policies = typeof raw.policy === 'string' ? [raw.policy] : raw.policy;
  if (!Array.isArray(policies) || policies.length === 0 || !policies.every((p) => typeof p === 'string' && p.trim() !== '')) {
    return fail('`policy` must be a path or a non-empty list of paths');
  }
  let state = 'memory';
  if (raw.state !== undefined) {
    if (typeof raw.state !== 'string') return fail('`state` must be `memory` or `sqlite:PATH`');
    if (raw.state === 'memory') state = 'memory';
    else if (raw.state.startsWith('sqlite:') && raw.state.length > 'sqlite:'.length) {
      state = `sqlite:${resolvePath(raw.state.slice('sqlite:'.length))}`;
    } else return fail(`unknown \`state\` \`${raw.state}\`: use \`memory\` or \`sqlite:PATH\``);
  }
  const approval = { ...DEFAULT_APPROVAL };
  if (raw.approval !== undefined) {
    if (!isObject(raw.approval)) return fail('`approval` must be an object');
    for (const key of Object.keys(raw.approval)) {
      if (key !== 'severity' && key !== 'timeoutMs') return fail(`unknown key \`approval.${key}\``);
    }
    const { severity, timeoutMs } = raw.approval;
    if (severity !== undefined) {
      if (typeof severity !== 'string' || !SEVERITIES.has(severity as Severity)) {
        return fail('`approval.severity` must be `info`, `warning` or `critical`');
      }
      approval.severity = severity as Severity;
    }
    if (timeoutMs !== undefined) {
      if (typeof timeoutMs !== 'number' || !Number.isSafeInteger(timeoutMs) || timeoutMs <= 0) {
        return fail('`approval.timeoutMs` must be a positive integer');
      }
      approval.timeoutMs = timeoutMs;
    }
  }
  let cwd: string | undefined;
  if (raw.cwd !== undefined) {
    if (typeof raw.cwd !== 'string' || raw.cwd.trim() === '') return fail('`cwd` must be a path');
    cwd = resolvePath(raw.cwd);
  }
  return {
    ok: true,
    config: { policy: (policies as string[]).map((p) => resolvePath(p)), state, approval, ...(cwd ? { cwd } : {}) },
  };
}

/** Copies only the requester fields OpenClaw documents, each only when it has the right type. */
export function mapRequester(raw: unknown): Requester | undefined {
  if (!isObject(raw)) return undefined;
  const requester: Requester = {};
  for (const key of ['channel', 'accountId', 'senderId'] as const) {
    const v = raw[key];
    if (typeof v === 'string') requester[key] = v;
  }
  // Absent fields prove nothing: only a real `true` is owner.
  if (typeof raw.senderIsOwner === 'boolean') requester.senderIsOwner = raw.senderIsOwner;
  if (Array.isArray(raw.roleIds)) requester.roleIds = raw.roleIds.filter((r): r is string => typeof r === 'string');
  return requester;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * Whether the host marks this call as a Code Mode cell: OpenClaw's Code Mode `exec` shares the
 * shell tool's name, but its `code` (and `command`, an alias of it) is JavaScript. Any tool
 * kind or input kind at all means the call is not the plain tool its name says.
 */
function isMarkedToolKind(event: Record<string, unknown>, context: Record<string, unknown>): boolean {
  return [event.toolKind, event.toolInputKind, context.toolKind, context.toolInputKind].some((v) => v !== undefined && v !== null);
}

/**
 * A Code Mode cell's parameters with its JavaScript under `code` only: read as a shell
 * command it would be checked as commands it does not run (`cat <<'EOF'` is also valid
 * JavaScript), so the exec call carries no command string and is unverifiable.
 */
function codeCellParams(params: Record<string, unknown>): Record<string, unknown> {
  const { command, ...rest } = params;
  return rest.code === undefined && command !== undefined ? { ...rest, code: command } : rest;
}

/** The ToolCall toolwarden evaluates for one OpenClaw `before_tool_call`. Throws on a malformed event. */
export function openClawCall(event: unknown, ctx: unknown, fallbackCwd?: string): ToolCall {
  if (!isObject(event) || typeof event.toolName !== 'string' || event.toolName === '') {
    throw new Error('OpenClaw event without a tool name');
  }
  const context = isObject(ctx) ? ctx : {};
  const call: ToolCall = { toolName: event.toolName, params: isObject(event.params) ? { ...event.params } : {} };
  if (event.params !== undefined && !isObject(event.params)) throw new Error('OpenClaw event params are not an object');
  if (call.params !== undefined && isMarkedToolKind(event, context)) call.params = codeCellParams(call.params);
  const agentId = str(context.agentId);
  const sessionId = str(context.sessionId);
  const sessionKey = str(context.sessionKey);
  const runId = str(event.runId) ?? str(context.runId);
  const cwd = str(context.cwd) ?? str(context.workspaceDir) ?? fallbackCwd;
  if (agentId) call.agentId = agentId;
  if (sessionId) call.sessionId = sessionId;
  if (sessionKey) call.sessionKey = sessionKey;
  if (runId) call.runId = runId;
  if (cwd && path.isAbsolute(cwd)) call.cwd = cwd;
  if (Array.isArray(event.derivedPaths)) {
    call.derivedPaths = event.derivedPaths.map((p) => {
      if (typeof p !== 'string') throw new Error('OpenClaw derivedPaths holds a non-string');
      return p;
    });
  }
  // The channel the gateway says the call came from counts even when it cannot prove who sent
  // it (no requester): `match.channels` governs the call, and a scope's missingRequester still
  // applies to a requester that names no one (red team 22B).
  const requester = mapRequester(context.requester);
  const channel = str(context.channelId);
  if (requester) {
    if (requester.channel === undefined && channel !== undefined) requester.channel = channel;
    call.requester = requester;
  } else if (channel !== undefined) call.requester = { channel };
  return call;
}

/** A Decision as OpenClaw's trusted-policy result: deny blocks, ask requests approval, allow says nothing. */
export function openClawResult(decision: Decision, call: Pick<ToolCall, 'toolName'>, defaults: ApprovalDefaults): OpenClawPolicyResult {
  if (decision.decision === 'allow') return undefined;
  if (decision.decision === 'ask') {
    const approval = decision.approval;
    return {
      requireApproval: {
        title: oneLine(approval?.title ?? `Allow \`${call.toolName}\`?`, 200),
        description: oneLine(approval?.description ?? decisionText(decision)),
        severity: approval?.severity ?? defaults.severity,
        timeoutMs: approval?.timeoutMs ?? defaults.timeoutMs,
        // No "allow-always": a standing approval would skip later checks, limits included.
        allowedDecisions: ['allow-once', 'deny'],
      },
    };
  }
  // `deny`, and anything unexpected, blocks.
  return blockResult(decision.decision === 'deny' ? decisionText(decision) : `toolwarden: unexpected decision \`${String(decision.decision)}\``);
}

export function blockResult(reason: string): { block: true; blockReason: string } {
  return { block: true, blockReason: oneLine(reason) };
}
