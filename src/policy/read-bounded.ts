// Reading a file a user names (a policy, a test file, a tool call): only a regular file, and
// no more than a bound. A FIFO would block the read for ever (a hook that never answers lets
// the call through) and a device (`/dev/zero`) has no end; both are refused at once.
//
// Synchronous on purpose: these are a few small files read at start (a hook process reads
// them for every call). Through the thread pool each of the five calls a file takes waits
// for a hop, and a fresh process first starts the pool: that cost more than the reads.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

export type BoundedRead = { ok: true; bytes: Buffer } | { ok: false; reason: 'not-a-file' | 'too-large'; size?: number };

/**
 * The bytes of a regular file of at most `max` bytes. Opened without blocking (a FIFO's open
 * waits for a writer otherwise), then checked by the open descriptor. Throws what the file
 * system throws (a missing file, no permission) for the caller to word.
 */
export function readBoundedFile(file: string, max: number): BoundedRead {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { ok: false, reason: 'not-a-file' };
    if (info.size > max) return { ok: false, reason: 'too-large', size: info.size };
    // Sized by the stat (one byte more to see the end), grown only if the file grew, up to one
    // byte past the bound, which tells a file that grew too large since the stat. (A buffer of
    // the bound for every file cost a megabyte of zeroes per policy file.)
    let buffer = Buffer.alloc(Math.min(max + 1, Math.max(info.size + 1, 64 * 1024)));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        const grown = Buffer.alloc(Math.min(max + 1, buffer.length * 2));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const bytesRead = readSync(fd, buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > max) return { ok: false, reason: 'too-large' };
    }
    return { ok: true, bytes: buffer.subarray(0, length) };
  } finally {
    closeSync(fd);
  }
}
