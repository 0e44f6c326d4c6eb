// `tools`: a gate on tool names. deny denies, approve asks, allow (when present) is the
// only way in besides approve.
import type { SectionCompiler } from '../section.js';
import { tick } from '../section.js';
import { nameGlobList as nameGlobs } from '../../facts/name-glob.js';
import type { Check } from '../model.js';

export const compileTools: SectionCompiler = ({ doc, at, cover }) => {
  const tools = doc.tools;
  if (!tools) return {};
  const checks: Check[] = [];
  const deny = nameGlobs(tools.deny);
  const approve = nameGlobs(tools.approve);
  const allow = tools.allow ? nameGlobs(tools.allow) : undefined;
  deny.globs.forEach((g, i) => cover(`/tools/deny/${i}`, `tools.deny ${tick(g)}`));
  approve.globs.forEach((g, i) => cover(`/tools/approve/${i}`, `tools.approve ${tick(g)}`));
  allow?.globs.forEach((g, i) => cover(`/tools/allow/${i}`, `tools.allow ${tick(g)}`));

  if (deny.globs.length > 0) {
    checks.push({
      id: 'tools.deny',
      run({ call }, sink) {
        const i = deny.first(call.toolName);
        if (i >= 0) {
          const source = at(`/tools/deny/${i}`);
          sink.verdicts.push({ decision: 'deny', check: 'tools.deny', message: `tool ${tick(call.toolName)} matches denied glob ${tick(deny.globs[i]!)}`, source });
        }
        sink.trace?.push({ policy: '', check: 'tools.deny', outcome: i >= 0 ? 'deny' : 'allow', saw: call.toolName, hits: i >= 0 ? [`/tools/deny/${i}`] : [] });
      },
    });
  }
  if (approve.globs.length > 0 || allow) {
    checks.push({
      id: 'tools.allow',
      run({ call }, sink) {
        const a = approve.first(call.toolName);
        if (a >= 0) {
          sink.verdicts.push({ decision: 'ask', check: 'tools.approve', message: `tool ${tick(call.toolName)} needs approval (glob ${tick(approve.globs[a]!)})`, source: at(`/tools/approve/${a}`) });
          sink.trace?.push({ policy: '', check: 'tools.approve', outcome: 'ask', saw: call.toolName, hits: [`/tools/approve/${a}`] });
          return;
        }
        if (!allow) return;
        const i = allow.first(call.toolName);
        if (i < 0) sink.verdicts.push({ decision: 'deny', check: 'tools.allow', message: `tool ${tick(call.toolName)} is not in the tool allowlist`, source: at('/tools/allow') });
        sink.trace?.push({ policy: '', check: 'tools.allow', outcome: i >= 0 ? 'allow' : 'deny', saw: call.toolName, hits: i >= 0 ? [`/tools/allow/${i}`] : [] });
      },
    });
  }
  return { checks };
};
