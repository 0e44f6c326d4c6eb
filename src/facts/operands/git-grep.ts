// What `git grep` reads: the files git tracks below where it runs or below its pathspecs
// (Tree.tracked, read from the repository's index by engine/git-index.ts), or every file
// where it may read others. Part of trees.ts's readings.
import { within } from '../within.js';
import type { Tree } from './trees.js';
import { gitDirectoryOf, gitSubcommandAt } from './git.js';

// git grep's options that make it read files git does not track, or another repository's.
const GIT_GREP_UNTRACKED = ['--untracked', '--no-index', '--recurse-submodules'];
// git's own options that leave which files it reads alone (`-C` is followed).
const GIT_HARMLESS_OWN: ReadonlySet<string> = new Set(['--no-pager', '-P', '-p', '--paginate', '--no-optional-locks', '--literal-pathspecs', '--no-replace-objects']);
// git grep's (2.39) options that take a value, attached or in the next word (`-e KEY`, `-A3`, `--max-depth 2`).
const GIT_GREP_VALUED_LETTERS = 'efABCm';
const GIT_GREP_VALUED_LONG = ['--max-depth', '--threads', '--context', '--after-context', '--before-context', '--max-count'];

/**
 * A pathspec that may name files outside the directory git grep runs in: magic (`:/`,
 * `:(top)`, `:!x`), an absolute path, or one with a `..` (`..`, `../x`, `d/../../x`).
 */
function escapesDirectory(spec: string): boolean {
  return spec.startsWith(':') || spec.startsWith('/') || spec.split('/').includes('..');
}

/**
 * What `git grep` reads: the files git tracks below the directory it runs in, or below each
 * plain pathspec after `--`. Without `--` its operands may be revisions, whose trees are not
 * read here (README: whole-tree git reads); the work tree's files are. A word that may be a
 * pathspec reaching above that directory (`:/`, `:(top)`, `..`, an absolute path), with or
 * without `--`, reads every file the repository tracks. Where it may read files git does not
 * track (`--untracked` and its abbreviations down to `--u`, `--no-index`, submodules, git's
 * own options naming a setting), every file below; `--git-dir`/`--work-tree` are refused.
 */
export function gitGrepTrees(words: readonly string[]): readonly Tree[] {
  const at = gitSubcommandAt(words);
  const own = words.slice(1, at);
  // git takes unique prefixes of long options: `--u` is `--untracked`. Any word counts (the careful side).
  let anyFile = words.slice(at + 1).some((w) => {
    const name = w.split('=')[0]!;
    return name.length >= 3 && name.startsWith('--') && GIT_GREP_UNTRACKED.some((long) => long.startsWith(name));
  });
  let refused: string | undefined;
  for (let i = 0; i < own.length; i++) {
    if (own[i] === '-C') i++;
    else if (/^--(?:git-dir|work-tree)(?:=|$)/.test(own[i]!)) refused = `\`git ${own[i]!.split('=')[0]} … grep\` reads the work tree that repository's config names, which is not read here`;
    else if (!GIT_HARMLESS_OWN.has(own[i]!)) anyFile = true;
  }
  // git grep's options stop at the first word that is none (parse-options, STOP_AT_NON_OPTION).
  let i = at + 1;
  let patternGiven = false;
  for (; i < words.length; i++) {
    const w = words[i]!;
    if (w === '(' || w === ')') continue;
    if (w === '--' || !w.startsWith('-') || w === '-') break;
    if (w.startsWith('--')) {
      const name = w.split('=')[0]!;
      if (!w.includes('=') && name.length > 2 && GIT_GREP_VALUED_LONG.some((long) => long.startsWith(name))) i++;
      continue;
    }
    for (let k = 1; k < w.length; k++) {
      if (w[k] === 'e' || w[k] === 'f') patternGiven = true;
      if (GIT_GREP_VALUED_LETTERS.includes(w[k]!)) {
        if (k === w.length - 1) i++;
        break;
      }
    }
  }
  // A `--` before any pattern is skipped; then, without `-e`/`-f`, the next word is the pattern.
  if (!patternGiven && words[i] === '--') i++;
  if (!patternGiven) i++;
  const rest = words.slice(i);
  const end = rest.indexOf('--');
  const specs = end < 0 ? [] : rest.slice(end + 1);
  const plain = specs.length > 0 && specs.every((p) => p !== '' && !/[*?[\\]/.test(p));
  const directory = gitDirectoryOf(words, at);
  // Any word after the subcommand that may be such a pathspec (the parse above aside: the careful side).
  const whole = words.slice(at + 1).some((w) => !w.startsWith('-') && escapesDirectory(w));
  const common = { followsLinks: false, written: false, ...(refused !== undefined ? { refused } : {}) };
  if (anyFile && whole) return [{ root: directory === '' ? '.' : directory, ...common, refused: refused ?? '`git grep` reads files git does not track from the repository\'s top (`:/`, `..`), which is not read here' }];
  if (anyFile) return (plain ? specs : ['.']).map((spec) => ({ root: directory === '' ? spec : within(directory, spec), ...common }));
  const tracked = { tracked: true as const, gitCwd: directory, ...common };
  if (whole) return [{ root: directory === '' ? '.' : directory, wholeRepository: true, ...tracked }];
  return (plain ? specs : ['.']).map((spec) => ({ root: directory === '' ? spec : within(directory, spec), ...tracked }));
}
