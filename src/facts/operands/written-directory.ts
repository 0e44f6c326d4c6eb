// The directory a program writes into without naming each file (OperandGrammar.writesInto:
// `wget`'s downloads, `git checkout REV` rewriting the tree).
import { hasOption, lastOptionValue, type OptionSpelling } from '../options.js';
import { longNamesOf, valuedLongOf, type OperandGrammar } from '../grammars.js';
import type { Reading } from './by-grammar.js';

/**
 * The directory a program writes files into that it names itself (OperandGrammar.writesInto):
 * `.` or its directory option's value; undefined when this command line names every file it writes.
 */
export function writtenDirectory(words: readonly string[], at: number, grammar: OperandGrammar, into: NonNullable<OperandGrammar['writesInto']>, reading: Reading): string | undefined {
  const known = longNamesOf(grammar);
  const has = (option: OptionSpelling | undefined) => option !== undefined && hasOption(words, option, grammar.valued, known);
  if (into.when !== undefined && !has(into.when)) return undefined;
  if (has(into.unless) && !has(into.despite)) return undefined;
  if (into.unlessOperand === true && reading.operandFiles.length > 0) return undefined;
  if (into.withOperand === true && reading.operands.length === 0) return undefined;
  if (into.readOnlyFirst !== undefined && into.readOnlyFirst.includes(reading.operands[0] ?? '')) return undefined;
  if (into.whenRevision === true && !switchesTo(words, at, reading.operands)) return undefined;
  if (into.firstIn !== undefined && !into.firstIn.includes(reading.operands[0] ?? '')) return undefined;
  if (has(into.anywhere) || (into.anywhereUnless !== undefined && !has(into.anywhereUnless))) return '/';
  return (into.directory === undefined ? undefined : lastOptionValue(words, into.directory, grammar.valued, at + 1, known, valuedLongOf(grammar))) ?? '.';
}

/**
 * Whether `git checkout`'s operands may name a commit to switch to: one operand before any
 * `--`, none after (`git checkout main`, `git checkout main --`), that may be a revision: a
 * name that starts with `.` or `/`, holds a wildcard or a `..`, or ends with `/` is none.
 */
function switchesTo(words: readonly string[], at: number, operands: readonly string[]): boolean {
  const dashes = words.indexOf('--', at + 1);
  const before = dashes < 0 ? operands : operands.filter((op) => words.indexOf(op, at + 1) < dashes);
  if (before.length !== 1 || before.length !== operands.length) return false;
  // `HEAD^{/fix bug}`, `@{-1}`: revision syntax, whatever else the word holds; a word made at
  // run time (`"$(git rev-parse HEAD~3)"`) may name a revision too (red team 27)
  if (/[\^@]\{|[$`]/.test(before[0]!)) return true;
  return !/^[./]|[*?[\\\s]|\.\.|\/\.|\/$/.test(before[0]!);
}
