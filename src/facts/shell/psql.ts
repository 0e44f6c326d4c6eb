// psql's meta-commands (`\!`, `\i`, `\o FILE`, `\copy … to FILE`), given by -c or read from standard
// input, read for what they run and the files they read and write, with the files -o and -L name.
import { GRAMMARS, longNamesOf } from '../grammars.js';
import { optionIs } from '../options.js';
import { optionWords, unverifiable, type Hidden } from './script-text.js';
import type { WordValue } from './words.js';

// psql's short options that take a value, and its long options (getopt_long: abbreviations too).
// psql's options, as its grammar (grammars.ts) spells them.
const PSQL = GRAMMARS.get('psql')!;
const PSQL_LONG = longNamesOf(PSQL);

/**
 * psql's meta-commands, as sqlite3's dot-commands: read from its `-c` values, or from standard
 * input when neither -c nor -f gives its commands (a here-string is read; a pipe or a file is
 * not, and makes the call unverifiable, as a script -f names does). `-o`/`-L` write a file, or
 * `-o |cmd` runs a command. Listing (`-l`), `--version` and `--help` read no input.
 */
export function psqlHidden(args: WordValue[], stdin: string | undefined): Hidden[] {
  const values = (letter: string, long: string): WordValue[] => optionWords(args, { letters: letter, long: [long] }, PSQL.valued, PSQL_LONG);
  const found: Hidden[] = [];
  for (const output of [...values('o', '--output'), ...values('L', '--log-file')]) {
    found.push(...(output.literal ? psqlTarget(output.text, true) : [unverifiable(`\`psql\` writes to a file or command not known here: \`${output.text}\``)]));
  }
  const scripts = values('f', '--file');
  if (scripts.some((f) => f.text !== '-')) return [unverifiable('`psql -f` runs the commands of a file, which may run programs')];
  const commands = values('c', '--command');
  const texts: WordValue[] = [...commands];
  if (scripts.length > 0 || commands.length === 0) {
    const words = args.map((a) => a.text);
    const noInput = words.some((w) => optionIs(w, { letters: 'lV?', long: ['--list', '--version', '--help'] }, PSQL.valued, PSQL_LONG));
    if (!noInput && stdin === undefined) return [unverifiable('`psql` reads commands from standard input, which may run programs')];
    if (!noInput) texts.push({ text: stdin!, literal: true, pattern: false });
  }
  for (const text of texts) {
    if (!text.literal) return [unverifiable(`\`psql\` is given commands that are not a literal: \`${text.text.slice(0, 80)}\``)];
    const read = psqlMetaCommands(text.text);
    if (!Array.isArray(read)) return [read];
    found.push(...read);
  }
  return found;
}

// psql's meta-commands that run a program (`\!`, an editor: `\e`, `\ef`, `\ev`; `\setenv`
// chooses what later ones run; `\gexec` runs SQL a query returns), run a script we cannot read
// (`\i`, `\ir`) or move psql (`\cd`: later names are placed elsewhere); and a backquote in a
// meta-command's arguments, which psql runs as a shell command.
const PSQL_RUNS = /\\(?:!|e|edit|ef|ev|setenv|gexec|i|include|ir|include_relative|cd)(?![A-Za-z_])|\\[A-Za-z_][^\n]*`/;
// Those that name a file (written, or read by `\lo_import`), with their arguments up to the next
// meta-command or the line's end; `\copy` takes the whole line.
const PSQL_FILE_COMMANDS = /\\(o|out|g|gx|w|write|s|lo_export|lo_import)(?![A-Za-z_])([^\\\n]*)|\\copy(?![A-Za-z_])([^\n]*)/g;

/** The files psql meta-commands in `text` name, or why they cannot be verified. */
function psqlMetaCommands(text: string): Hidden[] | Hidden {
  if (PSQL_RUNS.test(text)) return unverifiable(`\`psql\` runs a meta-command that can start a program or read a script: \`${text.slice(0, 80)}\``);
  const found: Hidden[] = [];
  for (const m of text.matchAll(PSQL_FILE_COMMANDS)) {
    if (m[3] !== undefined) {
      // `\copy TABLE from FILE`, `\copy (QUERY) to FILE`: every `from`/`to` operand counts (a query's own `from` only adds a name).
      if (/\bprogram\b/i.test(m[3])) return unverifiable('`psql \\copy … program` runs a command');
      for (const c of m[3].matchAll(/\b(from|to)\s+('(?:[^']|'')*'|"[^"]*"|[^\s;]+)/gi)) {
        const target = c[2]!;
        if (/^(?:stdin|stdout|pstdin|pstdout)$/i.test(target)) continue;
        found.push(...psqlTarget(target, c[1]!.toLowerCase() === 'to'));
      }
      continue;
    }
    const command = m[1]!;
    // `\g (format=csv) FILE`: its options first; `\lo_export OID FILE`: the file second.
    const words = m[2]!.replace(/^\s*\([^)]*\)/, '').match(/'(?:[^']|'')*'|"[^"]*"|\S+/g) ?? [];
    const target = command === 'lo_export' ? words[1] : words[0];
    if (target !== undefined) found.push(...psqlTarget(target, command !== 'lo_import'));
  }
  return found;
}

/**
 * The file a psql meta-command argument names: `|cmd` runs a command, a backquote runs one
 * too, and a variable (`:x`, `:'x'`) holds text not known here; quotes are removed.
 */
function psqlTarget(arg: string, write: boolean): Hidden[] {
  if (arg.startsWith('|')) return [unverifiable(`\`psql\` sends its output to a command: \`${arg.slice(0, 80)}\``)];
  if (/[`]|(?:^|[^:]):['"A-Za-z_{]/.test(arg)) return [unverifiable(`a \`psql\` meta-command argument runs a command or holds a variable: \`${arg.slice(0, 80)}\``)];
  const path = arg.replace(/^'((?:[^']|'')*)'$/s, (_, inner: string) => inner.replace(/''/g, "'")).replace(/^"(.*)"$/s, '$1');
  return path === '' ? [] : [{ kind: 'file', path, write }];
}
