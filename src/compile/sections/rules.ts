// `rules`: custom conditions in json-rules-engine syntax, compiled to closures. A rule
// can only restrict: its decision is deny or ask.
import { compileCondition } from '../conditions.js';
import type { SectionCompiler } from '../section.js';
import { tick } from '../section.js';
import type { CallView, Check } from '../model.js';

/** The facts a condition may name (LANGUAGE.md), all of them. */
export function conditionFacts(view: CallView): Record<string, unknown> {
  return factsFor(view, ALL_FACTS);
}

const ALL_FACTS: ReadonlySet<string> = new Set(['toolName', 'toolClass', 'params', 'agentId', 'sessionId', 'channel', 'requester', 'paths', 'commands']);

/**
 * Only the facts some condition reads: canonical paths and parsed commands cost far more
 * than the conditions themselves, and a fact nobody reads must not be computed (nor, for
 * paths, touch the file system). Conditions read facts by own-property lookup, so a fact
 * left out reads as undefined only if no condition names it.
 */
function factsFor(view: CallView, used: ReadonlySet<string>): Record<string, unknown> {
  const { call } = view;
  const facts: Record<string, unknown> = {
    toolName: call.toolName,
    toolClass: view.toolClass,
    params: call.params,
    agentId: call.agentId,
    sessionId: call.sessionId ?? call.sessionKey,
    channel: call.requester?.channel,
    requester: call.requester,
  };
  if (used.has('paths')) {
    const paths = view.paths();
    facts.paths = paths.ok ? paths.paths : [];
  }
  if (used.has('commands')) {
    const shell = view.shell();
    facts.commands = shell ? shell.commands.map((c) => c.text) : [];
  }
  return facts;
}

export const compileRules: SectionCompiler = ({ doc, at, cover }) => {
  const rules = doc.rules;
  if (!rules || rules.length === 0) return {};
  const compiled = rules.map((rule, i) => {
    cover(`/rules/${i}`, `rules ${tick(rule.id)}`);
    return { rule, pointer: `/rules/${i}`, condition: compileCondition(rule.when) };
  });
  const usesPaths = compiled.some((c) => c.condition.factsUsed.has('paths'));
  const used = new Set<string>();
  for (const c of compiled) for (const f of c.condition.factsUsed) used.add(f);
  const check: Check = {
    id: 'rules',
    run(view, sink) {
      const facts = factsFor(view, used);
      for (const { rule, pointer, condition } of compiled) {
        const hit = condition.test(facts);
        if (hit) {
          sink.verdicts.push({ decision: rule.decision, check: 'rules', rule: rule.id, message: rule.message ?? `rule ${tick(rule.id)} matched`, source: at(pointer) });
        }
        sink.trace?.push({ policy: '', check: `rules.${rule.id}`, outcome: hit ? rule.decision : 'allow', hits: hit ? [pointer] : [] });
      }
    },
  };
  return { checks: [check], usesPaths };
};
