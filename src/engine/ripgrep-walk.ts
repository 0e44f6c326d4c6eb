// What ripgrep leaves out when it walks a directory (rg, and the tools that run it: Claude
// Code's Grep, OpenClaw's grep), read from disk: names starting with a dot, and what its
// ignore files name (.rgignore, .ignore, and .gitignore inside a git repository, in each
// directory and every one above). Followed as ripgrep 13 and 14 decide (their `ignore` crate): for
// each kind of file the deepest one with a matching rule decides, .rgignore before .ignore
// before .gitignore before .git/info/exclude; a `!` rule lets a file in, and a file let in is
// read even when hidden. Where a rule not read here may let a hidden file in (the global
// ignore file, a type), nothing is left out for being hidden. The engine reads what is left
// (frame.ts).
import fs from 'node:fs';
import picomatch from 'picomatch';
import { isDirectoryNow } from '../facts/directories.js';
import type { RipgrepWalk } from '../facts/operands/trees.js';

/** An ignore file bigger than this is not read: the walk then leaves nothing out. */
const MAX_IGNORE_FILE = 1 << 20;
/** The kinds of ignore file, in the order ripgrep lets them decide; the last two count inside a git repository only. */
const KINDS = ['.rgignore', '.ignore', '.gitignore', '.git/info/exclude'] as const;
const FIRST_GIT_KIND = 2;

interface DirectoryRules {
  dir: string;
  /** Same index as KINDS: the rules of that file in this directory, if it has one. */
  files: (readonly Rule[] | undefined)[];
  /** It holds `.git`: a repository's top (above it, .gitignore files no longer count). */
  hasGit: boolean;
  /**
   * It is above the directory walked: ripgrep may not apply its anchored rules there (given a
   * relative directory, ripgrep 13 does not), so those that leave files out are not read.
   */
  above: boolean;
  /** A rule here or above, outside the files read (a linked work tree's exclude file), may let a hidden name in. */
  letsInHidden: boolean;
  /** For git's walk (RipgrepWalk.gitOnly): it is a repository nested below the root, or below one, which `git clean -ff` deletes whole. */
  whole: boolean;
  parent: DirectoryRules | undefined;
}

type Match = 'none' | 'ignored' | 'let-in';

export interface RipgrepFilter {
  /** Reads a directory's ignore files, given its entries (the walk's). Why the walk cannot go on, or undefined. */
  visit(dir: string, names: readonly string[]): string | undefined;
  /** Whether ripgrep goes into the directory `name` in `dir`. */
  enters(dir: string, name: string): boolean;
  /** Whether ripgrep reads the file `name` in `dir`. */
  reads(dir: string, name: string): boolean;
}

/**
 * The filter of one walk from `root` (a canonical directory): the directories above it are
 * read now (their ignore files count below). `names` tests a file name against the walk's
 * globs (`-g`, Grep's `glob`), which let in what they match. `nestedRoot`: for git's walk,
 * the root is strictly below where git runs, so a `.git` in it makes it a nested repository
 * (deleted whole by `git clean -ff sub`). Why not, when it cannot be read.
 */
export function ripgrepFilter(root: string, walk: RipgrepWalk, home: string, names: ((name: string) => boolean) | undefined, nestedRoot = false): RipgrepFilter | string {
  const known = new Map<string, DirectoryRules>();
  let letsInHidden = walk.mayLetInHidden || !walk.skipsHidden;
  if (walk.honoursIgnores && !letsInHidden) letsInHidden = globalRulesLetIn(home);
  // The directories above the root, from `/` down: their ignore files count too.
  let above: DirectoryRules | undefined;
  if (walk.honoursIgnores) {
    const parts = root.split('/').filter(Boolean);
    for (let i = 0; i < parts.length; i++) {
      const dir = `/${parts.slice(0, i).join('/')}`;
      const rules = rulesOf(dir, undefined, above, letsInHidden, true);
      if (typeof rules === 'string') return rules;
      above = rules;
    }
  }
  const rootParent = above;

  function match(dir: string, name: string, isDirectory: boolean): Match {
    if (!walk.honoursIgnores) return 'none';
    const at = known.get(dir);
    if (at === undefined || at.whole) return 'none';
    const full = `${dir === '/' ? '' : dir}/${name}`;
    let anyGit = walk.gitignoreAnywhere;
    for (let s: DirectoryRules | undefined = at; s !== undefined && !anyGit; s = s.parent) anyGit = s.hasGit;
    for (let kind = 0; kind < KINDS.length; kind++) {
      if (kind >= FIRST_GIT_KIND && !anyGit) break;
      for (let s: DirectoryRules | undefined = at; s !== undefined; s = s.parent) {
        const rules = s.files[kind];
        if (rules !== undefined) {
          const relative = full.slice(s.dir === '/' ? 1 : s.dir.length + 1);
          const m = matchOf(rules, relative, isDirectory, s.above);
          if (m !== 'none') return m;
        }
        // Above a repository's top its parents' git ignore files do not count (with
        // `--no-require-git` too: rg 13 reads `d/k` below a repository `d` that `d/**` above ignores).
        if (kind >= FIRST_GIT_KIND && s.hasGit) break;
      }
    }
    return 'none';
  }

  const typed = walk.types === undefined ? undefined : picomatch([...walk.types], { dot: true });
  const excludedBy = walk.excluded?.patterns.map((p) => picomatch(p, { dot: true, nocase: walk.excluded!.anyCase }));
  const excluded = (name: string): boolean => excludedBy !== undefined && excludedBy.some((matches) => matches(name));
  const hidden = (dir: string, name: string): boolean => name.charCodeAt(0) === 0x2e /* . */ && !(known.get(dir)?.letsInHidden ?? true);

  return {
    visit(dir, entryNames) {
      const parent = dir === root ? rootParent : known.get(dir.slice(0, dir.lastIndexOf('/')) || '/');
      const rules = rulesOf(dir, new Set(entryNames), parent, parent?.letsInHidden ?? letsInHidden, false);
      if (typeof rules === 'string') return rules;
      known.set(dir, rules);
      return undefined;
    },
    enters(dir, name) {
      if (walk.gitOnly === true && name === '.git') return false; // git never deletes its own
      if (names !== undefined && names(name)) return true; // a glob that matches a directory lets it in
      if (excluded(name)) return false;
      const m = match(dir, name, true);
      return m === 'let-in' || (m === 'none' && !hidden(dir, name));
    },
    reads(dir, name) {
      if (walk.gitOnly === true && name === '.git') return false;
      if (names !== undefined) return names(name); // a glob given: only what it matches, let in whatever else says
      if (excluded(name)) return false;
      const m = match(dir, name, false);
      // A type selects what it names (then read even when hidden) after the ignore files have spoken.
      if (typed !== undefined) return m !== 'ignored' && typed(name);
      return m === 'let-in' || (m === 'none' && !hidden(dir, name));
    },
  };

  /** A directory's rules: its ignore files (those among `present`, or looked for when undefined) and whether it holds `.git`. */
  function rulesOf(dir: string, present: ReadonlySet<string> | undefined, parent: DirectoryRules | undefined, inheritedLetIn: boolean, above: boolean): DirectoryRules | string {
    const at = dir === '/' ? '' : dir;
    // As ripgrep asks: `.git` there, followed if a link (a dangling one is none). (A `.jj` counts
    // for ripgrep 14 too: not read here, which only counts fewer .gitignore files.)
    const hasGit = (present === undefined || present.has('.git')) && fs.existsSync(`${at}/.git`);
    // `.git` as a file points to a repository elsewhere, whose exclude file is not read here: it may let a hidden name in.
    const gitDirectory = hasGit && isDirectoryNow(`${at}/.git`);
    const files: (readonly Rule[] | undefined)[] = [];
    for (const kind of KINDS) {
      const there = walk.gitOnly === true && kind !== '.gitignore' && kind !== '.git/info/exclude' ? false : kind === '.git/info/exclude' ? gitDirectory : present === undefined || present.has(kind);
      const text = walk.honoursIgnores && there ? readSmall(`${at}/${kind}`, true) : undefined;
      if (text === null) return `the ignore file \`${at}/${kind}\`, which says what ripgrep searches, cannot be read here`;
      files.push(text === undefined ? undefined : rulesIn(text, walk.gitOnly === true));
    }
    const letsInHidden = inheritedLetIn || (hasGit && walk.honoursIgnores && !gitDirectory);
    const whole = walk.gitOnly === true && (parent?.whole === true || (hasGit && !above && (dir !== root || nestedRoot)));
    return { dir, files, hasGit, above, letsInHidden, whole, parent };
  }
}

/**
 * A file's text: undefined when there is none, null when it is there but cannot be read (or is
 * too big to). `asRipgrep`: only the lines before the first that is not UTF-8, where ripgrep
 * stops reading an ignore file (the rules after it leave nothing out).
 */
function readSmall(path: string, asRipgrep = false): string | undefined | null {
  try {
    const stat = fs.statSync(path, { throwIfNoEntry: false });
    if (stat === undefined) return undefined;
    if (!stat.isFile() || stat.size > MAX_IGNORE_FILE) return null;
    const bytes = fs.readFileSync(path);
    return asRipgrep ? validLines(bytes) : bytes.toString('utf8');
  } catch {
    return null;
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The lines of `bytes` before the first one that is not UTF-8 (all of them when each is). */
function validLines(bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    const lines: string[] = [];
    let start = 0;
    while (start <= bytes.length) {
      const end = bytes.indexOf(0x0a, start);
      const line = bytes.subarray(start, end < 0 ? bytes.length : end);
      try {
        lines.push(UTF8.decode(line));
      } catch {
        break;
      }
      if (end < 0) break;
      start = end + 1;
    }
    return lines.join('\n');
  }
}

const NEGATION = /^[ \t]*!/m;

/**
 * Whether git's global ignore file may let a name in: a `!` rule in it, or a git setting that
 * names another one (`core.excludesFile`), which is not followed here.
 */
function globalRulesLetIn(home: string): boolean {
  const xdg = process.env.XDG_CONFIG_HOME || `${home}/.config`;
  const ignoreText = readSmall(`${xdg}/git/ignore`);
  if (ignoreText === null || (ignoreText !== undefined && NEGATION.test(ignoreText))) return true;
  for (const config of [`${home}/.gitconfig`, `${xdg}/git/config`, '/etc/gitconfig']) {
    const text = readSmall(config);
    if (text === null || (text !== undefined && /excludesfile/i.test(text))) return true;
  }
  return false;
}

/** One line of an ignore file, as ripgrep reads it. */
interface Rule {
  /** A `!` rule: what it matches is let in. */
  letsIn: boolean;
  /** A rule ending in `/`: it matches directories only. */
  directoryOnly: boolean;
  /** A rule with a `/` before its end: it matches from the ignore file's directory only. */
  anchored: boolean;
  /** Whether it matches a path relative to the ignore file's directory (`d/k.pem`). */
  matches: (relative: string) => boolean;
}

const MATCHES_EVERYTHING = (): boolean => true;
/** Rule text read here: names, `/`, `*`, `?`, and classes of letters and digits; `**` only as a whole segment. */
const PLAIN_RULE = /^(?:[A-Za-z0-9._\-/*?]|\[[A-Za-z0-9]+\])+$/;

/**
 * The rules of an ignore file, gitignore's syntax. A path matches one by itself, never through
 * a parent (ripgrep prunes an ignored directory instead; a directory it is given is searched
 * whatever its parents' files say). A rule in a syntax not read here is the careful side of
 * its kind: an ignore rule is dropped (more is read), a `!` rule lets in every path.
 * A byte order mark before the first rule is skipped by git and ripgrep 14, not by ripgrep
 * 13: that rule is read as a `!` one, dropped as an ignore one (a `\uFEFF!.env` lets .env in).
 * `anyCaseLetIn`: a `!` rule matches names in any case, as git's do with core.ignorecase
 * (macOS's default, or set in the repository's config), which is not read here.
 */
export function rulesIn(text: string, anyCaseLetIn = false): Rule[] {
  const rules: Rule[] = [];
  const bom = text.startsWith('\uFEFF');
  for (const [i, raw] of (bom ? text.slice(1) : text).split('\n').entries()) {
    let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '' || line.startsWith('#')) continue;
    const letsIn = line.startsWith('!');
    if (bom && i === 0 && !letsIn) continue;
    if (letsIn) line = line.slice(1);
    else if (line.startsWith('\\!') || line.startsWith('\\#')) line = line.slice(1);
    // Trailing spaces are not part of a rule (an escaped one is: not read here).
    line = line.replace(/(?<!\\) +$/, '');
    const directoryOnly = line.endsWith('/');
    if (directoryOnly) line = line.replace(/\/+$/, '');
    const plain = line !== '' && PLAIN_RULE.test(line) && line.split('/').every((segment) => !segment.includes('**') || segment === '**');
    if (!plain) {
      if (letsIn) rules.push({ letsIn, directoryOnly: false, anchored: false, matches: MATCHES_EVERYTHING });
      continue;
    }
    // A rule with a `/` before its end is anchored to the file's directory; one without matches a name at any depth.
    const anchored = line.includes('/');
    const pattern = anchored ? line.replace(/^\//, '') : `**/${line}`;
    const options = { dot: true, nocase: letsIn && anyCaseLetIn };
    const test = picomatch(pattern, options);
    // `d/**` matches what is inside `d`, not `d` itself (picomatch's `**` also matches nothing).
    const inside = pattern.endsWith('/**') ? picomatch(pattern.slice(0, -3), options) : undefined;
    rules.push({ letsIn, directoryOnly, anchored, matches: inside === undefined ? test : (relative) => test(relative) && !inside(relative) });
  }
  return rules;
}

/** The last rule that matches decides: ignored, let in, or none. `above`: anchored rules that leave out are not read. */
function matchOf(rules: readonly Rule[], relative: string, isDirectory: boolean, above: boolean): Match {
  for (let i = rules.length - 1; i >= 0; i--) {
    const rule = rules[i]!;
    if ((rule.directoryOnly && !isDirectory) || (above && rule.anchored && !rule.letsIn)) continue;
    if (rule.matches(relative)) return rule.letsIn ? 'let-in' : 'ignored';
  }
  return 'none';
}
