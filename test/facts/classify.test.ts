import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { BUILTIN_TOOL_CLASSES, classifyTool, isFileTool, isNotPosixShellTool } from '../../src/facts/classify.js';
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
    for (const name of ['frobnicate', 'READ', 'bash ', 'mcp__fs__read_file', '', 'Read_file']) {
      expect(classifyTool(name), name).toBe('write');
    }
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
        return known ? cls === BUILTIN_TOOL_CLASSES[name] : cls === 'write';
      }),
      { numRuns: 1000 },
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

  it('is never true for exec tools, whose files are in their commands', () => {
    expect(isFileTool('exec_file', 'exec')).toBe(false);
    expect(isFileTool('move_file', 'read')).toBe(true);
  });
});
