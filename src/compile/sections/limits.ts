// `limits`: per-session call caps and exact sliding-window rate limits. The counters live
// in the state store; here we only say which counter a call takes a slot in.
import type { SectionCompiler } from '../section.js';
import { nameGlobs, tick } from '../section.js';
import type { CallView, Check, Limit } from '../model.js';

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;

export function windowMs(window: string | undefined): number {
  const m = /^([0-9]+)([smh])$/.exec(window ?? '1m');
  if (!m) throw new Error(`bad window ${window}`);
  return Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
}

export type Per = 'sender' | 'session' | 'agent' | 'channel' | 'global';

// Counter keys are JSON arrays of their parts (JSON keeps parts apart), built on every call
// that takes a slot: JSON.stringify of an array costs several times more than joining the
// parts' JSON texts, so keys are joined by hand, to the very same text (stores keep keys
// across restarts, so the format must not change without reason).
// A rate key names its window in ms ([policy, "rate", id, windowMs, part]): two limits with
// the same policy and rate id but different windows (two sets sharing one store) would
// otherwise share a counter, and the shorter window's pruning would delete the longer one's
// history. Rate counters stored before the window was in the key start over once.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify(s), without calling it when nothing in `s` needs escaping. */
export function jsonString(s: string): string {
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s) : '"' + s + '"';
}

/** An empty id names nobody: it is as missing as an absent one (a shared "" bucket would be a guess). */
function present(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** The counter key part for `per`; undefined when the call lacks it. */
export function keyPart(per: Per, view: CallView): string | undefined {
  const { call } = view;
  switch (per) {
    case 'session':
      return present(call.sessionId) ?? present(call.sessionKey);
    case 'agent':
      return present(call.agentId);
    case 'channel':
      return present(call.requester?.channel);
    case 'sender': {
      const s = senderOf(call);
      // JSON.stringify([channel, accountId ?? null, sender])
      return s === undefined ? undefined : '[' + jsonString(s.channel) + ',' + (s.account === undefined ? 'null' : jsonString(s.account)) + ',' + jsonString(s.sender) + ']';
    }
    case 'global':
      return '*';
  }
}

/**
 * JSON.stringify(keyPart(per, view)), the part's text inside the key: a sender part is itself
 * JSON, so its quotes are escaped once more, by hand when its fields need no escaping.
 */
export function keyPartJson(per: Per, view: CallView): string | undefined {
  if (per !== 'sender') {
    const part = keyPart(per, view);
    return part === undefined ? undefined : jsonString(part);
  }
  const s = senderOf(view.call);
  if (s === undefined) return undefined;
  const { channel, account, sender } = s;
  if (NEEDS_ESCAPE.test(channel) || NEEDS_ESCAPE.test(sender) || (account !== undefined && NEEDS_ESCAPE.test(account))) return JSON.stringify(keyPart(per, view));
  return '"[\\"' + channel + '\\",' + (account === undefined ? 'null' : '\\"' + account + '\\"') + ',\\"' + sender + '\\"]"';
}

/** A sender key's parts; undefined when the call lacks its channel or sender id. */
function senderOf(call: CallView['call']): { channel: string; account: string | undefined; sender: string } | undefined {
  const r = call.requester;
  const channel = present(r?.channel);
  const sender = present(r?.senderId);
  // An empty account id is as missing as an absent one, as the channel's and the sender's are:
  // two spellings of one sender must not be two buckets (red team 20B).
  return channel === undefined || sender === undefined ? undefined : { channel, account: present(r?.accountId), sender };
}

/** Whether the call has the key part `per` needs, without building a sender's. */
function hasKeyPart(per: Per, view: CallView): boolean {
  return per === 'sender' ? senderOf(view.call) !== undefined : keyPart(per, view) !== undefined;
}

const NEEDS: Record<Per, string> = { session: 'session id', agent: 'agent id', channel: 'channel', sender: 'sender (channel and sender id)', global: '' };

export const compileLimits: SectionCompiler = ({ policy, doc, at, cover }) => {
  const limits = doc.limits;
  if (!limits) return {};
  const out: Limit[] = [];
  if (limits.maxToolCalls !== undefined) {
    const prefix = '[' + JSON.stringify(policy) + ',"max",'; // JSON.stringify([policy, 'max', s])
    cover('/limits/maxToolCalls', `limits.maxToolCalls ${limits.maxToolCalls}`);
    out.push({
      check: 'limits.maxToolCalls',
      pointer: '/limits/maxToolCalls',
      source: at('/limits/maxToolCalls'),
      kind: 'count',
      limit: limits.maxToolCalls,
      keyOf(view) {
        const s = keyPartJson('session', view);
        return s === undefined ? undefined : prefix + s + ']';
      },
      hasKey: (view) => hasKeyPart('session', view),
      applies: () => true,
      needs: NEEDS.session,
      label: `at most ${limits.maxToolCalls} tool calls per session`,
    });
  }
  (limits.rate ?? []).forEach((rate, i) => {
    const pointer = `/limits/rate/${i}`;
    cover(pointer, `limits.rate ${tick(rate.id)}`);
    const tools = rate.tools ? nameGlobs(rate.tools) : undefined;
    const per = (rate.per ?? 'session') as Per;
    const ms = windowMs(rate.window);
    const prefix = '[' + JSON.stringify(policy) + ',"rate",' + JSON.stringify(rate.id) + ',' + JSON.stringify(ms) + ','; // JSON.stringify([policy, 'rate', id, ms, part])
    out.push({
      check: 'limits.rate',
      rule: rate.id,
      pointer,
      source: at(pointer),
      kind: 'window',
      limit: rate.limit,
      windowMs: ms,
      keyOf(view) {
        const part = keyPartJson(per, view);
        return part === undefined ? undefined : prefix + part + ']';
      },
      hasKey: (view) => hasKeyPart(per, view),
      applies: (toolName) => !tools || tools.first(toolName) >= 0,
      needs: NEEDS[per],
      label: `at most ${rate.limit} calls per ${per} in ${rate.window ?? '1m'}`,
    });
  });

  // A call that lacks the key a limit needs is denied before any counter is touched.
  const missingKey: Check = {
    id: 'limits.key',
    run(view, sink) {
      for (let i = 0; i < out.length; i++) {
        const limit = out[i]!;
        if (!limit.applies(view.call.toolName) || limit.hasKey(view)) continue;
        sink.verdicts.push({ decision: 'deny', check: limit.check, ...(limit.rule ? { rule: limit.rule } : {}), message: `call has no ${limit.needs} for limit ${tick(limit.rule ?? 'maxToolCalls')}`, source: limit.source });
        sink.trace?.push({ policy: '', check: limit.check, outcome: 'deny', saw: 'missing key', hits: [limit.pointer] });
      }
    },
  };
  return { limits: out, checks: [missingKey] };
};
