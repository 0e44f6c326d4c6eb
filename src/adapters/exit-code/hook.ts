// `toolwarden hook exit-code --policy PATH... [--state memory|sqlite:PATH]`.
import type { HookIO } from '../hook-io.js';
import { homedir } from 'node:os';
import { answerOrDeny, decideForHook, hookOptions, relativeHookPath } from '../decide.js';
import { npmSettings } from '../own-files.js';
import { denyLine, exitCodeAnswer, readExitCodeInput, type ExitCodeAnswer } from './mapping.js';

/** How long the hook waits for stdin when the call came in the environment. */
const STDIN_WAIT_MS = 300;

async function answer(io: HookIO, policyPaths: string[], options: { state?: string }): Promise<ExitCodeAnswer> {
  // With the call in the environment, stdin only adds to it: a gateway that leaves the pipe
  // open (Node's execFile does) must not hold the answer past its timeout, which allows.
  const input = readExitCodeInput(io.env, await io.stdin(io.env.HOOK_TOOL_NAME !== undefined ? STDIN_WAIT_MS : undefined));
  if (!input.ok) return denyLine(`toolwarden: ${input.message} (denying)`);
  // After the tool ran there is nothing to stop, and exit 2 would mark its result as an error.
  if (input.phase === 'post') return { exitCode: 0, stdout: '' };
  const relative = relativeHookPath(policyPaths, options.state);
  if (relative !== undefined) return denyLine(`toolwarden: ${relative} (denying)`);
  // This protocol cannot ask: an ask is answered as a deny, and takes no slot of a limit.
  const result = await decideForHook(input.call, policyPaths, { ...hookOptions(io.env, options), noApprover: true }, npmSettings([process.cwd()], io.env.HOME ?? homedir()));
  if (!result.ok) return denyLine(`toolwarden: ${result.message} (denying)`);
  return exitCodeAnswer(result.decision);
}

/** Runs the hook; returns 0 (allow, or a post event) or 2 (deny, ask, or any failure). */
export async function runExitCodeHook(io: HookIO, policyPaths: string[], options: { state?: string }): Promise<number> {
  const result = await answerOrDeny(() => answer(io, policyPaths, options), denyLine);
  if (result.stdout) io.stdout(result.stdout);
  // The reason goes to stderr too, for logs; stdout is what the gateway hands the model.
  if (result.exitCode === 2) io.stderr(result.stdout);
  return result.exitCode;
}
