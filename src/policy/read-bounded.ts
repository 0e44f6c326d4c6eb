// Reading a file a user names (a policy, a test file, a tool call): only a regular file, and
// no more than a bound. A FIFO would block the read for ever (a hook that never answers lets
// the call through) and a device (`/dev/zero`) has no end; both are refused at once.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

export type BoundedRead = { ok: true; bytes: Buffer } | { ok: false; reason: 'not-a-file' | 'too-large'; size?: number };

/**
 * The bytes of a regular file of at most `max` bytes. Opened without blocking (a FIFO's open
 * waits for a writer otherwise), then checked by the open descriptor. Throws what the file
 * system throws (a missing file, no permission) for the caller to word.
 */
export async function readBoundedFile(file: string, max: number): Promise<BoundedRead> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { ok: false, reason: 'not-a-file' };
    if (info.size > max) return { ok: false, reason: 'too-large', size: info.size };
    // One byte past the bound tells a file that grew since the stat.
    const buffer = Buffer.alloc(max + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > max) return { ok: false, reason: 'too-large' };
    }
    return { ok: true, bytes: buffer.subarray(0, length) };
  } finally {
    await handle.close();
  }
}
