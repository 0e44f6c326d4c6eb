// From a syntax tree to the simple commands policy checks see: every command that could
// run, wherever it hides, with assignments stripped and wrappers unwrapped.
import type { SimpleCommand } from '../../types.js';
import type { Assign, Redirect, Stmt, Word, WordPart } from './ast.js';
import { DepthExceeded, ShellSyntaxError, UnsupportedSyntax } from './errors.js';
import { parseBash } from './parser.js';
import {
  commandOptionRunners,
  findCommandOption,
  isRiskyVariable,
  isReadPathVariable,
  isWrittenPathVariable,
  writtenVariablePath,
  isShellInterpreter,
  opaqueRunners,
  readShellInvocation,
  runnerFiles,
  skipWrapperOptions,
  namesStandardInput,
  packageProgram,
  defaultRunners,
  foreignShells,
  installableProgram,
  runnerGlobals,
  runners,
  subcommandAt,
  wrappers,
  wrapperChdir,
  wrapperFiles,
  wrapperPathWords,
  readWords,
  type WrapperOption,
  type WrapperSpec,
} from './wrappers.js';
import { findStartingPoints, gitSubcommandAt, ownDirectories, stdinFileList } from '../file-operands.js';
import { nameOf, within } from '../within.js';
import { commandsInCode, inlineCode, interpreterScript, languageOf, pythonModuleCode, readsInputAsCodeToo } from './code-commands.js';
import { containerCommand } from './containers.js';
import { hasRunningOptions, hiddenCommands, npmCallsCommandLine, npmOwnWords } from './hidden-commands.js';
import { sshRemoteCommand } from './ssh.js';
import { zshClobberTarget, zshOptionChanges, zshReading } from './zsh.js';
import { abbreviatedName, longName, optionValues } from '../options.js';
import { percentDecodedBytes } from '../extract-paths.js';
import { programName } from '../program-names.js';
import { patchPaths } from '../patch-paths.js';
import { withoutTextWildcards } from '../path-glob.js';
import { collectVariables, DECLARATION_BUILTINS, expandVariables, functionNames } from './variables.js';
import { baseName, expandBraces, MAX_BRACE_WORDS, literalPrefix, nestedLists, singleQuoted, wordValue, type WordValue } from './words.js';
import { CapExceeded, markUnverifiable, noteScript, type Walk } from './walk.js';
import { assignedRunTimeText, noteAssigningExpansions, noteAssignment, noteDeclaredValues, noteReEvaluatingText, notePayload, runTimeText, spellsAssignment, variablesSetFromInput } from './re-evaluation.js';

// Shells that read `((` as two subshells, as POSIX says (dash is Debian's /bin/sh; `sh` may be
// dash wherever it runs). bash, ksh, zsh and mksh read arithmetic.
const posixShell = /^(sh|dash|ash|posh|yash)(-?\d[\d.]*)?$/;

// Shells that read `((` as arithmetic.
const arithmeticShell = /^(bash|rbash|zsh|ksh|ksh93|mksh|pdksh|oksh|lksh)(-?\d[\d.]*)?$/;

/** How a shell named `name` reads `((`: as POSIX says (true), as arithmetic (false), or unknown (undefined). */
function readsPosix(name: string): boolean | undefined {
  return posixShell.test(name) ? true : arithmeticShell.test(name) ? false : undefined;
}

/**
 * Reads `source` as a string a shell runs (see Walk.posix): a POSIX shell's (`posix` true),
 * one that reads `((` as arithmetic (false), or the same shell as around it (undefined).
 */
function collectAs(posix: boolean | undefined, source: string, depth: number, walk: Walk, stdinRedirects: string[] = []): void {
  const around = walk.posix;
  if (posix !== undefined) walk.posix = posix ? around + 1 : 0;
  try {
    collectFromSource(source, depth, walk, stdinRedirects);
  } finally {
    walk.posix = around;
  }
}

/** `((x))` in a POSIX shell: `( (x) )`, the command x in two subshells. */
function readPosixArithmetic(text: string, depth: number, walk: Walk, redirects: string[]): void {
  try {
    collectFromSource(text, depth + 1, walk, redirects);
  } catch (error) {
    if (!(error instanceof ShellSyntaxError || error instanceof UnsupportedSyntax)) throw error;
    markUnverifiable(walk, `a POSIX shell runs \`(${text.slice(0, 80)})\` as a command, which cannot be read`);
  }
}

/**
 * `[[ "$ver" < 2.0 ]]` in a POSIX shell: the command `[[` (none is found) with its input
 * from the file 2.0, which is opened: a read of each such literal file; one not literal
 * (`< $f`) or a wildcard is unverifiable.
 */
function readPosixComparisons(words: Word[], walk: Walk, redirects: string[]): void {
  const files: string[] = [];
  for (const word of words) {
    const file = wordValue(word);
    if (!file.literal || /[*?[]/.test(file.text)) {
      markUnverifiable(walk, `a POSIX shell opens \`${file.text.slice(0, 80)}\` (after \`<\` in \`[[ … ]]\`) as a redirection, which cannot be read`);
      return;
    }
    files.push(file.text);
  }
  emit(walk, { words: [], text: '', redirects: [...redirects, ...files] });
}

/** `time -o f ls` in a POSIX shell: the program `time` with its options (GNU time writes f), read as the wrapper `time`. */
function readPosixTime(timed: Stmt, depth: number, walk: Walk, redirects: string[]): void {
  const call = timed.command;
  if (call?.kind !== 'call') return;
  const time: Word = { parts: [{ kind: 'literal', value: 'time', quoted: false }] };
  visitStatement({ command: { ...call, args: [time, ...call.args] }, redirects: timed.redirects }, depth + 1, walk, redirects);
}

/**
 * `declare -l x; x=.ENV; cat $x` reads .env: the attribute changes every later value of x.
 * checkDeclaration notes the names a declaration gives a case or width attribute, read from
 * its resolved words (`declare "-l" x`, `declare -"l" x` and `declare -l "x"` are bash's
 * `declare -l x`). Values given in the declaration are read with it (variables.ts); such a
 * name that `source` mentions again (`x=`, `for x`, `read x`, `${x:=…}`) is unverifiable.
 */
function checkAttributedAssignments(source: string, walk: Walk): void {
  for (const name of walk.caseAttributed) {
    const mentions = [...source.matchAll(new RegExp(`(?<![$A-Za-z0-9_{#!])${name}(?![A-Za-z0-9_])`, 'g'))].length;
    if (mentions > 1 || new RegExp(`\\$\\{${name}(?:\\[[^\\]]*\\])?:?=`).test(source)) {
      markUnverifiable(walk, `\`${name}\` has a case or width attribute that changes the values it is given later`);
      return;
    }
  }
}

/** Parses `source` at nesting `depth` and adds its simple commands to `walk`. */
export function collectFromSource(source: string, depth: number, walk: Walk, stdinRedirects: string[] = []): void {
  if (source.length > walk.caps.maxLength) throw new CapExceeded('length');
  if (depth > walk.caps.maxDepth) throw new CapExceeded('depth');
  noteReEvaluatingText(source, walk);
  let stmts: Stmt[];
  try {
    stmts = parseBash(source, walk.caps.maxDepth - depth);
  } catch (error) {
    if (error instanceof DepthExceeded) throw new CapExceeded('depth');
    throw error;
  }
  collectVariables(stmts, walk.vars, source);
  for (const name of functionNames(stmts)) walk.functions.add(name);
  if (depth === 0) {
    const steps = andChain(stmts);
    walk.chain = steps === undefined ? undefined : new Set(steps);
    walk.sequential = steps !== undefined;
  }
  visitList(stmts, depth, walk, stdinRedirects);
  checkAttributedAssignments(source, walk);
}

/**
 * The steps of `stmts` when they are one `&&` chain of commands and nothing else
 * (`cd src && make && ls`): each runs only when every one before it succeeded, in the same
 * shell. Undefined for any other shape (`;`, `||`, pipes, groups, `!`, `&`).
 */
function andChain(stmts: Stmt[]): Stmt[] | undefined {
  if (stmts.length !== 1) return undefined;
  const steps: Stmt[] = [];
  const add = (stmt: Stmt): boolean => {
    const command = stmt.command;
    if (command === undefined) return false;
    if (command.kind === 'call') {
      steps.push(stmt);
      return true;
    }
    if (command.and !== true || stmt.redirects.length > 0 || command.body.length !== 2) return false;
    return add(command.body[0]!) && add(command.body[1]!);
  };
  return add(stmts[0]!) ? steps : undefined;
}

function visitList(stmts: Stmt[], depth: number, walk: Walk, inherited: string[]): void {
  if (depth > walk.caps.maxDepth) throw new CapExceeded('depth');
  for (const stmt of stmts) visitStmt(stmt, depth, walk, inherited);
}

function visitNested(lists: Stmt[][], depth: number, walk: Walk): void {
  for (const list of lists) visitList(list, depth + 1, walk, []);
}

/** The command lists hidden in a word (nestedLists); those of `>(cmd)` read what is written there. */
function visitWordLists(word: Word, depth: number, walk: Walk): void {
  for (const part of word.parts) {
    if (part.kind === 'expansion') visitNested(part.nested, depth, walk);
    if (part.kind !== 'substitution') continue;
    const piped = part.source.startsWith('>(');
    if (piped) walk.inputs.push('pipe');
    visitNested([part.body], depth, walk);
    if (piped) walk.inputs.pop();
  }
}

// `${PATH:=/tmp/x}` and `${PATH=/tmp/x}` assign when PATH is unset (or empty), an element too
// (`${BASH_CMDS[ls]:=./x}`), anywhere in the expansion (`${x:-${PATH:=.}}`).
const assigningExpansion = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?:?=/g;

// An ANSI-C string holding an escaped quote inside an expansion's text (`${x:-$'\''}`).
const POSIX_SPLIT_ANSI_C = /\$'(?:[^'\\]|\\.)*\\'/;

/**
 * `$'…'` is bash's: a POSIX shell (dash) reads `$` and a plain '…' string, which ends at a
 * quote bash reads as escaped (`echo $'\';id;echo \''` runs id in dash). Under a POSIX
 * reading (`sh -c`, the top level) such a word is unverifiable, and so is one with `..`
 * (dash's relative `$/../x` climbs elsewhere than bash's `/x`). Others split the same in both
 * and name, to dash, text starting with `$` (a name in the working directory): read as bash's.
 */
function notePosixWord(walk: Walk, word: Word | undefined): void {
  if (word === undefined || walk.posix === 0) return;
  for (const p of word.parts) {
    // bash's old arithmetic `$[ … ]` is text to dash, which reads the `<`, `>`, `|`, `;` and
    // `&` inside as operators (`cat $[ 0 - 1 < key ]` runs cat reading key, `echo $[ 1 | id ]`
    // runs id): refused under a POSIX reading, as rare in agent commands (`$((…))` is the form).
    if (p.kind === 'expansion' && p.source.includes('$[')) {
      markUnverifiable(walk, `\`${p.source.slice(0, 80)}\`: bash's old arithmetic \`$[…]\` is text to a POSIX shell (dash), which reads the \`<\`, \`>\` or \`|\` inside as redirections and pipes`);
      continue;
    }
    if (p.kind === 'literal' ? p.posixOtherwise === true : p.kind === 'expansion' && POSIX_SPLIT_ANSI_C.test(p.source)) {
      markUnverifiable(walk, 'a `$\'…\'` string holding a quote or `..`: a POSIX shell (dash) reads `$` and a plain string, which ends at that quote (what follows is read as commands) or names another path');
    }
  }
}

// Builtins whose operands name variables (`read NAME`, `printf -v NAME`, `declare NAME=v`).
const namesVariables: ReadonlySet<string> = new Set(['read', 'printf', 'declare', 'typeset', 'local', 'export', 'readonly', 'unset', 'mapfile', 'readarray', 'getopts']);

// Commands whose arguments become variables (`set -- $(cat f)` sets $1).
const setsFromArguments: ReadonlySet<string> = new Set(['set', 'declare', 'typeset', 'local', 'export', 'readonly', 'let']);

/**
 * Whether `setopt`, `unsetopt`, `set -o`/`+o` or a zsh command line turns zsh's CASE_GLOB off
 * (names are matched in any case), however spelled (zshOptionChanges: any case, `_`
 * anywhere, `no` before a name turning it the other way, `--nocaseglob`, `-onocaseglob`).
 */
function turnsOffZshCaseGlob(name: string, args: readonly WordValue[]): boolean {
  // `emulate zsh -o nocaseglob -c '…'`: emulate's options read as setopt's.
  const kind = name === 'setopt' || name === 'unsetopt' || name === 'set' ? name : name === 'emulate' ? 'setopt' : isShellInterpreter(name) ? 'shell' : undefined;
  if (kind === undefined) return false;
  return zshOptionChanges(kind, args.map((a) => a.text), CASE_GLOB).some((c) => c.option === 'caseglob' && !c.on);
}
const CASE_GLOB: ReadonlySet<string> = new Set(['caseglob']);

/** A word zsh reads otherwise (shell/zsh.ts) makes the command unverifiable. */
function noteZshReading(walk: Walk, word: Word): void {
  if (walk.unverifiable !== undefined) return;
  const why = zshReading(word);
  if (why !== undefined) markUnverifiable(walk, why);
}

function visitWords(words: Word[], depth: number, walk: Walk): void {
  for (const word of words) {
    noteZshReading(walk, word);
    notePosixWord(walk, word);
    noteAssigningExpansions(walk, word);
    notePayload(walk, word);
    if (word.parts.some((p) => p.kind === 'expansion' && p.nested.length > 0)) walk.runTimeText = true; // `$(( $(cat f) ))`, `${x:=$(cat f)}`
    for (const part of word.parts) {
      if (part.kind !== 'expansion') continue;
      for (const m of part.source.matchAll(assigningExpansion)) {
        if (isRiskyVariable(m[1]!)) markUnverifiable(walk, `\`${part.source.slice(0, 80)}\` sets \`${m[1]}\`, which changes what runs`);
      }
    }
    visitWordLists(word, depth, walk);
  }
}

function visitStmt(stmt: Stmt, depth: number, walk: Walk, inherited: string[]): void {
  if (walk.chain === undefined || !walk.chain.has(stmt)) return visitStatement(stmt, depth, walk, inherited);
  const before = walk.commands.length;
  visitStatement(stmt, depth, walk, inherited);
  // A step that ran no command of its own (`x=1`, or `x=$(cd ..)`, whose one command ran in a
  // subshell) or several (`bash -c 'a; b'`, `$(...)`): the commands no longer line up with the chain's steps.
  const own = stmt.command?.kind === 'call' && stmt.command.args.length > 0;
  if (!own || walk.commands.length !== before + 1) walk.sequential = false;
}

function visitStatement(stmt: Stmt, depth: number, walk: Walk, inherited: string[]): void {
  const redirects = [...inherited, ...redirectTargets(stmt.redirects, depth, walk)];
  const command = stmt.command;
  if (command === undefined) {
    if (redirects.length > 0) emit(walk, { words: [], text: '', redirects });
    return;
  }
  if (command.kind === 'compound') {
    // `for PATH in /tmp/x; do ls; done` runs /tmp/x/ls.
    if (command.loopVar !== undefined && isRiskyVariable(command.loopVar)) markUnverifiable(walk, `a loop over \`${command.loopVar}\` changes what runs`);
    // A loop variable takes each item (`for x in $(cat f) *`); `(( $(cat f) ))` evaluates the output.
    if (command.nested.length > 0) walk.runTimeText = true;
    if (command.loopVar !== undefined) {
      for (const w of command.words) noteAssignment(walk, command.loopVar, w);
      if (command.words.some((w) => runTimeText(w, true))) walk.runTimeVars.add(command.loopVar);
    } else if (command.words.some((w) => runTimeText(w, false))) walk.runTimeText = true;
    if (command.loopVar !== undefined && command.words.some(spellsAssignment)) walk.assignmentValue = true;
    if (command.posixReading !== undefined && walk.posix > 0) readPosixArithmetic(command.posixReading, depth, walk, redirects);
    if (command.posixHazard !== undefined && walk.posix > 0) markUnverifiable(walk, command.posixHazard);
    if (command.posixReads !== undefined && walk.posix > 0) readPosixComparisons(command.posixReads, walk, redirects);
    if (command.posixTime && walk.posix > 0) readPosixTime(command.body[0]!, depth, walk, redirects);
    visitWords(command.words, depth, walk);
    visitNested(command.nested, depth, walk);
    // Redirections of a compound command apply to every command inside it, its input too.
    if (command.repeats) walk.repeating++;
    const inputs = stmt.redirects.filter((r) => INPUT_REDIRECTS.has(r.op));
    if (inputs.length > 0) walk.inputs.push(inputs);
    if (command.pipe) {
      visitList(command.body.slice(0, 1), depth + 1, walk, redirects);
      walk.inputs.push('pipe');
      visitList(command.body.slice(1), depth + 1, walk, redirects);
      walk.inputs.pop();
    } else visitList(command.body, depth + 1, walk, redirects);
    if (inputs.length > 0) walk.inputs.pop();
    if (command.repeats) walk.repeating--;
    return;
  }
  for (const assign of command.assigns) {
    if (assign.value) visitWords([assign.value], depth, walk);
    for (const w of assign.items ?? (assign.value ? [assign.value] : [])) noteAssignment(walk, assign.name, w);
    if (assign.items ? assign.items.some((w) => runTimeText(w, true)) : assign.value && assignedRunTimeText(assign.value)) walk.runTimeVars.add(assign.name);
    if ((assign.items ?? (assign.value ? [assign.value] : [])).some(spellsAssignment)) walk.assignmentValue = true;
  }
  const head = command.args[0] === undefined ? undefined : wordValue(command.args[0]);
  if (head?.literal && setsFromArguments.has(head.text)) noteDeclaredValues(head.text, command.args.slice(1), walk);
  // `set -- 'PATH=0'`, `declare x='PATH=0'` (the value after the `=` part).
  if (head?.literal && setsFromArguments.has(head.text) && command.args.slice(1).some((w) => spellsAssignment(head.text === 'set' ? w : { parts: w.parts.slice(2) }))) walk.assignmentValue = true;
  visitWords(command.args, depth, walk);
  // A variable naming where the command writes (`TMPDIR=./tmp`) is a written path of it when
  // literal, and unverifiable when not; any other risky one is refused.
  const risky = command.assigns.find((a) => !isWrittenPathVariable(a.name) && isRiskyVariable(a.name, literalText(a.value)));
  if (risky) markUnverifiable(walk, `\`${risky.name}\` set for the command changes what runs`);
  const writtenPlaces: string[] = [];
  for (const a of command.assigns) {
    if (!isWrittenPathVariable(a.name)) continue;
    const value = literalText(a.value);
    if (value === undefined) markUnverifiable(walk, `\`${a.name}\` set for the command to a value not known names where it writes`);
    const path = value === undefined ? undefined : writtenVariablePath(a.name, value);
    if (path !== undefined) writtenPlaces.push(path);
  }
  // Set on its own (`TMPDIR=/etc/x; npm test`, `export TMPDIR=…`, or by an exec tool's env
  // parameter), such a variable is where every later command that reads it writes (it may be
  // exported already): a written path of the line.
  if (head?.literal && DECLARATION_BUILTINS.has(head.text)) {
    for (const w of command.args.slice(1)) {
      const text = literalText(w);
      const eq = text?.indexOf('=') ?? -1;
      const name = eq > 0 ? text!.slice(0, eq).replace(/\+$/, '') : undefined;
      if (name === undefined || !isWrittenPathVariable(name)) continue;
      const path = writtenVariablePath(name, text!.slice(eq + 1));
      if (path !== undefined) writtenPlaces.push(path);
    }
    for (const w of command.args.slice(1)) {
      const v = wordValue(w);
      const name = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(v.text)?.[1];
      if (name !== undefined && isWrittenPathVariable(name) && !v.literal) markUnverifiable(walk, `\`${name}\` set to a value not known names where later commands write`);
    }
  }
  // A variable set for the command may name a file it reads (`MAGIC=.env file x`, `TZ=/etc/x
  // ls -l`): each literal assignment is read as `env NAME=value` reads it (red team 37); one
  // made at run time is not known (`MAGIC=$PWD/.env`: red team 38), as env's is not.
  const unknown = command.args.length > 0 ? command.assigns.find((a) => !isWrittenPathVariable(a.name) && literalText(a.value) === undefined) : undefined;
  if (unknown !== undefined) markUnverifiable(walk, `\`${unknown.name}\` is set for the command to a value made when the line runs, which may name a file it reads`);
  if (command.args.length === 0) {
    // Only assignments: nothing runs but the substitutions visited above. A variable naming a
    // file later commands read (`TZ=/etc/shadow; export TZ; date`) is read where it is set.
    const read = assignmentWords(command.assigns.filter((a) => isReadPathVariable(a.name)));
    if (redirects.length > 0 || writtenPlaces.length > 0 || read.length > 0) emit(walk, { words: [], text: '', redirects: [...redirects, ...writtenPlaces], ...(read.length > 0 ? { wrapperOptions: read } : {}) });
    return;
  }
  // An empty quoted word (`sed -e "" -e '1e id'`) is a word: the program reads it, as an option's value too.
  const values = command.args.map(wordValue);
  const assigned = assignmentWords(command.assigns);
  walk.wrapperFiles.push(...writtenPlaces);
  walk.wrapperOptions.push(...assigned);
  runWords(values, 0, depth, walk, redirects, stmt);
  walk.wrapperFiles.length -= writtenPlaces.length;
  walk.wrapperOptions.length -= assigned.length;
}

/**
 * The literal assignments of a command as words (`NAME=value`), but the written places (read
 * apart), empty values, and values with a wildcard: bash assigns `DEBUG=app:*` as written, where
 * the word reading would take it for a pattern the shell expands. bash expands a `~` after each
 * `:` of the value too (`TZ=:~/../etc/passwd`): each such part is a word of its own as well.
 */
function assignmentWords(assigns: readonly Assign[]): string[] {
  const words: string[] = [];
  for (const a of assigns) {
    if (isWrittenPathVariable(a.name)) continue;
    const value = literalText(a.value);
    if (value === undefined || value === '' || /[*?[]/.test(value)) continue;
    words.push(`${a.name}=${value}`);
    if (value.includes(':')) for (const part of value.split(':')) if (part !== '') words.push(`${a.name}=${part}`);
  }
  return words;
}

/** Redirection targets worth a path check; visits substitutions inside any redirection. */
function redirectTargets(redirects: Redirect[], depth: number, walk: Walk): string[] {
  const targets: string[] = [];
  for (const r of redirects) {
    if (r.wordsAfter && walk.posix > 0) markUnverifiable(walk, `a POSIX shell reads \`${r.op}\` as \`&\` then \`>\`: the words after its target are a command of their own`);
    noteZshReading(walk, r.word);
    notePosixWord(walk, r.word);
    notePayload(walk, r.word);
    notePayload(walk, r.heredoc);
    visitWordLists(r.word, depth, walk);
    if (r.heredoc) visitWordLists(r.heredoc, depth, walk);
    if (r.op === '<<' || r.op === '<<-' || r.op === '<<<') continue; // data, not a file
    if (isProcessSubstitution(r.word)) continue; // `> >(cmd)`: a pipe to a command visited above
    const target = wordValue(r.word);
    // `2>&1`, `>&-`: duplicating a descriptor touches no file. `>& file` does.
    if ((r.op === '>&' || r.op === '<&') && /^(\d+-?|-)$/.test(target.text)) continue;
    if (!target.literal) markUnverifiable(walk, `redirection target is not a literal: \`${target.text}\``);
    if (r.op !== '<' && r.op !== '<&') {
      walk.written.add(target.text);
      walk.madeFiles.add(target.text);
    }
    targets.push(target.text);
    // zsh reads `>!f`, `>>!f`, `&>!f` as clobbering redirections to f (bash: to the file `!f`).
    const clobbered = zshClobberTarget(r.op, r.word);
    if (clobbered !== undefined) {
      walk.written.add(clobbered);
      walk.madeFiles.add(clobbered);
      targets.push(clobbered);
    }
  }
  return targets;
}

function isProcessSubstitution(word: Word): boolean {
  const [only, ...rest] = word.parts;
  return rest.length === 0 && only?.kind === 'substitution' && /^[<>]\(/.test(only.source);
}

/**
 * What a command reading standard input gets from this statement, or else from the command
 * around it that sets its input (`{ xargs cat; } <<< .env`, `xargs cat <<< .env &`): literal
 * text (a here-doc or here-string), `unknown` (a file, a pipe, the caller's input, a
 * non-literal body), or `several` input redirections: the last one wins (`bash <<< ls <
 * evil.sh` reads evil.sh) and ours do not keep descriptor numbers, so which one is standard
 * input is not known. (A command inside reads the input first: the others get what is left,
 * and are checked as if they got it all.)
 */
function stdinOf(stmt: Stmt, walk: Walk): { kind: 'text'; text: string } | { kind: 'built' } | { kind: 'unknown' } | { kind: 'several' } {
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
function stdinScript(stmt: Stmt, walk: Walk): string | undefined {
  const stdin = stdinOf(stmt, walk);
  return stdin.kind === 'text' ? stdin.text : undefined;
}

// `set -H`, `set -o history`, `set -o histexpand`, `shopt -os history` in a script: history
// expansion from there on.
const turnsOnHistory = /(?:^|[\s;&|(])(?:set\s[^\n]*-[A-Za-z]*H|(?:set|shopt)\s[^\n]*\bhist(?:ory|expand)\b)/;

/**
 * Whether a script may turn on history expansion (`set -H`, `set -o histexpand`): read from
 * its parsed commands, their words as bash resolves them (`se\t -H`, `"set" -H`, `builtin
 * set -H`, `eval 'set -H'` all hold the words `set … -H`); a command word not known (`$x -H`)
 * or a script that does not parse may turn it on.
 */
function mayTurnOnHistory(script: string, depth: number, walk: Walk): boolean {
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
function stdinScriptReader(script: string, depth: number, walk: Walk): string | undefined {
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

/** Redirections that can set standard input. */
const INPUT_REDIRECTS: ReadonlySet<string> = new Set(['<', '<<', '<<-', '<<<', '<>', '<&']);

/** Whether the line sets the statement's standard input: its own redirection, or a pipe or redirection of a command around it. */
function inputGiven(stmt: Stmt, walk: Walk): boolean {
  return walk.inputs.length > 0 || stmt.redirects.some(setsInput);
}

/** Whether a redirection sets standard input (`< f`, `0<&3`, a here-string), not another descriptor. */
function setsInput(r: Redirect): boolean {
  return INPUT_REDIRECTS.has(r.op) && (r.fd === undefined || r.fd === '0');
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

/**
 * Where the words of a command came from when another program builds part of it:
 * `xargs` appends words read from its input (or puts them where `replace` is), and
 * `find -exec` puts file names where `{}` is.
 */
interface Builder {
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

// git by subcommand: these have no option that runs a program or writes a file (`git commit -m
// "$(cat <<'EOF' …)"` stays readable).
// (Not `stash`, whose `show` and `list` take `--output`; `reset`, `checkout`, `switch`, which
// may rewrite the whole work tree: red team 27.)
const GIT_PLAIN_SUBCOMMANDS: ReadonlySet<string> = new Set(['add', 'rm', 'mv', 'status', 'commit', 'restore', 'branch', 'tag', 'rev-parse', 'merge-base', 'ls-files']);
// The shell's builtins whose options set shell options or variables, or run what they name
// (`set -k`, `shopt -s nocaseglob`, `printf -v PATH`, `jobs -x`, `compgen -C`, `enable -f`):
// one made at run time is read no better than a program's (red team 27).
const OPTION_BUILTINS: ReadonlySet<string> = new Set(['set', 'shopt', 'printf', 'jobs', 'compgen', 'complete', 'enable', 'hash', 'bind', 'declare', 'typeset', 'local', 'export', 'readonly', 'read', 'mapfile', 'readarray', 'trap', 'alias', 'fc', 'history', 'ulimit', 'source', '.', 'exec', 'command', 'builtin', 'eval', 'setopt', 'unsetopt', 'zmodload', 'emulate']);
// Programs whose options end at their first operand (the format, the script) or at the option
// naming what runs (python's `-m MODULE`, `-c CODE`): the words after are the script's
// (`python3 -m py_compile "$f"`, `printf '%s\n' "$x"`). Their short options that take a value.
const OPTIONS_BEFORE_OPERANDS: ReadonlyMap<string, { valued: string; last: string }> = new Map([
  ['printf', { valued: 'v', last: '' }],
  ['python', { valued: 'WXQ', last: 'mc' }],
  ['python3', { valued: 'WXQ', last: 'mc' }],
  ['node', { valued: 'rC', last: 'ep' }],
  ['perl', { valued: 'IMmdx', last: 'eE' }],
  ['ruby', { valued: 'IrCEFKW', last: 'e' }],
  ['php', { valued: 'cdzBRFEtS', last: 'rf' }],
]);

/**
 * Why a word of this command may become an option only when the line runs, or undefined: a
 * wildcard in an option's name (`-exe[c]`, `-[v]`: a file made on the line may match it), for
 * any program; for programs with options that run a program or write a file
 * (hidden-commands.ts hasRunningOptions), also a word made at run time that may start with
 * `-` (`$(…)`, `$x`, `-exec$x`, a known value that splits into one), a wildcard that may (`*`,
 * `?x`), and words a builder puts in (xargs' input). Words after `--` are operands (but to
 * find, whose expression may follow it).
 */
function optionMadeAtRunTime(name: string, values: readonly WordValue[], at: number, walk: Walk, builder: Builder | undefined): string | undefined {
  let risky = OPTION_BUILTINS.has(name) || hasRunningOptions(name);
  const program = values[at]!.text;
  const gitAt = name === 'git' ? at + gitSubcommandAt(values.slice(at).map((v) => v.text)) : -1;
  const ordered = OPTIONS_BEFORE_OPERANDS.get(name);
  for (let i = at + 1; i < values.length; i++) {
    const v = values[i]!;
    if (v.literal && v.text === '--' && name !== 'find') return undefined;
    if (ordered !== undefined && v.literal && !v.text.startsWith('-')) {
      const previous = values[i - 1]!;
      const letter = /^-([A-Za-z])$/.exec(previous.text)?.[1];
      // The first operand, after the program or a word that is no option; the value of `-m`/`-c`
      // (what runs); after a lone flag letter. After any other option word (`-bW`, `--require`)
      // this may be its value: read on (red team 28).
      if (i === at + 1 || !previous.literal || !previous.text.startsWith('-')) return undefined;
      if (letter !== undefined && (ordered.last.includes(letter) || !ordered.valued.includes(letter))) return undefined;
    }
    if (i === gitAt && v.literal && GIT_PLAIN_SUBCOMMANDS.has(v.text)) risky = false;
    const optionName = v.text.startsWith('-') ? v.text.slice(0, (v.text.indexOf('=') + 1 || v.text.length + 1) - 1) : '';
    if (v.literal && v.pattern && /[*?[]/.test(optionName)) return `\`${v.text.slice(0, 80)}\` is an option spelt as a wildcard: a file named like another option may match it`;
    if (!risky) continue;
    if (builder?.replace !== undefined && v.text.includes(builder.replace)) {
      const replace = builder.replace;
      if (builder.items === undefined || builder.items.some((item) => mayNameAnOption(v.text.split(replace).join(item)))) return `\`${v.text.slice(0, 80)}\` is filled in from \`${builder.name}\`'s input, and may be an option of \`${program}\` that runs a program or writes a file`;
      continue;
    }
    if (v.literal) {
      if (v.pattern && mayNameAnOption(v.text)) return `\`${v.text.slice(0, 80)}\` may match a file named like an option of \`${program}\` that runs a program or writes a file (\`./${v.text.slice(0, 40)}\` cannot)`;
      continue;
    }
    if (printsNoOption(v, walk, name, i, at, gitAt)) continue;
    const prefix = literalPrefix(v);
    // `make -j$(nproc)`: one option letter, its value made at run time (find's options are whole words: `-e$x` may be `-exec`).
    if (prefix !== '' && (!prefix.startsWith('-') || prefix.includes('=') || (name !== 'find' && /^-[A-Za-z0-9]$/.test(prefix)))) continue;
    // A variable the line sets to known text (`for f in ./*.ts`) is read as that text, split as the shell splits it.
    const known = v.word === undefined ? undefined : expandVariables(v.word, walk.vars, MAX_BRACE_WORDS);
    // (Run-time text stays a placeholder in a known value, `x=$(echo -exec)` is `$(…)`: it may be anything.)
    if (Array.isArray(known) && known.length > 0 && !known.some((text) => text.split(/[ \t\n]+/).some((piece) => mayNameAnOption(piece) || /^[$`]/.test(piece)))) continue;
    return `\`${v.text.slice(0, 80)}\` is known only when the line runs, and may be an option of \`${program}\` that runs a program or writes a file`;
  }
  // xargs appends its input's words after these (not after a `--`, which returned above); a
  // wrapper's land after the program it runs, which is read next.
  if (risky && builder?.appends === true && !wrappers.has(name)) return `\`${builder.name}\` adds words from its input to \`${program}\`, which may be options that run a program or write a file (end its options with \`--\`)`;
  return undefined;
}

// git's readers that print a commit id or a count, given such words (`git rev-parse HEAD`,
// `--short`): hex digits or digits, never anything a program reads as an option. (Not a name:
// `git rev-parse cIf` prints `cIf` back when it is a file, tar's old-style letters.)
const SAFE_REV_PARSE_WORD = /^(?:--short(?:=\d+)?|--verify|HEAD(?:[~^]\d*)*|[0-9a-f]{7,40})$/;

/**
 * Whether a command substitution prints only hex digits or digits, where the line says so:
 * `$(git merge-base A B)`, `$(git rev-parse HEAD)`, `$(git rev-list --count R)`, `$(nproc)`.
 * (Any text, a here-doc's through `cat`, is not read: the readers of a program's options see
 * the substitution, not what it prints, so `tar "$(… cIf …)"`, `git "$(… difftool …)"`, `gcc
 * "$(… @opts …)"`, `vim "$(… +!cmd …)"` went unread: red team 29.)
 */
function printsDigits(part: WordPart, walk: Walk): boolean {
  if (part.kind !== 'substitution' || part.body.length !== 1 || part.source.startsWith('<(') || part.source.startsWith('>(')) return false;
  const [stmt] = part.body;
  const command = stmt!.command;
  if (command?.kind !== 'call' || command.assigns.length > 0 || stmt!.redirects.length > 0) return false;
  const words = command.args.map(wordValue);
  // A function of that name defined on the line (`git() { echo -exec; }`) prints what it likes.
  if (words.some((w) => !w.literal || w.pattern) || walk.functions.has(words[0]?.text ?? '')) return false;
  const texts = words.map((w) => w.text);
  if (texts.length === 1 && texts[0] === 'nproc') return true;
  if (texts[0] !== 'git' || texts.length < 3) return false;
  const rest = texts.slice(2);
  if (texts[1] === 'merge-base') return rest.every((t) => !t.startsWith('-') || t === '--fork-point');
  if (texts[1] === 'rev-list') return rest.includes('--count') && rest.every((t) => !t.startsWith('-') || t === '--count' || t === '--first-parent' || t === '--no-merges');
  return texts[1] === 'rev-parse' && rest.every((t) => SAFE_REV_PARSE_WORD.test(t));
}

/**
 * A word that is one command substitution printing digits (printsDigits) and nothing else:
 * double-quoted (unquoted, a failing git prints nothing and the word vanishes), or
 * `$(nproc)`. Not tar's first word, nor a word before git's subcommand, which are read
 * otherwise than as options.
 */
function printsNoOption(v: WordValue, walk: Walk, name: string, i: number, at: number, gitAt: number): boolean {
  const parts = v.word?.parts;
  const only = parts?.length === 1 ? parts[0] : undefined;
  if (only?.kind !== 'substitution' || !printsDigits(only, walk)) return false;
  if ((name === 'tar' && i === at + 1) || (name === 'git' && i <= gitAt)) return false;
  return only.quoted === true || /^\$\(\s*nproc\s*\)$/.test(only.source);
}

/** The words from `from` up to a literal `--` (`set -- $x` sets the positional parameters, no option). */
function wordsBeforeDashes(values: readonly WordValue[], from: number): readonly WordValue[] {
  const dashes = values.findIndex((v, i) => i >= from && v.literal && v.text === '--');
  return values.slice(from, dashes < 0 ? values.length : dashes);
}

/** A word that is, or as a wildcard may match, a name starting with `-`. */
function mayNameAnOption(text: string): boolean {
  return text.startsWith('-') || /^[*?[]/.test(text);
}

/**
 * Reads the command that starts at `values[at]`: unwraps wrappers, shells, eval and
 * find -exec, and emits what finally runs.
 */
function runWords(values: WordValue[], at: number, depth: number, walk: Walk, redirects: string[], stmt: Stmt, builder?: Builder): void {
  // Remember the command as written while reading what it runs: a deny pattern on a
  // wrapper (`sudo *`, `strace *`) must still see `sudo ls` after unwrapping.
  const head = values[at];
  if (head === undefined) return;
  const rest = values.slice(at + 1).map((v) => v.text).filter((t) => t !== '');
  // As the engine knows the program first (`xargs` for `gxargs`), then as written.
  const written = head.literal ? baseName(head.text) : head.text;
  const program = head.literal ? programName(written) : written;
  const forms = [[program, ...rest].join(' ')];
  if (program !== written) forms.push([written, ...rest].join(' '));
  if (head.literal && head.text.includes('/')) forms.push([head.text, ...rest].join(' '));
  walk.wrapping.push(...forms);
  const reading = walk.reading;
  walk.reading = depth;
  try {
    readCommand(values, at, depth, walk, redirects, stmt, builder);
  } finally {
    walk.wrapping.length -= forms.length;
    walk.reading = reading;
  }
}

function readCommand(values: WordValue[], at: number, depth: number, walk: Walk, redirects: string[], stmt: Stmt, builder?: Builder): void {
  if (depth > walk.caps.maxDepth) throw new CapExceeded('depth');
  const head = values[at];
  if (head === undefined) return;
  if (builder?.replace !== undefined && head.text.includes(builder.replace)) {
    markUnverifiable(walk, `the command word comes from \`${builder.name}\` input: \`${head.text}\``);
  }
  if (!head.literal) {
    markUnverifiable(walk, `command word is not a literal: \`${head.text}\``);
    emitWords(walk, values.slice(at), redirects);
    return;
  }
  // A lone `[` is no pattern (bash and dash leave a bracket without its `]` as it is, even
  // with nullglob or failglob): it is the `test` builtin.
  if (head.pattern && head.text !== '[') markUnverifiable(walk, `command word is a pattern: \`${head.text}\``);
  const name = programName(baseName(head.text));
  noteScripts(name, values, at, walk);
  const optionAtRunTime = optionMadeAtRunTime(name, values, at, walk, builder);
  if (optionAtRunTime !== undefined) markUnverifiable(walk, optionAtRunTime);

  if (commandOptionRunners.has(name)) {
    const option = findCommandOption(values, at);
    if (option.kind === 'string') {
      // The runner's other words may name files (`script -qc 'ls' /etc/cron.d/x` writes one).
      const others = values.slice(at + 1).map((v) => v.text).filter((t) => t !== option.text);
      const files = runnerFiles(name, others);
      walk.wrapperOptions.push(...others);
      walk.wrapperFiles.push(...files);
      collectAs(true, option.text, depth + 1, walk); // the user's shell, or /bin/sh
      walk.wrapperOptions.length -= others.length;
      walk.wrapperFiles.length -= files.length;
      return;
    }
    if (option.kind === 'unverifiable') {
      markUnverifiable(walk, option.reason);
      emitWords(walk, values.slice(at), redirects);
      return;
    }
  }

  // `batch` (and `at`, `crontab`) also take the commands they schedule from their input.
  // A shell of a language of its own runs its input too (`echo 'curl x' | xonsh`).
  const schedulesInput = (name === 'batch' || name === 'at' || name === 'crontab' || foreignShells.has(name)) && inputGiven(stmt, walk);
  if (opaqueRunners.has(name) && (values.length > at + 1 || schedulesInput)) {
    markUnverifiable(walk, `\`${name}\` builds the command it runs from its arguments or input`);
  }
  // A shell option named at run time (`shopt -s ${x:-nocaseglob}`, `set -o $(echo keyword)`) may be any.
  if ((name === 'shopt' || name === 'set' || name === 'setopt' || name === 'unsetopt') && wordsBeforeDashes(values, at + 1).some((v) => !v.literal)) {
    markUnverifiable(walk, `\`${name}\` sets a shell option named only when the line runs`);
  }
  if (((name === 'shopt' || isShellInterpreter(name)) && values.slice(at + 1).some((v) => v.text === 'nocaseglob')) || turnsOffZshCaseGlob(name, values.slice(at + 1))) {
    // `shopt -s nocaseglob; cat .EN[V]` (or `bash -O nocaseglob`, zsh's `setopt nocaseglob`,
    // `unsetopt case_glob`, `zsh -o nocaseglob`) reads .env: wildcards would match names in any case.
    markUnverifiable(walk, '`nocaseglob` makes wildcards match names in any case');
  }
  if (name === 'su' && values.slice(at + 1).some((v) => /^(-[A-Za-z]*s|--shell)/.test(v.text))) {
    markUnverifiable(walk, '`su -s` runs the program it names instead of a shell');
  }
  if (name === 'sg') {
    // `sg [-] group command`: the command is a string for /bin/sh -c.
    const rest = values.slice(at + 1).filter((v) => v.text !== '-');
    const command = rest[1];
    if (command !== undefined && !rest.some((v) => v.text === '-c')) {
      if (command.literal) collectAs(true, command.text, depth + 1, walk);
      else markUnverifiable(walk, `command string of \`sg\` is not a literal: \`${command.text}\``);
      return;
    }
  }

  const npm = name === 'npm' ? npmCommand(values.slice(at + 1)) : undefined;
  if (npm !== undefined) {
    // npm's own settings may choose what it runs too (`--script-shell`).
    for (const hidden of hiddenCommands(name, values, at)) if (hidden.kind === 'unverifiable') markUnverifiable(walk, hidden.reason);
    if (npm.kind === 'unverifiable') {
      markUnverifiable(walk, npm.reason);
      emitWords(walk, values.slice(at), redirects);
    } else if (npm.kind === 'words') runWords(values, at + 1 + npm.start, depth + 1, walk, redirects, stmt, builder);
    else {
      walk.wrapperDirs.push(npm.dir);
      collectAs(true, npm.text, depth + 1, walk); // npm's script shell, /bin/sh
      walk.wrapperDirs.pop();
    }
    return;
  }

  const runner = runnerAt(name, values, at);
  if (runner?.kind === 'unverifiable') {
    markUnverifiable(walk, runner.reason);
    emitWords(walk, values.slice(at), redirects);
    return;
  }
  if (runner !== undefined) {
    // The runner's own settings may choose what runs too (`npx --node-options=--require=./x.js eslint`, pnpm's `--config.NAME`).
    for (const hidden of hiddenCommands(name, values, at)) {
      if (hidden.kind === 'unverifiable') markUnverifiable(walk, hidden.reason);
      else if (hidden.kind === 'string') collectFromSource(hidden.text, depth + 1, walk);
    }
    // `uv run pytest`: pytest is read as the command (deny patterns, paths), allowed by the runner's line.
    asRunnersCommand(values, at, depth, walk, () => {
      if (runner.kind === 'words') runWrapped(withPackageProgram(runner.values ?? values, runner), runner.options, runner.start, runner.spec, depth, walk, redirects, stmt, builder);
      else runString(values, runner, depth, walk);
    });
    // The name a runner runs may be the project's own script or bin of that name (`yarn echo
    // /etc/shadow` runs package.json's `echo`, given the path), so the line is also checked as
    // written, every word of it, as any program Toolwarden does not know.
    emitWords(walk, values.slice(at), redirects);
    return;
  }

  const spec = wrappers.get(name);
  if (spec) {
    const skip = skipWrapperOptions(spec, values, at);
    if (skip.kind === 'unverifiable') {
      markUnverifiable(walk, skip.reason);
      emitWords(walk, values.slice(at), redirects);
    } else if (skip.kind === 'none' || skip.start >= values.length) {
      // The wrapper alone: `sudo -l`, `exec 3>x`. Under xargs, the wrapped command is
      // whatever xargs reads: `echo rm -rf / | xargs sudo`.
      if (skip.kind === 'command' && builder?.appends) {
        markUnverifiable(walk, `\`${name}\` under \`${builder.name}\` runs a command read from input`);
      }
      emitWords(walk, values.slice(at), redirects);
    } else {
      const inner = name === 'xargs' ? xargsBuilder(values.slice(at + 1, skip.start)) : builder;
      runWrapped(values, skip.options, skip.start, spec, depth, walk, redirects, stmt, inner);
    }
    return;
  }

  if (isShellInterpreter(name)) {
    const how = readShellInvocation(values, at);
    if (how.kind === 'script') noteScript(walk, values[how.index]!.text);
    if (how.kind === 'string') {
      const text = values[how.index]!.text;
      if (builder?.replace !== undefined && text.includes(builder.replace)) {
        markUnverifiable(walk, `the command string comes from \`${builder.name}\` input: \`${text}\``);
      }
      // The interpreter is not kept: what it runs is checked instead, with its arguments as
      // `$0`, `$1`, ... (`bash -c 'cat "$1"' _ .env` reads .env).
      const positional = positionalArguments(values.slice(how.index + 1), builder, builderItems(builder, stmt, walk));
      withPositional(walk, positional, () => collectAs(readsPosix(name), text, depth + 1, walk));
      return;
    }
    if (builder?.appends) {
      // `xargs bash`: the script (or, with -s, nothing) comes from input.
      markUnverifiable(walk, `\`${name}\` under \`${builder.name}\` runs a script named by input`);
    }
    if (how.kind === 'stdin') {
      const script = stdinScript(stmt, walk);
      if (script !== undefined) {
        // History expansion (`bash -i`, `-H -o history`, `set -H`, `zsh -i`) rewrites each line
        // before it is parsed: `!:1` pastes a word of the line before, quotes and all, and a
        // line starting with `^` substitutes in the line before (`^echo ^` runs its argument).
        if ((script.includes('!') || /(?:^|\n)\^/.test(script)) && (how.history === true || mayTurnOnHistory(script, depth, walk))) {
          markUnverifiable(walk, `\`${name}\` expands history (\`!\`) in the script it reads, rewriting its lines`);
        }
        collectAs(readsPosix(name), script, depth + 1, walk);
        const reader = stdinScriptReader(script, depth, walk);
        if (reader !== undefined) {
          markUnverifiable(walk, `\`${reader.slice(0, 40)}\` may read the standard input \`${name}\` reads its script from, so the rest of the script is not what runs`);
        }
        return;
      }
      markUnverifiable(walk, `\`${name}\` reads commands from standard input`);
    } else if (how.kind === 'unverifiable') markUnverifiable(walk, how.reason);
    emitWords(walk, values.slice(at), redirects);
    return;
  }

  if (name === 'jobs') {
    // `jobs -x CMD ARGS` runs CMD, job specs in ARGS replaced by process ids.
    let i = at + 1;
    while (i < values.length && /^-[lnprsx]+$/.test(values[i]!.text) && !values[i]!.text.includes('x')) i++;
    if (i < values.length && /^-[lnprsx]+$/.test(values[i]!.text)) {
      runWords(values, i + 1, depth + 1, walk, redirects, stmt);
      return;
    }
  }
  if (name === 'eval' || name === 'watch') {
    runStringCommand(name, values, at, depth, walk, redirects);
    return;
  }
  if (name === 'set') checkSetOptions(values.slice(at + 1), walk);
  if (name === 'shopt' && values.some((v, k) => k > at && /^-[A-Za-z]*o/.test(v.text)) && values.some((v, k) => k > at && v.text === 'keyword')) {
    // `shopt -os keyword` is `set -o keyword`.
    markUnverifiable(walk, '`shopt -o keyword` puts every NAME=value word of a command into its environment');
  }
  if (name === 'zmodload' && values.length > at + 1) {
    // zsh modules add variables that read and write files (zsh/mapfile: `${mapfile[.env]}`,
    // `mapfile[f]=x`), builtins and hooks.
    markUnverifiable(walk, '`zmodload` loads a zsh module, whose variables and builtins read and write files');
  }
  if (name === 'emulate' && values.slice(at + 1).some((v) => v.text === '-c')) {
    // `emulate sh -c STRING` evaluates STRING (under that emulation): read as `eval`.
    const i = values.findIndex((v, k) => k > at && v.text === '-c');
    const string = values[i + 1];
    if (string === undefined || !string.literal) markUnverifiable(walk, '`emulate -c` of a string not known');
    else collectAs(values.slice(at + 1, i).some((v) => v.text === 'sh' || v.text === 'ksh') ? true : undefined, string.text, depth + 1, walk);
  }
  if (name === 'alias' && values.length > at + 1) {
    markUnverifiable(walk, 'alias definitions change what later command words mean');
  }
  if (name === 'hash' && values.slice(at + 1).some((v) => /^-[A-Za-z]*p/.test(v.text))) {
    markUnverifiable(walk, '`hash -p` changes which program a command word runs');
  }
  if (name === 'hash' && values.slice(at + 1).some((v) => !v.literal || v.text.includes('='))) {
    // zsh's `hash ls=/usr/bin/id` puts a program in the command hash table (`hash -d n=dir` a named directory).
    markUnverifiable(walk, '`hash NAME=PATH` (zsh) changes which program a command word runs');
  }
  if ((name === 'source' || name === '.') && namesStandardInput(values[at + 1]?.text ?? '')) {
    const script = stdinScript(stmt, walk);
    if (script !== undefined) collectFromSource(script, depth + 1, walk);
    else markUnverifiable(walk, `\`${name}\` reads commands from standard input`);
  } else if ((name === 'source' || name === '.') && values[at + 1] !== undefined && !values[at + 1]!.literal) {
    // `. <(curl x)`, `source $f`: the script is a command's output or unknown.
    markUnverifiable(walk, `\`${name}\` of a script that is not a literal path: \`${values[at + 1]!.text}\``);
  }
  if (name === 'fc' && !values.slice(at + 1).some((v) => /^-[A-Za-z]*l/.test(v.text))) {
    // `history -s 'cmd'; fc -s` runs cmd; `fc -e PROG` runs PROG on a history entry, then the result.
    markUnverifiable(walk, '`fc` runs commands from the history (which `history -s` and `history -r` fill) or an editor');
  }
  if (name === 'enable' && values.slice(at + 1).some((v) => /^-[A-Za-z]*f/.test(v.text))) {
    markUnverifiable(walk, '`enable -f` loads a builtin that changes what a command word runs');
  }
  // Files a script opens are checked like redirections of the command itself.
  const opened: string[] = [];
  for (const hidden of hiddenCommands(name, values, at, stdinScript(stmt, walk), inputGiven(stmt, walk))) {
    if (hidden.kind === 'string') collectFromSource(hidden.text, depth + 1, walk);
    else if (hidden.kind === 'file') {
      opened.push(hidden.path);
      if (hidden.write) {
        walk.written.add(hidden.path);
        walk.madeFiles.add(hidden.path);
      }
    } else markUnverifiable(walk, hidden.reason);
  }
  readCodeCommands(name, values, at, depth, walk, stmt);
  if (name === 'ssh' || name === 'autossh') readRemoteCommand(name, values, at, depth, walk);
  else readContainerCommand(name, values, at, depth, walk, stmt);
  if (name === 'trap') runTrap(values, at, depth, walk);
  if ((name === 'mapfile' || name === 'readarray') && values.slice(at + 1).some((v) => /^-[A-Za-z]*C/.test(v.text))) {
    // The callback is evaluated with each input line appended: input becomes shell.
    markUnverifiable(walk, `\`${name} -C\` evaluates its input as commands`);
  }
  if (name === 'compgen' || name === 'complete') runCompletionOptions(name, values, at, depth, walk);
  if (name === 'read' || name === 'mapfile' || name === 'readarray' || name === 'getopts' || (name === 'printf' && values[at + 1]?.text.startsWith('-v'))) {
    const set = variablesSetFromInput(name, values.slice(at + 1));
    if (set === undefined) walk.runTimeText = true;
    else for (const variable of set) walk.runTimeVars.add(variable);
  }
  // `read "$x"`, `printf -v "$x"`, `declare "$x"=1`: bash evaluates the name's subscript.
  if (namesVariables.has(name) && values.slice(at + 1).some((v) => !v.literal && !/^[A-Za-z_][A-Za-z0-9_]*(\+?=|$)/.test(literalPrefix(v)))) {
    walk.arithmetic = true;
    walk.arithmeticReadsAny = true;
  }
  // `unset a[x]`, `read a[x]`, `local a[x]=1`, `wait -p a[x]`: bash evaluates a name's
  // subscript as arithmetic, reading x's text again (text read at run time runs commands
  // there: `b[$(id)]`). A subscript of digits alone evaluates nothing else.
  if (namesVariables.has(name) || name === 'wait') {
    for (const [k, v] of values.slice(at + 1).entries()) {
      // printf names a variable only with -v (`printf 'a[%d]' 1` prints).
      if (name === 'printf' && !v.text.startsWith('-v') && values[at + k]?.text !== '-v') continue;
      const subscript = /^(?:-[A-Za-z]*[av])?[A-Za-z_][A-Za-z0-9_]*\[([^]*)\]/.exec(v.text)?.[1];
      if (subscript === undefined || /^\s*\d*\s*$/.test(subscript)) continue;
      walk.arithmetic = true;
      if (/[$`]/.test(subscript)) walk.arithmeticReadsAny = true;
      for (const m of subscript.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) walk.arithmeticNames.add(m[0]);
    }
  }
  if (DECLARATION_BUILTINS.has(name)) checkDeclaration(name, values.slice(at + 1), walk);
  checkVariableSetters(name, values.slice(at + 1), walk);
  if (name === 'find') runFindExec(values, at, depth, walk, redirects);
  if (name === 'fd' || name === 'fdfind') runFdExec(values, at, depth, walk, redirects);
  if (name === 'git') {
    // `git -C . push` is `git push` to a deny pattern: the form without global options is
    // checked too (an extra command only restricts: allow patterns must match both).
    const words = values.slice(at).map((v) => v.text);
    const subcommand = at + gitSubcommandAt(words);
    if (subcommand > at + 1 && subcommand < values.length) {
      // It runs where `-C` puts git, so its paths are read there (a wrapper's directory does the same).
      const dirs = ownDirectories(words);
      walk.wrapperDirs.push(...dirs);
      emitWords(walk, [values[at]!, ...values.slice(subcommand)], redirects);
      walk.wrapperDirs.length -= dirs.length;
    }
    // git's other ways to push (`send-pack`, `http-push`, `subtree push`) are a push to a deny pattern too.
    const sub = values[subcommand]?.text;
    const pushArgs = sub === 'send-pack' || sub === 'http-push' ? subcommand + 1 : sub === 'subtree' && values[subcommand + 1]?.text === 'push' ? subcommand + 2 : undefined;
    if (pushArgs !== undefined) emitWords(walk, [values[at]!, { text: 'push', literal: true, pattern: false }, ...values.slice(pushArgs)], redirects);
  }
  const input = [
    ...builtWords(builder, values.slice(at + 1), builderItems(builder, stmt, walk)),
    // The program by its name wherever it is installed (`/usr/bin/pandoc`, as the allowlist reads it).
    ...stdinNames([name, ...values.slice(at + 1).map((v) => v.text)], stmt, walk),
    ...(name === 'esbuild' ? withoutUrlSuffix(values.slice(at + 1)) : []),
  ];
  // A patch given as a literal input (`patch -p1 <<EOF`, `git apply <<EOF`, Codex's
  // `apply_patch <<EOF`) writes the files its headers name.
  const patched = readsPatch(name, values, at) ? patchedFiles(stmt, walk, name) : [];
  walk.wrapperFiles.push(...patched);
  emitWords(walk, input.length === 0 ? values.slice(at) : [...values.slice(at), ...input], opened.length === 0 ? redirects : [...redirects, ...opened]);
  walk.wrapperFiles.length -= patched.length;
}

/** Programs that apply a patch read from their input when no patch file is named. */
function readsPatch(name: string, values: WordValue[], at: number): boolean {
  if (name === 'patch' || name === 'apply_patch' || name === 'applypatch') return true;
  // `apply` after git's own options too (`git -P apply`, `git -c k=v apply`: red team 45).
  return name === 'git' && values[at + gitSubcommandAt(values.slice(at).map((v) => v.text))]?.text === 'apply';
}

/** The files a patch in the statement's literal input names (patch-paths.ts); a header that cannot be read is unverifiable. */
function patchedFiles(stmt: Stmt, walk: Walk, name: string): string[] {
  const text = literalStdin(stmt, walk, name);
  if (text === undefined) return [];
  const found = patchPaths(text);
  for (const problem of found.problems) markUnverifiable(walk, `the patch \`${name}\` reads from its input: ${problem}`);
  return [...new Set(found.paths)];
}


/** `eval ARGS` and `watch [opts] ARGS` run their arguments joined by spaces as shell. */
function runStringCommand(name: string, values: WordValue[], at: number, depth: number, walk: Walk, redirects: string[]): void {
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
  collectAs(name === 'watch' ? true : undefined, rest.map((v) => v.text).join(' '), depth + 1, walk); // watch runs `sh -c`
}

/**
 * `set -k` (`-o keyword`) puts every NAME=value word of later commands into their environment
 * (`ls LD_PRELOAD=./x.so`); `set -H` / `-o history` turn on history expansion, which rewrites
 * later lines of a script read from input; zsh's `set -A NAME …` (`+A`) assigns the array NAME
 * (`set -A path src` is PATH=src).
 */
function checkSetOptions(args: WordValue[], walk: Walk): void {
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
function checkVariableSetters(name: string, args: WordValue[], walk: Walk): void {
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
function checkDeclaration(name: string, args: WordValue[], walk: Walk): void {
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
function runCompletionOptions(name: string, values: WordValue[], at: number, depth: number, walk: Walk): void {
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

/**
 * `ssh HOST CMD...`: the remote shell runs the command line CMD's words make. It is read as a
 * runner's (SimpleCommand.runBy): deny and approve patterns see its commands (`ssh prod rm -rf
 * /data` meets `rm -rf *`), allow patterns the ssh line as written. Its words are paths here
 * too, as they were as ssh's arguments: the careful side, since they name the remote host's.
 */
function readRemoteCommand(name: 'ssh' | 'autossh', values: WordValue[], at: number, depth: number, walk: Walk): void {
  const remote = sshRemoteCommand(values.slice(at + 1), name);
  if (remote.kind === 'none') return;
  if (remote.kind === 'unverifiable') {
    markUnverifiable(walk, remote.reason);
    return;
  }
  asRunnersCommand(values, at, depth, walk, () => collectAs(true, remote.text, depth + 1, walk));
}

/**
 * The files a command runs as a program or a script, as written, and the files `tee` writes
 * (checkMadeScripts: a line that runs a file it writes itself is unverifiable): the command
 * word by its path (`./a.sh`), an interpreter's script (`python3 x.py`; a shell's, `bash
 * a.sh`, is noted where its invocation is read), what `source` reads, make's makefile (`-f M`,
 * else its default names).
 */
function noteScripts(name: string, values: WordValue[], at: number, walk: Walk): void {
  const head = values[at]!;
  if (head.literal && head.text.includes('/')) noteScript(walk, head.text);
  const args = values.slice(at + 1);
  if (name === 'tee') for (const arg of args) if (!arg.text.startsWith('-')) walk.madeFiles.add(arg.text);
  if ((name === 'source' || name === '.') && args[0] !== undefined) noteScript(walk, args[0].text);
  const language = languageOf(name);
  const script = language === undefined ? undefined : interpreterScript(language, args);
  if (script !== undefined) noteScript(walk, script);
  if (name === 'make') {
    const files = optionValues(args.map((a) => a.text), { letters: 'f', long: ['--file', '--makefile'] }, 'CfIojlOW', 0);
    for (const file of files.length > 0 ? files : ['Makefile', 'makefile', 'GNUmakefile']) noteScript(walk, file);
  }
  // vim sources what `-S` and `-u` name (red team 39).
  if (EDITORS_SOURCING.has(name)) for (const file of editorScripts(name, args.map((a) => a.text))) noteScript(walk, file);
  // A package manager runs the scripts of package.json, through the shell .npmrc names
  // (`script-shell=`): a line writing either runs what it made (red team 44).
  const configs = PACKAGE_MANAGER_FILES.get(name);
  if (configs !== undefined) for (const file of configs) noteScript(walk, file);
}

const NPM_FILES = ['package.json', '.npmrc'];
const PACKAGE_MANAGER_FILES: ReadonlyMap<string, readonly string[]> = new Map([
  ['npm', NPM_FILES], ['npx', NPM_FILES], ['pnpm', NPM_FILES], ['pnpx', NPM_FILES],
  ['yarn', [...NPM_FILES, '.yarnrc', '.yarnrc.yml']], ['bun', [...NPM_FILES, 'bunfig.toml']], ['bunx', [...NPM_FILES, 'bunfig.toml']],
]);

/**
 * The files vim sources or types (red team 40): `-S F` (bare, `Session.vim`), `-u F`, each at
 * the end of a cluster too (`-esS F`, `-Nu F`), and `-s F`, keys typed outside ex mode.
 */
function editorScripts(name: string, args: readonly string[]): string[] {
  const scripts: string[] = [];
  // In Ex mode (`ex`, `-e`, `-E`) `-s` is silent mode, no script (`ex -s f -c q`).
  const exMode = name === 'ex' || args.some((w) => /^-[A-Za-z]*[eE]/.test(w) && !w.startsWith('--'));
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const next = args[i + 1];
    const value = next !== undefined && !next.startsWith('-') ? next : undefined;
    if (w === '-s' && value !== undefined && !exMode) scripts.push(value);
    if (!/^-[A-Za-z]*[Su]$/.test(w)) continue;
    if (value !== undefined) scripts.push(value);
    else if (w.endsWith('S')) scripts.push('Session.vim');
  }
  return scripts;
}

const EDITORS_SOURCING: ReadonlySet<string> = new Set(['vim', 'vi', 'nvim', 'ex', 'view', 'rvim', 'gvim', 'vimdiff']);

/**
 * The commands an interpreter's program text starts (code-commands.ts): the text its options
 * give (`python3 -c`, `node -e`) or its literal input (`python3 <<< '…'`). Each is read as
 * a `bash -c` string is: it must be allowed itself, and deny patterns and path checks see it.
 */
function readCodeCommands(name: string, values: WordValue[], at: number, depth: number, walk: Walk, stmt: Stmt): void {
  const language = name === 'deno' ? 'node' : languageOf(name);
  if (language === undefined) return;
  const args = values.slice(at + 1);
  const given = name === 'deno' ? denoEvalCode(args) : inlineCode(language, args);
  const moduleCode = language === 'python' ? pythonModuleCode(args) : undefined;
  if (given === null || moduleCode === null) {
    markUnverifiable(walk, `the program text \`${name}\` is given is not a literal`);
    return;
  }
  const inline = given !== undefined || moduleCode !== undefined ? [given, moduleCode].filter((t) => t !== undefined).join('\n') : undefined;
  // Its input is code as well where no program text is given, or an interactive mode reads it after (`python3 -i -c 1`, `-m code`, `perl -d`).
  const stdinCode = (inline === undefined && stdinProgram(values.slice(at).map((v) => v.text)) === 'code') || readsInputAsCodeToo(language, args);
  // Program text given as input that the line builds (`python3 <<< "$CODE"`): not known before it runs.
  if (stdinCode && stdinOf(stmt, walk).kind === 'built') {
    markUnverifiable(walk, `the program text \`${name}\` reads from its input is built when the line runs`);
    return;
  }
  const input = stdinCode ? literalStdin(stmt, walk, name) : undefined;
  const code = inline !== undefined && input !== undefined ? `${inline}\n${input}` : inline ?? input;
  if (code === undefined) return;
  const found = commandsInCode(language, code);
  if (found.unverifiable !== undefined) markUnverifiable(walk, found.unverifiable);
  for (const line of found.lines) collectAs(true, line, depth + 1, walk);
  for (const argv of found.argvs) collectAs(true, argv.map(singleQuoted).join(' '), depth + 1, walk);
}

/**
 * `deno eval [OPTIONS] CODE [ARGS]`: every word after `eval` that is no option is read as its
 * code (an option's value too: the careful side); null when one is not a literal.
 */
function denoEvalCode(args: readonly WordValue[]): string | null | undefined {
  if (args[0]?.text !== 'eval' || !args[0].literal) return undefined;
  const words = args.slice(1).filter((w) => !w.text.startsWith('-'));
  if (words.some((w) => !w.literal)) return null;
  return words.length > 0 ? words.map((w) => w.text).join('\n') : undefined;
}

/**
 * The command a container runs (containers.ts: `docker exec c CMD`, `docker run --entrypoint
 * P IMAGE ARGS`, `kubectl exec POD -- CMD`), read as a runner's, as ssh's remote command is:
 * deny and approve patterns see it, allow patterns the container line. The line itself is
 * still read as a command of its own (its binds: file-operands.ts).
 */
function readContainerCommand(name: string, values: WordValue[], at: number, depth: number, walk: Walk, stmt: Stmt): void {
  const found = containerCommand(name, values, at);
  if (found === undefined || found.kind === 'none') return;
  if (found.kind === 'unverifiable') {
    markUnverifiable(walk, found.reason);
    return;
  }
  const words = found.entrypoint === undefined ? values : [...values.slice(0, found.start), found.entrypoint, ...values.slice(found.start)];
  if (found.start >= words.length) return;
  asRunnersCommand(values, at, depth, walk, () => runWords(words, found.start, depth + 1, walk, [], stmt));
}

/**
 * Reads what the line at `values[at]` runs (`read`) as a runner's command: allow patterns
 * match the line as written (SimpleCommand.runBy); for a runner another runner starts (`uv run
 * npx prettier`), the outer line.
 */
function asRunnersCommand(values: WordValue[], at: number, depth: number, walk: Walk, read: () => void): void {
  const outer = walk.runners[walk.runners.length - 1];
  walk.runners.push({ line: outer !== undefined && outer.depth === depth ? outer.line : commandOf(values.slice(at), []), depth: depth + 1 });
  try {
    read();
  } finally {
    walk.runners.pop();
  }
}

/** `trap 'CMD' SIGNAL...` runs CMD later, in this shell: check it now. */
function runTrap(values: WordValue[], at: number, depth: number, walk: Walk): void {
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

/** `find ... -exec CMD ... ;` runs CMD: check it as a command of its own. */
function runFindExec(values: WordValue[], at: number, depth: number, walk: Walk, redirects: string[]): void {
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
function runFdExec(values: WordValue[], at: number, depth: number, walk: Walk, redirects: string[]): void {
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

/**
 * How xargs builds its command: -I/-i/--replace put input where a string is (one item a
 * line), otherwise input is appended; -0, -d and -a change where items come from and how
 * they are split. Read as GNU xargs reads them: in clusters (`-rI{}`, `-tiQ`, `-rd,`),
 * abbreviated (`--repl=Q`, `--delim=,`), -e/-i/-l and their long names taking a value only
 * attached. An -a list that is standard input (`-a /dev/stdin`) is read as input is.
 */
function xargsBuilder(options: WordValue[]): Builder {
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
function builderItems(builder: Builder | undefined, stmt: Stmt, walk: Walk): readonly string[] {
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

/** The literal text of a statement's standard input (a here-string or a here-doc), or undefined. */
function literalStdin(stmt: Stmt, walk: Walk, reader: string): string | undefined {
  const stdin = stdinOf(stmt, walk);
  if (stdin.kind === 'several') {
    markUnverifiable(walk, `\`${reader}\` with more than one input redirection`);
    return undefined;
  }
  return stdin.kind === 'text' ? stdin.text : undefined;
}

/**
 * The values of `$0`, `$1`, ... for `sh -c STRING NAME ARG...`: each literal argument, with a
 * builder's items where its replace string is (`find -exec sh -c '…' {} \;`) or appended
 * (`xargs sh -c '…' _`); an argument that is not a literal is unknown.
 */
function positionalArguments(args: readonly WordValue[], builder: Builder | undefined, items: readonly string[]): (string[] | 'unknown')[] {
  const out: (string[] | 'unknown')[] = args.map((arg) => {
    if (!arg.literal) return 'unknown';
    const replace = builder?.replace;
    if (replace === undefined || replace === '' || !arg.text.includes(replace)) return [arg.text];
    return [arg.text, ...items.map((item) => arg.text.split(replace).join(item))];
  });
  if (builder?.appends) for (const item of items) out.push([item]);
  return out;
}

/** Runs `read` with `$0`, `$1`, ..., `$@` and `$*` known to the variable expansion (restored after). */
function withPositional(walk: Walk, positional: readonly (string[] | 'unknown')[], read: () => void): void {
  const vars = walk.vars;
  if (positional.length === 0) return read();
  const rest = positional.slice(1);
  const all: string[] | 'unknown' = rest.some((p) => p === 'unknown') ? 'unknown' : rest.flatMap((p) => p as string[]);
  const names = [...positional.map((_, i) => String(i)), '@', '*'];
  const saved = names.map((name) => vars.get(name));
  positional.forEach((p, i) => vars.set(String(i), p));
  vars.set('@', all);
  vars.set('*', all);
  try {
    read();
  } finally {
    names.forEach((name, i) => {
      const before = saved[i];
      if (before === undefined) vars.delete(name);
      else vars.set(name, before);
    });
  }
}

/**
 * The words a builder's items add to its command: appended (xargs), or put where the
 * replace string is, in any word (`cat config/{}`, `cat {}env`). Checked like arguments.
 */
function builtWords(builder: Builder | undefined, args: readonly WordValue[], items: readonly string[]): WordValue[] {
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

/**
 * esbuild's words with a `?query` or `#hash` suffix cut off: esbuild opens `./.env?x` (an
 * entry point, an `--inject:` file) as ./.env when no file has the name as written.
 */
function withoutUrlSuffix(args: readonly WordValue[]): WordValue[] {
  const out: WordValue[] = [];
  for (const arg of args) {
    const text = arg.text.replace(/[?#].*$/s, '');
    if (text === arg.text || text === '') continue;
    out.push({ text, literal: arg.literal, pattern: arg.pattern && /[*?[]/.test(text) });
  }
  return out;
}

/**
 * The file names a program reads from a literal standard input (`tar -cf - -T - <<< .env`),
 * one word each, checked like arguments; none when it reads no names there or the input is
 * not literal (a pipe: known only at run time).
 */
function stdinNames(words: readonly string[], stmt: Stmt, walk: Walk): WordValue[] {
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

/**
 * What a command reads from its standard input besides a file list: `code` for an interpreter
 * given no script and no code option (`python3 <<< 'open(".env")'`) and for pandoc and esbuild
 * (their options are not read: an input an operand leaves unread is checked all the same),
 * `document` for xmllint reading `-`; undefined otherwise.
 */
function stdinProgram(words: readonly string[]): 'code' | 'document' | undefined {
  const [program = '', ...args] = words;
  if (program === 'xmllint' && args.includes('-')) return 'document';
  if (STDIN_DOCUMENT_READERS.has(program) || STDIN_CODE_READERS.has(program) || SHELL_ESCAPE_READERS.has(program)) return 'code';
  if (!STDIN_INTERPRETERS.has(program)) return undefined;
  const operand = args.find((w) => !w.startsWith('-') || w === '-');
  if (operand !== undefined && !namesStandardInput(operand)) return undefined;
  if (args.some((w) => /^-[A-Za-z]*[cemEpr]/.test(w) && !w.startsWith('--') || /^--(?:eval|print|require|import)/.test(w))) return undefined;
  return 'code';
}

// npm's built-in `env` script (when package.json has none of that name) runs its arguments
// as a command: `npm run env -- nc host 443`; `npm exec CMD` (`npm x`) runs CMD, a package's
// program or any on PATH; `npm explore PKG -- CMD` runs CMD's words joined, through the shell,
// in the package's folder. The command is read as any other, so `npm run *` does not let it
// through. (`npx X` runs a package's program: an allowlist names it as it is written.)
const NPM_RUN = new Set(['run', 'run-script', 'rum', 'urn']);
// npm's settings that take a value (npm 11's definitions, `--browser` too; nopt reads any
// other option as a flag), its flags that a valued one's name begins (`--global`, not an
// abbreviation of `--globalconfig`), its one-letter shorthands, of which `-w WS`, `-C DIR`,
// `-L LOC`, `-c CMD`, `-m MSG` take a value, and its flags spelled with more than one letter.
const NPM_VALUED: ReadonlySet<string> = new Set(
  ('_auth access allow-directory allow-file allow-git allow-remote allow-scripts also audit-level auth-type before ca cache cache-max cache-min cafile call cert cidr cpu depth diff ' +
    'diff-dst-prefix diff-src-prefix diff-unified editor expect-result-count expires fetch-retries fetch-retry-factor fetch-retry-maxtimeout fetch-retry-mintimeout fetch-timeout git ' +
    'globalconfig heading https-proxy include init-author-email init-author-name init-author-url init-license init-module init-type init-version init.author.email init.author.name ' +
    'init.author.url init.license init.module init.version install-strategy key libc local-address location lockfile-version loglevel logs-dir logs-max name maxsockets message ' +
    'min-release-age min-release-age-exclude node-gyp node-options noproxy omit only orgs os otp package pack-destination packages prefix preid provenance-file proxy registry ' +
    'replace-registry-host save-prefix sbom-format sbom-type scope scopes packages-and-scopes-permission orgs-permission password token-description script-shell searchexclude ' +
    'searchlimit searchopts searchstaleness shell tag tag-version-prefix umask user-agent userconfig viewer which workspace browser reg enjoy-by').split(' '),
);
const NPM_PREFIX_FLAGS: ReadonlySet<string> = new Set(['all', 'audit', 'global', 'provenance', 'save']);
const NPM_SHORT = 'dqsnacfgLlmpCSBDEOP?Hhvwy';
const NPM_VALUED_SHORT = 'wCLcm';
const NPM_FLAG_SHORTHANDS: ReadonlySet<string> = new Set(['dd', 'ddd', 'quiet', 'silent', 'verbose', 'desc', 'help', 'local', 'porcelain', 'readonly', 'iwr', 'ws', 'no']);
// Options that put the package folder `npm explore` runs in elsewhere (the global one, another prefix or workspace).
const NPM_ELSEWHERE = /^(?:-[A-Za-z]*[gCLw]|--(?:global|prefix|location|workspace|workspaces|package)(?:=|$)|-ws$)/;
const NPM_ELSEWHERE_NAMES: readonly string[] = ['--global', '--prefix', '--location', '--workspace', '--workspaces', '--package'];
// For `npm exec`, those that run a program other than the one its command word names: a package
// (`--package=SPEC`, `-p SPEC`: npx's), another prefix or workspace (`--global` does not: npm
// exec looks for the program in the global folder whether it is given or not).
const NPM_EXEC_ELSEWHERE = /^(?:-[A-Za-z]*[Cwp]|--(?:prefix|workspace|workspaces|package)(?:=|$)|-ws$)/;
const NPM_EXEC_ELSEWHERE_NAMES: readonly string[] = ['--prefix', '--workspace', '--workspaces', '--package'];

/**
 * Whether an npm word puts what runs elsewhere (NPM_ELSEWHERE; NPM_EXEC_ELSEWHERE for `npm
 * exec`), the options in any abbreviation nopt may expand (`--packa=X`, `--prefi DIR`; an
 * ambiguous one too, to be safe): `npm exec --package=SPEC eslint` runs SPEC's eslint.
 */
function npmElsewhere(w: string, exec: boolean): boolean {
  if ((exec ? NPM_EXEC_ELSEWHERE : NPM_ELSEWHERE).test(w)) return true;
  return abbreviatedName(w.split('=')[0]!.replace(/_/g, '-').toLowerCase(), exec ? NPM_EXEC_ELSEWHERE_NAMES : NPM_ELSEWHERE_NAMES) !== undefined;
}

/**
 * Where the operands among npm's words are, its options and their values skipped as nopt reads
 * them (an option may come anywhere; `--` ends them); a reason when an option word may or may
 * not take the next word (an abbreviation a setting with a value begins: `--regi URL`).
 */
function npmOperands(args: readonly string[]): number[] | string {
  const operands: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === '--') {
      for (let k = i + 1; k < args.length; k++) operands.push(k);
      break;
    }
    if (!w.startsWith('-') || w === '-') {
      operands.push(i);
      continue;
    }
    if (w.includes('=')) continue;
    const name = w.replace(/^--?/, '').replace(/_/g, '-');
    if (!w.startsWith('--')) {
      if (NPM_FLAG_SHORTHANDS.has(name)) continue;
      // One-letter shorthands, alone or in a cluster (`-gy`): the last one may take the next word.
      if ([...name].every((c) => NPM_SHORT.includes(c))) {
        if (NPM_VALUED_SHORT.includes(name.at(-1)!)) i++;
        continue;
      }
    }
    if (NPM_VALUED.has(name)) i++;
    else if (!name.startsWith('no-') && !NPM_PREFIX_FLAGS.has(name) && [...NPM_VALUED].some((v) => v.startsWith(name))) return `npm's \`${w}\` may take the next word as its value`;
  }
  return operands;
}

type NpmCommand = { kind: 'words'; start: number } | { kind: 'shell'; text: string; dir: string } | { kind: 'unverifiable'; reason: string };
const NPM_RUNNERS: ReadonlySet<string> = new Set([...NPM_RUN, 'exec', 'x', 'explore']);

/** The command npm's words (after `npm`) run (`npm run env`, `npm exec`, `npm explore`), or undefined for none. */
function npmCommand(args: readonly WordValue[]): NpmCommand | undefined {
  const texts = args.map((a) => a.text);
  const operands = npmOperands(texts);
  if (typeof operands === 'string') return texts.some((w) => NPM_RUNNERS.has(w)) ? { kind: 'unverifiable', reason: operands } : undefined;
  const sub = texts[operands[0] ?? -1] ?? '';
  if (NPM_RUN.has(sub)) return texts[operands[1] ?? -1] === 'env' && operands[2] !== undefined ? { kind: 'words', start: operands[2] } : undefined;
  if (sub === 'explore') {
    const command = operands.slice(2);
    if (command.length === 0) return undefined;
    const pkg = args[operands[1]!]!;
    const text = command.map((k) => texts[k]).join(' ');
    // The folder is node_modules/PKG of npm's prefix (the nearest one with a package.json): a
    // command that climbs out of it (`..`, `$PWD`) or a folder elsewhere is not placed here.
    if (!pkg.literal || command.some((k) => !args[k]!.literal) || /\.\.|PWD/.test(text) || npmOwnWords(texts).some((w) => npmElsewhere(w, false))) {
      return { kind: 'unverifiable', reason: `\`npm explore\` runs a command in a package folder not known here: \`${text.slice(0, 80)}\`` };
    }
    return { kind: 'shell', text, dir: `node_modules/${pkg.text}` };
  }
  // `npm exec -c CMD` is a command line (hidden-commands.ts); npm before 11 puts the program's word into the script unquoted.
  const start = operands[1];
  if ((sub !== 'exec' && sub !== 'x') || start === undefined || npmCallsCommandLine(texts)) return undefined;
  if (!/^[\w@%+:,./-]+$/.test(texts[start]!)) return { kind: 'unverifiable', reason: `\`npm ${sub}\` runs a command word the shell reads again: \`${texts[start]!.slice(0, 80)}\`` };
  // `npm exec --package=SPEC eslint` (`-p`, `--prefix DIR`, `-C DIR`, `-w WS`, ...) runs an `eslint` from elsewhere: not the one the allowlist names.
  const elsewhere = npmOwnWords(texts).find((w) => npmElsewhere(w, true));
  if (elsewhere !== undefined) return { kind: 'unverifiable', reason: `\`npm ${sub} ${elsewhere.slice(0, 80)}\` runs a program from a package or folder not known here` };
  return { kind: 'words', start };
}

/** Emits the command of these words, and again with the variables this line sets to known text substituted. */
function emitWords(walk: Walk, given: WordValue[], redirects: string[]): void {
  const first = given[0];
  if (first === undefined) return;
  const values: WordValue[] = [first];
  // `f=.env; cat $f` is also checked as `cat .env`. Only in addition: the assignment may
  // not have run (`true || f=x`, a subshell), so the command as written is checked too.
  const substituted: WordValue[] = [first];
  let anySubstituted = false;
  for (const v of given.slice(1)) {
    const known = !v.literal && v.word !== undefined ? expandVariables(v.word, walk.vars, MAX_BRACE_WORDS) : undefined;
    // `a` and `b` set on 17 branches each: `cat $a$b` may be any of 289 words, too many to check;
    // `g=$(cmd)$f` is not unreadable but run-time text (the environment's, as `$(cmd)` itself).
    if (known === 'unreadable') {
      markUnverifiable(walk, `what \`${v.text.slice(0, 80)}\` expands to cannot be listed (more than ${MAX_BRACE_WORDS} words, or a variable made in a way not read here)`);
      values.push(v);
      substituted.push(v);
      continue;
    }
    if (known !== undefined) {
      anySubstituted = true;
      values.push(v);
      for (const text of known) {
        // Unquoted, `f='a .env'` splits into two words: check the whole and the pieces.
        const pieces = text.split(/[ \t\n]+/).filter((p) => p !== '');
        for (const t of pieces.length > 1 ? [text, ...pieces] : [text]) substituted.push({ text: t, literal: true, pattern: /[*?[]/.test(t) });
        // Brace expansion comes first in bash: `x=.e; cat ${x}{n,}v` is `cat .env .ev`. (Braces
        // in the value itself are not expanded; expanding them too only checks more words.)
        if (text.includes('{')) {
          const expanded = expandBraces(text, MAX_BRACE_WORDS);
          if (expanded === undefined) markUnverifiable(walk, `brace expansion of \`${v.text.slice(0, 80)}\` is too large`);
          else for (const t of expanded) if (t !== text) substituted.push({ text: t, literal: true, pattern: /[*?[]/.test(t) });
        }
      }
      continue;
    }
    // Braces written in the word were expanded as the line was read (parser.ts expandedWords).
    values.push(v);
    substituted.push(v);
  }
  emitValues(walk, values, redirects);
  if (anySubstituted) emitValues(walk, substituted, redirects);
}

function emitValues(walk: Walk, values: WordValue[], redirects: string[]): void {
  emit(walk, commandOf(values, redirects));
}

/** The simple command of these words: the program by base name, as the engine knows it. */
function commandOf(values: WordValue[], redirects: string[]): SimpleCommand {
  const first = values[0]!;
  const words = values.map((v) => v.text);
  const command: SimpleCommand = { words, text: '', redirects };
  const expanding = expandingWordsOf(values);
  if (expanding !== undefined) command.expandingWords = expanding;
  if (first.literal) {
    const written = baseName(first.text);
    words[0] = programName(written);
    if (words[0] !== written) command.programAs = written;
    if (first.text.includes('/')) command.commandPath = first.text;
  }
  // Patterns match the words a program acts on: `rm "" -rf /` is `rm -rf /` (the empty word stays in `words`, where options are read).
  command.text = words.includes('') ? words.filter((w) => w !== '').join(' ') : words.join(' ');
  return command;
}

/** The indices of the words not literal or holding an unquoted wildcard (SimpleCommand.expandingWords); undefined for none. */
function expandingWordsOf(values: readonly WordValue[]): number[] | undefined {
  let out: number[] | undefined;
  for (let i = 0; i < values.length; i++) if (!values[i]!.literal || values[i]!.pattern) (out ??= []).push(i);
  return out;
}

/**
 * Reads the command a wrapper or runner runs from `start`: its own words before it (`options`,
 * as read) may name files (`time -o f`, `xargs -a f`) and the directory its command runs in
 * (`env -C /etc`), kept for the path checks of the command.
 */
function runWrapped(values: WordValue[], options: readonly WrapperOption[], start: number, spec: WrapperSpec, depth: number, walk: Walk, redirects: string[], stmt: Stmt, builder: Builder | undefined): void {
  const dir = wrapperChdir(spec, options);
  const files = wrapperFiles(spec, options);
  const pathWords = wrapperPathWords(spec, options);
  walk.wrapperOptions.push(...pathWords);
  walk.wrapperFiles.push(...files);
  if (dir !== undefined) walk.wrapperDirs.push(dir);
  runWords(values, start, depth + 1, walk, redirects, stmt, builder);
  walk.wrapperOptions.length -= pathWords.length;
  walk.wrapperFiles.length -= files.length;
  if (dir !== undefined) walk.wrapperDirs.pop();
}

/** A runner's shell command line (`nix-shell --run STR`): its other words may name files, as a wrapper's options do. */
function runString(values: WordValue[], runner: { optionsFrom: number; text: string; at: number }, depth: number, walk: Walk): void {
  const options = values.slice(runner.optionsFrom).filter((_, i) => runner.optionsFrom + i !== runner.at).map((v) => v.text);
  walk.wrapperOptions.push(...options);
  collectAs(true, runner.text, depth + 1, walk); // /bin/sh, or the user's shell
  walk.wrapperOptions.length -= options.length;
}

/**
 * A runner's words with its command word read as the program it runs: a package spec's
 * package (`npx prettier@3 x` runs `prettier x`), a command after its environment (`hatch run
 * test:pytest` runs `pytest`).
 */
function withPackageProgram(values: WordValue[], runner: { spec: WrapperSpec; start: number }): WordValue[] {
  const word = values[runner.start]!;
  const { spec } = runner;
  const program = !word.literal ? undefined : spec.packageSpec ? packageProgram(word.text) : spec.envPrefix ? /^[\w.-]+:(.+)$/.exec(word.text)?.[1] : undefined;
  if (program === undefined || program === word.text) return values;
  const out = [...values];
  out[runner.start] = { ...word, text: program };
  return out;
}

/**
 * A program runner's command (wrappers.ts runners: `npx X`, `uv run X`, `bundle exec X`):
 * where its options end and the command starts (`words`), or the shell command line it runs
 * (`string`: `nix-shell --run STR`, `sops exec-env FILE STR`); `optionsFrom` is the runner's
 * first word after its name, so its program's options before the subcommand count too (`uv
 * --directory d run`). Why it cannot be read (a word not literal, an option that hides the
 * command); undefined when the line is no such runner or runs no command (`uv run`, `pdm run
 * --list`, `npx -c CMD`, read by hidden-commands.ts): it is then read as written, as any other
 * program.
 */
type RunnerLine =
  /** `options`: the runner's words before `start`, as read; `values`: the words to read when they are not the line's own (`nix run`'s program and arguments). */
  | { kind: 'words'; spec: WrapperSpec; options: WrapperOption[]; start: number; values?: WordValue[] }
  | { kind: 'string'; optionsFrom: number; text: string; at: number }
  | { kind: 'unverifiable'; reason: string };

function runnerAt(name: string, values: WordValue[], at: number): RunnerLine | undefined {
  const found = runnerSpecAt(name, values, at);
  if (found === undefined || 'reason' in found) return found;
  const { spec, from } = found;
  const optionsFrom = at + 1;
  if (spec.commandString !== undefined) {
    const string = findCommandOption(values, from, spec.commandString);
    if (string.kind === 'unverifiable') return string;
    if (string.kind === 'string') return { kind: 'string', optionsFrom, text: string.text, at: string.at };
  }
  const skip = skipWrapperOptions(spec, values, from);
  if (skip.kind === 'unverifiable') return skip;
  if (skip.kind !== 'command') return undefined;
  const first = values[skip.start];
  if (first?.literal === false) return { kind: 'unverifiable', reason: `the command \`${name}\` runs is not a literal: \`${first.text}\`` };
  // `aws-vault exec PROFILE -- CMD`, `direnv exec DIR -- CMD`: a `--` after the operands too.
  const start = first?.text === '--' && spec.commandAfter === undefined ? skip.start + 1 : skip.start;
  // Its program's words before the subcommand are read as its own options too (`poetry -C /etc run`: -C places the command).
  const options = [...readWords(spec, values, optionsFrom, from + 1), ...skip.options, ...readWords(spec, values, skip.start, start)];
  if (spec.installable) return installableCommand(name, values, start, spec, options);
  if (spec.stringOperand) {
    const string = values[start];
    if (string === undefined) return undefined;
    return string.literal ? { kind: 'string', optionsFrom, text: string.text, at: start } : { kind: 'unverifiable', reason: `command string of \`${name}\` is not a literal: \`${string.text}\`` };
  }
  return start < values.length ? { kind: 'words', spec, options, start } : undefined;
}

/**
 * `nix run INSTALLABLE [-- ARGS]`: the program the installable's attribute names, with the
 * words after the `--` (those between are nix's own); read as written when the installable
 * names no program (`nix run .`, the flake's default app).
 */
function installableCommand(name: string, values: WordValue[], at: number, spec: WrapperSpec, options: WrapperOption[]): RunnerLine | undefined {
  const word = values[at];
  const program = word === undefined ? undefined : installableProgram(word.text);
  if (word === undefined || program === undefined) return undefined;
  const dashes = values.findIndex((v, i) => i > at && v.literal && v.text === '--');
  const args = dashes < 0 ? [] : values.slice(dashes + 1);
  if (values.slice(at + 1, dashes < 0 ? undefined : dashes).some((v) => !v.literal)) return { kind: 'unverifiable', reason: `an argument of \`${name} run\` is not a literal` };
  return { kind: 'words', spec, options, start: at, values: [...values.slice(0, at), { ...word, text: program }, ...args] };
}

/**
 * The runner entry a line starts with: the program alone (`npx`), or its subcommand of one or
 * two words (`uv run`, `hatch env run`) after the program's options (wrappers.ts runnerGlobals);
 * `from` is the entry's last word.
 */
function runnerSpecAt(name: string, values: WordValue[], at: number): { spec: WrapperSpec; from: number } | { kind: 'unverifiable'; reason: string } | undefined {
  const alone = runners.get(name);
  if (alone !== undefined) return { spec: alone, from: at };
  const globals = runnerGlobals.get(name);
  const sub = globals === undefined ? at + 1 : subcommandAt(globals, values, at);
  if (typeof sub !== 'number') return sub;
  const first = values[sub];
  if (first?.literal !== true) return undefined;
  const second = values[sub + 1];
  const two = second?.literal ? runners.get(`${name} ${first.text} ${second.text}`) : undefined;
  if (two !== undefined) return { spec: two, from: sub + 1 };
  const one = runners.get(`${name} ${first.text}`);
  if (one !== undefined) return { spec: one, from: sub };
  // `pnpm eslint .`: not one of pnpm's own commands, so pnpm runs it (defaultRunners).
  const fallback = defaultRunners.get(name);
  if (fallback === undefined || fallback.own.has(first.text) || first.text.startsWith('-')) return undefined;
  return { spec: runners.get(fallback.runner)!, from: sub - 1 };
}

function emit(walk: Walk, command: SimpleCommand): void {
  if (walk.commands.length >= walk.caps.maxCommands) throw new CapExceeded('commands');
  const written = command.redirects.filter((t) => walk.written.has(t));
  if (written.length > 0) command.writtenRedirects = written;
  const wrappedBy = walk.wrapping.filter((t, i, all) => t !== command.text && all.indexOf(t) === i);
  if (wrappedBy.length > 0) command.wrappedBy = wrappedBy;
  if (walk.repeating > 0) command.repeats = true;
  // Only the command a runner starts itself, not those that command runs in turn (`npx rg --pre ./x.sh`: x.sh).
  const runner = walk.runners[walk.runners.length - 1];
  if (runner !== undefined && runner.depth === walk.reading) command.runBy = runner.line;
  if (walk.wrapperOptions.length > 0) command.wrapperOptions = [...walk.wrapperOptions];
  if (walk.wrapperFiles.length > 0) command.wrapperFiles = [...walk.wrapperFiles];
  // Each wrapper's directory is relative to the one before; an absolute one starts over (`env -C a env -C /etc`).
  if (walk.wrapperDirs.length > 0) command.cwd = walk.wrapperDirs.reduce(within, '');
  walk.commands.push(command);
}

/** An assignment's value when it is literal text (`X=-9`, `X=`), else undefined (`X=$y`, an array). */
function literalText(value: Word | undefined): string | undefined {
  if (value === undefined) return '';
  const v = wordValue(value);
  return v.literal && !v.text.includes('$') ? v.text : undefined;
}
