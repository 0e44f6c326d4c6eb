// What the compiler produces and the engine runs: plain data and closures.
import type { DecisionKind, Requester, Severity, ShellFacts, ToolCall, ToolClass, TraceEntry } from '../types.js';

/** A call after shape checks: every field has the type the language says, or is absent. */
export interface CleanCall extends ToolCall {
  params: Record<string, unknown>;
}

/** The paths a call touches, canonical for one policy's workspace settings. */
export type PathFacts =
  | {
      ok: true;
      /** Canonical absolute paths. */
      paths: string[];
      /** Same index: is the path (possibly) written? */
      written: boolean[];
      /**
       * Canonical forms of the bare names shell arguments may stand for (`cat server.pem`),
       * other than `paths`: forbidden globs and containment see them, allowlists do not (most
       * such words are no file: `git log`, `grep TODO`).
       */
      named: string[];
      /** Every argument word of every simple command: file-name globs are tried on these. */
      words: string[];
      /**
       * Same index as paths, present when some path has a narrow form (Canonical.narrow: as
       * the file system at least tells names apart): allowlists must match it too.
       */
      narrow?: string[];
      /**
       * Same index as paths, present when some path is a shell wildcard the dot rule holds for
       * (facts/path-glob.ts: a segment starting with `*` or `?` names no dot file); true for those.
       */
      dotRule?: boolean[];
      /** Same index as words, present when some word is such a wildcard; true for those. */
      wordDotRule?: boolean[];
      /**
       * With symlinks resolved: why git, run by the call, may take a directory no name marks
       * as a repository for its own (facts/git-discovery.ts), or cannot be placed to tell.
       * shell.gitMetadata denies it; undefined when there is nothing to say.
       */
      unnamedRepository?: string;
      /**
       * Why a directory the call fills with a directory's contents (`cp -r d/. .`, `rsync -a d/ .`),
       * files no word names, may get git's hooks or settings: it is a
       * work tree's top (a `.git` in it) or inside a `.git`. shell.gitMetadata denies it.
       */
      filledMetadata?: string;
    }
  | {
      ok: false;
      reason: string;
      /**
       * An exec call's written paths as its line writes them (lexical, unplaced), so that checks
       * looking for a written name (shell.gitMetadata, shell.runnerConfig) still see them when
       * the paths cannot be placed; `anyDirectory` when a relative one may lead into any
       * directory (CommandLinePaths.anyDirectory).
       */
      lineWrites?: { paths: readonly string[]; anyDirectory: boolean };
    };

/** How a policy resolves paths; policies with equal keys share canonical results per call. */
export interface PathSettings {
  /** Workspace root as written (`/srv/x`, `~/x`, `${cwd}`), or undefined. */
  root: string | undefined;
  /** The root is the call's cwd, or below it (`${cwd}`, `${cwd}/sub`). */
  rootFromCwd: boolean;
  only: boolean;
  resolveSymlinks: boolean;
  caseInsensitive: boolean;
  /**
   * Canonical forms never touch the file system (no symlink resolution) and the root does
   * not depend on the call (no `${cwd}`): they are pure, so a set may remember them.
   */
  lexical: boolean;
  /**
   * The files below a directory a command reads whole (`grep -r x .`) may change the policy's
   * answer, so the engine reads them from disk (frame.ts addTree): its path globs and custom
   * rules see each file, and `workspace.only` with symlinks resolved sees where a followed link
   * leads. A policy with neither (workspace.only alone reads every such file as inside) skips it.
   */
  readsTrees: boolean;
  /** Identity for sharing: equal keys mean equal canonicalisation (and equal readsTrees). */
  key: string;
}

/**
 * What a policy's checks may ask about the call. Expensive facts are computed on first use.
 * Call the methods on the view (`view.paths()`), never detached: the engine implements them
 * as prototype methods so a decision creates no closures.
 */
export interface CallView {
  call: CleanCall;
  toolClass: ToolClass;
  /** Parsed shell command of an exec-class call (undefined for other classes). */
  shell(): ShellFacts | undefined;
  /** Canonical workspace root for this policy, when it has one. */
  root(): { ok: true; path: string } | { ok: false; reason: string } | undefined;
  /** Where relative globs are anchored: the canonical root, else the canonical cwd. */
  anchor(): string | undefined;
  /** The anchor's narrow form (Canonical.narrow), or the anchor: where allowlists' narrow matchers are anchored. */
  narrowAnchor(): string | undefined;
  /** Canonical touched paths for this policy. */
  paths(): PathFacts;
}

export interface Verdict {
  decision: Exclude<DecisionKind, 'allow'>;
  check: string;
  rule?: string;
  message: string;
  source: string;
}

/** Receives verdicts and (when explaining) trace entries. */
export interface Sink {
  verdicts: Verdict[];
  /** Undefined unless explaining: checks must not build trace data when it is absent. */
  trace: TraceEntry[] | undefined;
}

/** One stateless check: a section's rule compiled to a closure. */
export interface Check {
  /** Check id as reasons name it, e.g. `paths.forbidden`. */
  id: string;
  /**
   * The tool classes for which this check can object or trace at all; omitted: every class.
   * The engine skips the check for calls of other classes, so a check that names classes
   * must do nothing (no verdict, no trace entry) for the others.
   */
  classes?: readonly ToolClass[];
  /** It reads the command line only, never the call's paths: it runs before paths.canonical (compile/index.ts). */
  commandOnly?: true;
  run(view: CallView, sink: Sink): void;
}

/** A stateful limit of one policy: which counter a call takes a slot in. */
export interface Limit {
  check: 'limits.maxToolCalls' | 'limits.rate';
  rule?: string;
  pointer: string;
  source: string;
  kind: 'count' | 'window';
  limit: number;
  windowMs?: number;
  /** Counter key for the call, or undefined when the call lacks what the key needs. */
  keyOf(view: CallView): string | undefined;
  /** Whether the call has what the key needs, without building the key (keyOf would not be undefined). */
  hasKey(view: CallView): boolean;
  /** Whether this limit counts the call at all (rate limits filter by tool). */
  applies(toolName: string): boolean;
  /** What the key needs, for the message when it is missing, e.g. `session id`. */
  needs: string;
  label: string;
}

export interface CompiledPolicy {
  id: string;
  file: string;
  description?: string;
  /** The `match` section: does this policy govern the call? */
  match: { governs(call: CleanCall): boolean };
  /** The class the policy's `toolClasses` gives a tool name (a name listed, else the first class whose globs match: exec, write, read), or undefined. */
  toolClasses: (toolName: string) => ToolClass | undefined;
  pathSettings: PathSettings;
  /** Whether any check needs canonical paths (skip the work otherwise). */
  usesPaths: boolean;
  checks: Check[];
  limits: Limit[];
  approval: { severity: Severity; timeoutMs: number };
}

export interface CoverageItemData {
  policy: string;
  pointer: string;
  source: string;
  label: string;
}

export interface CompiledSet {
  policies: CompiledPolicy[];
  revision: string;
  coverageItems: CoverageItemData[];
}

export type { Requester };
