// lexicallyNormalised against Node's path.posix, the oracle both its callers stand in for.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import * as path from 'node:path';
import { lexicallyNormalised } from '../../src/facts/within.js';

// Paths built from the segments where normalisers differ: empty, `.`, `..`, names.
const segment = fc.constantFrom('', '.', '..', 'a', 'b', '.env', '...');
const relative = fc.array(segment, { minLength: 1, maxLength: 8 }).map((s) => s.join('/'));

describe('lexicallyNormalised', () => {
  it('is path.posix.resolve for absolute paths', () => {
    fc.assert(fc.property(relative, (rest) => {
      const p = `/${rest}`;
      expect(lexicallyNormalised(p)).toBe(path.posix.resolve(p));
    }), { numRuns: 2000 });
  });

  it('is path.posix.normalize for relative paths, leading `..` kept, without `.` or a trailing `/`', () => {
    fc.assert(fc.property(relative.filter((p) => !p.startsWith('/')), (p) => {
      const oracle = path.posix.normalize(p).replace(/\/$/, '');
      expect(lexicallyNormalised(p)).toBe(oracle === '.' ? '' : oracle);
    }), { numRuns: 2000 });
  });

  it('keeps what it cannot climb out of', () => {
    expect(lexicallyNormalised('../../a/./b/')).toBe('../../a/b');
    expect(lexicallyNormalised('/../etc//passwd')).toBe('/etc/passwd');
  });
});
