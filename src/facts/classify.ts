// Tool classification: every tool name maps to `read`, `write` or `exec`.
// `read` is only for tools that read and have no side effects; tools with outside effects
// (messages, mail, calendar, browser, delegation) are `write`; `exec` is for tools that run
// commands or code. A name nobody classified is `write` (fail closed), or `exec` when its name
// says it runs commands; a call of it that carries a command is checked as `exec`.
import type { ToolClass } from '../types.js';
import { RememberedFirst } from './glob-test.js';
import { JSON_ARGUMENT_KEYS, jsonValueOf, mayBeJsonText } from './json-text.js';

const READ_TOOLS = [
  // OpenClaw
  'read', 'ls', 'find', 'grep', 'glob', 'web_search', 'web_fetch', 'x_search', 'memory_search',
  'memory_get', 'sessions_list', 'sessions_history', 'sessions_search', 'conversations_list',
  'agents_list', 'get_goal', 'view_image', 'image', 'pdf',
  // OpenClaw.NET
  'read_file', 'file_read', 'list_directory', 'list_dir', 'list_files', 'search_files',
  // Claude Code
  'Read', 'NotebookRead', 'Glob', 'Grep', 'LS', 'WebFetch', 'WebSearch', 'BashOutput',
  'ListMcpResourcesTool', 'ReadMcpResourceTool',
  // Gemini CLI
  'read_many_files', 'search_file_content', 'grep_search', 'google_web_search',
];

const WRITE_TOOLS = [
  // OpenClaw
  'write', 'edit', 'apply_patch', 'apply-patch', 'message', 'browser', 'canvas', 'nodes', 'cron',
  'automations', 'secrets', 'sessions', 'sessions_send', 'sessions_spawn', 'sessions_yield',
  'conversations_send', 'conversations_turn', 'subagents', 'agents_wait', 'github_publish',
  'suggest_task', 'dismiss_task', 'create_goal', 'update_goal', 'progress_card', 'ask_user',
  'skill_workshop', 'screen', 'theme', 'dashboard', 'portal', 'show_widget', 'heartbeat_respond',
  'gateway', 'plugins', 'openclaw', 'computer', 'mobile_ui', 'image_generate', 'music_generate',
  'video_generate', 'tts',
  // `session_status` reports a session, but its `model` parameter changes (and persists) any
  // visible session's model; classes go by name only, so it is `write` even without `model`.
  'session_status',
  // OpenClaw.NET (AlwaysMutatingTools and action-aware tools); `git` and `database` mutate
  // but carry no shell string, so shell checks could not verify them: they are `write`.
  'write_file', 'file_write', 'edit_file', 'git', 'database', 'email', 'calendar',
  'delegate_agent', 'home_assistant_write', 'mqtt_publish', 'notion_write', 'inbox_zero',
  'automation', 'todo',
  // Claude Code
  'Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'Task', 'TodoWrite', 'ExitPlanMode', 'KillShell',
  // Anthropic's text editor tool (also OpenHands', Goose's): its `command` is view, create, str_replace, insert, undo_edit.
  'str_replace_based_edit_tool', 'str_replace_editor',
  'KillBash', 'SlashCommand',
  // Gemini CLI (`replace` edits a file; `save_memory` writes GEMINI.md)
  'replace', 'save_memory', 'write_todos',
];

const EXEC_TOOLS = [
  // OpenClaw (`bash` is OpenClaw's alias of `exec`); `process` feeds input to running shells
  'exec', 'bash', 'process', 'code_execution', 'terminal',
  // OpenClaw.NET
  'shell', 'code_exec', 'external_cli',
  // Claude Code: `Monitor` runs a command as `Bash` does; `PowerShell` runs PowerShell, which
  // the shell parser cannot read (see isNotPosixShellTool)
  'Bash', 'Monitor', 'PowerShell',
  // Gemini CLI
  'run_shell_command',
  // Codex: `write_stdin` types into a session `exec_command` started
  'exec_command', 'write_stdin',
];

function buildCatalog(): Readonly<Record<string, ToolClass>> {
  // A null-prototype object: `constructor` or `__proto__` must never look classified.
  const catalog: Record<string, ToolClass> = Object.create(null) as Record<string, ToolClass>;
  for (const name of READ_TOOLS) catalog[name] = 'read';
  for (const name of WRITE_TOOLS) catalog[name] = 'write';
  for (const name of EXEC_TOOLS) catalog[name] = 'exec';
  return Object.freeze(catalog);
}

// Exec tools whose command string is not a POSIX shell script: reading it with a shell
// parser would check commands other than the ones the tool runs, so it is unverifiable.
// PowerShell by any name (`mcp__windows-mcp__Powershell-Tool`: `cat .\.env` reads .env there),
// and AppleScript's (`execute_osascript`: `do shell script` runs any command).
const NOT_POSIX_SHELL_TOOLS: ReadonlySet<string> = new Set(['PowerShell']);
const POWERSHELL_NAME = /powershell|pwsh|osascript|applescript|jxa/i;

/** Whether this tool's command string is in a language other than the POSIX shell's. */
export function isNotPosixShellTool(toolName: string): boolean {
  // Asked on every exec call: the few exec tool names come back, so the answer is remembered.
  return typeof toolName === 'string' && notPosixByName.first(toolName) === 0;
}
const notPosixByName = new RememberedFirst([(name: string) => NOT_POSIX_SHELL_TOOLS.has(name) || POWERSHELL_NAME.test(name)], 1024, 256);

export const BUILTIN_TOOL_CLASSES: Readonly<Record<string, ToolClass>> = buildCatalog();

function isToolClass(value: unknown): value is ToolClass {
  return value === 'read' || value === 'write' || value === 'exec';
}

// An unlisted tool whose name says it runs commands is `exec`, so its command is read and
// checked (an MCP server's `start_process`, `execute_shell_command`, `execute_terminal_command`):
// a shell word anywhere in the name, or a verb of running with a noun of what runs.
// Also written as one word (`shellexec`, `ipython_cell`), so found inside words.
const SHELL_NAME_PARTS = /shell|terminal|bash|zsh|pwsh|ipython/;
const RUN_VERBS: ReadonlySet<string> = new Set(['run', 'start', 'exec', 'execute', 'spawn', 'launch', 'interact', 'send', 'eval', 'evaluate']);
// (An IDE's run configuration runs whatever program it names; AppleScript's `do shell script` any command.)
const RUN_NOUNS: ReadonlySet<string> = new Set(['process', 'command', 'commands', 'cmd', 'script', 'program', 'code', 'terminal', 'shell', 'python', 'js', 'javascript', 'node', 'cell', 'notebook',
  'configuration', 'osascript', 'applescript', 'jxa', 'bash', 'powershell', 'ruby', 'perl']);
// Tools whose settings choose what later commands run: desktop-commander's `set_config_value`
// sets its `defaultShell` (`python3`: every later command is Python) and allowed directories.
const RUNS_BY_SETTINGS: ReadonlySet<string> = new Set(['set_config_value']);
// A verb and a noun run together (`runcommand`, `execcmd`, `startprocess`).
const RUN_COMPOUND = /^(?:run|start|exec|execute|spawn|launch|eval)(?:process|command|cmd|script|program|code|python|js)$/;

// A first word that says the tool only looks (`read_terminal_output`, `get_shell_history`).
const LOOKING_VERBS: ReadonlySet<string> = new Set(['read', 'get', 'list', 'show', 'view', 'capture', 'search', 'find']);

/**
 * Whether a tool name is an MCP server's: Claude Code's `mcp__SERVER__TOOL`, OpenClaw's
 * `SERVER__TOOL` (its bundled servers' tools). Any name with `__` is read so: the careful side.
 */
export function isMcpToolName(toolName: string): boolean {
  return toolName.includes('__');
}

/** An MCP tool name's own part (`read_text_file` of `mcp__fs__read_text_file` and of `fs__read_text_file`). */
export function mcpOwnName(toolName: string): string {
  return toolName.slice(toolName.lastIndexOf('__') + 2);
}

/** Whether an unlisted tool's name says it runs commands (an MCP tool by its own part: `mcp__server__start_process`). */
function namedLikeExec(toolName: string): boolean {
  const mcp = isMcpToolName(toolName);
  const own = mcp ? mcpOwnName(toolName) : toolName;
  const words = nameWords(own);
  if (LOOKING_VERBS.has(words[0] ?? '')) return false;
  // A shell server's tools (`mcp__terminal__send`, `bash__run`) run in its shell whatever they are called.
  if (mcp && SHELL_NAME_PARTS.test(toolName.slice(toolName.startsWith('mcp__') ? 5 : 0, toolName.lastIndexOf('__')).toLowerCase())) return true;
  if (RUNS_BY_SETTINGS.has(own) || SHELL_NAME_PARTS.test(own.toLowerCase()) || words.includes('eval') || words.includes('repl') || words.some((w) => RUN_COMPOUND.test(w))) return true;
  return words.some((w) => RUN_VERBS.has(w)) && words.some((w) => RUN_NOUNS.has(w));
}

/** Whether a tool's name has the word `git` (`git_diff`, `mcp__git__git_show`, `gitLog`): its parameters are words of a git command line. */
export function isGitTool(toolName: string): boolean {
  return typeof toolName === 'string' && /git/i.test(toolName) && nameWords(toolName).includes('git');
}

/** A tool name's words, split at non-letters and at lower-to-upper case changes (`moveFile`: move, file). */
function nameWords(toolName: string): string[] {
  return toolName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().split(/[^a-z0-9]+/);
}

/**
 * The class of a tool by the built-in catalog, or by a name that says it runs commands
 * (namedLikeExec); undefined for a name neither knows.
 */
export function builtinClassOf(toolName: string): ToolClass | undefined {
  if (Object.prototype.hasOwnProperty.call(BUILTIN_TOOL_CLASSES, toolName)) {
    const builtin = BUILTIN_TOOL_CLASSES[toolName];
    return isToolClass(builtin) ? builtin : 'write';
  }
  return namedLikeExec(toolName) ? 'exec' : undefined;
}

/**
 * The class of a tool. `fromPolicy` (a policy's `toolClasses`, compiled) wins over the
 * built-ins. Names are matched exactly as the gateway sends them. Unknown names, including
 * MCP tools (`mcp__server__tool`) nobody listed, are `write`, unless their name says they run
 * commands (`exec`). A call of a `write` tool nobody listed that carries a command is checked
 * as `exec` (mayCarryCommand).
 */
export function classifyTool(toolName: string, fromPolicy?: (toolName: string) => ToolClass | undefined): ToolClass {
  if (typeof toolName !== 'string') return 'write';
  const listed = fromPolicy?.(toolName);
  if (listed !== undefined) return isToolClass(listed) ? listed : 'write';
  return builtinClassOf(toolName) ?? 'write';
}

// Built-in tools of another class whose call runs a command when it carries one: OpenClaw's
// `nodes` runs an argument list on a paired device (`{ action: "run", command: [...] }`); a
// computer-use tool types into whatever window has focus, a terminal too (typesKeys).
// OpenClaw's `cron`/`automations` (a job whose schedule is a stream: `{ kind: "stream",
// command: [...] }`) keep a command the gateway runs later, outside any tool call; its
// `sessions_spawn` with a `runtime` other than its own subagents (`acp`) hands the task to an
// outside agent whose tool calls it never sees (red team 15D).
const COMMAND_CARRIERS: ReadonlySet<string> = new Set(['nodes', 'computer', 'cron', 'automations', 'automation', 'sessions_spawn']);

// Computer-use actions that send keystrokes (Anthropic's `type`, `key`, `hold_key`; OpenClaw's
// `act` with a `type` or `press` request).
const TYPING_ACTIONS: ReadonlySet<string> = new Set(['type', 'key', 'hold_key']);
const TYPING_REQUESTS: ReadonlySet<string> = new Set(['type', 'press']);

/** Whether a computer-use call types keys (into a terminal, perhaps: the command is not seen). */
export function typesKeys(params: Record<string, unknown>): boolean {
  const { action, request } = params;
  if (typeof action === 'string' && TYPING_ACTIONS.has(action)) return true;
  const kind = request !== null && typeof request === 'object' ? (request as Record<string, unknown>).kind : params.kind;
  return typeof kind === 'string' && TYPING_REQUESTS.has(kind);
}

/** Whether a call carries a command by its tool and parameters: carriesCommand, or a computer-use tool typing keys. */
export function carriesCommandFor(toolName: string, params: Record<string, unknown>): boolean {
  if (toolName === 'computer') return typesKeys(params);
  if (toolName === 'sessions_spawn') return delegatesOutside(params);
  return carriesCommand(params);
}

/** Whether OpenClaw's `sessions_spawn` hands its task to an agent outside OpenClaw (a `runtime` other than `subagent`). */
export function delegatesOutside(params: Record<string, unknown>): boolean {
  return params.runtime !== undefined && params.runtime !== 'subagent';
}

/**
 * Whether a call of this tool that carries a command (carriesCommand) is checked as `exec`:
 * the tool is `write` only because nobody classified it (the policy did not list it, the
 * catalog and its name say nothing), or it is a built-in that may run one (COMMAND_CARRIERS).
 * `mcp__desktop-commander__start_process { command }` runs its command whatever it is called.
 */
export function mayCarryCommand(toolName: string, fromPolicy?: (toolName: string) => ToolClass | undefined): boolean {
  if (typeof toolName !== 'string' || fromPolicy?.(toolName) !== undefined) return false;
  return COMMAND_CARRIERS.has(toolName) || builtinClassOf(toolName) === undefined;
}

/**
 * Whether a call's parameters carry a command: under a name an exec tool reads one from
 * (facts/exec-command.ts: `command`, `cmd`, `commandLine`, `…_command`, an `argv`, a `program`
 * with `args`; not `script` or `code`,
 * which other tools use for a page's JavaScript or a snippet to parse, while tools that run
 * code say so in their names: namedLikeExec), at the top or nested at any depth, in objects
 * and lists (`{ request: { command } }`, `{ steps: [{ cmd }] }`): the tool may pass it on as
 * it is.
 */
export function carriesCommand(params: Record<string, unknown>): boolean {
  return commandCarrierIn(params) !== undefined;
}

/** How deep and how many names commandCarrierIn looks at: past either, a call is taken to carry a command (the path extractor refuses such calls too). */
const MAX_CARRIER_DEPTH = 8;
const MAX_CARRIER_NAMES = 10_000;
let carrierNames = 0;

/**
 * Where the parameters carry a command (`command`, `steps[0].cmd`), or undefined: as
 * carriesCommand reads them. Nested levels are read with the names an exec tool's request
 * would use (not `shell`, which there is more often a setting: `{ options: { shell: true } }`).
 */
export function commandCarrierIn(params: Record<string, unknown>): string | undefined {
  carrierNames = 0;
  return carrierIn(params, 0);
}

function carrierIn(record: Record<string, unknown>, depth: number): string | undefined {
  // A program and its argument list (`{ program: "curl", args: [...] }`), as execve takes them.
  let program = false;
  let list = false;
  // One pass over the names (no reads of absent ones, which cost more on objects of many shapes).
  for (const key in record) {
    if (++carrierNames > MAX_CARRIER_NAMES) return '(more names than can be looked at)';
    if (key === 'argv' || isCarriedCommandKey(key) || (depth === 0 && key === 'shell')) return key;
    if (isProgramKey(key)) program = true;
    else if (key === 'args' || key === 'arguments') list = true;
    const given = record[key];
    // A proxy's arguments as JSON text (json-text.ts) are read as what they decode to.
    const value = typeof given === 'string' && mayBeJsonText(given) && JSON_ARGUMENT_KEYS.has(key) ? jsonValueOf(given) : given;
    if (value === null || typeof value !== 'object') continue;
    const inner = nestedCarrier(value, depth + 1);
    if (inner !== undefined) return `${key}${inner.startsWith('[') ? '' : '.'}${inner}`;
  }
  return program && list ? 'program' : undefined;
}

function nestedCarrier(value: object, depth: number): string | undefined {
  if (depth > MAX_CARRIER_DEPTH) return '(nested too deeply to look at)';
  if (!Array.isArray(value)) return carrierIn(value as Record<string, unknown>, depth);
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (++carrierNames > MAX_CARRIER_NAMES) return '(more names than can be looked at)';
    if (item === null || typeof item !== 'object') continue;
    const inner = nestedCarrier(item, depth + 1);
    if (inner !== undefined) return `[${i}]${inner.startsWith('[') ? '' : '.'}${inner}`;
  }
  return undefined;
}

/** A parameter naming the program an argument list runs (`program`, `executable`, `binary`, `exe`). */
export function isProgramKey(key: string): boolean {
  return key === 'program' || key === 'executable' || key === 'binary' || key === 'exe';
}

/**
 * A parameter named for a command line other than the usual ones (`cli_command`, `shellCommand`,
 * `CLI_COMMAND`, `cli-command`); not `subcommand`, one word.
 */
export function isNamedForCommand(key: string): boolean {
  // `…command` ends in `d`: the regex only for those.
  return edgeLetter(key, true) === 0x64 && COMMAND_KEY.test(key);
}
// (Trailing `_` and `-` too: a decoder that drops them, as Go's encoding/json/v2 does when it
// matches names without case, fills `cli_command` from `cli_command_`.)
const COMMAND_KEY = /(?:[_-][cC]|C)ommand[_-]*$|[_-]COMMAND[_-]*$/;

/**
 * The first (or, with `last`, the last) character of a parameter name that is not `_` or `-`,
 * lower-cased if an ASCII letter; -1 when there is none. What normalizeKey's result starts or
 * ends with, for ASCII names.
 */
export function edgeLetter(key: string, last = false): number {
  for (let k = 0; k < key.length; k++) {
    const c = key.charCodeAt(last ? key.length - 1 - k : k);
    if (c !== 0x5f && c !== 0x2d) return c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
  }
  return -1;
}

/**
 * A parameter name as a case-insensitive decoder matches it: lower case, `_` and `-` dropped,
 * and U+017F (long s) read as `s`, as Go's encoding/json folds it (`toLowerCase` leaves it,
 * and already maps the Kelvin sign to `k`).
 */
export function normalizeKey(key: string): string {
  // Most keys are already lower-case letters: skip the string copies for them.
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 0x61 || c > 0x7a) return key.toLowerCase().replace(/[_-]/g, '').replaceAll('\u017f', 's');
  }
  return key;
}

/** A command parameter as carriesCommand reads one: isCommandKey, but for `script` (a page's JavaScript elsewhere). */
function isCarriedCommandKey(key: string): boolean {
  return key !== 'script' && isCommandKey(key) && normalizeKey(key) !== 'script';
}

/**
 * A parameter that may carry an exec tool's command line: `command`, `cmd`, `script` or
 * `commandLine` in any case or spelling a case-insensitive decoder (Go's encoding/json,
 * Newtonsoft) would fill them from (`COMMAND`, `Cmd`, `command_line`), or one named for a
 * command (isNamedForCommand).
 */
export function isCommandKey(key: string): boolean {
  switch (key) {
    case 'command':
    case 'cmd':
    case 'script':
    case 'commandLine':
      return true;
  }
  // Each ends in d, t or e (`command`, `cmd`; `script`; `commandLine`), before any `_` or `-`
  // (`command_`: normalizeKey drops them): other names stop here. (A name ending in a letter
  // that lower-cases to another, the Kelvin sign, ends in no d, t or e either.)
  const last = edgeLetter(key, true);
  if (last !== 0x64 && last !== 0x74 && last !== 0x65) return false;
  // Those are 3, 6, 7 or 11 letters once normalised: an ASCII name of another length
  // (`sessionId`, beside nearly every process call) needs no normalised copy.
  const length = normalizedAsciiLength(key);
  if (length !== -1 && length !== 3 && length !== 6 && length !== 7 && length !== 11) return isNamedForCommand(key);
  const n = normalizeKey(key);
  return n === 'command' || n === 'cmd' || n === 'script' || n === 'commandline' || isNamedForCommand(key);
}

/** The length of normalizeKey(key) for an ASCII key (`_` and `-` dropped); -1 for another, whose lower-casing may change its length. */
function normalizedAsciiLength(key: string): number {
  let n = 0;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c >= 0x80) return -1;
    if (c !== 0x5f && c !== 0x2d) n++;
  }
  return n;
}

// Words in a tool's name that say it acts on files (`move_file`, `mcp__filesystem__copy`,
// `createDirectory`), and the built-in file tools whose names say nothing of it.
const FILE_NAME_WORDS: ReadonlySet<string> = new Set([
  'file', 'files', 'dir', 'dirs', 'directory', 'directories', 'folder', 'folders', 'path', 'paths', 'fs', 'filesystem',
]);
const BUILTIN_FILE_TOOLS: ReadonlySet<string> = new Set([
  'read', 'write', 'edit', 'ls', 'find', 'grep', 'glob', 'apply_patch', 'apply-patch',
  'Read', 'Write', 'Edit', 'MultiEdit', 'LS', 'Glob', 'Grep', 'NotebookRead', 'NotebookEdit',
]);

/**
 * Whether a call of this read- or write-class tool acts on files, by its name: a bare value
 * under `source`, `destination`, `to`, ... is then the file it names (`move_file
 * {destination: "package.json"}`); for other tools it is a recipient or an id (`message
 * {to: "alice"}`). Exec tools name their files in commands.
 */
export function isFileTool(toolName: string, toolClass: ToolClass): boolean {
  if (typeof toolName !== 'string' || toolClass === 'exec') return false;
  if (BUILTIN_FILE_TOOLS.has(toolName)) return true;
  // Splitting the name into words costs strings; most names (`message`, `web_search`) hold none of the words' letters.
  return MAY_NAME_FILES.test(toolName) && nameWords(toolName).some((w) => FILE_NAME_WORDS.has(w));
}
// Each of FILE_NAME_WORDS holds one of these, in some case, wherever nameWords finds it.
const MAY_NAME_FILES = /file|dir|folder|path|fs/i;
