// Runs a child process to its end for tests that drive the real binaries (hooks, the OpenClaw
// driver, store children): its exit code and everything it wrote.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions extends Omit<SpawnOptions, 'stdio'> {
  /** Written to stdin, which is then closed; without it stdin stays open unless `started` closes it. */
  input?: string;
  /** Called once the child is spawned: for tests that feed stdin themselves (slowly, late, or never). */
  started?: (child: ChildProcess) => void;
}

export function runProcess(file: string, args: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  const { input, started, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...spawnOptions, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    // The child may stop reading before all is written (a hook past its input cap): not a test failure.
    child.stdin!.on('error', () => {});
    if (input !== undefined) child.stdin!.end(input);
    started?.(child);
  });
}

const repoRoot = path.resolve(import.meta.dirname, '..');

/** `toolwarden ARGS` run from the built package (the caller makes sure dist/ is built). */
export function runToolwarden(args: readonly string[], options: RunOptions = {}): Promise<ProcessResult> {
  return runProcess(process.execPath, [path.join(repoRoot, 'bin/toolwarden.js'), ...args], options);
}
