// The shell's builtins that do more than their words show: those that run a string as
// commands (`eval`, `trap`, `compgen -C`; `watch` runs its words as eval does) and those that
// set shell options or variables which change what later commands run (`set -k`, `setopt
// nocaseglob`, `read PATH`, `declare -n`, `declare -l`).
import { emitWords } from './emit.js';
import { runWords } from './simple-commands.js';
import { collectAs, collectFromSource } from './statements.js';
import { markUnverifiable, type Walk } from './walk.js';
import { literalPrefix, type WordValue } from './words.js';
import { isRiskyVariable, isShellInterpreter, skipWrapperOptions } from './wrappers.js';
import { zshOptionChanges, zshOptionName } from './zsh.js';

// Builtins whose operands name variables (`read NAME`, `printf -v NAME`, `declare NAME=v`).
export const namesVariables: ReadonlySet<string> = new Set(['read', 'printf', 'declare', 'typeset', 'local', 'export', 'readonly', 'unset', 'mapfile', 'readarray', 'getopts']);

/**
 * Whether `setopt`, `unsetopt`, `set -o`/`+o` or a zsh command line turns zsh's CASE_GLOB off
 * (names are matched in any case), however spelled (zshOptionChanges: any case, `_`
 * anywhere, `no` before a name turning it the other way, `--nocaseglob`, `-onocaseglob`).
 */
export function turnsOffZshCaseGlob(name: string, args: readonly WordValue[]): boolean {
  // `emulate zsh -o nocaseglob -c '…'`: emulate's options read as setopt's.
  const kind = name === 'setopt' || name === 'unsetopt' || name === 'set' ? name : name === 'emulate' ? 'setopt' : isShellInterpreter(name) ? 'shell' : undefined;
  if (kind === undefined) return false;
  return zshOptionChanges(kind, args.map((a) => a.text), CASE_GLOB).some((c) => c.option === 'caseglob' && !c.on);
}

const CASE_GLOB: ReadonlySet<string> = new Set(['caseglob']);

/**
 * Whether `shopt`, a shell's command line (`bash -O dotglob`, `zsh -o globdots`, zsh's letter
 * `-4`), `set -o`, `setopt`, `unsetopt` or `emulate … -o` names the option that makes wildcards
 * match dot files: bash's dotglob, zsh's GLOB_DOTS (also spelt DOT_GLOB), in any spelling zsh
 * accepts (case, `_`, a `no` before it). Any mention counts, on or off: simpler, and rare.
 * (GLOBIGNORE, FIGNORE, BASHOPTS and SHELLOPTS are risky variables: wrappers.ts.)
 */
export function namesDotGlob(name: string, args: readonly WordValue[]): boolean {
  const shell = isShellInterpreter(name);
  if ((name === 'shopt' || shell) && args.some((a) => /dotglob/i.test(a.text))) return true;
  const kind = name === 'setopt' || name === 'unsetopt' || name === 'set' ? name : name === 'emulate' ? 'setopt' : shell ? 'shell' : undefined;
  if (kind === undefined) return false;
  if (args.some((a) => /globdots|dotglob/.test(zshOptionName(a.text)))) return true;
  return zshOptionChanges(kind, args.map((a) => a.text), DOT_GLOB).some((c) => DOT_GLOB.has(c.option));
}

const DOT_GLOB: ReadonlySet<string> = new Set(['globdots', 'dotglob']);

/**
 * Whether `setopt`, `unsetopt`, `set -o`/`+o`, `emulate … -o` or a zsh command line names a zsh
 * option that gives wildcards a syntax bash has not, which the path readings do not follow:
 * EXTENDED_GLOB (`#`, `##`, `~`, `^`: `.en#v` and `.e^xnv` match .env) and BRACE_CCL (`.{e}nv`
 * is .env). Any mention counts, on or off, in any spelling zsh accepts (zshOptionName).
 * (Checked in zsh 5.9.)
 */
export function namesZshGlobSyntax(name: string, args: readonly WordValue[]): boolean {
  const kind = name === 'setopt' || name === 'unsetopt' || name === 'set' ? name : name === 'emulate' ? 'setopt' : isShellInterpreter(name) ? 'shell' : undefined;
  if (kind === undefined) return false;
  // A shell's script is no option name (`zsh -c 'grep braceccl notes'`): its options are read below.
  if (kind !== 'shell' && args.some((a) => /extendedglob|braceccl/.test(zshOptionName(a.text)))) return true;
  return zshOptionChanges(kind, args.map((a) => a.text), ZSH_GLOB_SYNTAX).some((c) => ZSH_GLOB_SYNTAX.has(c.option));
}

const ZSH_GLOB_SYNTAX: ReadonlySet<string> = new Set(['extendedglob', 'braceccl']);

/**
 * Whether `setopt -m`/`unsetopt -m` takes its names as patterns (`setopt -m 'glob?ots'` turns
 * GLOB_DOTS on, and any other option its pattern matches): what it changes is not read.
 */
export function setsZshOptionsByPattern(name: string, args: readonly WordValue[]): boolean {
  if (name !== 'setopt' && name !== 'unsetopt') return false;
  return args.some((a) => /^[-+][A-Za-z0-9]*m/.test(a.text));
}

/** `eval ARGS` and `watch [opts] ARGS` run their arguments joined by spaces as shell. */
export function runStringCommand(name: string, values: WordValue[], at: number, depth: number, walk: Walk, redirects: string[]): void {
  let start = at + 1;
  if (name === 'watch') {
    const skip = skipWrapperOptions({ shortWithValue: 'nq', longWithValue: ['--interval', '--equexit'] }, values, at);
    if (skip.kind !== 'command') {
      if (skip.kind === 'unverifiable') markUnverifiable(walk, skip.reason);
      emitWords(walk, values.slice(at), redirects);
      return;
    }
    start = skip.start;
    // watch -x runs its arguments directly instead of through sh -c.
    if (values.slice(at + 1, start).some((v) => v.text === '-x' || v.text === '--exec')) {
      runWords(values, start, depth + 1, walk, redirects, { redirects: [] });
      return;
    }
  }
  // `eval -- 'rm x'`: bash's eval takes `--` as the end of (no) options.
  if (name === 'eval' && values[start]?.text === '--') start++;
  const rest = values.slice(start);
  if (rest.length === 0) return;
  const opaque = rest.find((v) => !v.literal);
  if (opaque) {
    markUnverifiable(walk, `\`${name}\` of a non-literal argument: \`${opaque.text}\``);
    emitWords(walk, values.slice(at), redirects);
    return;
  }
  // `eval cat src/*.ts`: the names the wildcard expands to become shell code (a file named
  // `x;id;.ts` runs id), and an agent can name a file as it likes.
  const names = rest.find(expandsFileNames);
  if (names) {
    markUnverifiable(walk, `\`${name}\` runs as shell code the file names \`${names.text}\` expands to`);
    emitWords(walk, values.slice(at), redirects);
    return;
  }
  collectAs(name === 'watch' ? true : undefined, rest.map((v) => v.text).join(' '), depth + 1, walk); // watch runs `sh -c`
}

/** Whether the shell expands a word to file names: a wildcard character outside quotes (`src/*.ts`, `\\*` aside is not told apart: the careful side). */
function expandsFileNames(value: WordValue): boolean {
  const parts = value.word?.parts;
  if (parts === undefined) return value.pattern && /[*?[]/.test(value.text);
  return parts.some((p) => p.kind === 'literal' && !p.quoted && /[*?[]/.test(p.value));
}

/**
 * `set -k` (`-o keyword`) puts every NAME=value word of later commands into their environment
 * (`ls LD_PRELOAD=./x.so`); `set -H` / `-o history` turn on history expansion, which rewrites
 * later lines of a script read from input; zsh's `set -A NAME …` (`+A`) assigns the array NAME
 * (`set -A path src` is PATH=src).
 */
export function checkSetOptions(args: WordValue[], walk: Walk): void {
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!.text;
    if (w === '--' || !/^[-+]/.test(w)) return;
    if (w.startsWith('-') && /^-[A-Za-z]*k/.test(w)) markUnverifiable(walk, '`set -k` puts every NAME=value word of a command into its environment');
    if (/^[-+][A-Za-z]*o$/.test(w) && w.startsWith('-') && args[i + 1]?.text === 'keyword') markUnverifiable(walk, '`set -o keyword` puts every NAME=value word of a command into its environment');
    if (/^[-+][A-Za-z]*A$/.test(w)) {
      const variable = args[i + 1]?.text;
      if (variable === undefined) return;
      if (!args[i + 1]!.literal || isRiskyVariable(variable)) markUnverifiable(walk, `\`set ${w} ${variable.slice(0, 40)}\` sets an array that changes what runs`);
      return;
    }
    if (/^[-+][A-Za-z]*o$/.test(w)) i++;
  }
}

/**
 * Builtins that set the variables their arguments name: `read PATH`, `mapfile -t PATH`,
 * `getopts o PATH`, `printf -v PATH /tmp/x` (then `ls` runs /tmp/x/ls). Any argument naming
 * a risky variable counts (an option's value that only spells one too: the safe side). And
 * `declare -n r=PATH; r=/tmp/x`: a name reference sets whatever it names, so every one is refused.
 */
export function checkVariableSetters(name: string, args: WordValue[], walk: Walk): void {
  if (name === 'read' || name === 'mapfile' || name === 'readarray' || name === 'getopts' || name === 'printf') {
    for (const arg of args) {
      // `-vPATH`, `-aPATH`: the name attached to its option; `BASH_CMDS[ls]`: an element of the
      // variable, set as much as the variable is.
      const variable = (name === 'printf' || /^-[A-Za-z]*[av]/.test(arg.text) ? arg.text.replace(/^-[A-Za-z]*[av]/, '') : arg.text).replace(/\[[^]*$/, '');
      if (isRiskyVariable(variable) || isRiskyVariable(arg.text.replace(/\[[^]*$/, ''))) {
        if (name === 'printf' && !args.some((a) => a.text.startsWith('-v'))) continue; // `printf PATH` only prints
        markUnverifiable(walk, `\`${name}\` sets \`${isRiskyVariable(variable) ? variable : arg.text}\`, which changes what runs`);
      }
    }
  }
  if ((name === 'declare' || name === 'typeset' || name === 'local') && args.some((a) => /^-[A-Za-z]*n/.test(a.text))) {
    markUnverifiable(walk, `\`${name} -n\` makes a name reference, which can set any variable`);
  }
}

/** `export PATH=...` changes what later commands run; `declare -a 'a=($(id))'` expands
 * the quoted array text again, like eval. */
export function checkDeclaration(name: string, args: WordValue[], walk: Walk): void {
  // Options as bash reads them, once quotes are gone (`declare -"i" n` is `declare -i n`);
  // a word not known (`declare "$o" x`) may be any option.
  const unknown = args.some((a) => !a.literal && !/^[A-Za-z_]/.test(literalPrefix(a)));
  const options = args.filter((a) => a.literal && a.text.startsWith('-')).map((a) => a.text);
  // A case or width attribute (bash's `-l`, `-u`, `-c`; zsh's `-L N`, `-R N`, `-Z N`).
  const caseOption = options.some((o) => /^-[A-Za-z0-9]*[lucLRZ]/.test(o));
  if (unknown || caseOption) {
    for (const arg of args) {
      const variable = /^([A-Za-z_][A-Za-z0-9_]*)(?:$|\[|=|\+=)/.exec(arg.text)?.[1];
      if (variable !== undefined) walk.caseAttributed.add(variable);
      // `declare -l "$n"`: a name not known, whose later values cannot be followed.
      else if (!arg.literal && caseOption) markUnverifiable(walk, `\`${name}\` gives a case or width attribute to a variable not known: \`${arg.text.slice(0, 80)}\``);
    }
  }
  // `declare -i n; read n < f`: every value n is given is evaluated as arithmetic.
  if (unknown || options.some((o) => /^-[A-Za-z0-9]*i/.test(o))) {
    walk.arithmetic = true;
    walk.arithmeticReadsAny = true;
  }
  for (const arg of args) {
    const variable = /^([A-Za-z_][A-Za-z0-9_]*)(\[|=|\+=)/.exec(arg.text)?.[1];
    if (variable !== undefined && isRiskyVariable(variable, arg.literal && arg.text.startsWith(`${variable}=`) ? arg.text.slice(variable.length + 1) : undefined)) {
      markUnverifiable(walk, `\`${name} ${variable}\` changes what later commands run`);
    }
    if (/=\(/.test(arg.text) && /[$`]/.test(arg.text)) markUnverifiable(walk, `\`${name}\` of an array value with expansions`);
  }
}

// The options of `compgen` and `complete` that take a value (bash's internal getopt: in a
// cluster, attached or as the next word).
const completionValued = 'oAGWFCXPSV';

/**
 * `compgen -C 'cmd'` runs cmd (complete -C on completion): check it as a command string.
 * `compgen -W 'list'` expands its word list as the shell expands words, running any
 * `$(...)` in it: unverifiable when it holds an expansion.
 */
export function runCompletionOptions(name: string, values: WordValue[], at: number, depth: number, walk: Walk): void {
  for (let i = at + 1; i < values.length; i++) {
    const word = values[i]!;
    if (word.text === '--' || !word.text.startsWith('-') || word.text === '-') return;
    for (let k = 1; k < word.text.length; k++) {
      const letter = word.text[k]!;
      if (!completionValued.includes(letter)) continue;
      const attached = k < word.text.length - 1;
      const value = attached ? { text: word.text.slice(k + 1), literal: word.literal } : values[i + 1];
      if (!attached) i++;
      if (value === undefined) return;
      if (letter === 'C') {
        if (value.literal) collectFromSource(value.text, depth + 1, walk);
        else markUnverifiable(walk, `command of \`${name} -C\` is not a literal: \`${value.text}\``);
      } else if (letter === 'W' && (!value.literal || /[$`]/.test(value.text))) {
        markUnverifiable(walk, `\`${name} -W\` expands its word list, running what it substitutes: \`${value.text.slice(0, 80)}\``);
      }
      break;
    }
  }
}

/** `trap 'CMD' SIGNAL...` runs CMD later, in this shell: check it now. */
export function runTrap(values: WordValue[], at: number, depth: number, walk: Walk): void {
  // `trap -- 'cmd' EXIT`: `--` ends the options.
  const start = values[at + 1]?.text === '--' ? at + 1 : at;
  const action = values[start + 1];
  if (action === undefined || values.length < start + 3) return; // `trap`, `trap -p`: listing only
  if (action.text.startsWith('-')) return; // `trap - INT` resets, `trap -l` lists
  if (!action.literal) {
    markUnverifiable(walk, `\`trap\` of a non-literal command: \`${action.text}\``);
    return;
  }
  collectFromSource(action.text, depth + 1, walk);
}
