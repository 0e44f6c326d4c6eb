// Path globs (picomatch semantics, dot files matched) compiled once into matchers over
// canonical absolute paths, plus file-name globs tried against shell argument words.
//
// Kinds of glob:
//  - no `/` (`.env`, `*.pem`, `.ssh`): a file name at any depth. It is tested against EVERY
//    segment of the path, so a glob naming a directory covers everything under it
//    (`.ssh` catches `/home/u/.ssh/id_rsa`). Fail closed.
//  - `/...`: absolute. `~` or `~/...`: under home. `**/...`: any depth of the absolute path.
//  - anything else: anchored at `root` (the engine passes the workspace root, or the call's
//    cwd when there is none); with no anchor at all it matches at any depth.
//  - a glob ending in `/**` also matches the directory itself (`/etc/**` matches `/etc`).
//
// Shell words and exec paths may hold wildcards (`cat .e*`, `cat /etc/pass*`) that the shell
// expands to names we never see. Deny lists must catch them: a word with `*`, `?` or `[`
// matches when SOME expansion of it could match the glob (pattern intersection). Allowlists
// must not be widened that way, so compilePathGlob does it only with `list: 'deny'`.
//
// The dot rule: a path segment of a word whose wildcards the shell expands itself (`ls
// src/*.ts`, not `find -name '*.ts'`) that starts with `*` or `?` never names a file starting
// with `.` (bash without dotglob, zsh without GLOB_DOTS; `**` under globstar skips such
// directories too). Matchers take `dotRule` for such words (SimpleCommand.shellGlobs says which).
import picomatch from 'picomatch';
import { globTest } from './glob-test.js';
import { caseFold, narrowFold } from './unicode.js';
import { lexicallyNormalised } from './within.js';

export interface PathGlobOptions {
  root?: string;
  home: string;
  caseInsensitive: boolean;
  /** `deny` (forbidden): a wildcard path matches if any expansion could. Default `allow`: literal. */
  list?: 'deny' | 'allow';
  /**
   * `narrow`: the glob is compared with narrow forms of paths (paths.ts Canonical.narrow): no
   * NFC, only ASCII letters folded (and only with caseInsensitive). Default: canonical forms.
   */
  fold?: 'narrow';
}

const MAX_GLOB_LENGTH = 1024;
// Extglobs (`@(ssh)`, `!(x)`, `+(a)`) expand only with `shopt -s extglob`, which an earlier
// line of the same command may set: a deny list treats them as wildcards all the same.
const SHELL_WILDCARD = /[*?[]|[@!+]\(/;
// Characters that end a file name inside a larger shell word: `--file=.env`, `open(".env")`,
// `@.env`, `host:.env`, `a,b.pem`. Every fragment between them is tried as a file name.
export const WORD_SPLIT = /[/\s"'`()=,;:<>|&{}$\\@]+/;
/** The fragments WORD_SPLIT leaves, found with their places. */
const WORD_FRAGMENT = /[^/\s"'`()=,;:<>|&{}$\\@]+/g;

/** A word made of wildcards alone (`*`, `**`, `?`). */
const ONLY_WILDCARDS = /^[*?]+$/;
/** A `*` or `?` run standing alone in text: after a blank or `(`, before a blank, `)`, `,`, `;`, `$` or the end. */
const TEXT_WILDCARD = /(^|[\s(])[*?]+(?=$|[\s),;$])/g;

/**
 * A word with the wildcards that stand alone in its text blanked out: a `*` or `?` between
 * blanks or parentheses (`select * from t`, `count(*)`, `.a * 2`, a sed script's ` *$`) is an
 * operator or a quantifier, no file pattern. One a quote, a slash or `<` touches (`glob('*')`,
 * a path of wildcards, `<*>`) stays a pattern, and so does a word of wildcards alone (`git add '*'`).
 */
export function withoutTextWildcards(word: string): string {
  // Most words hold no `*` or `?`: nothing to blank out, no regular expression to run.
  if (!word.includes('*') && !word.includes('?')) return word;
  if (ONLY_WILDCARDS.test(word)) return word;
  return word.replace(TEXT_WILDCARD, '$1 ');
}

/** Whether a shell word or path holds a wildcard the shell may expand (`*`, `?`, `[`, an extglob). */
export function hasShellWildcard(text: string): boolean {
  return SHELL_WILDCARD.test(text);
}

/**
 * The directory part of a path before its first wildcard (`src/*.ts` is `src`, `*.ts` is `.`,
 * `/e*` is `/`): where it expands. `marks` are the characters that start a wildcard (a
 * program's own glob may add `{`).
 */
export function literalDirectory(path: string, marks: RegExp = /[*?[]/): string {
  const wild = path.search(marks);
  if (wild < 0) return path;
  const slash = path.lastIndexOf('/', wild);
  return slash < 0 ? '.' : path.slice(0, slash) || '/';
}

/** A glob with no `/` matches the file name at any depth. */
export function isFileNameGlob(glob: string): boolean {
  const g = glob.endsWith('/') ? glob.slice(0, -1) : glob;
  return !g.includes('/') && g !== '~';
}

function prepare(glob: string, caseInsensitive: boolean, fold?: 'narrow'): string {
  if (typeof glob !== 'string' || glob.length === 0 || glob.length > MAX_GLOB_LENGTH) {
    throw new Error(`bad glob \`${String(glob).slice(0, 80)}\``);
  }
  if (fold === 'narrow') return narrowFold(glob, caseInsensitive);
  const g = glob.normalize('NFC');
  // The same fold as canonical paths' (paths.ts).
  return caseInsensitive ? caseFold(g) : g;
}

function picomatchOptions(nocase: boolean): picomatch.PicomatchOptions {
  return { dot: true, nocase, maxLength: MAX_GLOB_LENGTH };
}

/** nocase: picomatch's own case-insensitive matching (wider than narrowFold, so not for narrow globs). */
function globTestOf(glob: string, nocase: boolean): (value: string) => boolean {
  return globTest(glob, picomatchOptions(nocase));
}

/** A literal directory (root, home) made safe to embed in a glob. */
export function escapeGlob(literal: string): string {
  return literal.replace(/[\\*?[\]{}()!+@|]/g, (c) => '\\' + c);
}

function joinAnchor(anchor: string, rest: string): string {
  const a = escapeGlob(anchor);
  return a === '/' ? '/' + rest : a + '/' + rest;
}

/** What makes a glob segment a pattern (a `\` escapes the next character). */
const PATTERN_CHAR = /[\\*?[\]{}()!+@]/;

/**
 * An absolute glob split before its first segment that is a pattern: the literal path before it,
 * lexically normalised as canonical paths are (`//`, `.` and `..` collapsed: written
 * otherwise, it would match no canonical path), and the rest as written.
 */
export function splitLiteralPrefix(glob: string): { prefix: string; rest: string } {
  const segments = glob.split('/');
  let i = 0;
  while (i < segments.length && !PATTERN_CHAR.test(segments[i]!)) i++;
  return { prefix: lexicallyNormalised(`/${segments.slice(0, i).join('/')}`), rest: segments.slice(i).join('/') };
}

/** An absolute glob with its literal prefix normalised (splitLiteralPrefix). */
function normalisedGlob(glob: string): string {
  const { prefix, rest } = splitLiteralPrefix(glob);
  if (rest === '') return prefix;
  return prefix === '/' ? `/${rest}` : `${prefix}/${rest}`;
}

/** Whether a `paths` glob is anchored at the workspace root (`src/**`, `./x`): relative, with a `/`, not `**\/…`. */
export function isRootRelativeGlob(glob: string): boolean {
  return !isFileNameGlob(glob) && !glob.startsWith('/') && glob !== '~' && !glob.startsWith('~/') && !glob.startsWith('**/');
}

/**
 * The absolute pattern a glob with a `/` stands for, or `anyDepth` for `**\/` globs; undefined
 * for a relative glob with no root to anchor it in an allowlist: it matches nothing (a
 * forbidden one matches at any depth instead: both are the careful side).
 */
function absolutePattern(g: string, opts: PathGlobOptions): { pattern: string; anyDepth: boolean } | undefined {
  let glob = g.endsWith('/') ? g + '**' : g; // `dir/` names a directory and all below it
  if (glob.startsWith('/')) return { pattern: normalisedGlob(glob), anyDepth: false };
  if (glob === '~' || glob.startsWith('~/')) {
    const home = prepare(opts.home, opts.caseInsensitive, opts.fold);
    return { pattern: glob === '~' ? escapeGlob(home) : normalisedGlob(joinAnchor(home, glob.slice(2))), anyDepth: false };
  }
  if (glob.startsWith('**/')) return { pattern: glob, anyDepth: true };
  while (glob.startsWith('./')) glob = glob.slice(2);
  if (opts.root === undefined) return opts.list === 'deny' ? { pattern: '**/' + glob, anyDepth: true } : undefined;
  return { pattern: normalisedGlob(joinAnchor(prepare(opts.root, opts.caseInsensitive, opts.fold), glob)), anyDepth: false };
}

/**
 * Compiles one `paths` glob into a matcher over canonical absolute paths. Throws on a bad glob.
 * `dotRule` (deny lists only): the path's wildcards are the shell's own (see above).
 */
export function compilePathGlob(glob: string, opts: PathGlobOptions): (canonicalPath: string, dotRule?: boolean) => boolean {
  const ci = opts.caseInsensitive && opts.fold !== 'narrow';
  const g = prepare(glob, opts.caseInsensitive, opts.fold);
  const deny = opts.list === 'deny';
  if (isFileNameGlob(g)) {
    const name = g.endsWith('/') ? g.slice(0, -1) : g;
    const test = globTestOf(name, ci);
    const wildcard = deny ? fileNameIntersector(name) : undefined;
    return (path, dotRule = false) => {
      for (const segment of path.split('/')) {
        if (segment === '') continue;
        if (test(segment)) return true;
        if (wildcard !== undefined && SHELL_WILDCARD.test(segment) && wildcard(segment, dotRule)) return true;
      }
      return false;
    };
  }
  const absolute = absolutePattern(g, opts);
  if (absolute === undefined) return () => false;
  const { pattern, anyDepth } = absolute;
  const test = globTestOf(pattern, ci);
  // picomatch's `**/x` matches relative paths only, so any-depth globs see the path without its leading `/`.
  const literal = anyDepth ? (path: string) => test(path.slice(1)) || test(path) : test;
  if (!deny) return literal;
  // A deny glob naming a directory covers what is below it (`~/.ssh`, `**/private`,
  // `config/credentials`), as a bare name does (`.secrets`): forbidding the directory only
  // would leave every file in it readable.
  const belowPattern = pattern.endsWith('/**') ? undefined : `${pattern.replace(/\/+$/, '')}/**`;
  const belowTest = belowPattern === undefined ? undefined : globTestOf(belowPattern, ci);
  const below = belowTest === undefined ? () => false : anyDepth ? (path: string) => belowTest(path.slice(1)) || belowTest(path) : belowTest;
  const intersects = pathIntersector(anyDepth ? '/' + pattern : pattern);
  // A wildcard path below what a wildcard in it may expand to (`~/.ss?/id_rsa`): a leading part of it intersects.
  const intersectsBelow = (path: string, dotRule: boolean): boolean => {
    if (belowPattern === undefined) return false;
    for (let at = path.indexOf('/', 1); at > 0; at = path.indexOf('/', at + 1)) if (intersects(path.slice(0, at), dotRule)) return true;
    return false;
  };
  return (path, dotRule = false) => literal(path) || below(path) || (SHELL_WILDCARD.test(path) && (intersects(path, dotRule) || intersectsBelow(path, dotRule)));
}

/**
 * A file-name glob tried against one shell argument word: true when the word, or any
 * fragment of it (split on `/`, `=`, quotes, `@`, ...), is or could expand to a matching name.
 * `dotRule`: the word's wildcards are the shell's own (see above); then a fragment that starts
 * a segment with `*` or `?` names no dot file, while one that starts after `=`, `:`, `@`, ...
 * is read as today (a program may read it as a pattern of its own: `--x=*.ts` if nothing matched).
 */
export function compileFileNameGlob(glob: string, caseInsensitive: boolean): (word: string, dotRule?: boolean) => boolean {
  const g = prepare(glob, caseInsensitive);
  const name = g.endsWith('/') ? g.slice(0, -1) : g;
  const test = globTestOf(name, caseInsensitive);
  const wildcard = fileNameIntersector(name);
  const matches = (w: string, dotRule: boolean): boolean => {
    if (test(w)) return true;
    // Each segment whole first: the separators below also occur inside wildcards (`.[[:alpha:]]nv`, `.@(e)nv`).
    for (const segment of w.split('/')) {
      if (segment !== '' && SHELL_WILDCARD.test(segment) && wildcard(segment, dotRule)) return true;
    }
    if (dotRule) {
      // A word the shell expands holds no blank, parenthesis or comma (wordValue's shellGlob), so
      // withoutTextWildcards leaves it as it is and each fragment's place in it is known.
      for (const m of w.matchAll(WORD_FRAGMENT)) {
        const fragment = m[0];
        if (test(fragment)) return true;
        const startsSegment = m.index === 0 || w.charCodeAt(m.index - 1) === 0x2f; /* / */
        if (SHELL_WILDCARD.test(fragment) && wildcard(fragment, startsSegment)) return true;
      }
      return false;
    }
    for (const fragment of withoutTextWildcards(w).split(WORD_SPLIT)) {
      if (fragment === '') continue;
      if (test(fragment)) return true;
      if (SHELL_WILDCARD.test(fragment) && wildcard(fragment, false)) return true;
    }
    return false;
  };
  return (word, dotRule = false) => {
    if (typeof word !== 'string' || word.length === 0) return false;
    let w = word.normalize('NFC');
    if (caseInsensitive) w = caseFold(w);
    if (matches(w, dotRule)) return true;
    // A variable the line does not set may be unset, and so empty: `cat $Q.env` is `cat .env`.
    if (!w.includes('$')) return false;
    const unset = w.replace(MAYBE_EMPTY_REFERENCE, '');
    return unset !== w && unset !== '' && matches(unset, false);
  };
}

/**
 * A variable reference that is empty when the variable is unset: `$Q`, `${Q}`, `$1`, `$@`,
 * `${Q:+x}`, `${Q-}`. (A word's known variables are also read with their values: emit.ts emitWords.)
 */
const MAYBE_EMPTY_REFERENCE = /\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*]|\{(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])(?::?\+[^}]*|:?-)?\})/g;

/**
 * Separators of a shell word's fragments that may be paths of several parts (`UNIX-CONNECT:/x`,
 * `unix:///x`, `--opt=/x`, `open(".git/config")`): WORD_SPLIT but `/`.
 */
export const PATH_FRAGMENT_SPLIT = /[\s"'`()=,;:<>|&{}$\\@]+/;

/**
 * A forbidden absolute glob tried against one shell argument word, as file-name globs are:
 * true when a fragment of the word that starts with `/` (`UNIX-CONNECT:/var/run/docker.sock`,
 * `unix:///var/run/docker.sock`, `--socket=/x`), lexically canonical, matches. Programs read
 * paths out of words no grammar knows; a deny list may match more than they open.
 * `matches` is the glob's matcher over canonical paths.
 */
export function absoluteWordTest(matches: (canonicalPath: string, dotRule?: boolean) => boolean, caseInsensitive: boolean): (word: string, dotRule?: boolean) => boolean {
  return (word, dotRule = false) => {
    if (typeof word !== 'string' || !word.includes('/')) return false;
    for (const fragment of word.split(PATH_FRAGMENT_SPLIT)) {
      if (fragment.charCodeAt(0) !== 0x2f /* / */) continue;
      const path = lexicallyNormalised(fragment.normalize('NFC'));
      // The dot rule holds for the whole word only (a fragment after `=` may be a program's pattern).
      if (matches(caseInsensitive ? caseFold(path) : path, dotRule && fragment.length === word.length)) return true;
    }
    return false;
  };
}

// ---- pattern intersection -------------------------------------------------------------
// Both sides become token lists; a breadth-first walk over pairs of positions decides
// whether some string matches both. Features we do not model exactly (classes, extglobs,
// unexpandable braces) are widened, which can only make a deny list match more.

type Token =
  | { kind: 'char'; char: string } // one literal character
  | { kind: 'one' } // `?` or a bracket expression not read exactly: one character, not `/`
  | { kind: 'set'; has: (char: string) => boolean } // a bracket expression of plain characters and ranges (`[dev]`, `[!a-z]`)
  | { kind: 'star' } // `*`: any run of characters without `/`
  | { kind: 'globstar'; dotRule?: true } // `**`: any run of characters (with dotRule, no `/` followed by `.`)
  | { kind: 'noDot' }; // reads nothing: the next character read is not `.` (the dot rule, at a segment's start)

const MAX_EXPANSIONS = 64;
const MAX_STATES = 400_000;

/** Brace alternatives expanded (`a.{pem,key}` → `a.pem`, `a.key`); undefined when too many. */
function expandBraces(glob: string): string[] | undefined {
  const out: string[] = [];
  const work = [glob];
  while (work.length > 0) {
    const g = work.pop() as string;
    const open = findBraceWithComma(g);
    if (open === undefined) {
      out.push(g);
    } else {
      const [start, end, parts] = open;
      for (const part of parts) work.push(g.slice(0, start) + part + g.slice(end + 1));
    }
    if (out.length + work.length > MAX_EXPANSIONS) return undefined;
  }
  return out;
}

function findBraceWithComma(g: string): [number, number, string[]] | undefined {
  for (let start = 0; start < g.length; start++) {
    if (g[start] === '\\') { start++; continue; }
    if (g[start] !== '{') continue;
    let depth = 0;
    const parts: string[] = [];
    let partStart = start + 1;
    for (let i = start; i < g.length; i++) {
      const c = g[i];
      if (c === '\\') { i++; continue; }
      if (c === '{') depth++;
      else if (c === '}') {
        depth--;
        if (depth === 0) {
          parts.push(g.slice(partStart, i));
          if (parts.length > 1) return [start, i, parts];
          break;
        }
      } else if (c === ',' && depth === 1) {
        parts.push(g.slice(partStart, i));
        partStart = i + 1;
      }
    }
  }
  return undefined;
}

/**
 * Tokens of a glob (picomatch side) or a shell word (bash side; `**` widened to globstar).
 * `dotRule` (a shell word the shell expands itself): a segment starting with `*` or `?` starts
 * with a noDot token, and its `**` reads no `.` after a `/` either.
 */
function tokenize(pattern: string, dotRule = false): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    const next = pattern[i + 1];
    if (dotRule && (c === '*' || c === '?') && (i === 0 || pattern[i - 1] === '/')) tokens.push({ kind: 'noDot' });
    if (c === '\\' && next !== undefined) { tokens.push({ kind: 'char', char: next }); i++; continue; }
    if ('@!+*?'.includes(c) && next === '(') {
      const close = pattern.indexOf(')', i + 2);
      tokens.push({ kind: 'star' }); // an extglob: widened to any name (neither side's extglobs cross a `/`)
      if (close < 0) return [{ kind: 'globstar' }];
      i = close;
      continue;
    }
    if (c === '*') {
      if (next === '*') { tokens.push(dotRule ? { kind: 'globstar', dotRule: true } : { kind: 'globstar' }); while (pattern[i + 1] === '*') i++; }
      else tokens.push({ kind: 'star' });
      continue;
    }
    if (c === '?') { tokens.push({ kind: 'one' }); continue; }
    if (c === '[') {
      const close = bracketEnd(pattern, i);
      if (close > 0) {
        const has = bracketMembers(pattern.slice(i + 1, close));
        tokens.push(has === undefined ? { kind: 'one' } : { kind: 'set', has });
        i = close;
        continue;
      }
    }
    if (c === '{') {
      // A sequence (`{1..3}`, `{a..c}`) is widened; a brace with neither a comma (those are
      // expanded before) nor `..` is literal to bash and picomatch alike (`awk '{ A[1] }'`).
      const close = pattern.indexOf('}', i + 1);
      if (close > 0 && pattern.slice(i + 1, close).includes('..')) { tokens.push({ kind: 'globstar' }); i = close; continue; }
    }
    tokens.push({ kind: 'char', char: c });
  }
  return tokens;
}

/**
 * Which characters a bracket expression's body (`dev`, `!a`, `a-z0-9`) matches, when it holds
 * only ASCII characters and ranges; undefined for anything else (a class `[:alpha:]`, an
 * escape, other characters), which is widened to any one character. A range matches either
 * case (a locale may collate `[a-z]` with capitals), except in a negated set, which then
 * excludes only what the range surely holds: both err towards matching more.
 */
function bracketMembers(body: string): ((char: string) => boolean) | undefined {
  const negated = body[0] === '!' || body[0] === '^';
  const chars = new Set<string>();
  const ranges: [string, string][] = [];
  for (let i = negated ? 1 : 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '[' || c === '\\' || c.charCodeAt(0) > 0x7e || c.charCodeAt(0) < 0x20) return undefined;
    if (body[i + 1] === '-' && i + 2 < body.length) {
      const end = body[i + 2]!;
      if (end === '[' || end === '\\' || end.charCodeAt(0) > 0x7e || end.charCodeAt(0) < 0x20) return undefined;
      ranges.push([c, end]);
      i += 2;
    } else chars.add(c);
  }
  const exact = (ch: string): boolean => chars.has(ch) || ranges.some(([lo, hi]) => ch >= lo && ch <= hi);
  if (negated) return (ch) => !exact(ch);
  return (ch) => exact(ch) || exact(ch.toLowerCase()) || exact(ch.toUpperCase());
}

/**
 * The index of the `]` that closes the bracket expression opening at `open`, or -1 (then the
 * `[` is a literal). A `]` right after `[` or `[!`/`[^` is a member, and `[:alpha:]`, `[=e=]`
 * and `[.x.]` inside are members too: `.[[:alpha:]]nv` is one character, then `nv`.
 */
export function bracketEnd(pattern: string, open: number): number {
  let i = open + 1;
  if (pattern[i] === '!' || pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  for (; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') { i++; continue; }
    if (c === ']') return i;
    const kind = pattern[i + 1];
    if (c === '[' && (kind === ':' || kind === '=' || kind === '.')) {
      const close = pattern.indexOf(kind + ']', i + 2);
      if (close > 0) i = close + 1;
    }
  }
  return -1;
}

/**
 * Whether a shell word may expand to the file name `name` (a literal, no wildcards): `.?`,
 * `.*` and `.[.]` may be `..` for dash, for bash before 5.2 and for bash without
 * `globskipdots`. A leading dot is only ever matched by a literal one.
 */
export function mayExpandTo(word: string, name: string): boolean {
  if (name.startsWith('.') && !word.startsWith('.')) return false;
  return SHELL_WILDCARD.test(word) && intersect(tokenize(word), tokenize(name.replace(/[\\*?[{@!+]/g, (c) => '\\' + c)));
}

function isStar(t: Token | undefined): boolean {
  return t !== undefined && (t.kind === 'star' || t.kind === 'globstar');
}

/** Whether one character exists that both tokens can read (with `noDot`, one other than `.`). */
function compatible(a: Token, b: Token, noDot: boolean): boolean {
  if (a.kind === 'char' && b.kind === 'char') return a.char === b.char && !(noDot && a.char === '.');
  if (a.kind === 'char') return !(noDot && a.char === '.') && (a.char === '/' ? b.kind === 'globstar' : b.kind !== 'set' || b.has(a.char));
  if (b.kind === 'char') return !(noDot && b.char === '.') && (b.char === '/' ? a.kind === 'globstar' : a.kind !== 'set' || a.has(b.char));
  return true; // both read some non-`/` character (two sets: taken to share one, the safe side)
}

/**
 * Whether some string matches both token lists. A state is a pair of positions and a bit: the
 * next character read must not be `.` (after a noDot token, which only a shell word's side
 * holds, until a character is read; again after a dotRule globstar reads a `/`).
 */
function intersect(a: Token[], b: Token[]): boolean {
  const n = a.length;
  const m = b.length;
  const pairs = (n + 1) * (m + 1);
  if (pairs > MAX_STATES) return true; // too large to decide: fail closed
  const seen = new Uint8Array(pairs * 2);
  const stack: number[] = [0];
  seen[0] = 1;
  const visit = (i: number, j: number, noDot: boolean): void => {
    const k = (i * (m + 1) + j) * 2 + (noDot ? 1 : 0);
    if (seen[k] === 0) { seen[k] = 1; stack.push(k); }
  };
  while (stack.length > 0) {
    const s = stack.pop() as number;
    const noDot = (s & 1) === 1;
    const k = s >> 1;
    const i = Math.floor(k / (m + 1));
    const j = k % (m + 1);
    if (i === n && j === m) return true;
    const ta = a[i];
    const tb = b[j];
    if (ta?.kind === 'noDot') { visit(i + 1, j, true); continue; }
    if (tb?.kind === 'noDot') { visit(i, j + 1, true); continue; }
    if (isStar(ta)) visit(i + 1, j, noDot);
    if (isStar(tb)) visit(i, j + 1, noDot);
    if (ta !== undefined && tb !== undefined && compatible(ta, tb, noDot)) {
      const ni = isStar(ta) ? i : i + 1;
      const nj = isStar(tb) ? j : j + 1;
      // Both stars reading one character move neither, but the character read clears noDot.
      if (ni !== i || nj !== j || noDot) {
        // A dotRule globstar (the word's) reading `/` starts a segment whose first character is
        // not `.`: it reads one when the other side reads `/` alone, and may when it is a globstar too.
        const other = ta.kind === 'globstar' && ta.dotRule === true ? tb : tb.kind === 'globstar' && tb.dotRule === true ? ta : undefined;
        if (other === undefined || !(other.kind === 'char' && other.char === '/')) visit(ni, nj, false);
        if (other !== undefined && (other.kind === 'globstar' || (other.kind === 'char' && other.char === '/'))) visit(ni, nj, true);
      }
    }
  }
  return false;
}

/** picomatch's `/**\/` also matches `/`, and a trailing `/**` the directory itself. */
function globstarVariants(glob: string): string[] {
  const out = new Set<string>([glob]);
  for (const g of [...out]) {
    if (g.endsWith('/**')) out.add(g.slice(0, -3) || '/');
  }
  for (const g of [...out]) {
    let variant = g;
    while (variant.includes('/**/')) {
      variant = variant.replace('/**/', '/');
      out.add(variant);
    }
  }
  return [...out];
}

function intersector(glob: string, variants: (g: string) => string[]): (pattern: string, dotRule: boolean) => boolean {
  const expanded = expandBraces(glob);
  const alternatives = expanded === undefined ? undefined : expanded.flatMap(variants).map((g) => tokenize(g));
  return (pattern, dotRule) => {
    if (alternatives === undefined) return true; // too many alternatives to check: fail closed
    const word = tokenize(pattern, dotRule);
    return alternatives.some((alt) => intersect(alt, word));
  };
}

/** May a file-name pattern (no `/`) and a wildcard word name the same file? (`dotRule`: the shell expands the word.) */
function fileNameIntersector(glob: string): (fragment: string, dotRule: boolean) => boolean {
  return intersector(glob, (g) => [g]);
}

/** May an absolute glob and a wildcard path name the same path? (`dotRule`: the shell expands the path.) */
function pathIntersector(glob: string): (path: string, dotRule: boolean) => boolean {
  return intersector(glob, globstarVariants);
}

/**
 * A glob that matches what `glob` matches with `nocase`: each letter as a bracket of both cases
 * (`.ENV` is `.[eE][nN][vV]`), letters in a bracket and ranges of letters with both cases too.
 */
export function anyCaseGlob(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '\\' && i + 1 < glob.length) {
      const next = glob[++i]!;
      out += bothCases(next) ?? `\\${next}`;
    } else if (ch === '[') {
      const close = bracketEnd(glob, i);
      if (close < 0) {
        out += ch;
        continue;
      }
      const inside = glob.slice(i + 1, close);
      let extra = '';
      for (let k = 0; k < inside.length; k++) {
        const a = inside[k]!;
        const b = inside[k + 2];
        if (inside[k + 1] === '-' && b !== undefined && /[A-Za-z]/.test(a) && /[A-Za-z]/.test(b)) {
          extra += `${swapCase(a)}-${swapCase(b)}`;
          k += 2;
        } else if (/[A-Za-z]/.test(a)) extra += swapCase(a);
      }
      out += `[${inside}${extra}]`;
      i = close;
    } else out += bothCases(ch) ?? ch;
  }
  return out;
}

function swapCase(letter: string): string {
  return letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase();
}

/** `[aA]` for an ASCII letter; undefined for anything else. */
function bothCases(ch: string): string | undefined {
  return /^[A-Za-z]$/.test(ch) ? `[${ch.toLowerCase()}${ch.toUpperCase()}]` : undefined;
}
