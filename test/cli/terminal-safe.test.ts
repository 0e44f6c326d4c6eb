// What the command line prints reaches a terminal: control characters a policy or a call
// carries are escaped (red team 14C: an ESC sequence in a glob erased the lines above it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../src/cli/io.js';

describe('terminalSafe', () => {
  it('escapes C0 and C1 controls and line separators, keeps tabs, newlines and text', () => {
    expect(terminalSafe('a\u001b[2Kb\u0085c\u2028d\re\u007f')).toBe('a\\u001b[2Kb\\u0085c\\u2028d\\u000de\\u007f');
    expect(terminalSafe('x\ty\nz é ß 你')).toBe('x\ty\nz é ß 你');
    // Inside a JSON string the escape means the same character.
    expect(JSON.parse(terminalSafe(JSON.stringify({ v: 'a\u0085\u2028b' })))).toEqual({ v: 'a\u0085\u2028b' });
  });

  it('is what `toolwarden validate` prints through', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tw-term-'));
    const file = path.join(dir, 'esc.yaml');
    writeFileSync(file, 'version: 1\nid: a\ntools:\n  deny: ["x\\u001b[2K\\u0085y|z"]\n');
    let out = '';
    try {
      execFileSync(process.execPath, [path.resolve('bin/toolwarden.js'), 'validate', file], { encoding: 'utf8' });
    } catch (error) {
      out = String((error as { stdout?: string }).stdout ?? '') + String((error as { stderr?: string }).stderr ?? '');
    }
    expect(out).toContain('x<U+001B>[2K<U+0085>y|z'); // the glob, its controls named (invisible-character)
    expect(out).not.toMatch(/[\u001b\u0085]/);
  });
});
