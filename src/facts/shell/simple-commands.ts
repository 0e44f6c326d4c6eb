// Reads one simple command of a parsed line (statements.ts visits the statements that hold
// it): the command as written, then what it runs, wherever that hides. readCommand dispatches
// by program to the modules beside it: wrappers and runners (runners.ts), builders such as
// xargs and find -exec (builders.ts), the shell's builtins (builtins.ts), npm (npm.ts),
// interpreters' program text (interpreter-code.ts), shells and what they read from standard
// input (stdin.ts, stdin-script.ts), options made at run time (run-time-options.ts), the
// scripts a line runs (scripts.ts), and commands hidden in options (hidden-commands.ts); each
// command found is emitted by emit.ts.
import { gitSubcommandAt } from '../operands/git.js';
import { ownDirectories } from '../operands/own-directories.js';
import { programName } from '../program-names.js';
import type { Stmt } from './ast.js';
import { builderItems, builtWords, runFdExec, runFindExec, xargsBuilder, type Builder } from './builders.js';
import {
  checkDeclaration,
  checkSetOptions,
  checkVariableSetters,
  namesVariables,
  runCompletionOptions,
  runStringCommand,
  runTrap,
  turnsOffZshCaseGlob,
  namesDotGlob,
  namesZshGlobSyntax,
  setsZshOptionsByPattern,
} from './builtins.js';
import { emitWords } from './emit.js';
import { hiddenCommands } from './hidden-commands.js';
import { readCodeCommands } from './interpreter-code.js';
import { npmCommand } from './npm.js';
import { variablesSetFromInput } from './re-evaluation.js';
import { optionMadeAtRunTime } from './run-time-options.js';
import { asRunnersCommand, readContainerCommand, readRemoteCommand, runnerAt, runString, runWrapped, withPackageProgram } from './runners.js';
import { noteScripts, sourcedScript } from './scripts.js';
import { collectAs, collectFromSource } from './statements.js';
import { mayTurnOnHistory, stdinScriptReader } from './stdin-script.js';
import { inputGiven, patchedFiles, readsPatch, stdinNames, stdinScript } from './stdin.js';
import { DECLARATION_BUILTINS } from './variables.js';
import { CapExceeded, markUnverifiable, noteScript, type Walk } from './walk.js';
import { baseName, literalPrefix, type WordValue } from './words.js';
import {
  commandOptionRunners,
  findCommandOption,
  foreignShells,
  isShellInterpreter,
  namesStandardInput,
  opaqueRunners,
  readShellInvocation,
  runnerFiles,
  skipWrapperOptions,
  wrappers,
} from './wrappers.js';

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
 * Reads the command that starts at `values[at]`: unwraps wrappers, shells, eval and
 * find -exec, and emits what finally runs.
 */
export function runWords(values: WordValue[], at: number, depth: number, walk: Walk, redirects: string[], stmt: Stmt, builder?: Builder): void {
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
  if (namesDotGlob(name, values.slice(at + 1))) {
    // `shopt -s dotglob; cat src/*` (or `bash -O dotglob`, zsh's `setopt globdots`, `zsh -4`)
    // reads src/.env: the dot rule (facts/path-glob.ts) would no longer hold.
    markUnverifiable(walk, '`dotglob` (zsh: GLOB_DOTS) makes wildcards match names starting with `.`');
  }
  if (namesZshGlobSyntax(name, values.slice(at + 1))) {
    // `setopt extendedglob; cat .en#v` (or BRACE_CCL's `.{e}nv`) reads .env in zsh: wildcards no bash knows.
    markUnverifiable(walk, 'zsh\'s EXTENDED_GLOB or BRACE_CCL makes wildcards of characters bash reads as text (`#`, `^`, `~`, `{e}`)');
  }
  if (setsZshOptionsByPattern(name, values.slice(at + 1))) {
    markUnverifiable(walk, `\`${name} -m\` changes every option its patterns match`);
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
  const sourced = name === 'source' || name === '.' ? sourcedScript(values, at) : undefined;
  if (sourced === 'option') {
    markUnverifiable(walk, `\`${name}\` with an option (bash 5.3's \`-p PATH\` chooses where the script is looked up)`);
  } else if (sourced !== undefined && namesStandardInput(sourced.text)) {
    const script = stdinScript(stmt, walk);
    if (script !== undefined) collectFromSource(script, depth + 1, walk);
    else markUnverifiable(walk, `\`${name}\` reads commands from standard input`);
  } else if (sourced !== undefined && !sourced.literal) {
    // `. <(curl x)`, `source $f`: the script is a command's output or unknown.
    markUnverifiable(walk, `\`${name}\` of a script that is not a literal path: \`${sourced.text}\``);
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
  for (const hidden of hiddenCommands(name, values, at, stdinScript(stmt, walk), inputGiven(stmt, walk), walk.wrapperOptions)) {
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
  const patched = readsPatch(name, values, at) ? patchedFiles(stmt, walk, name, values.slice(at + 1)) : [];
  walk.wrapperFiles.push(...patched);
  emitWords(walk, input.length === 0 ? values.slice(at) : [...values.slice(at), ...input], opened.length === 0 ? redirects : [...redirects, ...opened]);
  walk.wrapperFiles.length -= patched.length;
}

/** The words from `from` up to a literal `--` (`set -- $x` sets the positional parameters, no option). */
function wordsBeforeDashes(values: readonly WordValue[], from: number): readonly WordValue[] {
  const dashes = values.findIndex((v, i) => i >= from && v.literal && v.text === '--');
  return values.slice(from, dashes < 0 ? values.length : dashes);
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
