// What a word says before anything runs: its text after quote removal, and whether that
// text is certain (literal) or depends on expansions.
import type { Stmt, Word, WordPart } from './ast.js';

export interface WordValue {
  /** The word it was read from, to expand variables this script sets (`f=.env; cat $f`). */
  word?: Word;
  /** Quotes removed; expansions and substitutions kept as written (`$(whoami)`). */
  text: string;
  /** True when no part depends on the environment or on running a command. */
  literal: boolean;
  /** Unquoted glob or brace characters: the shell may turn this word into other words. */
  pattern: boolean;
  /**
   * The word is a wildcard the shell expands itself, and nothing else: every part literal, every
   * `*`, `?`, `[`, `]` unquoted, no `(` (an extglob, a zsh qualifier or flag) and only plain
   * characters (no blank, backslash, brace or comma). Then a segment starting with `*` or `?`
   * names no dot file (path-glob.ts, the dot rule), unless the line turns dotglob on. (An
   * escaped `\*` reads as unquoted here, the parser keeping no mark: a literal `*` or `?`
   * starting a segment starts no dot file either.)
   */
  shellGlob?: true;
}

// Unquoted *, ?, [ are globs; {a,b} and {1..3} are brace expansions.
const globChars = /[*?[]/;
const braceExpansion = /\{[^{}]*(,|\.\.)[^{}]*\}/;

// The characters a shellGlob word may hold.
const PLAIN_GLOB_WORD = /^[A-Za-z0-9._+\-/*?[\]!^~@%:=#]+$/;
const GLOB_OR_BRACKET = /[*?[\]]/;

/** Whether a text holds only the characters a shellGlob word may hold (no blank, backslash, brace, comma, parenthesis, quote or `$`). */
export function isPlainGlobText(text: string): boolean {
  return PLAIN_GLOB_WORD.test(text);
}

export function wordValue(word: Word): WordValue {
  let text = '';
  let literal = true;
  let unquoted = '';
  // A glob character inside quotes (`'*'.ts`; an escape too where brace reading kept it apart): not the shell's own wildcard.
  let quotedGlob = false;
  word.parts.forEach((part, index) => {
    if (part.kind === 'literal') {
      text += part.value;
      if (!part.quoted) unquoted += part.value;
      else if (GLOB_OR_BRACKET.test(part.value)) quotedGlob = true;
      return;
    }
    // A leading $HOME is the home directory: say `~`, which path checks expand, and
    // count it as literal (HOME changes `~` just the same).
    if (index === 0 && (part.source === '$HOME' || part.source === '${HOME}')) {
      text += '~';
      return;
    }
    literal = false;
    text += part.source;
  });
  // (A brace expansion holds a `{`: the regular expression runs only on words that do.)
  const pattern = globChars.test(unquoted) || (unquoted.includes('{') && braceExpansion.test(unquoted));
  const value: WordValue = { text, literal, pattern, word };
  // Only words of literal parts alone: a `$HOME` read as `~` above is an expansion too.
  if (pattern && literal && !quotedGlob && word.parts.every((p) => p.kind === 'literal') && isPlainGlobText(text)) value.shellGlob = true;
  return value;
}

/** Command lists hidden in a word: substitutions, and substitutions inside expansions. */
export function nestedLists(word: Word): Stmt[][] {
  const lists: Stmt[][] = [];
  for (const part of word.parts) {
    if (part.kind === 'substitution') lists.push(part.body);
    else if (part.kind === 'expansion') lists.push(...part.nested);
  }
  return lists;
}

/** `/usr/bin/rm` is `rm`. */
export function baseName(commandWord: string): string {
  const slash = commandWord.lastIndexOf('/');
  return slash === -1 ? commandWord : commandWord.slice(slash + 1);
}

/**
 * Bash brace expansion of an argument (`{.e,x}nv` is `.env xnv`, `f{1..3}` is `f1 f2 f3`),
 * or undefined when it would make more than `max` words. Read as bash reads a word: the first
 * `{` opens a brace (not one that starts the text with a `}` right after it: `{}`), and only a
 * `}` after a comma or a `..` at its level closes it (`{x},-exec}` is `x}` and `-exec`); a brace
 * holding a comma at any depth is split at its own commas and loses its braces
 * (`{/x{,}}` is `/x /x`); one holding none is a sequence or stays as written. Quotes are
 * already removed here (braceWords keeps quoted text apart): a quoted brace expands too,
 * which checks more words than run, never fewer. Tested against bash itself.
 */
export function expandBraces(text: string, max: number): string[] | undefined {
  const out: string[] = [];
  // Each level rescans its text: a budget of characters read keeps `{a,b}` x 3000 linear.
  return expandInto(text, '', out, max, { chars: 1_000_000 }) ? out : undefined;
}

/** Adds `prefix` + each word of `text` to `out`; false past `max` words or the budget. */
function expandInto(text: string, prefix: string, out: string[], max: number, budget: { chars: number }): boolean {
  budget.chars -= text.length + prefix.length;
  if (budget.chars < 0) return false;
  let open = text.indexOf('{');
  if (open === 0 && text[1] === '}') open = text.indexOf('{', 1);
  if (open === -1) {
    if (out.length >= max) return false;
    out.push(prefix + text);
    return true;
  }
  const before = prefix + text.slice(0, open);
  const close = closingBrace(text, open);
  // Never closed: the `{` is text, and braces after it may still expand (`{{a,b}` is `{a {b`).
  if (close === -1) return expandInto(text.slice(open + 1), before + '{', out, max, budget);
  const body = text.slice(open + 1, close);
  const after = text.slice(close + 1);
  let alternatives: string[];
  if (body.includes(',')) alternatives = topLevelAlternatives(body);
  else {
    const sequence = braceSequence(body, max);
    if (sequence === 'too-many') return false;
    // `{x..y..z}`: no sequence, so the braces stay and what follows may still expand.
    if (sequence === undefined) return expandInto(after, `${before}{${body}}`, out, max, budget);
    for (const word of sequence) if (!expandInto(after, before + word, out, max, budget)) return false;
    return true;
  }
  for (const alternative of alternatives) {
    // An alternative may hold braces of its own; what follows the brace expands after it.
    const heads: string[] = [];
    if (!expandInto(alternative, '', heads, max, budget)) return false;
    for (const head of heads) if (!expandInto(after, before + head, out, max, budget)) return false;
  }
  return true;
}

/** Where the brace opened at `open` closes (bash's rule: a `}` at its level after a `,` or `..`), or -1. */
function closingBrace(text: string, open: number): number {
  let level = 0;
  let separated = false;
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '}' && level === 0 && separated) return i;
    if (c === '{') level++;
    else if (c === '}') {
      if (level > 0) level--;
    } else if (level === 0 && (c === ',' || (c === '.' && text[i + 1] === '.' && text[i + 2] !== '}'))) separated = true;
  }
  return -1;
}

/** A brace's text split at the commas of its own level. */
function topLevelAlternatives(body: string): string[] {
  const alternatives: string[] = [];
  let level = 0;
  let from = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '{') level++;
    else if (c === '}' && level > 0) level--;
    else if (c === ',' && level === 0) {
      alternatives.push(body.slice(from, i));
      from = i + 1;
    }
  }
  alternatives.push(body.slice(from));
  return alternatives;
}

/** Most words one brace expansion may make before the command counts as unverifiable. */
export const MAX_BRACE_WORDS = 256;

// Brace expansion of a word as its pieces stand in the source: each piece that is not plain
// unquoted text (a quoted string, an escaped character, an expansion) stands for one private-use
// character while expandBraces runs, so it can neither open, close nor split a brace.
const ATOM_FIRST = 0xe000;
const ATOM_LAST = 0xf8ff;

/**
 * The words bash's brace expansion makes of one word, before anything reads them (`find .
 * {-exec,} sh \;` runs find with `-exec`; `a{b,c}` is two words; a word the expansion leaves
 * empty is dropped, as bash drops it). `pieces` are the word's parts in order: a string is the
 * raw text of an unquoted literal (backslashes not yet removed), the rest are converted parts.
 * Undefined when the expansion makes more than `max` words, or the text holds a private-use
 * character (U+E000–U+F8FF), which this reading uses itself.
 */
export function braceWords(pieces: readonly (string | readonly WordPart[])[], max: number): Word[] | undefined {
  const plain = (): Word => ({ parts: pieces.flatMap((p): WordPart[] => (typeof p === 'string' ? [{ kind: 'literal', value: unescapeUnquoted(p), quoted: false }] : [...p])) });
  if (!pieces.some((p) => typeof p === 'string' && p.includes('{'))) return [plain()];
  const atoms: WordPart[] = [];
  let encoded = '';
  const atom = (part: WordPart): boolean => {
    if (ATOM_FIRST + atoms.length > ATOM_LAST) return false;
    encoded += String.fromCharCode(ATOM_FIRST + atoms.length);
    atoms.push(part);
    return true;
  };
  for (const piece of pieces) {
    if (typeof piece !== 'string') {
      for (const part of piece) if (!atom(part)) return undefined;
      continue;
    }
    for (let i = 0; i < piece.length; i++) {
      const c = piece.charCodeAt(i);
      if (c === 0x5c /* \ */ && i + 1 < piece.length) {
        const next = piece[++i]!;
        // backslash-newline is a line continuation: nothing at all
        if (next !== '\n' && !atom({ kind: 'literal', value: next, quoted: true })) return undefined;
      } else if (c === 0x5c) {
        // a backslash that ends the input stays (parser.ts): text, unlike one a sequence makes (below)
        if (!atom({ kind: 'literal', value: '\\', quoted: false })) return undefined;
      } else if (c >= ATOM_FIRST && c <= ATOM_LAST) return undefined;
      else encoded += piece[i];
    }
  }
  const texts = expandBraces(encoded, max);
  if (texts === undefined) return undefined;
  if (atoms.length === 0 && texts.length === 1 && texts[0] === encoded) return [plain()];
  const words: Word[] = [];
  for (const text of texts) {
    const parts: WordPart[] = [];
    let run = '';
    const endRun = (): void => {
      if (run !== '') parts.push({ kind: 'literal', value: run, quoted: false });
      run = '';
    };
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x5c /* \ */) {
        // made by a letter sequence (`{A..w..27}`: A \ w): bash then reads it as a quote, which
        // quotes the next character and goes (`.en{A..w..27}v` is `.env`); last, it leaves an empty word
        endRun();
        const next = text.charCodeAt(i + 1);
        if (Number.isNaN(next)) parts.push({ kind: 'literal', value: '', quoted: true });
        else if (next >= ATOM_FIRST && next <= ATOM_LAST) parts.push(atoms[next - ATOM_FIRST]!);
        else parts.push({ kind: 'literal', value: text[i + 1]!, quoted: true });
        i++;
        continue;
      }
      if (c < ATOM_FIRST || c > ATOM_LAST) {
        run += text[i];
        continue;
      }
      endRun();
      parts.push(atoms[c - ATOM_FIRST]!);
    }
    endRun();
    if (parts.length > 0) words.push({ parts });
  }
  return words;
}

/**
 * Outside quotes a backslash quotes the next character; backslash-newline vanishes; a
 * backslash with nothing after it (the end of the input) stays, as in bash (`eval 'ls x\\'`).
 */
export function unescapeUnquoted(raw: string): string {
  return raw.replace(/\\(\n|[\s\S])?/g, (_, c: string | undefined) => (c === undefined ? '\\' : c === '\n' ? '' : c));
}

/** `1..5`, `10..1..3`, `a..e`, `01..10`: the words of a sequence expression. */
function braceSequence(body: string, max: number): string[] | 'too-many' | undefined {
  const numeric = /^([-+]?\d+)\.\.([-+]?\d+)(?:\.\.([-+]?\d+))?$/.exec(body);
  const letters = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.([-+]?\d+))?$/.exec(body);
  const m = numeric ?? letters;
  if (m === null) return undefined;
  const from = numeric ? Number(m[1]) : m[1]!.charCodeAt(0);
  const to = numeric ? Number(m[2]) : m[2]!.charCodeAt(0);
  const step = Math.abs(Number(m[3] ?? 1)) || 1;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) return 'too-many';
  if (Math.abs(to - from) / step + 1 > max) return 'too-many';
  const padded = numeric !== null && (/^-?0\d/.test(m[1]!) || /^-?0\d/.test(m[2]!));
  const width = padded ? Math.max(m[1]!.length, m[2]!.length) : 0;
  const words: string[] = [];
  for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? step : -step) {
    words.push(numeric ? (v < 0 ? '-' + String(-v).padStart(width - 1, '0') : String(v).padStart(width, '0')) : String.fromCharCode(v));
  }
  return words;
}

/** The literal text a word starts with (`x=` of `x=$(id)`). */
export function literalPrefix(value: WordValue): string {
  let prefix = '';
  for (const p of value.word?.parts ?? []) {
    if (p.kind !== 'literal') break;
    prefix += p.value;
  }
  return prefix;
}

/**
 * Where an arithmetic expansion whose text starts at `start` ends: the index of the `)` of its
 * closing `))` (of the `]` with `bracket`, for `$[…]`), nested parentheses skipped; -1 when it
 * does not close.
 */
export function arithmeticEnd(text: string, start: number, bracket = false): number {
  const [open, close] = bracket ? ['[', ']'] : ['(', ')'];
  let depth = 0;
  for (let j = start; j < text.length; j++) {
    const c = text[j];
    if (c === open) depth++;
    else if (c === close) {
      if (depth > 0) depth--;
      else return bracket || text[j + 1] === ')' ? j : -1;
    }
  }
  return -1;
}

/** `text` as one shell word, in single quotes. */
export function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}
