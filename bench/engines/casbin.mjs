// casbin (node-casbin, `enforceSync`): the reference policy as three small casbin models,
// each one enforcer, because one casbin request has one shape:
//  - scopes: RBAC with domains. The domain is `channel/account` (role ids are only unique
//    per channel+account); role ids from the call are the request subject and `g` maps a
//    role id to a policy role within a domain. The owner is `g, owner, role:owner, *`
//    with keyMatch as the domain matcher. The readonly agent group is a deny policy with
//    `keyMatch` on the agent id. Message actions are `regexMatch` on the action.
//  - paths: each canonical parameter path is its own request (casbin has no quantifier
//    over a list); `regexMatch` patterns for the forbidden globs (deny) and the workspace
//    root (allow); allow-and-not-deny effect.
//  - commands: `regexMatch` on the whole command string (no shell parser), allow or ask.
// Requesters with several role ids are asked once per role id; the glue says which
// subject a requester is, as it would with any casbin deployment.
import {
  SHELL_ALLOW, SHELL_APPROVE, MAINTAINER_TOOLS, MESSAGE_ACTIONS,
  toolClass, canonical, paramPaths, explainShellDifference,
} from './reference.mjs';

const SCOPES_MODEL = `
[request_definition]
r = sub, dom, tool, act, agent, cls

[policy_definition]
p = sub, dom, tool, act, agent, cls, eft

[role_definition]
g = _, _, _

[policy_effect]
e = some(where (p.eft == allow)) && !some(where (p.eft == deny))

[matchers]
m = (p.sub == "*" || g(r.sub, p.sub, r.dom)) && keyMatch(r.dom, p.dom) && keyMatch(r.tool, p.tool) && regexMatch(r.act, p.act) && keyMatch(r.agent, p.agent) && regexMatch(r.cls, p.cls)
`;

const PATHS_MODEL = `
[request_definition]
r = path

[policy_definition]
p = pattern, eft

[policy_effect]
e = some(where (p.eft == allow)) && !some(where (p.eft == deny))

[matchers]
m = regexMatch(r.path, p.pattern)
`;

const COMMANDS_MODEL = `
[request_definition]
r = cmd, list

[policy_definition]
p = pattern, list

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = r.list == p.list && regexMatch(r.cmd, p.pattern)
`;

const tools = [...MAINTAINER_TOOLS].filter((t) => t !== 'message');
const SCOPES_POLICY = [
  'p, role:owner, *, *, .*, *, .*, allow',
  ...tools.map((t) => `p, role:maintainer, discord/operations, ${t}, .*, *, .*, allow`),
  `p, role:maintainer, discord/operations, message, ^(${[...MESSAGE_ACTIONS].join('|')})$, *, .*, allow`,
  'p, *, *, *, .*, research-*, ^(write|exec)$, deny',
  'g, owner, role:owner, *',
  'g, maintainer, role:maintainer, discord/operations',
].join('\n');

// The forbidden globs `**/.env`, `**/.ssh/**`, `**/*.pem`, `/etc/**` and the root `/srv/ws`, as regexes.
const PATHS_POLICY = [
  'p, ^/srv/ws(/.*)?$, allow',
  'p, (^|/)\\.env$, deny',
  'p, (^|/)\\.ssh(/|$), deny',
  'p, \\.pem$, deny',
  'p, ^/etc(/|$), deny',
].join('\n');

/** `git diff *` is `git diff` with any arguments, as the other peers read it. */
const commandRegex = (g) => '^' + g.replace(/ \*$/, '').replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*') + (g.endsWith(' *') ? '( .*)?$' : '$');
const COMMANDS_POLICY = [
  ...SHELL_ALLOW.map((g) => `p, ${commandRegex(g)}, allow`),
  ...SHELL_APPROVE.map((g) => `p, ${commandRegex(g)}, approve`),
].join('\n');

let scopes;
let paths;
let commands;

/** Request subjects of a requester: `owner`, else its role ids; none when absent. */
function subjectsOf(requester) {
  if (requester === undefined) return [];
  if (requester.senderIsOwner === true) return ['owner'];
  return Array.isArray(requester.roleIds) ? requester.roleIds.filter((r) => typeof r === 'string') : [];
}

const row = {
  name: 'casbin (enforceSync)',
  slow: true,
  cold: {},
  async setup() {
    let t = performance.now();
    const casbin = await import('casbin');
    row.cold.importMs = performance.now() - t;
    t = performance.now();
    const models = [SCOPES_MODEL, PATHS_MODEL, COMMANDS_MODEL].map((m) => casbin.newModelFromString(m));
    row.cold.validateMs = performance.now() - t;
    t = performance.now();
    const policies = [SCOPES_POLICY, PATHS_POLICY, COMMANDS_POLICY];
    [scopes, paths, commands] = await Promise.all(models.map((m, i) => casbin.newEnforcer(m, new casbin.StringAdapter(policies[i]))));
    await scopes.addNamedDomainMatchingFunc('g', casbin.Util.keyMatchFunc);
    row.cold.compileMs = performance.now() - t;
  },
  decide(call) {
    const dom = `${call.requester?.channel ?? ''}/${call.requester?.accountId ?? ''}`;
    const act = typeof call.params?.action === 'string' ? call.params.action : '';
    const cls = toolClass(call.toolName);
    const agent = call.agentId ?? '';
    if (!subjectsOf(call.requester).some((sub) => scopes.enforceSync(sub, dom, call.toolName, act, agent, cls))) return 'deny';
    for (const p of paramPaths(call)) if (!paths.enforceSync(canonical(p))) return 'deny';
    if (cls !== 'exec') return 'allow';
    const cmd = typeof call.params?.command === 'string' ? call.params.command : '';
    if (commands.enforceSync(cmd, 'approve')) return 'ask';
    return commands.enforceSync(cmd, 'allow') ? 'allow' : 'deny';
  },
  explain: explainShellDifference,
  notes: 'casbin is modelled as three enforcers (RBAC with domains for scopes and the readonly group, `regexMatch` for paths, `regexMatch` on the whole command string); each canonical parameter path is one `enforceSync`. With no shell parser its differences are those of Cedar and json-rules-engine. Role ids come from the call and are request subjects; `g` maps them to policy roles per channel/account.',
};
export default row;
