// Programs that run another command line: wrappers (`sudo`, `env`, `time`) and program
// runners (`npx X`, `uv run X`, `nix-shell --run STR`), which wrappers.ts lists, and ssh's
// remote command and a container's. What they run is read as a command of its own, with
// their options that name files or a directory kept for its path checks; a runner's command is
// also marked as run by the runner's line (SimpleCommand.runBy).
import type { Stmt } from './ast.js';
import type { Builder } from './builders.js';
import { containerCommand } from './containers.js';
import { commandOf } from './emit.js';
import { runWords } from './simple-commands.js';
import { sshRemoteCommand } from './ssh.js';
import { collectAs } from './statements.js';
import { markUnverifiable, type Walk } from './walk.js';
import type { WordValue } from './words.js';
import {
  defaultRunners,
  findCommandOption,
  installableProgram,
  packageProgram,
  readWords,
  runnerGlobals,
  runners,
  skipWrapperOptions,
  subcommandAt,
  wrapperChdir,
  wrapperFiles,
  wrapperPathWords,
  type WrapperOption,
  type WrapperSpec,
} from './wrappers.js';

/**
 * Reads the command a wrapper or runner runs from `start`: its own words before it (`options`,
 * as read) may name files (`time -o f`, `xargs -a f`) and the directory its command runs in
 * (`env -C /etc`), kept for the path checks of the command.
 */
export function runWrapped(values: WordValue[], options: readonly WrapperOption[], start: number, spec: WrapperSpec, depth: number, walk: Walk, redirects: string[], stmt: Stmt, builder: Builder | undefined): void {
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
export function runString(values: WordValue[], runner: { optionsFrom: number; text: string; at: number }, depth: number, walk: Walk): void {
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
export function withPackageProgram(values: WordValue[], runner: { spec: WrapperSpec; start: number }): WordValue[] {
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

export function runnerAt(name: string, values: WordValue[], at: number): RunnerLine | undefined {
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

/**
 * Reads what the line at `values[at]` runs (`read`) as a runner's command: allow patterns
 * match the line as written (SimpleCommand.runBy); for a runner another runner starts (`uv run
 * npx prettier`), the outer line.
 */
export function asRunnersCommand(values: WordValue[], at: number, depth: number, walk: Walk, read: () => void): void {
  const outer = walk.runners[walk.runners.length - 1];
  walk.runners.push({ line: outer !== undefined && outer.depth === depth ? outer.line : commandOf(values.slice(at), []), depth: depth + 1 });
  try {
    read();
  } finally {
    walk.runners.pop();
  }
}

/**
 * `ssh HOST CMD...`: the remote shell runs the command line CMD's words make. It is read as a
 * runner's (SimpleCommand.runBy): deny and approve patterns see its commands (`ssh prod rm -rf
 * /data` meets `rm -rf *`), allow patterns the ssh line as written. Its words are paths here
 * too, as they were as ssh's arguments: the careful side, since they name the remote host's.
 */
export function readRemoteCommand(name: 'ssh' | 'autossh', values: WordValue[], at: number, depth: number, walk: Walk): void {
  const remote = sshRemoteCommand(values.slice(at + 1), name);
  if (remote.kind === 'none') return;
  if (remote.kind === 'unverifiable') {
    markUnverifiable(walk, remote.reason);
    return;
  }
  asRunnersCommand(values, at, depth, walk, () => collectAs(true, remote.text, depth + 1, walk));
}

/**
 * The command a container runs (containers.ts: `docker exec c CMD`, `docker run --entrypoint
 * P IMAGE ARGS`, `kubectl exec POD -- CMD`), read as a runner's, as ssh's remote command is:
 * deny and approve patterns see it, allow patterns the container line. The line itself is
 * still read as a command of its own (its binds: operands/container-binds.ts).
 */
export function readContainerCommand(name: string, values: WordValue[], at: number, depth: number, walk: Walk, stmt: Stmt): void {
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
