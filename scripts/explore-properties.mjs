// `npm run test:explore [-- rounds]`: the test files that hold fast-check properties, run
// again and again with fresh random seeds (CI runs them with one fixed seed:
// test/fast-check-seed.ts). Stops at the first failure; fast-check prints its seed and path,
// and `FC_SEED=<seed> npx vitest run <file>` replays it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const rounds = Number(process.argv[2] ?? 5);
const files = [];
(function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (file.endsWith('.test.ts') && /\bfc\.(?:assert|check)\(/.test(fs.readFileSync(file, 'utf8'))) files.push(file);
  }
})('test');

const env = { ...process.env };
delete env.CI;
delete env.FC_SEED;
for (let round = 1; round <= rounds; round++) {
  console.log(`== round ${round} of ${rounds}: ${files.length} files`);
  const run = spawnSync('npx', ['vitest', 'run', ...files], { stdio: 'inherit', env });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
