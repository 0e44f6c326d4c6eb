// Path canonicalisation: every path a call touches is made canonical before any glob or
// containment check sees it. Pure apart from synchronous, uncached file-system reads
// (a symlink may change between calls, so nothing is remembered).
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import { bracketEnd, escapeGlob, hasShellWildcard, splitLiteralPrefix } from './path-glob.js';
import { directoriesBelow, entriesIn, type EntryBudget } from './directories.js';
import { lexicallyNormalised } from './within.js';
import { caseFold, hasLoneSurrogate, narrowFold } from './unicode.js';

export interface PathContext {
  /** Canonical absolute workspace root, or undefined. */
  root?: string;
  /** The root as resolved, before NFC and case folding, when that differs from `root` (Canonical.physical). */
  rootPhysical?: string;
  /** The call's working directory (raw; made canonical here). */
  cwd?: string;
  home: string;
  resolveSymlinks: boolean;
  caseInsensitive: boolean;
  /**
   * `lstat` results of this one call, shared by its paths (root, cwd, every argument).
   * Owned by the caller and dropped with the call: never reuse it across calls, a
   * symlink may change in between.
   */
  statCache?: StatCache;
  /**
   * Directory entries the call's wildcard expansions may still read, shared by all of them:
   * a call naming thousands of patterns must not make one decision take seconds (a gateway
   * that times out may proceed). Owned by the caller, per call.
   */
  wildcardBudget?: EntryBudget;
  /** Read a backslash as part of a name, as POSIX does, not as a separator (Canonical.posix). */
  backslashInName?: boolean;
}

/** `lstat` answers by absolute path within one call; null: the entry does not exist. */
export type StatCache = Map<string, fs.Stats | null>;

/**
 * `path`: the canonical form (NFC, and with caseInsensitive the full case fold), which every
 * glob and containment check sees. `narrow`: the same path as the file system at least tells
 * names apart (narrowFold: no NFC, ASCII case only), when it differs from `path`; checks that
 * allow must match it too (see checkedNarrow). `physical` (roots only): the root as resolved,
 * before NFC and folding, when that differs from `path`.
 */
export type Canonical = { ok: true; path: string; narrow?: string; physical?: string; posix?: PosixReading } | { ok: false; reason: string };

/**
 * A path holding a backslash read as this host's file system reads it, the backslash part of
 * a name (`src\x` is a file beside `src`), when that differs from the canonical form, which
 * reads it as a separator (`src/x`): every check sees both, so neither reading slips past an
 * allowlist or a forbidden glob.
 */
export interface PosixReading {
  path: string;
  narrow?: string;
}

export const MAX_PATH_LENGTH = 4096;
const MAX_SYMLINKS = 40;

// C0 controls and DEL: legal in POSIX names but never in an honest path; refusing them is
// a deny, which is the safe side.
const CONTROL_CHAR = /[\u0000-\u001f\u007f-\u009f]/;
// A shell variable or substitution the tool's shell would expand to something we cannot see.
const SHELL_EXPANSION = /\$[A-Za-z_{(]|`/;
const HOME_VARIABLE = /^\$(?:HOME|\{HOME\})(?=\/|$)/;
const FILE_URL = /^file:\//i;
const WINDOWS_DRIVE = /^[A-Za-z]:(?:\/|$)/;

function fail(reason: string): Canonical {
  return { ok: false, reason };
}

const NOT_UTF8 = 'path holds a name that is not valid UTF-8 (read as U+FFFD), which cannot be looked up as written';

/** Checks that hold for any raw path: type, size, NUL and control bytes, well-formed UTF-16, valid UTF-8. */
function checkRaw(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return 'path is not a string';
  if (raw.length === 0) return 'path is empty';
  if (raw.length > MAX_PATH_LENGTH) return `path is longer than ${MAX_PATH_LENGTH} characters`;
  // One pass finds whether any of the slower tests below can fire (most paths are plain ASCII).
  let suspicious = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff) || c === 0xfffd) {
      suspicious = true;
      break;
    }
  }
  if (!suspicious) return undefined;
  if (raw.includes('\u0000')) return 'path contains a NUL byte';
  if (CONTROL_CHAR.test(raw)) return 'path contains a control character';
  if (hasLoneSurrogate(raw)) return 'path is not well-formed unicode';
  // What a byte that is no UTF-8 (`$'r\xff'`) decodes to: the file of that name is another.
  if (raw.includes('\ufffd')) return NOT_UTF8;
  return undefined;
}

/**
 * Printable ASCII with none of `\ ~ $ \` :`, within the length cap: checkRaw has nothing to
 * object to and expandRaw would return it unchanged (most paths), so both are skipped.
 */
function isPlainRaw(raw: unknown): raw is string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_PATH_LENGTH) return false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x5c /* \ */ || c === 0x7e /* ~ */ || c === 0x24 /* $ */ || c === 0x60 /* ` */ || c === 0x3a /* : */) return false;
  }
  return true;
}

/**
 * `\` is read as a separator (Windows style), so `..\..\etc\passwd` is seen as the traversal
 * it is meant to be; drive letters and UNC paths name nothing on this host and are refused.
 * `~`, `~/`, `$HOME` and `${HOME}` expand to home; `~user` and other variables are refused.
 */
function expandRaw(raw: string, home: string, backslashInName = false): { ok: true; path: string } | { ok: false; reason: string } {
  if (raw.startsWith('\\\\')) return { ok: false, reason: 'UNC paths are not supported' };
  // A `file:` URL names a local file: read it as the path it stands for, percent-decoded.
  if (FILE_URL.test(raw)) {
    // `file:/x/../../k` is a URL (`/k`) to curl and git, and a relative path to a file tool
    // that only converts `file://` (OpenClaw's): its `..` lands differently in each.
    if (!/^file:\/\//i.test(raw) && raw.split('/').includes('..')) return { ok: false, reason: 'a `file:` URL without `//` holding `..` names one file as a URL and another as a path' };
    try {
      return expandRaw(fileURLToPath(raw), home, backslashInName);
    } catch {
      return { ok: false, reason: 'a `file:` URL that names no local path' };
    }
  }
  if (raw.includes('\\') && backslashMovesParent(raw)) return { ok: false, reason: 'a `..` after a name holding a backslash lands elsewhere where the backslash is part of the name (POSIX) than where it separates names' };
  let path = raw.includes('\\') && !backslashInName ? raw.replace(/\\/g, '/') : raw;
  if (path.charCodeAt(1) === 0x3a /* : */ && WINDOWS_DRIVE.test(path)) return { ok: false, reason: 'Windows drive paths are not supported' };
  if (path === '~' || path.startsWith('~/')) path = home + path.slice(1);
  else if (path.startsWith('~')) return { ok: false, reason: '`~user` paths cannot be verified' };
  else if (path.startsWith('$') && HOME_VARIABLE.test(path)) {
    // A file tool does not expand `$HOME` (a directory of that name): a `..` after it lands elsewhere.
    if (path.split('/').includes('..')) return { ok: false, reason: '`$HOME` followed by `..` names one file where a shell expands it and another where a tool does not' };
    path = path.replace(HOME_VARIABLE, home);
  }
  if ((path.includes('$') || path.includes('`')) && SHELL_EXPANSION.test(path)) return { ok: false, reason: 'path contains a shell variable or substitution' };
  return { ok: true, path };
}

/**
 * Whether a `..` segment follows a name holding a backslash (`a\b/../../x`): the system reads
 * the backslash as part of the name, so the `..` climbs from there, one level higher than in
 * the reading that takes the backslash for a separator, which is the one checked.
 */
function backslashMovesParent(raw: string): boolean {
  const segments = raw.split('/');
  const first = segments.findIndex((segment) => segment.includes('\\'));
  return first >= 0 && segments.slice(first + 1).includes('..');
}

/** The non-empty segments other than `.` (what `split('/').filter(...)` gives, without the copies). */
function segmentsOf(path: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= path.length; i++) {
    if (i < path.length && path.charCodeAt(i) !== 0x2f) continue;
    const length = i - start;
    if (length > 0 && !(length === 1 && path.charCodeAt(start) === 0x2e)) out.push(path.slice(start, i));
    start = i + 1;
  }
  return out;
}

/** Already what lexicalPath would make of it: absolute, no empty, `.` or `..` segment, no trailing `/`. */
function isLexicallyClean(path: string): boolean {
  if (path.charCodeAt(0) !== 0x2f) return false;
  if (path.length === 1) return true;
  let start = 1;
  for (let i = 1; i <= path.length; i++) {
    if (i < path.length && path.charCodeAt(i) !== 0x2f) continue;
    const length = i - start;
    if (length === 0) return false;
    if (path.charCodeAt(start) === 0x2e && (length === 1 || (length === 2 && path.charCodeAt(start + 1) === 0x2e))) return false;
    start = i + 1;
  }
  return true;
}

/** Whether a `..` segment occurs: only then can lexical and kernel resolution differ. */
function hasDotDotSegment(path: string): boolean {
  let start = 0;
  for (let i = 0; i <= path.length; i++) {
    if (i < path.length && path.charCodeAt(i) !== 0x2f) continue;
    if (i - start === 2 && path.charCodeAt(start) === 0x2e && path.charCodeAt(start + 1) === 0x2e) return true;
    start = i + 1;
  }
  return false;
}

/** `.`, `..`, `//` and trailing slashes collapsed without touching the file system; always absolute. */
function lexicalPath(path: string): string {
  if (isLexicallyClean(path)) return path;
  return lexicallyNormalised(path.startsWith('/') ? path : `/${path}`);
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

const NO_THROW_ON_MISSING = { throwIfNoEntry: false } as const;

/** `lstat` of one absolute path: its stats, null when missing, undefined when it cannot be inspected. */
function inspect(path: string, cache: StatCache | undefined): fs.Stats | null | undefined {
  const known = cache?.get(path);
  if (known !== undefined) return known;
  let stat: fs.Stats | null;
  try {
    // ENOENT without an exception: building one per missing component was most of the cost.
    stat = fs.lstatSync(path, NO_THROW_ON_MISSING) ?? null;
  } catch (error) {
    if (!isMissing(error)) return undefined;
    stat = null;
  }
  cache?.set(path, stat);
  return stat;
}

/**
 * On a case-insensitive workspace a name spelt in another case (or a root that was already
 * case-folded) must still find the entry, symlinks included, even when the host file system
 * is case-sensitive. undefined: no entry; null: several entries differ only in case.
 */
function findIgnoringCase(dir: string, segment: string): { name: string; stat: fs.Stats } | null | undefined {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return undefined;
  }
  const wanted = caseFold(segment.normalize('NFC'));
  const matches = names.filter((n) => caseFold(n.normalize('NFC')) === wanted);
  if (matches.length === 0) return undefined;
  if (matches.length > 1) return null;
  const name = matches[0] as string;
  try {
    return { name, stat: fs.lstatSync(dir === '/' ? '/' + name : dir + '/' + name) };
  } catch {
    return undefined;
  }
}

/**
 * Resolves an absolute path component by component as the kernel does: a symlink is
 * replaced by its target (so `..` after a link climbs from where the link points), and a
 * dangling link resolves to where it points. Once a component does not exist the rest is
 * appended as written.
 */
function kernelResolve(path: string, caseInsensitive: boolean, cache: StatCache | undefined): Canonical {
  const pending = segmentsOf(path).reverse();
  // The resolved prefix as a string: '' is the file-system root.
  let resolved = '';
  let links = 0;
  let exists = true;
  // Segments appended since the first missing one. A `..` that climbs back out of them
  // lands on a directory that does exist, and resolution resumes there: `mkdir -p a/n;
  // cat a/n/../link/x` and tools that create parents both walk through `link` for real.
  let missing = 0;
  while (pending.length > 0) {
    const segment = pending.pop() as string;
    if (segment === '..') {
      resolved = resolved.slice(0, Math.max(0, resolved.lastIndexOf('/')));
      if (!exists && --missing === 0) exists = true;
      continue;
    }
    if (!exists) {
      resolved += '/' + segment;
      missing += 1;
      continue;
    }
    let candidate = resolved + '/' + segment;
    let stat = inspect(candidate, cache);
    if (stat === undefined) return fail(`cannot inspect \`${candidate}\``);
    if (stat === null) {
      const match = caseInsensitive ? findIgnoringCase(resolved === '' ? '/' : resolved, segment) : undefined;
      if (match === null) return fail(`more than one name matches \`${segment}\` ignoring case`);
      if (match === undefined) {
        exists = false;
        missing = 1;
        resolved += '/' + segment;
        continue;
      }
      candidate = resolved + '/' + match.name;
      stat = match.stat;
      if (!stat.isSymbolicLink()) {
        resolved = candidate;
        continue;
      }
    }
    if (!stat.isSymbolicLink()) {
      resolved = candidate;
      continue;
    }
    if (OWN_PROCESS.test(candidate)) return fail(OWN_PROCESS_REASON);
    links += 1;
    if (links > MAX_SYMLINKS) return fail('too many symbolic links');
    let target: string;
    try {
      target = fs.readlinkSync(candidate, 'utf8');
    } catch {
      return fail(`cannot read symbolic link \`${candidate}\``);
    }
    if (target.startsWith('/')) resolved = '';
    const targetSegments = segmentsOf(target);
    for (let i = targetSegments.length - 1; i >= 0; i--) pending.push(targetSegments[i] as string);
  }
  return { ok: true, path: resolved === '' ? '/' : resolved };
}

const NON_ASCII = /[^\u0000-\u007f]/;

function finish(path: string, caseInsensitive: boolean): Canonical {
  // NFC leaves ASCII unchanged; skip the ICU call for it.
  let out = NON_ASCII.test(path) ? path.normalize('NFC') : path;
  // The same fold as the globs' (path-glob.ts).
  if (caseInsensitive) out = caseFold(out);
  if (out.length > MAX_PATH_LENGTH) return fail(`path is longer than ${MAX_PATH_LENGTH} characters`);
  return { ok: true, path: out };
}

// `/proc/self` (and `/dev/fd`, `/dev/stdin`, which lead there) is the directory of whichever
// process opens it: its `cwd`, `root` and `fd/N` links are ours here, the program's when it
// runs (`cd config && cat /proc/self/cwd/prod.key` reads config/prod.key, which we would
// read as prod.key in our own working directory). Refused rather than read as ours.
// So are those of any process (`/proc/PID/root/etc/shadow`, `/proc/PID/cwd/x`): a PID that is
// no process now may be the command's own shell or program when it runs.
const OWN_PROCESS = /^\/proc\/(?:(?:self|thread-self)(?:\/|$)|[^/]+\/(?:task\/[^/]+\/)?(?:cwd|root|fd|fdinfo|exe|map_files)(?:\/|$))/;
const OWN_PROCESS_REASON = '`/proc/self` and `/proc/PID` link to a process\'s own directory, file descriptors and root, which differ from ours';

/** An absolute expanded path made canonical, without NFC or case folding yet. */
function resolveAbsolute(absolute: string, resolveSymlinks: boolean, caseInsensitive: boolean, cache: StatCache | undefined): Canonical {
  const lexical = lexicalPath(absolute);
  if (OWN_PROCESS.test(lexical)) return fail(OWN_PROCESS_REASON);
  if (!resolveSymlinks) return { ok: true, path: lexical };
  // Tools either normalise `..` first (Node's path.resolve) or hand the raw path to the
  // kernel (which climbs out of a symlinked directory). When those disagree the path is
  // ambiguous, and ambiguity is refused. Without a `..` both walks are the same walk.
  const viaLexical = kernelResolve(lexical, caseInsensitive, cache);
  if (!viaLexical.ok || !hasDotDotSegment(absolute)) return viaLexical;
  const viaKernel = kernelResolve(absolute, caseInsensitive, cache);
  if (!viaKernel.ok) return viaKernel;
  if (viaLexical.path !== viaKernel.path) {
    return fail('`..` after a symbolic link makes the path ambiguous');
  }
  return viaLexical;
}

/** The call's cwd made absolute (relative to the root), its symlinks not resolved. */
function givenCwd(cwd: string, ctx: PathContext): Canonical {
  const problem = checkRaw(cwd);
  if (problem !== undefined) return fail(`cwd: ${problem}`);
  const expanded = expandRaw(cwd, ctx.home, ctx.backslashInName);
  if (!expanded.ok) return fail(`cwd: ${expanded.reason}`);
  if (expanded.path.startsWith('/')) return expanded;
  if (ctx.root === undefined) return fail('cwd is relative and there is no workspace root');
  return { ok: true, path: ctx.root + '/' + expanded.path };
}

/** The base relative paths resolve against: the call's cwd (made absolute), else the root. */
function baseDirectory(ctx: PathContext): Canonical {
  if (ctx.cwd !== undefined) {
    const given = givenCwd(ctx.cwd, ctx);
    if (!given.ok) return given;
    return resolveAbsolute(given.path, ctx.resolveSymlinks, ctx.caseInsensitive, ctx.statCache);
  }
  if (ctx.root !== undefined) return { ok: true, path: ctx.root };
  return fail('relative path with neither a cwd nor a workspace root');
}

/**
 * A raw path checked, `~` and `$HOME` expanded, and joined to its base when relative: the
 * cwd (its links resolved), or with `lexicalCwd` and a `..` the cwd as written (see
 * canonicalPath). Not yet resolved or normalised.
 */
function absolutePath(raw: string, ctx: PathContext, lexicalCwd = false): Canonical {
  let absolute: string;
  if (isPlainRaw(raw)) absolute = raw;
  else {
    const problem = checkRaw(raw);
    if (problem !== undefined) return fail(problem);
    const expanded = expandRaw(raw, ctx.home, ctx.backslashInName);
    if (!expanded.ok) return expanded;
    absolute = expanded.path;
  }
  if (absolute.startsWith('/')) return { ok: true, path: absolute };
  // The cwd as written, joined to the path: resolveAbsolute walks it both ways.
  const base = lexicalCwd && ctx.cwd !== undefined && ctx.resolveSymlinks && hasDotDotSegment(absolute) ? givenCwd(ctx.cwd, ctx) : baseDirectory(ctx);
  return base.ok ? { ok: true, path: base.path + '/' + absolute } : base;
}

/**
 * Makes one raw path canonical, or says why it cannot be. Never throws. `lexicalCwd`: the
 * tool joins a relative path to its cwd as written, `..` and all, before any link is followed
 * (Node's path.resolve: OpenClaw's file tools), where a shell's kernel first enters the cwd's
 * links. With a `..` in the path the two may differ when the cwd is reached through a link;
 * both are checked, as for an absolute path (resolveAbsolute).
 */
export function canonicalPath(raw: string, ctx: PathContext, lexicalCwd = false): Canonical {
  const c = canonicalReading(raw, ctx, lexicalCwd);
  if (!c.ok || !readsBothWays(raw, ctx)) return c;
  const posix = canonicalReading(raw, { ...ctx, backslashInName: true }, lexicalCwd);
  if (!posix.ok) return fail(`read with the backslash as part of a name, as this system reads it: ${posix.reason}`);
  if (posix.path === c.path) return c;
  return { ...c, posix: posix.narrow === undefined ? { path: posix.path } : { path: posix.path, narrow: posix.narrow } };
}

/** Whether a raw path (or the cwd it is placed in) may hold a backslash: written, or `%5C` in a `file:` URL. */
function mayHoldBackslash(raw: string): boolean {
  return raw.includes('\\') || (raw.includes('%') && /%5c/i.test(raw));
}

/** Whether the backslash is still to be read both ways (Canonical.posix) for this path. */
function readsBothWays(raw: string, ctx: PathContext): boolean {
  return ctx.backslashInName !== true && (mayHoldBackslash(raw) || (ctx.cwd !== undefined && mayHoldBackslash(ctx.cwd)));
}

/** canonicalPath for one reading of the backslash (PathContext.backslashInName). */
function canonicalReading(raw: string, ctx: PathContext, lexicalCwd: boolean): Canonical {
  try {
    const absolute = absolutePath(raw, ctx, lexicalCwd);
    if (!absolute.ok) return absolute;
    const resolved = resolveAbsolute(absolute.path, ctx.resolveSymlinks, ctx.caseInsensitive, ctx.statCache);
    if (!resolved.ok) return resolved;
    const canonical = finish(resolved.path, ctx.caseInsensitive);
    // Plain ASCII (and no upper case when folding) under a root spelt as it resolves: nothing to narrow.
    if (!canonical.ok || (canonical.path === resolved.path && ctx.rootPhysical === undefined)) return canonical;
    return checkedNarrow(canonical.path, resolved.path, ctx);
  } catch (error) {
    return fail(`cannot make the path canonical: ${error instanceof Error ? error.message : 'unknown error'}`);
  }
}

/**
 * An absolute or `~/` glob of a policy with its literal directories resolved through symlinks,
 * as the paths it is matched against are (`/var/run/docker.sock` is `/run/docker.sock` where
 * `/var/run` links to `/run`); undefined when that changes nothing or cannot be done. Read once,
 * when the policy is compiled, as roots are pinned: a link the agent moves later cannot move
 * the glob away from the files it named.
 */
export function globThroughLinks(glob: string, home: string, caseInsensitive: boolean): string | undefined {
  let g = glob.endsWith('/') ? `${glob}**` : glob;
  if (g === '~' || g.startsWith('~/')) g = escapeGlob(home) + g.slice(1);
  if (!g.startsWith('/')) return undefined;
  const { prefix, rest } = splitLiteralPrefix(g);
  const resolved = canonicalPath(prefix, { home, resolveSymlinks: true, caseInsensitive });
  if (!resolved.ok) return undefined;
  const lexical = finish(prefix, caseInsensitive);
  if (lexical.ok && lexical.path === resolved.path) return undefined;
  const literal = escapeGlob(resolved.path);
  if (rest === '') return literal;
  return literal === '/' ? `/${rest}` : `${literal}/${rest}`;
}

/** The canonical files a wildcard path expands to (wildcardExpansions), or why it is refused. */
export type Expansions = { ok: true; paths: { path: string; narrow?: string }[] } | { ok: false; reason: string };
/**
 * A shell or glob-library segment as picomatch reads the same: a bracket's `!` negation as
 * `^` (picomatch takes `[!a]` as a class of `!` and `a`), and a collating symbol or an
 * equivalence class inside one (`[[.l.]]`, `[[=l=]]`, which bash honours) as its character.
 */
export function picomatchSegment(segment: string): string {
  let out = '';
  for (let i = 0; i < segment.length; i++) {
    const close = segment[i] === '[' ? bracketEnd(segment, i) : -1;
    if (close < 0) {
      if (segment[i] === '\\' && i + 1 < segment.length) out += segment[i++]!;
      out += segment[i];
      continue;
    }
    let inside = segment.slice(i + 1, close).replace(/\[([.=])(.+?)\1\]/g, (_, _kind: string, ch: string) => ch);
    if (inside.startsWith('!')) inside = '^' + inside.slice(1);
    out += `[${inside}]`;
    i = close;
  }
  return out;
}

/** How a tool's glob library reads a pattern: `**` as any depth, names in any case. */
export interface GlobReading {
  globstar?: boolean;
  anyCase?: boolean;
  /** Directory names a `**` does not walk into. */
  skipDirectories?: ReadonlySet<string>;
  /**
   * The shell expands the path itself (path-glob.ts, the dot rule): a segment starting with `*`
   * or `?` matches no name starting with `.`. (Not for `**` with globstar, which only tools' own globs take.)
   */
  dotRule?: boolean;
  /**
   * The path is a shell word as written: a name its first segment's wildcard matches that starts
   * with `-` or `@` is refused, since the program gets it as an option or a response file, and
   * may open the file its value names (`wc *from*` beside a file `--files0-from=.env` reads .env).
   */
  shellWord?: boolean;
}

/** Most directory entries the wildcard paths of one call may read together, and most files one may name, before it is refused. */
export const MAX_WILDCARD_ENTRIES = 20_000;
const MAX_WILDCARD_MATCHES = 512;

/**
 * The existing files a shell path with wildcards names (`envlin?`, `l?/data`, `src/*.ts`),
 * each made canonical: the shell expands the word against the file system before the command
 * runs, so with symlinks resolved a link behind a wildcard is followed as the shell will follow
 * it (`cat envlin?` reads what `envlink` points to). Read the shell's way, dot files included
 * (the safe side) unless `how.dotRule` says the shell leaves them out. None when nothing matches: the shell then passes the word as written,
 * which is checked as it is. A path that reads too much of the file system is refused. Never throws.
 * `how`: as a tool's glob library reads the pattern (`**` any number of directories; names
 * in any case, every segment with a letter then read from its directory).
 */
export function wildcardExpansions(raw: string, ctx: PathContext, how: GlobReading = {}): Expansions {
  const separated = expansionsOf(raw, ctx, how);
  // A backslash read both ways (Canonical.posix): `x\*` is `x/*` and also the names `x\…`.
  if (!separated.ok || !readsBothWays(raw, ctx)) return separated;
  const posix = expansionsOf(raw, { ...ctx, backslashInName: true }, how);
  return posix.ok ? { ok: true, paths: [...separated.paths, ...posix.paths] } : posix;
}

function expansionsOf(raw: string, ctx: PathContext, how: GlobReading): Expansions {
  const { globstar = false, anyCase = false, skipDirectories, dotRule = false, shellWord = false } = how;
  const budget = ctx.wildcardBudget ?? { entries: MAX_WILDCARD_ENTRIES };
  const tooMany: Expansions = { ok: false, reason: `the call's wildcard paths read more than ${MAX_WILDCARD_ENTRIES} directory entries` };
  try {
    const absolute = absolutePath(raw, ctx);
    if (!absolute.ok) return absolute;
    const segments = absolute.path.split('/').filter((segment) => segment !== '');
    // Where a relative word's first segment lands, when it is a wildcard (GlobReading.shellWord).
    const first = raw.split('/')[0]!;
    const optionAt = shellWord && first !== '' && first[0] !== '~' && hasShellWildcard(first) ? segments.length - raw.split('/').filter((segment) => segment !== '').length : -1;
    let found = [''];
    for (const [at, segment] of segments.entries()) {
      // In any case, a name with a letter is a pattern too (`.ENV` matches `.env`).
      if (!hasShellWildcard(segment) && !(anyCase && /[A-Za-z]/.test(segment))) {
        found = found.map((dir) => dir + '/' + segment);
        continue;
      }
      if (globstar && segment === '**') {
        // Any depth: every directory below (links are matched, not descended into, as glob does).
        const all: string[] = [];
        for (const start of found) {
          for (const below of directoriesBelow(start === '' ? '/' : start, budget, skipDirectories)) {
            if (below === undefined) return tooMany;
            const dir = below.dir === '/' ? '' : below.dir;
            all.push(dir);
            for (const entry of below.entries) {
              if (entry.name.includes('\ufffd') && (entry.isDirectory() || entry.isSymbolicLink())) return { ok: false, reason: NOT_UTF8 };
              if (entry.isSymbolicLink()) all.push(dir + '/' + entry.name);
            }
          }
        }
        found = all;
        continue;
      }
      // Read as part of a name, a backslash is a character to match, not picomatch's escape.
      const pattern = ctx.backslashInName === true ? segment.replace(/\\/g, '\\\\') : segment;
      const matches = picomatch(picomatchSegment(pattern), { dot: true, nocase: ctx.caseInsensitive || anyCase });
      const skipsDotNames = dotRule && (segment[0] === '*' || segment[0] === '?');
      const next: string[] = [];
      for (const dir of found) {
        const entries = entriesIn(dir === '' ? '/' : dir, budget); // none when there is no such directory: nothing to expand to
        if (entries === undefined) return tooMany;
        for (const { name } of entries) {
          if (!matches(name) || (skipsDotNames && name[0] === '.')) continue;
          if (at === optionAt && (name[0] === '-' || name[0] === '@')) return { ok: false, reason: `the wildcard matches \`${name.slice(0, 80)}\`, which the program gets as an option or a response file naming what it opens` };
          // readdir decodes a name that is no UTF-8 to U+FFFD: that name opens nothing, the real one is unseen.
          if (name.includes('\ufffd')) return { ok: false, reason: NOT_UTF8 };
          next.push(dir + '/' + name);
        }
        if (next.length > MAX_WILDCARD_MATCHES) return { ok: false, reason: `the wildcard path names more than ${MAX_WILDCARD_MATCHES} files` };
      }
      if (next.length === 0) return { ok: true, paths: [] };
      found = next;
    }
    const paths: { path: string; narrow?: string }[] = [];
    for (const match of found) {
      const c = canonicalPath(match, ctx);
      if (!c.ok) return { ok: false, reason: c.reason };
      paths.push(c.narrow === undefined ? { path: c.path } : { path: c.path, narrow: c.narrow });
      if (c.posix !== undefined) paths.push(c.posix);
    }
    return { ok: true, paths };
  } catch (error) {
    return { ok: false, reason: `cannot expand the wildcard path: ${error instanceof Error ? error.message : 'unknown error'}` };
  }
}

/**
 * NFC and case folding run after symlinks are resolved, so two different real directories
 * may share a canonical name (`wé` and `we\u0301` on ext4, `ciss` and `ciß` under the full
 * fold, `ws` and `WS` on a case-sensitive disk): deny lists may match more than the file
 * system does, allow lists and containment must not.
 * - Containment: a path whose canonical form is inside the root must be inside it as
 *   resolved, byte for byte. If not, it is the root spelt another way on a file system that
 *   folds (APFS: the entry at the root's depth is the root's own, same device and inode) or a
 *   look-alike directory, refused. Without symlink resolution the file system is not asked:
 *   the narrow forms (below) must agree instead.
 * - Allowlists: a path also gets its narrow form (narrowFold of the resolved path, rebased
 *   onto the root's when it is the root spelt another way), which they must match as well.
 */
function checkedNarrow(canonical: string, physical: string, ctx: PathContext): Canonical {
  const ci = ctx.caseInsensitive;
  const folded = narrowFold(physical, ci);
  // A policy's `caseInsensitive` says the file system folds case; with symlinks resolved it is
  // asked: where it does not (`CISS` beside `ciss`), allowlists see the name as it is.
  const narrow = folded !== physical && ctx.resolveSymlinks && !foldsCase(physical, folded) ? physical : folded;
  if (ctx.root !== undefined && isInside(canonical, ctx.root)) {
    const rootPhysical = ctx.rootPhysical ?? ctx.root;
    const rootNarrow = narrowFold(rootPhysical, ci);
    const inside = ctx.resolveSymlinks ? isInside(physical, rootPhysical) : isInside(narrow, rootNarrow);
    if (!inside) {
      // The entry at the root's depth: names keep their count of segments under NFC and folding.
      const ancestor = segmentPrefix(physical, segmentsOf(rootPhysical).length);
      if (!ctx.resolveSymlinks || !sameEntry(ancestor, rootPhysical)) {
        return fail(`\`${physical}\` is not inside the workspace root \`${rootPhysical}\`: only Unicode normalisation or case folding makes it look so`);
      }
      const rebased = rootNarrow + narrow.slice(ancestor.length);
      return rebased === canonical ? { ok: true, path: canonical } : { ok: true, path: canonical, narrow: rebased };
    }
  }
  return narrow === canonical ? { ok: true, path: canonical } : { ok: true, path: canonical, narrow };
}

/** The first `count` segments of an absolute lexically clean path (`/` for none). */
function segmentPrefix(path: string, count: number): string {
  let end = 0;
  for (let n = 0; n < count; n++) {
    const next = path.indexOf('/', end + 1);
    end = next < 0 ? path.length : next;
  }
  return end === 0 ? '/' : path.slice(0, end);
}

/**
 * Whether the file system reads `physical` and its case-folded spelling (same length) as one
 * entry, asked of the deepest directory of it that exists; true where that part has no letter
 * to fold.
 */
function foldsCase(physical: string, folded: string): boolean {
  for (let at = physical.length; at > 0; at = physical.lastIndexOf('/', at - 1)) {
    const prefix = physical.slice(0, at);
    if (!fs.existsSync(prefix)) continue;
    return prefix === folded.slice(0, at) || sameEntry(prefix, folded.slice(0, at));
  }
  return true;
}

/** Whether two paths name the same existing file (device and inode); false when either cannot be inspected. */
function sameEntry(a: string, b: string): boolean {
  try {
    const x = fs.statSync(a, { bigint: true });
    const y = fs.statSync(b, { bigint: true });
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/**
 * The workspace root made canonical: `${cwd}` (alone or as a prefix) is the call's cwd,
 * `~/` is home; the result must be absolute. Never throws.
 */
export function canonicalRoot(
  root: string,
  callCwd: string | undefined,
  home: string,
  resolveSymlinks: boolean,
  caseInsensitive: boolean,
  statCache?: StatCache,
): Canonical {
  try {
    const problem = checkRaw(root);
    if (problem !== undefined) return fail(`root: ${problem}`);
    let raw = root;
    if (raw === '${cwd}' || raw.startsWith('${cwd}/')) {
      if (callCwd === undefined) return fail('root uses `${cwd}` but the call has no cwd');
      const cwdProblem = checkRaw(callCwd);
      if (cwdProblem !== undefined) return fail(`cwd: ${cwdProblem}`);
      // A root is one directory: a cwd read one way as separated names and another as this system reads it cannot be one.
      if (mayHoldBackslash(callCwd)) return fail('root uses `${cwd}` and the cwd holds a backslash, which names one directory read as a separator and another as part of a name');
      raw = callCwd + raw.slice('${cwd}'.length);
    }
    const expanded = expandRaw(raw, home);
    if (!expanded.ok) return expanded;
    if (!expanded.path.startsWith('/')) return fail(`workspace root \`${root}\` is not absolute`);
    const resolved = resolveAbsolute(expanded.path, resolveSymlinks, caseInsensitive, statCache);
    if (!resolved.ok) return resolved;
    const canonical = finish(resolved.path, caseInsensitive);
    if (!canonical.ok || canonical.path === resolved.path) return canonical;
    const narrow = narrowFold(resolved.path, caseInsensitive);
    return { ok: true, path: canonical.path, physical: resolved.path, ...(narrow === canonical.path ? {} : { narrow }) };
  } catch (error) {
    return fail(`cannot make the root canonical: ${error instanceof Error ? error.message : 'unknown error'}`);
  }
}

/** Whether a canonical path is the root or below it (`/srv/ws2` is not inside `/srv/ws`). */
export function isInside(path: string, root: string): boolean {
  if (typeof path !== 'string' || typeof root !== 'string') return false;
  // Character tests, not startsWith/endsWith: this runs for every path of every call.
  if (path.charCodeAt(0) !== 0x2f || root.charCodeAt(0) !== 0x2f) return false;
  const base = root.length > 1 && root.charCodeAt(root.length - 1) === 0x2f ? root.slice(0, -1) : root;
  if (base === '/') return true;
  // `startsWith(base + '/')` without building the string.
  return path === base || (path.length > base.length && path.charCodeAt(base.length) === 0x2f && path.startsWith(base));
}

/**
 * Where the top of the git work tree holding a canonical directory may be: the directory and
 * every one above it, up to the top git itself finds. git walks up from its directory and stops
 * at the first that holds a repository (`.git`: a gitfile, or a directory git accepts,
 * isGitRepository); that directory is the top, so nothing above it counts. When no repository
 * is found below `/`, git finds none either and reads nothing from a top: then the directories
 * up to `anchor` (the workspace root) count when `path` is inside it, as before, else up to `/`.
 *
 * The file system is consulted whatever the policy's resolveSymlinks says: a workspace that is
 * one package of a monorepo has its top above the root (`git show HEAD:infra/x` there reads
 * the monorepo's infra/x, outside the workspace), which no lexical reading can tell from a
 * repository whose top is the root; and counting every directory up to `/` would refuse
 * `git show HEAD:src/a.ts` in every workspace. A directory that cannot be read counts as
 * holding no repository: the walk goes higher, so more directories count, never fewer.
 */
export function directoriesUpTo(path: string, anchor: string | undefined): string[] {
  const out = [path];
  let p = path;
  while (!isGitTop(p) && p !== '/') {
    p = p.slice(0, p.lastIndexOf('/')) || '/';
    out.push(p);
  }
  if (isGitTop(p)) return out;
  // No repository on the way up: as before, up to the workspace root (or `/` outside it).
  const stop = anchor !== undefined && isInside(path, anchor) ? anchor.replace(/(.)\/+$/, '$1') : '/';
  const end = out.indexOf(stop);
  return end < 0 ? out : out.slice(0, end + 1);
}

/**
 * Whether git takes `dir` for the top of a work tree: it holds `.git` as a file (a gitfile:
 * git follows it, or stops with an error) or as a directory that is a repository by git's own
 * test (setup.c is_git_directory): `objects/` and `refs/` directories and a HEAD that is a
 * symbolic ref or an object name. An empty or partial `.git` directory is passed over by git,
 * which goes on upwards, and so is it here.
 */
function isGitTop(dir: string): boolean {
  const git = dir === '/' ? '/.git' : dir + '/.git';
  try {
    const st = fs.statSync(git, { throwIfNoEntry: false });
    if (st === undefined) return false;
    if (st.isFile()) return true;
    if (!st.isDirectory()) return false;
    if (fs.statSync(git + '/objects', { throwIfNoEntry: false })?.isDirectory() !== true) return false;
    if (fs.statSync(git + '/refs', { throwIfNoEntry: false })?.isDirectory() !== true) return false;
    // Only a regular file is read (a FIFO would block the read).
    if (fs.statSync(git + '/HEAD', { throwIfNoEntry: false })?.isFile() !== true) return false;
    const buffer = Buffer.alloc(256);
    const fd = fs.openSync(git + '/HEAD', 'r');
    let head: string;
    try {
      head = buffer.toString('utf8', 0, fs.readSync(fd, buffer, 0, buffer.length, 0));
    } finally {
      fs.closeSync(fd);
    }
    return /^ref:\s*refs\//.test(head) || /^[0-9a-f]{40}(?:[0-9a-f]{24})?\s*$/.test(head);
  } catch {
    return false;
  }
}
