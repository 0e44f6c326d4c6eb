// `toolwarden hook claude-code --policy PATH... [--state memory|sqlite:PATH]`.
import type { HookIO } from '../hook-io.js';
import { decideForHook } from '../decide.js';
import { errorMessage } from '../text.js';
import { claudeCodeAnswer, denyAnswer, parseClaudeCodePayload, type HookAnswer } from './mapping.js';

async function answer(io: HookIO, policyPaths: string[], options: { state?: string }): Promise<HookAnswer> {
  const parsed = parseClaudeCodePayload(await io.stdin());
  if (!parsed.ok) return denyAnswer(`toolwarden: ${parsed.message} (denying)`);
  // Only PreToolUse can stop a call; other events (wired here by mistake) pass untouched.
  if (parsed.event !== 'PreToolUse') return { exitCode: 0, stdout: '', stderr: '' };
  const result = await decideForHook(parsed.call, policyPaths, {
    ...(options.state !== undefined ? { state: options.state } : {}),
    env: io.env,
    cwd: process.cwd(),
  });
  if (!result.ok) return denyAnswer(`toolwarden: ${result.message} (denying)`);
  return claudeCodeAnswer(result.decision);
}

/** Runs the hook; returns the exit code (0 allow or ask, 2 deny or any failure). */
export async function runClaudeCodeHook(io: HookIO, policyPaths: string[], options: { state?: string }): Promise<number> {
  let result: HookAnswer;
  try {
    result = await answer(io, policyPaths, options);
  } catch (error) {
    result = denyAnswer(`toolwarden: internal error: ${errorMessage(error)} (denying)`);
  }
  if (result.stdout) io.stdout(result.stdout);
  if (result.stderr) io.stderr(result.stderr);
  return result.exitCode;
}
