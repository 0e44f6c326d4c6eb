// readBoundedFile: the buffer is sized by the stat, so a file whose stat says nothing of its
// size (procfs: 0 bytes) is read by growing it, and still refused past the bound.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readBoundedFile } from '../../src/policy/read-bounded.js';

describe('readBoundedFile', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-bounded-'));

  it('reads a file of exactly the bound, and refuses one byte more', () => {
    const file = path.join(dir, 'f.yaml');
    writeFileSync(file, 'x'.repeat(1000));
    const read = readBoundedFile(file, 1000);
    expect(read.ok && read.bytes.toString()).toBe('x'.repeat(1000));
    expect(readBoundedFile(file, 999)).toEqual({ ok: false, reason: 'too-large', size: 1000 });
  });

  it('reads an empty file as no bytes', () => {
    const file = path.join(dir, 'empty.yaml');
    writeFileSync(file, '');
    const read = readBoundedFile(file, 1000);
    expect(read.ok && read.bytes.length).toBe(0);
  });

  it.runIf(process.platform === 'linux')('grows past its first buffer for a file whose stat gives size 0, and stops at the bound', () => {
    // /proc/self/smaps of a Node.js process is far larger than the first 64 KiB buffer.
    const whole = readBoundedFile('/proc/self/smaps', 64 * 1024 * 1024);
    expect(whole.ok).toBe(true);
    if (!whole.ok) return;
    expect(whole.bytes.length).toBeGreaterThan(64 * 1024);
    // The same kind of text as a plain read gives (the process's mappings move between reads).
    expect(whole.bytes.toString().split('\n')[0]).toMatch(/^[0-9a-f]+-[0-9a-f]+ /);
    expect(readFileSync('/proc/self/smaps', 'utf8').length).toBeGreaterThan(64 * 1024);
    expect(readBoundedFile('/proc/self/smaps', 100_000)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('refuses a directory as not a file', () => {
    expect(readBoundedFile(dir, 1000)).toEqual({ ok: false, reason: 'not-a-file' });
  });
});
