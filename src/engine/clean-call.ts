// Turns whatever a gateway or a user handed us into a CleanCall, or says in one line why
// it cannot. Unknown keys and wrong types are errors: a typo must never drop a fact.
import type { Requester, ToolCall } from '../types.js';
import type { CleanCall } from '../compile/model.js';

export type ParsedCall = { ok: true; call: CleanCall } | { ok: false; message: string };

const CALL_KEYS = new Set(['toolName', 'params', 'agentId', 'sessionId', 'sessionKey', 'runId', 'cwd', 'derivedPaths', 'requester', 'time']);
const REQUESTER_KEYS = new Set(['channel', 'accountId', 'senderId', 'senderIsOwner', 'roleIds']);
const STRING_KEYS = ['agentId', 'sessionId', 'sessionKey', 'runId', 'cwd'] as const;
const MAX_NAME = 256;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function parseToolCall(input: unknown): ParsedCall {
  if (!isPlainObject(input)) return fail('a tool call must be a JSON object');
  for (const key of Object.keys(input)) if (!CALL_KEYS.has(key)) return fail(`unknown key \`${key}\` in tool call`);
  const { toolName } = input;
  if (typeof toolName !== 'string' || toolName.length === 0) return fail('`toolName` must be a non-empty string');
  if (toolName.length > MAX_NAME) return fail(`\`toolName\` is longer than ${MAX_NAME} characters`);
  const call: CleanCall = { toolName, params: {} };
  if (input.params !== undefined) {
    if (!isPlainObject(input.params)) return fail('`params` must be an object');
    call.params = input.params;
  }
  for (const key of STRING_KEYS) {
    const v = input[key];
    if (v === undefined) continue;
    if (typeof v !== 'string') return fail(`\`${key}\` must be a string`);
    call[key] = v;
  }
  if (input.derivedPaths !== undefined) {
    const d = input.derivedPaths;
    if (!Array.isArray(d) || !d.every((p) => typeof p === 'string')) return fail('`derivedPaths` must be an array of strings');
    call.derivedPaths = d as string[];
  }
  if (input.time !== undefined) {
    if (typeof input.time !== 'number' || !Number.isFinite(input.time)) return fail('`time` must be a number (epoch ms)');
    call.time = input.time;
  }
  if (input.requester !== undefined && input.requester !== null) {
    const r = parseRequester(input.requester);
    if (typeof r === 'string') return fail(r);
    call.requester = r;
  }
  return { ok: true, call };
}

function parseRequester(input: unknown): Requester | string {
  if (!isPlainObject(input)) return '`requester` must be an object';
  for (const key of Object.keys(input)) if (!REQUESTER_KEYS.has(key)) return `unknown key \`${key}\` in requester`;
  const out: Requester = {};
  for (const key of ['channel', 'accountId', 'senderId'] as const) {
    const v = input[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') return `\`requester.${key}\` must be a string`;
    out[key] = v;
  }
  if (input.senderIsOwner !== undefined && input.senderIsOwner !== null) {
    if (typeof input.senderIsOwner !== 'boolean') return '`requester.senderIsOwner` must be a boolean';
    out.senderIsOwner = input.senderIsOwner;
  }
  if (input.roleIds !== undefined && input.roleIds !== null) {
    const roles = input.roleIds;
    if (!Array.isArray(roles) || !roles.every((x) => typeof x === 'string')) return '`requester.roleIds` must be an array of strings';
    out.roleIds = roles as string[];
  }
  return out;
}

function fail(message: string): ParsedCall {
  return { ok: false, message };
}

export type { ToolCall };
