import { describe, it, expect } from 'vitest';
import { checkPolicySet, loadPolicyText, sortDiagnostics } from '../../src/policy/index.js';
import type { Diagnostic } from '../../src/types.js';

describe('checkPolicySet', () => {
  it('reports a policy id used in two texts on the second, naming the first', () => {
    const a = loadPolicyText('version: 1\nid: shared\n', 'a.yaml');
    const b = loadPolicyText('# b\nversion: 1\nid: other\n---\nversion: 1\nid: shared\n', 'b.yaml');
    const d = checkPolicySet([...a.policies, ...b.policies]);
    expect(d).toEqual([
      {
        code: 'duplicate-policy-id',
        severity: 'error',
        message: 'duplicate policy id `shared` (first defined at a.yaml:2:5)',
        location: { file: 'b.yaml', line: 6, column: 5 },
        pointer: '/id',
      },
    ]);
    expect(checkPolicySet([...b.policies])).toEqual([]);
  });
});

describe('sortDiagnostics', () => {
  const d = (file: string, line: number, column: number, code: string): Diagnostic => ({
    code, severity: 'error', message: 'm', location: { file, line, column }, pointer: '',
  });
  it('orders by file, line, column, code without changing its input', () => {
    const input = [d('b', 1, 1, 'x'), d('a', 2, 1, 'x'), d('a', 1, 5, 'z'), d('a', 1, 5, 'y'), d('a', 10, 1, 'x')];
    const sorted = sortDiagnostics(input);
    expect(sorted.map((x) => `${x.location.file}:${x.location.line}:${x.location.column}:${x.code}`)).toEqual([
      'a:1:5:y', 'a:1:5:z', 'a:2:1:x', 'a:10:1:x', 'b:1:1:x',
    ]);
    expect(input[0]?.location.file).toBe('b');
  });
});

describe('loadPolicyText', () => {
  it('loads the good documents of a file even when another document in it is broken', () => {
    const result = loadPolicyText('version: 1\nid: good\n---\nversion: 1\nid: bad\nautonomy: yolo\n', 'mixed.yaml');
    expect(result.policies.map((p) => p.doc.id)).toEqual(['good']);
    expect(result.diagnostics.map((x) => `${x.location.line}:${x.location.column} ${x.code}`)).toEqual(['6:11 schema-enum']);
  });

  it('accepts a byte-order mark and CRLF line ends, with correct locations', () => {
    const result = loadPolicyText('\uFEFFversion: 1\r\nid: crlf\r\nautonomy: yolo\r\n', 'crlf.yaml');
    expect(result.diagnostics.map((x) => `${x.location.line}:${x.location.column} ${x.code}`)).toEqual(['3:11 schema-enum']);
  });

  it('accepts `$schema` in JSON policies for editors', () => {
    const result = loadPolicyText('{"$schema": "../schemas/policy.schema.json", "version": 1, "id": "j"}', 'j.json');
    expect(result.diagnostics).toEqual([]);
    expect(result.policies[0]?.doc.$schema).toBe('../schemas/policy.schema.json');
  });
});
