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

type Per = 'sender' | 'session' | 'agent' | 'channel' | 'global';

/** The counter key part for `per`; undefined when the call lacks it. JSON keeps parts apart. */
/** An empty id names nobody: it is as missing as an absent one (a shared "" bucket would be a guess). */
function present(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function keyPart(per: Per, { call }: CallView): string | undefined {
  switch (per) {
    case 'session':
      return present(call.sessionId) ?? present(call.sessionKey);
    case 'agent':
      return present(call.agentId);
    case 'channel':
      return present(call.requester?.channel);
    case 'sender': {
      const r = call.requester;
      const channel = present(r?.channel);
      const sender = present(r?.senderId);
      if (channel === undefined || sender === undefined) return undefined;
      return JSON.stringify([channel, r?.accountId ?? null, sender]);
    }
    case 'global':
      return '*';
  }
}

const NEEDS: Record<Per, string> = { session: 'session id', agent: 'agent id', channel: 'channel', sender: 'sender (channel and sender id)', global: '' };

export const compileLimits: SectionCompiler = ({ policy, doc, at, cover }) => {
  const limits = doc.limits;
  if (!limits) return {};
  const out: Limit[] = [];
  if (limits.maxToolCalls !== undefined) {
    cover('/limits/maxToolCalls', `limits.maxToolCalls ${limits.maxToolCalls}`);
    out.push({
      check: 'limits.maxToolCalls',
      pointer: '/limits/maxToolCalls',
      source: at('/limits/maxToolCalls'),
      kind: 'count',
      limit: limits.maxToolCalls,
      keyOf(view) {
        const s = keyPart('session', view);
        return s === undefined ? undefined : JSON.stringify([policy, 'max', s]);
      },
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
    out.push({
      check: 'limits.rate',
      rule: rate.id,
      pointer,
      source: at(pointer),
      kind: 'window',
      limit: rate.limit,
      windowMs: ms,
      keyOf(view) {
        const part = keyPart(per, view);
        return part === undefined ? undefined : JSON.stringify([policy, 'rate', rate.id, part]);
      },
      applies: (toolName) => !tools || tools.first(toolName) >= 0,
      needs: NEEDS[per],
      label: `at most ${rate.limit} calls per ${per} in ${rate.window ?? '1m'}`,
    });
  });

  // A call that lacks the key a limit needs is denied before any counter is touched.
  const missingKey: Check = {
    id: 'limits.key',
    run(view, sink) {
      for (const limit of out) {
        if (!limit.applies(view.call.toolName) || limit.keyOf(view) !== undefined) continue;
        sink.verdicts.push({ decision: 'deny', check: limit.check, ...(limit.rule ? { rule: limit.rule } : {}), message: `call has no ${limit.needs} for limit ${tick(limit.rule ?? 'maxToolCalls')}`, source: limit.source });
        sink.trace?.push({ policy: '', check: limit.check, outcome: 'deny', saw: 'missing key', hits: [limit.pointer] });
      }
    },
  };
  return { limits: out, checks: [missingKey] };
};
