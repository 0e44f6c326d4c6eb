// Shell facts: what a command string would run, read with a real parser.
// See docs/decisions/shell-parser.md for the parser choice and the normalisation rules.
import type { ShellFacts } from '../../types.js';
import { ShellSyntaxError, UnsupportedSyntax } from './errors.js';
import { preloadParser } from './parser.js';
import { collectFromSource } from './statements.js';
import { finishWalk } from './re-evaluation.js';
import { CapExceeded, checkMadeScripts, factsOf, newWalk, type ShellCaps } from './walk.js';
import { singleQuoted } from './words.js';

export { singleQuoted };

export type { ShellCaps } from './walk.js';

export const DEFAULT_SHELL_CAPS: ShellCaps = Object.freeze({ maxLength: 16384, maxDepth: 32, maxCommands: 256 });

/**
 * Loads the parser ahead of the first call (mvdan-sh is synchronous; loading it takes
 * about 100 ms). Idempotent. `parseShell` works without it, loading on first use.
 */
export async function initShellParser(): Promise<void> {
  preloadParser();
}

/**
 * Every simple command `command` would run, normalised for command globs. Never throws:
 * a parse failure or an unreadable construct sets `unverifiable`; a passed cap sets
 * `capExceeded`; an internal failure sets `capExceeded: 'internal'` so it is denied.
 */
export function parseShell(command: string, caps: ShellCaps = DEFAULT_SHELL_CAPS): ShellFacts {
  try {
    if (typeof command !== 'string') return { commands: [], unverifiable: 'command is not a string' };
    if (command.length > caps.maxLength) return { commands: [], capExceeded: 'length' };
    if (command.includes('\0')) return { commands: [], unverifiable: 'command contains a NUL byte' };
    const walk = newWalk(caps);
    try {
      collectFromSource(command, 0, walk);
    } catch (error) {
      if (error instanceof CapExceeded) return { ...factsOf(walk), capExceeded: error.cap };
      if (error instanceof ShellSyntaxError) return { ...factsOf(walk), unverifiable: `shell syntax error: ${error.message}` };
      if (error instanceof UnsupportedSyntax) return { ...factsOf(walk), unverifiable: error.message };
      throw error;
    }
    finishWalk(walk);
    checkMadeScripts(walk);
    return factsOf(walk);
  } catch (error) {
    const reason = error instanceof RangeError ? 'depth' : 'internal';
    return { commands: [], unverifiable: `shell parsing failed: ${String(error)}`, capExceeded: reason };
  }
}

/**
 * A command string with a list of arguments beside it (`{ command: "cat", args: [".env"] }`):
 * the tool may pass each argument as one word (execve) or join them into the line it gives a
 * shell (`["&&", "rm", "x"]` is then a second command), so both readings are checked.
 */
export function parseWithArguments(command: string, args: readonly string[], caps: ShellCaps = DEFAULT_SHELL_CAPS): ShellFacts {
  if (args.length === 0) return parseShell(command, caps);
  const asWords = parseShell(`${command} ${args.map(singleQuoted).join(' ')}`, caps);
  const joined = parseShell(`${command} ${args.join(' ')}`, caps);
  // Where the readings agree (`git push --force`), each command once.
  const seen = new Set(asWords.commands.map((c) => JSON.stringify(c)));
  const facts: ShellFacts = { commands: [...asWords.commands, ...joined.commands.filter((c) => !seen.has(JSON.stringify(c)))] };
  const unverifiable = asWords.unverifiable ?? joined.unverifiable;
  const capExceeded = asWords.capExceeded ?? joined.capExceeded;
  if (unverifiable !== undefined) facts.unverifiable = unverifiable;
  if (capExceeded !== undefined) facts.capExceeded = capExceeded;
  return facts;
}
