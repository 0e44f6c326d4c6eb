// Many processes, one store file: no limit is ever exceeded and no slot is lost.
// The store is transpiled to a plain ES module so child processes can load it with the
// machine's Node (no TypeScript loader in the children).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { runProcess } from '../run-process.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
// Inside the repo's node_modules so `better-sqlite3` resolves from the child.
const buildDir = path.join(repoRoot, 'node_modules', '.cache', `toolwarden-sqlite-it-${process.pid}`);
let workDir = '';

beforeAll(() => {
  fs.mkdirSync(buildDir, { recursive: true });
  fs.writeFileSync(path.join(buildDir, 'package.json'), '{"type":"module"}');
  for (const name of ['sqlite', 'window']) {
    const source = fs.readFileSync(path.join(repoRoot, `src/state/${name}.ts`), 'utf8');
    const out = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    });
    fs.writeFileSync(path.join(buildDir, `${name}.js`), out.outputText);
  }
  fs.writeFileSync(
    path.join(buildDir, 'child.mjs'),
    `import { createSqliteStore } from './sqlite.js';
const [file, attempts, goAt] = process.argv.slice(2);
const store = createSqliteStore(file, { busyTimeoutMs: 30000 });
// start together: wait for the shared start time so the transactions really overlap
while (Date.now() < Number(goAt)) {}
const results = [];
for (let i = 0; i < Number(attempts); i++) {
  const now = Date.now();
  const r = store.tryConsume([
    { key: 'session/max', kind: 'count', limit: 37 },
    { key: 'sender/rate', kind: 'window', limit: 1000, windowMs: 3600000 },
  ], now);
  const w = store.tryConsume([{ key: 'window-only', kind: 'window', limit: 23, windowMs: 3600000 }], now);
  results.push([r.ok, w.ok]);
}
store.close();
process.stdout.write(JSON.stringify(results));
`,
  );
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-sqlite-conc-'));
});

afterAll(() => {
  fs.rmSync(buildDir, { recursive: true, force: true });
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

async function runChild(file: string, attempts: number, goAt: number): Promise<[boolean, boolean][]> {
  const { code, stdout, stderr } = await runProcess(process.execPath, [path.join(buildDir, 'child.mjs'), file, String(attempts), String(goAt)], { input: '' });
  if (code !== 0) throw new Error(`child exited ${code}: ${stderr}`);
  return JSON.parse(stdout) as [boolean, boolean][];
}

describe('sqlite store across processes', () => {
  it('40 concurrent processes never exceed a limit and lose no slot', async () => {
    const file = path.join(workDir, 'state.db');
    const processes = 40;
    const attempts = 3;
    const goAt = Date.now() + 1500;
    const all = (await Promise.all(Array.from({ length: processes }, () => runChild(file, attempts, goAt)))).flat();
    expect(all).toHaveLength(processes * attempts);
    // exactly `limit` granted: no over-grant (race) and no under-grant (lost update)
    expect(all.filter(([countOk]) => countOk).length).toBe(37);
    expect(all.filter(([, windowOk]) => windowOk).length).toBe(23);

    const Database = (await import('better-sqlite3')).default;
    const db = new Database(file, { readonly: true });
    const used = db.prepare("SELECT used FROM counters WHERE key = 'session/max'").get() as { used: number };
    const rate = db.prepare("SELECT COUNT(*) AS n FROM window_events WHERE key = 'sender/rate'").get() as { n: number };
    db.close();
    expect(used.used).toBe(37);
    // the rate counter was taken together with the count counter, all or nothing
    expect(rate.n).toBe(37);
  }, 60_000);
});
