// The commands an interpreter's program text starts (`python3 -c`, `node -e`, `deno eval`, a
// literal input): code-commands.ts finds them in the text; each is read here as a `bash -c`
// string is.
import type { Stmt } from './ast.js';
import { commandsInCode, inlineCode, languageOf, pythonModuleCode, readsInputAsCodeToo } from './code-commands.js';
import { collectAs } from './statements.js';
import { literalStdin, stdinOf, stdinProgram } from './stdin.js';
import { markUnverifiable, type Walk } from './walk.js';
import { singleQuoted, type WordValue } from './words.js';

/**
 * The commands an interpreter's program text starts (code-commands.ts): the text its options
 * give (`python3 -c`, `node -e`) or its literal input (`python3 <<< '…'`). Each is read as
 * a `bash -c` string is: it must be allowed itself, and deny patterns and path checks see it.
 */
export function readCodeCommands(name: string, values: WordValue[], at: number, depth: number, walk: Walk, stmt: Stmt): void {
  const language = name === 'deno' ? 'node' : languageOf(name);
  if (language === undefined) return;
  const args = values.slice(at + 1);
  const given = name === 'deno' ? denoEvalCode(args) : inlineCode(language, args);
  const moduleCode = language === 'python' ? pythonModuleCode(args) : undefined;
  if (given === null || moduleCode === null) {
    markUnverifiable(walk, `the program text \`${name}\` is given is not a literal`);
    return;
  }
  const inline = given !== undefined || moduleCode !== undefined ? [given, moduleCode].filter((t) => t !== undefined).join('\n') : undefined;
  // Its input is code as well where no program text is given, or an interactive mode reads it after (`python3 -i -c 1`, `-m code`, `perl -d`).
  const stdinCode = (inline === undefined && stdinProgram(values.slice(at).map((v) => v.text)) === 'code') || readsInputAsCodeToo(language, args);
  // Program text given as input that the line builds (`python3 <<< "$CODE"`): not known before it runs.
  if (stdinCode && stdinOf(stmt, walk).kind === 'built') {
    markUnverifiable(walk, `the program text \`${name}\` reads from its input is built when the line runs`);
    return;
  }
  const input = stdinCode ? literalStdin(stmt, walk, name) : undefined;
  const code = inline !== undefined && input !== undefined ? `${inline}\n${input}` : inline ?? input;
  if (code === undefined) return;
  const found = commandsInCode(language, code);
  if (found.unverifiable !== undefined) markUnverifiable(walk, found.unverifiable);
  for (const line of found.lines) collectAs(true, line, depth + 1, walk);
  for (const argv of found.argvs) collectAs(true, argv.map(singleQuoted).join(' '), depth + 1, walk);
}

/**
 * `deno eval [OPTIONS] CODE [ARGS]`: every word after `eval` that is no option is read as its
 * code (an option's value too: the careful side); null when one is not a literal.
 */
function denoEvalCode(args: readonly WordValue[]): string | null | undefined {
  if (args[0]?.text !== 'eval' || !args[0].literal) return undefined;
  const words = args.slice(1).filter((w) => !w.text.startsWith('-'));
  if (words.some((w) => !w.literal)) return null;
  return words.length > 0 ? words.map((w) => w.text).join('\n') : undefined;
}
