// Where a command line runs git, and what the line itself may have made there before git
// looks for its repository (facts/git-discovery.ts reads what is on disk when the call is
// checked; a repository the same line makes is not there yet). Parse-time, no file system.
import type { SimpleCommand } from '../types.js';
import { gitSubcommandAt } from './file-operands.js';
import { hasShellWildcard, mayExpandTo } from './path-glob.js';
import { isRelative, nameOf, parentOf } from './within.js';

/** Programs that run git in the directory they start in (and `git-*` helpers). */
const RUNS_GIT = /^(?:git(?:-[a-z-]+)?|gitk|tig|lazygit|gh|pre-commit)$/;

export function runsGit(program: string | undefined): boolean {
  return program !== undefined && RUNS_GIT.test(program);
}

/** What a line did before a git command: archives extracted, paths written (but by mkdir), a work tree written from commits. */
export interface LineSoFar {
  unseen: readonly { text: string }[];
  made: readonly { text: string; path: string }[];
  populating: string | undefined;
}

// git subcommands that write work-tree files from commits, whose names no word gives
// (`git checkout pr` may bring a directory holding a repository's files).
const POPULATING = new Set(['checkout', 'switch', 'restore', 'merge', 'pull', 'stash', 'reset', 'rebase', 'cherry-pick', 'revert', 'am', 'read-tree', 'checkout-index', 'worktree', 'submodule', 'sparse-checkout', 'bundle']);
export function writesWorkTreeFromCommits(words: readonly string[]): boolean {
  return words[0] === 'git' && POPULATING.has(words[gitSubcommandAt(words)] ?? '');
}

/**
 * The directories `git clone`/`git init` make into a repository with no `.git` in its name:
 * `--separate-git-dir`'s, and with `--bare`/`--mirror` the directory given (`git init --bare`
 * alone: its own, `''`; `git clone --bare URL` alone makes `NAME.git`, named so).
 */
export function unnamedRepositoriesMade(words: readonly string[]): string[] {
  if (words[0] !== 'git') return [];
  const at = gitSubcommandAt(words);
  const sub = words[at];
  if (sub !== 'clone' && sub !== 'init') return [];
  const out: string[] = [];
  const operands: string[] = [];
  let bare = false;
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--separate-git-dir' && i + 1 < words.length) out.push(words[++i]!);
    else if (w.startsWith('--separate-git-dir=')) out.push(w.slice('--separate-git-dir='.length));
    else if (w === '--bare' || w === '--mirror') bare = true;
    else if (/^-(?:[bcojuC]|-(?:branch|origin|config|template|upload-pack|reference|reference-if-able|depth|shallow-since|shallow-exclude|filter|server-option|jobs|object-format|ref-format|initial-branch|shared|bundle-uri|separate-git-dir))$/.test(w)) i++;
    else if (w === '--') continue;
    else if (!w.startsWith('-')) operands.push(w);
  }
  if (bare) {
    if (sub === 'init') out.push(operands[0] ?? '');
    else if (operands.length >= 2) out.push(operands[1]!);
  }
  return out;
}

/** Local repositories a git command runs git in besides its own directory: `git archive --remote=DIR` (upload-archive reads DIR's config). */
export function gitRemoteDirectories(words: readonly string[]): string[] {
  if (words[0] !== 'git' || words[gitSubcommandAt(words)] !== 'archive') return [];
  const out: string[] = [];
  words.forEach((w, i) => {
    const value = w.startsWith('--remote=') ? w.slice('--remote='.length) : w === '--remote' ? words[i + 1] : undefined;
    if (value === undefined) return;
    // A `file://` URL is the directory it names; other URLs (`host:path`, `ssh://`) run elsewhere.
    const local = /^file:\/\//i.test(value) ? value.replace(/^file:\/\/(?:localhost)?/i, '') : /^[^/:]+:|^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? undefined : value;
    if (local !== undefined && local !== '') out.push(local);
  });
  return out;
}

/** A path as a directory the line names: no trailing `/`, no leading `./`, `.` as `''` (the shell's own). */
function asDirectory(path: string): string {
  const trimmed = path.replace(/\/+$/, '').replace(/^(?:\.\/)+/, '');
  return trimmed === '.' ? '' : trimmed;
}

/** Whether `dir` is `top` or below it (both as the line writes them, from one base). */
function atOrBelow(dir: string, top: string): boolean {
  if (top === '') return isRelative(dir);
  return dir === top || dir.startsWith(`${top}/`);
}

/** A name that is, or a wildcard that may be, one git's test of a repository reads first. */
function isRepositoryMarker(name: string): boolean {
  if (name.toUpperCase() === 'HEAD' || name === 'commondir') return true;
  return hasShellWildcard(name) && (mayExpandTo(name, 'HEAD') || mayExpandTo(name, 'commondir'));
}

/**
 * Why git run by `cmd` in `here` (the directories it may start in) may find a repository
 * the line made or a directory no reading places, or undefined: an archive extracted
 * before; a path written at or above where git runs (`cp -r x p`, `git clone --bare u p`,
 * `rsync -a x/ p/`), or a HEAD put there (`cp -t p x/HEAD`); a work tree written from
 * commits before git runs in a directory below the shell's; `git --bare`; git run where
 * `find -execdir` or `xargs` says.
 */
export function gitRunProblem(cmd: SimpleCommand, here: readonly string[], soFar: LineSoFar): string | undefined {
  const { words } = cmd;
  const outer = cmd.wrappedBy ?? [];
  if (words[0] === 'git' && words.slice(1, gitSubcommandAt(words)).includes('--bare')) return '`git --bare` takes the directory it runs in for its repository, whatever `.git` it holds';
  const finder = outer.find((o) => /^(?:find|fd|fdfind)\s/.test(o) && /\s(?:-execdir|-okdir|-x|--exec)\s/.test(o));
  if (finder !== undefined) return `\`${finder}\` runs git in directories it finds, whose repositories no check saw`;
  const supplier = outer.find((o) => /^(?:xargs|parallel)\s/.test(o));
  if (supplier !== undefined && [cmd.text, ...outer].some((t) => /\{\}|\s-C|--git-dir|--work-tree/.test(t))) return `\`${supplier}\` chooses where git runs, whose repository no check saw`;
  if (soFar.unseen.length > 0) return `\`${soFar.unseen[0]!.text}\` puts files on disk no word names (a repository's config or hooks among them, perhaps), and git runs after it`;
  for (const { text, path } of soFar.made) {
    const made = asDirectory(path);
    const name = nameOf(made);
    // An absolute directory and a relative path cannot be compared here: taken as one above the other.
    const above = here.some((dir) => (dir !== '' || made === '') && (atOrBelow(asDirectory(dir), made) || (!isRelative(dir) && isRelative(made))));
    const marker = isRepositoryMarker(name) && here.some((dir) => atOrBelow(asDirectory(dir), asDirectory(parentOf(made))));
    if (above || marker) return `\`${text}\` puts \`${path}\` at or above where git then runs: it may be a repository whose config names programs git runs`;
  }
  if (soFar.populating !== undefined && here.some((dir) => asDirectory(dir) !== '')) return `\`${soFar.populating}\` writes files from commits, and git then runs in a directory below: it may be a repository whose config names programs git runs`;
  return undefined;
}
