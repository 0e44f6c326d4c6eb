// Standard input: what a command gets there from its statement or the commands around it
// (a literal here-doc or here-string, a pipe, a file), and what a program reads from a literal
// input besides plain data: file names (`tar -T -`), program text, documents that name files,
// a patch that names the files it writes.
import { percentDecodedBytes } from '../extract-paths.js';
import { isCompilerDriver } from '../grammars.js';
import { gitSubcommandAt } from '../operands/git.js';
import { stdinFileList } from '../operands/name-lists.js';
import { nameTails, patchPaths } from '../patch-paths.js';
import { gnuPatchBackups, withBackups } from '../operands/patch-files.js';
import { withoutTextWildcards } from '../path-glob.js';
import type { Redirect, Stmt } from './ast.js';
import { markUnverifiable, type Walk } from './walk.js';
import { wordValue, type WordValue } from './words.js';
import { namesStandardInput } from './wrappers.js';

/** Redirections that can set standard input. */
export const INPUT_REDIRECTS: ReadonlySet<string> = new Set(['<', '<<', '<<-', '<<<', '<>', '<&']);

/**
 * What a command reading standard input gets from this statement, or else from the command
 * around it that sets its input (`{ xargs cat; } <<< .env`, `xargs cat <<< .env &`): literal
 * text (a here-doc or here-string), `unknown` (a file, a pipe, the caller's input, a
 * non-literal body), or `several` input redirections: the last one wins (`bash <<< ls <
 * evil.sh` reads evil.sh) and ours do not keep descriptor numbers, so which one is standard
 * input is not known. (A command inside reads the input first: the others get what is left,
 * and are checked as if they got it all.)
 */
export function stdinOf(stmt: Stmt, walk: Walk): { kind: 'text'; text: string } | { kind: 'built' } | { kind: 'unknown' } | { kind: 'several' } {
  let inputs: readonly Redirect[] = stmt.redirects.filter((r) => INPUT_REDIRECTS.has(r.op));
  const around = walk.inputs[walk.inputs.length - 1];
  if (inputs.length === 0 && around !== undefined) {
    if (around === 'pipe') return { kind: 'unknown' };
    inputs = around;
  }
  if (inputs.length > 1) return { kind: 'several' };
  const r = inputs[0];
  const body = r === undefined ? undefined : (r.op === '<<' || r.op === '<<-') && r.heredoc ? wordValue(r.heredoc) : r.op === '<<<' ? wordValue(r.word) : undefined;
  // `built`: a here-string or here-doc whose text the line makes when it runs (`<<< "$CODE"`).
  return body === undefined ? { kind: 'unknown' } : body.literal ? { kind: 'text', text: body.text } : { kind: 'built' };
}

/** Literal text a shell reading standard input would get from this statement, if known. */
export function stdinScript(stmt: Stmt, walk: Walk): string | undefined {
  const stdin = stdinOf(stmt, walk);
  return stdin.kind === 'text' ? stdin.text : undefined;
}

/** The literal text of a statement's standard input (a here-string or a here-doc), or undefined. */
export function literalStdin(stmt: Stmt, walk: Walk, reader: string): string | undefined {
  const stdin = stdinOf(stmt, walk);
  if (stdin.kind === 'several') {
    markUnverifiable(walk, `\`${reader}\` with more than one input redirection`);
    return undefined;
  }
  return stdin.kind === 'text' ? stdin.text : undefined;
}

/** Whether the line sets the statement's standard input: its own redirection, or a pipe or redirection of a command around it. */
export function inputGiven(stmt: Stmt, walk: Walk): boolean {
  return walk.inputs.length > 0 || stmt.redirects.some(setsInput);
}

/** Whether a redirection sets standard input (`< f`, `0<&3`, a here-string), not another descriptor. */
function setsInput(r: Redirect): boolean {
  return INPUT_REDIRECTS.has(r.op) && (r.fd === undefined || r.fd === '0');
}

/**
 * The file names a program reads from a literal standard input (`tar -cf - -T - <<< .env`),
 * one word each, checked like arguments; none when it reads no names there or the input is
 * not literal (a pipe: known only at run time).
 */
export function stdinNames(words: readonly string[], stmt: Stmt, walk: Walk): WordValue[] {
  const separator = stdinFileList(words);
  const program = stdinProgram(words);
  if (separator === undefined && program === undefined) return [];
  const text = literalStdin(stmt, walk, words[0] ?? '');
  const escapes = SHELL_ESCAPE_READERS.get(words[0] ?? '');
  if (escapes !== undefined && (text === undefined ? escapes === 'any-input' && inputGiven(stmt, walk) : SHELL_ESCAPE.test(text))) {
    const given = text === undefined ? ', and this line gives it an input not known' : `: \`${text.slice(0, 80)}\``;
    markUnverifiable(walk, `\`${words[0]}\` runs the shell commands its input gives (\`!\`, \`system\`)${given}`);
  }
  if (text === undefined) return [];
  // A compiler reads the files its source includes (`gcc -E -x c - <<< '#include "secrets/key"'`,
  // rustc's `include_str!`), read here as code's names are; a name the preprocessor or a macro
  // makes (`#include S(...)`, `include_str!(concat!(…))`) or a line splice is unverifiable (red team 47).
  if (program === 'code' && isCompiler(words[0] ?? '') && COMPUTED_INCLUDE.test(text)) markUnverifiable(walk, `\`${words[0]}\` includes a file whose name its input makes`);
  // An interpreter's program given as a here-string: the file names its text holds, each a word
  // (`open(".env")` gives `.env`), and the patterns its quoted strings hold (`glob.glob('*/*')`).
  if (program === 'code') return codeTokens(text, STDIN_DOCUMENT_READERS.has(words[0] ?? '')).map((token) => ({ text: token, literal: true, pattern: /[*?[]/.test(token) }));
  // A document xmllint reads from its input loads the files its entities and XIncludes name.
  if (program === 'document') return [...text.matchAll(/\b(?:SYSTEM|PUBLIC\s+(?:"[^"]*"|'[^']*'))\s+(?:"([^"]*)"|'([^']*)')|\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => ({ text: m[1] ?? m[2] ?? m[3] ?? m[4]!, literal: true, pattern: false }));
  return text.split(separator!).filter((t) => t !== '').map((text) => ({ text, literal: true, pattern: /[*?[]/.test(text) }));
}

/**
 * The tokens of program text that may name a file: split at blanks, quotes, brackets and
 * operators; none with a wildcard or a control character, but a program's quoted strings with
 * a wildcard in them are patterns it may expand (`glob.glob('*.pem')`, ruby's `Dir["**"]`;
 * a wildcard standing alone between blanks is text, as in `withoutTextWildcards`). A document's (`urls`: pandoc's,
 * esbuild's) also as its reader opens them: with a `?query` or `#hash` cut off (esbuild opens
 * `./.env?raw` as ./.env when no file has that name), and percent escapes decoded (pandoc
 * opens `secr%65ts/key` as secrets/key; `%2a` is a `*` in a name, read as written, so a
 * decoded reading keeps its wildcards and control characters), each reading a token of its own.
 */
const MAX_CODE_TOKENS = 256;

const MAX_NAMED_TOKENS = 2048;

function codeTokens(text: string, urls = false): string[] {
  const tokens = new Set<string>();
  const keep = (token: string, decoded: boolean): void => {
    if (token.length === 0 || token.length > 4096 || !/[A-Za-z0-9_~./-]/.test(token)) return;
    if (decoded ? token.includes('\u0000') : /[*?\u0000-\u001f]/.test(token)) return;
    tokens.add(token);
  };
  const words = text.split(/[\s'"`()[\]{},;=+<>|&!]+/);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    // Past the first bound only tokens with a `.` or a `/` (a file's look) are kept; past the
    // second the rest stays one word, in which file-name globs still see every name.
    if (tokens.size >= MAX_NAMED_TOKENS) {
      tokens.add(words.slice(i).join(' '));
      break;
    }
    if (tokens.size >= MAX_CODE_TOKENS && !/[./]/.test(word)) continue;
    keep(word, false);
    if (urls) {
      const cut = word.replace(/[?#].*$/s, '');
      keep(cut, false);
      for (const reading of word.includes('%') ? [word, cut] : []) {
        const decoded = percentDecodedBytes(reading);
        keep(decoded, decoded !== reading);
        keep(decoded.replace(/[?#].*$/s, ''), false);
      }
    }
  }
  if (!urls) {
    for (const m of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)) {
      for (const piece of withoutTextWildcards(m[1] ?? m[2]!).split(/\s+/)) {
        if (/[*?]/.test(piece) && piece.length <= 4096 && !/[\u0000-\u001f]/.test(piece)) tokens.add(piece);
      }
    }
  }
  return [...tokens];
}

const STDIN_INTERPRETERS: ReadonlySet<string> = new Set(['python', 'python2', 'python3', 'node', 'perl', 'ruby', 'php', 'lua']);

// Other interpreters and REPLs that take a program from their input (`julia <<< 'read(".env")'`,
// `R --no-save < x.R`, `tclsh`, `irb`, `ghci`, `jshell -`, `osascript`): their options are not
// read, so a literal input is read as code whether or not a script or `-e` is given too.
const STDIN_CODE_READERS: ReadonlySet<string> = new Set([
  'julia', 'R', 'Rscript', 'tclsh', 'wish', 'deno', 'bun', 'guile', 'racket', 'sbcl', 'clisp', 'irb', 'ghci', 'jshell',
  'osascript', 'gnuplot', 'octave', 'scala', 'erl', 'iex', 'elixir', 'swift', 'gforth',
]);

// Programs whose input commands include a shell escape that runs any command: dc's `!cmd`,
// ftp's and sftp's `!cmd`, gnuplot's `!cmd` and `system`, the MySQL and MariaDB clients'
// `system cmd` and `\! cmd`. A literal input holding one is unverifiable; its names are read.
// An input the line gives them otherwise (a pipe, a file) is unverifiable too, as ed's and vim's
// (`any-input`), except for the SQL clients, whose input is a dump or a schema far more often
// than commands: such a file is as safe as any script the line runs.
const SHELL_ESCAPE_READERS: ReadonlyMap<string, 'any-input' | 'literal-input'> = new Map([
  ['dc', 'any-input'], ['ftp', 'any-input'], ['sftp', 'any-input'], ['lftp', 'any-input'], ['gnuplot', 'any-input'],
  ['mysql', 'literal-input'], ['mariadb', 'literal-input'],
]);

const SHELL_ESCAPE = /(?:^|\n)\s*(?:!|\\!|system\b)|\bsystem\s*\(/;

// Programs whose input, when they read it, names files they read in a syntax of its own: pandoc
// embeds or includes what a document names (`![](x)`, `<img src=x>`, `\includegraphics{x}`,
// `\input{x}`, `css:` metadata), esbuild bundles what an entry read from its input imports.
const STDIN_DOCUMENT_READERS: ReadonlySet<string> = new Set(['pandoc', 'esbuild']);

// Compilers reading a source from their input (`-`): the C family's drivers and rustc.
const isCompiler = (name: string): boolean => isCompilerDriver(name) || name === 'rustc';

// An include whose name is not written out as a string (`#include NAME`, `%:include`, `??=include`,
// `#embed S(x)`, `include_str!(concat!(…))`), and a line splice or trigraph that may join one.
const COMPUTED_INCLUDE = /(?:^|\n)[ \t]*(?:#|%:|\?\?=)[ \t]*(?:include(?:_next)?|import|embed)\b(?![ \t]*["<])|__has_include|\\\r?\n|\?\?\/|\binclude(?:_str|_bytes)?![ \t]*[(\[{](?![ \t]*r?#*")|\.incbin\b(?![ \t]*\\?")/;

/**
 * What a command reads from its standard input besides a file list: `code` for an interpreter
 * given no script and no code option (`python3 <<< 'open(".env")'`) and for pandoc and esbuild
 * (their options are not read: an input an operand leaves unread is checked all the same),
 * `document` for xmllint reading `-`; undefined otherwise.
 */
export function stdinProgram(words: readonly string[]): 'code' | 'document' | undefined {
  const [program = '', ...args] = words;
  if (isCompiler(program)) return args.some((w) => w === '-' || w === '/dev/stdin') ? 'code' : undefined;
  if (program === 'xmllint' && args.includes('-')) return 'document';
  if (STDIN_DOCUMENT_READERS.has(program) || STDIN_CODE_READERS.has(program) || SHELL_ESCAPE_READERS.has(program)) return 'code';
  if (!STDIN_INTERPRETERS.has(program)) return undefined;
  const operand = args.find((w) => !w.startsWith('-') || w === '-');
  if (operand !== undefined && !namesStandardInput(operand)) return undefined;
  if (args.some((w) => /^-[A-Za-z]*[cemEpr]/.test(w) && !w.startsWith('--') || /^--(?:eval|print|require|import)/.test(w))) return undefined;
  return 'code';
}

/** Programs that apply a patch read from their input when no patch file is named. */
export function readsPatch(name: string, values: WordValue[], at: number): boolean {
  if (name === 'patch' || name === 'apply_patch' || name === 'applypatch') return true;
  // `apply` after git's own options too (`git -P apply`, `git -c k=v apply`: red team 45);
  // `am`, which applies the patches of the mailbox it reads (red team 46).
  if (name !== 'git') return false;
  const sub = values[at + gitSubcommandAt(values.slice(at).map((v) => v.text))]?.text;
  return sub === 'apply' || sub === 'am';
}

/**
 * The files a patch in the statement's literal input names (patch-paths.ts); a header that
 * cannot be read is unverifiable. `args` are the words after the program: a patch applied
 * with its names stripped by some other count than the one patch-paths.ts reads (`git apply
 * -p2`: `a/b/secrets/k` is `secrets/k`; GNU patch without `-p` keeps the base name alone)
 * writes any tail of each name, so every tail is a file it names (red team 46).
 */
export function patchedFiles(stmt: Stmt, walk: Walk, name: string, args: readonly WordValue[] = []): string[] {
  const text = literalStdin(stmt, walk, name);
  if (text === undefined) return [];
  const found = patchPaths(text, name === 'patch' || name === 'git');
  for (const problem of found.problems) markUnverifiable(walk, `the patch \`${name}\` reads from its input: ${problem}`);
  const names = new Set(found.paths);
  if (stripsOtherwise(name, args)) for (const path of found.paths) for (const tail of nameTails(path)) names.add(tail);
  // GNU patch writes backups and rejects beside each (`patch -b -z pem` makes `k.pem` of `k.`).
  if (name === 'patch') {
    if (args.some((a) => !a.literal)) markUnverifiable(walk, `\`patch\` is given words known only when it runs: the backups it writes cannot be read`);
    withBackups(names, gnuPatchBackups(args.map((a) => a.text)));
  }
  return [...names];
}

/**
 * Whether a patch program may strip another number of leading directories than one (`a/`,
 * `b/`): GNU patch always (no `-p` keeps the base name, `-pN`, `--strip=N`), git apply given
 * `-pN` (in a cluster too, `-Rp2`), or a word not known before the run (`$P`).
 */
function stripsOtherwise(name: string, args: readonly WordValue[]): boolean {
  if (name === 'patch') return true;
  for (const arg of args) {
    if (!arg.literal) return true;
    if (arg.text === '--') return false;
    if (/^-[A-Za-z0-9]*p/.test(arg.text)) return true;
  }
  return false;
}
