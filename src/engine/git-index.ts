// The files a git repository tracks, read from its index (`.git/index`), for the commands that
// read them all (`git grep`): git's index format 2, 3 and 4 (gitformat-index(5)), SHA-1 and
// SHA-256 repositories, a work tree's `.git` file that points to its git directory. Anything
// not read here (an unknown version, a truncated file, GIT_INDEX_FILE or GIT_DIR set for the
// engine's own process) is a reason: the caller refuses the call.
import fs from 'node:fs';
import { realPathOr } from '../facts/directories.js';

export interface TrackedFiles {
  /** The work tree's top: where the index's paths start. */
  top: string;
  /** The tracked paths, relative to the top (`src/a.ts`). */
  paths: string[];
  /** Those of them that are submodules (gitlinks): `git grep` reads what they hold with `submodule.recurse` set in any config. */
  gitlinks: string[];
}

/** Largest index read: past it the caller refuses, as past its budget of entries. */
const MAX_INDEX_BYTES = 64 << 20;

/**
 * The repository `dir` is in (the nearest directory at or above it holding `.git`) and the
 * files it tracks; undefined when there is none; a string saying why they cannot be read.
 */
export function trackedFiles(dir: string): TrackedFiles | undefined | string {
  const repository = repositoryOf(dir);
  if (repository === undefined || typeof repository === 'string') return repository;
  const paths = indexPaths(repository.gitDir);
  return typeof paths === 'string' ? paths : { top: repository.top, paths: paths.paths, gitlinks: paths.gitlinks };
}

/**
 * Why the files git deletes where it runs in `dir` (`git clean`, `git rm -r`, `git stash -u`)
 * may not be those below `dir`'s work tree: the repository git finds there (repositoryOf)
 * puts its work tree elsewhere (`core.worktree`), or cannot be read here. Undefined when
 * there is none or it does not.
 */
export function workTreeProblem(dir: string): string | undefined {
  const repository = repositoryOf(dir);
  return typeof repository === 'string' ? repository : undefined;
}

/**
 * The repository git finds from `dir` (the nearest directory at or above it holding `.git`,
 * passing over one that is no repository): its work tree's top and its git directory;
 * undefined when there is none; a string saying why it cannot be read here, or why its work
 * tree is not that top (`core.worktree`).
 */
function repositoryOf(dir: string): { top: string; gitDir: string } | undefined | string {
  if (process.env.GIT_INDEX_FILE !== undefined || process.env.GIT_DIR !== undefined) return 'GIT_INDEX_FILE or GIT_DIR is set where the engine runs, so which files git tracks is not read here';
  let top = dir;
  // A `.git` directory passed over for being no repository git takes (an empty one).
  let passedOver: string | undefined;
  for (;;) {
    const dotGit = `${top === '/' ? '' : top}/.git`;
    const stat = fs.statSync(dotGit, { throwIfNoEntry: false });
    if (stat !== undefined) {
      const gitDir = stat.isDirectory() ? dotGit : gitDirOfFile(dotGit, top);
      if (gitDir === undefined) return `\`${dotGit}\` does not say where its repository is`;
      // git passes over a `.git` directory that is no repository (an empty one) and looks
      // higher up, where another index may list what is below (red team gprt): so does this
      // reading, and where it finds one there it refuses (the two may not agree on the first).
      if (!isGitDirectory(gitDir)) {
        if (!stat.isDirectory()) return `\`${dotGit}\` points to no repository git takes`;
        passedOver ??= dotGit;
        if (top === '/') return undefined;
        top = top.slice(0, top.lastIndexOf('/')) || '/';
        continue;
      }
      if (passedOver !== undefined) return `\`${passedOver}\` is no repository git takes, and git may then take the one at \`${top}\`: which files it reads is not read here`;
      // `core.worktree` puts the work tree elsewhere: git greps there, not below `.git`'s directory.
      return otherWorkTree(gitDir, top) ?? { top, gitDir };
    }
    // A directory that is itself a git directory (a bare repository's layout) is the one git
    // takes, and its `core.worktree` says where the files are: not read here.
    if (isGitDirectory(top)) return `\`${top}\` is a git directory git may take as its repository, whose work tree is not read here`;
    if (top === '/') return undefined;
    top = top.slice(0, top.lastIndexOf('/')) || '/';
  }
}

/** A `.git` file's `gitdir: PATH` (relative to the file's directory), or undefined. */
function gitDirOfFile(dotGit: string, top: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(dotGit, 'utf8');
  } catch {
    return undefined;
  }
  const m = /^gitdir: (.+?)\r?\n?$/.exec(text.split('\n')[0] + '\n');
  if (m === null) return undefined;
  const target = m[1]!;
  return target.startsWith('/') ? target : `${top === '/' ? '' : top}/${target}`;
}

/**
 * Whether git takes `dir` as a git directory (setup.c is_git_directory): a HEAD that is a
 * symbolic ref into refs/ or an object name, and objects/ and refs/ (in the common directory
 * a linked work tree's `commondir` names).
 */
function isGitDirectory(dir: string): boolean {
  let head: string;
  try {
    const at = `${dir}/HEAD`;
    const st = fs.lstatSync(at, { throwIfNoEntry: false });
    if (st === undefined) return false;
    head = st.isSymbolicLink() ? `ref: ${fs.readlinkSync(at)}` : fs.readFileSync(at, 'latin1');
  } catch {
    return false;
  }
  if (!/^ref:\s*refs\//.test(head) && !/^[0-9a-f]{40}/.test(head)) return false;
  const common = readText(`${dir}/commondir`)?.trim();
  const base = common !== undefined && common !== '' ? (common.startsWith('/') ? common : `${dir}/${common}`) : dir;
  return fs.existsSync(`${base}/objects`) && fs.existsSync(`${base}/refs`);
}

/**
 * Why the work tree is not `top`: a `worktree` setting in the repository's config files
 * (config, config.worktree, and the common directory's) naming another directory, or one not
 * read here (quoted, escaped). Undefined when none does.
 */
function otherWorkTree(gitDir: string, top: string): string | undefined {
  const common = readText(`${gitDir}/commondir`)?.trim();
  const dirs = [gitDir];
  if (common !== undefined && common !== '') dirs.push(common.startsWith('/') ? common : `${gitDir}/${common}`);
  const topReal = realPathOr(top);
  for (const dir of dirs) {
    for (const name of ['config', 'config.worktree']) {
      const text = readText(`${dir}/${name}`);
      if (text === undefined) continue;
      for (const m of text.matchAll(/^(?:[ \t]*\[[^\]\n]*\])?[ \t]*worktree\b[ \t]*(?:=[ \t]*([^\n]*))?$/gim)) {
        const value = (m[1] ?? '').replace(/[ \t\r]+$/, '');
        // git reads core.worktree relative to the git directory.
        const at = value === '' || /["\\;#]/.test(value) ? undefined : realPathOr(value.startsWith('/') ? value : `${gitDir}/${value}`);
        if (at === undefined || at !== topReal) return `the repository's config \`${dir}/${name}\` sets a work tree (\`core.worktree\`) other than \`${top}\`, which is not read here`;
      }
    }
  }
  return undefined;
}

/** The paths an index at `gitDir/index` lists (none when there is no index yet), and those that are gitlinks, or why it cannot be read. */
function indexPaths(gitDir: string): { paths: string[]; gitlinks: string[] } | string {
  const file = `${gitDir}/index`;
  let data: Buffer;
  try {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat === undefined) return { paths: [], gitlinks: [] };
    if (stat.size > MAX_INDEX_BYTES) return `git's index \`${file}\` is larger than the engine reads`;
    data = fs.readFileSync(file);
  } catch {
    return `git's index \`${file}\` cannot be read here`;
  }
  const hashSize = usesSha256(gitDir) ? 32 : 20;
  const problem = `git's index \`${file}\` is not in a form read here`;
  if (data.length < 12 || data.toString('latin1', 0, 4) !== 'DIRC') return problem;
  const version = data.readUInt32BE(4);
  if (version < 2 || version > 4) return problem;
  const count = data.readUInt32BE(8);
  const paths: string[] = [];
  const gitlinks: string[] = [];
  let at = 12;
  let previous = '';
  // Each entry: stat data (40 bytes), the object's hash, 16 bits of flags, in version 3 and
  // later 16 more when the extended bit is set, then its path.
  for (let n = 0; n < count; n++) {
    const start = at;
    if (at + 28 > data.length) return problem;
    // The mode, after ctime, mtime, dev and ino: 0160000 is a submodule (gitlink).
    const gitlink = (data.readUInt32BE(at + 24) & 0o170000) === 0o160000;
    at += 40 + hashSize;
    if (at + 2 > data.length) return problem;
    const flags = data.readUInt16BE(at);
    at += 2;
    if (version >= 3 && (flags & 0x4000) !== 0) at += 2;
    let path: string;
    if (version === 4) {
      // The path is the previous one with N bytes cut from its end, then this entry's text (N a varint).
      let strip = 0;
      let byte: number;
      let first = true;
      do {
        if (at >= data.length) return problem;
        byte = data[at++]!;
        strip = first ? byte & 0x7f : ((strip + 1) << 7) | (byte & 0x7f);
        first = false;
      } while ((byte & 0x80) !== 0);
      const end = data.indexOf(0, at);
      if (end < 0 || strip > Buffer.byteLength(previous)) return problem;
      const kept = Buffer.from(previous).subarray(0, Buffer.byteLength(previous) - strip);
      path = Buffer.concat([kept, data.subarray(at, end)]).toString('utf8');
      at = end + 1;
    } else {
      const end = data.indexOf(0, at);
      if (end < 0) return problem;
      path = data.toString('utf8', at, end);
      // Padded with NULs to a multiple of eight bytes from the entry's start (one NUL at least).
      at = start + Math.ceil((end + 1 - start) / 8) * 8;
    }
    previous = path;
    // A sparse index names a directory left out of the work tree (`dir/`): read as that directory.
    paths.push(path.endsWith('/') ? path.slice(0, -1) : path);
    if (gitlink) gitlinks.push(path.endsWith('/') ? path.slice(0, -1) : path);
  }
  // A split index keeps most entries in another file (the `link` extension): not read here.
  while (at + 8 <= data.length - hashSize) {
    if (data.toString('latin1', at, at + 4) === 'link') return problem;
    at += 8 + data.readUInt32BE(at + 4);
  }
  return { paths, gitlinks };
}

/** Whether the repository's objects are named by SHA-256 (`extensions.objectFormat = sha256`, in a work tree's common directory too). */
function usesSha256(gitDir: string): boolean {
  const configs = [`${gitDir}/config`];
  const common = readText(`${gitDir}/commondir`)?.trim();
  if (common !== undefined && common !== '') configs.push(`${common.startsWith('/') ? common : `${gitDir}/${common}`}/config`);
  return configs.some((config) => /objectformat\s*=\s*sha256/i.test(readText(config) ?? ''));
}

function readText(path: string): string | undefined {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
