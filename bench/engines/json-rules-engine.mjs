// json-rules-engine: the reference policy as deny/ask rules over facts the glue computes
// (tool class, requester role, canonical parameter paths), with picomatch as a custom
// operator. It has no shell parser: the command string is matched whole.
import picomatch from 'picomatch';
import {
  FORBIDDEN, SHELL_ALLOW, SHELL_APPROVE, MAINTAINER_TOOLS, MESSAGE_ACTIONS,
  toolClass, requesterRole, canonical, insideRoot, paramPaths, explainShellDifference,
} from './reference.mjs';

const commandGlob = (g) => picomatch.makeRe(g.endsWith(' *') ? g.slice(0, -2) + '*' : g, { dot: true, bash: true });
const allowRes = SHELL_ALLOW.map(commandGlob);
const approveRes = SHELL_APPROVE.map(commandGlob);

let engine;
const engineRow = {
  name: 'json-rules-engine',
  slow: true,
  cold: {},
  async setup() {
    let t = performance.now();
    const { Engine } = await import('json-rules-engine');
    engineRow.cold.importMs = performance.now() - t;
    t = performance.now();
    engine = new Engine([], { allowUndefinedFacts: true });
    const forbidden = FORBIDDEN.map((g) => picomatch(g, { dot: true }));
    engine.addOperator('anyForbidden', (paths) => Array.isArray(paths) && paths.some((p) => forbidden.some((m) => m(p))));
    engine.addOperator('anyOutsideRoot', (paths) => Array.isArray(paths) && paths.some((p) => !insideRoot(p)));
    engine.addOperator('matchesNone', (cmd, lists) => typeof cmd !== 'string' || !lists.some((l) => (l === 'allow' ? allowRes : approveRes).some((re) => re.test(cmd))));
    engine.addOperator('matchesSome', (cmd, list) => typeof cmd === 'string' && (list === 'approve' ? approveRes : allowRes).some((re) => re.test(cmd)));
    engine.addOperator('startsWith', (a, b) => typeof a === 'string' && a.startsWith(b));
    const deny = (conditions) => engine.addRule({ conditions, event: { type: 'deny' } });
    deny({ any: [{ fact: 'role', operator: 'in', value: ['none', 'other'] }] });
    deny({ all: [{ fact: 'role', operator: 'equal', value: 'maintainer' }, { fact: 'toolName', operator: 'notIn', value: [...MAINTAINER_TOOLS] }] });
    deny({ all: [{ fact: 'role', operator: 'equal', value: 'maintainer' }, { fact: 'toolName', operator: 'equal', value: 'message' }, { fact: 'action', operator: 'notIn', value: [...MESSAGE_ACTIONS] }] });
    deny({ all: [{ fact: 'agentId', operator: 'startsWith', value: 'research-' }, { fact: 'toolClass', operator: 'notEqual', value: 'read' }] });
    deny({ any: [{ fact: 'paths', operator: 'anyForbidden', value: true }, { fact: 'paths', operator: 'anyOutsideRoot', value: true }] });
    deny({ all: [{ fact: 'toolClass', operator: 'equal', value: 'exec' }, { fact: 'command', operator: 'matchesNone', value: ['allow', 'approve'] }] });
    engine.addRule({ conditions: { all: [{ fact: 'toolClass', operator: 'equal', value: 'exec' }, { fact: 'command', operator: 'matchesSome', value: 'approve' }] }, event: { type: 'ask' } });
    // addRule checks each rule's shape as it builds it: validation and compilation are one step.
    engineRow.cold.compileMs = performance.now() - t;
  },
  async decide(call) {
    const { events } = await engine.run({
      toolName: call.toolName,
      toolClass: toolClass(call.toolName),
      role: requesterRole(call.requester),
      agentId: call.agentId,
      action: call.params?.action,
      paths: paramPaths(call).map((p) => canonical(p)),
      command: call.params?.command,
    });
    if (events.some((e) => e.type === 'deny')) return 'deny';
    if (events.some((e) => e.type === 'ask')) return 'ask';
    return 'allow';
  },
  explain: explainShellDifference,
};
export default engineRow;
