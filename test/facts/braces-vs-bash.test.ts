// Real bash decides how a word brace-expands: the words parseShell reads for a command must be
// the words bash passes it (a brace read otherwise hid `find {x},-exec} sh \;`'s -exec, red
// team 26). Random words, one bash process per batch, printf showing each word bash made.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandBraces } from '../../src/facts/shell/words.js';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';

await initShellParser();

/** What bash's printf shows of the words each word makes: `[w1][w2]…` (`@` first, so a word that makes none still prints a line). */
function bashWords(words: readonly string[]): string[] {
  const script = words.map((w) => `printf '[%s]' @ ${w}; echo`).join('\n') + '\n';
  return execFileSync('bash', ['-c', script], { encoding: 'utf8' }).split('\n').slice(0, words.length).map((line) => line.slice('[@]'.length));
}

const shown = (words: readonly string[]): string => words.map((w) => `[${w}]`).join('');

// Plain text: braces, commas, sequence dots, signs, digits (zero padding), letters.
const plainWord = fc.array(fc.constantFrom('{', '}', ',', '.', '..', 'a', 'b', 'x', 'Z', 'e', '0', '1', '3', '-', '+'), { minLength: 1, maxLength: 12 }).map((t) => t.join(''));
// Quoted and escaped pieces too: they never open, close or split a brace.
const quotedWord = fc.array(fc.constantFrom('{', '}', ',', '..', 'a', 'b', '-', '1', "'{'", "','", '"a,b"', "''", '\\{', '\\,', '\\}', '"}"'), { minLength: 1, maxLength: 10 }).map((t) => t.join(''));

describe('brace expansion, against real bash', () => {
  it('property: expandBraces makes the words bash makes (empty ones dropped, as bash drops them)', () => {
    const words = fc.sample(plainWord, { numRuns: 3000, seed: 20261202 });
    const bash = bashWords(words);
    words.forEach((w, i) => {
      const ours = expandBraces(w, 100_000);
      expect(ours, w).toBeDefined();
      // `{Z..a}` makes a word `\\`, which bash then empties as a quote (keeping the word): the same words
      expect(shown(ours!.filter((x) => x !== '').map((x) => (x === '\\' ? '' : x))), w).toBe(bash[i]);
    });
  });

  it("property: a command's words are bash's, quoted and escaped pieces kept apart (or the command is unverifiable)", () => {
    const words = fc.sample(quotedWord, { numRuns: 1500, seed: 20261203 });
    const bash = bashWords(words);
    let read = 0;
    words.forEach((w, i) => {
      const facts = parseShell(`printf '[%s]' @ ${w}`);
      if (facts.unverifiable !== undefined) return; // quoted text inside a brace: refused, the safe side
      read++;
      expect(shown(facts.commands[0]!.words.slice(3)), w).toBe(bash[i]);
    });
    // the property means something: most words are read
    expect(read).toBeGreaterThan(words.length / 2);
  });

  it.each([
    ['{x},-exec}', ['x}', '-exec']],
    ['{/../etc/shadow{,}}', ['/../etc/shadow', '/../etc/shadow']],
    ['.en{v..v..+1}', ['.env']],
    ['{x{a,b}}', ['{xa}', '{xb}']],
    ['a{},b}', ['a}', 'ab']],
    ['{}', ['{}']],
  ])('%s is %j', (word, expected) => {
    expect(expandBraces(word, 256)).toEqual(expected);
  });
});
