// `shell`: command globs over every simple command of an exec-class call, plus the
// fail-closed rules for commands we cannot read.
import type { DecisionKind, ShellFacts, SimpleCommand } from '../../types.js';
import { compileCommandGlob } from '../../facts/command-glob.js';
import { SETTINGS_FILE_NAMES } from '../../facts/package-managers.js';
import { hasShellWildcard, mayExpandTo } from '../../facts/path-glob.js';
import { RememberedFirst } from '../../facts/glob-test.js';
import { isSystemProgram } from '../../facts/read-only-commands.js';
import { isRelative } from '../../facts/within.js';
import { withoutVariables } from '../../facts/word-paths.js';
import type { SectionCompiler, SectionInput } from '../section.js';
import { tick, VerdictMemo } from '../section.js';
import type { Check, Sink, Verdict } from '../model.js';
import { compileCondition } from '../conditions.js';

export interface CommandGlobList {
  globs: readonly string[];
  first(text: string): number;
}

/** Shell checks object only to exec-class calls (each also returns early for the others). */
const EXEC_ONLY = ['exec'] as const;
// Tools that may write: a read-class tool writes nothing, whatever its paths.
const WRITERS = ['write', 'exec'] as const;

const NO_OUTCOME = Object.freeze({ hit: undefined, verdict: undefined });

/**
 * Whether a simple command runs a program: one of redirections only (`> out`, or a loop's
 * `< in` beside an assignment) runs none, and no command pattern judges it (the paths
 * checks see its files).
 */
export function runsProgram(cmd: SimpleCommand): boolean {
  return cmd.words.length > 0;
}

/**
 * The forms of a simple command an allow pattern may match. A program run by a path
 * outside the system bin directories (`/tmp/x/git status`) is matched only as written,
 * so a planted binary named like an allowed one is not allowed; deny patterns match
 * either form. Another install of a known program is that program (`python3 *` allows
 * `python3.11 x.py`, program-names.ts), and is matched as written too. A program runner's
 * command (`pytest` in `uv run pytest`) is allowed only by the runner's line.
 */
export function allowForms(cmd: SimpleCommand): string[] {
  // A runner's command is allowed by the runner's line as written (`uv run pytest *`).
  if (cmd.runBy !== undefined) return allowForms(cmd.runBy);
  const plain = plainGit(cmd);
  if (cmd.commandPath !== undefined && !isSystemProgram(cmd.commandPath)) return [asWritten(cmd.commandPath, cmd)];
  const forms = plain === undefined ? [cmd.text] : [cmd.text, plain];
  if (cmd.programAs !== undefined) forms.push(asWritten(cmd.programAs, cmd));
  return forms;
}

/** The command with its program named as written: by its path (`/tmp/x/git status`) or its other install's name (`python3.11 x.py`, where `text` says `python3 x.py`). */
function asWritten(program: string, cmd: SimpleCommand): string {
  return [program, ...cmd.words.slice(1)].join(' ');
}

// git's options before the subcommand that change only how it shows or matches, never what it
// runs or touches: `git --no-pager log` is `git log` to the patterns (allow, approve and deny alike).
const GIT_DISPLAY_FLAGS: ReadonlySet<string> = new Set(['--no-pager', '-P', '-p', '--paginate', '--no-optional-locks', '--no-replace-objects', '--literal-pathspecs', '--glob-pathspecs', '--noglob-pathspecs', '--icase-pathspecs']);

/** A git command without its display flags (GIT_DISPLAY_FLAGS) before the subcommand; undefined when it has none. */
function plainGit(cmd: SimpleCommand): string | undefined {
  const { words } = cmd;
  if (words[0] !== 'git' || !GIT_DISPLAY_FLAGS.has(words[1] ?? '')) return undefined;
  let at = 1;
  while (at < words.length && GIT_DISPLAY_FLAGS.has(words[at]!)) at++;
  return ['git', ...words.slice(at)].join(' ');
}

/**
 * Deny and approve patterns see every form: as normalised, as written by path, and each
 * wrapper around it as written (`sudo -u root ls` for `ls`), so `sudo *` still denies.
 */
export function denyForms(cmd: SimpleCommand): string[] {
  const forms = [cmd.text];
  const plain = plainGit(cmd);
  if (plain !== undefined) forms.push(plain);
  if (cmd.commandPath !== undefined) forms.push(asWritten(cmd.commandPath, cmd));
  if (cmd.programAs !== undefined) forms.push(asWritten(cmd.programAs, cmd));
  if (cmd.wrappedBy !== undefined) forms.push(...cmd.wrappedBy);
  return forms;
}

/** Approve patterns see the allowed forms, a runner's command itself (`curl x` in `uv run curl x`) and every wrapper around it. */
function approveForms(cmd: SimpleCommand): string[] {
  const forms = allowForms(cmd);
  if (cmd.runBy === undefined && cmd.wrappedBy === undefined) return forms;
  return [...forms, ...(cmd.runBy !== undefined ? [cmd.text] : []), ...(cmd.wrappedBy ?? [])];
}

/** The first form a pattern matches, and that pattern's index (messages name the form). */
function matchForm(list: CommandGlobList, forms: readonly string[]): { index: number; form: string } | undefined {
  for (const form of forms) {
    const index = list.first(form);
    if (index >= 0) return { index, form };
  }
  return undefined;
}

/** First index of a pattern matching any of the forms, or -1. */
export function firstOf(list: CommandGlobList, forms: readonly string[]): number {
  for (const f of forms) {
    const i = list.first(f);
    if (i >= 0) return i;
  }
  return -1;
}

export function commandGlobs(globs: readonly string[] | undefined): CommandGlobList {
  const list = globs ?? [];
  const tests = list.map((g) => compileCommandGlob(g));
  return {
    globs: list,
    first(text: string): number {
      for (let i = 0; i < tests.length; i++) if (tests[i]!(text)) return i;
      return -1;
    },
  };
}

/**
 * Whether a policy cares what a command does, as the pointer of the setting that makes it care
 * (where an unverifiable deny points); undefined when it does not. Then an unreadable command
 * is denied. A custom rule on `commands` or `paths` cares as `shell.deny` or `paths.forbidden`
 * would: an unreadable `$(echo npm) publish` must not pass a rule against `npm publish`.
 */
export function caresAboutCommands(doc: SectionInput['doc']): string | undefined {
  const s = doc.shell;
  const p = doc.paths;
  if (s !== undefined && (s.allow !== undefined || (s.approve?.length ?? 0) > 0 || (s.deny?.length ?? 0) > 0)) return '/shell';
  if (doc.autonomy !== undefined && doc.autonomy !== 'full') return '/autonomy';
  if (p !== undefined && (p.forbidden !== undefined || p.allowed !== undefined || p.writable !== undefined)) return '/paths';
  if (doc.workspace?.root !== undefined) return '/workspace/root';
  const rule = (doc.rules ?? []).findIndex((r) => readsCommandsOrPaths(r.when));
  return rule < 0 ? undefined : `/rules/${rule}/when`;
}

/** Whether a condition names the `commands` or `paths` fact anywhere (as a fact or as a value's fact); one that cannot be read counts. */
function readsCommandsOrPaths(when: unknown): boolean {
  try {
    const used = compileCondition(when).factsUsed;
    return used.has('commands') || used.has('paths');
  } catch {
    return true;
  }
}

/** Every policy that governs an exec call denies one past the parser's caps. */
export function capsCheck(at: (p: string) => string): Check {
  return {
    id: 'shell.caps',
    classes: EXEC_ONLY,
    run(view, sink) {
      if (view.toolClass !== 'exec') return;
      const facts = view.shell();
      if (facts?.capExceeded) {
        sink.verdicts.push({ decision: 'deny', check: 'shell.caps', message: `command exceeds the ${tick(facts.capExceeded)} cap`, source: at('') });
        sink.trace?.push({ policy: '', check: 'shell.caps', outcome: 'deny', saw: facts.capExceeded });
      }
    },
  };
}

export const compileShell: SectionCompiler = ({ doc, at, cover }) => {
  const checks: Check[] = [];
  const shell = doc.shell;
  const cares = caresAboutCommands(doc);

  if (shell?.enabled === false) {
    cover('/shell/enabled', 'shell.enabled false');
    checks.push({
      id: 'shell.enabled',
      commandOnly: true,
      classes: EXEC_ONLY,
      run({ toolClass, call }, sink) {
        if (toolClass !== 'exec') return;
        sink.verdicts.push({ decision: 'deny', check: 'shell.enabled', message: `shell is disabled: exec-class tool ${tick(call.toolName)} is denied`, source: at('/shell/enabled') });
        sink.trace?.push({ policy: '', check: 'shell.enabled', outcome: 'deny', saw: call.toolName, hits: ['/shell/enabled'] });
      },
    });
  }

  if (cares !== undefined) {
    const source = at(cares);
    // The verdict is pure in the reason.
    const verdicts = new VerdictMemo();
    checks.push({
      id: 'shell.unverifiable',
      commandOnly: true,
      classes: EXEC_ONLY,
      run(view, sink) {
        if (view.toolClass !== 'exec') return;
        const f = view.shell();
        if (!f || f.capExceeded || !f.unverifiable) return;
        const why = f.unverifiable;
        sink.verdicts.push(verdicts.get(why) ?? verdicts.keep(why, { decision: 'deny', check: 'shell.unverifiable', message: `command cannot be verified: ${why}`, source }));
        sink.trace?.push({ policy: '', check: 'shell.unverifiable', outcome: 'deny', saw: f.unverifiable });
      },
    });
  }

  const restricts = restrictsCommands(doc);
  if (restricts !== undefined) checks.push(gitMetadataCheck(at(restricts)), runnerConfigCheck(at(restricts)));

  if (!shell) return { checks };
  const deny = commandGlobs(shell.deny);
  const approve = commandGlobs(shell.approve);
  const allow = shell.allow ? commandGlobs(shell.allow) : undefined;
  deny.globs.forEach((g, i) => cover(`/shell/deny/${i}`, `shell.deny ${tick(g)}`));
  approve.globs.forEach((g, i) => cover(`/shell/approve/${i}`, `shell.approve ${tick(g)}`));
  allow?.globs.forEach((g, i) => cover(`/shell/allow/${i}`, `shell.allow ${tick(g)}`));
  if (deny.globs.length === 0 && approve.globs.length === 0 && !allow) return { checks };
  // Source locations per pattern, looked up once rather than per verdict.
  const denySources = deny.globs.map((_, i) => at(`/shell/deny/${i}`));
  const approveSources = approve.globs.map((_, i) => at(`/shell/approve/${i}`));
  const allowSource = allow ? at('/shell/allow') : '';

  /** What the patterns say about one simple command: the pattern hit (for traces) and the verdict, if any. */
  interface Outcome {
    hit: string | undefined;
    verdict: Verdict | undefined;
  }
  function judge(cmd: SimpleCommand): Outcome {
    const denied = matchForm(deny, denyForms(cmd));
    if (denied) {
      const d = denied.index;
      return { hit: `/shell/deny/${d}`, verdict: Object.freeze<Verdict>({ decision: 'deny', check: 'shell.deny', message: `command ${tick(denied.form)} matches denied pattern ${tick(deny.globs[d]!)}`, source: denySources[d]! }) };
    }
    const approved = matchForm(approve, approveForms(cmd));
    if (approved) {
      const a = approved.index;
      return { hit: `/shell/approve/${a}`, verdict: Object.freeze<Verdict>({ decision: 'ask', check: 'shell.approve', message: `command ${tick(approved.form)} needs approval (pattern ${tick(approve.globs[a]!)})`, source: approveSources[a]! }) };
    }
    if (!allow) return NO_OUTCOME;
    const i = firstOf(allow, allowForms(cmd));
    if (i >= 0) return { hit: `/shell/allow/${i}`, verdict: undefined };
    return { hit: undefined, verdict: Object.freeze<Verdict>({ decision: 'deny', check: 'shell.allow', message: `command ${tick((cmd.runBy ?? cmd).text)} is not in the shell allowlist`, source: allowSource }) };
  }
  const nothingRead = Object.freeze<Verdict>({ decision: 'deny', check: 'shell.allow', message: 'no command could be read to check against the shell allowlist', source: allowSource });
  // A parsed command is immutable and the shell cache hands out the same object for the same
  // text, so its outcome is remembered per object (dropped with it).
  const outcomes = new WeakMap<SimpleCommand, Outcome>();

  checks.push({
    id: 'shell.commands',
    commandOnly: true,
    classes: EXEC_ONLY,
    run(view, sink) {
      if (view.toolClass !== 'exec') return;
      const f: ShellFacts | undefined = view.shell();
      if (!f || f.capExceeded) return;
      const hits: string[] | undefined = sink.trace ? [] : undefined;
      const seen = sink.verdicts.length;
      const { commands } = f;
      for (let i = 0; i < commands.length; i++) {
        const cmd = commands[i]!;
        if (!runsProgram(cmd)) continue;
        let outcome = outcomes.get(cmd);
        if (outcome === undefined) {
          outcome = judge(cmd);
          outcomes.set(cmd, outcome);
        }
        if (outcome.hit !== undefined) hits?.push(outcome.hit);
        if (outcome.verdict !== undefined) sink.verdicts.push(outcome.verdict);
      }
      if (allow && f.commands.length === 0 && f.unverifiable) sink.verdicts.push(nothingRead);
      if (sink.trace) {
        // The trace shows what the lists decided: the strictest verdict given here.
        let decided: DecisionKind = 'allow';
        for (let i = seen; i < sink.verdicts.length; i++) {
          const d = sink.verdicts[i]!.decision;
          if (d === 'deny' || (d === 'ask' && decided === 'allow')) decided = d;
        }
        sink.trace.push({ policy: '', check: 'shell.commands', outcome: decided, saw: f.commands.map((c) => c.text), hits });
      }
    },
  });
  return { checks };
};

/**
 * The pointer of the setting by which a policy limits which commands run (a shell allow,
 * approve or deny list, or supervised autonomy); undefined when it does not.
 */
function restrictsCommands(doc: SectionInput['doc']): string | undefined {
  const s = doc.shell;
  if (s?.allow !== undefined) return '/shell/allow';
  if ((s?.deny?.length ?? 0) > 0) return '/shell/deny';
  if ((s?.approve?.length ?? 0) > 0) return '/shell/approve';
  if (doc.autonomy === 'supervised') return '/autonomy';
  return undefined;
}

const GIT_SEGMENT = /(?:^|\/)\.git(?:\/|$)/i;
// Bounds of shell.gitMetadata's memo: entries (cleared when full), and the longest path kept.
const MAX_REMEMBERED_PATHS = 16_384;
const MAX_REMEMBERED_PATH = 256;

/**
 * Whether a canonical path is in git's metadata: a segment `.git` (any case: a file system
 * that folds case reads `.GIT` as `.git`), or one a wildcard may expand to it (`.g?t`), or one
 * of a repository's own files anywhere (isRepositoryFile). Every written path of a call is
 * asked, so the common answer (no) comes from native searches, without a split or a regex.
 */
export function isGitMetadataPath(path: string): boolean {
  return path.includes('$') ? withUnsetVariables(path).some(isGitMetadataName) : isGitMetadataName(path);
}

function isGitMetadataName(path: string): boolean {
  if (isRepositoryFile(path)) return true;
  if (!hasShellWildcard(path)) return (path.includes('.g') || path.includes('.G')) && GIT_SEGMENT.test(path);
  const segments = path.split('/');
  for (const segment of segments) {
    if (segment.length !== 4 && !hasShellWildcard(segment)) continue;
    if (segment.toLowerCase() === '.git' || (hasShellWildcard(segment) && mayExpandTo(segment, '.git'))) return true;
  }
  const name = segments[segments.length - 1]!;
  return hasShellWildcard(name) && REPOSITORY_FILE_NAMES.some((file) => mayExpandTo(name, file) || mayExpandTo(name, file.toUpperCase()));
}

// A directory holding HEAD, objects/ and refs/ is a repository to git without any `.git`
// (implicit bare discovery), conventionally named `NAME.git`: its files are git's metadata,
// and so are the user's configuration (`~/.gitconfig`, `~/.config/git/config`) and a hook in a
// `hooks` directory. (Files named `config` or `HEAD` anywhere are not: `mkdir src/config` is
// everyday work; a repository in a directory named otherwise is looked for on disk where git
// runs, with symlinks resolved: PathFacts.unnamedRepository, facts/git-discovery.ts.)
const REPOSITORY_FILE_NAMES = ['.gitconfig'];
const REPOSITORY_NAMES: ReadonlySet<string> = new Set(REPOSITORY_FILE_NAMES);
const REPOSITORY_NAME_LENGTHS: ReadonlySet<number> = new Set(REPOSITORY_FILE_NAMES.map((name) => name.length));
// A segment `NAME.git` (a bare repository), git's own configuration directory's `config`, and
// husky's hooks (`.husky/pre-commit`: husky sets `core.hooksPath` to `.husky/_`, whose hooks
// run them; red team 15C).
const BARE_OR_USER_CONFIG = /\.git(?:\/|$)|(?:^|\/)git\/config$|(?:^|\/)\.husky\//i;
const GIT_HOOK_NAME = /^(?:applypatch-msg|pre-applypatch|post-applypatch|pre-commit|pre-merge-commit|prepare-commit-msg|commit-msg|post-commit|pre-rebase|post-checkout|post-merge|pre-push|pre-receive|update|proc-receive|post-receive|post-update|reference-transaction|push-to-checkout|pre-auto-gc|post-rewrite|sendemail-validate|fsmonitor-watchman|post-index-change|p4-[a-z-]+)$/i;

/** Whether a path's last name is one of a repository's own files (REPOSITORY_FILE_NAMES, any case) or a hook in a `hooks` directory. */
function isRepositoryFile(path: string): boolean {
  const slash = path.lastIndexOf('/');
  if (REPOSITORY_NAME_LENGTHS.has(path.length - slash - 1) && REPOSITORY_NAMES.has(path.slice(slash + 1).toLowerCase())) return true;
  if (BARE_OR_USER_CONFIG.test(path)) return true;
  // A hook: its directory is `hooks` (any case: a file system that folds names reads `Hooks` so).
  return slash >= 6 && path.charCodeAt(slash - 6) === 0x2f /* / */ && path.slice(slash - 5, slash).toLowerCase() === 'hooks' && GIT_HOOK_NAME.test(path.slice(slash + 1));
}

/**
 * `shell.gitMetadata`: under a policy that limits which commands run, a write (by any tool)
 * to a path with a `.git` segment, or to a repository's own files anywhere (`HEAD`, `config`,
 * `hooks/pre-commit`: a directory with HEAD, objects/ and refs/ is a repository to git), is
 * denied, reading it is not. git runs what its metadata
 * names: `core.fsmonitor`, `core.pager`, aliases and hooks in a repository's config or
 * hooks/ run under the next allowed `git status`, so writing `.git/config`,
 * `.git/hooks/pre-commit`, or a nested `src/x/.git/{HEAD,config}` (which makes src/x a
 * repository of its own for git run there) plants a command no allowlist saw. git's own
 * commands that write inside .git (`git add`, `git commit`, `git fetch`) name no such path.
 * It asks for no paths of its own (no `usesPaths`): a policy with a workspace or path lists
 * already refuses a call whose paths cannot be placed (`cd "$(…)" && …`), and one with only
 * shell lists keeps allowing it, as before; this check reads whatever paths are known.
 */
/** Whether a canonical path's last name is a package manager's settings file (facts/package-managers.ts, any case), or a wildcard that may be one. */
export function isRunnerConfigPath(path: string): boolean {
  return path.includes('$') ? withUnsetVariables(path).some(isRunnerConfigName) : isRunnerConfigName(path);
}

function isRunnerConfigName(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (SETTINGS_FILE_NAMES.has(name.toLowerCase())) return true;
  return hasShellWildcard(name) && [...SETTINGS_FILE_NAMES].some((file) => mayExpandTo(name, file) || mayExpandTo(name, file.toUpperCase()));
}

/**
 * `shell.runnerConfig`: under a policy that limits which commands run, a write (by any tool)
 * to a package manager's settings file (facts/package-managers.ts) is denied, reading it is not. An
 * allowed `npx prettier --check src` runs through the `script-shell` a `.npmrc` written in an
 * earlier call names (red team 46, confirmed): the program it plants runs unseen, as git's
 * settings do (shell.gitMetadata).
 */
function runnerConfigCheck(source: string): Check {
  const verdicts = new VerdictMemo();
  return {
    id: 'shell.runnerConfig',
    classes: WRITERS,
    run(view, sink) {
      const facts = view.paths();
      if (!facts.ok) {
        // Paths that cannot be placed are still names: `cp x .npmrc; cd "$(…)"` writes one.
        const made = facts.lineWrites?.paths.find(isRunnerConfigPath);
        judgeUnplaced(sink, 'shell.runnerConfig', source, facts.lineWrites, made === undefined ? undefined : runnerConfigMessage(made));
        return;
      }
      let objected = false;
      for (let j = 0; j < facts.paths.length; j++) {
        const path = facts.paths[j]!;
        if (!facts.written[j] || !isRunnerConfigPath(path)) continue;
        objected = true;
        sink.verdicts.push(verdicts.get(path) ?? verdicts.keep(path, { decision: 'deny', check: 'shell.runnerConfig', message: runnerConfigMessage(path), source }));
      }
      sink.trace?.push({ policy: '', check: 'shell.runnerConfig', outcome: objected ? 'deny' : 'allow', saw: facts.paths });
    },
  };
}

function runnerConfigMessage(path: string): string {
  return `written path ${tick(path)} is a package manager's settings file, whose settings name programs and code its commands run`;
}

/**
 * A check's verdict on a line whose paths cannot be placed, read from its writes as written
 * (PathFacts.lineWrites): a deny with `message` when the check found one, and the trace entry.
 */
function judgeUnplaced(sink: Sink, check: string, source: string, lineWrites: { paths: readonly string[] } | undefined, message: string | undefined): void {
  if (message !== undefined) sink.verdicts.push({ decision: 'deny', check, message, source });
  sink.trace?.push({ policy: '', check, outcome: message !== undefined ? 'deny' : 'allow', saw: lineWrites?.paths ?? [] });
}

/**
 * A written path as written, and, when it holds a variable the line never sets (the
 * environment's: `cp x ${Q}.npmrc`, `cp x .git$Q/config`), also as if each were unset, as
 * forbidden names are tried (red team 29b).
 */
function withUnsetVariables(path: string): string[] {
  if (!path.includes('$')) return [path];
  const unset = withoutVariables(path);
  return unset === path ? [path] : [path, unset];
}

/**
 * Why a line whose paths cannot be placed may write git's metadata, or undefined: a written
 * path that is metadata as written (`cp x .git/hooks/pre-commit; cd "$(…)"`), or, when its
 * relative paths may lead into any directory, any relative path written there (`cd "$(echo
 * .git)" && cp x hooks/pre-commit`; the working directory itself, which runners write, aside).
 */
function unplacedMetadataWrite(writes: { paths: readonly string[]; anyDirectory: boolean }): string | undefined {
  for (const path of writes.paths) {
    if (isGitMetadataPath(path)) return `written path ${tick(path)} is in git's metadata, whose settings and hooks name commands git runs`;
    if (writes.anyDirectory && isRelative(path) && path !== '.') return `written path ${tick(path)} cannot be placed, and may be in git's metadata, whose settings and hooks name commands git runs`;
  }
  return undefined;
}

function gitMetadataCheck(source: string): Check {
  const verdicts = new VerdictMemo();
  // The answer is pure in the path, and canonical paths come back call after call: remembered
  // (a lookup costs a fraction of the string searches isGitMetadataPath makes).
  const metadata = new RememberedFirst([isGitMetadataPath], MAX_REMEMBERED_PATHS, MAX_REMEMBERED_PATH);
  return {
    id: 'shell.gitMetadata',
    classes: WRITERS,
    run(view, sink) {
      const facts = view.paths();
      if (!facts.ok) {
        judgeUnplaced(sink, 'shell.gitMetadata', source, facts.lineWrites, facts.lineWrites === undefined ? undefined : unplacedMetadataWrite(facts.lineWrites));
        return;
      }
      let objected = false;
      const unnamed = facts.unnamedRepository;
      if (unnamed !== undefined) {
        objected = true;
        sink.verdicts.push({ decision: 'deny', check: 'shell.gitMetadata', message: unnamed, source });
      }
      if (facts.filledMetadata !== undefined) {
        objected = true;
        sink.verdicts.push({ decision: 'deny', check: 'shell.gitMetadata', message: facts.filledMetadata, source });
      }
      for (let j = 0; j < facts.paths.length; j++) {
        const path = facts.paths[j]!;
        if (!facts.written[j] || metadata.first(path) !== 0) continue;
        objected = true;
        sink.verdicts.push(verdicts.get(path) ?? verdicts.keep(path, { decision: 'deny', check: 'shell.gitMetadata', message: `written path ${tick(path)} is in git's metadata, whose settings and hooks name commands git runs`, source }));
      }
      sink.trace?.push({ policy: '', check: 'shell.gitMetadata', outcome: objected ? 'deny' : 'allow', saw: facts.paths });
    },
  };
}
