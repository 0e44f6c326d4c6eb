// patchPaths finds lines by index and reads the usual headers without a regex; this checks it
// against the plain definition (split into lines, one regex per header kind) on random bodies.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patchPaths } from '../../src/facts/patch-paths.js';

// Lines end at \n, one \r before it dropped (OpenClaw's and Codex's split); `[^\n\u2028\u2029]` is `.` plus \r.
const FILE_LINE = /^\*\*\*\s*(?:(?:add|update|delete)\s+file|move\s+to)\s*:([^\n\u2028\u2029]*)$/i;
const FRAME_LINE = /^\*\*\*\s*(?:begin\s+patch|end\s+patch|end\s+of\s+file)\s*$/i;
const DIFF_LINE = /^(?:---|\+\+\+)\s+([^\n\u2028\u2029]*)$/;

/** The definition: every line, every regex. */
function byDefinition(body: string): { paths: string[]; problems: string[] } {
  const paths: string[] = [];
  const problems: string[] = [];
  for (const rawLine of body.split(/\r?\n/)) {
    const line = rawLine.trimStart();
    const file = FILE_LINE.exec(line);
    if (file) {
      const path = (file[1] ?? '').trim();
      paths.push(path);
      if (path.startsWith('@')) paths.push(path.slice(1));
      continue;
    }
    if (line.startsWith('***')) {
      if (!FRAME_LINE.test(line)) problems.push(`unrecognised patch header \`${line.slice(0, 80)}\``);
      continue;
    }
    const diff = DIFF_LINE.exec(rawLine);
    if (diff) {
      let path = (diff[1] ?? '').split('\t')[0]?.trim() ?? '';
      if (path === '/dev/null' || path === '') continue;
      if (path.startsWith('a/') || path.startsWith('b/')) path = path.slice(2);
      paths.push(path);
    }
  }
  return { paths, problems };
}

// Lines close to real headers, with the characters that matter around them.
const piece = fc.constantFrom(
  '*** Begin Patch', '*** End Patch', '*** End of File', '*** Update File:', '*** Add File:', '*** Delete File:', '*** Move to:',
  '*** update file :', '***Add  File:', '*** Begin  Patch ', '***', '--- a/', '+++ b/', '--- ', '+++', '-', '+', '@@', ' ', '\t',
  '\u00a0', '\u2028', '\r', '\n', '\r\n', 'src/x.ts', '@~/.ssh/k', '/dev/null', ':', 'a', '.env',
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
