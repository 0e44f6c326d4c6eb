// Where a command line runs git, and what the line itself may have made there before git
// looks for its repository (facts/git-discovery.ts reads what is on disk when the call is
// checked; a repository the same line makes is not there yet). Parse-time, no file system.
import type { SimpleCommand } from '../types.js';
import { gitSubcommandAt } from './operands/git.js';
import { isNamedRepository } from './git-discovery.js';
import { hasShellWildcard, mayExpandTo } from './path-glob.js';
import { isRelative, lexicallyNormalised, nameOf, parentOf } from './within.js';

/** Programs that run git in the directory they start in (and `git-*` helpers). */
const RUNS_GIT = /^(?:git(?:-[a-z-]+)?|gitk|tig|lazygit|gh|pre-commit)$/;

export function runsGit(program: string | undefined): boolean {
  return program !== undefined && RUNS_GIT.test(program);
}

/**
 * What a line did before a git command: archives extracted; paths it put on disk, `whole`
 * when a directory's contents came with it (moved, copied recursively, a bare repository
 * made), else one entry (only its name can make a repository: HEAD).
 */
export interface LineSoFar {
  unseen: readonly { text: string }[];
  made: readonly { text: string; path: string; whole: boolean }[];
}

// Options of clone and init that take a value (the next word when not given with `=`).
const VALUED = /^-(?:[bcojuC]|-(?:branch|origin|config|template|upload-pack|reference|reference-if-able|depth|shallow-since|shallow-exclude|filter|server-option|jobs|object-format|ref-format|initial-branch|shared|bundle-uri))$/;

/**
 * The directories `git clone`/`git init` make into a repository, or a work tree whose `.git`
 * file names one, with no `.git` in its name: `--separate-git-dir`'s and the work tree's
 * then, and with `--bare`/`--mirror` the directory made (init's operand, else its own `''`;
 * clone's second operand, else the URL's last name, `NAME.git` when bare: named so). git
 * takes any unambiguous start of a long option (`--bar`, `--mirr`, `--sep=p`).
 */
export function unnamedRepositoriesMade(words: readonly string[]): string[] {
  if (words[0] !== 'git') return [];
  const at = gitSubcommandAt(words);
  const sub = words[at];
  if (sub !== 'clone' && sub !== 'init') return [];
  const out: string[] = [];
  const operands: string[] = [];
  let bare = false;
  let separate = false;
  const spells = (name: string, option: string): boolean => name.length >= 4 && option.startsWith(name);
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i]!;
    const name = w.startsWith('--') && w.includes('=') ? w.slice(0, w.indexOf('=')) : w;
    if (spells(name, '--separate-git-dir')) {
      separate = true;
      const dir = name === w ? words[++i] : w.slice(name.length + 1);
      if (dir !== undefined) out.push(dir);
    } else if (spells(name, '--bare') || spells(name, '--mirror')) bare = true;
    else if (VALUED.test(w)) i++;
    else if (!w.startsWith('-')) operands.push(w);
  }
  const first = operands[0];
  const made = sub === 'init' ? (first ?? '') : (operands[1] ?? (first === undefined ? undefined : `${nameOf(first.replace(/\/+$/, '')).replace(/\.git$/, '')}${bare ? '.git' : ''}`));
  if ((bare || separate) && made !== undefined) out.push(made);
  return out;
}

// The server side of fetch, push and archive: it runs in the repository it is given, by that
// repository's config and hooks (`git upload-archive ../q < request`, `git-receive-pack DIR`).
const SERVER_PROGRAMS: ReadonlySet<string> = new Set(['git-upload-archive', 'git-upload-pack', 'git-receive-pack']);

/**
 * Local repositories a git command runs git in besides its own directory: a server program's
 * repository, and `git archive --remote=DIR` (upload-archive reads DIR's `tar.*.command`).
 */
export function gitRemoteDirectories(words: readonly string[]): string[] {
  const program = words[0];
  if (program === undefined) return [];
  const at = program === 'git' ? gitSubcommandAt(words) : 0;
  if (SERVER_PROGRAMS.has(program) || (program === 'git' && SERVER_PROGRAMS.has(`git-${words[at] ?? ''}`))) {
    const dir = words.slice(at + 1).find((w) => !w.startsWith('-'));
    return dir === undefined ? [] : [dir];
  }
  if (program !== 'git' || words[at] !== 'archive') return [];
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

/** A path as a directory the line names: `.`, `..` and repeated `/` collapsed, `''` for the shell's own. */
function asDirectory(path: string): string {
  const normal = lexicallyNormalised(path);
  return normal === '.' ? '' : normal;
}

/**
 * Whether git run in `dir` may look in `top` (at it or above it; both as the line writes
 * them, from one base): an absolute and a relative one cannot be compared here, and are
 * taken to be so.
 */
function looksIn(dir: string, top: string): boolean {
  if (isRelative(dir) !== isRelative(top) || top === '' || top === '/') return true;
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
 * before; a directory put whole at or above where git runs (`cp -r x p`, `git clone --bare
 * u p`, `rsync -a x/ p/`), or a HEAD put there (`cp -t p x/HEAD`); `git --bare`; git run
 * where `find -execdir` says, in `{}` or in a wildcard. (A checkout or clone that brings a
 * repository's files from commits is not read here: a known gap, README.)
 */
export function gitRunProblem(cmd: SimpleCommand, here: readonly string[], soFar: LineSoFar): string | undefined {
  const { words } = cmd;
  if (words[0] === 'git' && words.slice(1, gitSubcommandAt(words)).includes('--bare')) return '`git --bare` takes the directory it runs in for its repository, whatever `.git` it holds';
  const finder = cmd.wrappedBy?.find((o) => /^(?:find|fd|fdfind)\s/.test(o) && /\s(?:-execdir|-okdir|-x|--exec)\s/.test(o));
  if (finder !== undefined) return `\`${finder}\` runs git in directories it finds, whose repositories no check saw`;
  // A directory another program fills in (`find … -exec git -C {}`, `xargs -I{} git -C {}`) or a wildcard the shell expands.
  const unread = here.find((dir) => dir.includes('{}') || hasShellWildcard(dir));
  if (unread !== undefined) return `git runs in \`${unread}\`, a directory known only when the line runs, whose repository no check saw`;
  if (soFar.unseen.length > 0) return `\`${soFar.unseen[0]!.text}\` puts files on disk no word names (a repository's config or hooks among them, perhaps), and git runs after it`;
  for (const { text, path, whole } of soFar.made) {
    const made = asDirectory(path);
    // One named as a repository is written only through shell.gitMetadata's guard, which refuses that.
    if (isNamedRepository(made)) continue;
    // The shell's own directory (a work tree's top, usually) counts only when something is put there whole.
    const above = whole && here.some((dir) => (made === '' || asDirectory(dir) !== '') && looksIn(asDirectory(dir), made));
    const marker = isRepositoryMarker(nameOf(made)) && here.some((dir) => looksIn(asDirectory(dir), asDirectory(parentOf(made))));
    if (above || marker) return `\`${text}\` puts \`${path}\` at or above where git then runs: it may be a repository whose config names programs git runs`;
  }
  return undefined;
}
