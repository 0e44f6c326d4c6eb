// Gemini CLI's PolicyEngine (imported from its policy module directly). It has no notion of
// requesters or agent groups, so the glue picks one pre-built engine per (role, read-only
// group). Rules are tool names plus regexes over the stringified arguments; its shell
// handling splits compound commands and checks each part against command prefixes.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SHELL_ALLOW, SHELL_APPROVE, MAINTAINER_TOOLS, MESSAGE_ACTIONS, READONLY_AGENT, toolClass, requesterRole } from './reference.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const policyDir = path.join(here, '..', 'node_modules', '@google', 'gemini-cli-core', 'dist', 'src', 'policy');
const NAMES = { read: 'read_file', write: 'write_file', edit: 'replace', ls: 'list_directory', exec: 'run_shell_command' };
const geminiName = (tool) => NAMES[tool] ?? tool;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Gemini's own commandPrefix shape: `"command":"<prefix>` followed by a word boundary.
const prefixPattern = (prefixes) => new RegExp(`"command":"(?:${prefixes.map((g) => escape(g.replace(/ \*$/, ''))).join('|')})(?:[\\s"]|\\\\")`);

// forbidden globs and workspace-only, as regexes over the JSON of the arguments
const FORBIDDEN_ARGS = /(?:^|[/"\s])\.env(?:["\s/]|$)|\.ssh(?:["/\s]|$)|\.pem(?:["\s]|$)|"\/etc(?:["/])/;
const OUTSIDE_ROOT_ARGS = /"(?:path|file_path|workdir|dir_path)":"(?:\/(?!srv\/ws(?:\/|"))|~|(?:[^"]*\/)?\.\.(?:\/|"))/;

let engines;
const row = {
  name: 'gemini-cli PolicyEngine',
  slow: true,
  cold: {},
  async setup() {
    let t = performance.now();
    const { PolicyEngine } = await import(pathToFileURL(path.join(policyDir, 'policy-engine.js')).href);
    const { PolicyDecision } = await import(pathToFileURL(path.join(policyDir, 'types.js')).href);
    row.cold.importMs = performance.now() - t;
    t = performance.now();
    const { ALLOW, DENY, ASK_USER } = PolicyDecision;
    const common = [
      { toolName: '*', argsPattern: FORBIDDEN_ARGS, decision: DENY, priority: 100 },
      { toolName: '*', argsPattern: OUTSIDE_ROOT_ARGS, decision: DENY, priority: 100 },
      { toolName: 'run_shell_command', argsPattern: prefixPattern(SHELL_APPROVE), decision: ASK_USER, priority: 20 },
      { toolName: 'run_shell_command', argsPattern: prefixPattern(SHELL_ALLOW), decision: ALLOW, priority: 20 },
      { toolName: 'run_shell_command', decision: DENY, priority: 10 },
    ];
    const readonly = ['write_file', 'replace', 'run_shell_command', 'apply_patch', 'message', 'process', 'sk_delete_customer', 'browser']
      .map((toolName) => ({ toolName, decision: DENY, priority: 90 }));
    const owner = [{ toolName: '*', decision: ALLOW, priority: 1 }];
    const maintainer = [
      ...[...MAINTAINER_TOOLS].filter((t) => t !== 'exec').map((t) => ({ toolName: geminiName(t), decision: ALLOW, priority: 5 })),
      { toolName: 'message', argsPattern: new RegExp(`"action":"(?!(?:${[...MESSAGE_ACTIONS].join('|')})")`), decision: DENY, priority: 60 },
    ];
    const make = (rules) => new PolicyEngine({ rules, defaultDecision: DENY, nonInteractive: false });
    engines = {
      owner: make([...common, ...owner]),
      'owner/readonly': make([...common, ...owner, ...readonly]),
      maintainer: make([...common, ...maintainer]),
      'maintainer/readonly': make([...common, ...maintainer, ...readonly]),
      none: make([]),
    };
    // Rules are JavaScript objects: there is no separate validation step.
    row.cold.compileMs = performance.now() - t;
  },
  async decide(call) {
    const role = requesterRole(call.requester);
    if (role === 'other' || role === 'none') return (await engines.none.check({ name: geminiName(call.toolName), args: call.params ?? {} }, undefined)).decision;
    const key = typeof call.agentId === 'string' && READONLY_AGENT.test(call.agentId) ? `${role}/readonly` : role;
    const result = await engines[key].check({ name: geminiName(call.toolName), args: call.params ?? {} }, undefined);
    return result.decision === 'ask_user' ? 'ask' : result.decision;
  },
  explain(call, floorDecision, peerDecision) {
    const cmd = call.params?.command;
    if (typeof cmd === 'string' && /[<>]/.test(cmd) && peerDecision === 'ask') return 'Gemini downgrades a redirected shell command to ask';
    if (typeof cmd === 'string' && /(^|\s)(\.|~|\/)|\//.test(cmd)) return 'paths inside shell arguments are seen only by the argument regexes, not resolved';
    const params = JSON.stringify(call.params ?? {});
    if (toolClass(call.toolName) === 'exec' && cmd === undefined) return 'Gemini has no tool classes: an exec-class tool without a command string (`process`) passes the owner\'s `*` allow';
    if (peerDecision === 'ask' && /package\.json/.test(params)) return 'Gemini asks before editing build files (`package.json`)';
    if (cmd === undefined && params.includes('..') && call.toolName !== 'apply_patch') return 'a regex cannot resolve `..`, so every `..` path is refused, even one that stays inside the root';
    if (call.toolName === 'apply_patch') return 'paths inside an apply_patch body are not read (argument regexes see `\\n`-escaped text)';
    if (typeof cmd === 'string') return 'shell parsing differs: Gemini splits and checks each part with its own parser and heuristics';
    return undefined;
  },
};
export default row;
