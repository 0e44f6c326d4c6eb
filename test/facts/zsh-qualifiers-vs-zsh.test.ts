// Real zsh decides: Claude Code's Bash tool runs zsh on macOS, where a group ending a glob
// word is a list of glob qualifiers and some of them run code for every file (`e:…:`,
// `oe:…:`, `+func`). The bash parser reads such a word as an extended glob: every one that
// ran code in zsh must be unverifiable; qualifiers that only select files stay readable.
// CI installs zsh (.ci/run); where it is missing the zsh runs are skipped and said so.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';

await initShellParser();

const zsh = spawnSync('zsh', ['-c', 'true']).status === 0;
if (!zsh) console.warn('zsh is not installed: the real-zsh runs of zsh-qualifiers-vs-zsh.test.ts are skipped');

const running = [
  "ls *(e:'touch PWNED':)",
  "ls *(e^'touch PWNED'^)",
  "ls *(oe:'touch PWNED':)",
  "ls *(.e:'touch PWNED':)",
  "f() { touch PWNED; }; ls *(+f)",
  "cat > *(e:'touch PWNED':)",
];
const selecting = ['ls *(.)', 'ls *(om)', 'ls *(/)', 'ls *(N)'];

describe('zsh glob qualifiers', () => {
  it.each(running)('%j runs code in zsh and is unverifiable', (command) => {
    expect(parseShell(command).unverifiable).toMatch(/glob qualifiers/);
  });

  it.each(selecting)('%j only selects files: readable', (command) => {
    expect(parseShell(command).unverifiable).toBeUndefined();
  });

  it.runIf(zsh)('real zsh runs code for exactly the first list, never the second', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tw-zsh-'));
    try {
      for (const name of ['a', 'b']) writeFileSync(path.join(dir, name), '');
      const ran = (command: string): boolean => {
        const marker = path.join(dir, 'PWNED');
        rmSync(marker, { force: true });
        try {
          execFileSync('zsh', ['-c', command], { cwd: dir, stdio: 'ignore', timeout: 5000 });
        } catch {
          // a failing command may still have run the qualifier's code: the marker says
        }
        return existsSync(marker);
      };
      for (const command of running) expect(ran(command), command).toBe(true);
      for (const command of selecting) expect(ran(command), command).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
