import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findTestFiles, parseTestFile, readTestFile } from '../../src/testing/load.js';

describe('parseTestFile', () => {
  it('reads cases, sequences and repeat with their lines', () => {
    const text = [
      'policies: [a.yaml, ../b.yaml]',
      'cases:',
      '  - name: one',
      '    call: { toolName: read, params: { path: x } }',
      '    expect: deny',
      '    reasons: [paths.forbidden]',
      '  - name: two',
      '    sequence:',
      '      - { call: { toolName: read }, expect: allow, repeat: 3 }',
      '      - { call: { toolName: read }, expect: deny }',
    ].join('\n');
    const { testFile, diagnostics } = parseTestFile('/p/dir/x.test.yaml', text);
    expect(diagnostics).toEqual([]);
    expect(testFile?.policies).toEqual(['/p/dir/a.yaml', '/p/b.yaml']);
    expect(testFile?.cases.map((c) => [c.name, c.location.line, c.sequence])).toEqual([
      ['one', 3, false],
      ['two', 7, true],
    ]);
    expect(testFile?.cases[0]?.steps[0]).toMatchObject({ expect: 'deny', reasons: ['paths.forbidden'], repeat: 1, call: { toolName: 'read', params: { path: 'x' } } });
    expect(testFile?.cases[1]?.steps.map((s) => [s.expect, s.repeat, s.location.line])).toEqual([
      ['allow', 3, 9],
      ['deny', 1, 10],
    ]);
  });

  it('reports unknown keys, bad values and missing fields with line and column, sorted', () => {
    const text = [
      'cases:',
      '  - name: a',
      '    call: { toolName: read }',
      '    expect: maybe',
      '    colour: red',
      '  - call: { toolName: read }',
      '    expect: allow',
      '    reasons: [x]',
      '  - name: c',
      '    sequence: []',
      'extra: 1',
    ].join('\n');
    const { testFile, diagnostics } = parseTestFile('t.test.yaml', text);
    expect(testFile).toBeUndefined();
    expect(diagnostics.map((d) => `${d.location.line}:${d.location.column} ${d.code} ${d.message}`)).toEqual([
      "4:13 schema-enum `expect` must be `allow`, `ask` or `deny`",
      '5:5 schema-unknown-key unknown key `colour` (expected one of `name`, `call`, `expect`, `reasons`, `sequence`)',
      '6:5 test-invalid a case needs a `name`',
      '8:14 test-invalid `reasons` only apply when `expect` is `deny` or `ask`',
      '10:15 test-invalid `sequence` must be a non-empty list of steps',
      '11:1 schema-unknown-key unknown key `extra` (expected one of `policies`, `cases`)',
    ]);
  });

  it('reports YAML syntax errors and duplicate keys as located diagnostics', () => {
    const dup = parseTestFile('d.test.yaml', 'cases:\n  - name: a\n    name: b\n');
    expect(dup.diagnostics.map((d) => [d.code, d.location.line])).toEqual([['yaml-duplicate-key', 3]]);
    const broken = parseTestFile('b.test.yaml', 'cases: [\n');
    expect(broken.diagnostics.length).toBeGreaterThan(0);
    expect(broken.diagnostics.every((d) => d.code === 'yaml-syntax')).toBe(true);
  });

  it('rejects a case with both call and sequence, and bad repeat counts', () => {
    const text = 'cases:\n  - name: a\n    call: { toolName: read }\n    sequence:\n      - { call: { toolName: read }, expect: allow, repeat: 0 }\n';
    const { diagnostics } = parseTestFile('t.test.yaml', text);
    expect(diagnostics.map((d) => d.message)).toEqual([
      'a case has either `sequence` or `call`, not both',
      '`repeat` must be an integer from 1 to 10000',
    ]);
  });

  it('never throws and never accepts a file without cases, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const result = parseTestFile('f.test.yaml', text);
        if (result.testFile) expect(result.testFile.cases.length).toBeGreaterThan(0);
        else expect(result.diagnostics.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('accepts any well-formed case list it is given', () => {
    const arbCase = fc.record({
      name: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ''),
      expect: fc.constantFrom('allow', 'ask', 'deny'),
      tool: fc.constantFrom('read', 'write', 'exec'),
    });
    fc.assert(
      fc.property(fc.array(arbCase, { minLength: 1, maxLength: 8 }), (cases) => {
        const text = JSON.stringify({ cases: cases.map((c) => ({ name: c.name, call: { toolName: c.tool }, expect: c.expect })) });
        const result = parseTestFile('j.test.yaml', text);
        expect(result.diagnostics).toEqual([]);
        expect(result.testFile?.cases.map((c) => [c.name, c.steps[0]?.expect])).toEqual(cases.map((c) => [c.name, c.expect]));
      }),
      { numRuns: 300 },
    );
  });
});

describe('finding test files', () => {
  it('finds *.test.yaml and *.test.yml recursively, skips policies and dot folders, and defaults policies to the folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tw-find-'));
    await mkdir(join(dir, 'sub'));
    await mkdir(join(dir, '.hidden'));
    await writeFile(join(dir, 'p.yaml'), 'version: 1\nid: p\n');
    await writeFile(join(dir, 'q.json'), '{}');
    await writeFile(join(dir, 'p.test.yaml'), 'cases:\n  - { name: a, call: { toolName: read }, expect: allow }\n');
    await writeFile(join(dir, 'sub', 'x.test.yml'), 'cases: []\n');
    await writeFile(join(dir, '.hidden', 'y.test.yaml'), 'cases: []\n');
    const found = await findTestFiles([dir, join(dir, 'p.yaml'), join(dir, 'missing')]);
    expect(found.files).toEqual([join(dir, 'p.test.yaml'), join(dir, 'sub', 'x.test.yml')]);
    expect(found.diagnostics.map((d) => d.code)).toEqual(['file-unreadable']);
    const read = await readTestFile(join(dir, 'p.test.yaml'));
    expect(read.testFile?.policies).toEqual([join(dir, 'p.yaml'), join(dir, 'q.json')]);
  });
});
