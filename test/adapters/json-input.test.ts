import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateKey, parseJsonInput } from '../../src/adapters/json-input.js';

describe('parseJsonInput', () => {
  it('refuses an object holding a key twice, as written or escaped, at any depth', () => {
    expect(parseJsonInput('{"tool_input":{"command":"curl x","command":"ls"}}')).toEqual({ ok: false, problem: 'duplicate', key: 'command' });
    expect(duplicateKey('{"a":1,"\\u0061":2}')).toBe('a');
    expect(duplicateKey('[{"a":1},{"a":2}]')).toBeUndefined(); // two objects, one key each
    expect(duplicateKey('{"a":"{\\"a\\":1,\\"a\\":2}","b":["a","a"]}')).toBeUndefined(); // inside strings and lists: values
    expect(parseJsonInput('{"a":')).toEqual({ ok: false, problem: 'syntax' });
  });

  it('finds no duplicate in what JSON.stringify writes, and finds one put anywhere (property)', () => {
    const key = fc.string({ maxLength: 4, unit: fc.constantFrom('a', 'b', '"', '\\', '{', '}', '[', ']', ',', ':', 'é', '\u2028') });
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), key, fc.nat(), (value, dup, pick) => {
        const text = JSON.stringify(value);
        expect(duplicateKey(text)).toBeUndefined();
        // Wrap the value in an object holding `dup` twice, at a depth chosen among the value's lists or objects.
        const doubled = `{${JSON.stringify(dup)}:${text},"x":[${pick % 3}],${JSON.stringify(dup)}:null}`;
        expect(duplicateKey(doubled)).toBe(dup);
        expect(parseJsonInput(doubled)).toEqual({ ok: false, problem: 'duplicate', key: dup });
      }),
      { numRuns: 1000 },
    );
  });
});
