// A fast reader for the plainest commands agents run (`git status && git diff`,
// `cat src/a.ts | grep x`, `npm test 2>&1`), which builds the very tree parser.ts's
// converter builds from mvdan-sh, in about a microsecond instead of a few hundred.
//
// It reads a deliberately small subset of bash and answers undefined for anything else,
// which then goes to the real parser. Its tree is tested equal to the converter's on
// random commands of the subset and near it (test/facts/plain-parser.property.test.ts).
//
// The subset, and what stays the real parser's: docs/decisions/shell-parser.md. In short:
// plain words (letters, digits, `_ . / : @ % + , = - * ? ~`), `$NAME` and `${NAME}`, '...'
// and "..." without backquotes or escaping backslashes (`"a\(b"` keeps its backslash and is
// read here; `"a\"b"` is not), `NAME=value` prefixes, `|`, `&&`, `||`, `;`
// and newlines, the redirections `>`, `>>`, `<` and `N>&M`, and `# comments` after a
// statement or on lines of their own (red team 23: a `#` sent a command to the real parser,
// ~0.5 ms a comment line). Any other character, keyword,
// expansion or construct, and every syntax error, goes to mvdan-sh.
import type { Assign, Command, Redirect, Stmt, Word, WordPart } from './ast.js';

/** Words that mean something else at the start of a command (keywords, declaration builtins). */
const SPECIAL_FIRST_WORDS = new Set([
  'if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'case', 'esac', 'while', 'until', 'for', 'in', 'select',
  'function', 'time', 'coproc', 'declare', 'local', 'export', 'readonly', 'typeset', 'nameref', 'let',
]);

const SPACE = 0x20, NEWLINE = 0x0a, HASH = 0x23, BACKSLASH = 0x5c, DOLLAR = 0x24, SQUOTE = 0x27, DQUOTE = 0x22, PIPE = 0x7c, AMP = 0x26, SEMI = 0x3b, GT = 0x3e, LT = 0x3c;

/** A character of an unquoted word in the subset. */
function isWordChar(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) || // a-z
    (c >= 0x41 && c <= 0x5a) || // A-Z
    (c >= 0x30 && c <= 0x39) || // 0-9
    c === 0x5f /* _ */ || c === 0x2e /* . */ || c === 0x2f /* / */ || c === 0x3a /* : */ || c === 0x40 /* @ */ ||
    c === 0x25 /* % */ || c === 0x2b /* + */ || c === 0x2c /* , */ || c === 0x3d /* = */ || c === 0x2d /* - */ ||
    c === 0x2a /* * */ || c === 0x3f /* ? */ || c === 0x7e /* ~ (a literal to mvdan-sh too; the walk expands it) */
  );
}

/** Printable ASCII allowed between quotes (the closing quote and `$` in "..." are the caller's). */
function isQuotedChar(c: number, double: boolean): boolean {
  if (c < 0x20 || c > 0x7e) return false;
  // Inside "...", backquote and backslash keep a meaning; `!` is left to the real parser too.
  return !double || (c !== 0x60 && c !== 0x5c && c !== 0x21);
}

/** Whether a backslash before `c` inside "..." is kept as a character: before any printable but `$`, a backquote, `"`, `\` and `!`. */
function keepsBackslash(c: number): boolean {
  return isQuotedChar(c, true) && c !== DQUOTE && c !== DOLLAR;
}

function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || isDigit(c);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Thrown inside the reader when the input leaves the subset; never escapes parsePlain. */
const NOT_PLAIN = new Error('not plain');

class Reader {
  i = 0;
  constructor(readonly s: string) {}

  peek(offset = 0): number {
    return this.i + offset < this.s.length ? this.s.charCodeAt(this.i + offset) : -1;
  }

  skipSpaces(): void {
    while (this.peek() === SPACE) this.i++;
  }

  /** Spaces, newlines and comments: what may stand between statements. */
  skipBlankLines(): void {
    for (let c = this.peek(); c === SPACE || c === NEWLINE || c === HASH; c = this.peek()) {
      if (c === HASH) this.skipComment();
      else this.i++;
    }
  }

  /**
   * A comment at the cursor, up to its newline: bash starts one at a `#` that begins a word
   * (here: at the start, or after a space, a newline or `;`). One that ends in a backslash
   * is the real parser's (which refuses it: parser.ts misreadComment).
   */
  skipComment(): void {
    if (this.peek() !== HASH) return;
    const before = this.i === 0 ? NEWLINE : this.s.charCodeAt(this.i - 1);
    if (before !== SPACE && before !== NEWLINE && before !== SEMI) throw NOT_PLAIN;
    let end = this.s.indexOf('\n', this.i);
    if (end < 0) end = this.s.length;
    if (this.s.charCodeAt(end - 1) === BACKSLASH) throw NOT_PLAIN;
    this.i = end;
  }

  /** A word at the cursor, or undefined when none starts here. */
  word(): Word | undefined {
    const parts: WordPart[] = [];
    for (;;) {
      const c = this.peek();
      if (isWordChar(c)) {
        const start = this.i;
        while (isWordChar(this.peek())) this.i++;
        parts.push({ kind: 'literal', value: this.s.slice(start, this.i), quoted: false });
      } else if (c === DOLLAR) parts.push(this.parameter());
      else if (c === SQUOTE) {
        const start = ++this.i;
        while (this.peek() !== SQUOTE) {
          if (!isQuotedChar(this.peek(), false)) throw NOT_PLAIN; // also an unterminated quote
          this.i++;
        }
        parts.push({ kind: 'literal', value: this.s.slice(start, this.i), quoted: true });
        this.i++;
      } else if (c === DQUOTE) this.doubleQuoted(parts);
      else break;
    }
    return parts.length > 0 ? { parts } : undefined;
  }

  /** `"..."`: quoted literal runs, and `$NAME` / `${NAME}` between them; `""` is one empty literal. */
  doubleQuoted(parts: WordPart[]): void {
    const first = parts.length;
    let start = ++this.i;
    for (;;) {
      const c = this.peek();
      if (c === DQUOTE || c === DOLLAR) {
        if (this.i > start) parts.push({ kind: 'literal', value: this.s.slice(start, this.i), quoted: true });
        if (c === DQUOTE) break;
        parts.push(this.parameter(true));
        start = this.i;
        continue;
      }
      // A backslash before a character it does not escape there stays, as written (`"a\(b\)"`,
      // `"\w+"`: regular expressions); one that escapes (`\"`, `\\`, `\$`, a backquote, a newline) is the real parser's.
      if (c === BACKSLASH && keepsBackslash(this.peek(1))) {
        this.i += 2;
        continue;
      }
      if (!isQuotedChar(c, true)) throw NOT_PLAIN; // also an unterminated quote
      this.i++;
    }
    this.i++;
    if (parts.length === first) parts.push({ kind: 'literal', value: '', quoted: true });
  }

  /** `$NAME` or `${NAME}`, an expansion whose value is unknown; any other `$` is not plain. `quoted`: inside "…". */
  parameter(quoted = false): WordPart {
    const start = this.i++;
    const braced = this.peek() === 0x7b; /* { */
    if (braced) this.i++;
    if (!isNameStart(this.peek())) throw NOT_PLAIN; // `$1`, `$@`, `${#x}`, a lone `$`
    while (isNameChar(this.peek())) this.i++;
    if (braced) {
      if (this.peek() !== 0x7d /* } */) throw NOT_PLAIN; // `${x:-y}` and other operators
      this.i++;
    }
    const source = this.s.slice(start, this.i);
    return quoted ? { kind: 'expansion', source, nested: [], quoted: true } : { kind: 'expansion', source, nested: [] };
  }

  /** A redirection at the cursor (after its fd digits, if any), or undefined. */
  redirect(): Redirect | undefined {
    const c = this.peek();
    if (c !== GT && c !== LT) return undefined;
    let op: string;
    if (c === LT) {
      const next = this.peek(1);
      if (next === LT || next === GT || next === AMP || next === 0x28 /* ( */) throw NOT_PLAIN;
      op = '<';
      this.i++;
    } else if (this.peek(1) === GT) {
      op = '>>';
      this.i += 2;
    } else if (this.peek(1) === AMP) {
      // Only `>&N`, a duplicated descriptor: `>&file` and `>&-` are the real parser's.
      this.i += 2;
      const start = this.i;
      while (isDigit(this.peek())) this.i++;
      if (this.i === start) throw NOT_PLAIN;
      const value = this.s.slice(start, this.i);
      this.endOfTarget();
      return { op: '>&', word: { parts: [{ kind: 'literal', value, quoted: false }] } };
    } else {
      op = '>';
      this.i++;
    }
    const after = this.peek();
    if (after === GT || after === LT || after === AMP || after === PIPE || after === 0x28 /* ( */) throw NOT_PLAIN;
    this.skipSpaces();
    const word = this.word();
    if (!word) throw NOT_PLAIN;
    this.endOfTarget();
    return { op, word };
  }

  /** A redirection's target ends at a space, `|`, `&`, `;` or the end (`<2>a` is the real parser's). */
  endOfTarget(): void {
    const c = this.peek();
    if (c !== -1 && c !== SPACE && c !== NEWLINE && c !== PIPE && c !== AMP && c !== SEMI) throw NOT_PLAIN;
  }

  /** A simple command: words and redirections, at least one word, the first word plain. */
  simple(): Stmt {
    const assigns: Assign[] = [];
    const args: Word[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      this.skipSpaces();
      // Digits right before `<` or `>` are the redirection's descriptor, not a word.
      let j = this.i;
      while (isDigit(this.s.charCodeAt(j))) j++;
      const atRedirect = this.s.charCodeAt(j) === GT || this.s.charCodeAt(j) === LT;
      if (atRedirect) {
        if (args.length === 0) throw NOT_PLAIN; // a redirection before the command name
        const fd = this.s.slice(this.i, j);
        this.i = j;
        const redirect = this.redirect()!;
        // The descriptor of an input redirection, kept as the converter keeps it (`2<a` is not
        // standard input: a stdin script's reader still reads the script).
        if (fd !== '' && redirect.op.startsWith('<')) redirect.fd = fd;
        redirects.push(redirect);
        continue;
      }
      const word = this.word();
      if (!word) break;
      if (args.length === 0) {
        const assign = assignmentOf(word);
        if (assign) assigns.push(assign);
        else {
          checkFirstWord(word);
          args.push(word);
        }
      } else args.push(word);
      // A word must end at a space, an operator or the end (`a(b`, `a{` are not plain).
      const c = this.peek();
      if (c !== -1 && c !== SPACE && c !== NEWLINE && c !== PIPE && c !== AMP && c !== SEMI && c !== GT && c !== LT) throw NOT_PLAIN;
      // `''1<a`: mvdan-sh reads trailing digits as the descriptor, bash as part of the word.
      if ((c === GT || c === LT) && endsInDigits(word)) throw NOT_PLAIN;
    }
    if (args.length === 0) throw NOT_PLAIN;
    const command: Command = { kind: 'call', assigns, args };
    return { command, redirects };
  }

  /** `a | b | c`: nested to the left, as mvdan-sh nests them. */
  pipeline(): Stmt {
    const items = [this.simple()];
    for (;;) {
      this.skipSpaces();
      if (this.peek() !== PIPE || this.peek(1) === PIPE) return nestLeft(items);
      if (this.peek(1) === AMP) throw NOT_PLAIN; // `|&`
      this.i++;
      items.push(this.simple());
    }
  }

  /** `a && b || c`: nested to the left, as mvdan-sh nests them. */
  andOr(): Stmt {
    const items = [this.pipeline()];
    const ands: boolean[] = [];
    for (;;) {
      this.skipSpaces();
      const c = this.peek();
      if ((c === AMP && this.peek(1) === AMP) || (c === PIPE && this.peek(1) === PIPE)) {
        ands.push(c === AMP);
        this.i += 2;
        items.push(this.pipeline());
        continue;
      }
      if (c === AMP) throw NOT_PLAIN; // `&` runs in the background: the real parser's
      return nestLeft(items, ands);
    }
  }

  /** `a; b; c;` or one statement a line: the statement list. */
  list(): Stmt[] {
    const stmts: Stmt[] = [];
    this.skipBlankLines();
    for (;;) {
      stmts.push(this.andOr());
      this.skipSpaces();
      this.skipComment();
      const c = this.peek();
      if (c === -1) return stmts;
      if (c !== SEMI && c !== NEWLINE) throw NOT_PLAIN;
      this.i++;
      // After a separator only blank lines (a second `;` is the real parser's: `;;`, `\n;`).
      this.skipBlankLines();
      if (this.peek() === -1) return stmts;
    }
  }
}

/**
 * `[a, b, c]` as `(a op b) op c`: a loop, not recursion, so a long chain cannot overflow the
 * stack. `ands[k]`: the operator before `items[k + 1]` is `&&` (absent: a pipe).
 */
function nestLeft(items: Stmt[], ands: readonly boolean[] = []): Stmt {
  let out = items[0]!;
  for (let k = 1; k < items.length; k++) {
    const and = ands[k - 1];
    const body = [out, items[k]!];
    const command: Command = and === true ? { kind: 'compound', body, words: [], nested: [], and: true } : and === false ? { kind: 'compound', body, words: [], nested: [] } : { kind: 'compound', body, words: [], nested: [], pipe: true };
    out = { command, redirects: [] };
  }
  return out;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** `NAME=value` before the command name, as the converter reads it; undefined for any other word. */
function assignmentOf(word: Word): Assign | undefined {
  const [first, ...rest] = word.parts;
  if (first!.kind !== 'literal' || first!.quoted) return undefined;
  const m = ASSIGNMENT.exec(first!.value);
  if (!m) return undefined;
  const name = m[0].slice(0, -1);
  const head = first!.value.slice(m[0].length);
  const parts: WordPart[] = head === '' ? rest : [{ kind: 'literal', value: head, quoted: false }, ...rest];
  return parts.length === 0 ? { name } : { name, value: { parts } };
}

/** Whether a word's last part is unquoted digits (`''1`). */
function endsInDigits(word: Word): boolean {
  const last = word.parts[word.parts.length - 1]!;
  if (last.kind !== 'literal' || last.quoted) return false;
  for (let k = 0; k < last.value.length; k++) if (!isDigit(last.value.charCodeAt(k))) return false;
  return true;
}

/** A keyword, a declaration builtin or an assignment at the start of a command is not plain. */
function checkFirstWord(word: Word): void {
  for (const part of word.parts) if (part.kind === 'literal' && part.value.includes('=')) throw NOT_PLAIN;
  const [first] = word.parts;
  if (word.parts.length === 1 && first!.kind === 'literal' && !first!.quoted && SPECIAL_FIRST_WORDS.has(first!.value)) throw NOT_PLAIN;
}

/**
 * The statements of `source` when it is plain (see above), built exactly as the converter
 * builds them from mvdan-sh; undefined for anything else, which the real parser then reads.
 */
export function parsePlain(source: string): Stmt[] | undefined {
  try {
    return new Reader(source).list();
  } catch (error) {
    if (error === NOT_PLAIN) return undefined;
    throw error;
  }
}
