// Cedar (cedar-wasm, pre-parsed policy set): principal = the requester (roles as parents),
// action = the tool, context = agent, tool class, message action and the command string.
// Cedar has no quantifier over sets with `like`, so each canonical parameter path is its own
// authorization request; every request must allow. `ask` is a second policy set. No shell
// parser: `like` on the whole command string.
import { createRequire } from 'node:module';
import {
  SHELL_ALLOW, SHELL_APPROVE, MAINTAINER_TOOLS, MESSAGE_ACTIONS,
  toolClass, canonical, paramPaths, explainShellDifference,
} from './reference.mjs';

const require = createRequire(import.meta.url);
let cedar;

const likeOf = (g) => JSON.stringify(g.endsWith(' *') ? g.slice(0, -2) + '*' : g);
const anyLike = (globs) => globs.map((g) => `context.command like ${likeOf(g)}`).join(' || ');
const actions = (tools) => [...tools].map((t) => `Action::${JSON.stringify(t)}`).join(', ');

const POLICIES = {
  'owner': 'permit(principal, action, resource) when { principal.senderIsOwner };',
  'maintainers': `permit(principal, action in [${actions(MAINTAINER_TOOLS)}], resource) when { principal.channel == "discord" && principal.accountId == "operations" && principal in Role::"maintainer" };`,
  'message-actions': `forbid(principal, action == Action::"message", resource) unless { principal.senderIsOwner || [${[...MESSAGE_ACTIONS].map((a) => JSON.stringify(a)).join(', ')}].contains(context.messageAction) };`,
  'readonly-group': 'forbid(principal, action, resource) when { context.agentId like "research-*" && context.toolClass != "read" };',
  'forbidden-paths': 'forbid(principal, action, resource) when { context has path && (context.path like "*/.env" || context.path like "*/.ssh/*" || context.path like "*/.ssh" || context.path like "*.pem" || context.path like "/etc/*" || context.path == "/etc") };',
  'workspace-only': 'forbid(principal, action, resource) when { context has path && !(context.path == "/srv/ws" || context.path like "/srv/ws/*") };',
  'shell-allowlist': `forbid(principal, action, resource) when { context.toolClass == "exec" && !(${anyLike(SHELL_ALLOW)} || ${anyLike(SHELL_APPROVE)}) };`,
};
// Cedar decides only allow/deny: what needs approval is a second, pre-parsed set asked only
// when the first allows.
const ASKS = { 'ask-git-push': `permit(principal, action, resource) when { context.toolClass == "exec" && (${anyLike(SHELL_APPROVE)}) };` };

function principalOf(requester) {
  const r = requester ?? {};
  const id = `${r.channel ?? ''}/${r.accountId ?? ''}/${r.senderId ?? ''}`;
  const uid = { type: 'Requester', id };
  const entity = {
    uid,
    attrs: { senderIsOwner: r.senderIsOwner === true, channel: r.channel ?? '', accountId: r.accountId ?? '' },
    parents: (Array.isArray(r.roleIds) ? r.roleIds : []).map((role) => ({ type: 'Role', id: role })),
  };
  return { uid, entities: [entity] };
}

function authorize(principal, entities, action, context, set = 'reference') {
  const answer = cedar.statefulIsAuthorized({
    principal, action, resource: { type: 'Tool', id: action.id }, context, entities, preparsedPolicySetId: set,
  });
  return answer.type === 'success' && answer.response.decision === 'allow' ? 'allow' : 'deny';
}

const row = {
  name: 'cedar (cedar-wasm)',
  slow: true,
  cold: {},
  async setup() {
    let t = performance.now();
    cedar = require('@cedar-policy/cedar-wasm/nodejs');
    row.cold.importMs = performance.now() - t;
    t = performance.now();
    const parsed = cedar.preparsePolicySet('reference', { staticPolicies: POLICIES });
    if (parsed.type !== 'success') throw new Error(JSON.stringify(parsed.errors));
    const asks = cedar.preparsePolicySet('asks', { staticPolicies: ASKS });
    if (asks.type !== 'success') throw new Error(JSON.stringify(asks.errors));
    // preparsePolicySet parses, checks and keeps the set in one call (there is no schema to validate against).
    row.cold.compileMs = performance.now() - t;
  },
  decide(call) {
    const { uid, entities } = principalOf(call.requester);
    const action = { type: 'Action', id: call.toolName };
    const base = {
      agentId: call.agentId ?? '', toolClass: toolClass(call.toolName),
      messageAction: typeof call.params?.action === 'string' ? call.params.action : '',
      command: typeof call.params?.command === 'string' ? call.params.command : '',
    };
    if (authorize(uid, entities, action, base) === 'deny') return 'deny';
    for (const p of paramPaths(call)) {
      if (authorize(uid, entities, action, { ...base, path: canonical(p) }) === 'deny') return 'deny';
    }
    return base.toolClass === 'exec' && authorize(uid, entities, action, base, 'asks') === 'allow' ? 'ask' : 'allow';
  },
  explain: explainShellDifference,
};
export default row;
