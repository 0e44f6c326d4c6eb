// A shell reading its script from standard input (`bash <<< '…'`) may run other commands than
// the script reads as: history expansion rewrites its lines, and a command in it that reads
// standard input takes the lines after it from the shell.
import { programName } from '../program-names.js';
import type { Redirect, Stmt, Word } from './ast.js';
import { parseBash } from './parser.js';
import type { Walk } from './walk.js';
import { baseName, nestedLists, wordValue, type WordValue } from './words.js';
import { namesStandardInput } from './wrappers.js';

// `set -H`, `set -o history`, `set -o histexpand`, `shopt -os history` in a script: history
// expansion from there on.
const turnsOnHistory = /(?:^|[\s;&|(])(?:set\s[^\n]*-[A-Za-z]*H|(?:set|shopt)\s[^\n]*\bhist(?:ory|expand)\b)/;

/**
 * Whether a script may turn on history expansion (`set -H`, `set -o histexpand`): read from
 * its parsed commands, their words as bash resolves them (`se\t -H`, `"set" -H`, `builtin
 * set -H`, `eval 'set -H'` all hold the words `set … -H`); a command word not known (`$x -H`)
 * or a script that does not parse may turn it on.
 */
export function mayTurnOnHistory(script: string, depth: number, walk: Walk): boolean {
  if (turnsOnHistory.test(script)) return true;
  let stmts: Stmt[];
  try {
    stmts = parseBash(script, walk.caps.maxDepth - depth - 1);
  } catch {
    return true;
  }
  const inList = (list: Stmt[]): boolean => list.some(inStmt);
  const inWords = (words: readonly Word[]): boolean => words.flatMap(nestedLists).some(inList);
  const inStmt = (stmt: Stmt): boolean => {
    if (inWords(stmt.redirects.flatMap((r) => (r.heredoc ? [r.word, r.heredoc] : [r.word])))) return true;
    const command = stmt.command;
    if (command === undefined) return false;
    if (command.kind === 'compound') return inWords(command.words) || command.nested.some(inList) || inList(command.body);
    if (inWords(command.assigns.flatMap((a) => (a.value ? [a.value] : []))) || inWords(command.args)) return true;
    const values = command.args.map(wordValue);
    if (values[0] !== undefined && !values[0].literal) return true;
    return turnsOnHistory.test(values.map((v) => v.text).join(' '));
  };
  return inList(stmts);
}

// Commands that never read standard input (a small list on purpose: `rm -i`, `cp -i` prompt on it).
const NON_READING: ReadonlySet<string> = new Set([
  'echo', 'printf', 'ls', 'pwd', 'cd', 'true', 'false', 'test', '[', 'export', 'set', 'unset', 'local', 'declare', 'typeset', 'readonly',
  'mkdir', 'touch', 'date', 'uname', 'whoami', 'id', 'hostname', 'basename', 'dirname', 'sleep', 'exit', 'return', 'shift', ':', 'shopt', 'type',
]);

/**
 * A shell reading its script from standard input shares it with the commands the script
 * runs: `read -n 5 x` eats the next line's `echo `, and bash runs what is left (`id`). The
 * first command of `script` that may read that input (one not known not to read, without an
 * input redirection of its own; in a pipe too, on the safe side) before its last statement,
 * or undefined.
 */
export function stdinScriptReader(script: string, depth: number, walk: Walk): string | undefined {
  let stmts: Stmt[];
  try {
    stmts = parseBash(script, walk.caps.maxDepth - depth - 1);
  } catch {
    return 'the script';
  }
  const inLists = (lists: Stmt[][]): string | undefined => {
    for (const list of lists) {
      const found = inList(list);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const inWords = (words: readonly Word[]): string | undefined => inLists(words.flatMap(nestedLists));
  const inList = (list: Stmt[]): string | undefined => {
    for (const stmt of list) {
      const found = inStmt(stmt);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const inStmt = (stmt: Stmt): string | undefined => {
    const fromRedirects = inWords(stmt.redirects.flatMap((r) => (r.heredoc ? [r.word, r.heredoc] : [r.word])));
    if (fromRedirects !== undefined) return fromRedirects;
    if (stmt.redirects.some(givesOtherInput)) return undefined;
    const command = stmt.command;
    if (command === undefined) return undefined;
    if (command.kind === 'compound') return inWords(command.words) ?? inLists(command.nested) ?? inList(command.body);
    const found = inWords(command.assigns.flatMap((a) => (a.value ? [a.value] : []))) ?? inWords(command.args);
    if (found !== undefined) return found;
    const head = command.args[0] === undefined ? undefined : wordValue(command.args[0]);
    if (head !== undefined && !(head.literal && NON_READING.has(programName(baseName(head.text))))) {
      if (head.literal && namesItsInput(programName(baseName(head.text)), command.args.slice(1).map(wordValue))) return undefined;
      return head.text;
    }
    return undefined;
  };
  // bash parses a whole line (a complete command) before it runs it: what the last statement
  // reads lies after the script, where nothing is left to run.
  return inList(stmts.slice(0, -1));
}

/**
 * Whether a redirection gives a command other input than the shared standard input: a
 * here-doc or here-string, `<&-` (closed), or a literal file that is not standard input
 * again. `<&0`, `< /dev/stdin`, `</dev/fd/0`, `< $f` (any name) and `<&3` (a copy of some
 * descriptor, which `exec 3<&0` may have made) may still read the script.
 */
function givesOtherInput(r: Redirect): boolean {
  if (r.fd !== undefined && r.fd !== '0') return false;
  if (r.op === '<<' || r.op === '<<-' || r.op === '<<<') return true;
  const target = wordValue(r.word);
  if (r.op === '<&') return target.literal && target.text === '-';
  if (r.op !== '<' && r.op !== '<>') return false;
  return target.literal && !/[*?[]/.test(target.text) && !namesStandardInput(target.text);
}

// Commands that read standard input only when given no file operand (or `-`), with their
// options that take the next word as a value (a long option without `=` is taken to, on
// the safe side). grep's first operand is its pattern, unless -e or -f gives one.
const FILE_READERS: ReadonlyMap<string, string> = new Map([
  ['cat', ''], ['head', 'cn'], ['tail', 'cns'], ['wc', ''], ['sort', 'kotST'], ['nl', 'bdfhilnsvw'],
  ['md5sum', ''], ['sha1sum', ''], ['sha256sum', ''], ['grep', 'ABCDdefm'], ['egrep', 'ABCDdefm'], ['fgrep', 'ABCDdefm'],
]);

/**
 * Whether `cat package.json` or `grep -rn TODO .` names the files it reads, so it never
 * reads standard input: an operand that is a literal file name (no wildcard, which may
 * match a file named `-`; nor a name of standard input itself), and no option value that
 * names standard input (`grep -f - x`) nor `--files0-from`.
 */
function namesItsInput(name: string, args: readonly WordValue[]): boolean {
  const valued = FILE_READERS.get(name);
  if (valued === undefined) return false;
  const grep = name.endsWith('grep');
  const operands: WordValue[] = [];
  let patternGiven = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.literal) return false; // `$f` may be `-`, or empty
    if (arg.text === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (!arg.text.startsWith('-') || arg.text === '-') {
      operands.push(arg);
      continue;
    }
    let value: { text: string; literal: boolean } | undefined;
    if (arg.text.startsWith('--')) {
      if (arg.text.startsWith('--files0-from')) return false;
      if (/^--(?:regexp|file)\b/.test(arg.text)) patternGiven = true;
      if (arg.text.includes('=')) value = { text: arg.text.slice(arg.text.indexOf('=') + 1), literal: true };
      else value = args[++i];
    } else {
      for (let k = 1; k < arg.text.length; k++) {
        if (!valued.includes(arg.text[k]!)) continue;
        if (grep && (arg.text[k] === 'e' || arg.text[k] === 'f')) patternGiven = true;
        value = k + 1 < arg.text.length ? { text: arg.text.slice(k + 1), literal: true } : args[++i];
        break;
      }
    }
    if (value !== undefined && (!value.literal || namesStandardInput(value.text))) return false;
  }
  const files = grep && !patternGiven ? operands.slice(1) : operands;
  return files.length > 0 && files.every((f) => f.literal && !/[*?[]/.test(f.text) && !namesStandardInput(f.text));
}
