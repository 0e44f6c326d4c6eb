// awk programs: where they come from (options, operands, standard input) and what they run
// and open, read with their strings, regular expressions and comments masked.
import { AWK_LONG, AWK_OPTIONAL_LONG, AWK_VALUED_LONG } from '../grammars.js';
import { longName } from '../options.js';
import { bracketEnd, unverifiable, withStdinScript, type Hidden } from './script-text.js';
import type { WordValue } from './words.js';
import { namesStandardInput } from './wrappers.js';

// A process substitution (`<(…)`) names text the line makes.
const PROCESS_SUBSTITUTION = /^[<>]\(/;

const AWK_FROM_SUBSTITUTION = 'awk reads its program from a process substitution, text the line makes';

/**
 * The program texts of an awk call: the first operand unless -f/-e (or their long names)
 * give them, read as gawk reads its options (they stop at the first operand): clusters
 * (`-bv x=1 PROG`), `-W NAME[=VALUE]` as the long option `--NAME` (mawk's `-W interactive`,
 * gawk's `-Wsource=PROG`, comma lists `-W interactive,exec FILE`). A program file or an
 * included one that is standard input (`-f -`, `-i /dev/stdin`) is read from `stdin`, its
 * literal text when known.
 */
function awkPrograms(args: WordValue[], stdin: string | undefined): WordValue[] | Hidden {
  const programs: WordValue[] = [];
  let fromFile = false;
  let fromStdin = false;
  let refused: Hidden | undefined;
  // A program file other than standard input (`-f prog.awk`, `-i lib.awk`): its code is out of sight (as sed's `-f`).
  const programFile = (value: WordValue): void => {
    if (!namesStandardInput(value.text)) refused ??= unverifiable(`awk runs the program in \`${value.text.slice(0, 80)}\`, which is not read here (it may run commands and write files)`);
  };
  // One long option (`--NAME` or `-W NAME`) with its attached value, if any; true when it took the next word.
  const long = (spelled: string, i: number): boolean => {
    const name = longName(spelled, AWK_LONG);
    const eq = spelled.indexOf('=');
    const attached = eq < 0 ? undefined : { ...args[i]!, text: spelled.slice(eq + 1) };
    if (!AWK_VALUED_LONG.includes(name) || (attached === undefined && AWK_OPTIONAL_LONG.includes(name))) return false;
    const value = attached ?? args[i + 1];
    if (name === '--load') refused ??= unverifiable('awk loads a shared library (`--load`), which runs its code');
    if ((name === '--file' || name === '--exec' || name === '--include') && value !== undefined && PROCESS_SUBSTITUTION.test(value.text)) refused ??= unverifiable(AWK_FROM_SUBSTITUTION);
    if (name === '--source' && value !== undefined) programs.push(value);
    if (name === '--file' || name === '--exec') fromFile = true;
    // An included source file (`-i`) that is standard input is program text too.
    if ((name === '--file' || name === '--exec' || name === '--include') && value !== undefined && namesStandardInput(value.text)) fromStdin = true;
    if ((name === '--file' || name === '--exec' || name === '--include') && value !== undefined) programFile(value);
    return attached === undefined;
  };
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i]!.text;
    if (w === '--') { i++; break; }
    if (w.startsWith('--')) { if (long(w, i)) i++; continue; }
    if (!w.startsWith('-') || w === '-') break;
    for (let k = 1; k < w.length; k++) {
      const letter = w[k]!;
      if ('dDLop'.includes(letter)) break; // an optional value: the rest of the word
      if (!'FfvWeEil'.includes(letter)) continue;
      const attached = w.slice(k + 1);
      const value = attached !== '' ? { ...args[i]!, text: attached } : args[++i];
      if (value === undefined) break;
      if (letter === 'e') programs.push(value);
      if (letter === 'l') refused ??= unverifiable('awk loads a shared library (`-l`), which runs its code');
      if ('fEi'.includes(letter) && PROCESS_SUBSTITUTION.test(value.text)) refused ??= unverifiable(AWK_FROM_SUBSTITUTION);
      if (letter === 'f' || letter === 'E') fromFile = true;
      if ('fEi'.includes(letter) && namesStandardInput(value.text)) fromStdin = true;
      if ('fEi'.includes(letter)) programFile(value);
      if (letter === 'W') {
        // Each NAME of mawk's comma list is a long option; one that takes a value takes the
        // next word. A value after `=` may hold commas itself (gawk: `-Wsource=PROG`): the whole too.
        const names = value.text.includes('=') ? [value.text, ...value.text.split(',')] : value.text.split(',');
        let takesNext = false;
        for (const name of names) takesNext = long(`--${name}`, i) || takesNext;
        if (takesNext) i++;
      }
      break;
    }
  }
  if (refused !== undefined) return refused;
  if (!fromFile && programs.length === 0 && args[i] !== undefined) programs.push(args[i]!);
  return withStdinScript(programs, fromStdin, stdin, 'awk reads its program from standard input');
}


/** What an awk call's program texts run and open. */
export function awkHidden(args: WordValue[], stdin: string | undefined): Hidden[] {
  const programs = awkPrograms(args, stdin);
  if (!Array.isArray(programs)) return [programs];
  const found: Hidden[] = [];
  for (const p of programs) {
    if (!p.literal) return [unverifiable(`awk program is not a literal: \`${p.text}\``)];
    // As awk reads it: a backslash-newline joins two lines (`system\⏎("id")`), and a newline
    // after a comma, `&&` or `||` continues the statement. Same length, so indexes still hold.
    // Joined in comments too, which only the checks by pattern read (seeing more is the safe
    // side); the reading of opened files joins lines outside comments only (maskedAwk).
    const text = p.text.replace(/\\\n/g, '  ').replace(/(,|&&|\|\|)([ \t]*)\n/g, '$1$2 ');
    // system(), pipes to or from commands (`print | "sh"`, `"id" | getline`), coprocesses;
    // `||` is a logical or.
    if (/system\s*\(|\|&|(^|[^|])\|(?!\|)/.test(text)) return [unverifiable('the awk program runs commands (`system` or a pipe)')];
    // gawk calls a function named by a variable's text (`f="sys" "tem"; @f("id")`, `@ns::f("id")`).
    if (/@\s*[A-Za-z_][A-Za-z0-9_]*(?:\s*::\s*[A-Za-z_][A-Za-z0-9_]*)?\s*\(/.test(text)) return [unverifiable('the awk program calls a function named by a variable (gawk `@f()`), which may be `system`')];
    // Loading a library runs its code, an included file's code is out of sight (gawk reads
    // blanks between `@` and the word); a program that rewrites ARGV/ARGC chooses its input
    // files at run time.
    if (/@\s*load\b/.test(text)) return [unverifiable('the awk program loads a shared library (`@load`)')];
    if (/@\s*include\b/.test(text)) return [unverifiable('the awk program includes a file (`@include`), which is not read here')];
    // Any use of ARGV (`f(ARGV)` lets a function rewrite it: red team 43), and gawk's SYMTAB,
    // which reaches every global by name (`SYMTAB["AR" "GV"][1] = ".env"`).
    if (/\bARGV\b|\bARGC\s*=[^=]|\bSYMTAB\b/.test(text)) return [unverifiable('the awk program may rewrite ARGV, the files it reads')];
    // Files the program opens: `print > "f"`, `printf ... >> "f"`, `getline line < "f"`. Read
    // with its strings, regular expressions and comments masked (a `;` or `}` there ends no
    // statement), a `/` read as awk's grammar reads it and again as never starting one: what
    // either reading finds counts.
    const readings = [maskedAwk(p.text, true), maskedAwk(p.text, false)];
    if (readings[0] === undefined) return [unverifiable('the awk program has a regular expression that awks end in different places (a backslash in a bracket: `/[\\]/"]/`)')];
    for (const masked of readings as string[]) {
      const io = /\bprintf?\b[^;{}\n]*?(>>?)\s*([^;}\s]+)|\bgetline\b[^<;{}\n]*<\s*([^;})\s]+)/dg;
      for (let m = io.exec(masked); m !== null; m = io.exec(masked)) {
        const at = m.indices![2] ?? m.indices![3]!;
        const target = text.slice(at[0], at[1]);
        // One string, nothing joined to it (`> "." "./o2"` writes `../o2`), no escape awk decodes (`"\056env"`).
        const quoted = /^"([^"\\]*)"\)?$/.exec(target);
        if (quoted === null || !/^\s*(?:[;})#\n]|$)/.test(masked.slice(at[1]))) return [unverifiable(`the awk program opens a file it names at run time: \`${text.slice(at[0], at[0] + 80)}\``)];
        const file: Hidden = { kind: 'file', path: quoted[1]!, write: m[2] !== undefined };
        if (!found.some((f) => f.kind === 'file' && f.path === file.path && f.write === file.write)) found.push(file);
      }
    }
  }
  return found;
}

/**
 * An awk program with the text of its strings, regular expressions and comments replaced by
 * `x`s and its continued lines joined, in one pass from the left (a `"` inside `/"/` opens no
 * string), the same length so that indexes hold. With `regexes`, a `/` starts a regular expression where awk's grammar takes an
 * operand (regexMayStart); without, never.
 */
function maskedAwk(program: string, regexes: boolean): string | undefined {
  let out = '';
  // Open parentheses: whether each holds a control statement's condition (`if (…) /re/`).
  const parens: boolean[] = [];
  let closedControl = false;
  for (let i = 0; i < program.length; ) {
    const ch = program[i]!;
    const end = ch === '"' ? literalEnd(program, i, '"') : ch === '/' && regexes && regexMayStart(out, closedControl) ? literalEnd(program, i, '/') : ch === '#' ? commentEnd(program, i) : -1;
    if (end === AMBIGUOUS) return undefined;
    if (end > i) {
      // A comment is masked to its end; a string or expression keeps its closing mark.
      out += ch === '#' ? `#${'x'.repeat(end - i - 1)}` : `${ch}${'x'.repeat(end - i - 2)}${ch}`;
      i = end;
      closedControl = false;
      continue;
    }
    // Lines joined as awk joins them, outside strings, expressions and comments (a comment
    // ends at its newline, even after `\` or `,`: `# a,⏎print > ".env"` prints).
    if (ch === '\\' && program[i + 1] === '\n') {
      out += '  ';
      i += 2;
      continue;
    }
    if (ch === '\n' && /(?:,|&&|\|\|)[ \t]*$/.test(out)) {
      out += ' ';
      i++;
      continue;
    }
    if (ch === '(') parens.push(/(?:^|[^A-Za-z0-9_])(?:if|while|for|switch)\s*$/.test(out));
    closedControl = ch === ')' ? parens.pop() === true : ch === ' ' || ch === '\t' ? closedControl : false;
    out += ch;
    i++;
  }
  return out;
}

/** literalEnd's answer for a regular expression that awks end in different places. */
const AMBIGUOUS = -2;

/**
 * Where a string (`"`) or regular expression (`/`) starting at `at` ends (past its closing
 * mark), -1 when none closes on its line, or AMBIGUOUS when a regular expression ends in one
 * place with its brackets read as POSIX reads them and in another as gawk does (gawk escapes
 * `\]` inside one: `/[\]/"]/`, red team 43).
 */
function literalEnd(program: string, at: number, mark: string): number {
  if (mark !== '/') return closingMark(program, at, mark, bracketEnd);
  const end = closingMark(program, at, mark, bracketEnd);
  return end === closingMark(program, at, mark, gawkBracketEnd) ? end : AMBIGUOUS;
}

function closingMark(program: string, at: number, mark: string, bracketAt: (text: string, open: number) => number): number {
  for (let i = at + 1; i < program.length && program[i] !== '\n'; i++) {
    const c = program[i]!;
    if (c === '\\') i++;
    // A bracket's characters (`[]/]`, `[[:alpha:]/]`) end nothing.
    else if (mark === '/' && c === '[') i = bracketAt(program, i);
    else if (c === mark) return i + 1;
  }
  return -1;
}

/** Where gawk closes the bracket expression opening at `at`: as bracketEnd, a backslash escaping the character after it. */
function gawkBracketEnd(text: string, at: number): number {
  let i = at + 1;
  if (text[i] === '^') i++;
  if (text[i] === ']') i++;
  for (; i < text.length && text[i] !== '\n'; i++) {
    const c = text[i]!;
    if (c === '\\') i++;
    else if (c === '[' && ':=.'.includes(text[i + 1] ?? '')) {
      const close = text.indexOf(`${text[i + 1]}]`, i + 2);
      if (close < 0) return text.length;
      i = close + 1;
    } else if (c === ']') return i;
  }
  return Math.min(i, text.length);
}

/** Where a comment starting at `at` ends: at its newline (kept), or the program's end. */
function commentEnd(program: string, at: number): number {
  const newline = program.indexOf('\n', at);
  return newline < 0 ? program.length : newline;
}

// Keywords an operand follows (`print /x/`, `case /x/:`): a `/` after one starts a regular
// expression (after `getline`, as gawk reads it, it divides: `getline / 2`).
const OPERAND_KEYWORD = /(?:^|[^A-Za-z0-9_])(?:print|printf|return|exit|case|do|else)$/;

/**
 * Whether a `/` after `before` (the program so far, masked) starts a regular expression: where
 * an operand may start (after an operator, `(`, `,`, `;`, `{`, `}`, a newline, `$`, a keyword
 * taking one, or a control statement's `)`), not after an operand (a name, a number, `)`, `]`,
 * a string, or `++`/`--`), where it divides.
 */
function regexMayStart(before: string, closedControl: boolean): boolean {
  const trimmed = before.replace(/[ \t]+$/, '');
  if (trimmed === '' || closedControl || OPERAND_KEYWORD.test(trimmed)) return true;
  if (trimmed.endsWith('++') || trimmed.endsWith('--')) return false;
  return !/[A-Za-z0-9_)\]"/]$/.test(trimmed);
}
