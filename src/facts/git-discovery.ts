// Where git finds its repository when no `--git-dir` names one: from the directory it runs in
// up to `/`, the first directory with a `.git`, or the first that is itself a repository
// (HEAD, objects/ and refs/: implicit bare discovery). A repository's config names programs
// git runs (`diff.*.textconv` under `git log -p`, `core.sshCommand`, `gpg.program`), so a
// directory an agent filled with those files turns an allowed `git log` into any command.
// Reads the file system, uncached: the answer changes as soon as a file is written.
import * as fs from 'node:fs';
import { lexicallyNormalised, parentOf } from './within.js';
import type { StatCache } from './paths.js';

// A directory whose path has a segment `.git` or `NAME.git` is git's metadata by name: writing
// there is refused (shell.gitMetadata), so what is there was not planted through Toolwarden.
const NAMED_REPOSITORY = /\.git(?:\/|$)/i;

/** Whether a path has a segment `.git` or `NAME.git` (a repository by name). */
export function isNamedRepository(path: string): boolean {
  return NAMED_REPOSITORY.test(path);
}

/**
 * The directory git run in `dir` (canonical, absolute; `known`: this call's lstat answers)
 * would take for a repository though no name says it is one, or undefined when it would
 * find a `.git` directory first, a repository named as one, or nothing. At each level git
 * looks for `.git` before it asks whether the directory is a repository itself. A `.git`
 * directory ends the walk (one git would refuse as malformed lets it go on up, but making or
 * changing one is a write shell.gitMetadata refuses); a `.git` file or link ends it at the
 * repository it names (`gitdir: p`, as `--separate-git-dir` leaves), which must be named so.
 */
export function unnamedRepositoryAbove(dir: string, known?: StatCache): string | undefined {
  // A directory this call already found missing (resolving its paths) holds nothing, nor does
  // anything below it: git cannot start or look there, so the walk starts above the highest.
  let start = dir;
  if (known !== undefined) for (let a = dir; a !== '/' && a !== ''; a = parentOf(a)) if (known.get(a) === null) start = parentOf(a);
  for (let d = start; ; d = parentOf(d)) {
    const at = d === '/' ? '' : d;
    const dotGit = entryAt(`${at}/.git`, false);
    if (dotGit?.isDirectory() === true) return undefined;
    if (dotGit !== undefined) {
      const named = namedRepository(`${at}/.git`, dotGit);
      // A gitfile or link git cannot follow stops git with an error: it runs nothing.
      if (named === null) return undefined;
      return NAMED_REPOSITORY.test(named) ? undefined : named;
    }
    if (isGitDirectory(at)) return NAMED_REPOSITORY.test(d) ? undefined : d;
    if (d === '/') return undefined;
  }
}

/** The repository a `.git` file (`gitdir: PATH`) or link names, or null when git could not follow it. */
function namedRepository(dotGit: string, entry: fs.Stats): string | null {
  try {
    if (entry.isSymbolicLink()) return fs.realpathSync(dotGit);
    if (!entry.isFile() || entry.size > 4096) return null;
    const found = /^gitdir: *(.+?)\s*$/m.exec(fs.readFileSync(dotGit, 'utf8'));
    if (found === null) return null;
    const target = found[1]!;
    // Normalised: `a/.git/../p` is p, no repository by name.
    return lexicallyNormalised(target.startsWith('/') ? target : `${parentOf(dotGit)}/${target}`);
  } catch {
    return null;
  }
}

/**
 * What git's own test asks of a repository: HEAD, and directories objects/ and refs/ (links
 * followed, as git does), or a `commondir` file that says where they are (a linked work
 * tree's repository), which is taken as one without reading further.
 */
function isGitDirectory(at: string): boolean {
  if (entryAt(`${at}/HEAD`, false) === undefined) return false;
  if (entryAt(`${at}/commondir`, false) !== undefined) return true;
  // git asks only that objects/ and refs/ can be entered (executable): a file with its x bit passes too.
  return entryAt(`${at}/objects`, true) !== undefined && entryAt(`${at}/refs`, true) !== undefined;
}

/**
 * The entry at `path` (links followed with `follow`), or undefined when there is none, a
 * directory on the way being a file (`/etc/passwd/.git`: git cannot run there either). Any
 * other failure (no permission, a link loop) throws: the call is then denied.
 */
function entryAt(path: string, follow: boolean): fs.Stats | undefined {
  try {
    return follow ? fs.statSync(path, { throwIfNoEntry: false }) : fs.lstatSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** Whether a written path is named HEAD (any case: a file system that folds names reads `head` so): git's first test of a repository. */
function isWrittenHead(paths: readonly string[], written: readonly boolean[], j: number): boolean {
  const path = paths[j]!;
  return written[j] === true && path.length > 5 && path.charCodeAt(path.length - 5) === 0x2f /* / */ && path.slice(-4).toUpperCase() === 'HEAD';
}

/** Whether a call writes a HEAD (canonical paths, same index as `written`). */
export function writesHead(paths: readonly string[], written: readonly boolean[]): boolean {
  for (let j = 0; j < paths.length; j++) if (isWrittenHead(paths, written, j)) return true;
  return false;
}

/** The HEADs a call writes. */
export function writtenHeads(paths: readonly string[], written: readonly boolean[]): string[] {
  const heads: string[] = [];
  for (let j = 0; j < paths.length; j++) if (isWrittenHead(paths, written, j)) heads.push(paths[j]!);
  return heads;
}
