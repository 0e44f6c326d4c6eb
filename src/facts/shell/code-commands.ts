// Commands a one-line program starts: `python3 -c 'import os; os.system("curl x")'`, `node -e
// 'require("child_process").execSync("rm -rf /")'`, `perl -e 'system "id"'`, `ruby -e '`id`'`.
// Read by the look of the calls that start processes in each language: a call given literal
// text is read as the command line (or the argument list) it runs; a call whose command is
// built at run time (a variable, an f-string) is unverifiable. Code can hide a call from any
// reading (`getattr(os, "sys" + "tem")`): a deny list stays a speed bump, an allowlist the control.
import type { WordValue } from './words.js';
import { dataUrlText } from '../word-paths.js';

export type Language = 'python' | 'node' | 'perl' | 'ruby' | 'php' | 'lua' | 'r' | 'julia';

/** What the code runs: command lines for a shell, argument lists run directly, or why it cannot be read. */
export interface CodeCommands {
  lines: string[];
  argvs: string[][];
  unverifiable?: string;
}

const LANGUAGES: Readonly<Record<string, Language>> = {
  python: 'python', python2: 'python', python3: 'python', node: 'node', bun: 'node', perl: 'perl', ruby: 'ruby', php: 'php', lua: 'lua',
  R: 'r', Rscript: 'r', julia: 'julia',
};

/**
 * The options that give each language its program text on the command line (`letters`,
 * `long`), and the others that take a value (`valued`, `valuedLong`: `python3 -W ignore -c`,
 * `node -r ./x.js -e`, `perl -I lib -e`), so the text is found past them.
 */
const CODE_OPTIONS: Readonly<Record<Language, { letters: string; long: readonly string[]; valued: string; valuedLong: readonly string[] }>> = {
  python: { letters: 'c', long: [], valued: 'WX', valuedLong: ['--check-hash-based-pycs'] },
  node: { letters: 'ep', long: ['--eval', '--print'], valued: 'rC', valuedLong: ['--require', '--import', '--loader', '--experimental-loader', '--conditions', '--input-type', '--env-file', '--title', '--stack-size', '--max-old-space-size'] },
  perl: { letters: 'eE', long: [], valued: 'IMmx', valuedLong: [] },
  ruby: { letters: 'e', long: [], valued: 'IrCEF', valuedLong: ['--encoding', '--external-encoding', '--internal-encoding', '--enable', '--disable'] },
  // php's -B and -E run code before and after the input's lines, -R for each line.
  php: { letters: 'rBRE', long: [], valued: 'cdz', valuedLong: [] },
  lua: { letters: 'e', long: [], valued: 'l', valuedLong: [] },
  r: { letters: 'e', long: [], valued: '', valuedLong: [] },
  julia: { letters: 'eE', long: ['--eval', '--print'], valued: 'tpLJC', valuedLong: ['--threads', '--procs', '--load', '--sysimage', '--cpu-target', '--machine-file'] },
};

// node's options naming a module it loads before the program, which may be a `data:` URL.
const NODE_MODULE_OPTIONS = ['--import', '--loader', '--experimental-loader'];

/** The language of an interpreter by its program name (program-names.ts has made `python3.11` `python3`). */
export function languageOf(program: string): Language | undefined {
  return Object.hasOwn(LANGUAGES, program) ? LANGUAGES[program] : undefined;
}

/**
 * The program text an interpreter is given by its options (`-c CODE`, `-e CODE`, `--eval=CODE`;
 * perl's and ruby's `-e` may come more than once), up to its first operand (the script, whose
 * arguments are its own). `null` when a piece of it is not a literal.
 */
export function inlineCode(language: Language, args: readonly WordValue[]): string | null | undefined {
  const { letters, long, valued, valuedLong } = CODE_OPTIONS[language];
  const pieces: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (!w.literal) return pieces.length > 0 ? null : undefined;
    const text = w.text;
    if (text === '--' || !text.startsWith('-') || text === '-') break;
    const eq = text.indexOf('=');
    const name = eq > 0 ? text.slice(0, eq) : text;
    let value: WordValue | undefined;
    if (text.startsWith('--')) {
      if (!long.includes(name)) {
        const given = eq > 0 ? { ...w, text: text.slice(eq + 1) } : valuedLong.includes(name) ? args[++i] : undefined;
        // node's `--import data:text/javascript,CODE` (and a loader's) is program text too.
        if (language === 'node' && given !== undefined && NODE_MODULE_OPTIONS.includes(name) && /^data:/i.test(given.text)) {
          const code = given.literal ? dataUrlText(given.text) : undefined;
          if (code === undefined) return null;
          pieces.push(code);
        }
        continue;
      }
      value = eq > 0 ? { ...w, text: text.slice(eq + 1) } : args[++i];
    } else if (language === 'node' && /^-[pe]+$/.test(text)) {
      // node's `-pe` is `--print --eval`: the code is the next word (not the letter `e`).
      value = args[++i];
    } else {
      // A cluster: its first code letter takes the rest of the word or the next word (`-Sc CODE`,
      // `-cCODE`); a letter taking another value before it ends the cluster (`-W ignore`).
      const at = [...text.slice(1)].findIndex((c) => letters.includes(c) || valued.includes(c));
      if (at < 0) continue;
      const rest = text.slice(at + 2);
      if (!letters.includes(text[at + 1]!)) {
        // perl's `-MMODULE` is `use MODULE;` put before the program: its text is code too (`-M'strict;system("id")'`).
        const moduleText = language === 'perl' && 'Mm'.includes(text[at + 1]!) ? (rest !== '' ? { ...w, text: rest } : args[i + 1]) : undefined;
        if (moduleText !== undefined) {
          if (!moduleText.literal) return null;
          pieces.push(`use ${moduleText.text};`);
        }
        if (rest === '') i++;
        continue;
      }
      value = rest !== '' ? { ...w, text: rest } : args[++i];
    }
    if (value === undefined) break;
    if (!value.literal) return null;
    pieces.push(value.text);
  }
  return pieces.length > 0 ? pieces.join('\n') : undefined;
}

// python modules that run the words after them as code (`-m timeit STMT`, `-m pdb -c CMD`,
// IPython's `-c`), and those that read their input as code (an interactive console).
const PYTHON_CODE_MODULES: ReadonlySet<string> = new Set(['timeit', 'pdb', 'IPython', 'ipython']);
const PYTHON_CONSOLE_MODULES: ReadonlySet<string> = new Set(['code', 'asyncio', 'pdb', 'IPython', 'ipython', 'idlelib']);

/** The module `python -m MODULE` runs (past the options before it); undefined without one. */
function pythonModule(args: readonly WordValue[]): { name: string; at: number } | undefined {
  for (let i = 0; i < args.length; i++) {
    const text = args[i]!.text;
    if (text === '--' || !text.startsWith('-') || text === '-') return undefined;
    const at = text.indexOf('m');
    if (text.startsWith('--') || at < 0 || /[cWX]/.test(text.slice(1, at))) {
      if (/^-[A-Za-z]*[WX]$/.test(text)) i++;
      continue;
    }
    const name = at < text.length - 1 ? text.slice(at + 1) : args[i + 1]?.text;
    return name === undefined ? undefined : { name, at: at < text.length - 1 ? i : i + 1 };
  }
  return undefined;
}

/**
 * Program text a python module is given in its arguments (`-m timeit 'os.system(…)'`, `-m pdb
 * -c CMD`): every word after the module, read as code (null when one is not a literal).
 */
export function pythonModuleCode(args: readonly WordValue[]): string | null | undefined {
  const module = pythonModule(args);
  if (module === undefined || !PYTHON_CODE_MODULES.has(module.name)) return undefined;
  const words = args.slice(module.at + 1);
  if (words.some((w) => !w.literal)) return null;
  return words.length > 0 ? words.map((w) => w.text).join('\n') : undefined;
}

/**
 * Whether the interpreter also reads its input as code when given program text: python's `-i`
 * or a console module (`-m code`), perl's debugger (`-d`), node's REPL (`-i`).
 */
export function readsInputAsCodeToo(language: Language, args: readonly WordValue[]): boolean {
  const operand = args.findIndex((a) => !a.text.startsWith('-'));
  const options = args.slice(0, operand < 0 ? args.length : operand).map((a) => a.text);
  if (language === 'python') return options.some((w) => /^-[A-Za-z]*i/.test(w) && !w.startsWith('--')) || PYTHON_CONSOLE_MODULES.has(pythonModule(args)?.name ?? '');
  if (language === 'perl') return args.some((a) => /^-[A-Za-z]*d/.test(a.text) && !a.text.startsWith('--'));
  if (language === 'node') return args.some((a) => a.text === '-i' || a.text === '--interactive');
  return false;
}

/**
 * The script file an interpreter runs: its first operand, when no option gave it program text
 * or a module (`python3 -m x`); undefined when it reads none (or its input: `-`).
 */
export function interpreterScript(language: Language, args: readonly WordValue[]): string | undefined {
  const { letters, long, valued, valuedLong } = CODE_OPTIONS[language];
  for (let i = 0; i < args.length; i++) {
    const text = args[i]!.text;
    if (text === '--') return args[i + 1]?.text;
    if (text === '-' || !text.startsWith('-')) return text === '-' ? undefined : text;
    const name = text.includes('=') ? text.slice(0, text.indexOf('=')) : text;
    if (text.startsWith('--')) {
      if (long.includes(name)) return undefined;
      if (!text.includes('=') && valuedLong.includes(name)) i++;
      continue;
    }
    const at = [...text.slice(1)].findIndex((c) => letters.includes(c) || valued.includes(c) || (language === 'python' && c === 'm'));
    if (at < 0) continue;
    const letter = text[at + 1]!;
    if (letters.includes(letter) || (language === 'python' && letter === 'm')) return undefined;
    if (text.length === at + 2) i++;
  }
  return undefined;
}

// A string literal: single or double quoted, escapes kept as written (the shell reading of the
// text after undoing `\"` and `\\` is close enough for the command words it holds).
const STRING = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")`;
const LITERAL = new RegExp(`^${STRING}$`, 's');

/** Each language's calls that start a process: a match ends where the call's arguments (or a quoted command) begin. */
const CALLS: Readonly<Record<Language, RegExp>> = {
  // os.system / os.popen / os.exec* / os.spawn* / subprocess.* / pty.spawn / commands.getoutput,
  // and the bare names `from subprocess import run` leaves (`run(...)`, `Popen(...)`).
  python: /\b(?:os\.(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?)|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|pty\.spawn|commands\.getoutput|(?<![.\w])(?:system|popen|run|call|check_output|check_call|getoutput|getstatusoutput|Popen))\s*\(|\b__import__\s*\(\s*['"](?:os|subprocess|pty)['"]\s*\)\s*\.\s*\w+\s*\(/g,
  // child_process's functions however reached (`require("child_process").execSync(...)`, destructured), Bun's and Deno's.
  node: /\b(?:exec|execSync|spawn|spawnSync|execFile|execFileSync|fork)\s*\(|\[\s*['"](?:exec|execSync|spawn|spawnSync|execFile|execFileSync)['"]\s*\]\s*\(|\bBun\.(?:spawn|spawnSync)\s*\(|\bnew\s+Deno\.Command\s*\(|\bDeno\.run\s*\(/g,
  perl: /\b(?:system|exec)\b\s*\(?|`|\bqx\s*[^\w\s]|\bopen\b\s*\(?/g,
  ruby: /\b(?:system|exec|spawn)\b\s*\(?|`|%x[^\w\s]|\bIO\.popen\s*\(|\bOpen3\.\w+\s*\(|\bKernel\.(?:system|exec|spawn)\b/g,
  php: /\b(?:system|exec|shell_exec|passthru|popen|proc_open|pcntl_exec)\s*\(|`/g,
  lua: /\bos\.execute\s*\(|\bio\.popen\s*\(/g,
  r: /\b(?:system2?|shell|pipe)\s*\(/g,
  // julia's command literals (`` `id` ``, run by `run`, `read`, `open`...), and a Cmd built from a list.
  julia: /`|\bCmd\s*\(/g,
};

// node's child_process functions are only read when the code reaches child_process (or Bun, Deno).
const NODE_PROCESS_MODULE = /child_process|\bBun\.|\bDeno\./;
// python's bare names only when the code imports them from subprocess, os or commands.
const PYTHON_BARE_IMPORT = /\bfrom\s+(?:subprocess|os|commands|pty)\s+import\b/;

/**
 * The commands `code` in `language` runs, by the look of its process calls. Each call must be
 * given literal text: a command line (`os.system("x")`, `` `x` ``, `shell=True`), or a list of
 * literal strings (`subprocess.run(["curl", "x"])`, `spawn("curl", ["x"])`, `system("curl", "x")`).
 */
export function commandsInCode(language: Language, code: string): CodeCommands {
  const out: CodeCommands = { lines: [], argvs: [] };
  if (language === 'node' && !NODE_PROCESS_MODULE.test(code)) return out;
  const pattern = new RegExp(CALLS[language].source + pythonAliases(language, code), 'g');
  for (let match = pattern.exec(code); match !== null; match = pattern.exec(code)) {
    const call = match[0];
    if (language === 'python' && /^(?:system|popen|run|call|check_output|check_call|getoutput|getstatusoutput|Popen)\s*\(/.test(call) && !PYTHON_BARE_IMPORT.test(code)) continue;
    const after = code.slice(match.index + call.length);
    const quoted = call === '`' || /^(?:qx|%x)/.test(call);
    const raw = quoted ? quotedCommand(call, after) : undefined;
    // A quoted command's text is not read again for calls (its closing mark is no opening one).
    if (raw !== undefined) pattern.lastIndex = match.index + call.length + raw.length + 1;
    const readAs = (decode: (text: string) => string): Read => (quoted ? (raw === undefined ? undefined : decode(raw)) : call.startsWith('open') ? perlPipeOpen(after, decode) : callArguments(after, decode));
    // Escapes as most of these languages read them in strings (`"ls\ncurl x"` is two lines), and as written (perl's, ruby's and php's single quotes keep them).
    const read = readAs(unescaped);
    if (read === null) continue; // perl's open of a file, not a pipe
    if (read === undefined) {
      out.unverifiable = `the program text runs a command built when it runs: \`${(call + after).slice(0, 80)}\``;
      return out;
    }
    // A string argument's text is not read again for calls (`system('qx-_')` runs `qx-_`, no perl `qx`).
    if (!quoted && !call.startsWith('open')) pattern.lastIndex = match.index + call.length + literalArgumentsLength(after);
    const asWritten = readAs((text) => text);
    for (const reading of asWritten !== null && asWritten !== undefined && JSON.stringify(asWritten) !== JSON.stringify(read) ? [read, asWritten] : [read]) {
      if ((typeof reading === 'string' ? [reading] : reading).some((t) => t.includes('\0'))) {
        out.unverifiable = 'the program text runs a command holding a NUL byte';
        return out;
      }
      if (typeof reading === 'string') out.lines.push(reading);
      else out.argvs.push(reading);
    }
  }
  return out;
}

/** A call's command: a line, an argument list, null for no command (a file's open), undefined when not known. */
type Read = string | string[] | null | undefined;

/** A string's escapes as python, JavaScript, lua and double-quoted perl, ruby and php read them (`\n`, `\t`, `\x41`, `\u0041`, `\101`). */
function unescaped(text: string): string {
  return text.replace(/\\(?:x([0-9A-Fa-f]{2})|u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4})|([0-7]{1,3})|([\s\S]))/g, (all, hex: string | undefined, braced: string | undefined, unicode: string | undefined, octal: string | undefined, char: string | undefined) => {
    if (hex !== undefined) return String.fromCharCode(parseInt(hex, 16));
    if (braced !== undefined) return parseInt(braced, 16) <= 0x10ffff ? String.fromCodePoint(parseInt(braced, 16)) : all;
    if (unicode !== undefined) return String.fromCharCode(parseInt(unicode, 16));
    if (octal !== undefined) return String.fromCharCode(parseInt(octal, 8) & 0xff);
    return ESCAPES[char!] ?? char!;
  });
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', e: '\x1b' };

/** The text between a backquote (perl's, ruby's, php's) or a `qx{…}`/`%x(…)` and its closing mark, as written; undefined when it interpolates. */
function quotedCommand(opening: string, after: string): string | undefined {
  const open = opening === '`' ? '`' : opening.slice(-1);
  const close = ({ '(': ')', '[': ']', '{': '}', '<': '>' } as Record<string, string>)[open] ?? open;
  const end = after.indexOf(close);
  if (end < 0) return undefined;
  const text = after.slice(0, end);
  return /[$@]|#\{/.test(text) ? undefined : text;
}

/**
 * perl's `open(F, "cmd |")`, `open(F, "| cmd")` and `open(F, "-|", "cmd", args)`: the command;
 * null for a file's open; undefined when its text is not known (a variable, interpolation).
 */
function perlPipeOpen(after: string, decode: (text: string) => string): Read {
  const statement = after.split(';')[0]!;
  const strings = rawStrings(statement).map((literal) => decode(withoutQuotes(literal)));
  const mode = strings.findIndex((s) => s === '-|' || s === '|-');
  if (mode >= 0) return strings.length > mode + 1 && !strings.slice(mode + 1).some((s) => /[$@]\w/.test(s)) ? strings.slice(mode + 1) : undefined;
  const piped = strings.find((s) => /\|\s*$|^\s*\|/.test(s));
  if (piped !== undefined) return /[$@]\w/.test(piped) ? undefined : piped.replace(/^\s*\||\|\s*$/g, '');
  // A two-argument open of a variable (`open(F, $x)`) may be a pipe: not known.
  return strings.length === 0 && /,\s*\$/.test(statement) ? undefined : null;
}

/** python's `import subprocess as sp` (and os's): the calls through the alias, as an alternative of the call pattern. */
function pythonAliases(language: Language, code: string): string {
  if (language !== 'python') return '';
  const aliases = [...code.matchAll(/\bimport\s+(?:subprocess|os)\s+as\s+(\w+)/g)].map((m) => m[1]!);
  return aliases.length === 0 ? '' : `|\\b(?:${aliases.join('|')})\\.(?:system|popen|run|call|check_call|check_output|Popen|getoutput|getstatusoutput|exec[lv]p?e?|spawn[lv]p?e?)\\s*\\(`;
}

// A call's literal arguments: a list of strings, or strings then maybe a list; leading blanks included.
const LIST_ARGUMENTS = new RegExp(`^\\s*\\[\\s*((?:${STRING}\\s*,\\s*)*${STRING})\\s*,?\\s*\\]`, 's');
const HEAD_ARGUMENTS = new RegExp(`^\\s*((?:${STRING}\\s*,\\s*)*${STRING})(\\s*,\\s*\\[\\s*((?:${STRING}\\s*,\\s*)*${STRING})?\\s*,?\\s*\\])?`, 's');

/** How far a call's literal arguments reach into `after` (0 when there are none): their text is strings, not code to read for calls. */
function literalArgumentsLength(after: string): number {
  return (LIST_ARGUMENTS.exec(after) ?? HEAD_ARGUMENTS.exec(after))?.[0].length ?? 0;
}

/**
 * A call's arguments when they are literal: one string (a command line, or a program alone),
 * a list of strings (`["curl", "x"]`, or a program then a list: `spawn("curl", ["x"])`), or
 * several strings (`system "curl", "x"`). `shell=True` and options after them are ignored.
 */
function callArguments(after: string, decode: (text: string) => string): string | string[] | undefined {
  // A list first: `["curl", "x"]`, `%w(curl x)` (ruby).
  const asList = LIST_ARGUMENTS.exec(after);
  if (asList !== null) return endsCall(after.slice(asList[0].length)) ? stringsOf(asList[1]!, decode) : undefined;
  // Strings separated by commas, maybe followed by a list (`spawn("curl", ["-s", "x"])`).
  const head = HEAD_ARGUMENTS.exec(after);
  if (head === null || !endsCall(after.slice(head[0].length))) return undefined;
  const strings = [...stringsOf(head[1]!, decode), ...(head[3] !== undefined ? stringsOf(head[3], decode) : [])];
  // Interpolation: python's f-strings are not matched (the `f` is outside), ruby's `#{}` and perl's `$x` inside double quotes are.
  if (strings.some((s, i) => /#\{/.test(s) || (/^"/.test(rawStrings(head[0]!)[i] ?? '') && /[$@]\w/.test(s)))) return undefined;
  return strings.length === 1 && head[2] === undefined ? strings[0]! : strings;
}

/**
 * Whether the text after a call's literal arguments ends them: the call closes, the statement
 * ends, or keyword arguments, options, a callback or a variable for the output follow
 * (`shell=True`, `{ cwd: "x" }`, `(err, out) => …`, php's `$out`); not an operator that
 * builds the command further (`"curl " + url`, `"%s" % x`, `.format(x)`).
 */
function endsCall(rest: string): boolean {
  return /^\s*(?:$|[);\n]|,\s*(?:\)|[A-Za-z_]\w*\s*=[^=]|\{|\(|function\b|async\b|\$?[A-Za-z_][\w$.]*\s*(?:[,)]|=>)|$))/.test(rest);
}

function rawStrings(text: string): string[] {
  return [...text.matchAll(new RegExp(STRING, 'g'))].map((m) => m[0]);
}

function stringsOf(text: string, decode: (text: string) => string): string[] {
  return rawStrings(text).map((literal) => decode(withoutQuotes(literal)));
}

function withoutQuotes(literal: string): string {
  return LITERAL.test(literal) ? literal.slice(1, -1) : literal;
}
