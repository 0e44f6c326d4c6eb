import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { caseFold, narrowFold } from '../../src/facts/unicode.js';

describe('caseFold', () => {
  it('folds what toLowerCase alone leaves apart', () => {
    expect(caseFold('.ſsh')).toBe('.ssh');
    expect(caseFold('STRAẞE')).toBe('strasse');
    expect(caseFold('straße')).toBe('strasse');
    expect(caseFold('ﬁle')).toBe('file');
    expect(caseFold('ΣΟΦΟΣ')).toBe(caseFold('σοφος'));
    expect(caseFold('\u212a')).toBe('k'); // Kelvin sign
    expect(caseFold('Cafe\u0301')).toBe('caf\u00e9');
    expect(caseFold('.ENV')).toBe('.env');
  });

  it('property: idempotent, and the same for a string in upper and in lower case', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => {
      const f = caseFold(s);
      expect(caseFold(f)).toBe(f);
      expect(caseFold(s.toUpperCase())).toBe(f);
      expect(caseFold(s.toLowerCase())).toBe(f);
    }), { numRuns: 3000 });
  });

  it('property: every character the `u`-flag regex matches case-insensitively with an ASCII letter folds to it', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), (c, letter) => {
      if (new RegExp(`^${letter}$`, 'iu').test(c)) expect(caseFold(c)).toBe(letter);
    }), { numRuns: 3000 });
    expect(caseFold('ſ')).toBe('s');
  });
});

describe('narrowFold', () => {
  it('folds ASCII letters only, and only when asked; no normalisation', () => {
    expect(narrowFold('ReadMe.MD', true)).toBe('readme.md');
    expect(narrowFold('ReadMe.MD', false)).toBe('ReadMe.MD');
    expect(narrowFold('Stra\u00dfe-\u017fX-\u00c9', true)).toBe('stra\u00dfe-\u017fx-\u00c9');
    expect(narrowFold('cafe\u0301', true)).toBe('cafe\u0301');
  });
});
