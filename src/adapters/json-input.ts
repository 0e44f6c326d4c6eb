// JSON a hook reads from a gateway: parsed as JSON.parse does, and refused when one object
// holds a key twice. JSON.parse keeps the last value; a gateway whose parser keeps the first
// (cJSON does) would run what Toolwarden never saw (`{"command":"curl …","command":"ls"}`).

export type JsonInput = { ok: true; value: unknown } | { ok: false; problem: 'syntax' | 'duplicate'; key?: string };

export function parseJsonInput(text: string): JsonInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'syntax' };
  }
  const key = duplicateKey(text);
  return key === undefined ? { ok: true, value } : { ok: false, problem: 'duplicate', key };
}

/**
 * The first key one object of a valid JSON text holds twice (compared as decoded: `"a"` and
 * `"\u0061"` are one key), or undefined. One pass: strings are skipped whole, so brackets
 * inside them count for nothing.
 */
export function duplicateKey(text: string): string | undefined {
  // The keys of each open object, innermost last; null for an open array.
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let end = i + 1;
      while (text.charCodeAt(end) !== 0x22) end += text.charCodeAt(end) === 0x5c /* \ */ ? 2 : 1;
      const keys = open[open.length - 1];
      if (expectKey && keys) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (keys.has(key)) return key;
        keys.add(key);
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b /* { */) {
      open.push(new Set());
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      open.push(null);
      expectKey = false;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      open.pop();
      expectKey = false;
    } else if (c === 0x2c /* , */) {
      expectKey = open[open.length - 1] != null;
    }
  }
  return undefined;
}

/** The one-line message for a refused input. */
export function jsonInputMessage(what: string, input: Exclude<JsonInput, { ok: true }>): string {
  return input.problem === 'syntax' ? `${what} is not valid JSON` : `${what} holds the key \`${input.key}\` twice in one object: which value a tool reads is not known`;
}
