// `toolwarden hook claude-code --policy PATH... [--state memory|sqlite:PATH]`.
import type { HookIO } from '../hook-io.js';
import { homedir } from 'node:os';
import path from 'node:path';
import { answerOrDeny, decideForHook, hookOptions, relativeHookPath } from '../decide.js';
import { CLAUDE_CODE_NESTED, claudeCodeSettings } from '../own-files.js';
import { phaseOf } from '../exit-code/mapping.js';
import { claudeCodeAnswer, denyAnswer, parseClaudeCodePayload, promptsForAsk, type HookAnswer } from './mapping.js';

async function answer(io: HookIO, policyPaths: string[], options: { state?: string }): Promise<HookAnswer> {
  const parsed = parseClaudeCodePayload(await io.stdin());
  if (!parsed.ok) return denyAnswer(`toolwarden: ${parsed.message} (denying)`);
  // After the tool ran (`PostToolUse`, `AfterTool`) there is nothing to stop. Any other event
  // is checked as a pre-tool event, as the exit-code hook does: a name spelt otherwise
  // (`preToolUse`, Gemini CLI's `BeforeTool`) must not let the call through unchecked.
  if (phaseOf(parsed.event) === 'post') return { exitCode: 0, stdout: '', stderr: '' };
  const settings = claudeCodeSettings(io.env, [parsed.call.cwd, process.cwd()], io.env.HOME ?? homedir());
  // Claude Code starts a hook in the session's working directory, which a command may move: a
  // relative `--policy` is the project's (`$CLAUDE_PROJECT_DIR`), not whatever directory that is.
  const project = io.env.CLAUDE_PROJECT_DIR;
  const anchored = project !== undefined && path.isAbsolute(project);
  if (!anchored) {
    const relative = relativeHookPath(policyPaths, options.state);
    if (relative !== undefined) return denyAnswer(`toolwarden: ${relative}, or run the hook where Claude Code sets \`CLAUDE_PROJECT_DIR\` (denying)`);
  }
  const paths = anchored ? policyPaths.map((p) => path.resolve(project, p)) : policyPaths;
  const base = hookOptions(io.env, options);
  // In a mode that does not prompt, an ask is answered as a deny, and takes no slot of a limit.
  const hookOpts = { ...base, ...(anchored ? { cwd: project } : {}), noApprover: !promptsForAsk(parsed.permissionMode) };
  const result = await decideForHook(parsed.call, paths, hookOpts, settings, CLAUDE_CODE_NESTED);
  if (!result.ok) return denyAnswer(`toolwarden: ${result.message} (denying)`);
  return claudeCodeAnswer(result.decision, parsed.permissionMode);
}

/** Runs the hook; returns the exit code (0 allow or ask, 2 deny or any failure). */
export async function runClaudeCodeHook(io: HookIO, policyPaths: string[], options: { state?: string }): Promise<number> {
  const result = await answerOrDeny(() => answer(io, policyPaths, options), denyAnswer);
  if (result.stdout) io.stdout(result.stdout);
  if (result.stderr) io.stderr(result.stderr);
  return result.exitCode;
}
