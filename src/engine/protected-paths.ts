// Toolwarden's own files: the policies a gateway loads, the state that holds its limits and
// the gateway settings that register it. A call governed by those files must never rewrite
// them (the next call would be judged by the agent's own policy), whatever the policies say:
// every path such a call writes, symlinks resolved, is checked here, apart from the policies.
import type { SimpleCommand, ToolClass } from '../types.js';
import type { PathSettings, Verdict } from '../compile/model.js';
import { canonicalPath } from '../facts/paths.js';
import type { CallFrame } from './frame.js';

export interface ProtectedPaths {
  /** Absolute files or directories (a directory protects all below it). */
  paths: readonly string[];
  /** Where relative paths of a call without a `cwd` are (a hook's own working directory). */
  base: string;
  /**
   * Folders guarded at any depth, as relative paths (`.claude/skills`): a written path that
   * holds one as its segments, or ends at its first segment (`src/pkg/.claude`), is refused.
   * Claude Code discovers skills in nested `.claude/skills` folders of the project (red team 46).
   */
  nested?: readonly string[];
}

/** The check: a deny verdict when the call writes a protected path (or cannot say where it writes), else undefined. */
export type ProtectionCheck = (frame: CallFrame, toolClass: ToolClass) => Verdict | undefined;

const SOURCE = 'toolwarden';

/**
 * The check for one set. Protected paths are made canonical once, links followed, and
 * compared without case (a file system that folds names must not open a way round).
 */
export function protectionCheck(protectedPaths: ProtectedPaths, home: string): ProtectionCheck | undefined {
  if (protectedPaths.paths.length === 0 && (protectedPaths.nested ?? []).length === 0) return undefined;
  const settings: PathSettings = { root: protectedPaths.base, rootFromCwd: false, only: false, resolveSymlinks: true, caseInsensitive: false, lexical: false, readsTrees: false, key: '\u0000toolwarden-protected' };
  const ctx = { home, resolveSymlinks: true, caseInsensitive: false, statCache: new Map() };
  const guarded: string[] = [];
  for (const raw of protectedPaths.paths) {
    const c = canonicalPath(raw, { ...ctx, root: protectedPaths.base, statCache: new Map() });
    // A path that cannot be made canonical is guarded as written (made absolute lexically).
    guarded.push((c.ok ? c.path : raw).toLowerCase());
  }
  const baseCanonical = canonicalPath(protectedPaths.base, { ...ctx, statCache: new Map() });
  const base = (baseCanonical.ok ? baseCanonical.path : protectedPaths.base).toLowerCase();
  // A protected path, anything inside one, and a directory that holds one (`rm -rf .claude`,
  // `mv ~/.local/state x`) unless it also holds the working directory (the project itself:
  // `git reset --hard` rewrites its whole tree, and removing it leaves no policy to load, which denies).
  const isGuarded = (path: string): boolean => {
    const p = path.toLowerCase();
    for (const g of guarded) {
      if (within(p, g)) return true;
      if (within(g, p) && !within(base, p)) return true;
    }
    return false;
  };
  const nested = (protectedPaths.nested ?? []).map((folder) => folder.toLowerCase().split('/').filter((segment) => segment !== ''));
  /** Whether a canonical path holds a nested guarded folder (or is the folder that would hold one). */
  const isNested = (path: string): boolean => {
    if (nested.length === 0) return false;
    const segments = path.toLowerCase().split('/');
    for (const folder of nested) {
      for (let i = 0; i < segments.length; i++) {
        if (segments[i] !== folder[0]) continue;
        if (i === segments.length - 1) return true;
        if (folder.every((segment, k) => k === 0 || segments[i + k] === segment)) return true;
      }
    }
    return false;
  };
  return (frame, toolClass) => {
    if (toolClass === 'read') return undefined;
    const gatewayTool = GATEWAY_TOOLS.get(frame.call.toolName);
    if (gatewayTool !== undefined && !gatewayTool.has(frame.call.params.action as string)) {
      return { decision: 'deny', check: 'toolwarden.protected', message: `OpenClaw's \`${frame.call.toolName}\` tool rewrites the gateway settings that run Toolwarden (\`config.apply\`, \`config_set\`), removes plugins, updates the gateway, or restarts it, which starts Toolwarden's limits kept in memory over: no call it governs may do that, only read (${[...gatewayTool].map((a) => `\`${String(a)}\``).join(', ')})`, source: SOURCE };
    }
    if (toolClass === 'exec') {
      const rewriting = frame.shell().commands.find(rewritesOpenClaw);
      if (rewriting !== undefined) {
        return { decision: 'deny', check: 'toolwarden.protected', message: `\`${rewriting.text}\`: OpenClaw's command line rewrites the gateway settings that run Toolwarden, or updates or restarts the gateway; a call may only read them (\`openclaw status\`, \`openclaw config get\`)`, source: SOURCE };
      }
    }
    const facts = frame.paths(settings, toolClass);
    if (!facts.ok) return { decision: 'deny', check: 'toolwarden.protected', message: `cannot tell whether the call writes Toolwarden's own files: ${facts.reason}`, source: SOURCE };
    for (let i = 0; i < facts.paths.length; i++) {
      if (!facts.written[i]) continue;
      if (isNested(facts.paths[i]!)) {
        return { decision: 'deny', check: 'toolwarden.protected', message: `path \`${facts.paths[i]}\` is or holds a folder the agent's gateway runs commands from wherever it is (\`${(protectedPaths.nested ?? []).join('`, `')}\`: a skill's hooks and \`!\` commands run with no tool call): no call it governs may write it`, source: SOURCE };
      }
      if (!isGuarded(facts.paths[i]!)) continue;
      return { decision: 'deny', check: 'toolwarden.protected', message: `path \`${facts.paths[i]}\` is or holds one of Toolwarden's own files (its policies, its state, its code or the gateway settings that run it): no call it governs may write it`, source: SOURCE };
    }
    return undefined;
  };
}

// OpenClaw's `gateway` tool names no file, yet `config.apply` and `config.patch` write
// openclaw.json, `update.run` installs another OpenClaw, and `restart` (which resumes the
// session after it) empties the limits an in-memory store kept (red team 11): only these
// actions leave them be.
// Its system-agent tool, `openclaw`, does the same through other actions (`config_set`,
// `plugin_uninstall`, `gateway_restart`; red team 15D): only its reading ones are left.
const GATEWAY_TOOLS: ReadonlyMap<string, ReadonlySet<unknown>> = new Map([
  ['gateway', new Set(['config.get', 'config.schema', 'config.schema.lookup'])],
  ['openclaw', new Set(['config_get', 'config_schema', 'gateway_status', 'plugin_list', 'plugin_search', 'channel_info', 'validate_config'])],
]);

// OpenClaw's command line does what its `gateway` tool does without naming a file either
// (`openclaw config set`, `openclaw plugins disable toolwarden`, `openclaw update`; red team
// 12): only these reading commands are left, anything else it may add is refused.
const OPENCLAW_READING: ReadonlySet<string> = new Set(['status', 'health', 'logs', 'help', 'docs', '--version', '-V', '--help', '-h']);
const OPENCLAW_CONFIG_READING: ReadonlySet<string> = new Set(['get', 'schema', 'file', '--help', '-h']);

/** Whether a simple command runs OpenClaw's command line for anything but reading. */
function rewritesOpenClaw(command: SimpleCommand): boolean {
  const { words } = command;
  if (words[0] !== 'openclaw') return false;
  const sub = words.slice(1).find((w) => !w.startsWith('-') || w === '--version' || w === '-V' || w === '--help' || w === '-h');
  if (sub === undefined) return true; // `openclaw` alone may start its set-up: not known to only read
  if (sub === 'config') return !OPENCLAW_CONFIG_READING.has(words[words.indexOf('config') + 1] ?? '');
  return !OPENCLAW_READING.has(sub);
}

/** Whether `path` is `dir` or below it (both canonical, absolute). */
function within(path: string, dir: string): boolean {
  return path === dir || (path.startsWith(dir) && (dir.endsWith('/') || path.charCodeAt(dir.length) === 0x2f));
}
