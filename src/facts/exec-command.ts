// What an exec-class call runs, as shell facts: its one command string (`command`, `cmd`,
// `script` or `commandLine`), with the argument list and the environment the tool adds. A
// call whose command cannot be read this way is unverifiable.
import type { ShellFacts, SimpleCommand } from '../types.js';
import { commandCarrierIn, edgeLetter, isCommandKey, isNotPosixShellTool, isProgramKey, normalizeKey, typesKeys } from './classify.js';
import { parseWithArguments, singleQuoted } from './shell/index.js';
import { isRiskyVariable } from './shell/wrappers.js';

// The facts of exec-class calls without one readable command string: the same every time.
const NONE = Object.freeze([]) as unknown as SimpleCommand[];
const NO_COMMAND: ShellFacts = Object.freeze({ commands: NONE, unverifiable: 'the call carries no command string' });
const NOT_POSIX_SHELL: ShellFacts = Object.freeze({ commands: NONE, unverifiable: 'the tool runs its command in a language other than the POSIX shell (PowerShell, AppleScript), which cannot be read' });
const SEVERAL_COMMANDS: ShellFacts = Object.freeze({ commands: NONE, unverifiable: 'the call carries more than one command parameter' });
const RUNS_NOTHING: ShellFacts = Object.freeze({ commands: NONE });
const TYPES_KEYS: ShellFacts = Object.freeze({ commands: NONE, unverifiable: 'the call types keys into whatever window has focus, a terminal perhaps: what they run is not known' });
const STDIN_GIVEN: ShellFacts = Object.freeze({ commands: NONE, unverifiable: 'the call gives its command input (`stdin`, `input`), which it may read as file names or a script' });
const FEEDS_A_PROCESS: ShellFacts = Object.freeze({ commands: NONE, unverifiable: 'the call types input into a running process (a shell, perhaps), which cannot be read' });
const SCHEDULES: ShellFacts = Object.freeze({ commands: NONE, unverifiable: 'the call keeps a command the gateway runs later (a scheduled or stream job), outside any tool call that could be checked' });
const DELEGATES: ShellFacts = Object.freeze({ commands: NONE, unverifiable: 'the call hands its task to an agent outside the gateway (`runtime`), whose own tool calls are never checked here' });
const SCHEDULERS: ReadonlySet<string> = new Set(['cron', 'automations', 'automation']);

// OpenClaw's `process` tool manages the runs `exec` started in the background: listing,
// reading and stopping them runs nothing new; typing into one (`write`, `send-keys`,
// `submit`, `paste`) feeds whatever runs there.
const PROCESS_ACTIONS_RUNNING_NOTHING: ReadonlySet<string> = new Set(['list', 'poll', 'log', 'kill', 'clear', 'remove']);
const PROCESS_INPUT_ACTIONS: ReadonlySet<string> = new Set(['write', 'send-keys', 'submit', 'paste']);

/**
 * The shell facts of an exec call of `toolName` with `params`. `parse` reads a command string
 * alone (the caller remembers parses); an argument list beside it is read here.
 */
export function execCommandFacts(toolName: string, params: Record<string, unknown>, parse: (command: string) => ShellFacts): ShellFacts {
  // Tools read by what they are, not by a command parameter (first: their calls skip the pass
  // below). The process tool does what its action says; a command parameter beside it is never
  // run, so it is not what is checked (`{ action: "write", data: "…", command: "git status" }`).
  // Codex's write_stdin types into a session exec_command started, as process `write` does.
  if (toolName === 'write_stdin') return FEEDS_A_PROCESS;
  // A job that runs a command later (classify.ts COMMAND_CARRIERS), a task handed outside.
  if (SCHEDULERS.has(toolName)) return SCHEDULES;
  if (toolName === 'sessions_spawn') return DELEGATES;
  // A computer-use tool typing keys (checked as exec only then: classify.ts typesKeys).
  if (toolName === 'computer') return typesKeys(params) ? TYPES_KEYS : NO_COMMAND;
  if (toolName === 'process') {
    const action = params.action;
    if (typeof action !== 'string') return NO_COMMAND;
    return PROCESS_ACTIONS_RUNNING_NOTHING.has(action) ? RUNS_NOTHING : PROCESS_INPUT_ACTIONS.has(action) ? FEEDS_A_PROCESS : NO_COMMAND;
  }
  // One pass over the parameter names: every one that may carry the command line, in any case
  // (a gateway decoding JSON case-insensitively fills its `command` from `COMMAND`: classify.ts
  // isCommandKey), and every one that sets the environment. Two command lines, whatever their
  // names, are refused below: which one the tool runs is not known (a decoy `command` beside
  // `cli_command` would be checked while the other runs).
  let count = 0;
  let key: string | undefined;
  let command: unknown;
  let environmentKeys: string[] | undefined;
  // Programs named beside: a program parameter (not `executable`, which chooses the shell:
  // interpreterOf) or an `argv`, each another thing the tool may run instead of a command line.
  let programs = 0;
  for (const name in params) {
    const value = params[name];
    if (value === undefined) continue;
    if (isCommandKey(name)) {
      if (count++ === 0) {
        key = name;
        command = value;
      }
    } else if (isEnvironmentKey(name)) (environmentKeys ??= []).push(name);
    else if (name === 'argv' || (name !== 'executable' && isProgramKey(name))) programs++;
  }
  // A name for-in does not see (non-enumerable, or inherited so) is still read by a tool
  // that reads `params.command`: the usual names are read too.
  if (count === 0) {
    for (const name of USUAL_COMMAND_KEYS) {
      if (params[name] === undefined) continue;
      if (count++ === 0) {
        key = name;
        command = params[name];
      }
    }
  }
  if (environmentKeys === undefined && (params.env !== undefined || params.environment !== undefined || params.envVars !== undefined)) environmentKeys = USUAL_ENVIRONMENT_KEYS;

  // Beside a command line, a program or an `argv` is a second thing the tool may run (refused
  // below). With no command line, a program and its arguments, as execve takes them (`{ program:
  // "curl", args: [...] }`, `{ argv: ["curl", ...] }`): the program is one word, the arguments
  // are read as beside a command.
  let vector: ArgumentVector | undefined;
  if (key !== undefined) count += programs;
  else {
    const found = argumentVector(params);
    if (found === undefined) return nestedCommand(params);
    if (typeof found === 'string') return { commands: [], unverifiable: found };
    vector = found;
    key = found.key;
    command = singleQuoted(found.program);
    count = 1;
  }
  // `PowerShell { command: "ls; Remove-Item -Recurse x" }` is not a shell script.
  if (isNotPosixShellTool(toolName)) return NOT_POSIX_SHELL;
  // Input the tool feeds the command (mcp-server-commands' `run_command { stdin }`, an `input`
  // as Python's subprocess names it): `xargs cat` reads file names there, `python3` and `sh` a
  // script. Not read here, so the call cannot be verified.
  if (isGiven(params.stdin) || isGiven(params.input)) return STDIN_GIVEN;
  // A parameter choosing the interpreter (desktop-commander's `start_process { shell: "python3" }`
  // runs `python3 -c COMMAND`): only a POSIX shell's reading is ours.
  const shell = interpreterOf(params, vector?.key);
  if (shell !== undefined) return { commands: [], unverifiable: `parameter \`${shell.key}\` runs the command with \`${String(shell.value).slice(0, 80)}\`, not a POSIX shell Toolwarden can read` };
  // Which one would the tool run? Checking one and running the other is a bypass.
  if (count > 1) return SEVERAL_COMMANDS;
  // Codex's shell tools give their command as an argument vector, run as execve runs one
  // (`["bash", "-lc", "ls"]`): each word quoted, so the line is read word for word. (Another
  // tool may join such a list into a shell line: `["ls", "&&", "curl"]`; not read there.)
  if (Array.isArray(command) && ARGV_COMMAND_TOOLS.has(toolName) && vector === undefined && params.args === undefined && params.arguments === undefined && params.argv === undefined) {
    const argv: unknown[] = command;
    if (argv.length === 0 || !argv.every((w) => typeof w === 'string') || argv[0] === '') return { commands: [], unverifiable: `parameter \`${key}\` is not a list of words naming a program` };
    command = (argv as string[]).map(singleQuoted).join(' ');
  }
  if (typeof command !== 'string') return { commands: [], unverifiable: `parameter \`${key}\` is not a string` };
  // `{ command: "ls", env: { PATH: "/tmp/evil" } }` is `PATH=/tmp/evil ls`: the tool, not the
  // shell, sets the variable, so the parser never sees it (the pass above found its parameters).
  const environment = environmentKeys !== undefined ? environmentOf(params, environmentKeys) : NO_ENVIRONMENT;
  if (typeof environment === 'string') return { commands: [], unverifiable: `parameter \`${environment}\` is not an object of variables, which may change what the command runs` };
  // `{ "F=.env": "" }`: Node's child_process writes the entry `F=.env=`, a variable F (red team 34); other runtimes refuse it.
  const oddName = environment.find(([name]) => name === '' || name.includes('=') || name.includes('\0'));
  if (oddName !== undefined) return { commands: [], unverifiable: `parameter \`env\` names a variable \`${oddName[0].slice(0, 80)}\`: a name with \`=\` in it sets another variable than it reads` };
  const risky = environment.find(([name, value]) => isRiskyVariable(name, typeof value === 'string' ? value : undefined));
  if (risky !== undefined) return { commands: [], unverifiable: `parameter \`env\` sets \`${risky[0]}\`, which changes what the command runs` };
  // `{ F: [".env"] }`: Node's child_process passes String(value), `.env`; what other tools do is not known.
  const notText = environment.find(([, value]) => typeof value !== 'string' && typeof value !== 'number');
  if (notText !== undefined) return { commands: [], unverifiable: `parameter \`env\` sets \`${notText[0]}\` to a value that is no text` };
  let facts: ShellFacts;
  // `{ command: "cat $F", env: { F: ".env" } }` is `cat .env`: the script is read with the variables set.
  const script = environment.length > 0 ? withEnvironment(command, environment) : command;
  // `{ command: "cat", args: [".env"] }`: the tool runs the command with these arguments.
  if (vector !== undefined || params.args !== undefined || params.arguments !== undefined || params.argv !== undefined) {
    const args = vector?.args ?? argumentList(params);
    facts = typeof args === 'string' ? { commands: [], unverifiable: args } : parseWithArguments(script, args);
  } else facts = parse(script);
  // `{ command: "echo $((X))", env: { X: "a[$(id)]" } }`: arithmetic evaluates X's text, running id.
  if (facts.reEvaluates && facts.unverifiable === undefined) {
    const text = environment.find(([, value]) => typeof value !== 'string' || !/^-?\d{1,18}$/.test(value));
    if (text !== undefined) return { ...facts, unverifiable: `parameter \`env\` sets \`${text[0]}\` to text the command may evaluate as code (arithmetic, \`\${!x}\`, \`\${x@P}\`)` };
  }
  return facts;
}

// Codex's tools whose `command` is an argument vector.
const ARGV_COMMAND_TOOLS: ReadonlySet<string> = new Set(['shell', 'local_shell', 'container.exec']);

function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

// The parameters that choose what runs the command, and the shells whose reading is ours.
const INTERPRETER_KEYS = ['shell', 'interpreter', 'executable'] as const;
// By name, or from a system directory (never one in the workspace, where the agent may write a `bash`).
const POSIX_SHELL = /^(?:(?:\/usr|\/usr\/local|\/opt\/homebrew)?\/bin\/)?(?:sh|bash|dash|zsh)$/;

/**
 * The first interpreter parameter set to anything but a POSIX shell (`true`, Node's default
 * one, counts as one); `program` is the key that names the program itself, not an interpreter.
 */
function interpreterOf(params: Record<string, unknown>, program?: string): { key: string; value: unknown } | undefined {
  // Named reads first (each a fast property load): nearly every call sets none of them.
  if (params.shell === undefined && params.interpreter === undefined && params.executable === undefined) return undefined;
  for (const key of INTERPRETER_KEYS) {
    if (key === program) continue;
    const value = params[key];
    if (value === undefined || value === null || value === true || value === false) continue;
    if (typeof value === 'string' && POSIX_SHELL.test(value)) continue;
    return { key, value };
  }
  return undefined;
}

/**
 * The parameters an exec tool takes the command's environment from, in any case or spelling
 * (`env`, `ENV`, `envVars`, `env_vars`, `environmentVariables`): each is read.
 */
const ENVIRONMENT_NAMES: ReadonlySet<string> = new Set(['env', 'environment', 'envvars', 'envvariables', 'environmentvariables']);

function isEnvironmentKey(key: string): boolean {
  if (key === 'env') return true;
  // Each starts with `e`, after any `_` or `-` (`_env`: normalizeKey drops them).
  return edgeLetter(key) === 0x65 /* e */ && ENVIRONMENT_NAMES.has(normalizeKey(key));
}

const USUAL_ENVIRONMENT_KEYS = ['env', 'environment', 'envVars'];
const USUAL_COMMAND_KEYS = ['command', 'cmd', 'script', 'commandLine'] as const;

const NO_ENVIRONMENT: readonly (readonly [string, unknown])[] = Object.freeze([]);

/**
 * The variables an exec call's environment parameters (`keys`) set, as name and value, or the
 * key of a parameter that is not an object (nothing in it can be read). Inherited names count:
 * a tool that copies the object with for-in reads them too.
 */
function environmentOf(params: Record<string, unknown>, keys: readonly string[]): (readonly [string, unknown])[] | string {
  const entries: (readonly [string, unknown])[] = [];
  for (const key of keys) {
    const env = params[key];
    if (env === undefined || env === null) continue;
    if (typeof env !== 'object' || Array.isArray(env)) return key;
    for (const name in env) entries.push([name, (env as Record<string, unknown>)[name]]);
  }
  return entries;
}

/**
 * The command with the variables the environment parameters set assigned first (`F='.env'`
 * on a line of its own), so the shell reading sees their values where the script uses them.
 * Names a shell cannot expand (`A-B`) are left out (values that are no text were refused).
 */
function withEnvironment(command: string, environment: readonly (readonly [string, unknown])[]): string {
  let assignments = '';
  for (const [name, value] of environment) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) continue;
    assignments += `${name}='${String(value).replaceAll("'", "'\\''")}'\n`;
  }
  return assignments === '' ? command : assignments + command;
}

interface ArgumentVector {
  /** The parameter naming the program. */
  key: string;
  program: string;
  args: string[];
}

/**
 * A call's program and arguments when it gives no command line: a program parameter with an
 * argument list (isProgramKey: `{ program: "curl", args: ["x"] }`) or an `argv` whose first
 * item is the program; why it cannot be read (two programs, a program that is no text, an
 * empty `argv`); undefined when the call gives neither.
 */
function argumentVector(params: Record<string, unknown>): ArgumentVector | string | undefined {
  const programKeys = Object.keys(params).filter((k) => isProgramKey(k) && params[k] !== undefined);
  if (programKeys.length > 1) return 'the call names more than one program';
  const [programKey] = programKeys;
  if (programKey === undefined) {
    if (params.argv === undefined || params.args !== undefined || params.arguments !== undefined) return undefined;
    const argv = argumentList(params);
    if (typeof argv === 'string') return argv;
    if (argv.length === 0 || argv[0] === '') return 'its `argv` names no program';
    return { key: 'argv', program: argv[0]!, args: argv.slice(1) };
  }
  if (params.args === undefined && params.arguments === undefined && params.argv === undefined) return undefined;
  const program = params[programKey];
  if (typeof program !== 'string' || program === '') return `parameter \`${programKey}\` is not a program name`;
  const args = argumentList(params);
  return typeof args === 'string' ? args : { key: programKey, program, args };
}

/** A call with no command at its top: one nested deeper is not read, so the call cannot be verified. */
function nestedCommand(params: Record<string, unknown>): ShellFacts {
  const at = commandCarrierIn(params);
  return at === undefined ? NO_COMMAND : { commands: [], unverifiable: `the call's command is nested in its parameters (\`${at}\`), where it is not read` };
}

/** An exec call's list of arguments beside its command (`args`, `arguments`, `argv`), or why it cannot be read. */
function argumentList(params: Record<string, unknown>): string[] | string {
  const lists = [params.args, params.arguments, params.argv].filter((list) => list !== undefined);
  if (lists.length > 1) return 'the call carries more than one argument list';
  const list = lists[0];
  if (!Array.isArray(list) || !list.every((arg) => typeof arg === 'string')) return 'its argument list is not a list of strings';
  return list as string[];
}
