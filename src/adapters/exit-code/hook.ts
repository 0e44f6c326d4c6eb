// `toolwarden hook exit-code --policy PATH... [--state memory|sqlite:PATH]`.
import type { HookIO } from '../hook-io.js';
import { decideForHook } from '../decide.js';
import { errorMessage } from '../text.js';
import { denyLine, exitCodeAnswer, readExitCodeInput, type ExitCodeAnswer } from './mapping.js';

async function answer(io: HookIO, policyPaths: string[], options: { state?: string }): Promise<ExitCodeAnswer> {
  const input = readExitCodeInput(io.env, await io.stdin());
  if (!input.ok) return denyLine(`toolwarden: ${input.message} (denying)`);
  // After the tool ran there is nothing to stop, and exit 2 would mark its result as an error.
  if (input.phase === 'post') return { exitCode: 0, stdout: '' };
  const result = await decideForHook(input.call, policyPaths, {
    ...(options.state !== undefined ? { state: options.state } : {}),
    env: io.env,
    cwd: process.cwd(),
  });
  if (!result.ok) return denyLine(`toolwarden: ${result.message} (denying)`);
  return exitCodeAnswer(result.decision);
}

/** Runs the hook; returns 0 (allow, or a post event) or 2 (deny, ask, or any failure). */
export async function runExitCodeHook(io: HookIO, policyPaths: string[], options: { state?: string }): Promise<number> {
  let result: ExitCodeAnswer;
  try {
    result = await answer(io, policyPaths, options);
  } catch (error) {
    result = denyLine(`toolwarden: internal error: ${errorMessage(error)} (denying)`);
  }
  if (result.stdout) io.stdout(result.stdout);
  // The reason goes to stderr too, for logs; stdout is what the gateway hands the model.
  if (result.exitCode === 2) io.stderr(result.stdout);
  return result.exitCode;
}
