// git's pathspecs: what `:/a`, `:(top,icase)a`, `:!a` and `*key` may name, from here or from
// the work tree's top, and the pathspecs of the subcommands that only read.
import { anyCaseGlob } from '../path-glob.js';

/** Whether a git pathspec excludes what it names (`:!x`, `:^x`, `:(exclude,top)x`). */
export function isExcludingPathspec(word: string): boolean {
  const long = /^:\(([^)]*)\)/.exec(word);
  if (long !== null) return long[1]!.split(',').some((m) => m.trim() === 'exclude');
  return /^:[/]*[!^]/.test(word);
}

/**
 * What a git pathspec with magic names (gitglossary "pathspec"): `:/a`, `:!/a`, `:(top)a`
 * and `:(top,icase)a` name `a` from the work tree's top; `:(glob)a`, `:!a`, `:^a` name `a`
 * here. Undefined for a plain pathspec (no leading `:`). Kept as what the pattern may name,
 * so the exclusions (`:!a`) count too: the safe side.
 */
export function pathspecTarget(word: string): { path: string; fromTop: boolean } | undefined {
  if (!word.startsWith(':')) return undefined;
  const { path, fromTop } = pathspecReading(word);
  return { path, fromTop };
}

/**
 * What any git pathspec may name, as a path the checks can read (gitglossary "pathspec"):
 * `path` from the command's directory, or from the work tree's top (`fromTop`: `:/a`,
 * `:(top)a`). Without `glob` or `literal` magic git matches a pattern with fnmatch and no
 * FNM_PATHNAME, so `*`, `?` and a bracket match `/` too (`*key` names `secrets/key`): each
 * is written `**` here, which the shell-word readings of path-glob.ts take to cross `/`.
 * With `icase` magic it matches names in any case: each letter is both (anyCaseGlob, `.ENV`
 * reads `.env`). Exclusions (`:!a`) are read as what they name too: the safe side.
 */
export function pathspecReading(word: string): { path: string; fromTop: boolean } {
  let magic: string[] = [];
  let path = word;
  let fromTop = false;
  const long = /^:\(([^)]*)\)(.*)$/s.exec(word);
  if (long !== null) {
    magic = long[1]!.split(',').map((m) => m.trim().split(':', 1)[0]!.toLowerCase());
    path = long[2]!;
    fromTop = magic.includes('top');
  } else if (word.startsWith(':')) {
    const short = /^:([/!^]*):?(.*)$/s.exec(word)!;
    path = short[2]!;
    fromTop = short[1]!.includes('/');
  }
  // A plain pattern's `*` crosses `/` in git (`*key` is secrets/key too), yet it is read as
  // written: it only narrows a whole-tree read (`git grep x` reads secrets/key as well), which
  // is out of scope, and reading it wider denied `git log --grep 'fix.*bug'`, whose values
  // are not told apart from pathspecs. A pattern in any case is named all the same.
  if (magic.includes('icase')) path = anyCaseGlob(path);
  return { path, fromTop };
}

// The reading subcommands (GIT_READ_ONLY) whose operands may be pathspecs; the others' are
// revisions, refs and their patterns (`git branch --list 'feat*'`, `git describe --match 'v*'`)
// or remotes, and check-ignore's and check-attr's are paths read by their look.
export const GIT_PATHSPEC_READERS: ReadonlySet<string> = new Set(['status', 'diff', 'log', 'show', 'blame', 'ls-files', 'grep', 'ls-tree', 'diff-tree', 'diff-index', 'diff-files', 'whatchanged', 'range-diff', 'shortlog', 'rev-list']);

/**
 * The pathspecs of a git subcommand that only reads (GIT_PATHSPEC_READERS) and their readings
 * (pathspecReading): every word after `--`, and before it every word with pathspec magic
 * (`:/infra`, `:(icase).ENV`) or a wildcard (git takes `'*key'` as a pathspec without `--`).
 * Option values and grep's pattern are not told apart: an empty one is no word here
 * (emit.ts drops empty literal words), so in `git log --grep '' '*key'` or `git
 * grep '' '*key'` the pathspec is where a value or the pattern would be. So a regex with `*`
 * (`git grep 'a.*b'`, `-G 'x.*'`) meets the deny lists as a pathspec would: the safe side.
 */
export function readOnlyPathspecs(words: readonly string[], at: number): { words: string[]; here: string[]; top: string[] } {
  const out = { words: [] as string[], here: [] as string[], top: [] as string[] };
  const dashes = words.indexOf('--', at + 1);
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i]!;
    const after = dashes >= 0 && i > dashes;
    if (!after && (w.startsWith('-') || (!/^:[/!^(]/.test(w) && !/[*?[]/.test(w)))) continue;
    if (w === '' || /[$`]/.test(w)) continue;
    const { path, fromTop } = pathspecReading(w);
    if (w.startsWith(':')) out.words.push(w);
    if (fromTop) out.top.push(path);
    else if (path !== w) out.here.push(path === '' ? '.' : path);
  }
  return out;
}

// git's long options that begin `--pathspec-`: `--pathspec-f` is ambiguous (git refuses it), `--pathspec-from` is not.
export const GIT_PATHSPEC_LONG = ['--pathspec-from-file', '--pathspec-file-nul'];
