import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { BUILTIN_TOOL_CLASSES, carriesCommand, classifyTool, commandCarrierIn, isCommandKey, isFileTool, isNamedForCommand, isNotPosixShellTool, mayCarryCommand, normalizeKey } from '../../src/facts/classify.js';
import type { ToolClass } from '../../src/types.js';

describe('classifyTool', () => {
  it('classifies the OpenClaw, OpenClaw.NET, Claude Code and Gemini CLI tools', () => {
    const expected: Record<string, string> = {
      read: 'read', ls: 'read', write: 'write', edit: 'write', apply_patch: 'write', exec: 'exec',
      process: 'exec', code_execution: 'exec', web_search: 'read', web_fetch: 'read', message: 'write',
      browser: 'write', canvas: 'write', nodes: 'write', memory_get: 'read', sessions_send: 'write',
      read_file: 'read', write_file: 'write', edit_file: 'write', shell: 'exec', code_exec: 'exec',
      git: 'write', database: 'write', email: 'write', calendar: 'write', delegate_agent: 'write',
      Read: 'read', Write: 'write', Edit: 'write', MultiEdit: 'write', NotebookEdit: 'write',
      NotebookRead: 'read', Bash: 'exec', BashOutput: 'read', Glob: 'read', Grep: 'read', LS: 'read',
      WebFetch: 'read', WebSearch: 'read', Task: 'write', TodoWrite: 'write', KillShell: 'write',
      session_status: 'write', // its `model` parameter changes a session
      Monitor: 'exec', PowerShell: 'exec', // Claude Code tools that run a command
      // Gemini CLI
      run_shell_command: 'exec', replace: 'write', save_memory: 'write', write_todos: 'write',
      read_many_files: 'read', search_file_content: 'read', google_web_search: 'read', list_directory: 'read',
    };
    for (const [name, cls] of Object.entries(expected)) expect(classifyTool(name), name).toBe(cls);
  });

  it('knows which exec tools do not run a POSIX shell script', () => {
    expect(isNotPosixShellTool('PowerShell')).toBe(true);
    for (const name of ['Bash', 'Monitor', 'exec', 'shell', 'constructor']) expect(isNotPosixShellTool(name), name).toBe(false);
  });

  it('treats unknown names, other spellings and MCP tools as write', () => {
    for (const name of ['frobnicate', 'READ', 'mcp__fs__read_file', '', 'Read_file']) {
      expect(classifyTool(name), name).toBe('write');
    }
    // Another spelling of a shell's name still says it runs commands.
    for (const name of ['bash ', 'BASH', 'mcp__x__Bash']) expect(classifyTool(name), name).toBe('exec');
  });

  it('never reads inherited object properties as classes', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(classifyTool(name), name).toBe('write');
      expect(classifyTool(name, () => undefined), name).toBe('write');
    }
  });

  it('lets the policy override and extend the built-ins', () => {
    const listed = (classes: Record<string, ToolClass>) => (name: string) => (Object.hasOwn(classes, name) ? classes[name] : undefined);
    expect(classifyTool('mcp__tickets__lookup', listed({ mcp__tickets__lookup: 'read' }))).toBe('read');
    expect(classifyTool('read', listed({ read: 'exec' }))).toBe('exec');
    expect(classifyTool('run_sql', listed({ run_sql: 'exec' }))).toBe('exec');
    expect(classifyTool('other', listed({ run_sql: 'exec' }))).toBe('write');
  });

  it('has a frozen catalog of valid classes', () => {
    expect(Object.isFrozen(BUILTIN_TOOL_CLASSES)).toBe(true);
    for (const cls of Object.values(BUILTIN_TOOL_CLASSES)) expect(['read', 'write', 'exec']).toContain(cls);
  });

  it('property: any name not in the catalog or extras is write', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const known = Object.prototype.hasOwnProperty.call(BUILTIN_TOOL_CLASSES, name);
        const cls = classifyTool(name);
        // Unless its name says it runs commands (a shell word, or a verb of running with a noun of what runs).
        return known ? cls === BUILTIN_TOOL_CLASSES[name] : cls === 'write' || (cls === 'exec' && /shell|terminal|bash|zsh|pwsh|ipython|repl|eval|run|start|exec|spawn|launch|interact|send/i.test(name));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('tools nobody listed that run commands', () => {
  it('are exec when their name says so (an MCP tool by its own part)', () => {
    for (const name of ['mcp__desktop-commander__start_process', 'mcp__desktop-commander__interact_with_process', 'mcp__serena__execute_shell_command', 'mcp__jetbrains__execute_terminal_command', 'run_command', 'runScript', 'mcp__x__bash', 'open_terminal', 'execute_code', 'mcp__box__shellexec', 'mcp__jupyter__execute_ipython', 'execute_ipython_cell', 'runcommand', 'execcmd', 'python_repl', 'eval', 'run_js', 'write_stdin', 'exec_command', 'mcp__desktop-commander__set_config_value', 'mcp__terminal__send', 'mcp__bash-server__do']) {
      expect(classifyTool(name), name).toBe('exec');
    }
    for (const name of ['mcp__desktop-commander__list_processes', 'mcp__desktop-commander__read_process_output', 'mcp__github__run_workflow', 'mcp__shell__list_history', 'send_message', 'start_timer', 'mcp__commander__notify', 'mcp__slack__reply_to_thread', 'mcp__playwright__browser_console_messages', 'evaluate_model', 'mcp__iterm__read_terminal_output', 'get_terminal_output', 'list_shells']) {
      expect(classifyTool(name), name).toBe('write');
    }
  });

  it('a policy that lists the name decides, even a name that looks like exec', () => {
    expect(classifyTool('mcp__x__run_command', (n) => (n === 'mcp__x__run_command' ? 'read' : undefined))).toBe('read');
  });

  it('mayCarryCommand: only for names nobody classified, and built-ins that run what they carry', () => {
    expect(mayCarryCommand('mcp__ops__do')).toBe(true);
    expect(mayCarryCommand('nodes')).toBe(true);
    expect(mayCarryCommand('write')).toBe(false);
    expect(mayCarryCommand('message')).toBe(false);
    expect(mayCarryCommand('mcp__x__run_command')).toBe(false); // exec already
    expect(mayCarryCommand('mcp__ops__do', (n) => (n === 'mcp__ops__do' ? 'write' : undefined))).toBe(false);
  });

  it('carriesCommand: any of the parameters an exec tool reads its command from', () => {
    for (const key of ['command', 'cmd', 'commandLine', 'shell_command', 'shellCommand', 'shell']) expect(carriesCommand({ [key]: 'x' }), key).toBe(true);
    expect(carriesCommand({ request: { command: 'x' } })).toBe(true);
    // At any depth, in lists too, with the names a request would use.
    expect(commandCarrierIn({ steps: [{ name: 'a' }, { cmd: 'x' }] })).toBe('steps[1].cmd');
    expect(commandCarrierIn({ a: { b: { c: { commandLine: 'x' } } } })).toBe('a.b.c.commandLine');
    expect(commandCarrierIn({ x: [[{ argv: ['rm'] }]] })).toBe('x[0][0].argv');
    expect(commandCarrierIn({ options: { program: 'rm', args: ['-rf', '/'] } })).toBe('options.program');
    expect(carriesCommand({ options: { shell: true, cwd: 'x' }, program: 'news' })).toBe(false);
    // Past the depth or the names it looks at, a call is taken to carry one.
    let deep: Record<string, unknown> = { x: 1 };
    for (let i = 0; i < 12; i++) deep = { d: deep };
    expect(carriesCommand(deep)).toBe(true);
    expect(carriesCommand({ list: Array.from({ length: 20_000 }, () => ({ n: 1 })) })).toBe(true);
    // `script` and `code` are a page's JavaScript or a snippet to parse as often: the tool's name says whether it runs them.
    expect(carriesCommand({ text: 'rm -rf /', commands: ['x'], script: 'document.title', code: 'x = 1' })).toBe(false);
  });
});

describe('isCommandKey', () => {
  it('property: a name that normalises to command, cmd, script or commandLine, or one named for a command (the length test before normalising changes nothing)', () => {
    const part = fc.constantFrom('command', 'Command', 'COMMAND', 'cmd', 'CMD', 'script', 'Script', 'line', 'Line', '_', '-', 'ſ', 'K', 'İ', 'session', 'Id', 'cli', 'shell', 'd', 'e', 't', 'x');
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 5 }).map((p) => p.join('')), (key) => {
        const n = normalizeKey(key);
        return isCommandKey(key) === (n === 'command' || n === 'cmd' || n === 'script' || n === 'commandline' || isNamedForCommand(key));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('isFileTool', () => {
  it('knows file tools by a word of their name, or as built-ins', () => {
    for (const name of ['mcp__filesystem__move_file', 'copy_file', 'moveFile', 'mcp__fs__copy', 'create_directory', 'rename-path', 'read', 'Edit', 'NotebookEdit']) {
      expect(isFileTool(name, 'write'), name).toBe(true);
    }
    for (const name of ['message', 'sessions_send', 'email', 'mcp__github__create_pull_request', 'profile', 'mcp__slack__send', 'offset_tool', 'refs']) {
      expect(isFileTool(name, 'write'), name).toBe(false);
    }
  });

  it('property: decides as the words of the name do (the quick letter test before splitting changes nothing)', () => {
    const FILE_WORDS = new Set(['file', 'files', 'dir', 'dirs', 'directory', 'directories', 'folder', 'folders', 'path', 'paths', 'fs', 'filesystem']);
    const byWords = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().split(/[^a-z0-9]+/).some((w) => FILE_WORDS.has(w));
    const part = fc.constantFrom('file', 'Files', 'DIR', 'directory', 'Folder', 'path', 'fs', 'FS', 'filesystem', 'move', 'copy', 'mcp', '__', '_', '-', 'x', 'ſ', 'K', 'İ', 'profile', 'offset');
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 6 }).map((p) => p.join('')), (name) => isFileTool(name, 'write') === (['read', 'write', 'edit', 'ls', 'find', 'grep', 'glob', 'apply_patch', 'apply-patch', 'Read', 'Write', 'Edit', 'MultiEdit', 'LS', 'Glob', 'Grep', 'NotebookRead', 'NotebookEdit'].includes(name) || byWords(name))),
      { numRuns: 5000 },
    );
  });

  it('is never true for exec tools, whose files are in their commands', () => {
    expect(isFileTool('exec_file', 'exec')).toBe(false);
    expect(isFileTool('move_file', 'read')).toBe(true);
  });
});
