// What reading one command string accumulates (the walk), its caps, and the facts it ends in.
import type { RunScript, ShellFacts, SimpleCommand } from '../../types.js';
import type { Redirect, Stmt } from './ast.js';
import { hasShellWildcard, mayExpandTo } from '../path-glob.js';
import { nameOf } from '../within.js';
import type { Variables } from './variables.js';

export interface ShellCaps {
  /** Longest command string read, in UTF-16 code units. */
  maxLength: number;
  /** Deepest nesting of lists, substitutions and `bash -c` / `eval` strings. */
  maxDepth: number;
  /** Most simple commands in one string. */
  maxCommands: number;
}

/** A cap was passed: the walk stops and the caller reports it. */
export class CapExceeded extends Error {
  override name = 'CapExceeded';
  constructor(readonly cap: 'length' | 'depth' | 'commands') {
    super(`${cap} cap exceeded`);
  }
}

/** What the walk accumulates. Mutable, owned by one parseShell call. */
export interface Walk {
  caps: ShellCaps;
  commands: SimpleCommand[];
  unverifiable?: string;
  /** Redirection targets some redirection opens for writing (a target both read and written counts as written). */
  written: Set<string>;
  /**
   * Bash evaluates variables in arithmetic again, running `$(...)` inside an array index:
   * `x='a[$(rm -rf /)]'; echo $((x))` runs rm. Seen: an arithmetic context, a literal that
   * spells a substitution or holds a `$` (`x='a[$'; y='(id)]'` joined), and text known only
   * at run time (`read`, `mapfile`, `printf -v`, a command's output, a wildcard's file names,
   * an expansion operator's result).
   */
  arithmetic: boolean;
  payload: boolean;
  /** Run-time text reached a variable the walk could not name (`read "$x"`, `set -- $(cat f)`). */
  runTimeText: boolean;
  /** The variables run-time text reached that the walk could name (`for f in *`, `x=$(cat f)`, `read line`). */
  runTimeVars: Set<string>;
  /** The variables arithmetic reads, by name, when every arithmetic context is `$((…))`, `((…))` or `$[…]`. */
  arithmeticNames: Set<string>;
  /** Some context reads variables by names not followed (`let`, `${!x}`, `[[ a -eq b ]]`, `$((${1}))`). */
  arithmeticReadsAny: boolean;
  /** Variables a declaration gave a case or width attribute (`declare -l x`): checkAttributedAssignments. */
  caseAttributed: Set<string>;
  /** For each variable, the names its assigned values mention (`y=$x`: y is made from x). */
  madeFrom: Map<string, Set<string>>;
  /** A value a variable is given spells an assignment (`x='PA'; y='TH=0'`): evaluated, it sets any variable. */
  assignmentValue: boolean;
  /** `${x@P}` decodes `\044` (an octal escape) to `$` before it expands the text. */
  prompt: boolean;
  promptEscape: boolean;
  /** Variables set to known text (null once a script sets them in ways not followed). */
  vars: Variables;
  /** The commands as written around the one being read (`sudo -u root ls`), outermost first. */
  wrapping: string[];
  /**
   * The program runners around the command being read, outermost first: each runner's line as
   * written (`uv run pytest -q`) and the depth its own command is read at (SimpleCommand.runBy).
   */
  runners: { line: SimpleCommand; depth: number }[];
  /** The depth of the command being read. */
  reading: number;
  /** How many loops and function bodies enclose the command being read. */
  repeating: number;
  /**
   * What sets the standard input of the command being read, innermost last: the input
   * redirections of an enclosing command (`{ b; } <<< x`, `b <<< x &`, `! b < f`), or a pipe
   * (`a | b`: b, and `>(b)`). Empty: the caller's input.
   */
  inputs: (readonly Redirect[] | 'pipe')[];
  /** The option words of the wrappers around the command being read (`env -C /etc`, `time -o f`). */
  wrapperOptions: string[];
  /** Of those, the files the wrappers write (`time -o f`, flock's lock file). */
  wrapperFiles: string[];
  /** The directories those wrappers make it run in, outermost first. */
  wrapperDirs: string[];
  /**
   * Above zero where a POSIX shell may run the text (`sh -c`, `dash`, `watch`, and the top
   * level, whose shell is unknown): there `((x))` is no arithmetic but two subshells running
   * x (`sh -c '((id))'` runs id).
   */
  posix: number;
  /** The steps of the top-level `&&` chain (andChain), while each has run exactly one command. */
  chain?: Set<Stmt>;
  /** False once a step ran no command or several: then the order of the commands is not the chain's. */
  sequential: boolean;
  /** Files the line writes by name (redirections, `tee`'s operands): a script among them is not known when read. */
  madeFiles: Set<string>;
  /** Files the line runs as programs or scripts (`./a.sh`, `bash a.sh`, `python3 x.py`, `source f`, `make -f M`), as ShellFacts.scripts. */
  scripts: RunScript[];
  /** The functions the line defines anywhere (`cat() { …; }`): a command of that name may be one. */
  functions: Set<string>;
  /**
   * Above zero while reading text parsed again from a string (`bash -c`, `zsh -c`, `sh -c`,
   * `eval`, `watch`, `ssh`, a runner's or an interpreter's command): the shell that runs it may
   * read start-up files that set its options (zsh always reads ~/.zshenv, `bash -i` ~/.bashrc,
   * which the line itself may have written), so its dot-file option is not known there and
   * emit drops SimpleCommand.shellGlobs (the dot rule).
   */
  readAgain: number;
}

export function newWalk(caps: ShellCaps): Walk {
  // `posix: 1` at the top: which shell an exec tool runs is unknown (OpenClaw runs $SHELL, and
  // `sh`, dash on Debian, when none is set), so `((x))` is read both ways there too.
  return { caps, commands: [], written: new Set(), arithmetic: false, payload: false, runTimeText: false, runTimeVars: new Set(), arithmeticNames: new Set(), arithmeticReadsAny: false, caseAttributed: new Set(), madeFrom: new Map(), prompt: false, promptEscape: false, posix: 1, assignmentValue: false, vars: new Map(), wrapping: [], runners: [], reading: 0, repeating: 0, inputs: [], wrapperOptions: [], wrapperFiles: [], wrapperDirs: [], sequential: false, madeFiles: new Set(), scripts: [], functions: new Set(), readAgain: 0 };
}

export function factsOf(walk: Walk): ShellFacts {
  // Known only once the whole line is read: a function may be defined after a call (in a loop,
  // by eval), and a file the line sources (`. lib.sh`) may define any (red team 31).
  const sources = walk.commands.some((c) => c.words[0] === 'source' || c.words[0] === '.');
  const named = (name: string | undefined): boolean => name !== undefined && walk.functions.has(name);
  if (sources || walk.functions.size > 0) for (const c of walk.commands) if (sources || named(c.words[0]) || named(c.programAs)) c.lineFunction = true;
  const facts: ShellFacts = { commands: walk.commands };
  if (walk.unverifiable !== undefined) facts.unverifiable = walk.unverifiable;
  if (walk.sequential) facts.sequential = true;
  if (walk.scripts.length > 0) facts.scripts = walk.scripts;
  if (walk.arithmetic || walk.prompt) facts.reEvaluates = true;
  return facts;
}

/**
 * A file the line both writes and runs (`cat > a.sh <<EOF … EOF; bash a.sh`, `echo 'curl x' >
 * a.py && python3 a.py`): what it runs was made by the line, not read here. Matched by the
 * file's name, wherever its directory (a `cd` may lie between): the careful side.
 */
export function checkMadeScripts(walk: Walk): void {
  if (walk.scripts.length === 0 || walk.madeFiles.size === 0) return;
  const made = new Set([...walk.madeFiles].map(nameOf));
  // A name with wildcards (`*.h`, a build's sources: scripts.ts madeInputs; `test_*.py`: runner-files.ts) stands for any file it matches.
  const matches = (name: string): boolean => made.has(name) || (hasShellWildcard(name) && [...made].some((m) => mayExpandTo(name, m)));
  const script = walk.scripts.find((s) => matches(nameOf(s.path)))?.path;
  if (script !== undefined) markUnverifiable(walk, `the line runs \`${script}\`, a file it writes itself, whose contents are not read here`);
}

/**
 * Notes a file the command being read runs: made before it when an earlier command writes
 * it (commands already read come first; in a loop every command of the line may come first).
 */
export function noteScript(walk: Walk, path: string): void {
  walk.scripts.push({ path, after: walk.repeating > 0 ? Infinity : walk.commands.length });
}

export function markUnverifiable(walk: Walk, reason: string): void {
  walk.unverifiable ??= reason;
}
