// Builds dist/ for tests that run the built package, once, and only when src/ changed since
// the last build. A lock folder keeps two test files from writing dist/ at the same time
// (a process reading a half-written file would fail for the wrong reason).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function isFresh(): boolean {
  const sentinel = path.join(repoRoot, 'dist/index.js');
  if (!fs.existsSync(sentinel) || !fs.existsSync(path.join(repoRoot, 'dist/cli/main.js'))) return false;
  return fs.statSync(sentinel).mtimeMs >= newestMtime(path.join(repoRoot, 'src'));
}

export async function ensureBuilt(): Promise<void> {
  const lock = path.join(repoRoot, 'node_modules', '.cache', 'toolwarden-build.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // a lock older than the deadline is left over from a killed run
      if (Date.now() > deadline) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (isFresh()) return;
    execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', path.join(repoRoot, 'tsconfig.build.json')], {
      cwd: repoRoot,
      stdio: 'pipe',
    });
    // tsc leaves the mtime of unchanged outputs alone on some systems: mark the build.
    const now = new Date();
    fs.utimesSync(path.join(repoRoot, 'dist/index.js'), now, now);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
