// What `git clean` and `git rm -r` delete below a directory without naming a file: read as
// trees written (trees.ts), walked on disk by the engine. Part of trees.ts's readings.
import { hasOption, optionValues } from '../options.js';
import { within } from '../within.js';
import type { Tree } from './trees.js';
import { gitSubcommandAt } from './git.js';

// git clean's (2.39) long options: git takes any unique prefix (`--dry` is `--dry-run`).
const CLEAN_LONG = ['--dry-run', '--force', '--interactive', '--quiet', '--exclude'];
// git rm's long options.
const RM_LONG = ['--dry-run', '--force', '--cached', '--ignore-unmatch', '--quiet', '--sparse', '--pathspec-from-file', '--pathspec-file-nul'];

/**
 * Where a pathspec starts: a directory below where git runs (`src`, `../x`; one with a
 * wildcard matches at any depth, so `.`), or below the work tree's top (`:/docs`,
 * `:(top)docs`); undefined for other magic (`:!x`, `:(glob)…`), not read here.
 */
function startOf(spec: string): { path: string; fromTop: boolean } | undefined {
  const top = /^:(?:\/|\(top\))(.*)$/.exec(spec);
  const path = top !== null ? top[1]! : spec;
  if (top === null && spec.startsWith(':')) return undefined;
  return { path: path === '' || /[*?[\\]/.test(path) ? '.' : path, fromTop: top !== null };
}

/**
 * The directories `git clean` (without `-n`) or `git rm -r` (without `--cached` or `-n`)
 * deletes files below: each pathspec (startOf), or where git runs (`-C`).
 * `git clean` leaves what git ignores unless `-x`/`-X`: its walk reads git's own ignore
 * files (Tree.ripgrep with `gitOnly`), and leaves tracked files and `-e` patterns to the
 * careful side (counted as deleted). Pathspec magic other than `:/`, a pathspec file, or
 * git's `--git-dir`/`--work-tree` refuse the call.
 */
export function gitRemovalTrees(words: readonly string[]): readonly Tree[] {
  const at = gitSubcommandAt(words);
  const subcommand = words[at];
  if (subcommand !== 'clean' && subcommand !== 'rm') return [];
  const own = words.slice(1, at);
  const args = ['git', ...words.slice(at + 1)];
  const known = subcommand === 'clean' ? CLEAN_LONG : RM_LONG;
  if (hasOption(args, { letters: 'n', long: ['--dry-run'] }, subcommand === 'clean' ? 'e' : '', known)) return [];
  let ignores = false;
  if (subcommand === 'rm') {
    if (!hasOption(args, { letters: 'r', long: [] }, '', known) || hasOption(args, { letters: '', long: ['--cached'] }, '', known)) return [];
  } else ignores = !hasOption(args, { letters: 'xX', long: [] }, 'e', known);
  const specs = operandsOf(args, subcommand === 'clean' ? 'e' : '', subcommand === 'clean' ? ['--exclude'] : []);
  const directory = optionValues(own, { letters: 'C', long: [] }, '', 0).reduce(within, '');
  const place = (spec: string): string => (directory === '' ? spec : within(directory, spec));
  const common = {
    followsLinks: false,
    written: true,
    ...(ignores ? { ripgrep: { skipsHidden: false, honoursIgnores: true, gitignoreAnywhere: false, mayLetInHidden: false, gitOnly: true as const } } : {}),
  };
  const starts = specs.map(startOf);
  const refused =
    own.find((w) => /^--(?:git-dir|work-tree)(?:=|$)/.test(w)) !== undefined ? `\`git --git-dir\`/\`--work-tree\` … ${subcommand}\` deletes in the work tree that names, which is not read here`
    : starts.includes(undefined) ? `\`git ${subcommand}\` with pathspec magic other than \`:/\` deletes files not read here`
    : args.some((w) => w.startsWith('--pathspec-from')) ? `\`git ${subcommand} --pathspec-from-file\` deletes files that file names, which is not read here`
    : undefined;
  if (refused !== undefined) return [{ root: place('.'), ...common, refused }];
  if (starts.length === 0) return [{ root: place('.'), ...common }];
  // A path from the top is placed by the engine (Tree.fromTop), from where git runs.
  return starts.map((start) => (start!.fromTop ? { root: start!.path, fromTop: true as const, gitCwd: directory, ...common } : { root: place(start!.path), ...common }));
}

/** The words after the subcommand that are no options (every word after `--`), skipping the values of `valued` options. */
function operandsOf(args: readonly string[], valued: string, valuedLong: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < args.length; i++) {
    const w = args[i]!;
    if (w === '--') return [...out, ...args.slice(i + 1)];
    if (!w.startsWith('-') || w === '-') out.push(w);
    else if (w.startsWith('--')) {
      if (!w.includes('=') && valuedLong.some((long) => long.startsWith(w) && w.length > 3)) i++;
    } else {
      const k = [...w.slice(1)].findIndex((letter) => valued.includes(letter));
      if (k >= 0 && k === w.length - 2) i++;
    }
  }
  return out;
}
