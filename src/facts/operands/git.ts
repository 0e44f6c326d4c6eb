// git's own words, before its subcommand: where the subcommand is, the subcommand's grammar
// (GIT_GRAMMARS), and the trace files its `-c` settings make it write.
import { optionValues } from '../options.js';
import { within } from '../within.js';
import { writtenVariablePath } from '../shell/wrappers.js';
import { GIT_GLOBAL_VALUED, GIT_GRAMMARS, GRAMMARS, longNamesOf, type OperandGrammar } from '../grammars.js';

/** The index of git's subcommand in a git command's words (`git` first), past git's own options; words.length when there is none. */
export function gitSubcommandAt(words: readonly string[]): number {
  let i = 1;
  while (i < words.length && words[i]!.startsWith('-')) i += GIT_GLOBAL_VALUED.has(words[i]!) ? 2 : 1;
  return Math.min(i, words.length);
}

/** Where git runs, from its own options before the subcommand at `at` (`-C a -C b` is `a/b`; `''`: where the shell is). */
export function gitDirectoryOf(words: readonly string[], at: number): string {
  return optionValues(words.slice(1, at), { letters: 'C', long: [] }, '', 0).reduce(within, '');
}

/** The subcommand's index in a git command's words, and its grammar. */
export function gitGrammar(words: readonly string[]): { at: number; grammar: OperandGrammar | undefined } {
  const at = gitSubcommandAt(words);
  return { at, grammar: GIT_GRAMMARS.get(words[at] ?? '') };
}

/** The long names the grammar of a program (`sort`) or git subcommand (`git restore`) holds; for tests. */
export function longNamesFor(words: readonly string[]): readonly string[] {
  const { grammar } = words[0] === 'git' ? gitGrammar(words) : { grammar: GRAMMARS.get(words[0] ?? '') };
  return grammar === undefined ? [] : longNamesOf(grammar);
}

// git's trace2 settings whose value is where it writes its traces (git-config(1), trace2.*Target).
const GIT_TRACE_TARGET = /^trace2\.(?:event|normal|perf)target=(.*)$/is;

/**
 * The files `git -c trace2.eventTarget=FILE` (normalTarget, perfTarget) makes git append its
 * traces to, read as GIT_TRACE2's value is (writtenVariablePath), with the setting's text.
 */
export function gitTraceFiles(words: readonly string[]): { file: string; setting: string }[] {
  const own = words.slice(0, gitSubcommandAt(words));
  return optionValues(own, { letters: 'c', long: [] }, '').flatMap((setting) => {
    const value = GIT_TRACE_TARGET.exec(setting)?.[1];
    const file = value === undefined ? undefined : writtenVariablePath('GIT_TRACE2', value);
    return file === undefined ? [] : [{ file, setting }];
  });
}
