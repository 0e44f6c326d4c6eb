// Toolwarden's own files (policies, state, code, gateway settings) cannot be written by a call
// the set governs, whatever its policies say: not directly, not through a link, not by
// removing a directory that holds them; reading them, and writing elsewhere, stay allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compilePolicies, loadPolicyText } from '../../src/index.js';
import { initShellParser } from '../../src/facts/shell/index.js';
import type { PolicySet } from '../../src/engine/api.js';
import { decide } from './helpers.js';

let dir = '';
let project = '';
let set: PolicySet;

beforeAll(async () => {
  await initShellParser();
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tw-protected-')));
  project = path.join(dir, 'proj');
  fs.mkdirSync(path.join(project, '.claude', 'policies'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'state'));
  fs.writeFileSync(path.join(project, '.claude', 'policies', 'p.yaml'), 'version: 1\nid: open\n');
  fs.symlinkSync(path.join(project, '.claude', 'policies'), path.join(project, 'innocent'));
  // A policy that allows everything: only the protection can deny.
  const loaded = loadPolicyText('version: 1\nid: open\n', 'open.yaml');
  set = compilePolicies(loaded.policies, {
    home: path.join(dir, 'home'),
    protectedPaths: { paths: [path.join(project, '.claude', 'policies'), path.join(project, '.claude', 'settings.json'), path.join(dir, 'state', 'state.db')], base: project },
  });
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const call = (toolName: string, params: object) => ({ toolName, params, cwd: project });

describe('protected paths', () => {
  it.each([
    ['a Write to a policy', () => call('Write', { file_path: path.join(project, '.claude/policies/p.yaml'), content: 'x' })],
    ['a new policy in the policy directory', () => call('write', { path: '.claude/policies/0-mine.yaml', content: 'x' })],
    ['a shell redirect into a policy', () => call('exec', { command: "printf 'version: 1' > .claude/policies/p.yaml" })],
    ['the gateway settings', () => call('Edit', { file_path: path.join(project, '.claude/settings.json'), old_string: 'a', new_string: 'b' })],
    ['removing the directory that holds the policies', () => call('exec', { command: 'rm -rf .claude' })],
    ['removing the state', () => call('exec', { command: `rm ${path.join(dir, 'state/state.db')}` })],
    ['moving the state folder away', () => call('exec', { command: `mv ${path.join(dir, 'state')} /tmp/x` })],
    ['a write through a link to the policy directory', () => call('write', { path: 'innocent/p.yaml', content: 'x' })],
    ['the policy spelt in another case (a folding file system)', () => call('write', { path: '.Claude/Policies/p.yaml', content: 'x' })],
    ['an unknown tool (a writer) naming a policy', () => call('sk_sync', { path: '.claude/policies/p.yaml' })],
    ["OpenClaw's gateway tool applying a whole config (it rewrites openclaw.json)", () => call('gateway', { action: 'config.apply', raw: '{"plugins":{"entries":{"toolwarden":{"enabled":false}}}}', baseHash: 'abc' })],
    ["OpenClaw's gateway tool patching the config", () => call('gateway', { action: 'config.patch', raw: '{}' })],
    ["OpenClaw's gateway tool updating OpenClaw", () => call('gateway', { action: 'update.run' })],
    ["OpenClaw's gateway tool with an action it may add later", () => call('gateway', { action: 'config.set' })],
    ["OpenClaw's gateway tool restarting the gateway (limits kept in memory start over; red team 11)", () => call('gateway', { action: 'restart', continuationMessage: 'go on' })],
    ["OpenClaw's system-agent tool restarting the gateway (red team 15D)", () => call('openclaw', { action: 'gateway_restart', approved: true })],
    ["OpenClaw's system-agent tool uninstalling the plugin", () => call('openclaw', { action: 'plugin_uninstall', pluginId: 'toolwarden', approved: true })],
    ["OpenClaw's system-agent tool setting the config", () => call('openclaw', { action: 'config_set', path: 'plugins.entries.toolwarden.enabled', value: 'false', approved: true })],
    ["OpenClaw's command line setting the config (red team 12)", () => call('exec', { command: 'openclaw config set plugins.entries.toolwarden.enabled false' })],
    ["OpenClaw's command line disabling the plugin, in a chain", () => call('exec', { command: 'ls && openclaw plugins disable toolwarden' })],
    ["OpenClaw's command line with an option before its command", () => call('exec', { command: 'openclaw --profile dev update' })],
  ])('%s is denied', (_name, make) => {
    const d = decide(set, make());
    expect(d.decision).toBe('deny');
    expect(d.reasons.map((r) => r.check)).toContain('toolwarden.protected');
  });

  it.each([
    ['reading a policy', () => call('Read', { file_path: path.join(project, '.claude/policies/p.yaml') })],
    ['cat of a policy', () => call('exec', { command: 'cat .claude/policies/p.yaml' })],
    ['writing elsewhere in the project', () => call('Write', { file_path: path.join(project, 'src/a.ts'), content: 'x' })],
    ['a command that rewrites the whole work tree (it holds the working directory)', () => call('exec', { command: 'git reset --hard' })],
    ["OpenClaw's gateway tool reading the config", () => call('gateway', { action: 'config.get' })],
    ["OpenClaw's system-agent tool reading the config and listing plugins", () => call('openclaw', { action: 'config_get', path: 'gateway.port' })],
    ["OpenClaw's command line reading its status and a setting", () => call('exec', { command: 'openclaw status && openclaw config get gateway.port && openclaw --version' })],
  ])('%s is allowed', (_name, make) => {
    expect(decide(set, make()).decision).toBe('allow');
  });

  it('a set without protected paths decides as before', () => {
    const open = compilePolicies(loadPolicyText('version: 1\nid: open\n', 'open.yaml').policies, {});
    expect(decide(open, call('write', { path: path.join(project, '.claude/policies/p.yaml'), content: 'x' })).decision).toBe('allow');
  });
});

describe('folders guarded at any depth (red team 46)', () => {
  // Claude Code discovers skills in nested `.claude/skills` folders; a skill's hooks and `!` commands run with no Bash call.
  const nestedSet = () =>
    compilePolicies(loadPolicyText('version: 1\nid: open\n', 'open.yaml').policies, {
      home: path.join(dir, 'home'),
      protectedPaths: { paths: [], base: project, nested: ['.claude/skills', '.claude/agents'] },
    });
  it.each([
    ['a Write of a nested skill', () => call('Write', { file_path: path.join(project, 'packages/web/.claude/skills/x/SKILL.md'), content: 'x' })],
    ['a shell write of one, in another case', () => call('exec', { command: 'mkdir -p pk/.Claude/SKILLS/x && echo x > pk/.Claude/SKILLS/x/SKILL.md' })],
    ['the folder that would hold one', () => call('exec', { command: 'mv /tmp/t packages/web/.claude' })],
    ['a nested agent', () => call('write', { path: 'a/b/.claude/agents/x.md', content: 'x' })],
  ])('%s is denied', (_name, make) => {
    const d = decide(nestedSet(), make());
    expect(d.decision).toBe('deny');
    expect(d.reasons.map((r) => r.check)).toContain('toolwarden.protected');
  });
  it.each([
    ['reading a nested skill', () => call('Read', { file_path: path.join(project, 'packages/web/.claude/skills/x/SKILL.md') })],
    ['writing a note beside it', () => call('write', { path: 'packages/web/.claude/notes.md', content: 'x' })],
    ['a folder named like one without the dot', () => call('write', { path: 'docs/claude/skills/x.md', content: 'x' })],
  ])('%s is allowed', (_name, make) => {
    expect(decide(nestedSet(), make()).decision).toBe('allow');
  });
});
