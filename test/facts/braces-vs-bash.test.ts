// Real bash decides how a word brace-expands: the words parseShell reads for a command must be
// the words bash passes it (a brace read otherwise hid `find {x},-exec} sh \;`'s -exec, red
// team 26). Random words, one bash process per batch, printf showing each word bash made.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandBraces } from '../../src/facts/shell/words.js';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';

await initShellParser();

/**
 * What bash's printf shows of the words each word makes: `[w1][w2]…` (`@` first, so a word that
 * makes none still prints a line); undefined where bash refused the command: a backquote a
 * letter sequence makes (`{Z..a}`) is read again as the start of a command substitution that
 * does not close, and bash stops with an error (the command does not run).
 */
function bashWords(words: readonly string[]): (string | undefined)[] {
  // Each word's output after a marker line of its own: an error ends that word's line only.
  const script = words.map((w, i) => `echo '#${i}'; printf '[%s]' @ ${w}`).join('\n') + '\n';
  const out = execFileSync('bash', ['-c', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const shownBy = new Map<number, string>();
  for (const m of out.matchAll(/#(\d+)\n([^#]*)/g)) shownBy.set(Number(m[1]), m[2]!);
  return words.map((_, i) => {
    const line = shownBy.get(i);
    return line !== undefined && line.startsWith('[@]') ? line.slice('[@]'.length) : undefined;
  });
}

const shown = (words: readonly string[]): string => words.map((w) => `[${w}]`).join('');

// Plain text: braces, commas, sequence dots, signs, digits (zero padding), letters.
const plainWord = fc.array(fc.constantFrom('{', '}', ',', '.', '..', 'a', 'b', 'x', 'Z', 'e', 'A', 'w', '27', '0', '1', '3', '-', '+'), { minLength: 1, maxLength: 12 }).map((t) => t.join(''));
// Quoted and escaped pieces too: they never open, close or split a brace.
const quotedWord = fc.array(fc.constantFrom('{', '}', ',', '..', 'a', 'b', 'A', 'w', '27', '-', '1', "'{'", "','", '"a,b"', "''", '\\{', '\\,', '\\}', '"}"'), { minLength: 1, maxLength: 10 }).map((t) => t.join(''));

describe('brace expansion, against real bash', () => {
  it('property: expandBraces makes the words bash makes (empty ones dropped, as bash drops them)', () => {
    const words = fc.sample(plainWord, { numRuns: 3000, seed: 20261202 });
    const bash = bashWords(words);
    words.forEach((w, i) => {
      const ours = expandBraces(w, 100_000);
      expect(ours, w).toBeDefined();
      if (bash[i] === undefined) {
        expect(ours!.some((x) => x.includes('`')), w).toBe(true);
        return;
      }
      // a `\\` a letter sequence makes (`{Z..a}`) is a quote to bash, removed with the quotes (braceWords does so)
      expect(shown(ours!.filter((x) => x !== '').map((x) => x.replace(/\\(.?)/gs, '$1'))), w).toBe(bash[i]);
    });
  });

  it("property: a command's words are bash's, quoted and escaped pieces kept apart (or the command is unverifiable)", () => {
    const words = fc.sample(quotedWord, { numRuns: 1500, seed: 20261203 });
    const bash = bashWords(words);
    let read = 0;
    words.forEach((w, i) => {
      const facts = parseShell(`printf '[%s]' @ ${w}`);
      if (facts.unverifiable !== undefined) return; // quoted text inside a brace: refused, the safe side
      if (bash[i] === undefined) {
        expect(facts.commands[0]!.words.some((x) => x.includes('`')), w).toBe(true);
        return;
      }
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

  it.each([
    ['.en{A..w..27}v', ['.enAv', '.env', '.enwv']],
    ['{R..a..10}-exec', ['R-exec', '-exec']],
  ])('a backslash a letter sequence makes quotes the next character: %s is %j', (word, expected) => {
    expect(parseShell(`printf '[%s]' ${word}`).commands[0]!.words.slice(2)).toEqual(expected);
  });
});
