// Everything the checks may learn about one call, computed at most once per call (and
// per path settings): tool class, parsed shell command, canonical root and paths.
import type { LRUCache } from 'lru-cache';
import type { ShellFacts, ToolClass } from '../types.js';
import type { CallView, CleanCall, CompiledPolicy, PathFacts, PathSettings } from '../compile/model.js';
import { classifyTool } from '../facts/classify.js';
import { commandPaths, extractPaths } from '../facts/extract-paths.js';
import { canonicalPath, canonicalRoot } from '../facts/paths.js';
import { parseShell } from '../facts/shell/index.js';
import { isReadOnlyCommand } from '../facts/read-only-commands.js';

/** Parameters that carry the command string of an exec-class tool, in order of preference. */
const COMMAND_KEYS = ['command', 'cmd', 'script', 'commandLine'] as const;
/** Programs in the system bin directories are not touched paths when run by path. */
const SYSTEM_PROGRAM = /^\/(?:usr\/(?:local\/)?)?s?bin\/[^/]+$/;
/** Commands longer than this are parsed but not cached (the cache must stay small). */
const MAX_CACHED_COMMAND = 4096;

export interface FrameEnv {
  home: string;
  shellCache: LRUCache<string, ShellFacts>;
}

type Root = { ok: true; path: string } | { ok: false; reason: string } | undefined;

interface PathMemo {
  root: Root;
  anchor: string | undefined;
}

export class CallFrame {
  private shellFacts: ShellFacts | undefined | null = null; // null: not computed yet
  private readonly pathMemos = new Map<string, PathMemo>();
  /** Canonical paths by path settings and tool class (the class decides what is written). */
  private readonly pathFacts = new Map<string, PathFacts>();

  constructor(
    readonly call: CleanCall,
    private readonly env: FrameEnv,
  ) {}

  viewFor(policy: CompiledPolicy): CallView {
    const toolClass = classifyTool(this.call.toolName, policy.toolClasses);
    const settings = policy.pathSettings;
    return {
      call: this.call,
      toolClass,
      shell: () => (toolClass === 'exec' ? this.shell() : undefined),
      root: () => this.memo(settings).root,
      anchor: () => this.memo(settings).anchor,
      paths: () => this.paths(settings, toolClass),
    };
  }

  /** The exec command, parsed once; an exec call with no readable command string is unverifiable. */
  private shell(): ShellFacts {
    if (this.shellFacts) return this.shellFacts;
    const params = this.call.params;
    let command: unknown;
    let key: string | undefined;
    for (const k of COMMAND_KEYS) {
      if (Object.hasOwn(params, k)) {
        command = params[k];
        key = k;
        break;
      }
    }
    let facts: ShellFacts;
    if (key === undefined) facts = { commands: [], unverifiable: 'the call carries no command string' };
    else if (typeof command !== 'string') facts = { commands: [], unverifiable: `parameter \`${key}\` is not a string` };
    else {
      const cached = this.env.shellCache.get(command);
      if (cached) facts = cached;
      else {
        facts = parseShell(command);
        if (command.length <= MAX_CACHED_COMMAND) this.env.shellCache.set(command, facts);
      }
    }
    this.shellFacts = facts;
    return facts;
  }

  private memo(settings: PathSettings): PathMemo {
    let m = this.pathMemos.get(settings.key);
    if (m) return m;
    const { home } = this.env;
    const cwd = this.call.cwd;
    const root: Root = settings.root === undefined ? undefined : canonicalRoot(settings.root, cwd, home, settings.resolveSymlinks, settings.caseInsensitive);
    let anchor: string | undefined;
    if (root?.ok) anchor = root.path;
    else if (root === undefined && cwd !== undefined) {
      const c = canonicalPath(cwd, { home, resolveSymlinks: settings.resolveSymlinks, caseInsensitive: settings.caseInsensitive });
      if (c.ok) anchor = c.path;
    }
    m = { root, anchor };
    this.pathMemos.set(settings.key, m);
    return m;
  }

  private paths(settings: PathSettings, toolClass: ToolClass): PathFacts {
    const key = settings.key + toolClass;
    let facts = this.pathFacts.get(key);
    if (!facts) {
      facts = this.computePaths(settings, toolClass, this.memo(settings).root);
      this.pathFacts.set(key, facts);
    }
    return facts;
  }

  private computePaths(settings: PathSettings, toolClass: ToolClass, root: Root): PathFacts {
    const { call } = this;
    if (root && !root.ok) return { ok: false, reason: `workspace root cannot be resolved: ${root.reason}` };
    const extracted = extractPaths(call.toolName, toolClass, call.params, call.derivedPaths);
    if (extracted.problems.length > 0) return { ok: false, reason: extracted.problems[0]! };
    const raw = extracted.paths.map((p) => p.value);
    const from = extracted.paths.map((p) => p.from);
    const written = extracted.writes.slice();
    const words: string[] = [];
    if (toolClass === 'exec') {
      if (call.cwd !== undefined) {
        raw.push(call.cwd);
        from.push('cwd');
        written.push(false);
      }
      const shell = this.shell();
      for (const cmd of shell.commands) {
        const found = commandPaths(cmd);
        const writes = !isReadOnlyCommand(cmd.words);
        // A program run by path is touched too (workspace, forbidden), unless it is a system one.
        if (cmd.commandPath !== undefined && !SYSTEM_PROGRAM.test(cmd.commandPath)) {
          raw.push(cmd.commandPath);
          from.push('command');
          written.push(false);
        }
        for (const p of found.pathLike) {
          raw.push(p);
          from.push('command');
          written.push(writes);
        }
        for (const w of found.words) words.push(w);
      }
    }
    const ctx = {
      ...(root?.ok ? { root: root.path } : {}),
      ...(call.cwd !== undefined ? { cwd: call.cwd } : {}),
      home: this.env.home,
      resolveSymlinks: settings.resolveSymlinks,
      caseInsensitive: settings.caseInsensitive,
    };
    const paths: string[] = [];
    for (let i = 0; i < raw.length; i++) {
      const c = canonicalPath(raw[i]!, ctx);
      if (!c.ok) return { ok: false, reason: `path \`${printable(raw[i]!)}\` (from ${from[i]}) cannot be made canonical: ${c.reason}` };
      paths.push(c.path);
    }
    return { ok: true, paths, written, from, words };
  }
}

/** A path for a one-line message: control characters escaped, long values cut. */
function printable(value: string): string {
  const s = JSON.stringify(value).slice(1, -1).replace(/`/g, "'");
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}
