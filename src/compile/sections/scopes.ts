// `scopes`: who may call which tools. Absent facts prove nothing: only `senderIsOwner: true`
// is an owner, and only a listed sender or role id matches a rule.
import type { Requester } from '../../types.js';
import type { SectionCompiler } from '../section.js';
import { tick, VerdictMemo } from '../section.js';
import { nameGlobList as nameGlobs } from '../../facts/name-glob.js';
import type { CleanCall, Sink, Verdict } from '../model.js';

export const compileScopes: SectionCompiler = ({ doc, at, cover }) => {
  const scopes = doc.scopes;
  if (!scopes) return {};
  const owner = scopes.owner === undefined || scopes.owner === 'all' ? undefined : nameGlobs(scopes.owner);
  const missingRequester = scopes.missingRequester ?? 'deny';
  const otherwise = scopes.otherwise ?? 'deny';
  const rules = (scopes.rules ?? []).map((rule, index) => ({
    rule,
    index,
    // Read from the document once: the hot path reads these small fields, not the YAML's object.
    id: rule.id,
    channel: rule.channel,
    accountId: rule.accountId,
    tools: nameGlobs(rule.tools),
    senderIds: new Set(rule.senderIds ?? []),
    roleIds: new Set(rule.roleIds ?? []),
    actions: rule.messageActions ? new Set(rule.messageActions) : undefined,
    pointer: `/scopes/rules/${index}`,
    /** `does not grant tool` verdicts by tool name (pure in the name). */
    notGranted: new VerdictMemo(),
    /** `does not grant message action` verdicts by action (pure in the action). */
    actionNotGranted: new VerdictMemo(),
  }));
  cover('/scopes/owner', 'scopes.owner');
  if (missingRequester === 'deny') cover('/scopes/missingRequester', 'scopes.missingRequester deny');
  if (otherwise === 'deny') cover('/scopes/otherwise', 'scopes.otherwise deny');
  rules.forEach((r) => cover(`/scopes/rules/${r.index}`, `scopes.rules ${tick(r.id)}`));

  function matches(r: (typeof rules)[number], who: Requester): boolean {
    if (r.channel !== undefined && who.channel !== r.channel) return false;
    if (r.accountId !== undefined && who.accountId !== r.accountId) return false;
    const sender = who.senderId;
    // Most rules list roles or senders, not both: an empty set is not looked up.
    if (r.senderIds.size > 0 && typeof sender === 'string' && r.senderIds.has(sender)) return true;
    if (r.roleIds.size === 0) return false;
    const roles = who.roleIds;
    if (Array.isArray(roles)) {
      for (let i = 0; i < roles.length; i++) {
        const role = roles[i];
        if (typeof role === 'string' && r.roleIds.has(role)) return true;
      }
    }
    return false;
  }

  // Verdicts that are pure in what they name, built once: no requester; a requester (by its
  // channel/account/sender) that matches no rule.
  let noRequester: Verdict | undefined;
  let noOne: Verdict | undefined;
  const noRule = new RequesterMemo();

  return {
    checks: [
      {
        id: 'scopes',
        run({ call }, sink) {
          const who = call.requester;
          if (!who) {
            if (missingRequester === 'deny') {
              sink.verdicts.push((noRequester ??= Object.freeze<Verdict>({ decision: 'deny', check: 'scopes.missingRequester', message: 'call has no requester', source: at('/scopes/missingRequester') })));
              sink.trace?.push({ policy: '', check: 'scopes.missingRequester', outcome: 'deny', saw: who, hits: ['/scopes/missingRequester'] });
            }
            else sink.trace?.push({ policy: '', check: 'scopes.missingRequester', outcome: 'allow', saw: undefined });
            return;
          }
          // A requester that names no one (a channel alone: OpenClaw's `channelId` with no
          // requester) proves no identity either: `missingRequester` applies to it too, and if
          // that allows, `otherwise` (no rule can match it), so the stricter of the two holds.
          if (missingRequester === 'deny' && who.senderIsOwner !== true && who.senderId === undefined && (who.roleIds === undefined || who.roleIds.length === 0)) {
            sink.verdicts.push((noOne ??= Object.freeze<Verdict>({ decision: 'deny', check: 'scopes.missingRequester', message: 'call has no requester that names a sender, a role or the owner', source: at('/scopes/missingRequester') })));
            sink.trace?.push({ policy: '', check: 'scopes.missingRequester', outcome: 'deny', saw: who, hits: ['/scopes/missingRequester'] });
            return;
          }
          if (who.senderIsOwner === true) {
            if (owner && owner.first(call.toolName) < 0) denyScope(sink, at, who, 'scopes.owner', `owner may not use tool ${tick(call.toolName)}`, '/scopes/owner');
            else sink.trace?.push({ policy: '', check: 'scopes.owner', outcome: 'allow', saw: who, hits: ['/scopes/owner'] });
            return;
          }
          for (let i = 0; i < rules.length; i++) {
            const r = rules[i]!;
            if (!matches(r, who)) continue;
            const pointer = r.pointer;
            if (r.tools.first(call.toolName) < 0) {
              const name = call.toolName;
              const verdict = r.notGranted.get(name) ?? r.notGranted.keep(name, { decision: 'deny', check: 'scopes.rules', message: `scope ${tick(r.id)} does not grant tool ${tick(name)}`, source: at(pointer), rule: r.id });
              sink.verdicts.push(verdict);
              sink.trace?.push({ policy: '', check: 'scopes.rules', outcome: 'deny', saw: who, hits: [pointer] });
              return;
            }
            if (r.actions && call.toolName === 'message' && !actionAllowed(call, r.actions)) {
              // A missing or non-text action is shown as such, not as `undefined`.
              const action = typeof call.params.action === 'string' ? call.params.action : call.params.action === undefined ? '(none)' : JSON.stringify(call.params.action) ?? String(call.params.action);
              sink.verdicts.push(r.actionNotGranted.get(action) ?? r.actionNotGranted.keep(action, { decision: 'deny', check: 'scopes.rules', message: `scope ${tick(r.id)} does not grant message action ${tick(action)}`, source: at(pointer), rule: r.id }));
              sink.trace?.push({ policy: '', check: 'scopes.rules', outcome: 'deny', saw: who, hits: [pointer] });
              return;
            }
            sink.trace?.push({ policy: '', check: 'scopes.rules', outcome: 'allow', saw: who, hits: [pointer] });
            return;
          }
          if (otherwise === 'deny') {
            sink.verdicts.push(noRule.get(who) ?? noRule.keep(who, { decision: 'deny', check: 'scopes.otherwise', message: `requester ${tick(describe(who))} matches no scope rule`, source: at('/scopes/otherwise') }));
            sink.trace?.push({ policy: '', check: 'scopes.otherwise', outcome: 'deny', saw: who, hits: ['/scopes/otherwise'] });
          }
          else sink.trace?.push({ policy: '', check: 'scopes.otherwise', outcome: 'allow', saw: who });
        },
      },
    ],
  };
};

function denyScope(sink: Sink, at: (pointer: string) => string, who: Requester | undefined, check: string, message: string, pointer: string, rule?: string): void {
  sink.verdicts.push({ decision: 'deny', check, message, source: at(pointer), ...(rule ? { rule } : {}) });
  sink.trace?.push({ policy: '', check, outcome: 'deny', saw: who, hits: [pointer] });
}

function actionAllowed(call: CleanCall, actions: Set<string>): boolean {
  const action = call.params.action;
  return typeof action === 'string' && actions.has(action);
}

/** Most requesters RequesterMemo keeps before starting over; the longest id part remembered. */
const MAX_REQUESTERS = 4096;
const MAX_ID_LENGTH = 256;

/**
 * Verdicts by channel, account and sender (what the message names), looked up without
 * building the `channel/account/sender` string: nested maps, bounded in total.
 */
class RequesterMemo {
  private readonly byChannel = new Map<string, Map<string, Map<string, Verdict>>>();
  private size = 0;
  get(who: Requester): Verdict | undefined {
    return this.byChannel.get(who.channel ?? '?')?.get(who.accountId ?? '?')?.get(who.senderId ?? '?');
  }
  keep(who: Requester, verdict: Verdict): Verdict {
    const frozen = Object.freeze(verdict);
    const channel = who.channel ?? '?';
    const account = who.accountId ?? '?';
    const sender = who.senderId ?? '?';
    if (channel.length > MAX_ID_LENGTH || account.length > MAX_ID_LENGTH || sender.length > MAX_ID_LENGTH) return frozen;
    if (this.size >= MAX_REQUESTERS) {
      this.byChannel.clear();
      this.size = 0;
    }
    let accounts = this.byChannel.get(channel);
    if (accounts === undefined) this.byChannel.set(channel, (accounts = new Map()));
    let senders = accounts.get(account);
    if (senders === undefined) accounts.set(account, (senders = new Map()));
    senders.set(sender, frozen);
    this.size++;
    return frozen;
  }
}

function describe(who: Requester): string {
  return `${who.channel ?? '?'}/${who.accountId ?? '?'}/${who.senderId ?? '?'}`;
}
