// What `git clean` and `git rm -r` delete below a directory without naming a file: read as
// trees written (trees.ts), walked on disk by the engine. Part of trees.ts's readings.
import { hasOption, optionIs, optionValues, nonOptionWords } from '../options.js';
import { within } from '../within.js';
import type { Tree } from './trees.js';
import { gitDirectoryOf, gitSubcommandAt } from './git.js';

// git clean's (2.39) long options: git takes any unique prefix (`--dry` is `--dry-run`).
const CLEAN_LONG = ['--dry-run', '--force', '--interactive', '--quiet', '--exclude'];
// git rm's long options.
const RM_LONG = ['--dry-run', '--force', '--cached', '--ignore-unmatch', '--quiet', '--sparse', '--pathspec-from-file', '--pathspec-file-nul'];
// git stash push's (and save's) long options.
const STASH_LONG = ['--patch', '--staged', '--keep-index', '--include-untracked', '--all', '--quiet', '--message', '--pathspec-from-file', '--pathspec-file-nul'];
// What git stash does when its first operand names none of its other commands (`git stash -u`).
const STASH_PUSHES = new Set(['push', 'save']);
const GIT_WILDCARD = /[*?[\\]/;
/** git's walk of what it deletes (`git clean`, `git stash -u`): what its own ignore files name is left. */
const GIT_IGNORES_READ = { skipsHidden: false, honoursIgnores: true, gitignoreAnywhere: false, mayLetInHidden: false, gitOnly: true as const };

/**
 * Where a pathspec starts: a directory below where git runs (`src`, `../x`; one with a
 * wildcard from the directory its literal part ends in, since git's `*` crosses `/`:
 * `src/*.ts` from `src`, `s*y` from `.`), or below the work tree's top (`:/docs`,
 * `:(top)docs`); undefined for other magic (`:!x`, `:(glob)…`), not read here.
 */
function startOf(spec: string): { path: string; fromTop: boolean } | undefined {
  const top = /^:(?:\/|\(top\))(.*)$/.exec(spec);
  const path = top !== null ? top[1]! : spec;
  if (top === null && spec.startsWith(':')) return undefined;
  const wildcard = path.search(GIT_WILDCARD);
  const literal = wildcard < 0 ? path : path.slice(0, path.lastIndexOf('/', wildcard) + 1);
  return { path: literal.replace(/\/+$/, '') || '.', fromTop: top !== null };
}

/**
 * Whether a git option that can be turned off is on after every word that gives it:
 * parse-options lets the last win and reads `--no-NAME` as off, abbreviated too (`git clean
 * -n --no-dry-run -f` deletes, as does `--no-d`). A word that may abbreviate the negation
 * counts as one: this is asked of options that keep files (`-n`, `--cached`), so off is the careful side.
 */
function gitOptionOn(args: readonly string[], letters: string, long: string, valued: string, known: readonly string[]): boolean {
  let on = false;
  for (let i = 1; i < args.length && args[i] !== '--'; i++) {
    const w = args[i]!;
    const name = w.split('=')[0]!;
    if (name.length >= 3 && `--no-${long.slice(2)}`.startsWith(name)) on = false;
    else if (optionIs(w, { letters, long: [long] }, valued, known)) on = true;
  }
  return on;
}

/**
 * The directories `git clean` (without `-n`), `git rm` (without `--cached` or `-n`) or `git
 * stash -u`/`-a` deletes files below: each pathspec (startOf), or where git runs (`-C`);
 * `git rm` without `-r` only below its pathspecs with a wildcard (`git rm 's*y'` deletes
 * secrets/key). `git clean` and `git stash -u` leave what git ignores unless `-x`/`-X`/`-a`,
 * or an `-e '!x'` that lets it in: their walk reads git's own ignore files (Tree.ripgrep with
 * `gitOnly`), and leaves tracked files and other `-e` patterns to the careful side (counted
 * as deleted). Pathspec magic other than `:/`, a pathspec file, or git's
 * `--git-dir`/`--work-tree` refuse the call.
 */
export function gitRemovalTrees(words: readonly string[]): readonly Tree[] {
  const at = gitSubcommandAt(words);
  const subcommand = words[at];
  if (subcommand === 'stash') return gitStashTrees(words, at);
  if (subcommand !== 'clean' && subcommand !== 'rm') return [];
  const own = words.slice(1, at);
  const args = ['git', ...words.slice(at + 1)];
  const known = subcommand === 'clean' ? CLEAN_LONG : RM_LONG;
  const valued = subcommand === 'clean' ? 'e' : '';
  if (gitOptionOn(args, 'n', '--dry-run', valued, known)) return [];
  let ignores = false;
  let specs = nonOptionWords(args, valued, subcommand === 'clean' ? ['--exclude'] : []);
  if (subcommand === 'rm') {
    if (gitOptionOn(args, '', '--cached', valued, known)) return [];
    if (!hasOption(args, { letters: 'r', long: [] }, '', known)) {
      specs = specs.filter((spec) => GIT_WILDCARD.test(spec));
      if (specs.length === 0) return [];
    }
  } else {
    // An `-e` pattern is read before the ignore files, and a `!` one lets in what they leave out.
    const excludes = optionValues(args, { letters: 'e', long: ['--exclude'] }, 'e', 1, known, ['--exclude']);
    ignores = !hasOption(args, { letters: 'xX', long: [] }, 'e', known) && !excludes.some((pattern) => pattern.startsWith('!'));
  }
  const directory = gitDirectoryOf(words, at);
  const place = (spec: string): string => (directory === '' ? spec : within(directory, spec));
  const common = {
    followsLinks: false,
    written: true,
    gitCwd: directory,
    ...(ignores ? { ripgrep: GIT_IGNORES_READ } : {}),
    // With -X git deletes an ignored directory whole when a pathspec lies below it (`git clean
    // -fX -- d/sub/none` deletes d/ when it ignores d/; from d/sub, `.` does).
    ...(subcommand === 'clean' && hasOption(args, { letters: 'X', long: [] }, 'e', known) ? { ignoredAbove: true as const } : {}),
  };
  const starts = specs.map(startOf);
  const refused =
    ownRefusal(own, subcommand) ??
    (starts.includes(undefined) ? `\`git ${subcommand}\` with pathspec magic other than \`:/\` deletes files not read here`
    : args.some((w) => w.startsWith('--pathspec-from')) ? `\`git ${subcommand} --pathspec-from-file\` deletes files that file names, which is not read here`
    : undefined);
  if (refused !== undefined) return [{ root: place('.'), ...common, refused }];
  if (starts.length === 0) return [{ root: place('.'), ...common }];
  // A path from the top is placed by the engine (Tree.fromTop), from where git runs.
  return starts.map((start) => (start!.fromTop ? { root: start!.path, fromTop: true as const, ...common } : { root: place(start!.path), ...common }));
}

/**
 * `git stash -u` (`--include-untracked`) and `-a` (`--all`) delete the files git does not
 * track, as `git clean -d` (with `-a` also `-x`) does, over the whole work tree whatever
 * directory git runs in: from its top (Tree.fromTop). Its pathspecs only narrow that (not
 * read). Its other commands (`list`, `pop`, …) delete nothing; a first word that is an option is `push`.
 */
function gitStashTrees(words: readonly string[], at: number): readonly Tree[] {
  const first = words[at + 1];
  if (first !== undefined && !first.startsWith('-') && !STASH_PUSHES.has(first)) return [];
  const args = ['git', ...words.slice(at + 1)];
  const all = hasOption(args, { letters: 'a', long: ['--all'] }, 'm', STASH_LONG);
  if (!all && !hasOption(args, { letters: 'u', long: ['--include-untracked'] }, 'm', STASH_LONG)) return [];
  const own = words.slice(1, at);
  const gitCwd = gitDirectoryOf(words, at);
  const tree: Tree = { root: '.', fromTop: true, gitCwd, followsLinks: false, written: true, ...(all ? {} : { ripgrep: GIT_IGNORES_READ }) };
  const refused = ownRefusal(own, 'stash');
  return [refused === undefined ? tree : { ...tree, refused }];
}

/** Why git's own options keep what it deletes from being read: `--git-dir`/`--work-tree` name another work tree. */
function ownRefusal(own: readonly string[], subcommand: string): string | undefined {
  return own.some((w) => /^--(?:git-dir|work-tree)(?:=|$)/.test(w)) ? `\`git --git-dir\`/\`--work-tree\` … ${subcommand}\` deletes in the work tree that names, which is not read here` : undefined;
}
