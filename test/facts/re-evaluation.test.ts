// The hand-written scans for text bash evaluates again decide as the regex they replaced, and
// in linear time (red team 23: the regex was tried again from every start of a long word).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { arithmeticScans } from '../../src/facts/shell/re-evaluation.js';
import { parseShell } from '../../src/facts/shell/index.js';

// The definition: the four branches of the earlier regex that scan up to a closing character.
const definition = /\$\{[^}[]*\[|\$\{[^}:]*:(?![-=+?])[^}]*[A-Za-z_$`]|[A-Za-z_][A-Za-z0-9_]*\[[^\]]*\]\+?=|[(\s]\[[^\]]*\]\+?=/;

// Texts made mostly of the characters the branches turn on.
const pieces = ['$', '{', '}', '[', ']', ':', '=', '+', '-', '?', '(', ' ', '\t', '\u3000', 'a', '_', '1', '`', '${', '${a', 'x[', ']=', ']+=', ':x', ':-'];
const text = fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 3 })), { maxLength: 24 }).map((parts) => parts.join(''));

describe('arithmeticScans', () => {
  it('property: decides as the regex it replaced', () => {
    fc.assert(
      fc.property(text, (t) => arithmeticScans(t) === definition.test(t)),
      { numRuns: 20_000 },
    );
  });

  it('examples of each spelling', () => {
    for (const t of ['${a[0]}', '${s:x}', '${s:$n:2}', 'a[i]=1', 'a[$(id)]+=2', '([k]=v)', 'x=( [0]=1)']) expect(arithmeticScans(t)).toBe(true);
    for (const t of ['${s:-x}', '${s:=x}', '${s:2:3}', '1[x]=2', 'a[x]', '[x]', '${a}', '']) expect(arithmeticScans(t)).toBe(false);
  });

  it('reads a long word, a long name with digits and many openings in about linear time', () => {
    const texts = (n: number) => ['a'.repeat(n), 'a_1'.repeat(n / 3), '${'.repeat(n / 2), '['.repeat(n), 'a['.repeat(n / 2), '${:'.repeat(n / 3), '(['.repeat(n / 2)];
    const time = (n: number) => {
      const started = process.hrtime.bigint();
      for (const t of texts(n)) arithmeticScans(t);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    time(4_000); // warm up
    // 16 KiB (the longest command the engine reads) in a few ms where the regex took ~130 ms; and
    // quadrupling the size does not multiply the time by sixteen (a generous bound for a shared machine).
    const small = Math.min(time(16_384), time(16_384));
    const large = Math.min(time(65_536), time(65_536));
    expect(small).toBeLessThan(50);
    expect(large).toBeLessThan(Math.max(small * 10, 20));
  });

  it('a command of one long word is read in milliseconds', () => {
    const started = Date.now();
    const facts = parseShell(`ls ${'a'.repeat(16_000)}`);
    expect(facts.commands.length + (facts.unverifiable ? 1 : 0)).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(100);
  });
});
