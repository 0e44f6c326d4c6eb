// Hostile policy files (THREATS.md 19): each is rejected with a located diagnostic,
// quickly (the per-test timeout is the bound; no timed assertions).
import { describe, it, expect } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPolicyFiles, loadPolicyText, MAX_DEPTH } from '../../src/policy/index.js';

const QUICK = { timeout: 3000 };

function codes(text: string): string[] {
  return loadPolicyText(text, 'hostile.yaml').diagnostics.map((d) => `${d.location.line}:${d.location.column} ${d.code}`);
}

function billionLaughs(levels: number): string {
  let text = 'version: 1\nid: lol\nx0: &x0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n';
  for (let i = 1; i < levels; i++) text += `x${i}: &x${i} [${Array(10).fill(`*x${i - 1}`).join(', ')}]\n`;
  return text;
}

describe('hostile policy text', () => {
  it('rejects a billion-laughs alias bomb at its first alias', QUICK, () => {
    expect(codes(billionLaughs(12))).toEqual(['4:10 yaml-alias-limit']);
  });

  it('accepts a few ordinary aliases', () => {
    const text = 'version: 1\nid: a\npaths:\n  forbidden: &secrets [".env", "*.pem"]\n  allowed: *secrets\n';
    const result = loadPolicyText(text, 'a.yaml');
    // (`*.pem` in an allowlist is a warning of its own: it covers directories named so too.)
    expect(result.diagnostics.map((d) => d.code)).toEqual(['name-glob-covers-directories']);
    expect(result.policies[0]?.doc.paths?.allowed).toEqual(['.env', '*.pem']);
    expect(result.policies[0]?.locate('/paths/allowed/1')).toMatchObject({ line: 4, column: 32 }); // the anchored node
  });

  it('rejects a text over 1 MiB before parsing', QUICK, () => {
    expect(codes('version: 1\nid: big\n' + '#'.repeat(10 * 1024 * 1024))).toEqual(['1:1 file-too-large']);
  });

  const deep: Array<[string, string, string]> = [
    ['1,000 nested flow lists', '['.repeat(1000) + ']'.repeat(1000), `1:${MAX_DEPTH + 3}`],
    ['a megabyte of unclosed brackets', '['.repeat(1024 * 1024 - 1), `1:${MAX_DEPTH + 3}`],
    ['1,000 nested flow maps', '{a: '.repeat(1000) + '}'.repeat(1000), ''],
    ['1,000 nested block maps', Array.from({ length: 1000 }, (_, i) => ' '.repeat(i) + 'a:').join('\n'), ''],
    ['a long compact block list', '- '.repeat(400_000) + 'x', ''],
  ];
  for (const [name, text, where] of deep) {
    it(`rejects ${name} without overflowing the stack`, QUICK, () => {
      const found = codes(text);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/ yaml-too-deep$/);
      if (where !== '') expect(found[0]).toBe(`${where} yaml-too-deep`);
    });
  }

  it('accepts 64 nested lists and refuses 65', () => {
    const nested = (n: number): string => 'version: 1\nid: a\nx: ' + '['.repeat(n) + ']'.repeat(n);
    expect(codes(nested(MAX_DEPTH))).toEqual(['3:1 schema-unknown-key']);
    expect(codes(nested(MAX_DEPTH + 1))).toEqual([`3:${MAX_DEPTH + 5} yaml-too-deep`]);
  });

  it('accepts nesting up to the cap in a rule condition', () => {
    let when = '{ fact: toolName, operator: equal, value: x }';
    for (let i = 0; i < 20; i++) when = `{ not: ${when} }`;
    const result = loadPolicyText(`version: 1\nid: a\nrules:\n  - { id: r, decision: deny, when: ${when} }\n`, 'a.yaml');
    expect(result.diagnostics).toEqual([]);
    expect(result.policies).toHaveLength(1);
  });

  it('refuses a megabyte of tiny map entries, list items or documents early', QUICK, () => {
    let keys = 'version: 1\nid: a\n';
    for (let i = 0; keys.length < 1_000_000; i++) keys += `k${i}: 1\n`;
    expect(codes(keys)).toEqual(['1:1 file-too-large']);
    let items = 'version: 1\nid: a\nx:\n';
    for (let i = 0; items.length < 1_000_000; i++) items += `  - ${i}\n`;
    expect(codes(items)).toEqual(['4:3 file-too-large']);
    expect(codes('---\n'.repeat(200_000))).toEqual(['1001:1 yaml-syntax']);
  });

  it('reports at most 100 problems per document, then says so', () => {
    let text = 'version: 1\nid: a\ntools:\n  deny:\n';
    for (let i = 0; i < 300; i++) text += `    - "x+(a*)${i}"\n`;
    const found = loadPolicyText(text, 'many.yaml').diagnostics;
    expect(found).toHaveLength(101);
    expect(found[100]?.message).toMatch(/more than 100 problems/);
  });

  it('rejects keys written as an alias, a list or a map (an alias key would repeat a key unseen)', () => {
    expect(codes('version: 1\nid: a\ndescription: &k forbidden\npaths:\n  forbidden: [".env"]\n  *k : []\n')).toEqual(['6:3 yaml-syntax']);
    expect(codes('version: 1\nid: a\n? [a, b]\n: 1\n')).toEqual(['3:3 yaml-syntax']);
    expect(codes('version: 1\nid: a\npaths: {? {forbidden: 1} : [x]}\n')).toEqual(['3:11 yaml-syntax']);
    // an alias as a value stays fine
    expect(codes('version: 1\nid: a\npaths:\n  forbidden: &s [".env"]\n  allowed: *s\n')).toEqual([]);
  });

  it('rejects duplicate keys, also in JSON', () => {
    expect(codes('version: 1\nid: a\nid: b\n')).toEqual(['3:1 yaml-duplicate-key']);
    expect(codes('{"version": 1, "id": "a",\n "id": "b"}')).toEqual(['2:2 yaml-duplicate-key']);
  });

  it('rejects tabs and garbage with located syntax errors', () => {
    expect(codes('version: 1\nid: a\nshell:\n\tallow: [ls]\n')[0]).toBe('4:1 yaml-syntax');
    const garbage = codes('version: 1\nid: a\n}}}: ][ :::\n');
    expect(garbage.length).toBeGreaterThan(0);
    expect(garbage[0]).toBe('3:1 yaml-syntax');
    expect(garbage.every((c) => /^[34]:\d+ yaml-syntax$/.test(c))).toBe(true);
  });

  it('rejects unknown tags instead of guessing', () => {
    expect(codes('version: 1\nid: !shell a\n')).toEqual(['2:5 yaml-syntax']);
  });

  it('rejects wrong types and unknown keys, including __proto__', () => {
    expect(codes('version: "1"\nid: 7\n')).toEqual(['1:10 schema-enum', '2:5 schema-type']);
    expect(codes('version: 1\nid: a\n__proto__: { polluted: true }\n')).toEqual(['3:1 schema-unknown-key']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(codes('- version: 1\n')).toEqual(['1:1 schema-type']);
  });

  it('rejects text with NUL bytes', () => {
    expect(codes('version: 1\nid: a\0\n')).toEqual(['1:1 file-unreadable']);
  });

  it('refuses an empty text and a text of comments and separators (an emptied file must not drop its rules)', () => {
    expect(loadPolicyText('', 'e.yaml').diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(['error no-policies']);
    expect(codes('# nothing\n---\n---\n')).toEqual(['1:1 no-policies']);
  });
});

describe('hostile files and paths', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolwarden-policy-'));

  it('refuses a 10 MB file without reading it', QUICK, async () => {
    const file = path.join(dir, 'huge.yaml');
    writeFileSync(file, 'version: 1\nid: huge\n' + 'x: y\n'.repeat(2 * 1024 * 1024));
    const result = await loadPolicyFiles([file]);
    expect(result.diagnostics.map((d) => [d.location.line, d.location.column, d.code])).toEqual([[1, 1, 'file-too-large']]);
    expect(result.policies).toEqual([]);
  });

  it('refuses a binary file', async () => {
    const file = path.join(dir, 'binary.yaml');
    writeFileSync(file, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]));
    const result = await loadPolicyFiles([file]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['file-unreadable']);
  });

  it('reports a path that does not exist, at that path', async () => {
    const missing = path.join(dir, 'nope', 'missing.yaml');
    const result = await loadPolicyFiles([missing]);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: 'file-unreadable', severity: 'error', location: { line: 1, column: 1 } });
    expect(result.diagnostics[0]?.message).toContain('no such file or directory');
    expect(result.diagnostics[0]?.location.file).toContain('missing.yaml');
  });

  it('makes a directory with no policies an error (an empty set would allow everything)', async () => {
    const empty = path.join(dir, 'empty-dir');
    mkdirSync(path.join(empty, 'sub'), { recursive: true });
    writeFileSync(path.join(empty, 'sub', 'notes.txt'), 'not a policy');
    const result = await loadPolicyFiles([empty]);
    expect(result.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(['error no-policies']);
    expect(result.policies).toEqual([]);
  });

  it('walks directories recursively, separates test files and survives symlink loops', async () => {
    const root = path.join(dir, 'set');
    mkdirSync(path.join(root, 'a', 'b'), { recursive: true });
    writeFileSync(path.join(root, 'one.yaml'), 'version: 1\nid: one\n');
    writeFileSync(path.join(root, 'a', 'b', 'two.yml'), 'version: 1\nid: two\n');
    writeFileSync(path.join(root, 'a', 'three.json'), '{"version": 1, "id": "three"}');
    writeFileSync(path.join(root, 'a', 'one.test.yaml'), 'cases: []\n');
    writeFileSync(path.join(root, 'a', 'b', 'README.md'), '# not a policy\n');
    symlinkSync(root, path.join(root, 'a', 'loop'));
    const result = await loadPolicyFiles([root, path.join(root, 'one.yaml')]);
    expect(result.diagnostics).toEqual([]);
    expect(result.policies.map((p) => p.doc.id).sort()).toEqual(['one', 'three', 'two']);
    expect(result.testFiles).toHaveLength(1);
    expect(result.testFiles[0]).toMatch(/one\.test\.yaml$/);
  });

  it('refuses a set with an entry it cannot follow (a link to a policy directory that is gone), and loads extensions in any case', async () => {
    const root = path.join(dir, 'with-dangling');
    mkdirSync(root);
    writeFileSync(path.join(root, 'base.yaml'), 'version: 1\nid: base\n');
    writeFileSync(path.join(root, 'Strict.YAML'), 'version: 1\nid: strict\nshell:\n  enabled: false\n');
    writeFileSync(path.join(root, 'Strict.Test.YML'), 'cases: []\n');
    symlinkSync(path.join(dir, 'strict-team-gone'), path.join(root, 'team'));
    symlinkSync(path.join(dir, 'gone.md'), path.join(root, 'notes.md'));
    const result = await loadPolicyFiles([root]);
    expect(result.policies.map((p) => p.doc.id).sort()).toEqual(['base', 'strict']);
    expect(result.testFiles).toHaveLength(1);
    // the dangling directory link is an error; a dangling link named as no policy is not
    expect(result.diagnostics.map((d) => `${d.severity} ${d.code} ${path.basename(d.location.file)}`)).toEqual(['error file-unreadable team']);
    expect(result.diagnostics[0]?.message).toMatch(/cannot read entry: no such file or directory/);
  });

  it('never throws on an empty path list, and reports it', async () => {
    const result = await loadPolicyFiles([]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['no-policies']);
  });

  it('refuses an empty file next to valid ones', async () => {
    const root = path.join(dir, 'with-empty');
    mkdirSync(root);
    writeFileSync(path.join(root, 'a.yaml'), 'version: 1\nid: a\n');
    writeFileSync(path.join(root, 'b.yaml'), '# emptied by mistake\n');
    const result = await loadPolicyFiles([root]);
    expect(result.policies.map((p) => p.doc.id)).toEqual(['a']);
    expect(result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.location.line}:${d.location.column}`)).toEqual(['error no-policies 1:1']);
    expect(result.diagnostics[0]?.location.file).toMatch(/b\.yaml$/);
  });

  it('refuses a pipe or a device named as a policy, at once (red team 14C: a FIFO blocked the read, /dev/zero never ended)', QUICK, async () => {
    const root = path.join(dir, 'with-fifo');
    mkdirSync(root);
    writeFileSync(path.join(root, 'a.yaml'), 'version: 1\nid: a\n');
    execFileSync('mkfifo', [path.join(root, 'p.yaml')]);
    const inDir = await loadPolicyFiles([root]);
    expect(inDir.diagnostics.map((d) => `${d.severity} ${d.code} ${path.basename(d.location.file)}`)).toEqual(['error file-unreadable p.yaml']);
    expect(inDir.diagnostics[0]?.message).toMatch(/not a regular file/);
    const device = await loadPolicyFiles(['/dev/zero']);
    expect(device.diagnostics.map((d) => d.code)).toEqual(['file-unreadable']);
  });
});
