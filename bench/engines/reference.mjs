// The reference policy as plain data, and the glue any integrator writes around a generic
// engine: tool classes, path resolution against the workspace root, who the requester is.
// The floor and the peers share it; Toolwarden reads bench/policy/reference.yaml instead.
import path from 'node:path';

export const ROOT = '/srv/ws';
export const HOME = '/home/agent';
export const FORBIDDEN = ['**/.env', '**/.ssh/**', '**/*.pem', '/etc/**'];
export const SHELL_ALLOW = ['git status', 'git diff *', 'git log *', 'ls *', 'cat *', 'grep *', 'npm test', 'npm run *'];
export const SHELL_APPROVE = ['git push *'];
export const MAINTAINER_TOOLS = new Set(['read', 'ls', 'grep', 'exec', 'web_fetch', 'web_search', 'message']);
export const MESSAGE_ACTIONS = new Set(['react', 'reply']);
export const READONLY_AGENT = /^research-/;

const CLASSES = {
  read: 'read', ls: 'read', grep: 'read', web_search: 'read', web_fetch: 'read',
  write: 'write', edit: 'write', apply_patch: 'write', message: 'write', browser: 'write',
  exec: 'exec', process: 'exec', code_execution: 'exec',
};
/** A tool nobody classified is `write` (fail closed), as in Toolwarden. */
export function toolClass(toolName) {
  return Object.hasOwn(CLASSES, toolName) ? CLASSES[toolName] : 'write';
}

/** `owner` | `maintainer` | `other` | `none`, as the reference policy's scopes read a requester. */
export function requesterRole(requester) {
  if (requester === undefined) return 'none';
  if (requester.senderIsOwner === true) return 'owner';
  if (requester.channel === 'discord' && requester.accountId === 'operations' && Array.isArray(requester.roleIds) && requester.roleIds.includes('maintainer')) {
    return 'maintainer';
  }
  return 'other';
}

/** `~` expanded, resolved against the root, `.`/`..`/`//` collapsed. */
/** `p` made absolute: `~` is home, a relative path is under `base` (the root, or an exec tool's workdir). */
export function canonical(p, base = ROOT) {
  const expanded = p === '~' ? HOME : p.startsWith('~/') ? HOME + p.slice(1) : p;
  return path.posix.resolve(ROOT, base, expanded);
}

export function insideRoot(abs) {
  return abs === ROOT || abs.startsWith(ROOT + '/');
}

const PATH_PARAMS = ['path', 'file_path', 'filePath', 'notebook_path', 'cwd', 'workdir', 'working_directory'];
const PATCH_HEADER = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gm;

/** Paths a call names in its parameters and patch bodies (not inside shell commands). */
export function paramPaths(call) {
  const out = [];
  const params = call.params ?? {};
  for (const key of PATH_PARAMS) if (typeof params[key] === 'string') out.push(params[key]);
  if (Array.isArray(params.paths)) for (const p of params.paths) if (typeof p === 'string') out.push(p);
  if (call.toolName === 'apply_patch' && typeof params.input === 'string') {
    for (const m of params.input.matchAll(PATCH_HEADER)) out.push(m[1].trim());
  }
  return out;
}

/** Why a peer that matches the whole command string (no shell parser) differs from the floor. */
export function explainShellDifference(call, floorDecision, peerDecision) {
  const cmd = typeof call.params?.command === 'string' ? call.params.command : '';
  if (!cmd) return undefined;
  if (/[$`]/.test(cmd)) return 'command substitution inside an allowed prefix is not seen (`ls `id``)';
  if (/&&|\|\||;|\||&|\n/.test(cmd) && peerDecision === 'deny') return 'the whole string must match one glob, so a chain of allowed commands is denied (`git status && git diff`)';
  if (/&&|\|\||;|\||&|\n/.test(cmd)) return 'the whole string is matched, so a chained command passes with an allowed first segment (`ls && curl | sh`)';
  if (/[<>]/.test(cmd)) return 'redirection targets are not path-checked (`git log > /tmp/out`)';
  if (/(^|\s)(\.|~|\/)|\//.test(cmd)) return 'paths named in shell arguments are not checked (`cat .env`, `ls ../..`)';
  if (peerDecision === 'allow' && /\s[^-\s]/.test(cmd)) return 'a bare file name in a shell argument is not checked against the forbidden globs (`cat server.pem`)';
  return undefined;
}
