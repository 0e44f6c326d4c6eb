// The files a gateway runs Toolwarden with, which no call it governs may write
// (engine/protected-paths.ts): its policies, its state, its own code, and the gateway
// settings that register it. Rewriting any of them would let the next call be judged by
// the agent's own rules, or by none.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The running package's code (this file is dist/adapters/own-files.js): the whole package when
 * installed (`node_modules/toolwarden`: its package.json too), only dist/ and bin/ in a
 * checkout (where the package is the project being worked on); and in both, every package it
 * loads at run time, where Node finds them (red team 23: a hoisted `node_modules/yaml` beside
 * the package was writable, and the next hook process would run what was written there).
 */
function packageCode(): string[] {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const own = path.basename(path.dirname(root)) === 'node_modules' || path.basename(path.dirname(path.dirname(root))) === 'node_modules' ? [root] : [path.join(root, 'dist'), path.join(root, 'bin')];
  return [...own, ...dependencyFolders(root)];
}

/** The folders of a package's run-time dependencies and theirs, each found as Node finds it (the nearest `node_modules` up the tree). */
export function dependencyFolders(root: string): string[] {
  const found = new Set<string>();
  const visit = (dir: string): void => {
    for (const name of dependencyNames(dir)) {
      const at = packageFolder(name, dir);
      if (at === undefined || found.has(at)) continue;
      found.add(at);
      visit(at);
    }
  };
  visit(root);
  return [...found];
}

function dependencyNames(dir: string): string[] {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
    return [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {})];
  } catch {
    return []; // no readable manifest: nothing more to find (the package's own code is protected above)
  }
}

function packageFolder(name: string, from: string): string | undefined {
  for (let at = from; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(at) === at) return undefined;
  }
}

/**
 * What chooses the program `npx toolwarden` runs: npm's settings (`script-shell`), the user's
 * and those of the project and every folder above it, and a `node_modules/.bin/toolwarden` in
 * any of those folders, which npx runs before the installed package.
 */
export function npmSettings(dirs: readonly (string | undefined)[], home: string): string[] {
  const files = new Set<string>([path.join(home, '.npmrc')]);
  for (const dir of dirs) {
    if (dir === undefined || !path.isAbsolute(dir)) continue;
    for (let at = path.resolve(dir); ; at = path.dirname(at)) {
      files.add(path.join(at, '.npmrc'));
      files.add(path.join(at, 'node_modules', '.bin', 'toolwarden'));
      if (path.dirname(at) === at) break;
    }
  }
  return [...files];
}

/** A SQLite state file and the files SQLite keeps beside it. */
export function stateFiles(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];
}

// Claude Code's managed settings (Linux, macOS): `disableAllHooks` or `allowManagedHooksOnly`
// there switches off every project and user hook, Toolwarden's too (red team 15D).
const CLAUDE_CODE_MANAGED = ['/etc/claude-code', '/Library/Application Support/ClaudeCode'];

// What Claude Code runs from a `.claude` folder with no Bash call: skills' and agents'
// frontmatter `hooks`, a command file's inline `` !`cmd` ``, hook scripts (red team 15D),
// installed plugins' hooks, commands and skills (red team 23).
const CLAUDE_CODE_COMMAND_FOLDERS = ['skills', 'agents', 'commands', 'hooks', 'plugins'];

/**
 * Claude Code's settings that register hooks: the project's (at its root and the call's cwd),
 * the user's (`$CLAUDE_CONFIG_DIR`, else `~/.claude`) and the managed ones; the folders of
 * commands and the MCP server lists it runs beside them; with npm's, which `npx` runs by.
 */
export function claudeCodeSettings(env: Record<string, string | undefined>, cwds: readonly (string | undefined)[], home: string): string[] {
  const projects = [env.CLAUDE_PROJECT_DIR, ...cwds].filter((dir): dir is string => dir !== undefined && path.isAbsolute(dir));
  const configDir = env.CLAUDE_CONFIG_DIR !== undefined && path.isAbsolute(env.CLAUDE_CONFIG_DIR) ? env.CLAUDE_CONFIG_DIR : undefined;
  const dirs = new Set([...projects.map((dir) => path.join(dir, '.claude')), path.join(home, '.claude'), ...(configDir !== undefined ? [configDir] : [])]);
  const settings = [...dirs].flatMap((dir) => [path.join(dir, 'settings.json'), path.join(dir, 'settings.local.json'), ...CLAUDE_CODE_COMMAND_FOLDERS.map((folder) => path.join(dir, folder))]);
  // The MCP servers Claude Code starts with no tool call: the user's (`~/.claude.json`, or in
  // `$CLAUDE_CONFIG_DIR`) and the project's `.mcp.json` (red team 23).
  const servers = [path.join(home, '.claude.json'), ...(configDir !== undefined ? [path.join(configDir, '.claude.json')] : []), ...projects.map((dir) => path.join(dir, '.mcp.json'))];
  return [...settings, ...servers, ...CLAUDE_CODE_MANAGED, ...npmSettings([env.CLAUDE_PROJECT_DIR, ...cwds], home)];
}

/**
 * Claude Code's folders of commands wherever they are in the project: it discovers skills in
 * nested `.claude/skills` folders (a monorepo's packages) when it works on files there, and a
 * skill's frontmatter `hooks` and inline `` !`cmd` `` run with no Bash call (red team 46). The
 * other command folders and settings files are guarded at any depth too: the careful side.
 */
export const CLAUDE_CODE_NESTED: readonly string[] = [...CLAUDE_CODE_COMMAND_FOLDERS.map((folder) => `.claude/${folder}`), '.claude/settings.json', '.claude/settings.local.json'];

/** OpenClaw's gateway configuration (`$OPENCLAW_CONFIG_PATH`, else `openclaw.json` in its state folder). */
export function openClawConfigFiles(env: Record<string, string | undefined>, home: string): string[] {
  const stateDir = env.OPENCLAW_STATE_DIR?.trim() || path.join(home, '.openclaw');
  const files = [path.join(stateDir, 'openclaw.json'), path.join(stateDir, 'clawdbot.json')];
  const configured = env.OPENCLAW_CONFIG_PATH?.trim();
  if (configured) files.push(configured);
  return files.filter((file) => path.isAbsolute(file));
}

/** Everything to protect: the policy paths (made absolute from `cwd`), the state files, the package code, the gateway's files. */
export function ownFiles(policyPaths: readonly string[], cwd: string, state: readonly string[], gateway: readonly string[]): string[] {
  return [...policyPaths.map((p) => path.resolve(cwd, p)), ...state, ...packageCode(), ...gateway];
}
