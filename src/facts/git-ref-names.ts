// `git tag` and `git branch` name refs, not files: their operands are tag and branch names,
// the patterns `--list` matches against ref names (`git tag --list 'v*'`), commits and
// upstreams, and their option values are messages, formats, sort keys and commits. None is
// opened as a file, so `v*` is no name that may be `v.pem`. The one file either reads is
// tag's `-F`/`--file` message, which stays a file. Read only where certain, as grep's
// patterns are (search-patterns.ts): the words as written, and every option one of these
// tables knows (git takes unique abbreviations of long names: those are not read here).
import type { SimpleCommand } from '../types.js';
import { gitSubcommandAt } from './operands/git.js';

interface RefCommandOptions {
  /** Short options that take no value. */
  flags: string;
  /** Short options whose value is the next word or the rest of the word. */
  valued: string;
  /** Short options with an optional value, attached only (`-n3`). */
  optionalAttached: string;
  /** The short option whose value is a file (tag's `-F`). */
  fileLetter: string;
  /** Long options that take no value, or an optional one only after `=` (`--column=always`). */
  long: ReadonlySet<string>;
  /** Long options that take a value, after `=` or as the next word. */
  longValued: ReadonlySet<string>;
  /** The long option whose value is a file. */
  fileLong: string;
}

// git-tag(1) and git-branch(1), git 2.39 to 2.47: `--contains`, `--merged` and `--points-at`
// take the next word as their commit when there is one.
const REF_COMMANDS: ReadonlyMap<string, RefCommandOptions> = new Map([
  ['tag', {
    flags: 'asfdvlie',
    valued: 'umF',
    optionalAttached: 'n',
    fileLetter: 'F',
    long: new Set([
      '--annotate', '--sign', '--no-sign', '--force', '--delete', '--verify', '--list', '--ignore-case', '--edit', '--no-edit',
      '--create-reflog', '--omit-empty', '--column', '--no-column', '--color', '--no-color',
    ]),
    longValued: new Set(['--local-user', '--message', '--file', '--cleanup', '--trailer', '--sort', '--format', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at']),
    fileLong: '--file',
  }],
  ['branch', {
    flags: 'arvqdDmMcCflit',
    valued: 'u',
    optionalAttached: '',
    fileLetter: '',
    long: new Set([
      '--all', '--remotes', '--verbose', '--quiet', '--delete', '--move', '--copy', '--force', '--list', '--ignore-case',
      '--show-current', '--edit-description', '--unset-upstream', '--track', '--no-track', '--create-reflog', '--recurse-submodules',
      '--omit-empty', '--column', '--no-column', '--color', '--no-color', '--abbrev', '--no-abbrev',
    ]),
    longValued: new Set(['--set-upstream-to', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format']),
    fileLong: '',
  }],
]);

/**
 * The indexes among `cmd.words` of the words `git tag` or `git branch` reads as ref names,
 * patterns, commits or text (every word after the subcommand that is neither an option nor
 * tag's message file); undefined when the command is neither or not certainly read so.
 */
export function gitRefNamesAt(cmd: SimpleCommand): readonly number[] | undefined {
  const { words } = cmd;
  if (words[0] !== 'git') return undefined;
  const at = gitSubcommandAt(words as string[]);
  const options = REF_COMMANDS.get(words[at] ?? '');
  if (options === undefined) return undefined;
  const names: number[] = [];
  for (let i = at + 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') {
      for (let k = i + 1; k < words.length; k++) names.push(k);
      break;
    }
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const name = eq < 0 ? word : word.slice(0, eq);
      if (options.long.has(name)) continue;
      if (!options.longValued.has(name)) return undefined;
      // A value in the next word is text, unless it is the message file.
      if (eq < 0 && ++i < words.length && name !== options.fileLong) names.push(i);
      continue;
    }
    if (word.startsWith('-') && word !== '-') {
      for (let k = 1; k < word.length; k++) {
        const letter = word[k]!;
        if (options.flags.includes(letter)) continue;
        if (options.optionalAttached.includes(letter)) break;
        if (!options.valued.includes(letter)) return undefined;
        if (k + 1 === word.length && ++i < words.length && letter !== options.fileLetter) names.push(i);
        break;
      }
      continue;
    }
    names.push(i);
  }
  return names;
}
