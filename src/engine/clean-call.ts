// Turns whatever a gateway or a user handed us into a CleanCall, or says in one line why
// it cannot. Unknown keys and wrong types are errors: a typo must never drop a fact.
import type { Requester, ToolCall } from '../types.js';
import type { CleanCall } from '../compile/model.js';

export type ParsedCall = { ok: true; call: CleanCall } | { ok: false; message: string };

/** Latest time a JavaScript date holds: past it, `t - window` rounds to `t` and a rate limit would count nothing. */
const MAX_CALL_TIME = 8.64e15;

function isCallTime(value: unknown): boolean {
  return typeof value === 'number' && value >= 0 && value <= MAX_CALL_TIME;
}

export const CALL_KEYS: ReadonlySet<string> = new Set(['toolName', 'params', 'agentId', 'sessionId', 'sessionKey', 'runId', 'cwd', 'derivedPaths', 'requester', 'time']);
export const REQUESTER_KEYS: ReadonlySet<string> = new Set(['channel', 'accountId', 'senderId', 'senderIsOwner', 'roleIds']);
const STRING_KEYS = ['agentId', 'sessionId', 'sessionKey', 'runId', 'cwd'] as const;
const REQUESTER_STRING_KEYS = ['channel', 'accountId', 'senderId'] as const;
const MAX_NAME = 256;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && hasPlainPrototype(v);
}

function hasPlainPrototype(v: object): v is Record<string, unknown> {
  const proto = Object.getPrototypeOf(v);
  // An array's prototype is Array.prototype, unless someone set it to null.
  return proto === Object.prototype || (proto === null && !Array.isArray(v));
}

function isOptionalString(v: unknown): boolean {
  return v === undefined || typeof v === 'string';
}

function isStringArray(v: unknown): v is string[] {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
  return true;
}

/**
 * A copy of a string array, each element read once (by the native slice: a Proxy's own
 * `slice` is never called); undefined when `v` is not one.
 */
function stringArrayCopy(v: unknown): string[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const copy = Array.prototype.slice.call(v) as unknown[];
  return isStringArray(copy) ? copy : undefined;
}

/** The first own key not in `allowed`, or undefined (no key array is built). */
function unknownKey(record: Record<string, unknown>, allowed: (key: string) => boolean): string | undefined {
  // for-in also sees enumerable keys inherited from a polluted Object.prototype: those are
  // refused too, which is the safe side.
  for (const key in record) if (!allowed(key)) return key;
  return undefined;
}

// The key sets as switches: a few times faster than Set lookups on the hot path. Tested
// equal to CALL_KEYS and REQUESTER_KEYS (test/engine/clean-call.test.ts).
export function isCallKey(key: string): boolean {
  switch (key) {
    case 'toolName':
    case 'params':
    case 'agentId':
    case 'sessionId':
    case 'sessionKey':
    case 'runId':
    case 'cwd':
    case 'derivedPaths':
    case 'requester':
    case 'time':
      return true;
    default:
      return false;
  }
}

export function isRequesterKey(key: string): boolean {
  switch (key) {
    case 'channel':
    case 'accountId':
    case 'senderId':
    case 'senderIsOwner':
    case 'roleIds':
      return true;
    default:
      return false;
  }
}

/** Why the input is not a tool call, or undefined when it is one. Reads, never copies. */
function callProblem(input: unknown): string | undefined {
  if (!isPlainObject(input)) return 'a tool call must be a JSON object';
  const extra = unknownKey(input, isCallKey);
  if (extra !== undefined) return `unknown key \`${extra}\` in tool call`;
  const { toolName } = input;
  if (typeof toolName !== 'string' || toolName.length === 0) return '`toolName` must be a non-empty string';
  if (toolName.length > MAX_NAME) return `\`toolName\` is longer than ${MAX_NAME} characters`;
  if (input.params !== undefined && !isPlainObject(input.params)) return '`params` must be an object';
  // Named reads (not a loop over key names): each stays a fast, monomorphic property load.
  if (!isOptionalString(input.agentId)) return '`agentId` must be a string';
  if (!isOptionalString(input.sessionId)) return '`sessionId` must be a string';
  if (!isOptionalString(input.sessionKey)) return '`sessionKey` must be a string';
  if (!isOptionalString(input.runId)) return '`runId` must be a string';
  if (!isOptionalString(input.cwd)) return '`cwd` must be a string';
  if (input.derivedPaths !== undefined && !isStringArray(input.derivedPaths)) return '`derivedPaths` must be an array of strings';
  if (input.time !== undefined && !isCallTime(input.time)) return '`time` must be a number of epoch ms, from 0 to 8.64e15 (a JavaScript date)';
  if (input.requester !== undefined && input.requester !== null) return requesterProblem(input.requester);
  return undefined;
}

function requesterProblem(input: unknown): string | undefined {
  if (!isPlainObject(input)) return '`requester` must be an object';
  const extra = unknownKey(input, isRequesterKey);
  if (extra !== undefined) return `unknown key \`${extra}\` in requester`;
  if (input.channel !== null && !isOptionalString(input.channel)) return '`requester.channel` must be a string';
  if (input.accountId !== null && !isOptionalString(input.accountId)) return '`requester.accountId` must be a string';
  if (input.senderId !== null && !isOptionalString(input.senderId)) return '`requester.senderId` must be a string';
  const owner = input.senderIsOwner;
  if (owner !== undefined && owner !== null && typeof owner !== 'boolean') return '`requester.senderIsOwner` must be a boolean';
  const roles = input.roleIds;
  if (roles !== undefined && roles !== null && !isStringArray(roles)) return '`requester.roleIds` must be an array of strings';
  return undefined;
}

/** A copy of a valid call with absent and null fields dropped. */
function copyCall(input: Record<string, unknown>): CleanCall {
  const call: CleanCall = { toolName: input.toolName as string, params: (input.params as Record<string, unknown> | undefined) ?? {} };
  for (const key of STRING_KEYS) if (input[key] !== undefined) call[key] = input[key] as string;
  if (input.derivedPaths !== undefined) call.derivedPaths = input.derivedPaths as string[];
  if (input.time !== undefined) call.time = input.time as number;
  if (input.requester !== undefined && input.requester !== null) call.requester = requesterWithoutNulls(input.requester as Record<string, unknown>);
  return call;
}

/** A copy of a valid requester with absent and null fields dropped. */
function requesterWithoutNulls(r: Record<string, unknown>): Requester {
  const out: Requester = {};
  for (const key of REQUESTER_STRING_KEYS) if (r[key] !== undefined && r[key] !== null) out[key] = r[key] as string;
  if (r.senderIsOwner !== undefined && r.senderIsOwner !== null) out.senderIsOwner = r.senderIsOwner as boolean;
  if (r.roleIds !== undefined && r.roleIds !== null) out.roleIds = r.roleIds as string[];
  return out;
}

// Bits of the call keys seen by cleanCallOf's single pass.
const TOOL_NAME = 1, PARAMS = 2, AGENT_ID = 4, SESSION_ID = 8, SESSION_KEY = 16, RUN_ID = 32, CWD = 64, DERIVED_PATHS = 128, TIME = 256, REQUESTER = 512;
const ALL_CALL_KEYS = 1023;
const CHANNEL = 1, ACCOUNT_ID = 2, SENDER_ID = 4, SENDER_IS_OWNER = 8, ROLE_IDS = 16;
const ALL_REQUESTER_KEYS = 31;

/**
 * The hot path: one pass over the keys, each value checked as it comes, and the engine's own
 * copy of the call built from what the pass read, every field present in one order (one
 * shape for all the engine's reads; undefined where the call has none). It only ever accepts
 * a call callProblem accepts; anything else (an unknown key, a wrong type, and also a known
 * key hidden from for-in, which callProblem would still read, even one holding undefined)
 * is undefined here and goes to callProblem for the one-line reason. Tested equal to it.
 */
function cleanCallOf(input: unknown): CleanCall | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  // A property read before the prototype test tells V8's optimiser the object's map, so the
  // test folds to a map check instead of a runtime call (~10 ns). The value is read again below.
  void (input as Record<string, unknown>).toolName;
  if (!hasPlainPrototype(input)) return undefined;
  let seen = 0;
  let toolName: string | undefined, params: Record<string, unknown> | undefined, agentId: string | undefined;
  let sessionId: string | undefined, sessionKey: string | undefined, runId: string | undefined, cwd: string | undefined;
  let derivedPaths: string[] | undefined, time: number | undefined, requester: Requester | undefined;
  for (const key in input) {
    const v = input[key];
    switch (key) {
      case 'toolName':
        if (typeof v !== 'string' || v.length === 0 || v.length > MAX_NAME) return undefined;
        seen |= TOOL_NAME;
        toolName = v;
        break;
      case 'params':
        if (v !== undefined && !isPlainObject(v)) return undefined;
        seen |= PARAMS;
        params = v as Record<string, unknown> | undefined;
        break;
      case 'agentId':
        if (!isOptionalString(v)) return undefined;
        seen |= AGENT_ID;
        agentId = v as string | undefined;
        break;
      case 'sessionId':
        if (!isOptionalString(v)) return undefined;
        seen |= SESSION_ID;
        sessionId = v as string | undefined;
        break;
      case 'sessionKey':
        if (!isOptionalString(v)) return undefined;
        seen |= SESSION_KEY;
        sessionKey = v as string | undefined;
        break;
      case 'runId':
        if (!isOptionalString(v)) return undefined;
        seen |= RUN_ID;
        runId = v as string | undefined;
        break;
      case 'cwd':
        if (!isOptionalString(v)) return undefined;
        seen |= CWD;
        cwd = v as string | undefined;
        break;
      case 'derivedPaths':
        if (v !== undefined) {
          derivedPaths = stringArrayCopy(v);
          if (derivedPaths === undefined) return undefined;
        }
        seen |= DERIVED_PATHS;
        break;
      case 'time':
        if (v !== undefined && !isCallTime(v)) return undefined;
        seen |= TIME;
        time = v as number | undefined;
        break;
      case 'requester':
        if (v !== undefined && v !== null) {
          requester = cleanRequesterOf(v);
          if (requester === undefined) return undefined;
        }
        seen |= REQUESTER;
        break;
      default:
        return undefined;
    }
  }
  // Keys the pass did not see must be absent: callProblem would read a hidden one (own
  // non-enumerable, or inherited). Tested with `in`, not by reading them: V8 reads an absent
  // property of an object made by adding a key to a spread copy (`{ ...call, cwd }`) through
  // its runtime, ~120 ns a read, where `in` stays cheap (bench/PROFILE.md, fourth pass).
  const complete =
    seen === ALL_CALL_KEYS ||
    ((seen & TOOL_NAME) !== 0 &&
      ((seen & PARAMS) !== 0 || !('params' in input)) &&
      ((seen & AGENT_ID) !== 0 || !('agentId' in input)) &&
      ((seen & SESSION_ID) !== 0 || !('sessionId' in input)) &&
      ((seen & SESSION_KEY) !== 0 || !('sessionKey' in input)) &&
      ((seen & RUN_ID) !== 0 || !('runId' in input)) &&
      ((seen & CWD) !== 0 || !('cwd' in input)) &&
      ((seen & DERIVED_PATHS) !== 0 || !('derivedPaths' in input)) &&
      ((seen & TIME) !== 0 || !('time' in input)) &&
      ((seen & REQUESTER) !== 0 || !('requester' in input)));
  if (!complete) return undefined;
  return { toolName: toolName!, params: params ?? {}, agentId, sessionId, sessionKey, runId, cwd, derivedPaths, time, requester };
}

/**
 * A requester the pass accepts: the object itself when it holds no null, else a copy without
 * the nulls; undefined when callProblem would refuse it (as cleanCallOf).
 */
function cleanRequesterOf(input: unknown): Requester | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  void (input as Record<string, unknown>).channel; // as in cleanCallOf
  if (!hasPlainPrototype(input)) return undefined;
  let seen = 0;
  let nulls = false;
  for (const key in input) {
    const v = input[key];
    if (v === null) nulls = true;
    switch (key) {
      case 'channel':
        if (v !== null && !isOptionalString(v)) return undefined;
        seen |= CHANNEL;
        break;
      case 'accountId':
        if (v !== null && !isOptionalString(v)) return undefined;
        seen |= ACCOUNT_ID;
        break;
      case 'senderId':
        if (v !== null && !isOptionalString(v)) return undefined;
        seen |= SENDER_ID;
        break;
      case 'senderIsOwner':
        if (v !== undefined && v !== null && typeof v !== 'boolean') return undefined;
        seen |= SENDER_IS_OWNER;
        break;
      case 'roleIds':
        if (v !== undefined && v !== null && !isStringArray(v)) return undefined;
        seen |= ROLE_IDS;
        break;
      default:
        return undefined;
    }
  }
  const complete =
    seen === ALL_REQUESTER_KEYS ||
    (((seen & CHANNEL) !== 0 || !('channel' in input)) &&
      ((seen & ACCOUNT_ID) !== 0 || !('accountId' in input)) &&
      ((seen & SENDER_ID) !== 0 || !('senderId' in input)) &&
      ((seen & SENDER_IS_OWNER) !== 0 || !('senderIsOwner' in input)) &&
      ((seen & ROLE_IDS) !== 0 || !('roleIds' in input)));
  if (!complete) return undefined;
  return nulls ? requesterWithoutNulls(input) : (input as Requester);
}

/**
 * The known keys of a call (and of its requester) read once each, own or inherited as
 * callProblem reads them, arrays copied: callProblem and copyCall then work on this, so a
 * getter or Proxy cannot pass the checks with one value and be copied with another.
 * Anything that is not a plain object with known keys only is returned as it is, for
 * callProblem to refuse with its reason.
 */
function snapshotOf(input: unknown, isKey: (key: string) => boolean, keys: ReadonlySet<string>): unknown {
  if (!isPlainObject(input) || unknownKey(input, isKey) !== undefined) return input;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (!(key in input)) continue;
    const v = input[key];
    out[key] = Array.isArray(v) ? Array.prototype.slice.call(v) : v;
  }
  return out;
}

function callSnapshotOf(input: unknown): unknown {
  const call = snapshotOf(input, isCallKey, CALL_KEYS);
  if (call !== input) {
    const record = call as Record<string, unknown>;
    if (record.requester !== undefined) record.requester = snapshotOf(record.requester, isRequesterKey, REQUESTER_KEYS);
  }
  return call;
}

/** Validates and copies: the caller gets a call of its own. */
export function parseToolCall(input: unknown): ParsedCall {
  const snapshot = callSnapshotOf(input);
  const problem = callProblem(snapshot);
  if (problem !== undefined) return { ok: false, message: problem };
  return { ok: true, call: copyCall(snapshot as Record<string, unknown>) };
}

/**
 * The engine's check: the same validation as parseToolCall. A string is the reason the input
 * is not a tool call; otherwise the engine's own copy (cleanCallOf's fixed shape for nearly
 * every call, parseToolCall's copy for the rare call only the ordered checks can accept).
 */
export function checkToolCall(input: unknown): CleanCall | string {
  const clean = cleanCallOf(input);
  if (clean !== undefined) return clean;
  const parsed = parseToolCall(input);
  return parsed.ok ? parsed.call : parsed.message;
}

export type { ToolCall };
