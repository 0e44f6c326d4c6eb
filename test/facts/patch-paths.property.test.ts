// patchPaths finds lines by index and reads the usual headers without a regex; this checks it
// against the plain definition (split into lines, one regex per header kind) on random bodies.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patchPaths } from '../../src/facts/patch-paths.js';

// Lines end at \n, one \r before it dropped (OpenClaw's and Codex's split); `[^\n\u2028\u2029]` is `.` plus \r.
const FILE_LINE = /^\*\*\*\s*(?:(?:add|update|delete)\s+file|move\s+to)\s*:([^\n\u2028\u2029]*)$/i;
const FRAME_LINE = /^\*\*\*\s*(?:begin\s+patch|end\s+patch|end\s+of\s+file|environment\s+id\s*:[^\n\u2028\u2029/\\]*)\s*$/i;
const DIFF_LINE = /^(?:---|\+\+\+)\s+([^\n\u2028\u2029]*)$/;

/** The definition: every line, every regex. */
function byDefinition(body: string): { paths: string[]; problems: string[] } {
  const paths: string[] = [];
  const problems: string[] = [];
  for (const rawLine of body.split(/\r?\n/)) {
    // Codex trims as Rust does: NEL (U+0085) too.
    const line = rawLine.replace(/^[\s\u0085]+/, '');
    const file = FILE_LINE.exec(line);
    if (file) {
      const path = (file[1] ?? '').replace(/^[\s\u0085]+|[\s\u0085]+$/g, '');
      paths.push(path);
      if (path.startsWith('@')) paths.push(path.slice(1));
      continue;
    }
    if (line.startsWith('***')) {
      if (!FRAME_LINE.test(line)) problems.push(`unrecognised patch header \`${line.slice(0, 80)}\``);
      continue;
    }
    const index = /^Index:(.*)$/s.exec(rawLine);
    if (index) {
      const name = index[1]!.replace(/^[\s\u0085]+|[\s\u0085]+$/g, '');
      if (name !== '' && !paths.includes(name)) paths.push(name);
      continue;
    }
    const diff = DIFF_LINE.exec(rawLine);
    if (diff) {
      const written = (diff[1] ?? '').split('\t')[0]!.replace(/^[\s\u0085]+|[\s\u0085]+$/g, '');
      if (written === '/dev/null' || written === '') continue;
      if (written.startsWith('"')) {
        problems.push(`patch file line with a quoted name that cannot be read \`${rawLine.slice(0, 80)}\``);
        continue;
      }
      // Before a timestamp too; without the first directory (-p1), and as written unless it is `a/` or `b/`.
      const stamp = /\s+(?:\d{4}-\d{2}-\d{2}|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s)/.exec(written);
      for (const name of stamp ? [written, written.slice(0, stamp.index)] : [written]) {
        const parts = name.split('/');
        const readings = parts.length === 1 ? [name] : parts[0] === 'a' || parts[0] === 'b' ? [parts.slice(1).join('/')] : [name, parts.slice(1).join('/')];
        for (const path of readings) if (path !== '' && !paths.includes(path)) paths.push(path);
      }
    }
  }
  return { paths, problems };
}

// Lines close to real headers, with the characters that matter around them.
const piece = fc.constantFrom(
  '*** Begin Patch', '*** End Patch', '*** End of File', '*** Update File:', '*** Add File:', '*** Delete File:', '*** Move to:',
  '*** update file :', '***Add  File:', '*** Begin  Patch ', '***', '--- a/', '+++ b/', '--- ', '+++', '-', '+', '@@', ' ', '\t',
  '\u00a0', '\u2028', '\r', '\n', '\r\n', 'src/x.ts', '@~/.ssh/k', '/dev/null', ':', 'a', '.env',
  '\u0085', 'Index: ', 'Index:', ' 2024-01-01', ' Mon ', 'x/', '"b/', 'I',
);
const body = fc.array(piece, { maxLength: 24 }).map((parts) => parts.join(''));

describe('patchPaths', () => {
  it('equals the line-by-line regex definition on random bodies', () => {
    fc.assert(fc.property(body, (b) => {
      expect(patchPaths(b)).toEqual(byDefinition(b));
    }), { numRuns: 5000 });
  });
  it('equals it on the usual body shapes', () => {
    const usual = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: @~/.ssh/x\n+k\n*** End Patch';
    expect(patchPaths(usual)).toEqual(byDefinition(usual));
    expect(patchPaths(usual).paths).toEqual(['src/a.ts', '@~/.ssh/x', '~/.ssh/x']);
    const crlf = usual.replace(/\n/g, '\r\n');
    expect(patchPaths(crlf)).toEqual(byDefinition(crlf));
  });
});
