// The paths a whole parsed command line touches, with its directory changes followed: after
// `cd config &&`, `cat prod.key` reads `config/prod.key`, not `./prod.key`.
import type { RunScript, ShellFacts, SimpleCommand } from '../types.js';
import { commandPaths, unsetName, withParentSegments } from './word-paths.js';
import { filledDirectories, movedPaths, placedFiles, placedPaths, symbolicLinks, unseenLinksDirectory, wholeExtractionDirectory } from './operands/moves-and-links.js';
import { nameListFiles } from './operands/name-lists.js';
import { ownDirectories } from './operands/own-directories.js';
import { treesOf, type Tree } from './operands/trees.js';
import { patchFilesOf, type PatchFile } from './operands/patch-files.js';
import { isRelative, lexicallyNormalised, nameOf, parentOf, within } from './within.js';
import { isReadOnlyCommand, isSystemProgram } from './read-only-commands.js';
import { hasShellWildcard, mayExpandTo } from './path-glob.js';
import { turnsOnZshCdOption } from './shell/zsh.js';
import { gitRemoteDirectories, gitRunProblem, runsGit, unnamedRepositoriesMade } from './git-runs.js';
import { gitSubcommandAt } from './operands/git.js';

/** git's subcommands that write no work tree file (the others may rewrite a `.gitignore`). */
const GIT_READING: ReadonlySet<string> = new Set(['status', 'log', 'diff', 'show', 'blame', 'grep', 'ls-files', 'ls-tree', 'rev-parse', 'describe', 'shortlog', 'cat-file', 'rev-list', 'version', 'help']);

export interface CommandLinePaths {
  /** Raw paths, in order: programs run by path, path-like arguments, redirect targets. */
  raws: string[];
  /** Same index: may the command write it? */
  written: boolean[];
  /** Same index: is it a wildcard the dot rule holds for (path-glob.ts, word-paths.ts dotRuleWords)? */
  dotRule: boolean[];
  /** Bare names other arguments may stand for (extract-paths.ts bareNames). */
  names: string[];
  /** Every word, for file-name globs. */
  words: string[];
  /**
   * The written raws as written, those of directory changes aside (a `cd` writes nothing):
   * what the line still shows it writes when its paths cannot be placed (PathFacts.lineWrites).
   */
  writes: string[];
  /** Same index: is it a wildcard the dot rule holds for? */
  wordDotRule: boolean[];
  /** Why the paths cannot be placed (a `cd` to a computed directory, too many names); undefined when they can. */
  unplaceable?: string;
  /**
   * Why the line cannot be verified when it runs a script one of its commands writes (`cp x
   * package.json && npm test`): what runs is not read, whatever the paths. Also `unplaceable`.
   */
  madeRun?: string;
  /**
   * The line's relative paths may lead into any directory (after a `cd` that cannot be read,
   * through links another program names): with `unplaceable`.
   */
  anyDirectory?: true;
  /**
   * A command that puts links on disk no word shows (an archive extracted: makesUnseenLinks),
   * followed by a command naming paths, which may lead through them: with symlink resolution
   * the paths cannot be placed. Undefined when there is none.
   */
  unseenLinks?: string;
  /**
   * The directories an archive is extracted into (or files another host names are copied into:
   * unseenLinksDirectory), placed where the command may run: a link to a directory already
   * below one is written through (tar, unzip and 7-Zip follow `link/x`), so the engine counts
   * where each such link leads as written (red team 47).
   */
  extractedInto: string[];
  /**
   * Paths written relative to the top of a git work tree (`path`, `''` for the whole tree),
   * which is `dir` or a directory above it: the engine counts each of them, up to the
   * workspace root (directoriesUpTo).
   */
  fromTop: { dir: string; path: string; written: boolean }[];
  /**
   * What `mv` and a `cp` that keeps links (-P, -a, -r) move or copy, with where each may end up,
   * relative paths placed in the directories the command may run in: a link already on disk
   * (not one the line makes, which the line's own reading follows) points elsewhere from its
   * new place when its target is relative, and a path there that does not exist yet reads as
   * no link at all. The engine reads the links on disk when it resolves symlinks.
   */
  moves: { source: string; destinations: string[] }[];
  /**
   * The directories commands read or move whole (`grep -r x .`, `cp -r`, `mv`: operands/trees.ts),
   * placed where each command may run: the engine reads every file below each on disk.
   */
  trees: Tree[];
  /** The patch files commands apply (`git apply fix.patch`, `patch -p1 < fix.patch`: operands/patch-files.ts), placed. */
  patchFiles: PatchFile[];
  /**
   * The directories commands fill with files no word names (filledDirectories; copies of a
   * directory's contents), placed where each may run: the engine looks there for git's metadata.
   */
  filled: string[];
  /** The directories a program that runs git starts in (`''`: the shell's own), where git looks for its repository (git-discovery.ts). */
  gitRuns: string[];
  /**
   * A git command on the line may rewrite work tree files no word names (`git stash`, `git
   * reset --hard`, `git checkout main`): its `.gitignore` files among them. Only git's
   * subcommands that read (status, log, diff…) do not.
   */
  gitRewrites: boolean;
  /**
   * Why what git finds where it runs cannot be known before the line runs: an archive
   * extracted before it; undefined when there is none. (A directory that cannot be read,
   * `cd "$d" && git log`, leaves git's subcommand a name that cannot be placed: unplaceable.)
   */
  gitRunsUnknown?: string;
}

/** Most working directories one command line may leave a relative path in (the cwd included). */
const MAX_BASES = 32;
/** Most bare names one command line may name, in all its directories (each is checked; with symlinks, an lstat). */
const MAX_NAMES = 1024;

/**
 * The directories a command line may run its commands in, besides the call's cwd (`''`):
 * every literal `cd`/`pushd` target, a relative one joined to every directory before it.
 * Order and control flow are not modelled here (a `cd` in a subshell, a branch or after a
 * failed command may not happen), so this is a superset: every reading is checked (an `&&`
 * chain is placed exactly by chainDirectories). A target that is
 * computed (`cd "$dir"`, `cd ~user`, `pushd +1`), a relative one that may run again (in a
 * loop or a function), or an option that lets `cd` read variables gives `computed`. The
 * variables that move `cd` (CDPATH, OLDPWD, DIRSTACK) make the command unverifiable in the
 * parser; CDPATH from the agent's own environment is out of sight.
 */
function workingDirectories(changes: DirectoryChanges): { bases: string[] } | { computed: string } {
  const bases = [''];
  if ('computed' in changes) return changes;
  for (const { target } of changes.targets) {
    const joined = bases.map((b) => within(b, target));
    for (const b of joined) if (!bases.includes(b)) bases.push(b);
    if (bases.length > MAX_BASES) return { computed: `more than ${MAX_BASES - 1} directories a \`cd\` may lead to` };
  }
  return { bases };
}

/**
 * The one directory each command runs in (`''`: the shell's own), for an `&&` chain
 * (ShellFacts.sequential: each command runs only when every one before it succeeded, so
 * after `cd src &&` the shell is in src). Undefined when a step moves the shell in a way
 * not followed exactly: `popd`, `cd -`, a wrapped `cd` (`env cd` runs no builtin), or a
 * command that changes what `cd` is (`enable`, `alias`); then every directory counts.
 */
function chainDirectories(commands: readonly SimpleCommand[], changes: DirectoryChanges): string[] | undefined {
  if ('computed' in changes || changes.unfollowed) return undefined;
  const each: string[] = [];
  let dir = '';
  let next = 0;
  for (let i = 0; i < commands.length; i++) {
    each.push(dir);
    const name = commands[i]!.words[0];
    if (name === 'enable' || name === 'alias' || name === 'unalias') return undefined;
    if (changes.targets[next]?.index === i) {
      const change = changes.targets[next++]!;
      if (!change.stays) dir = within(dir, change.target);
    }
  }
  return each;
}

/**
 * `stays`: the shell does not go there now, but a later `popd` may (`pushd -n DIR`).
 * `unwritten`: no word names the target (a bare `cd`, `cd -P`, `cd --` go to `~`), so it is
 * touched as a path of its own (`cd; grep -r x` reads the home directory: red team 45).
 */
type DirectoryTarget = { index: number; target: string; stays?: true; unwritten?: true };
type DirectoryChanges = { targets: DirectoryTarget[]; unfollowed: boolean } | { computed: string };

/**
 * Every literal directory change of a command line, in order, with its command's index;
 * `unfollowed` when one goes back to a directory already seen (`cd -`, `popd`, `pushd`
 * alone) or runs wrapped; `computed` when one cannot be read before it runs.
 */
function directoryChanges(commands: readonly SimpleCommand[]): DirectoryChanges {
  const targets: DirectoryTarget[] = [];
  let unfollowed = false;
  for (let index = 0; index < commands.length; index++) {
    const cmd = commands[index]!;
    const [name, ...args] = cmd.words;
    // `shopt -s cdable_vars`: `cd x` goes to $x when there is no directory x; `autocd`: a
    // directory's name alone changes into it.
    if (name === 'shopt' && args.some((a) => a === 'cdable_vars' || a === 'autocd')) return { computed: `shopt ${args.join(' ')}` };
    // zsh's spellings, any case and `_` anywhere, `no` turned the other way: `setopt
    // CDABLE_VARS`, `set -o cdablevars`, `set -T`, `unsetopt nocdablevars`, `set +o nocdablevars`.
    if ((name === 'setopt' || name === 'unsetopt' || name === 'set') && turnsOnZshCdOption(name, args)) return { computed: `${name} ${args.join(' ')}` };
    // `emulate zsh -o cdablevars -c '…'` runs its string with the option on (checked in zsh):
    // its options read as setopt's (the mode word and the string, as option names, turn on nothing).
    if (name === 'emulate' && turnsOnZshCdOption('setopt', args)) return { computed: `${name} ${args.join(' ')}` };
    if (!isDirectoryChange(cmd)) continue;
    if (cmd.wrappedBy !== undefined) unfollowed = true;
    // `popd` only goes back to a directory already seen.
    if (name === 'popd') {
      unfollowed = true;
      continue;
    }
    let i = 0;
    while (i < args.length && /^-[LPe@]+$/.test(args[i]!)) i++;
    // `pushd -n DIR` only adds DIR to the stack: the shell stays where it is (until a `popd`).
    const stays = name === 'pushd' && args[i] === '-n';
    if (stays) i++;
    if (args[i] === '--') i++;
    const target = i < args.length ? args[i]! : name === 'cd' ? '~' : undefined;
    // zsh's `cd OLD NEW` (`pushd` too) goes to $PWD with OLD replaced by NEW (`cd ws outside`
    // from /w/ws is /w/outside); bash refuses two operands.
    if (i + 1 < args.length) return { computed: `${name} ${args.slice(i).join(' ')}` };
    // `cd -` goes to $OLDPWD, which the shell inherits (exported by most shells) until a `cd`
    // of the line succeeds: a directory not known here, whatever `cd` came before it.
    if (target === '-' && name === 'cd') return { computed: 'cd -' };
    // `pushd` alone: back to a directory already seen.
    if (target === undefined || target === '-') {
      unfollowed = true;
      continue;
    }
    if (/[$`]/.test(target) || /^[~][^/]/.test(target) || /^[+-]\d/.test(target)) return { computed: `${name} ${target}` };
    const absolute = target.startsWith('/') || target.startsWith('~');
    // Run again and again, a relative `cd` goes deeper each time (`for i in 1 2; do cd a; done`).
    if (!absolute && cmd.repeats) return { computed: `${name} ${target}` + ' in a loop or a function' };
    targets.push({ index, target, ...(stays ? { stays } : {}), ...(i < args.length ? {} : { unwritten: true as const }) });
  }
  return { targets, unfollowed };
}

/**
 * Where one command reads its relative paths, besides the shell's own directory (`''`): a
 * wrapper's directory (`env -C`, `sudo -D`), then its own options' (`make -C DIR`, `git -C
 * DIR`, `patch -d DIR`), each changed into before anything else runs, each relative to the
 * one before; undefined when none moves it. tar's `-C` applies only to the names after it, so
 * for tar every directory on the way counts.
 */
function commandDirectories(cmd: SimpleCommand): string[] | undefined {
  const own = ownDirectories(cmd.words);
  if (own.length === 0) return cmd.cwd === undefined ? undefined : [cmd.cwd];
  const each = [cmd.cwd ?? ''];
  for (const dir of own) each.push(within(each[each.length - 1]!, dir));
  return cmd.words[0] === 'tar' ? each : [each[each.length - 1]!];
}

/** The relative path from directory `from` to `to`, both relative to the same directory (`a/b`, `c` → `../../c`). */
function relativeTo(from: string, to: string): string {
  const a = from === '' ? [] : from.split('/');
  const b = to.split('/');
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same] && a[same] !== '..') same++;
  if (a.slice(same).includes('..')) return to; // climbs out of what is known: keep it as from the shell
  return [...a.slice(same).map(() => '..'), ...b.slice(same)].join('/') || '.';
}

function isDirectoryChange(cmd: SimpleCommand): boolean {
  const name = cmd.words[0];
  return name === 'cd' || name === 'pushd' || name === 'popd';
}

/** Whether a command copies directories whole where movedPaths does not read it (`scp -r`, `ditto`). */
function copiesWhole(words: readonly string[]): boolean {
  const program = words[0];
  if (program === 'ditto') return true;
  return program === 'scp' && words.slice(1).some((w) => /^-[a-zA-Z]*r/.test(w));
}

/** Whether `path` lies strictly below `dir` (both as the line writes them, from one base; `''` and `.` are that base). */
function isBelow(path: string, dir: string): boolean {
  const d = dir === '.' ? '' : dir.replace(/\/+$/, '');
  const p = path.replace(/^\.\//, '');
  if (d === '') return isRelative(p) && p !== '' && p !== '.';
  return p.startsWith(d + '/') && p.length > d.length + 1;
}

// Programs that run a command with arguments of their own choosing (`find -exec … {}`, `xargs`).
const ARGUMENT_SUPPLIERS = /^(?:find|xargs|fd|fdfind|parallel)\s/;

/**
 * A path whose wildcard segments may expand to a link the line makes, read through the link's
 * target (`ln -s / qq && cat q?/etc/shadow` reads /etc/shadow: the shell expands `q?` once
 * `qq` exists); undefined when no segment-by-segment expansion can reach the link.
 */
function throughWildcards(path: string, link: string, target: string): string | undefined {
  if (!hasShellWildcard(path)) return undefined;
  const segments = path.split('/');
  const linkSegments = link.split('/');
  if (segments.length < linkSegments.length) return undefined;
  for (let i = 0; i < linkSegments.length; i++) {
    const segment = segments[i]!;
    if (segment !== linkSegments[i] && !mayExpandTo(segment, linkSegments[i]!)) return undefined;
  }
  const rest = segments.slice(linkSegments.length).join('/');
  return rest === '' ? target : within(target, rest);
}

/**
 * A script the line runs that a command before it writes: by its name, wherever its directory
 * (a `cd` may lie between: the careful side), through a wildcard (`source src/?`), or below a
 * directory written (`cp -r x d; source d/x`; not the working directory itself, which `go
 * build .` writes). The walk's checkMadeScripts reads redirections; this reads every command's
 * writes (`cp x y; source y`, a backup `cp -b x y; source y~` or numbered, `y.~*~` written: red team 44).
 */
function madeScript(scripts: readonly RunScript[], raws: readonly string[], written: readonly boolean[], rawCommand: readonly number[], put: readonly PutFile[], heres: readonly (readonly string[])[]): string | undefined {
  for (const { path, after } of scripts) {
    const name = nameOf(path);
    const wildcard = hasShellWildcard(path);
    const sameName = (w: string): boolean => {
      const made = nameOf(w);
      return made === name || (wildcard && mayExpandTo(name, made)) || mayExpandTo(made, name);
    };
    for (let i = 0; i < raws.length; i++) {
      if (!written[i] || rawCommand[i]! >= after) continue;
      const w = raws[i]!;
      if (sameName(w) || (!isWorkingDirectory(w) && isBelow(path, w))) return path;
    }
    // What copies place and what fills a directory (placedFiles, filledDirectories), the
    // working directory too, read from where the command that runs the script runs (every
    // directory of the line when that is not one command: a loop, a function).
    const places = Number.isFinite(after) && heres[after] !== undefined ? heres[after]! : heres.flat();
    const at = isRelative(path) ? [path, ...places.map((base) => within(base, path))].map(lexicallyNormalised) : [path];
    for (const p of put) {
      if (p.command >= after) continue;
      if (sameName(p.path) && !isWorkingDirectory(p.path)) return path;
      const dir = lexicallyNormalised(p.path);
      if (p.whole && at.some((q) => q === dir || isBelow(q, dir) || mayLieBelow(q, dir))) return path;
    }
  }
  return undefined;
}

/** Whether `path` may lie below `dir`, a relative path with wildcards (`cp -r d/* .` puts `sub`, `sub/Makefile`). */
function mayLieBelow(path: string, dir: string): boolean {
  if (!hasShellWildcard(dir) || !isRelative(dir) || !isRelative(path)) return false;
  const d = dir.split('/');
  const p = path.split('/');
  return p.length > d.length && d.every((segment, i) => segment === p[i] || mayExpandTo(segment, p[i]!));
}

/** A file (or a directory, `whole`, with anything below) a command of the line puts on disk (madeScript). */
interface PutFile {
  path: string;
  whole: boolean;
  command: number;
}

function isWorkingDirectory(path: string): boolean {
  return path === '' || path === '.' || path === './';
}

/** The first command that reads the names of its files from a file (nameListFiles), and that file. */
function firstNameList(commands: readonly SimpleCommand[]): { program: string; file: string } | undefined {
  for (const c of commands) {
    const file = nameListFiles(c.words)[0];
    if (file !== undefined) return { program: c.words[0]!, file };
  }
  return undefined;
}


/**
 * The raw paths of parsed simple commands, in order: a program run by path (unless a system
 * one), then path-like arguments and redirect targets; written unless the command only reads,
 * and redirects opened for writing always (`echo x > f` writes f). A relative path or name is
 * also read from every directory a `cd` may have moved to.
 */
export function commandLinePaths({ commands, sequential, scripts }: Pick<ShellFacts, 'commands' | 'sequential' | 'scripts'>): CommandLinePaths {
  const raws: string[] = [];
  const written: boolean[] = [];
  const dotRule: boolean[] = [];
  const wordDotRule: boolean[] = [];
  // The command each raw comes from (its index in `commands`): what a script run later may be made of (madeScript).
  const rawCommand: number[] = [];
  let current = 0;
  const names = new Set<string>();
  const words: string[] = [];
  const fromTop: { dir: string; path: string; written: boolean }[] = [];
  const moves: { source: string; destinations: string[] }[] = [];
  const trees: Tree[] = [];
  const patchFiles: PatchFile[] = [];
  const filled: string[] = [];
  const gitRuns = new Set<string>();
  let gitRewrites = false;
  // How many git commands may change the work tree (git clean's own walk counts the others: frame.ts).
  let gitRewriters = 0;
  let gitRunsUnknown: string | undefined;
  // What the line has put on disk so far (gitRunProblem).
  const made: { text: string; path: string; whole: boolean }[] = [];
  const changes = directoryChanges(commands);
  const dirs = workingDirectories(changes);
  const all = 'bases' in dirs ? dirs.bases : [''];
  // In an `&&` chain each command's one directory is known; else every one counts.
  const each = sequential === true ? chainDirectories(commands, changes) : undefined;
  const addRaw = (raw: string, writes: boolean, places: readonly string[], ruled = false): void => {
    if (!isRelative(raw)) {
      raws.push(raw);
      written.push(writes);
      dotRule.push(ruled);
      rawCommand.push(current);
      return;
    }
    for (const base of places) {
      raws.push(within(base, raw));
      written.push(writes);
      dotRule.push(ruled);
      rawCommand.push(current);
    }
  };
  let computed = 'computed' in dirs ? dirs.computed : undefined;
  // Symbolic links the line makes (`ln -s ../secrets sub/s`): a later path through one is also read through its target.
  // `text`: the target as the link holds it, read from the link's directory when relative.
  const aliases: { link: string; target: string; text: string }[] = [];
  // A link made with operands another program supplies (`find / -exec ln -s {} x \;`, `xargs ln -s`).
  let unknownLink: string | undefined;
  // The commands that put unseen links on disk, where, and whether a later path lies below one.
  const unseen: { text: string; dirs: string[] }[] = [];
  let unseenLinks: string | undefined;
  const extracted: string[] = [];
  // What each command puts on disk and the directories each runs in, for madeScript.
  const put: PutFile[] = [];
  const heres: (readonly string[])[] = [];
  for (let index = 0; index < commands.length; index++) {
    const cmd = commands[index]!;
    current = index;
    const found = commandPaths(cmd);
    // The directories the shell may be in when this command runs.
    const bases = each !== undefined ? [each[index]!] : all;
    // A command that works in a directory of its own (`env -C d`, `git -C d`): its relative
    // paths are read there, and the directory is touched.
    const dirs = commandDirectories(cmd);
    let here = bases;
    if (dirs !== undefined) {
      const unreadable = dirs.find((dir) => /[$`]/.test(dir) || (dir === '' && dirs.length === 1));
      if (unreadable !== undefined) computed ??= `a command's own directory \`${unreadable}\``;
      else {
        here = bases.flatMap((b) => dirs.map((dir) => within(b, dir)));
        for (const dir of dirs) if (dir !== '') addRaw(dir, false, bases);
      }
    }
    if (runsGit(cmd.words[0])) {
      if (cmd.words[0] !== 'git' || !GIT_READING.has(cmd.words[gitSubcommandAt(cmd.words)] ?? '')) {
        gitRewrites = true;
        // `git -C d clean` is also listed as `git clean` run in d (its `wrappedBy`): one git
        // command, not a second that may rewrite the ignore files first.
        const outer = cmd.wrappedBy?.at(-1);
        if (outer === undefined || !commands.some((other) => other !== cmd && other.text === outer && other.words[0] === 'git')) gitRewriters++;
      }
      const runsIn = [...here];
      for (const remote of gitRemoteDirectories(cmd.words)) for (const base of isRelative(remote) ? here : ['']) runsIn.push(within(base, remote));
      for (const dir of runsIn) gitRuns.add(dir);
      gitRunsUnknown ??= gitRunProblem(cmd, runsIn, { unseen, made });
    }
    // The home directory a bare `cd` goes to is touched, as `cd ~` is.
    if ('targets' in changes) for (const t of changes.targets) if (t.index === index && t.unwritten === true) addRaw(t.target, false, ['']);
    for (const n of found.names) for (const base of here) names.add(within(base, n));
    const writes = !isReadOnlyCommand(cmd.words);
    if (cmd.commandPath !== undefined && !isSystemProgram(cmd.commandPath)) addRaw(cmd.commandPath, false, here);
    const writtenRedirects = cmd.writtenRedirects;
    const { reads, writesOnly } = found;
    const writesTo = (p: string) => (writesOnly !== undefined ? writesOnly.includes(p) : writes && !reads.includes(p)) || (writtenRedirects !== undefined && writtenRedirects.includes(p));
    if (cmd.words[0] === 'ln' && cmd.wrappedBy?.some((outer) => ARGUMENT_SUPPLIERS.test(outer))) unknownLink ??= cmd.text;
    if (unseen.length > 0 && unseenLinks === undefined) {
      const later = [...found.pathLike, ...found.redirects, ...found.names].flatMap((p) => (isRelative(p) ? here.map((base) => within(base, p)) : [p]));
      const through = unseen.find((u) => later.some((p) => u.dirs.some((dir) => isBelow(p, dir))));
      if (through !== undefined) unseenLinks = `\`${through.text}\` puts files on disk no word names (links among them, perhaps), and a later path below where it puts them may lead through one`;
    }
    heres[index] = here;
    // A copy into a directory writes the file it places there by its source's name (`cp -t .
    // d/.npmrc` writes `.npmrc`, `cp -r d/.git .` writes `.git`: red team 29b). A name made at
    // run time (`cp ${Q}.env.example .env.local`) is read with its variables unset (word-paths.ts unsetName).
    const placed = placedFiles(cmd.words);
    for (const p of placed) {
      const path = /[$`]/.test(p.path) ? unsetName(p.path) : p.path;
      if (path !== undefined && !isWorkingDirectory(lexicallyNormalised(path)) && !found.pathLike.includes(path)) addRaw(path, true, here);
    }
    // A directory copied whole (`cp -r d/. .`, `rsync -a d/ .`: placedFiles) or an archive
    // extracted whole bring whatever they hold, `.git/hooks` too. (A patch fills a directory
    // too: not read here, README; git apply and git am refuse a path inside .git themselves.)
    const whole = wholeExtractionDirectory(cmd.words);
    const fills = [...placed.filter((p) => p.whole).map((p) => p.path), ...(whole === undefined ? [] : [whole])];
    for (const dir of fills) for (const base of isRelative(dir) ? here : ['']) if (!filled.includes(within(base, dir))) filled.push(within(base, dir));
    if (scripts !== undefined) {
      for (const p of placed) for (const base of isRelative(p.path) ? here : ['']) put.push({ path: within(base, p.path), whole: p.whole, command: index });
      for (const dir of filledDirectories(cmd.words)) for (const base of isRelative(dir) ? here : ['']) put.push({ path: within(base, dir), whole: true, command: index });
    }
    const extractedInto = unseenLinksDirectory(cmd.words);
    if (extractedInto !== undefined) {
      const dirs = isRelative(extractedInto) ? here.map((base) => within(base, extractedInto)) : [extractedInto];
      unseen.push({ text: cmd.text, dirs });
      for (const dir of dirs) if (!extracted.includes(dir)) extracted.push(dir);
    }
    const links = symbolicLinks(cmd.words);
    // A relative target of `ln -s` is no path from here: it is read from the link's directory (below).
    const fromLinks = links.filter((l) => !l.fromShell && isRelative(l.target)).map((l) => l.target);
    for (const p of found.pathLike) if (!fromLinks.includes(p)) addRaw(p, writesTo(p), here, found.dotRule.has(p));
    // The shell opens redirections in its own directory (`env -C d cmd > out` writes ./out), but
    // the files a program's script opens (`sed 'w out'`, listed with them) are opened where the
    // program runs; a wrapper's options may be read before or after it changes directory
    // (`time -o f env -C d …`): all of these are read in both.
    const both = here === bases ? bases : [...new Set([...bases, ...here])];
    // A redirection writes its target only when it opens it for writing (`> f`, `>> f`, `<> f`):
    // `while read l; do sort; done < f` reads f, whatever the commands it feeds write.
    for (const p of found.redirects) {
      const writesTarget = writtenRedirects !== undefined && writtenRedirects.includes(p);
      addRaw(p, writesTarget, both);
      // bash expands a wildcard in a redirection's target too: `.?` may be `..` (see pathCandidates).
      const up = withParentSegments(p);
      if (up !== undefined) addRaw(up, writesTarget, both);
    }
    for (const p of found.optionPaths) addRaw(p, true, both);
    const tops = [...found.fromTop.map((path) => ({ path, written: true })), ...found.readFromTop.map((path) => ({ path, written: false }))];
    for (const { path, written: w } of tops) {
      if (path !== '' && !isRelative(path)) addRaw(path, w, here);
      else for (const base of here) if (!fromTop.some((t) => t.dir === (base || '.') && t.path === path && t.written === w)) fromTop.push({ dir: base || '.', path, written: w });
    }
    for (const w of found.words) {
      words.push(w);
      wordDotRule.push(found.dotRule.has(w));
    }
    // What this command puts on disk, for git run later on the line (gitRunProblem).
    // (git's own writes go to its repository and index, but for a repository clone or init
    // makes with no `.git` in its name; mkdir makes empty directories.)
    if (cmd.words[0] === 'git') {
      for (const p of unnamedRepositoriesMade(cmd.words)) for (const base of isRelative(p) ? here : ['']) made.push({ text: cmd.text, path: within(base, p), whole: true });
    } else if (!isDirectoryChange(cmd)) {
      // A recursive copy the moves below do not read (`scp -r x p`, `ditto x p`) puts what it writes whole.
      const whole = copiesWhole(cmd.words);
      for (const p of found.pathLike) if (writesTo(p)) for (const base of isRelative(p) ? here : ['']) made.push({ text: cmd.text, path: within(base, p), whole });
      // Each file a copy or a move puts in a directory, by its name (`cp -t p x/HEAD` puts p/HEAD).
      for (const { destinations } of placedPaths(cmd.words)) for (const d of destinations) for (const base of isRelative(d) ? here : ['']) made.push({ text: cmd.text, path: within(base, d), whole: false });
      for (const p of found.redirects) if (writtenRedirects?.includes(p)) for (const base of isRelative(p) ? both : ['']) made.push({ text: cmd.text, path: within(base, p), whole: false });
    }
    for (const tree of treesOf(cmd.words)) {
      // Where git runs moves with the shell too (`cd sub && git grep KEY` reads sub's repository).
      if (tree.gitCwd !== undefined && isRelative(tree.gitCwd === '' ? '.' : tree.gitCwd)) for (const base of here) trees.push({ ...tree, gitCwd: within(base, tree.gitCwd), root: tree.fromTop === true || !isRelative(tree.root) ? tree.root : within(base, tree.root) });
      else for (const base of isRelative(tree.root) && tree.fromTop !== true ? here : ['']) trees.push({ ...tree, root: within(base, tree.root) });
    }
    for (const patch of patchFilesOf(cmd)) {
      for (const base of here) patchFiles.push({ ...patch, file: isRelative(patch.file) ? within(base, patch.file) : patch.file, dir: base });
    }
    for (const { source, destinations } of movedPaths(cmd.words)) {
      for (const base of here) {
        const from = within(base, source);
        moves.push({ source: from, destinations: destinations.map((d) => within(base, d)) });
        for (const d of destinations) made.push({ text: cmd.text, path: within(base, d), whole: true });
        for (const alias of [...aliases]) {
          if (alias.link !== from && !alias.link.startsWith(from + '/')) continue;
          for (const destination of destinations) {
            const link = within(base, destination) + alias.link.slice(from.length);
            const target = isRelative(alias.text) ? within(parentOf(link), alias.text) : alias.text;
            aliases.push({ link, target, text: alias.text });
            addRaw(target, true, ['']);
          }
        }
      }
    }
    for (const { target, link, fromShell } of links) {
      for (const base of here) {
        const at = within(base, link);
        // The kernel reads a relative target from the link's own directory. Writing through
        // the link writes the target, so it counts as written (as a hard link's source does).
        const to = within(fromShell ? base : parentOf(at), target);
        aliases.push({ link: at, target: to, text: fromShell && isRelative(to) ? relativeTo(parentOf(at), to) : target });
        addRaw(to, true, ['']);
      }
    }
  }
  // Each path (and name) through a link the line makes is also read through the link's target.
  // A link moved or copied as a link (`mv`, `cp -P`), alone or inside a directory, is a link at
  // its new place, and a relative one points elsewhere from there (`ln -s ../s a/b/l && mv a/b/l a/l`).
  for (const { link, target } of aliases) {
    const through = (p: string): string | undefined => (p === link ? target : p.startsWith(link + '/') ? target + p.slice(link.length) : throughWildcards(p, link, target));
    for (let i = 0, n = raws.length; i < n; i++) {
      const p = through(raws[i]!);
      if (p !== undefined) {
        raws.push(p);
        written.push(written[i]!);
        dotRule.push(false);
        rawCommand.push(rawCommand[i]!);
      }
    }
    for (const name of [...names]) {
      const p = through(name);
      if (p !== undefined) names.add(p);
    }
    // git run through a link the line makes runs in its target (`ln -s x p && git -C p log`).
    for (const dir of [...gitRuns]) {
      const p = through(dir);
      if (p !== undefined) gitRuns.add(p);
    }
  }
  const writes = raws.filter((_, i) => written[i] && !isDirectoryChange(commands[rawCommand[i]!]!));
  // git clean reads the ignore files before it deletes: only another git command on the line
  // (a checkout, a stash, a second clean) may change them first; then it deletes every file.
  if (gitRewriters > 1) for (let i = 0; i < trees.length; i++) if (trees[i]!.ripgrep?.gitOnly === true) trees[i] = { ...trees[i]!, ripgrep: undefined };
  const out: CommandLinePaths = { raws, written, dotRule, names: [...names], words, writes, wordDotRule, fromTop, moves, trees, patchFiles, filled, gitRuns: [...gitRuns], gitRewrites, extractedInto: extracted };
  if (unseenLinks !== undefined) out.unseenLinks = unseenLinks;
  if (gitRunsUnknown !== undefined) out.gitRunsUnknown = gitRunsUnknown;
  const madeRun = scripts === undefined ? undefined : madeScript(scripts, raws, written, rawCommand, put, heres);
  const nameList = firstNameList(commands);
  if (madeRun !== undefined) out.unplaceable = out.madeRun = `the line runs \`${madeRun}\`, which one of its commands writes, whose contents are not read here`;
  else if (nameList !== undefined) out.unplaceable = `\`${nameList.program}\` opens files whose names it reads from \`${nameList.file}\`, which are not read here`;
  else if (names.size > MAX_NAMES) out.unplaceable = `more than ${MAX_NAMES} names to check in one command line`;
  // Any path after it may lead through a link whose name and target only the run knows.
  else if (unknownLink !== undefined) {
    out.unplaceable = `\`${unknownLink}\` makes a link with names another program supplies, so where paths lead is known only when it runs`;
    out.anyDirectory = true;
  }
  // `cd "$(echo /etc)" && cat passwd` reads /etc/passwd: after a directory change that cannot
  // be read, neither relative paths nor bare names can be placed; and a command that names no
  // path may work on its directory all the same (`cd $UNSET; grep -r x` reads $HOME, `ls`,
  // `make`, `tar c .`: red team 45), so any command besides the changes cannot be placed. (Order
  // is not modelled: a function or a loop may run a command written before the change after it.)
  else if (computed !== undefined && commands.some((c) => !isDirectoryChange(c))) {
    out.unplaceable = `commands follow \`${computed}\`, a directory change that cannot be read before it runs, and may work in that directory`;
    out.anyDirectory = true;
  }
  return out;
}
