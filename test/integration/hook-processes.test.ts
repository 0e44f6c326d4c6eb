// Many `toolwarden hook exit-code` processes at once against one SQLite state file, as a
// gateway that spawns a hook per tool call would run them: no limit is ever exceeded, no
// slot is lost, and denied calls take no quota.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { ensureBuilt } from './build.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const policy = path.join(repoRoot, 'test/integration/policies/concurrency');
let workDir = '';

beforeAll(async () => {
  await ensureBuilt();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-hook-procs-'));
}, 120_000);

afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

function hook(stateFile: string, call: object): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/toolwarden.js'), 'hook', 'exit-code', '--policy', policy, '--state', `sqlite:${stateFile}`], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, HOME: workDir },
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
    child.stdin.end(JSON.stringify(call));
  });
}

describe('concurrent hook processes sharing one SQLite store', () => {
  it('40 reads then 24 execs at once: exactly the limits pass, everything else is denied', async () => {
    const stateFile = path.join(workDir, 'state.db');
    const reads = await Promise.all(Array.from({ length: 40 }, (_, i) => hook(stateFile, { toolName: 'read', params: { path: `/w/${i}` }, sessionId: 'shared' })));
    expect(reads.every((r) => r.code === 0 || r.code === 2)).toBe(true);
    expect(reads.filter((r) => r.code === 0)).toHaveLength(7);
    const denied = reads.filter((r) => r.code === 2);
    expect(denied.every((r) => r.stdout.includes('conc/'))).toBe(true);

    // 7 reads took 7 of the 25 session slots; denied reads took none, so 18 remain.
    const execs = await Promise.all(Array.from({ length: 24 }, () => hook(stateFile, { toolName: 'exec', params: { command: 'ls' }, sessionId: 'shared' })));
    expect(execs.filter((r) => r.code === 0)).toHaveLength(18);
    expect(execs.filter((r) => r.code === 2)).toHaveLength(6);
  }, 180_000);
});
