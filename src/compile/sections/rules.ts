// `rules`: custom conditions in json-rules-engine syntax, compiled to closures. A rule
// can only restrict: its decision is deny or ask.
import { compileCondition, type CompiledCondition } from '../conditions.js';
import type { SectionCompiler } from '../section.js';
import { tick } from '../section.js';
import type { CallView, Check, Verdict } from '../model.js';
import type { ToolClass } from '../../types.js';

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
    // The session the limits count (limits.ts keyPart): an empty id names none, so the key is read (red team 20B).
    sessionId: call.sessionId === undefined || call.sessionId === '' ? call.sessionKey : call.sessionId,
    channel: call.requester?.channel,
    requester: call.requester,
  };
  if (used.has('paths')) {
    // The paths touched and the files bare words may name (`openssl base64 -in prod.key`), as paths.forbidden sees them.
    const paths = view.paths();
    facts.paths = !paths.ok ? [] : paths.named.length === 0 ? paths.paths : [...paths.paths, ...paths.named];
  }
  if (used.has('commands')) {
    const shell = view.shell();
    facts.commands = shell ? shell.commands.map((c) => c.text) : [];
  }
  return facts;
}

/** Most tool names whose rule filters a rules check remembers before starting over. */
const MAX_NAMES = 1024;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The conjuncts of a top-level `all` that read nothing but the tool name or class (a plain
 * `toolName`/`toolClass` comparison with a literal value): decided once per tool name. When
 * one is false the whole `all` is false, so the rule cannot match a call of that tool.
 */
function nameConjuncts(when: unknown): CompiledCondition[] {
  if (!isRecord(when) || !Array.isArray(when.all)) return [];
  const out: CompiledCondition[] = [];
  for (const c of when.all) {
    if (!isRecord(c) || Object.hasOwn(c, 'all') || Object.hasOwn(c, 'any') || Object.hasOwn(c, 'not')) continue;
    if (c.fact !== 'toolName' && c.fact !== 'toolClass') continue;
    if (c.path !== undefined && c.path !== '') continue;
    if (isRecord(c.value) && Object.hasOwn(c.value, 'fact')) continue;
    try {
      out.push(compileCondition({ all: [c] }));
    } catch {
      // compiled as part of the whole rule already; never skip on what we cannot compile alone
    }
  }
  return out;
}

export const compileRules: SectionCompiler = ({ doc, at, cover }) => {
  const rules = doc.rules;
  if (!rules || rules.length === 0) return {};
  const compiled = rules.map((rule, i) => {
    cover(`/rules/${i}`, `rules ${tick(rule.id)}`);
    const pointer = `/rules/${i}`;
    return {
      rule,
      pointer,
      condition: compileCondition(rule.when),
      byName: nameConjuncts(rule.when),
      verdict: Object.freeze<Verdict>({ decision: rule.decision, check: 'rules', rule: rule.id, message: rule.message ?? `rule ${tick(rule.id)} matched`, source: at(pointer) }),
    };
  });
  const usesPaths = compiled.some((c) => c.condition.factsUsed.has('paths'));
  const used = new Set<string>();
  for (const c of compiled) for (const f of c.condition.factsUsed) used.add(f);
  // Per class and tool name, which rules can match at all. Both are keys: a tool nobody classified
  // is `write`, or `exec` when a call of it carries a command, so its name alone decides nothing.
  const candidates: Record<ToolClass, Map<string, boolean[]>> = { read: new Map(), write: new Map(), exec: new Map() };
  function candidatesFor(view: CallView): boolean[] {
    const name = view.call.toolName;
    const ofClass = candidates[view.toolClass];
    let known = ofClass.get(name);
    if (known === undefined) {
      const nameFacts = { toolName: name, toolClass: view.toolClass };
      known = compiled.map((c) => c.byName.every((conjunct) => conjunct.test(nameFacts)));
      if (ofClass.size >= MAX_NAMES) ofClass.clear();
      ofClass.set(name, known);
    }
    return known;
  }
  const check: Check = {
    id: 'rules',
    run(view, sink) {
      const may = candidatesFor(view);
      let facts: Record<string, unknown> | undefined;
      for (let i = 0; i < compiled.length; i++) {
        const { rule, pointer, condition, verdict } = compiled[i]!;
        let hit = false;
        if (may[i]) {
          facts ??= factsFor(view, used);
          hit = condition.test(facts);
        }
        if (hit) sink.verdicts.push(verdict);
        sink.trace?.push({ policy: '', check: `rules.${rule.id}`, outcome: hit ? rule.decision : 'allow', hits: hit ? [pointer] : [] });
      }
    },
  };
  return { checks: [check], usesPaths };
};
