// From shell source to the simple commands policy checks see: every command that could run,
// wherever it hides, with assignments stripped and wrappers unwrapped. This module parses the
// source and visits its statements (compound commands, assignments, redirections, the command
// lists hidden in words); simple-commands.ts reads each simple command they hold.
import type { Assign, Redirect, Stmt, Word } from './ast.js';
import { emit } from './emit.js';
import { DepthExceeded, ShellSyntaxError, UnsupportedSyntax } from './errors.js';
import { parseBash } from './parser.js';
import {
  assignedRunTimeText,
  noteAssigningExpansions,
  noteAssignment,
  noteDeclaredValues,
  notePayload,
  noteReEvaluatingText,
  runTimeText,
  spellsAssignment,
} from './re-evaluation.js';
import { runWords } from './simple-commands.js';
import { INPUT_REDIRECTS } from './stdin.js';
import { collectVariables, DECLARATION_BUILTINS, functionNames } from './variables.js';
import { CapExceeded, markUnverifiable, type Walk } from './walk.js';
import { wordValue } from './words.js';
import { isReadPathVariable, isRiskyVariable, isWrittenPathVariable, writtenVariablePath } from './wrappers.js';
import { zshClobberTarget, zshNumericGlob, zshReading } from './zsh.js';

/**
 * Reads `source` as a string a shell runs (see Walk.posix): a POSIX shell's (`posix` true),
 * one that reads `((` as arithmetic (false), or the same shell as around it (undefined).
 */
export function collectAs(posix: boolean | undefined, source: string, depth: number, walk: Walk, stdinRedirects: string[] = []): void {
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
 * checkDeclaration (builtins.ts) notes the names a declaration gives a case or width
 * attribute, read from its resolved words (`declare "-l" x`, `declare -"l" x` and `declare -l
 * "x"` are bash's `declare -l x`). Values given in the declaration are read with it (variables.ts); such a
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
  // Text read again (`bash -c`, `zsh -c`, `eval`, `ssh`, a runner's script): the dot rule is left out there (Walk.readAgain).
  if (depth > 0) walk.readAgain++;
  try {
    visitList(stmts, depth, walk, stdinRedirects);
  } finally {
    if (depth > 0) walk.readAgain--;
  }
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

/**
 * The scripts noted from `from` on belong to commands that run alongside others (a pipeline's,
 * `&`'s, a process substitution's): made before them when any command up to the end of the
 * pipeline writes them, or any command of the line at all after one put in the background.
 */
function runAlongside(walk: Walk, from: number, background: boolean): void {
  for (let i = from; i < walk.scripts.length; i++) {
    const script = walk.scripts[i]!;
    walk.scripts[i] = { path: script.path, after: background ? Infinity : Math.max(script.after, walk.commands.length) };
  }
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
    const scriptsBefore = walk.scripts.length;
    visitNested([part.body], depth, walk);
    // `<(…)` and `>(…)` run in the background, on while the rest of the line runs.
    if (part.source.startsWith('<(') || piped) runAlongside(walk, scriptsBefore, true);
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

// Commands whose arguments become variables (`set -- $(cat f)` sets $1).
const setsFromArguments: ReadonlySet<string> = new Set(['set', 'declare', 'typeset', 'local', 'export', 'readonly', 'let']);

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
    const scriptsBefore = walk.scripts.length;
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
    // `npm test & cp x package.json` and `npm test | cp x package.json`: the commands of a
    // pipeline run at once, and a command put in the background runs on while every later one
    // does, so a file any of them writes may be made before it is read (red team 29b).
    if (command.pipe || command.background) runAlongside(walk, scriptsBefore, command.background === true);
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
    if (zshNumericGlob(r.op, r.word)) markUnverifiable(walk, `zsh reads \`<${wordValue(r.word).text.slice(0, 20)}>\` as a wildcard matching numbers (\`cat id_ed<->9\` reads id_ed25519), not as a redirection`);
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

/** An assignment's value when it is literal text (`X=-9`, `X=`), else undefined (`X=$y`, an array). */
function literalText(value: Word | undefined): string | undefined {
  if (value === undefined) return '';
  const v = wordValue(value);
  return v.literal && !v.text.includes('$') ? v.text : undefined;
}
