// Detects regular expressions that can backtrack catastrophically. Globs compile to
// regexes (picomatch), and extglobs such as `+(a|aa)` or `*(*(x))` compile to exactly the
// two classic shapes: a repeated group that itself contains repetition (star height 2)
// or alternation (`(a|aa)+`). We reject both, conservatively: a glob never needs them.
// safe-regex2 checks star height only and would pass `(a|aa)+`, so this small scanner
// is both stricter and dependency-free. Lookaround groups are zero-width and are skipped
// (picomatch's `**` puts alternations inside lookaheads).

interface Frame {
  /** Contains an unbounded quantifier or an alternation (outside lookarounds). */
  risky: boolean;
  lookaround: boolean;
}

/** Length of the quantifier at `i` and whether it is unbounded (`*`, `+`, `{n,}`). */
function quantifierAt(source: string, i: number): { length: number; unbounded: boolean } {
  const c = source[i];
  let length = 0;
  let unbounded = false;
  if (c === '*' || c === '+') {
    length = 1;
    unbounded = true;
  } else if (c === '?') {
    length = 1;
  } else if (c === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i, i + 24));
    if (match !== null) {
      length = match[0].length;
      // A large finite bound backtracks like an unbounded one.
      unbounded = match[2] !== undefined && (match[3] === '' || Number(match[3]) > 16);
    }
  }
  if (length > 0 && (source[i + length] === '?' || source[i + length] === '+')) length += 1; // lazy / possessive
  return { length, unbounded };
}

/** True when `source` (a RegExp source) has a repeated group containing repetition or alternation. */
export function hasNestedRepetition(source: string): boolean {
  const stack: Frame[] = [{ risky: false, lookaround: false }];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const top = stack[stack.length - 1] as Frame;
    if (c === '\\') {
      i += 2;
      const q = quantifierAt(source, i);
      if (q.unbounded) top.risky = true;
      i += q.length;
    } else if (c === '[') {
      i += 1;
      if (source[i] === '^') i += 1;
      if (source[i] === ']') i += 1;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i += 1;
      const q = quantifierAt(source, i);
      if (q.unbounded) top.risky = true;
      i += q.length;
    } else if (c === '(') {
      const lookaround = /^\(\?(=|!|<=|<!)/.test(source.slice(i, i + 4));
      stack.push({ risky: false, lookaround });
      i += 1;
    } else if (c === ')') {
      const frame = stack.length > 1 ? (stack.pop() as Frame) : top;
      i += 1;
      const q = quantifierAt(source, i);
      i += q.length;
      if (frame.lookaround) continue;
      if (q.unbounded && frame.risky) return true;
      const parent = stack[stack.length - 1] as Frame;
      if (frame.risky || q.unbounded) parent.risky = true;
    } else if (c === '|') {
      top.risky = true;
      i += 1;
    } else {
      i += 1;
      const q = quantifierAt(source, i);
      if (q.unbounded) top.risky = true;
      i += q.length;
    }
  }
  return false;
}
