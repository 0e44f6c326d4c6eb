// Standard input is read whole, but not past a cap (red team 15B: ~540 MB of tool input made
// the text too long for V8, which threw outside every handler, and the hook exited 1, which
// Claude Code reads as "proceed"). The hook process itself denies such an input (exit 2).
import { describe, expect, it, beforeAll } from 'vitest';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { MAX_STDIN_BYTES, readStream } from '../../src/cli/main.js';
import { ensureBuilt } from '../integration/build.js';
import { runToolwarden } from '../run-process.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe('readStream', () => {
  it('reads the whole input as UTF-8, up to the cap', async () => {
    const s = new PassThrough();
    const read = readStream(s, { maxBytes: 10 });
    s.write(Buffer.from('caf'));
    s.end(Buffer.from('é ok')); // 3 + 6 bytes
    expect(await read).toBe('café ok');
  });

  it('refuses an input past the cap, whatever comes after', async () => {
    const s = new PassThrough();
    const read = readStream(s, { maxBytes: 10 });
    s.write('0123456789');
    s.write('x');
    await expect(read).rejects.toThrow('standard input is larger than 10 bytes');
  });

  it('with waitMs, takes what came from a writer that never closes', async () => {
    const s = new PassThrough();
    const read = readStream(s, { maxBytes: 100, waitMs: 50 });
    s.write('{"a":1}');
    expect(await read).toBe('{"a":1}');
  });
});

describe('a hook given more than the cap', () => {
  beforeAll(async () => ensureBuilt(), 120_000);

  it.each(['claude-code', 'exit-code'])('hook %s denies with exit 2', async (protocol) => {
    const policy = path.join(repoRoot, 'test/adapters/policies');
    const result = await runToolwarden(['hook', protocol, '--policy', policy, '--state', 'memory'], {
      // A MiB at a time, past the cap: the hook stops reading, so writes may fail with EPIPE (runProcess ignores those).
      started: (child) => {
        const stdin = child.stdin!;
        const mib = Buffer.alloc(1024 * 1024, 0x20);
        let left = MAX_STDIN_BYTES / mib.length + 2;
        const more = (): void => {
          while (left-- > 0) if (!stdin.write(mib)) return void stdin.once('drain', more);
          stdin.end();
        };
        more();
      },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('standard input is larger than 256 MiB');
  }, 60_000);
});
