// The directories a program changes into by its own options (`make -C DIR`, `git -C DIR`).
import { optionValues } from '../options.js';
import { GRAMMARS, longNamesOf, TAR, valuedLongOf } from '../grammars.js';
import { tarWords } from './archives.js';
import { gitSubcommandAt } from './git.js';

/**
 * The directories a program changes into by its own options, in order, each relative to the
 * one before (`tar -C DIR`, `make -C DIR`, `patch -d DIR`, `git -C DIR`); empty when none.
 */
export function ownDirectories(words: readonly string[]): string[] {
  const program = words[0] ?? '';
  // git's own -C comes before the subcommand (`git commit -C HEAD` reuses a message).
  if (program === 'git') return optionValues(words.slice(0, gitSubcommandAt(words)), { letters: 'C', long: [] }, 'c');
  if (program === 'tar') return optionValues(tarWords(words), TAR.directory!, TAR.valued, 1, longNamesOf(TAR), valuedLongOf(TAR));
  const grammar = GRAMMARS.get(program);
  return grammar?.directory === undefined ? [] : optionValues(words, grammar.directory, grammar.valued, 1, longNamesOf(grammar), valuedLongOf(grammar));
}
