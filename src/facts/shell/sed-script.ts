// A sed script read the way GNU sed (4.9) compiles it: every command, its addresses, and
// where its text, label, file name or `s` parts end. Only what GNU sed accepts is read; any
// other script is refused, so a command this reading misses cannot run either. What comes
// out is what matters to policy: whether a command runs (`e`, the `e` flag of `s`) and the
// files the script opens (`r`, `R`, `w`, `W`, the `w` flag of `s`). Checked against the real
// sed (test/facts/sed-scripts-vs-gnu-sed.test.ts).

export type SedReading =
  | { ok: true; runs: boolean; files: { path: string; write: boolean }[] }
  | { ok: false; reason: string };

/** Thrown inside the reader: a script GNU sed would refuse, or one this reading does not follow. */
class Refused extends Error {}

const BLANK = (c: string | undefined): boolean => c === ' ' || c === '\t';
// What GNU sed skips between commands (isspace, and `;`).
const BETWEEN_COMMANDS = (c: string | undefined): boolean => c === ';' || c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f';
const DIGIT = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
// Labels (`:a`, `b a`) and `v`'s version: GNU 4.9 ends them at a blank or `;`, older seds at
// the end of the line; names of these characters read the same in every one.
const LABEL = /^[A-Za-z0-9_.-]+/;
const NO_ARGUMENT = '=dDFgGhHnNpPxz';
const FLAGS = 'iImMepg';

/** Reads `script` (every -e joined by newlines, as GNU sed joins them). */
export function readSedScript(script: string): SedReading {
  const files: { path: string; write: boolean }[] = [];
  let runs = false;
  let i = 0;
  let depth = 0;

  const refuse = (why: string): never => {
    throw new Refused(`${why} at character ${i + 1}`);
  };
  const skipBlanks = (): void => {
    while (BLANK(script[i])) i++;
  };
  const integer = (): void => {
    if (!DIGIT(script[i])) refuse('a number is expected');
    while (DIGIT(script[i])) i++;
  };
  // After a command: blanks, then the end, a newline, `;`, or a `}` or `#` read next.
  const endOfCommand = (): void => {
    skipBlanks();
    const c = script[i];
    if (c === undefined || c === '}' || c === '#') return;
    if (c === '\n' || c === ';') i++;
    else refuse('extra characters after a command');
  };
  // To the end of the line: a file name of `r`, `w` and the `w` flag (no escapes in it).
  const toEndOfLine = (): string => {
    skipBlanks();
    const end = script.indexOf('\n', i);
    const text = script.slice(i, end < 0 ? script.length : end);
    i = end < 0 ? script.length : end + 1;
    return text;
  };
  // The text of `a`, `i`, `c`: to a newline no backslash escapes.
  const text = (): void => {
    while (i < script.length && script[i] !== '\n') i += script[i] === '\\' ? 2 : 1;
    i++;
  };
  // One part of `s`, `y` or an address, up to its delimiter (consumed). In a regular
  // expression a bracket is one item: one that holds the delimiter, a backslash or a newline,
  // or does not close, is refused (sed versions end such parts in different places).
  const part = (delimiter: string, regex: boolean): void => {
    for (;;) {
      const c = script[i];
      if (c === undefined || c === '\n') refuse('an unterminated `s`, `y` or address');
      if (c === delimiter) {
        i++;
        return;
      }
      if (c === '\\') {
        if (i + 1 >= script.length) refuse('a backslash at the end');
        i += 2;
      } else if (c === '[' && regex) {
        const close = bracketClose(script, i);
        const inside = close < 0 ? '' : script.slice(i + 1, close);
        if (close < 0 || inside.includes(delimiter) || inside.includes('\\') || inside.includes('\n')) refuse('a bracket expression not read here');
        i = close + 1;
      } else i++;
    }
  };
  const delimiter = (): string => {
    const d = script[i];
    if (d === undefined || d === '\n' || d === '\\' || d === '[' || d < ' ' || d > '~') refuse('a delimiter not read here');
    i++;
    return d!;
  };
  const regexAddress = (d: string): void => {
    part(d, true);
    for (;;) {
      skipBlanks();
      if (script[i] === 'I' || script[i] === 'M') i++;
      else return;
    }
  };
  /** An address at i, if one starts there. */
  const address = (second: boolean): boolean => {
    const c = script[i];
    if (c === '/') {
      i++;
      regexAddress('/');
    } else if (c === '\\') {
      i++;
      regexAddress(delimiter());
    } else if (DIGIT(c)) {
      integer();
      skipBlanks();
      if (script[i] === '~') {
        i++;
        skipBlanks();
        integer();
      }
    } else if (second && (c === '+' || c === '~')) {
      i++;
      skipBlanks();
      integer();
    } else if (c === '$') i++;
    else return false;
    return true;
  };
  const label = (required: boolean): void => {
    skipBlanks();
    const m = LABEL.exec(script.slice(i, i + 256));
    if (m !== null) i += m[0].length;
    else if (required) refuse('a label not read here');
    // The label ends at the end, a blank, a newline or `;` (consumed), nothing else.
    const c = script[i];
    if (c === undefined) return;
    if (BLANK(c) || c === '\n' || c === ';') i++;
    else refuse('a label not read here');
  };

  try {
    if (script.includes('\r') || script.includes('\0')) refuse('a carriage return or NUL');
    for (;;) {
      while (BETWEEN_COMMANDS(script[i])) i++;
      if (i >= script.length) break;
      let addressed = false;
      if (address(false)) {
        addressed = true;
        skipBlanks();
        if (script[i] === ',') {
          i++;
          skipBlanks();
          if (!address(true)) refuse('a second address is expected');
        }
        skipBlanks();
      }
      let bang = false;
      if (script[i] === '!') {
        bang = true;
        i++;
        skipBlanks();
        if (script[i] === '!') refuse('multiple `!`');
      }
      const command = script[i++];
      if (command === undefined) refuse('a command is missing');
      if (NO_ARGUMENT.includes(command!)) endOfCommand();
      else if (command === '#') {
        if (addressed || bang) refuse('a comment after an address');
        toEndOfLine(); // no escapes: a backslash before the newline does not continue a comment
      } else if (command === '{') depth++;
      else if (command === '}') {
        if (addressed || bang || depth === 0) refuse('an unexpected `}`');
        depth--;
        endOfCommand();
      } else if (command === ':') {
        if (addressed || bang) refuse('a label after an address');
        label(true);
      } else if (command === 'b' || command === 't' || command === 'T') label(false);
      else if (command === 'v') label(false);
      else if (command === 'l' || command === 'L' || command === 'q' || command === 'Q') {
        skipBlanks();
        if (DIGIT(script[i])) integer();
        endOfCommand();
      } else if (command === 'a' || command === 'i' || command === 'c') {
        skipBlanks();
        if (i >= script.length) refuse('`a`, `i` or `c` without text');
        if (script[i] === '\\') {
          i++;
          if (script[i] === '\n') i++;
        }
        text();
      } else if (command === 'e') {
        runs = true;
        text();
      } else if (command === 'r' || command === 'R' || command === 'w' || command === 'W') {
        const path = toEndOfLine();
        if (path === '') refuse('a missing file name');
        files.push({ path, write: command === 'w' || command === 'W' });
      } else if (command === 's') {
        const d = delimiter();
        part(d, true);
        part(d, false);
        flags();
      } else if (command === 'y') {
        const d = delimiter();
        part(d, false);
        part(d, false);
        endOfCommand();
      } else refuse(`an unknown command \`${command}\``);
    }
    if (depth !== 0) refuse('an unmatched `{`');
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    throw error;
  }
  return { ok: true, runs, files };

  // The flags of `s`: blanks between them, `w` last (its file runs to the end of the line).
  function flags(): void {
    for (;;) {
      const c = script[i];
      if (c === undefined) return;
      if (BLANK(c) || FLAGS.includes(c)) {
        if (c === 'e') runs = true;
        i++;
      } else if (DIGIT(c)) i++;
      else if (c === 'w') {
        i++;
        const path = toEndOfLine();
        if (path === '') refuse('a missing file name');
        files.push({ path, write: true });
        return;
      } else if (c === '}' || c === '#') return;
      else if (c === '\n' || c === ';') {
        i++;
        return;
      } else refuse(`an unknown flag \`${c}\` of \`s\``);
    }
  }
}

/** Where the bracket expression opening at `at` closes (POSIX: a `]` first is a character; `[:…:]`, `[=…=]`, `[.….]` inside), or -1. */
function bracketClose(text: string, at: number): number {
  let i = at + 1;
  if (text[i] === '^') i++;
  if (text[i] === ']') i++;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '[' && ':=.'.includes(text[i + 1] ?? '')) {
      const close = text.indexOf(`${text[i + 1]}]`, i + 2);
      if (close < 0) return -1;
      i = close + 1;
    } else if (c === ']') return i;
  }
  return -1;
}
