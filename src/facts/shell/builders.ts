// Programs that build the command they run from input (builders): `xargs` appends the words
// it reads or puts them where its replace string is, `find -exec` and `fd -x` put each path
// found where `{}` is. What a builder puts in, when it is known before the line runs, is
// checked like the command's own words.
import { findStartingPoints } from '../operands/find.js';
import { longName } from '../options.js';
import type { Stmt } from './ast.js';
import { runWords } from './simple-commands.js';
import { literalStdin } from './stdin.js';
import { markUnverifiable, type Walk } from './walk.js';
import type { WordValue } from './words.js';
import { namesStandardInput } from './wrappers.js';

/**
 * Where the words of a command came from when another program builds part of it:
 * `xargs` appends words read from its input (or puts them where `replace` is), and
 * `find -exec` puts file names where `{}` is.
 */
export interface Builder {
  name: string;
  /** Text the builder replaces with input it reads (`xargs -I %`, `find -exec ... {}`). */
  replace?: string;
  /** Whether input words are appended after the given ones (xargs without -I). */
  appends: boolean;
  /**
   * How xargs splits its standard input into items: at blanks (its default, with its own
   * quoting), at one separator (`\n` with -I, NUL with -0, -d's), or not at all (`-a FILE`:
   * not standard input). A reason when the separator cannot be read.
   */
  splits?: 'blanks' | { separator: string } | 'file' | { unreadable: string };
  /** What the builder puts in, when known before it runs (find's starting points for `{}`). */
  items?: readonly string[];
}

/**
 * How xargs builds its command: -I/-i/--replace put input where a string is (one item a
 * line), otherwise input is appended; -0, -d and -a change where items come from and how
 * they are split. Read as GNU xargs reads them: in clusters (`-rI{}`, `-tiQ`, `-rd,`),
 * abbreviated (`--repl=Q`, `--delim=,`), -e/-i/-l and their long names taking a value only
 * attached. An -a list that is standard input (`-a /dev/stdin`) is read as input is.
 */
export function xargsBuilder(options: WordValue[]): Builder {
  let replace: string | undefined;
  let splits: Builder['splits'] = 'blanks';
  let fromFile = false;
  const given = (option: string, value: string | undefined): void => {
    if (option === 'I' || option === '--replace') replace = value === undefined || value === '' ? '{}' : value;
    else if (option === 'i') replace = value || '{}';
    else if (option === '0' || option === '--null') splits = { separator: '\0' };
    else if (option === 'd' || option === '--delimiter') splits = xargsSeparator(value);
    else if (option === 'a' || option === '--arg-file') fromFile = value === undefined || !namesStandardInput(value);
  };
  for (let i = 0; i < options.length; i++) {
    const w = options[i]!.text;
    if (w.startsWith('--')) {
      const name = longName(w, XARGS_LONG);
      const eq = w.indexOf('=');
      const value = eq >= 0 ? w.slice(eq + 1) : XARGS_VALUED_LONG.includes(name) ? options[++i]?.text : undefined;
      given(name, value);
      continue;
    }
    if (!w.startsWith('-')) continue;
    for (let k = 1; k < w.length; k++) {
      const letter = w[k]!;
      if ('eil'.includes(letter)) { given(letter, w.slice(k + 1)); break; }
      if (!'adEILnPs'.includes(letter)) { given(letter, undefined); continue; }
      given(letter, k + 1 < w.length ? w.slice(k + 1) : options[++i]?.text);
      break;
    }
  }
  if (fromFile) splits = 'file';
  // -I reads one item a line, unless -0 or -d say otherwise.
  if (replace !== undefined && splits === 'blanks') splits = { separator: '\n' };
  return replace !== undefined ? { name: 'xargs', replace, appends: false, splits } : { name: 'xargs', appends: true, splits };
}

// GNU xargs' long options, and those that take the next word as their value (--eof, --replace
// and --max-lines take one only with `=`).
const XARGS_LONG = ['--arg-file', '--delimiter', '--eof', '--replace', '--max-lines', '--max-args', '--max-procs', '--max-chars', '--null', '--open-tty', '--interactive', '--no-run-if-empty', '--verbose', '--exit', '--process-slot-var', '--show-limits', '--help', '--version'];

const XARGS_VALUED_LONG = ['--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'];

/** xargs -d's separator: one character, or a C escape (`\n`, `\t`, `\\`, `\0`, `\x2c`, `\054`). */
function xargsSeparator(text: string | undefined): NonNullable<Builder['splits']> {
  const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v' };
  if (text !== undefined && [...text].length === 1) return { separator: text };
  if (text?.length === 2 && text[0] === '\\' && escapes[text[1]!] !== undefined) return { separator: escapes[text[1]!]! };
  const code = text === undefined ? undefined : /^\\x([0-9a-fA-F]{1,2})$/.exec(text)?.[1] ?? undefined;
  if (code !== undefined) return { separator: String.fromCharCode(parseInt(code, 16)) };
  const octal = text === undefined ? undefined : /^\\([0-7]{1,3})$/.exec(text)?.[1];
  if (octal !== undefined) return { separator: String.fromCharCode(parseInt(octal, 8)) };
  return { unreadable: `\`xargs -d ${text ?? ''}\`: a separator it reads its own way` };
}

/**
 * The items a builder puts into its command when they are known before it runs: find's
 * starting points, or what xargs reads when its standard input is a literal here-string or
 * here-doc (`xargs cat <<< .env` runs `cat .env`, `xargs -I{} cat {} <<< .env` too). Input
 * from a pipe or a file is known only at run time (as `cat $(ls)` is). Quotes and
 * backslashes, which xargs reads its own way when it splits at blanks or lines, make the
 * input unverifiable.
 */
export function builderItems(builder: Builder | undefined, stmt: Stmt, walk: Walk): readonly string[] {
  if (builder === undefined) return [];
  if (builder.items !== undefined) return builder.items;
  const splits = builder.splits;
  if (splits === undefined || splits === 'file') return [];
  if (typeof splits === 'object' && 'unreadable' in splits) {
    markUnverifiable(walk, splits.unreadable);
    return [];
  }
  const text = literalStdin(stmt, walk, builder.name);
  if (text === undefined) return [];
  const separator = splits === 'blanks' ? undefined : splits.separator;
  if ((separator === undefined || separator === '\n') && /['"\\]/.test(text)) {
    markUnverifiable(walk, `\`${builder.name}\` input with quotes or backslashes`);
    return [];
  }
  // A line given to -I starts after its blanks.
  const items = separator === undefined ? text.split(/[ \t\n]+/) : text.split(separator).map((t) => (separator === '\n' ? t.replace(/^[ \t]+/, '') : t));
  return items.filter((t) => t !== '');
}

/**
 * The words a builder's items add to its command: appended (xargs), or put where the
 * replace string is, in any word (`cat config/{}`, `cat {}env`). Checked like arguments.
 */
export function builtWords(builder: Builder | undefined, args: readonly WordValue[], items: readonly string[]): WordValue[] {
  if (builder === undefined || items.length === 0) return [];
  const word = (text: string): WordValue => ({ text, literal: true, pattern: /[*?[]/.test(text) });
  if (builder.appends) return items.map(word);
  const replace = builder.replace;
  if (replace === undefined || replace === '') return [];
  const out: WordValue[] = [];
  for (const arg of args) {
    if (!arg.text.includes(replace)) continue;
    for (const item of items) out.push(word(arg.text.split(replace).join(item)));
  }
  return out;
}

/** `find ... -exec CMD ... ;` runs CMD: check it as a command of its own. */
export function runFindExec(values: WordValue[], at: number, depth: number, walk: Walk, redirects: string[]): void {
  // `{}` is each path found, anywhere in a word (`cat {}env`): the starting points are the
  // ones known before it runs (`find . -maxdepth 0 -exec cat {}env` reads `.env`); -execdir
  // puts `./NAME` there. Deeper paths are the recursive read a starting point stands for.
  const points = findStartingPoints(values.slice(at).map((v) => v.text));
  for (let i = at + 1; i < values.length; i++) {
    const action = values[i]!.text;
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(action)) continue;
    let end = i + 1;
    while (end < values.length && values[end]!.text !== ';' && values[end]!.text !== '+') end++;
    const items = action.endsWith('dir') ? [...points, ...points.map((p) => `./${p.slice(p.lastIndexOf('/') + 1)}`)] : points;
    runWords(values.slice(i + 1, end), 0, depth + 1, walk, redirects, { redirects: [] }, { name: 'find', replace: '{}', appends: false, items });
    i = end;
  }
}

/**
 * `fd … -x CMD …` (`--exec`, `-X`, `--exec-batch`) runs CMD on each result: every word after the
 * option up to a `;` is its command line, the path put where `{}` (or `{/}`, `{.}`, ...) is,
 * else appended. The results lie under the directories searched, here for short.
 */
export function runFdExec(values: WordValue[], at: number, depth: number, walk: Walk, redirects: string[]): void {
  for (let i = at + 1; i < values.length; i++) {
    const option = values[i]!.text;
    if (!['-x', '--exec', '-X', '--exec-batch'].includes(option)) continue;
    let end = i + 1;
    while (end < values.length && values[end]!.text !== ';') end++;
    const command = values.slice(i + 1, end).map((v) => (v.literal ? { ...v, text: v.text.replace(/\{\/?\/?\.?\}/g, '{}') } : v));
    runWords(command, 0, depth + 1, walk, redirects, { redirects: [] }, { name: 'fd', replace: '{}', appends: !command.some((v) => v.text.includes('{}')), items: ['.'] });
    i = end;
  }
}
