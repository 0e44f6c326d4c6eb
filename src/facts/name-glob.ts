// Tool, agent and channel name globs. Names are not paths: `*` matches any run of characters,
// `/` and dots included, so a namespaced tool (`github/create_issue`) or a name like `..`
// cannot slip past `match.tools: ["*"]`, `tools.deny` or a rate limit's `tools` the way it
// would under picomatch's path semantics (where `*` stops at `/` and never matches `.`/`..`).
// Syntax: `*` (and `**`) any run, `?` any one character, `[abc]`/`[a-z]`/`[!x]`/`[^x]` one
// character of (not of) a set, `{a,b}` alternatives (nested too), `\x` a literal `x`;
// everything else, an unclosed `[` or a brace without a comma among them, is literal.
import { RememberedFirst } from './glob-test.js';
import { bracketEnd } from './path-glob.js';

/** Memory bounds: most answers a name glob list remembers before starting over; longest name remembered. */
const MAX_REMEMBERED_NAMES = 4096;
const MAX_NAME_LENGTH = 256;

/** Whether `glob` matches the whole of `name`. Throws on a glob whose regex does not compile (a range `[z-a]`), as picomatch does. */
export function nameGlobTest(glob: string): (name: string) => boolean {
  const re = new RegExp(`^(?:${nameGlobSource(glob)})$`);
  // As picomatch: an empty name matches nothing, and a glob always matches its own text.
  return (name) => name !== '' && (name === glob || re.test(name));
}

/** The regex source of a name glob. */
function nameGlobSource(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '\\' && i + 1 < glob.length) out += literal(glob[++i]!);
    else if (c === '*') {
      while (glob[i + 1] === '*') i++;
      out += '[\\s\\S]*';
    } else if (c === '?') out += '[\\s\\S]';
    else if (c === '[' && bracketEnd(glob, i) > 0) {
      const close = bracketEnd(glob, i);
      out += bracketSource(glob.slice(i + 1, close));
      i = close;
    } else if (c === '{' && braceParts(glob, i) !== undefined) {
      const { parts, close } = braceParts(glob, i)!;
      out += `(?:${parts.map(nameGlobSource).join('|')})`;
      i = close;
    } else out += literal(c);
  }
  return out;
}

/** The comma-separated parts of the `{…}` opening at `open` and its closing index, or undefined when it holds no comma at its level (then it is literal). */
function braceParts(glob: string, open: number): { parts: string[]; close: number } | undefined {
  const parts: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(glob.slice(start, i));
      start = i + 1;
    } else if (c === '}') {
      if (parts.length === 0) return undefined;
      parts.push(glob.slice(start, i));
      return { parts, close: i };
    }
  }
  return undefined;
}

/** A regex character class for a bracket expression's inside: members, `a-z` ranges, `\x` escapes. */
function bracketSource(inside: string): string {
  const negated = inside[0] === '!' || inside[0] === '^';
  // Members with whether each was escaped: an unescaped `-` between two members makes a range.
  const members: Array<{ c: string; escaped: boolean }> = [];
  for (let i = negated ? 1 : 0; i < inside.length; i++) {
    const escaped = inside[i] === '\\' && i + 1 < inside.length;
    members.push({ c: escaped ? inside[++i]! : inside[i]!, escaped });
  }
  let out = negated ? '[^' : '[';
  members.forEach(({ c, escaped }, i) => {
    const range = c === '-' && !escaped && i > 0 && i < members.length - 1;
    out += range ? '-' : classMember(c);
  });
  return out + ']';
}

function literal(c: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(c) ? '\\' + c : c;
}

function classMember(c: string): string {
  return /[\\\]^[-]/.test(c) ? '\\' + c : c;
}

/** A compiled list of name globs, case-sensitive, answers remembered by the list (which the compiled set owns). */
export function nameGlobList(globs: readonly string[] | undefined): { globs: readonly string[]; first(value: string): number } {
  return new NameGlobList(globs ?? []);
}

class NameGlobList extends RememberedFirst {
  constructor(readonly globs: readonly string[]) {
    super(globs.map(nameGlobTest), MAX_REMEMBERED_NAMES, MAX_NAME_LENGTH);
  }
}
