// Claude Code `PreToolUse` hook payload → ToolCall, and Decision → hook answer.
// Input (stdin): { session_id, transcript_path, cwd, permission_mode, hook_event_name,
// tool_name, tool_input, tool_use_id, agent_id?, agent_type? }. Output: on deny, exit 2
// with the reason on stderr (what Claude Code reads at exit 2) plus the JSON form on
// stdout; on ask, the JSON form with exit 0; on allow, nothing and exit 0 so Claude
// Code's own permission rules still apply.
import type { Decision, ToolCall } from '../../types.js';
import { decisionText, oneLine } from '../text.js';
import { jsonInputMessage, parseJsonInput } from '../json-input.js';

export type ParsedPayload =
  | { ok: true; event: string; call: ToolCall; permissionMode?: string }
  | { ok: false; message: string };

export interface HookAnswer {
  exitCode: 0 | 2;
  stdout: string;
  stderr: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Reads the stdin text. Malformed JSON, a missing `tool_name` or a wrong type on a field
 * we use is an error (and so a deny). Claude Code is a local, single-user tool: there is
 * no requester, so policies that use `scopes` get `missingRequester` for every call.
 */
export function parseClaudeCodePayload(text: string): ParsedPayload {
  const parsed = parseJsonInput(text);
  if (!parsed.ok) return { ok: false, message: jsonInputMessage('hook input', parsed) };
  const payload = parsed.value;
  if (!isObject(payload)) return { ok: false, message: 'hook input must be a JSON object' };
  const { tool_name: toolName, tool_input: toolInput, hook_event_name: event, permission_mode: permissionMode } = payload;
  if (event !== undefined && typeof event !== 'string') return { ok: false, message: '`hook_event_name` must be a string' };
  if (permissionMode !== undefined && permissionMode !== null && typeof permissionMode !== 'string') return { ok: false, message: '`permission_mode` must be a string' };
  if (typeof toolName !== 'string' || toolName === '') return { ok: false, message: 'hook input has no `tool_name`' };
  if (toolInput !== undefined && !isObject(toolInput)) return { ok: false, message: '`tool_input` must be an object' };
  const call: ToolCall = { toolName, params: toolInput ?? {} };
  for (const [from, to] of [
    ['session_id', 'sessionId'],
    ['cwd', 'cwd'],
    ['agent_id', 'agentId'],
  ] as const) {
    const v = payload[from];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') return { ok: false, message: `\`${from}\` must be a string` };
    if (v !== '') call[to] = v;
  }
  return { ok: true, event: event ?? 'PreToolUse', call, ...(typeof permissionMode === 'string' ? { permissionMode } : {}) };
}

// Permission modes in which Claude Code prompts for a hook's `ask`. In others it may run the
// call without asking anyone (`bypassPermissions`, `auto`; Claude Code issues 77212 and
// 89561) or refuse it (`dontAsk`): there an ask is answered as a deny, as the exit-code
// hook, which cannot ask, always does. A mode this list does not know is treated the same way.
const PROMPTING_MODES: ReadonlySet<string> = new Set(['default', 'plan', 'acceptEdits']);

/** Whether Claude Code prompts someone for a hook's `ask` in this permission mode (absent: its default, which does). */
export function promptsForAsk(permissionMode: string | undefined): boolean {
  return permissionMode === undefined || PROMPTING_MODES.has(permissionMode);
}

function hookOutput(decision: 'deny' | 'ask', reason: string): string {
  return `${JSON.stringify({
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason },
  })}\n`;
}

/** The answer for a decision, in the session's permission mode (absent: Claude Code's default, which prompts). */
export function claudeCodeAnswer(decision: Decision, permissionMode?: string): HookAnswer {
  if (decision.decision === 'allow') return { exitCode: 0, stdout: '', stderr: '' };
  const reason = decisionText(decision);
  if (decision.decision === 'ask') {
    if (promptsForAsk(permissionMode)) return { exitCode: 0, stdout: hookOutput('ask', reason), stderr: '' };
    return denyAnswer(`${reason} (needs approval, and permission mode \`${permissionMode}\` would not ask anyone: denied)`);
  }
  return denyAnswer(reason);
}

/** A deny, for a decision or for any failure of the hook itself. */
export function denyAnswer(reason: string): HookAnswer {
  const line = oneLine(reason);
  return { exitCode: 2, stdout: hookOutput('deny', line), stderr: `${line}\n` };
}
