// The generic exit-code hook protocol (OpenClaw feature request "Pre/Post Tool Use Hooks"):
// the tool context comes in env `HOOK_TOOL_NAME`, `HOOK_TOOL_INPUT` (JSON), `HOOK_EVENT`
// and/or a JSON payload on stdin; exit 0 allows, exit 2 denies with the reason on stdout,
// any other code is "warn but allow" (so we never use one).
//
// Precedence: both sources are read; where both name the tool or its input they must
// agree, else the call is denied (a hook must not be fooled by one of two stories).
// Context only stdin can carry (session, agent, cwd, requester) comes from stdin.
import { isDeepStrictEqual } from 'node:util';
import type { Decision, Requester, ToolCall } from '../../types.js';
import { decisionText, oneLine } from '../text.js';
import { jsonInputMessage, parseJsonInput } from '../json-input.js';

export type ExitCodeInput =
  | { ok: true; phase: 'pre' | 'post'; call: ToolCall }
  | { ok: false; message: string };

export interface ExitCodeAnswer {
  exitCode: 0 | 2;
  stdout: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Two spellings of one field that say different things: which one the tool uses is not known. */
class Disagreement extends Error {}

/** The value under one of a field's spellings (not undefined/null); two that differ are a Disagreement. */
function pick(obj: Record<string, unknown>, keys: readonly string[]): unknown {
  let found: { key: string; value: unknown } | undefined;
  for (const key of keys) {
    const value = obj[key];
    if (value === undefined || value === null) continue;
    if (found === undefined) found = { key, value };
    else if (!isDeepStrictEqual(found.value, value)) throw new Disagreement(`stdin \`${found.key}\` and \`${key}\` disagree`);
  }
  return found?.value;
}

/** `post…`/`after…` events come after the tool ran: nothing left to stop. Everything else is treated as pre. */
export function phaseOf(event: string | undefined): 'pre' | 'post' {
  if (event === undefined) return 'pre';
  const e = event.trim().toLowerCase();
  return /^(post|after)[-_:]?tool/.test(e) || e === 'post' || e === 'after' || e === 'tool:after' ? 'post' : 'pre';
}

function parseToolInput(text: string): Record<string, unknown> | string {
  const parsed = parseJsonInput(text);
  if (!parsed.ok) return jsonInputMessage('`HOOK_TOOL_INPUT`', parsed);
  return isObject(parsed.value) ? parsed.value : '`HOOK_TOOL_INPUT` must be a JSON object';
}

function parseRequester(raw: unknown): Requester | string {
  if (!isObject(raw)) return '`requester` must be an object';
  const out: Requester = {};
  for (const key of ['channel', 'accountId', 'senderId'] as const) {
    const v = raw[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') return `\`requester.${key}\` must be a string`;
    out[key] = v;
  }
  if (raw.senderIsOwner !== undefined && raw.senderIsOwner !== null) {
    if (typeof raw.senderIsOwner !== 'boolean') return '`requester.senderIsOwner` must be a boolean';
    out.senderIsOwner = raw.senderIsOwner;
  }
  if (raw.roleIds !== undefined && raw.roleIds !== null) {
    if (!Array.isArray(raw.roleIds) || !raw.roleIds.every((r) => typeof r === 'string')) return '`requester.roleIds` must be a list of strings';
    out.roleIds = raw.roleIds as string[];
  }
  return out;
}

/**
 * Builds the call from env and stdin. Stdin may be empty (env only); stdin JSON may use
 * toolwarden's names (`toolName`, `params`, `sessionId`, ...) or Claude-style ones
 * (`tool_name`, `tool_input`, `session_id`, ...). Unknown stdin keys are ignored (the
 * gateway's payload is not ours to define); every key we do read must have the right type.
 */
export function readExitCodeInput(env: Record<string, string | undefined>, stdinText: string): ExitCodeInput {
  try {
    return readInput(env, stdinText);
  } catch (error) {
    if (error instanceof Disagreement) return { ok: false, message: error.message };
    throw error;
  }
}

function readInput(env: Record<string, string | undefined>, stdinText: string): ExitCodeInput {
  const fail = (message: string) => ({ ok: false as const, message });
  let payload: Record<string, unknown> = {};
  if (stdinText.trim() !== '') {
    const parsed = parseJsonInput(stdinText);
    if (!parsed.ok) return fail(jsonInputMessage('stdin', parsed));
    if (!isObject(parsed.value)) return fail('stdin must be a JSON object');
    payload = parsed.value;
  }

  const stdinEvent = pick(payload, ['event', 'hookEvent', 'hook_event', 'hook_event_name', 'HOOK_EVENT']);
  if (stdinEvent !== undefined && typeof stdinEvent !== 'string') return fail('stdin `event` must be a string');
  // Post only when every event given says post: one source saying pre keeps the check.
  const events = [env.HOOK_EVENT, stdinEvent as string | undefined].filter((e): e is string => e !== undefined);
  const phase = events.length > 0 && events.every((e) => phaseOf(e) === 'post') ? 'post' : 'pre';

  const stdinName = pick(payload, ['toolName', 'tool_name', 'tool', 'name']);
  if (stdinName !== undefined && typeof stdinName !== 'string') return fail('stdin tool name must be a string');
  const envName = env.HOOK_TOOL_NAME;
  if (envName !== undefined && stdinName !== undefined && envName !== stdinName) {
    return fail(`\`HOOK_TOOL_NAME\` \`${envName}\` and stdin tool name \`${stdinName}\` disagree`);
  }
  const toolName = envName ?? (stdinName as string | undefined);
  if (toolName === undefined || toolName === '') return fail('no tool name (set `HOOK_TOOL_NAME` or send `toolName` on stdin)');

  const stdinInput = pick(payload, ['params', 'tool_input', 'toolInput', 'input', 'arguments']);
  let params: Record<string, unknown> | undefined;
  if (stdinInput !== undefined) {
    if (typeof stdinInput === 'string') {
      const p = parseToolInput(stdinInput);
      if (typeof p === 'string') return fail('stdin tool input is not a JSON object');
      params = p;
    } else if (isObject(stdinInput)) params = stdinInput;
    else return fail('stdin tool input must be an object');
  }
  if (env.HOOK_TOOL_INPUT !== undefined && env.HOOK_TOOL_INPUT !== '') {
    const fromEnv = parseToolInput(env.HOOK_TOOL_INPUT);
    if (typeof fromEnv === 'string') return fail(fromEnv);
    if (params !== undefined && !isDeepStrictEqual(params, fromEnv)) return fail('`HOOK_TOOL_INPUT` and the stdin tool input disagree');
    params = fromEnv;
  }
  const call: ToolCall = { toolName, params: params ?? {} };
  const strings: Array<[keyof ToolCall & string, readonly string[]]> = [
    ['sessionId', ['sessionId', 'session_id']],
    ['sessionKey', ['sessionKey', 'session_key']],
    ['agentId', ['agentId', 'agent_id']],
    ['runId', ['runId', 'run_id']],
    ['cwd', ['cwd', 'workdir']],
  ];
  for (const [field, keys] of strings) {
    const v = pick(payload, keys);
    if (v === undefined) continue;
    if (typeof v !== 'string') return fail(`stdin \`${keys[0]}\` must be a string`);
    if (v !== '') (call as unknown as Record<string, unknown>)[field] = v;
  }
  const derived = pick(payload, ['derivedPaths', 'derived_paths']);
  if (derived !== undefined) {
    if (!Array.isArray(derived) || !derived.every((p) => typeof p === 'string')) return fail('stdin `derivedPaths` must be a list of strings');
    call.derivedPaths = derived as string[];
  }
  const requester = pick(payload, ['requester']);
  if (requester !== undefined) {
    const r = parseRequester(requester);
    if (typeof r === 'string') return fail(`stdin ${r}`);
    call.requester = r;
  }
  // A call is never judged with no input: given its name in the environment, the hook reads
  // stdin for a moment only (hook.ts) and an input sent later would be missed; and a payload
  // may hold its input under a key we do not read (`parameters`, `args`). Either way the call
  // would be judged as one naming no path (red teams 8 and 11).
  if (params === undefined && phase === 'pre') {
    return fail(envName !== undefined
      ? 'no tool input: with `HOOK_TOOL_NAME` set, pass `HOOK_TOOL_INPUT` (`{}` for none) or send the input on stdin at once'
      : 'no tool input on stdin: send it as `tool_input` or `params` (`{}` for none), or in `HOOK_TOOL_INPUT`');
  }
  return { ok: true, phase, call };
}

/** allow → 0, nothing printed; deny → 2 with the reason; ask → 2, since this protocol cannot ask. */
export function exitCodeAnswer(decision: Decision): ExitCodeAnswer {
  if (decision.decision === 'allow') return { exitCode: 0, stdout: '' };
  if (decision.decision === 'ask') {
    return denyLine(`toolwarden: this call needs a human's approval and the exit-code hook cannot ask, so it is denied: ${decisionText(decision)}`);
  }
  return denyLine(decisionText(decision));
}

export function denyLine(reason: string): ExitCodeAnswer {
  return { exitCode: 2, stdout: `${oneLine(reason)}\n` };
}
