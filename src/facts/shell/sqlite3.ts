// sqlite3's shell (and DuckDB's, which is sqlite3's): its SQL and dot-commands, given as
// arguments, option values or on standard input, read for what they run (`.shell`, `.read`,
// load_extension()) and the files they read and write (`.output F`, readfile('F'), ATTACH 'F').
import { SQLITE_FLAGS, SQLITE_VALUED, sqliteArchive, sqliteDatabaseName } from '../grammars.js';
import { unverifiable, type Hidden } from './script-text.js';
import type { WordValue } from './words.js';

// sqlite3's shell: dot-commands that run a program (`.shell`, `.system`, `.excel`, `.once -x`,
// and any given `|cmd`: `.once`, `.output`, `.read`, `.import`), load code (`.load`,
// load_extension()), or open an editor (`.once -e`, edit()). Dot-commands may be abbreviated
// (`.sh`, `.sys`), so every prefix counts.
const sqliteRunsCommands =
  /(^|[\n;])\s*\.(s|sh|she|shel|shell|sy|sys|syst|syste|system|lo|loa|load|excel)(\s|$)|(^|[\n;])\s*\.[a-z]+\b[^\n]*\||(^|[\n;])\s*\.(once|output)\s+-\S*[xe]|\b(edit|load_extension)\s*\(/i;

const SQLITE_DISGUISED = /(^|[\n;])\s*\.(?:\s|["']|ses)|(^|[\n;])\s*\.[^\n;]*"[^"\n]*\\|\b(?:fsdir|zipfile)\b|\b(?:attach|into)\s*(?:\/\*|--|\()|\bwritefile\s*\((?:[^()']|'(?:[^']|'')*')*,(?:[^()']|'(?:[^']|'')*')*,|(^|[\n;])\s*\.o[a-z]*\b[^\n;]*\s["']?-\S*[xe]|["`[](?:readfile|writefile|edit|load_extension|fts3_tokenizer)["`\]]|\b(?:readfile|writefile|edit|load_extension|fts3_tokenizer)\s*(?:\/\*|--)/i;

/**
 * sqlite3's SQL and dot-commands, as arguments, `-cmd` values or read from standard input when
 * no SQL argument follows the database (a here-string or here-doc, checked like an argument):
 * any that can start a program makes the call unverifiable; `-init FILE` and `.read FILE` run
 * a script we cannot read, and so does SQL from a pipe or a file (`sqlite3 db < x.sql`).
 */
export function sqliteHidden(args: WordValue[], stdin: string | undefined): Hidden[] {
  let operands = 0;
  // Option values still to come: checked like SQL (a `-cmd` value is), counted as no operand.
  let values = 0;
  const files: Hidden[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.text === '-init' || arg.text === '--init') return [unverifiable('`sqlite3 -init` runs the commands of a file')];
    const runs = sqliteRuns(arg.text);
    if (runs !== undefined) return [runs];
    if (!arg.literal && !arg.text.startsWith('-')) return [unverifiable(`\`sqlite3\` is given SQL that is not a literal: \`${arg.text}\``)];
    // SQL and dot-commands (any word but the database) name the files they read and write.
    if (values > 0 || (operands > 0 && !arg.text.startsWith('-'))) files.push(...sqliteFiles(arg.text));
    if (values > 0) values--;
    else if (!arg.text.startsWith('-')) operands++;
    // `-A ARGS…` (`-Ax ARGS…`: `x` its first) runs `.archive ARGS` and reads no SQL; other
    // options may take one or two values.
    else if (/^--?A/.test(arg.text)) {
      const rest = arg.text.replace(/^--?A/, '');
      const archive = [...(rest === '' ? [] : [rest]), ...args.slice(i + 1).map((a) => a.text)];
      const read = sqliteArchive(archive);
      if (read.extracts) return [unverifiable(SQLITE_EXTRACTS)];
      return [...files, ...read.reads.flatMap((path): Hidden[] => [{ kind: 'file', path, write: false }, { kind: 'file', path: `${path.replace(/\/+$/, '')}/**`, write: false }])];
    } else {
      const name = arg.text.replace(/^--?/, '');
      if (!SQLITE_VALUED.has(name) && !SQLITE_FLAGS.has(name)) return [unverifiable(`\`sqlite3 ${arg.text}\` is an option not read here: whether it takes a value decides which word is the database`)];
      values = SQLITE_VALUED.get(name) ?? 0;
    }
  }
  // The database, then SQL: with none, sqlite3 reads its SQL from standard input.
  if (operands > 1) return files;
  // The files the arguments name count even so: `… | sqlite3 -cmd '.open F'` writes F whatever the SQL.
  if (stdin === undefined) return [...files, unverifiable('`sqlite3` reads SQL from standard input, which may run commands')];
  const runs = sqliteRuns(stdin);
  return runs === undefined ? [...files, ...sqliteFiles(stdin)] : [runs];
}

// SQL that reads or writes a file: readfile('F'), writefile('F', …), VACUUM INTO 'F', ATTACH 'F'
// (which creates it). A literal is '…' with '' for a quote.
const SQL_FILE = /\b(readfile|writefile)\s*\(\s*'((?:[^']|'')*)'|\bvacuum\b[^;]*?\binto\b\s*'((?:[^']|'')*)'|\battach\b\s*(?:database\b\s*)?'((?:[^']|'')*)'/gi;
// sqlite3's dot-commands that write the file they name (`.output F`, `.backup [DB] F`, `.open F`
// creates it) or read it (`.restore [DB] F`, `.import F TABLE`), by any prefix of two letters or
// more (the shell takes abbreviations).
const SQLITE_WRITES = ['output', 'once', 'log', 'trace', 'backup', 'save', 'open', 'clone'];
const SQLITE_READS = ['restore', 'import'];
// Of them, those whose file is a database sqlite opens (by a URI too).
const SQLITE_OPENS = ['backup', 'save', 'open', 'clone', 'restore'];
const SQLITE_EXTRACTS = 'extracting an SQL archive (`sqlite3 -A -x`, `.archive --extract`) writes the names stored in it, absolute ones too';
const SQLITE_STREAMS = /^(?:stdout|stderr|off|on)$/i;

// A file function or statement whose file is not one plain literal (`readfile('.e'||'nv')`,
// `char(46,…)`, `x'2e…'`, a bound parameter `?1`, `:p`): its file cannot be read from the text.
const SQL_FILE_NOT_LITERAL = /\b(?:readfile|writefile|edit)\s*\(\s*(?!'(?:[^']|'')*'\s*[,)])|\battach\b\s*(?:database\b\s*)?(?!\s|database\b|'(?:[^']|'')*'\s*as\b)|\bvacuum\b[^;]*?\binto\b\s*(?!\s|'(?:[^']|'')*'\s*(?:;|$))/i;

/** The files sqlite3 SQL or dot-commands name (`readfile('/etc/x')`, `.output ../o`), read or written. */
function sqliteFiles(text: string): Hidden[] {
  if (SQL_FILE_NOT_LITERAL.test(text)) return [unverifiable('sqlite3 SQL names a file by an expression, not a literal')];
  const found: Hidden[] = [];
  // A database sqlite opens (ATTACH, VACUUM INTO, `.open`, `.backup`, ...) may be named by a URI
  // (sqliteDatabaseName); a file the shell opens itself (readfile(), `.output`) is named as written.
  const file = (path: string, write: boolean, database: boolean): void => {
    const unquoted = path.replace(/''/g, "'");
    const plain = database ? sqliteDatabaseName(unquoted) : unquoted;
    if (plain !== '' && plain !== ':memory:') found.push({ kind: 'file', path: plain, write });
  };
  for (const m of text.matchAll(SQL_FILE)) {
    if (m[2] !== undefined) file(m[2], m[1]!.toLowerCase() === 'writefile', false);
    else file(m[3] ?? m[4]!, true, true);
  }
  for (const { name, words: all } of sqliteDotCommands(text)) {
    if ('archive'.startsWith(name)) {
      // `.ar -c FILES` reads the files it adds (from -C's directory) into the archive -f names, or the database.
      const archive = sqliteArchive(all);
      for (const path of archive.archives) file(path, true, true);
      // A directory added is read whole (`.ar -c .` reads `.env` too: red team 40).
      for (const path of archive.reads) for (const read of [path, `${path.replace(/\/+$/, '')}/**`]) file(read, false, false);
      continue;
    }
    const write = SQLITE_WRITES.some((c) => c.startsWith(name));
    if (!write && !SQLITE_READS.some((c) => c.startsWith(name))) continue;
    // Every word that is no option counts as the file: an option's value (`.import --skip 1 F T`,
    // `.open --maxsize N F`) is not taken for it (red team 43), and the others (a table, a
    // schema, a database name) are checked as files too, the careful side.
    const words = all.filter((w) => !w.startsWith('-') && !SQLITE_STREAMS.test(w));
    for (const target of words) file(target, write, SQLITE_OPENS.some((c) => c.startsWith(name)));
  }
  return found;
}

/** The dot-commands of sqlite3 text, each by its name (lower case, two letters or more) and its words, quotes removed. */
function sqliteDotCommands(text: string): { name: string; words: string[] }[] {
  const found: { name: string; words: string[] }[] = [];
  for (const line of text.split(/[\n;]/)) {
    const m = /^\s*\.([a-z]{2,})\b(.*)$/is.exec(line);
    if (m === null) continue;
    found.push({ name: m[1]!.toLowerCase(), words: (m[2]!.match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((w) => w.replace(/^(["'])(.*)\1$/s, '$2')) });
  }
  return found;
}

/**
 * DuckDB's shell is sqlite3's: the same dot-commands (`.shell`, `.system`, `.read`, `.once
 * -x`), given as an operand, by `-c`, `-s` or `-cmd`, or in the SQL it reads from its input
 * when no `-c`/`-s` and no SQL operand is given; `-init FILE` runs a file's commands and
 * `-unsigned` lets SQL load native code (`LOAD './x.duckdb_extension'`).
 */
export function duckdbHidden(args: WordValue[], stdin: string | undefined): Hidden[] {
  let operands = 0;
  let runsAndExits = false;
  for (const arg of args) {
    const text = arg.text;
    if (text === '-init' || text === '-unsigned') return [unverifiable(`\`duckdb ${text}\` runs code from a file or loads native code`)];
    const runs = sqliteRuns(text, 'duckdb');
    if (runs !== undefined) return [runs];
    if (!arg.literal && !text.startsWith('-')) return [unverifiable(`\`duckdb\` is given SQL that is not a literal: \`${text}\``)];
    if (text === '-c' || text === '-s') runsAndExits = true;
    else if (!text.startsWith('-')) operands++;
  }
  if (runsAndExits || operands > 1) return [];
  if (stdin === undefined) return [unverifiable('`duckdb` reads SQL from standard input, which may run commands')];
  const runs = sqliteRuns(stdin, 'duckdb');
  return runs === undefined ? [] : [runs];
}

/**
 * Why sqlite3 SQL or dot-commands can run a program or a script we cannot read, or touch files
 * the text does not place; undefined when they cannot.
 */
function sqliteRuns(text: string, name = 'sqlite3'): Hidden | undefined {
  if (sqliteRunsCommands.test(text)) return unverifiable(`\`${name}\` runs a command that can start a program: \`${text.slice(0, 80)}\``);
  // The shell reads a dot-command's name after blanks and quotes too (`. shell id`, `.'system' id`),
  // and SQL a function's name quoted or before a comment (`"readfile"('.env')`): not read here (red team 39).
  if (SQLITE_DISGUISED.test(text)) return unverifiable(`\`${name}\` is given a command or function named in a way not read here: \`${text.slice(0, 80)}\``);
  // `.read FILE` (`.rea` abbreviated) runs the commands of a file.
  if (/(^|[\n;])\s*\.rea(d)?(\s|$)/i.test(text)) return unverifiable(`\`${name} .read\` runs the commands of a file`);
  // `.cd DIR` moves the shell: the names it opens after (and `.testcase`'s own file) are then not placed from here.
  if (/(^|[\n;])\s*\.cd(\s|$)/i.test(text)) return unverifiable(`\`${name} .cd\` changes the directory the files it names after are in`);
  // `.archive` (`.ar`) takes the `-A` option's words.
  if (sqliteDotCommands(text).some(({ name, words }) => 'archive'.startsWith(name) && sqliteArchive(words).extracts)) return unverifiable(SQLITE_EXTRACTS);
  return undefined;
}
