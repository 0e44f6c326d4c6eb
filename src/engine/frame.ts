// Everything the checks may learn about one call, computed at most once per call (and
// per path settings): tool class, parsed shell command, canonical root and paths.
// Views are small objects with prototype methods, not closures: a decision allocates as
// little as it can, and what it allocates dies young.
import fs from 'node:fs';
import picomatch from 'picomatch';
import type { LRUCache } from 'lru-cache';
import type { ShellFacts, ToolClass } from '../types.js';
import type { CallView, CleanCall, CompiledPolicy, PathFacts, PathSettings } from '../compile/model.js';
import { extractPaths, newKeyKindMemo, type KeyKindMemo } from '../facts/extract-paths.js';
import { bareNames } from '../facts/word-paths.js';
import { commandLinePaths } from '../facts/command-line-paths.js';
import { isRelative, nameOf, parentOf, within } from '../facts/within.js';
import { canonicalPath, canonicalRoot, directoriesUpTo, isInside, MAX_WILDCARD_ENTRIES, wildcardExpansions, type Canonical, type GlobReading, type PathContext, type PosixReading, type StatCache } from '../facts/paths.js';
import { anyCaseGlob, hasShellWildcard, literalDirectory, mayExpandTo } from '../facts/path-glob.js';
import { parseShell } from '../facts/shell/index.js';
import { execCommandFacts } from '../facts/exec-command.js';
import { isGitTool, isMcpToolName } from '../facts/classify.js';
import { unnamedRepositoryAbove, writesHead, writtenHeads } from '../facts/git-discovery.js';
import { directoriesBelow, entriesIn, isDirectoryNow, realPathOr, type EntryBudget } from '../facts/directories.js';
import type { Tree } from '../facts/operands/trees.js';
import { ripgrepFilter } from './ripgrep-walk.js';
import { trackedFiles, workTreeProblem } from './git-index.js';
import { withBackups, type PatchFile } from '../facts/operands/patch-files.js';
import { nameTails, patchPaths } from '../facts/patch-paths.js';

/** Commands longer than this are parsed but not cached (the cache must stay small). */
const MAX_CACHED_COMMAND = 4096;

/** A command string's facts, remembered by the set. */
function parseRemembered(env: FrameEnv, command: string): ShellFacts {
  const cached = env.shellCache.get(command);
  if (cached) return cached;
  const facts = parseShell(command);
  if (command.length <= MAX_CACHED_COMMAND) env.shellCache.set(command, facts);
  return facts;
}

export interface FrameEnv {
  home: string;
  /** bareNames of parameter words (`message { to: "channel:123" }`), pure in the word: remembered, bounded. */
  paramNames?: Map<string, readonly string[]>;
  /** The kinds of parameter names (facts/extract-paths.ts keyKind), pure in the name: remembered, bounded. */
  keyKinds?: KeyKindMemo;
  shellCache: LRUCache<string, ShellFacts>;
  /** parseRemembered over this set's cache. */
  parseCommand?: (command: string) => ShellFacts;
  /** What a parsed command adds to the path facts (pure in the parse, which the shell cache keeps alive). */
  shellPaths?: WeakMap<ShellFacts, ShellPaths>;
  /** A parse's facts made unverifiable by a script the line writes before it runs it (CallFrame.withMadeRun). */
  madeRuns?: WeakMap<ShellFacts, ShellFacts>;
  /**
   * What the set remembers for path settings that never touch the file system (no symlink
   * resolution) and whose root does not depend on the call (no `${cwd}`): keyed by
   * PathSettings.key. A set has a handful of settings, so this stays small.
   */
  lexical?: Map<string, LexicalMemo>;
  /** The last settings looked up in `lexical` and what they found: most sets have one. */
  lastSettings?: PathSettings;
  lastLexical?: LexicalMemo | undefined;
  /** Where roots resolved through symlinks first pointed (see pinnedRoot); keyed by pinKey. */
  rootPins?: Map<string, string>;
}

/** Most parameter words whose names a set remembers before starting over, and the longest. */
const MAX_PARAM_NAME_WORDS = 4096;
const MAX_PARAM_NAME_WORD = 256;

/** The names a parameter word may stand for (word-paths.ts bareNames), remembered by the set. */
function namesOf(env: FrameEnv, word: string): readonly string[] {
  const memo = (env.paramNames ??= new Map());
  const known = memo.get(word);
  if (known !== undefined) return known;
  const names = Object.freeze(bareNames(word));
  if (word.length <= MAX_PARAM_NAME_WORD) {
    if (memo.size >= MAX_PARAM_NAME_WORDS) memo.clear();
    memo.set(word, names);
  }
  return names;
}

/** Most roots a set pins (a fixed root once, a `${cwd}` root once per cwd) before starting over. */
const MAX_PINNED_ROOTS = 4096;

function pinKey(settings: PathSettings, cwd: string | undefined): string {
  return settings.rootFromCwd ? `${settings.key}\u0000${cwd ?? ''}` : settings.key;
}

/**
 * A root resolved through symlinks is held to where it first resolved. Otherwise an agent
 * that can write the root's parent swaps the root for a link to `/` (`mv ws w2 && ln -s / ws`)
 * and every path is inside the workspace. A fixed root is pinned when the set is created
 * (pinRoots); a `${cwd}` root when its cwd is first seen. A root that moved is refused, so
 * every call with a path is denied until the policies are reloaded.
 */
function pinnedRoot(env: FrameEnv, settings: PathSettings, cwd: string | undefined, root: Root): Root {
  const pins = env.rootPins;
  if (pins === undefined || !settings.resolveSymlinks || root === undefined || !root.ok) return root;
  const key = pinKey(settings, cwd);
  const first = pins.get(key);
  if (first === root.path) return root;
  if (first === undefined) {
    if (pins.size >= MAX_PINNED_ROOTS) pins.clear();
    pins.set(key, root.path);
    return root;
  }
  return { ok: false, reason: `it now resolves to \`${root.path}\`, not to \`${first}\` as when first resolved: a root that moves while agents run is refused (reload the policies after moving it)` };
}

/**
 * Pins the fixed roots (no `${cwd}`) of settings that resolve symlinks, as they resolve now,
 * when a set is created: before any agent of this set has run. A root that cannot be resolved
 * yet is pinned on its first resolution instead.
 */
export function pinRoots(env: FrameEnv, all: readonly PathSettings[]): void {
  for (const settings of all) {
    // Settings without symlink resolution never touch the file system, not even here.
    if (!settings.resolveSymlinks || settings.root === undefined || settings.rootFromCwd) continue;
    pinnedRoot(env, settings, undefined, canonicalRoot(settings.root, undefined, env.home, true, settings.caseInsensitive, new Map()));
  }
}

/**
 * For lexical path settings: the canonical root (the same for every call, made once) and the
 * canonical forms of raw paths, which are pure in (settings, cwd, raw): for calls without a
 * cwd and per cwd, bounded in total.
 */
interface LexicalMemo {
  root: Root | null; // null: not made yet
  noCwd: Map<string, Canonical>;
  byCwd: Map<string, Map<string, Canonical>>;
  /** Entries in all the maps together: the bound is on the total. */
  size: number;
}

/**
 * Memory bounds: most entries per settings (all cwds together), and the longest raw path or
 * cwd remembered (longer ones are made canonical every time): typically ~2 MB when full, at
 * most ~12 MB. Large enough for the working set of a long session over a large tree: below
 * it, a memo that starts over when full answers nothing (every entry is gone before its path
 * comes back), and the engine pays for filling it as well.
 */
const MAX_LEXICAL_ENTRIES = 16_384;
const MAX_REMEMBERED_LENGTH = 256;

/** What a parsed command line adds to the path facts (facts/command-line-paths.ts), and a memo. */
interface ShellPaths {
  readonly raws: string[];
  readonly written: boolean[];
  /** Same index as raws: CommandLinePaths.dotRule. */
  readonly dotRule: boolean[];
  readonly names: string[];
  readonly words: string[];
  /** CommandLinePaths.writes. */
  readonly writes: string[];
  /** CommandLinePaths.wordDotRule, or undefined when no word is ruled. */
  readonly wordDotRule: boolean[] | undefined;
  readonly unplaceable: string | undefined;
  /** CommandLinePaths.madeRun. */
  readonly madeRun: string | undefined;
  /** CommandLinePaths.anyDirectory. */
  readonly anyDirectory: boolean;
  /** Paths from the top of a git work tree at or above a directory (CommandLinePaths.fromTop). */
  readonly fromTop: readonly { dir: string; path: string; written: boolean }[];
  /** CommandLinePaths.trees. */
  readonly trees: readonly Tree[];
  /** CommandLinePaths.patchFiles. */
  readonly patchFiles: readonly PatchFile[];
  /** CommandLinePaths.filled. */
  readonly filled: readonly string[];
  /** What the line moves or copies as links (CommandLinePaths.moves). */
  readonly moves: readonly { source: string; destinations: string[] }[];
  /** CommandLinePaths.unseenLinks. */
  readonly unseenLinks: string | undefined;
  /** CommandLinePaths.extractedInto. */
  readonly extractedInto: readonly string[];
  /** CommandLinePaths.gitRuns and gitRunsUnknown. */
  readonly gitRuns: readonly string[];
  readonly gitRunsUnknown: string | undefined;
  /** CommandLinePaths.gitRewrites. */
  readonly gitRewrites: boolean;
  /**
   * The canonical forms of `names` for the last lexical memo map that made them (a map
   * stands for one path setting and one cwd, and canonical forms are pure in those): most
   * calls repeat both, and then the names cost nothing.
   */
  namedFor?: Map<string, Canonical>;
  named?: string[];
}

type Root = Canonical | undefined;

/** A working directory relative paths are made canonical in: the call's cwd, or an exec tool's `workdir`. */
interface Place {
  cwd: string | undefined;
  /** Canonical forms for this directory (from the set's lexical memo): null until first needed, undefined when not remembered. */
  known: Map<string, Canonical> | undefined | null;
  /** How raw paths are made canonical here: built on the first path the memo does not know. */
  ctx: PathContext | undefined;
}

interface PathMemo {
  root: Root;
  anchor: string | undefined;
  /** The anchor's narrow form (Canonical.narrow), when it differs. */
  narrowAnchor: string | undefined;
  /** The set's memo when the settings are lexical. */
  lexical: LexicalMemo | undefined;
  /** The call's own cwd. */
  here: Place;
  /** The workspace root as a place (relative paths of MCP tools): made when first needed. */
  atRoot: Place | undefined;
  /** Canonical paths by tool class (the class decides what is written); fields, not a keyed record, for fast loads. */
  read: PathFacts | undefined;
  write: PathFacts | undefined;
  exec: PathFacts | undefined;
}

/** One policy's view of the call: its tool class and its path settings over the shared frame. */
class PolicyView implements CallView {
  readonly call: CleanCall;
  /** The frame's answer, kept here too: several checks of the policy ask for it. */
  private facts: PathFacts | undefined;
  constructor(
    private readonly frame: CallFrame,
    private readonly settings: PathSettings,
    readonly toolClass: ToolClass,
  ) {
    this.call = frame.call;
  }
  shell(): ShellFacts | undefined {
    return this.toolClass === 'exec' ? this.frame.shell() : undefined;
  }
  root(): Root {
    return this.frame.memo(this.settings).root;
  }
  anchor(): string | undefined {
    return this.frame.memo(this.settings).anchor;
  }
  narrowAnchor(): string | undefined {
    const m = this.frame.memo(this.settings);
    return m.narrowAnchor ?? m.anchor;
  }
  paths(): PathFacts {
    return (this.facts ??= this.frame.paths(this.settings, this.toolClass));
  }
}

export class CallFrame {
  private shellFacts: ShellFacts | null = null; // null: not computed yet
  // Policies usually share one path setting: the first memo is kept inline, others in a map.
  private firstKey: string | undefined;
  private firstMemo: PathMemo | undefined;
  private otherMemos: Map<string, PathMemo> | undefined;
  /** lstat answers of this call only (a symlink may change between calls). */
  private statCache: StatCache | undefined;
  /** Directory entries this call's wildcard expansions may still read (PathContext.wildcardBudget). */
  private wildcardBudget: { entries: number } | undefined;
  /** Why a bare name could not be checked (a wildcard that expands to too much); the call is then denied. */
  private namesProblem: string | undefined;
  /**
   * The name patterns of trees walked whole on disk inside the workspace (grep's `--include`,
   * rg's and Grep's globs, find's `-name` with an action): the walk read what each matches,
   * so the pattern itself names nothing more (namesCovered).
   */
  private walkedNames: Set<string> | undefined;

  constructor(
    readonly call: CleanCall,
    private readonly env: FrameEnv,
  ) {}

  /** The policy's view; `toolClass` is the call's tool class under the policy's toolClasses. */
  viewFor(policy: CompiledPolicy, toolClass: ToolClass): CallView {
    return new PolicyView(this, policy.pathSettings, toolClass);
  }

  /** The exec command, parsed once (facts/exec-command.ts); an exec call with no readable command string is unverifiable. */
  shell(): ShellFacts {
    if (this.shellFacts) return this.shellFacts;
    const env = this.env;
    // One parser per set, made on its first exec call: a decision allocates no closure.
    env.parseCommand ??= (command) => parseRemembered(env, command);
    return (this.shellFacts = this.withMadeRun(execCommandFacts(this.call.toolName, this.call.params, env.parseCommand)));
  }

  /**
   * The facts, unverifiable when the line runs a script one of its commands writes by its
   * grammar (`cp x package.json && npm test`, red team 44): what runs is not read, so shell
   * lists and autonomy must refuse it as they refuse `echo x > run.sh && sh run.sh` (the
   * walk's own check), not only the path checks. Remembered per parse with its paths.
   */
  private withMadeRun(facts: ShellFacts): ShellFacts {
    // One command cannot write what it runs before it runs; most lines run no script.
    if (facts.unverifiable !== undefined || facts.capExceeded !== undefined || facts.commands.length < 2 || facts.scripts === undefined || facts.scripts.length === 0) return facts;
    const paths = this.shellPathsOf(facts);
    if (paths.madeRun === undefined) return facts;
    const made = this.env.madeRuns?.get(facts);
    if (made !== undefined) return made;
    const out: ShellFacts = { ...facts, unverifiable: paths.madeRun };
    this.env.madeRuns?.set(facts, out);
    this.env.shellPaths?.set(out, paths);
    return out;
  }

  memo(settings: PathSettings): PathMemo {
    const key = settings.key;
    if (this.firstKey === key) return this.firstMemo!;
    const other = this.otherMemos?.get(key);
    if (other) return other;
    const { home } = this.env;
    const cwd = this.call.cwd;
    const lexical = this.lexicalMemo(settings);
    const stats = settings.resolveSymlinks ? (this.statCache ??= new Map()) : undefined;
    let root: Root;
    if (settings.root === undefined) root = undefined;
    else if (lexical === undefined) root = pinnedRoot(this.env, settings, cwd, canonicalRoot(settings.root, cwd, home, settings.resolveSymlinks, settings.caseInsensitive, stats));
    else root = lexical.root !== null ? lexical.root : (lexical.root = canonicalRoot(settings.root, cwd, home, false, settings.caseInsensitive, undefined));
    let anchor: string | undefined;
    let narrowAnchor: string | undefined;
    if (root?.ok) {
      anchor = root.path;
      narrowAnchor = root.narrow;
    } else if (root === undefined && cwd !== undefined) {
      const c = canonicalPath(cwd, { home, resolveSymlinks: settings.resolveSymlinks, caseInsensitive: settings.caseInsensitive, statCache: stats });
      if (c.ok) {
        anchor = c.path;
        narrowAnchor = c.narrow;
      }
    }
    const m: PathMemo = { root, anchor, narrowAnchor, lexical, here: { cwd, known: null, ctx: undefined }, atRoot: undefined, read: undefined, write: undefined, exec: undefined };
    if (this.firstKey === undefined) {
      this.firstKey = key;
      this.firstMemo = m;
    } else (this.otherMemos ??= new Map()).set(key, m);
    return m;
  }

  /** The set's memo for lexical settings (PathSettings.lexical); undefined for others. */
  private lexicalMemo(settings: PathSettings): LexicalMemo | undefined {
    const { env } = this;
    if (env.lastSettings === settings) return env.lastLexical;
    const found = this.findLexicalMemo(settings);
    env.lastSettings = settings;
    env.lastLexical = found;
    return found;
  }

  private findLexicalMemo(settings: PathSettings): LexicalMemo | undefined {
    const all = this.env.lexical;
    if (all === undefined || !settings.lexical) return undefined;
    let memo = all.get(settings.key);
    if (memo === undefined) {
      memo = { root: null, noCwd: new Map(), byCwd: new Map(), size: 0 };
      all.set(settings.key, memo);
    }
    return memo;
  }

  /** What a parsed command contributes to the path facts; computed once per parse. */
  private shellPathsOf(facts: ShellFacts): ShellPaths {
    // Unverifiable calls often carry no command at all, with facts made fresh per call: nothing to remember.
    if (facts.commands.length === 0) return NO_SHELL_PATHS;
    const known = this.env.shellPaths?.get(facts);
    if (known) return known;
    const made = shellPaths(facts);
    this.env.shellPaths?.set(facts, made);
    return made;
  }

  paths(settings: PathSettings, toolClass: ToolClass): PathFacts {
    const m = this.memo(settings);
    let facts = toolClass === 'read' ? m.read : toolClass === 'write' ? m.write : m.exec;
    if (!facts) {
      facts = this.computePaths(settings, toolClass, m);
      if (!facts.ok && toolClass === 'exec') facts = this.withLineWrites(facts);
      if (toolClass === 'read') m.read = facts;
      else if (toolClass === 'write') m.write = facts;
      else m.exec = facts;
    }
    return facts;
  }

  /** Paths that cannot be placed, with the line's writes as written (PathFacts.lineWrites). */
  private withLineWrites(facts: Extract<PathFacts, { ok: false }>): PathFacts {
    const shell = this.shellPathsOf(this.shell());
    return shell.writes.length === 0 ? facts : { ...facts, lineWrites: { paths: shell.writes, anyDirectory: shell.anyDirectory } };
  }

  private computePaths(settings: PathSettings, toolClass: ToolClass, m: PathMemo): PathFacts {
    const { call } = this;
    const { root } = m;
    if (root && !root.ok) return { ok: false, reason: `workspace root cannot be resolved: ${root.reason}` };
    const extracted = extractPaths(call.toolName, toolClass, call.params, call.derivedPaths, (this.env.keyKinds ??= newKeyKindMemo()));
    if (extracted.problems.length > 0) return { ok: false, reason: extracted.problems[0]! };
    // Most calls of web, message and other tools name no path: share one frozen empty result.
    if (extracted.paths.length === 0 && toolClass !== 'exec' && extracted.words === undefined) return NO_PATHS;
    const found = extracted.paths;
    // The answer, filled in as paths are found: the exec paths below are added to it by addPath.
    const out: FoundPaths = {
      ok: true,
      // Sized for the common call with one path (growing an empty array costs an allocation).
      paths: found.length === 1 ? [''] : [],
      // The extractor's array is this call's own when it found paths (an empty one is shared):
      // same index as paths, exec paths appended below.
      written: found.length > 0 ? extracted.writes : [],
      named: NO_WORDS,
      // Exec calls take their words from the parse below; others have words only from params (Grep's glob).
      words: extracted.words ?? NO_WORDS,
      // Narrow forms (Canonical.narrow), same index as paths: made only once a path has one.
      narrow: undefined,
    };
    const { paths } = out;
    // A file tool joins a relative path to the cwd as written (paths.ts canonicalPath's lexicalCwd); a shell does not.
    const lexicalCwd = toolClass !== 'exec';
    // A path's second reading (Canonical.posix) goes after the found paths, which keep their indexes.
    let posixReadings: { at: number; posix: PosixReading }[] | undefined;
    for (let i = 0; i < found.length; i++) {
      const p = found[i]!;
      const c = this.canonicalAt(p.value, settings, m, m.here, lexicalCwd);
      if (!c.ok) return cannotCanonicalise(p.value, p.from, c.reason);
      if (found.length === 1) paths[0] = c.path;
      else paths.push(c.path);
      if (c.narrow !== undefined || out.narrow !== undefined) out.narrow = withNarrow(out.narrow, paths, c.narrow);
      if (c.posix !== undefined) (posixReadings ??= []).push({ at: i, posix: c.posix });
    }
    if (posixReadings !== undefined) for (const { at, posix } of posixReadings) addPath(out, posix.path, out.written[at]!, posix.narrow);
    // A git tool (an MCP git server's `git_log { repo_path }`) runs git in the directories it names.
    if (settings.resolveSymlinks && found.length > 0 && isGitTool(call.toolName)) {
      for (let i = 0; i < paths.length && out.unnamedRepository === undefined; i++) out.unnamedRepository = unnamedRepositoryMessage(paths[i]!, this.statCache);
    }
    // An MCP server opens a relative path in its own directory (the filesystem server in its
    // first allowed one, others where they started), not in the agent's: under the root too.
    // (OpenClaw names them `SERVER__TOOL`: classify.ts isMcpToolName.)
    if (found.length > 0 && call.cwd !== undefined && m.root?.ok === true && isMcpToolName(call.toolName)) {
      const atRoot = (m.atRoot ??= { cwd: undefined, known: null, ctx: undefined });
      for (let i = 0; i < found.length; i++) {
        const raw = found[i]!.value;
        if (!RELATIVE_PATH.test(raw)) continue;
        const c = this.canonicalAt(raw, settings, m, atRoot, lexicalCwd);
        if (!c.ok) return cannotCanonicalise(raw, found[i]!.from, c.reason);
        if (c.path !== paths[i]) addCanonical(out, c, out.written[i]!);
      }
    }
    // A path the tool swaps for another file when it is missing (Gemini CLI's replace) must be there.
    if (extracted.mustExist !== undefined) for (const raw of extracted.mustExist) {
      const c = this.canonicalAt(raw, settings, m, m.here, lexicalCwd);
      if (!c.ok) return cannotCanonicalise(raw, 'params', c.reason);
      if (!fs.existsSync(c.path) || (c.posix !== undefined && !fs.existsSync(c.posix.path))) return { ok: false, reason: `path \`${printable(raw)}\` is not there, and for a relative path that is not there ${printable(call.toolName)} edits any file whose path ends with it` };
    }
    // What a tool's own glob expands a pattern to is read: with symlinks resolved, the files it
    // matches now, links followed (`include: ["envl?nk"]`); without, a pattern matched in any case
    // is read as one (`.ENV` as `.[eE][nN][vV]`, which meets `**/.env`).
    if (extracted.expanded !== undefined) for (const { pattern, anyCase, skipDirectories } of extracted.expanded) {
      if (settings.resolveSymlinks) {
        const expanded = this.expansionsAt(pattern, settings, m, m.here, { globstar: true, anyCase, skipDirectories });
        if (!expanded.ok) return cannotCanonicalise(pattern, 'params', expanded.reason);
        for (const e of expanded.paths) addPath(out, e.path, false, e.narrow);
      } else if (anyCase) {
        const c = this.canonicalAt(anyCaseGlob(pattern), settings, m, m.here, lexicalCwd);
        if (!c.ok) return cannotCanonicalise(pattern, 'params', c.reason);
        addCanonical(out, c, false);
      }
    }
    // A content search tool reads the files below the directory it searches (facts/search-trees.ts).
    if (settings.readsTrees && extracted.trees !== undefined) for (const tree of extracted.trees) {
      const problem = this.addTree(out, tree, settings, m, m.here, lexicalCwd);
      if (problem !== undefined) return { ok: false, reason: problem };
    }
    // The names the params' words may stand for (Grep's `glob: "**/.env"` selects `./.env`),
    // but for a glob whose walk on disk read what it matches.
    let named: string[] = NO_WORDS;
    if (extracted.words) {
      const paramWords = this.withoutCoveredNames(extracted.words);
      if (paramWords !== extracted.words) out.words = paramWords;
      for (const w of paramWords) named = this.addNamed(named, namesOf(this.env, w), paths, settings, m);
    }
    if (toolClass === 'exec') {
      if (call.cwd !== undefined) {
        const c = this.canonicalOf(call.cwd, settings, m);
        if (!c.ok) return cannotCanonicalise(call.cwd, 'cwd', c.reason);
        addCanonical(out, c, false);
      }
      const shell = this.shellPathsOf(this.shell());
      if (shell.unplaceable !== undefined) return { ok: false, reason: shell.unplaceable };
      // The shell starts in the tool's workdir when it has one (OpenClaw's exec), else in the call's cwd.
      const workdirs = extracted.workdirs ?? NO_WORDS;
      // A workdir under a spelling the tool may not read (`workDir`): the call's own directory too.
      const places = workdirs.length === 0 ? 1 : workdirs.length + (extracted.hereToo === true ? 1 : 0);
      // Where the disk is read, a wildcard the shell expands is read as the names it expands to
      // now, unless something earlier on the line may change what it matches (a git command
      // rewriting the work tree, a directory filled or an archive extracted): otherwise it may name any file.
      // Only words the shell expands for a program that opens its operands as given (the dot
      // rule's words, word-paths.ts dotRuleWords): a program matching a pattern itself (`git add
      // 'src/*.pem'`, find's -path) may reach further than the shell.
      const onDisk = settings.readsTrees && !shell.gitRewrites && shell.filled.length === 0 && shell.extractedInto.length === 0;
      // Whether every such word was read from the disk: then the words themselves name nothing more.
      let allExpanded = onDisk;
      for (let k = 0; k < places; k++) {
        const place = k < workdirs.length ? this.placeOf(workdirs[k]!) : m.here;
        for (let i = 0; i < shell.raws.length; i++) {
          const raw = shell.raws[i]!;
          if (onDisk && shell.dotRule[i] === true) {
            if (this.addExpansions(out, raw, shell.written[i]!, settings, m, place)) continue;
            allExpanded = false;
          }
          const c = this.canonicalAt(raw, settings, m, place);
          if (!c.ok) return cannotCanonicalise(raw, 'command', c.reason);
          // The dot rule holds for the path as the shell reads it (not for a second reading, Canonical.posix).
          if (shell.dotRule[i] === true) (out.dotRule ??= [])[out.paths.length] = true;
          addCanonical(out, c, shell.written[i]!);
          // With symlinks resolved, what the shell expands a wildcard to is followed too (`cat envlin?`).
          if (settings.resolveSymlinks && hasShellWildcard(raw)) {
            const expanded = this.expansionsAt(raw, settings, m, place, shell.dotRule[i] === true ? DOT_RULE : SHELL_WORD);
            if (!expanded.ok) return cannotCanonicalise(raw, 'command', expanded.reason);
            for (const e of expanded.paths) addPath(out, e.path, shell.written[i]!, e.narrow);
          }
        }
        // With the file system read, where git looks for its repository (facts/git-discovery.ts).
        if (shell.gitRunsUnknown !== undefined) out.unnamedRepository ??= shell.gitRunsUnknown;
        else if (shell.gitRuns.length > 0 && (settings.resolveSymlinks || writesHead(out.paths, out.written))) out.unnamedRepository ??= this.unnamedRepository(shell.gitRuns, out, settings, m, place);
        // With links followed, paths after an archive is extracted may lead through links it made.
        if (settings.resolveSymlinks && shell.unseenLinks !== undefined) return { ok: false, reason: shell.unseenLinks };
        // An archive extracted where links to directories already are writes through them (red team 47).
        for (const dir of shell.extractedInto) {
          const problem = this.addExtractedThrough(out, dir, settings, m, place);
          if (problem !== undefined) return { ok: false, reason: problem };
        }
        // A directory filled with files no word names may get git's hooks where it is a work tree's top.
        for (const dir of shell.filled) out.filledMetadata ??= this.filledMetadata(dir, settings, m, place);
        // A link on disk moved or copied as a link leads, from its new place, where its text says.
        if (settings.resolveSymlinks) for (const move of shell.moves) {
          const problem = this.addMovedLinks(out, move, settings, m, place);
          if (problem !== undefined) return { ok: false, reason: problem };
        }
        // A patch file applied: the files its headers name are written (operands/patch-files.ts).
        for (const patch of shell.patchFiles) {
          const problem = this.addPatchFile(out, patch, settings, m, place);
          if (problem !== undefined) return { ok: false, reason: problem };
        }
        // A directory a command reads or moves whole: every file below it as on disk now (facts/operands/trees.ts).
        // An ignore file the line writes, removes or fills in (`echo '!.env' > .ignore && rg KEY`)
        // may let in what ripgrep leaves out as the disk is now: then its walk reads every file.
        if (settings.readsTrees && shell.trees.length > 0) {
          // (git clean's own git command is no such change: command-line-paths.ts counts the others.)
          const walks = shell.trees.some((tree) => tree.ripgrep !== undefined);
          const ignoresRewritten = walks && (shell.filled.length > 0 || shell.extractedInto.length > 0 || writesIgnoreFiles(out, false));
          // A directory written that is there now may be filled with ignore files; git clean's
          // own written directory is the one it deletes in (copies that fill one are `filled`).
          const directoryFilled = walks && !ignoresRewritten && writesIgnoreFiles(out, true);
          for (const tree of shell.trees) {
            const git = tree.ripgrep?.gitOnly === true;
            const rewritten = tree.ripgrep !== undefined && (ignoresRewritten || (!git && (shell.gitRewrites || directoryFilled)));
            const problem = this.addTree(out, rewritten ? { ...tree, ripgrep: undefined } : tree, settings, m, place);
            if (problem !== undefined) return { ok: false, reason: problem };
          }
        }
        // The work tree's top is the directory or one above it, up to the workspace root: each counts.
        for (const top of shell.fromTop) {
          const topDir = this.canonicalAt(top.dir, settings, m, place);
          if (!topDir.ok) return cannotCanonicalise(top.dir, 'command', topDir.reason);
          for (const dir of readingsOf(topDir)) for (const candidate of directoriesUpTo(dir.path, m.anchor)) {
            // A directory above `dir` has the same segments as the matching one above its narrow form.
            const c: Canonical = top.path === '' ? { ok: true, path: candidate, narrow: dir.narrow === undefined ? undefined : sameDepth(dir.narrow, candidate) } : this.canonicalAt(within(candidate, top.path), settings, m, place);
            if (!c.ok) return cannotCanonicalise(top.path, 'command', c.reason);
            addCanonical(out, c, top.written);
          }
        }
        const known = this.knownAt(place, m);
        const names = this.withoutCoveredNames(shell.names, shell.words);
        if (names !== shell.names) named = this.addNamed(named, names, paths, settings, m, place, SHELL_WORD);
        else if (named === NO_WORDS && places <= 1 && known !== undefined && shell.names.length > 0) {
          // Pure in (settings, directory, names): remembered with the parse for the last directory's memo.
          if (shell.namedFor !== known) {
            shell.named = Object.freeze(this.addNamed(NO_WORDS, shell.names, NO_WORDS, settings, m, place, SHELL_WORD)) as string[];
            shell.namedFor = known;
          }
          named = shell.named!;
        } else named = this.addNamed(named, shell.names, paths, settings, m, place, SHELL_WORD);
      }
      // The parse's word list is shared (read only) unless the params added words of their own
      // or the disk said what its shell wildcards name.
      const ruled = shell.wordDotRule;
      const unruled = ruled !== undefined && allExpanded ? shell.words.filter((_, j) => ruled[j] !== true) : shell.words;
      const words = this.withoutCoveredNames(unruled, shell.words);
      out.words = extracted.words ? [...extracted.words, ...words] : words;
      if (ruled !== undefined && words === shell.words) out.wordDotRule = extracted.words ? [...extracted.words.map(() => false), ...ruled] : ruled;
    }
    if (this.namesProblem !== undefined) return { ok: false, reason: this.namesProblem };
    out.named = named;
    return out;
  }

  /**
   * The targets of the links already on disk that a move or a copy keeps as links (`cp -P
   * a/b/k a/k`, `mv a/b b2`, links inside a moved directory too), as read from each place they
   * may end up: a relative target points elsewhere there (`k -> ../secrets/key` from a/ is
   * secrets/key), and the new path does not exist yet when the call is checked. Each counts
   * as written, as a link the line makes does. Why the call cannot be placed, or undefined.
   */
  /**
   * Each link to a directory below `dir`, where an archive is extracted, counted as the written
   * directory it leads to: tar, unzip and 7-Zip open a member `link/x` through a link already
   * on disk (a link to a file they replace, not write through). Links are read whether or not
   * the policy resolves them; past the call's budget of entries the call is refused.
   */
  private addExtractedThrough(out: FoundPaths, dir: string, settings: PathSettings, m: PathMemo, place: Place): string | undefined {
    if (/[$`*?[]/.test(dir)) return undefined; // the directory's own reading refuses or places it
    const found = this.canonicalAt(dir, settings, m, place);
    if (!found.ok) return undefined; // the directory's own reading already refuses it
    const budget = (this.wildcardBudget ??= { entries: MAX_WILDCARD_ENTRIES });
    for (const reading of readingsOf(found)) {
      const links = linksAt(reading.path, budget);
      if (links === undefined) return `\`${printable(dir)}\`, where an archive is extracted, holds more entries than a call may read for the links it may write through`;
      for (const { below } of links) {
        if (below === '') continue; // the directory itself, already resolved
        const at = `${reading.path}/${below}`;
        if (fs.statSync(at, { throwIfNoEntry: false })?.isDirectory() !== true) continue;
        let target: string;
        try {
          target = fs.realpathSync(at);
        } catch {
          return `a link \`${printable(at)}\` where an archive is extracted cannot be followed`;
        }
        const c = this.canonicalAt(target, settings, m, place);
        if (!c.ok) return `path \`${printable(target)}\` (a link an archive may be extracted through) cannot be made canonical: ${c.reason}`;
        addCanonical(out, c, true);
      }
    }
    return undefined;
  }

  /**
   * Every file below a directory a command reads or moves whole (`grep -r x .` reads `./.env`),
   * as it is on disk now, touched as the tree is (read, or written by `mv`). Links below are
   * taken only where the command follows them, and then read as the policy reads links (with
   * symlinks resolved, where they lead), a directory they lead to walked too, each once. A
   * root that is no directory now is no tree (its own reading checks it); one
   * the shell expands is each directory it matches. Links are read whether or not the policy
   * resolves them; past the call's budget of entries the call is refused. Why, or undefined.
   */
  private addTree(out: FoundPaths, tree: Tree, settings: PathSettings, m: PathMemo, place: Place, lexicalCwd = false): string | undefined {
    if (tree.refused !== undefined) return tree.refused;
    let roots: string[];
    if (tree.fromTop === true) {
      // The work tree's top is where git runs or a directory above it, up to the workspace root: each counts.
      const here = this.whereGitRuns(tree, settings, m, place, lexicalCwd);
      if (typeof here === 'string') return here;
      roots = [];
      for (const top of here.flatMap((d) => directoriesUpTo(d, m.anchor))) {
        const found = tree.root === '.' ? undefined : this.canonicalAt(within(top, tree.root), settings, m, place, lexicalCwd);
        if (found !== undefined && !found.ok) return `\`${printable(tree.root)}\` below the work tree's top cannot be placed: ${found.reason}`;
        roots.push(...(found === undefined ? [top] : readingsOf(found).map((r) => r.path)));
      }
    } else if (hasShellWildcard(tree.root) && !lexicalCwd) {
      const expanded = this.expansionsAt(tree.root, settings, m, place);
      if (!expanded.ok) return undefined; // the root's own reading refuses it
      roots = expanded.paths.map((e) => e.path);
    } else {
      const found = this.canonicalAt(tree.root, settings, m, place, lexicalCwd);
      // The root's own reading refuses it, or allows it (`/dev/stdin`); but a lone variable or
      // substitution is no path word (`rm -r $PWD`, `grep -r KEY "$(pwd)"`): refused here.
      if (!found.ok) return /[$`]/.test(tree.root) ? `\`${printable(tree.root)}\`, which a command reads or writes whole, cannot be placed: ${found.reason}` : undefined;
      roots = readingsOf(found).map((r) => r.path);
    }
    // `git clean -X` deletes an ignored directory whole when a root lies below it: the
    // directory just below each directory that may be the work tree's top holding a root counts too.
    if (tree.ignoredAbove === true) {
      const here = this.whereGitRuns(tree, settings, m, place, lexicalCwd);
      if (typeof here === 'string') return here;
      const tops = here.flatMap((d) => directoriesUpTo(d, m.anchor));
      for (const root of [...roots]) {
        for (const top of tops) {
          const prefix = top === '/' ? '/' : `${top}/`;
          if (root.startsWith(prefix)) roots.push(prefix + root.slice(prefix.length).split('/')[0]!);
        }
      }
    }
    // Under workspace containment a root outside the workspace is refused as a path of its own
    // (workspace.only): what is below it need not be walked (`rm -rf /`).
    const workspace = settings.only && m.root?.ok === true ? m.root.path : undefined;
    if (workspace !== undefined) roots = roots.filter((r) => isInside(r, workspace));
    if (roots.length === 0) return undefined;
    const directories = roots.filter(isDirectoryNow);
    const anchor = m.anchor;
    const coversNames = tree.names !== undefined && anchor !== undefined && directories.length === roots.length && directories.every((d) => isInside(d, anchor));
    if (directories.length === 0) {
      // The canonical form is folded and NFC: where that is not how the disk spells the root
      // (caseInsensitive on a case-sensitive file system), what the command reads there cannot be walked.
      const base = place.cwd ?? (m.root?.ok === true ? (m.root.physical ?? m.root.path) : m.anchor);
      const asWritten = base !== undefined && !/[~$`*?[]/.test(tree.root) ? within(base, tree.root) : undefined;
      return asWritten !== undefined && isDirectoryNow(asWritten) ? `\`${printable(tree.root)}\`, which a command reads whole, is not on disk as its canonical form spells it, so what it holds cannot be checked` : undefined;
    }
    const budget = (this.wildcardBudget ??= { entries: MAX_WILDCARD_ENTRIES });
    const ctx = (place.ctx ??= this.contextFor(settings, m.root, place.cwd));
    // `git grep`: the files git tracks below each root, as its index lists them (outside a repository, every file).
    if (tree.tracked === true) {
      const untracked = this.addTrackedFiles(out, tree, directories, settings, m, place, lexicalCwd, ctx, budget);
      if (typeof untracked === 'string') return untracked;
      if (untracked.length === 0) return undefined;
      directories.splice(0, directories.length, ...untracked);
    }
    // What git deletes (`git clean`, `git rm -r`, `git stash -u`) is in the work tree of the
    // repository it finds where it runs: one set elsewhere (core.worktree) is not read here. A
    // root strictly below there holding `.git` is a nested repository (ripgrepFilter's nestedRoot).
    let gitRuns: string[] | undefined;
    if (tree.written && tree.gitCwd !== undefined && tree.tracked !== true) {
      const here = this.whereGitRuns(tree, settings, m, place, lexicalCwd);
      if (typeof here === 'string') return here;
      gitRuns = here.map((dir) => realPathOr(dir) ?? dir);
      for (const dir of gitRuns) {
        const problem = workTreeProblem(dir);
        if (problem !== undefined) return problem;
      }
    }
    // Below a canonical root, through directories the walk found (never through a link), a file
    // that is no link is where it is: made canonical without looking for links (no lstat each).
    const asFound: PathContext = settings.resolveSymlinks ? { ...ctx, resolveSymlinks: false, statCache: undefined } : ctx;
    // The names of the files it reads below, when it says (grep's --include, find's -name, rg's --glob).
    const matchers = tree.names?.patterns.map((p) => picomatch(p, { dot: true, nocase: tree.names!.anyCase }));
    const named = matchers === undefined ? undefined : (name: string) => matchers.some((matches) => matches(name));
    for (const root of directories) {
      // ripgrep leaves out hidden names and what its ignore files name (engine/ripgrep-walk.ts).
      const real = realPathOr(root) ?? root;
      const nestedRoot = gitRuns !== undefined && gitRuns.some((dir) => real.startsWith(dir === '/' ? '/' : `${dir}/`) && real !== dir);
      const rg = tree.ripgrep === undefined ? undefined : ripgrepFilter(root, tree.ripgrep, this.env.home, named, nestedRoot);
      if (typeof rg === 'string') return rg;
      const skip = rg !== undefined ? (dir: string, name: string) => !rg.enters(dir, name) : tree.skip === undefined ? undefined : new Set(tree.skip);
      // A command that follows links reads what a link to a directory holds, through the link's
      // path (`grep -R`, `rg -L`); each directory once, so a link loop ends.
      const visited = new Set<string>();
      const rootReal = realPathOr(root);
      if (rootReal !== undefined) visited.add(rootReal);
      // The directories entered through a link: a file below one is made canonical links and all.
      const linked: string[] = [];
      const intoLink = tree.followsLinks && tree.shallow !== true ? (dir: string, name: string) => {
        const at = `${dir === '/' ? '' : dir}/${name}`;
        const real = isDirectoryNow(at) ? realPathOr(at) : undefined;
        if (real === undefined || visited.has(real)) return false;
        visited.add(real);
        linked.push(`${at}/`);
        return true;
      } : undefined;
      for (const found of directoriesBelow(root, budget, skip, intoLink)) {
        if (tree.shallow === true && found !== undefined && found.dir !== root) break;
        // What a command may read where the engine cannot is not known (it may run as another user).
        if (found?.unreadable === true) return `\`${printable(found.dir)}\`, below \`${printable(tree.root)}\`, which a command reads whole, cannot be read here to check what it holds`;
        if (found === undefined) return `\`${printable(tree.root)}\`, which a command reads whole (\`grep -r\`, \`cp -r\`, \`mv\`), holds more than ${MAX_WILDCARD_ENTRIES} entries to check: name a smaller directory`;
        if (rg !== undefined) {
          const problem = rg.visit(found.dir, found.entries.map((e) => e.name));
          if (problem !== undefined) return problem;
        }
        for (const entry of found.entries) {
          if (entry.isDirectory() || (entry.isSymbolicLink() && !tree.followsLinks)) continue;
          if (rg !== undefined ? !rg.reads(found.dir, entry.name) : named !== undefined && !named(entry.name)) continue;
          // With symlinks resolved a link to a directory is its target's path; a directory diff compares is not read below.
          if (tree.shallow === true && entry.isSymbolicLink() && isDirectoryNow(`${found.dir}/${entry.name}`)) continue;
          // Not remembered: a tree's files would crowd the set's memo of the paths calls name.
          const path = `${found.dir === '/' ? '' : found.dir}/${entry.name}`;
          const c = canonicalPath(path, entry.isSymbolicLink() || (linked.length > 0 && linked.some((l) => path.startsWith(l))) ? ctx : asFound);
          if (!c.ok) return `path \`${printable(path)}\`, below \`${printable(tree.root)}\`, which a command reads whole, cannot be made canonical: ${c.reason}`;
          addCanonical(out, c, tree.written);
        }
      }
    }
    if (coversNames) for (const pattern of tree.names!.patterns) (this.walkedNames ??= new Set()).add(pattern);
    return undefined;
  }

  /** The directory git runs in for a tree (Tree.gitCwd; none: where the shell is), each reading of it; or why it cannot be placed. */
  private whereGitRuns(tree: Tree, settings: PathSettings, m: PathMemo, place: Place, lexicalCwd: boolean): string[] | string {
    const here = this.canonicalAt(tree.gitCwd === undefined || tree.gitCwd === '' ? '.' : tree.gitCwd, settings, m, place, lexicalCwd);
    return here.ok ? readingsOf(here).map((r) => r.path) : `where git runs cannot be placed: ${here.reason}`;
  }

  /**
   * `list` (words or bare names) without the name patterns a walk on disk read what they match
   * for (walkedNames: `--include=*.ts`, `-g '*.ts'`, `glob: "*.ts"`): the same list when none is
   * left out. Only a pattern one word of `words` alone holds is left out: the same text given
   * to another program (`find . -name '*.ts' | xargs cat`) still names what it may.
   */
  private withoutCoveredNames<T extends readonly string[]>(list: T, words: readonly string[] = list): T {
    const covered = this.walkedNames;
    if (covered === undefined) return list;
    const holds = (w: string, p: string): boolean => w === p || w.endsWith(`=${p}`);
    const once = [...covered].filter((p) => words.filter((w) => holds(w, p)).length === 1);
    if (once.length === 0 || !list.some((w) => once.some((p) => holds(w, p)))) return list;
    return list.filter((w) => !once.some((p) => holds(w, p))) as unknown as T;
  }

  /**
   * For `git grep` (Tree.tracked): each file the repository found where git runs tracks below
   * each root, as its index lists them, added as read. The directories still to walk whole
   * (a root in no repository, a submodule below one), or why the call is refused.
   */
  private addTrackedFiles(out: FoundPaths, tree: Tree, directories: readonly string[], settings: PathSettings, m: PathMemo, place: Place, lexicalCwd: boolean, ctx: PathContext, budget: EntryBudget): string[] | string {
    const untracked: string[] = [];
    // The repository is the one git finds from where it runs (not from the pathspec: a
    // directory below may hold another `.git`, red team gprt), both read physically as git does.
    const gitCwd = this.whereGitRuns(tree, settings, m, place, lexicalCwd);
    if (typeof gitCwd === 'string') return gitCwd;
    const repositories = gitCwd.map((dir) => realPathOr(dir)).filter((p): p is string => p !== undefined && isDirectoryNow(p));
    if (repositories.length === 0) return `where \`git grep\` runs is no directory now, so which files it reads cannot be checked`;
    for (const repository of repositories) {
      // Read once for every root: the index does not depend on them.
      const tracked = trackedFiles(repository);
      if (typeof tracked === 'string') return tracked;
      for (const root of directories) {
        if (tracked === undefined) {
          if (tree.wholeRepository === true) return `\`${printable(tree.root)}\` is in no repository found here, and \`git grep\` there may read from above it`;
          untracked.push(root);
          continue;
        }
        const rootReal = realPathOr(root);
        const topSlash = tracked.top === '/' ? '/' : `${tracked.top}/`;
        if (tree.wholeRepository !== true && rootReal !== tracked.top && !rootReal?.startsWith(topSlash)) return `\`${printable(tree.root)}\`, which \`git grep\` reads, is not inside the repository \`${printable(tracked.top)}\` found where it runs`;
        const below = tree.wholeRepository === true || rootReal === tracked.top ? '' : `${rootReal!.slice(topSlash.length)}/`;
        // A submodule's files are read with `submodule.recurse` set in any config: every file below it.
        for (const gitlink of tracked.gitlinks) {
          if (`${gitlink}/`.startsWith(below) || gitlink.startsWith(below)) {
            const at = `${topSlash}${gitlink}`;
            if (isDirectoryNow(at)) untracked.push(at);
          }
        }
        for (const relative of tracked.paths) {
          if (!relative.startsWith(below)) continue;
          if (--budget.entries < 0) return `\`${printable(tree.root)}\`, which \`git grep\` reads whole, holds more than ${MAX_WILDCARD_ENTRIES} tracked files to check: name a smaller directory after \`--\``;
          const path = `${tracked.top === '/' ? '' : tracked.top}/${relative}`;
          const c = canonicalPath(path, ctx);
          if (!c.ok) return `path \`${printable(path)}\`, which \`git grep\` reads, cannot be made canonical: ${c.reason}`;
          addCanonical(out, c, false);
        }
      }
    }
    return untracked;
  }

  /**
   * The files a patch file on disk names (patch-paths.ts), each written: as the patch
   * program places them (under its directory, and for git every directory up to the workspace
   * root, since git reads them from the work tree's top; with another strip count every tail
   * of each name). A patch file not there is not read (the program fails, or the line makes
   * it first: README); one that cannot be read, or holds a header that cannot be read, refuses
   * the call. Why, or undefined.
   */
  private addPatchFile(out: FoundPaths, patch: PatchFile, settings: PathSettings, m: PathMemo, place: Place): string | undefined {
    if (/[$`*?[]/.test(patch.file)) return undefined; // the file's own reading refuses or expands it
    const found = this.canonicalAt(patch.file, settings, m, place);
    if (!found.ok) return undefined; // the file's own reading refuses it
    const here = this.canonicalAt(patch.dir === undefined || patch.dir === '' ? '.' : patch.dir, settings, m, place);
    if (!here.ok) return undefined;
    for (const { path } of readingsOf(found)) {
      const stat = fs.statSync(path, { throwIfNoEntry: false });
      if (stat === undefined || !stat.isFile()) continue;
      if (stat.size > MAX_PATCH_FILE) return `the patch \`${printable(patch.file)}\` is larger than the engine reads to check the files it writes`;
      let text: string;
      try {
        text = fs.readFileSync(path, 'utf8');
      } catch {
        return `the patch \`${printable(patch.file)}\` cannot be read here to check the files it writes`;
      }
      const named = patchPaths(text, true);
      if (named.problems.length > 0) return `the patch \`${printable(patch.file)}\`: ${named.problems[0]}`;
      const names = new Set(named.paths);
      if (patch.anyTail) for (const name of named.paths) for (const tail of nameTails(name)) names.add(tail);
      // GNU patch's backup and reject files beside each (PatchFile.backups).
      if (patch.backups !== undefined) withBackups(names, patch.backups);
      const dirs = patch.fromTop ? readingsOf(here).flatMap((d) => directoriesUpTo(d.path, m.anchor)) : readingsOf(here).map((d) => d.path);
      for (const dir of dirs) {
        for (const base of patch.under === undefined ? [dir] : [dir, within(dir, patch.under)]) {
          for (const name of names) {
            const c = this.canonicalAt(within(base, name), settings, m, place);
            if (!c.ok) return `path \`${printable(name)}\`, which the patch \`${printable(patch.file)}\` writes, cannot be made canonical: ${c.reason}`;
            addCanonical(out, c, true);
          }
        }
      }
    }
    return undefined;
  }

  /**
   * Why filling `dir` with files no word names may write git's metadata (PathFacts.filledMetadata):
   * it is inside a `.git`, or holds one now (an archive's `.git/hooks/pre-commit` lands there;
   * `.git` as a file points elsewhere, which the fill may replace). Read from disk whether or not
   * the policy resolves links. Undefined otherwise, or when `dir` cannot be placed (its own reading refuses it).
   */
  private filledMetadata(dir: string, settings: PathSettings, m: PathMemo, place: Place): string | undefined {
    const found = this.canonicalAt(dir, settings, m, place);
    if (!found.ok) return undefined;
    for (const { path } of readingsOf(found)) {
      if (/(^|\/)\.git(\/|$)/i.test(path) || fs.existsSync(`${path === '/' ? '' : path}/.git`)) {
        return `\`${printable(dir)}\` is filled with files no word names (a directory's contents, an archive), and it holds git's metadata, whose hooks and settings name commands git runs`;
      }
    }
    return undefined;
  }

  private addMovedLinks(out: FoundPaths, move: { source: string; destinations: string[] }, settings: PathSettings, m: PathMemo, place: Place): string | undefined {
    const parentRaw = parentOf(move.source.replace(/\/+$/, '')) || '.';
    const pattern = nameOf(move.source);
    if (hasShellWildcard(parentRaw)) return `\`${printable(move.source)}\` moves or copies what a wildcard directory holds: which links it moves is known only when it runs`;
    const parentFound = this.canonicalAt(parentRaw, settings, m, place);
    if (!parentFound.ok) return undefined; // the source's own reading already refuses it
    const budget = (this.wildcardBudget ??= { entries: MAX_WILDCARD_ENTRIES });
    for (const parent of readingsOf(parentFound)) {
      // A wildcard source (`mv d/su? e`) moves each name it expands to, links not followed.
      const names = hasShellWildcard(pattern) ? namesMatching(parent.path, pattern, budget) : [pattern];
      if (names === undefined) return `\`${printable(move.source)}\` names more entries than a call may read for its links`;
      for (const name of names) {
        const links = linksAt(within(parent.path, name), budget);
        if (links === undefined) return `a moved or copied directory \`${printable(move.source)}\` holds more entries than a call may read for its links`;
        for (const { below, text } of links) {
          for (const written of move.destinations) {
            // A destination made of the pattern (`e/su?`) is the name it matched (`e/sub`).
            const destination = written.endsWith(`/${pattern}`) || written === pattern ? written.slice(0, written.length - pattern.length) + name : written;
            const at = below === '' ? destination : `${destination.replace(/\/+$/, '')}/${below}`;
            const target = isRelative(text) ? within(parentOf(at), text) : text;
            const c = this.canonicalAt(target, settings, m, place);
            if (!c.ok) return `path \`${printable(target)}\` (a link \`${printable(move.source)}\` leads to once moved) cannot be made canonical: ${c.reason}`;
            addCanonical(out, c, true);
          }
        }
      }
    }
    return undefined;
  }

  /**
   * `named` (NO_WORDS until the first entry) with the canonical forms of bare names added,
   * other than those already among the paths. A name that cannot be made canonical is left
   * out: it may be no file at all, and the file-name globs still see the word.
   */
  private addNamed(named: string[], names: readonly string[], paths: readonly string[], settings: PathSettings, m: PathMemo, place: Place = m.here, how?: GlobReading): string[] {
    const add = (path: string): void => {
      if (paths.includes(path) || named.includes(path)) return;
      if (named === NO_WORDS) named = [path];
      else named.push(path);
    };
    for (let i = 0; i < names.length; i++) {
      const c = this.canonicalAt(names[i]!, settings, m, place);
      if (c.ok) add(c.path);
      if (c.ok && c.posix !== undefined) add(c.posix.path);
      // With symlinks resolved, the files a wildcard name expands to are followed (`cat envlin?`);
      // a name that expands to too much is refused as a path is (`workspace.only` and forbidden see it).
      if (settings.resolveSymlinks && hasShellWildcard(names[i]!)) {
        const expanded = this.expansionsAt(names[i]!, settings, m, place, how);
        if (expanded.ok) for (const e of expanded.paths) add(e.path);
        else this.namesProblem ??= `name \`${printable(names[i]!)}\` in the command: ${expanded.reason}`;
      }
    }
    return named;
  }

  /**
   * Why git run in these directories (from `place`) may take an unnamed one for its repository
   * (PathFacts.unnamedRepository), or undefined: the line itself writes a HEAD where git will
   * look (`… > p/HEAD && git -C p log -p`), or, with symlinks resolved, one is on disk.
   */
  private unnamedRepository(dirs: readonly string[], out: FoundPaths, settings: PathSettings, m: PathMemo, place: Place): string | undefined {
    const heads = writtenHeads(out.paths, out.written);
    for (const dir of dirs) {
      const c = this.canonicalAt(dir === '' ? '.' : dir, settings, m, place);
      // Nowhere to look (no cwd and no root): as for paths that cannot be placed, the policy's
      // workspace or path sections refuse such a call; shell.gitMetadata reads what is known.
      if (!c.ok) continue;
      for (const d of readingsOf(c)) {
        const planted = heads.find((head) => isInside(d.path, parentOf(head)));
        if (planted !== undefined) return `the line writes \`${printable(planted)}\` and runs git in \`${printable(d.path)}\`, where git may take \`${printable(parentOf(planted))}\` for its repository (with objects/ and refs/), whose config names programs git runs`;
        const found = settings.resolveSymlinks ? unnamedRepositoryMessage(d.path, this.statCache) : undefined;
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  /**
   * A shell wildcard read as the files it expands to on disk now (links followed where the
   * policy resolves them): whether it was. Not when the disk cannot tell (the directory it
   * expands in is not here, or past the call's budget), nor for a written word that matches
   * nothing (the shell then writes the name as written, `> src/*.ts`): the caller then reads
   * it as possibly naming any file.
   */
  private addExpansions(out: FoundPaths, raw: string, written: boolean, settings: PathSettings, m: PathMemo, place: Place): boolean {
    // The directory it expands in must be inside the workspace root (without one, the call's
    // cwd), and there on this disk: a gateway checking calls an agent runs on another machine
    // sees nothing there (an expansion to nothing would then name nothing), and outside the
    // workspace (`~/.ss*/id_rsa`) what the engine's own disk holds says nothing of the agent's.
    const anchor = m.anchor;
    // `**` recurses where globstar is on (zsh, `shopt -s globstar`), extglob's `@(…)` matches otherwise: not read here.
    if (anchor === undefined || raw.includes('**') || /[()]/.test(raw)) return false;
    const dir = this.canonicalAt(literalDirectory(raw), settings, m, place);
    if (!dir.ok || !readingsOf(dir).every((d) => isInside(d.path, anchor) && isDirectoryNow(d.path))) return false;
    const expanded = this.expansionsAt(raw, settings, m, place, DOT_RULE);
    if (!expanded.ok || (expanded.paths.length === 0 && written)) return false;
    for (const e of expanded.paths) addPath(out, e.path, written, e.narrow);
    return true;
  }

  /** The existing files a wildcard path expands to, made canonical (symlinks resolved); `how`: as a tool's glob library expands it (wildcardExpansions). */
  private expansionsAt(raw: string, settings: PathSettings, m: PathMemo, place: Place, how?: GlobReading) {
    return wildcardExpansions(raw, (place.ctx ??= this.contextFor(settings, m.root, place.cwd)), how);
  }

  /** Canonical form of one raw path: from the set's memo when the settings are lexical. */
  private canonicalOf(raw: string, settings: PathSettings, m: PathMemo): Canonical {
    return this.canonicalAt(raw, settings, m, m.here);
  }

  /**
   * Canonical form of one raw path with relative ones in `place`. The memo is for lexical
   * settings only, where `lexicalCwd` changes nothing (no link is followed).
   */
  private canonicalAt(raw: string, settings: PathSettings, m: PathMemo, place: Place, lexicalCwd = false): Canonical {
    const known = this.knownAt(place, m);
    if (known === undefined || raw.length > MAX_REMEMBERED_LENGTH) return canonicalPath(raw, (place.ctx ??= this.contextFor(settings, m.root, place.cwd)), lexicalCwd);
    let c = known.get(raw);
    if (c === undefined) {
      c = canonicalPath(raw, (place.ctx ??= this.contextFor(settings, m.root, place.cwd)));
      const memo = m.lexical!;
      // Start over when full. This call's map may then be left out of the memo until its cwd comes again: harmless.
      if (memo.size >= MAX_LEXICAL_ENTRIES) startOver(memo);
      known.set(raw, c);
      memo.size++;
    }
    return c;
  }

  /** The place's map of the set's memo, found on first use. */
  private knownAt(place: Place, m: PathMemo): Map<string, Canonical> | undefined {
    if (place.known === null) place.known = this.knownFor(m.lexical, place.cwd);
    return place.known;
  }

  /** The memo's map for a cwd; undefined when nothing is remembered (not lexical, or a long cwd). */
  private knownFor(memo: LexicalMemo | undefined, cwd: string | undefined): Map<string, Canonical> | undefined {
    if (memo === undefined) return undefined;
    if (cwd === undefined) return memo.noCwd;
    if (cwd.length > MAX_REMEMBERED_LENGTH) return undefined;
    let forCwd = memo.byCwd.get(cwd);
    if (forCwd === undefined) {
      if (memo.size >= MAX_LEXICAL_ENTRIES) startOver(memo);
      forCwd = new Map();
      memo.byCwd.set(cwd, forCwd);
      memo.size++;
    }
    return forCwd;
  }

  /** An exec tool's workdir as a place: relative to the call's cwd when it has one (else to the root). */
  private placeOf(workdir: string): Place {
    const cwd = this.call.cwd;
    return { cwd: cwd === undefined ? workdir : within(cwd, workdir), known: null, ctx: undefined };
  }

  private contextFor(settings: PathSettings, root: Root, cwd: string | undefined): PathContext {
    return {
      root: root?.ok ? root.path : undefined,
      rootPhysical: root?.ok ? root.physical : undefined,
      cwd,
      home: this.env.home,
      resolveSymlinks: settings.resolveSymlinks,
      caseInsensitive: settings.caseInsensitive,
      statCache: settings.resolveSymlinks ? (this.statCache ??= new Map()) : undefined,
      wildcardBudget: (this.wildcardBudget ??= { entries: MAX_WILDCARD_ENTRIES }),
    };
  }
}

/**
 * The symbolic links at `path` (itself, or below it when it is a directory; links are not
 * descended into), each with its place below `path` (`''` for itself) and its text; undefined
 * past the call's budget of directory entries. Nothing there: none.
 */
function linksAt(path: string, budget: EntryBudget): { below: string; text: string }[] | undefined {
  const out: { below: string; text: string }[] = [];
  const stat = fs.lstatSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return out;
  if (stat.isSymbolicLink()) return [{ below: '', text: fs.readlinkSync(path, 'utf8') }];
  if (!stat.isDirectory()) return out;
  for (const found of directoriesBelow(path, budget)) {
    if (found === undefined) return undefined;
    const prefix = found.dir === path ? '' : `${found.dir.slice(path.length + 1)}/`;
    for (const entry of found.entries) {
      if (entry.isSymbolicLink()) out.push({ below: prefix + entry.name, text: fs.readlinkSync(`${found.dir}/${entry.name}`, 'utf8') });
    }
  }
  return out;
}

/** The names in `dir` a shell word may expand to (mayExpandTo), links not followed; undefined past the budget. */
function namesMatching(dir: string, pattern: string, budget: EntryBudget): string[] | undefined {
  const entries = entriesIn(dir, budget);
  if (entries === undefined) return undefined;
  const names: string[] = [];
  for (const { name } of entries) if (mayExpandTo(pattern, name)) names.push(name);
  return names;
}

/** How the shell expands a wildcard the dot rule holds for (facts/path-glob.ts). */
const DOT_RULE: GlobReading = Object.freeze({ dotRule: true, shellWord: true });
const SHELL_WORD: GlobReading = Object.freeze({ shellWord: true });

/** A command line's paths (facts/command-line-paths.ts), frozen: shared by every call with the same parse. */
function shellPaths(facts: ShellFacts): ShellPaths {
  const found = commandLinePaths(facts);
  return {
    raws: Object.freeze(found.raws) as string[],
    written: Object.freeze(found.written) as boolean[],
    dotRule: Object.freeze(found.dotRule) as boolean[],
    names: Object.freeze(found.names) as string[],
    words: Object.freeze(found.words) as string[],
    writes: Object.freeze(found.writes) as string[],
    wordDotRule: found.wordDotRule.includes(true) ? (Object.freeze(found.wordDotRule) as boolean[]) : undefined,
    unplaceable: found.unplaceable,
    madeRun: found.madeRun,
    anyDirectory: found.anyDirectory === true,
    fromTop: Object.freeze(found.fromTop),
    moves: Object.freeze(found.moves),
    unseenLinks: found.unseenLinks,
    extractedInto: Object.freeze(found.extractedInto),
    trees: Object.freeze(found.trees),
    patchFiles: Object.freeze(found.patchFiles),
    filled: Object.freeze(found.filled),
    gitRuns: Object.freeze(found.gitRuns),
    gitRunsUnknown: found.gitRunsUnknown,
    gitRewrites: found.gitRewrites,
    namedFor: undefined,
    named: undefined,
  };
}

/** The path facts a call has found so far (PathFacts when ok). */
type FoundPaths = Extract<PathFacts, { ok: true }>;

type CanonicalPath = Extract<Canonical, { ok: true }>;

/** A canonical path, and its POSIX reading when it has one (Canonical.posix). */
function addCanonical(out: FoundPaths, c: CanonicalPath, written: boolean): void {
  addPath(out, c.path, written, c.narrow);
  if (c.posix !== undefined) addPath(out, c.posix.path, written, c.posix.narrow);
}

/**
 * The names whose change alters what ripgrep leaves out: its ignore files, a repository's
 * `.git` (and what is in it), git's own ignore file and settings (`core.excludesFile`).
 */
const RIPGREP_IGNORE_CONTROL = /(^|\/)(\.rgignore|\.ignore|\.gitignore|\.git|\.gitconfig)(\/|$)|(^|\/)git\/(ignore|config)$|^\/etc\/gitconfig$/i;

/**
 * Whether the paths found so far write one that says what ripgrep leaves out, or with
 * `directories`, a directory that is there now (a copy or extraction may fill it with names no word gives).
 */
function writesIgnoreFiles(out: FoundPaths, directories: boolean): boolean {
  return out.paths.some((p, i) => out.written[i] === true && (directories ? isDirectoryNow(p) : RIPGREP_IGNORE_CONTROL.test(p)));
}

/** Both readings of a canonical path that has two (Canonical.posix): a directory may be either. */
function readingsOf(c: CanonicalPath): { path: string; narrow?: string }[] {
  return c.posix === undefined ? [c] : [c, c.posix];
}

/** One more path, its written flag and its narrow form (the path itself when it has none), at one index. */
function addPath(out: FoundPaths, path: string, written: boolean, narrowForm: string | undefined): void {
  out.paths.push(path);
  out.written.push(written);
  if (narrowForm !== undefined || out.narrow !== undefined) out.narrow = withNarrow(out.narrow, out.paths, narrowForm);
}

/**
 * `narrow` with the narrow form of the path just added to `paths` (its canonical form when it
 * has none); made on the first narrow form, the earlier paths being their own.
 */
function withNarrow(narrow: string[] | undefined, paths: readonly string[], form: string | undefined): string[] {
  const last = paths.length - 1;
  const out = narrow ?? paths.slice(0, last);
  out.push(form ?? paths[last]!);
  return out;
}

/** `path` cut to as many segments as `like` has (both absolute). */
function sameDepth(path: string, like: string): string {
  let depth = 0;
  for (let i = 1; i < like.length; i++) if (like.charCodeAt(i) === 0x2f) depth++;
  if (like.length > 1) depth++;
  let end = 0;
  for (let n = 0; n < depth; n++) {
    const next = path.indexOf('/', end + 1);
    end = next < 0 ? path.length : next;
  }
  return end === 0 ? '/' : path.slice(0, end);
}

function startOver(memo: LexicalMemo): void {
  memo.noCwd.clear();
  for (const m of memo.byCwd.values()) m.clear();
  memo.byCwd.clear();
  memo.size = 0;
}

function cannotCanonicalise(raw: string, source: string, reason: string): PathFacts {
  return { ok: false, reason: `path \`${printable(raw)}\` (from ${source}) cannot be made canonical: ${reason}` };
}

const NO_WORDS = Object.freeze([]) as unknown as string[];

// A path that names no place of its own: not absolute, not from home, not a drive or a URL.
const RELATIVE_PATH = /^(?![\\/~]|[A-Za-z]:|file:)/i;

/** Largest patch file read to check what it writes. */
const MAX_PATCH_FILE = 4 << 20;

const NO_SHELL_PATHS: ShellPaths = Object.freeze({ raws: NO_WORDS, written: Object.freeze([]) as unknown as boolean[], dotRule: Object.freeze([]) as unknown as boolean[], names: NO_WORDS, words: NO_WORDS, writes: NO_WORDS, wordDotRule: undefined, unplaceable: undefined, madeRun: undefined, anyDirectory: false, fromTop: Object.freeze([]), moves: Object.freeze([]), trees: Object.freeze([]), patchFiles: Object.freeze([]), filled: NO_WORDS, unseenLinks: undefined, extractedInto: NO_WORDS, gitRuns: NO_WORDS, gitRunsUnknown: undefined, gitRewrites: false, namedFor: undefined, named: undefined });

const NO_PATHS: PathFacts = Object.freeze({ ok: true, paths: NO_WORDS, written: Object.freeze([]) as unknown as boolean[], named: NO_WORDS, words: NO_WORDS });

/** Why git run in `dir` may take an unnamed directory for its repository, or undefined. */
function unnamedRepositoryMessage(dir: string, known: StatCache | undefined): string | undefined {
  const found = unnamedRepositoryAbove(dir, known);
  return found === undefined ? undefined : `git run in \`${printable(dir)}\` takes \`${printable(found)}\` for its repository, and no name marks it as one (\`.git\`, \`NAME.git\`): whatever wrote it could have set its config, which names programs git runs`;
}

/** A path for a one-line message: control characters escaped, long values cut. */
function printable(value: string): string {
  const s = JSON.stringify(value).slice(1, -1).replace(/`/g, "'");
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}
