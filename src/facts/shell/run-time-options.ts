// Options made only when the line runs: a word known at run time (`$x`, `$(…)`, a wildcard, a
// builder's input) may become an option of a program whose options run a program or write a
// file (`find $x` may be `find -exec …`), so the command cannot be read before it runs.
import { gitSubcommandAt } from '../operands/git.js';
import type { WordPart } from './ast.js';
import type { Builder } from './builders.js';
import { hasRunningOptions } from './hidden-commands.js';
import { expandVariables } from './variables.js';
import type { Walk } from './walk.js';
import { literalPrefix, MAX_BRACE_WORDS, wordValue, type WordValue } from './words.js';
import { wrappers } from './wrappers.js';

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
export function optionMadeAtRunTime(name: string, values: readonly WordValue[], at: number, walk: Walk, builder: Builder | undefined): string | undefined {
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

/** A word that is, or as a wildcard may match, a name starting with `-`. */
function mayNameAnOption(text: string): boolean {
  return text.startsWith('-') || /^[*?[]/.test(text);
}
