// `rules`: custom conditions in json-rules-engine syntax, compiled to closures. A rule
// can only restrict: its decision is deny or ask.
import { compileCondition } from '../conditions.js';
import type { SectionCompiler } from '../section.js';
import { tick } from '../section.js';
import type { CallView, Check } from '../model.js';

/** The facts a condition may name (LANGUAGE.md). Built once per call and policy. */
export function conditionFacts(view: CallView): Record<string, unknown> {
  const { call } = view;
  const paths = view.paths();
  const shell = view.shell();
  return {
    toolName: call.toolName,
    toolClass: view.toolClass,
    params: call.params,
    agentId: call.agentId,
    sessionId: call.sessionId ?? call.sessionKey,
    channel: call.requester?.channel,
    requester: call.requester,
    paths: paths.ok ? paths.paths : [],
    commands: shell ? shell.commands.map((c) => c.text) : [],
  };
}

export const compileRules: SectionCompiler = ({ doc, at, cover }) => {
  const rules = doc.rules;
  if (!rules || rules.length === 0) return {};
  const compiled = rules.map((rule, i) => {
    cover(`/rules/${i}`, `rules ${tick(rule.id)}`);
    return { rule, pointer: `/rules/${i}`, condition: compileCondition(rule.when) };
  });
  const usesPaths = compiled.some((c) => c.condition.factsUsed.has('paths'));
  const check: Check = {
    id: 'rules',
    run(view, sink) {
      const facts = conditionFacts(view);
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
