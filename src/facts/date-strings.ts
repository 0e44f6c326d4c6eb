// Date strings as GNU programs read them (gnulib's parse_datetime: `date -d`, `date -s`, `touch
// -d`, `find -newermt`, `tar --newer`), and the time zones they and the TZ variable name (red
// team 44). A date string may open with `TZ="VALUE"` (after blanks): the C library then opens
// VALUE as a zoneinfo file, relative to /usr/share/zoneinfo (TZDIR) or absolute when it starts
// with `/` (a leading `:` dropped), so `date -d 'TZ="/etc/shadow" now'` reads /etc/shadow.
// Inside the quotes `\"` and `\\` stand for `"` and `\`; any other backslash makes GNU refuse
// the string. tar takes a value starting with `/` or `.` as a file whose time it uses.
// Checked against GNU date, touch, find and tar under strace.
import { optionValuePlaces, type OptionSpelling } from './options.js';

/** What a time zone value reads: a zone of the system's zoneinfo, a file by its path, or a place that cannot be read from the word. */
export type ZoneRead = { kind: 'zone' } | { kind: 'path'; path: string } | { kind: 'unverifiable'; reason: string };

/**
 * What the C library opens for TZ=`value`: an absolute path (after an optional `:`) is that
 * file; a relative one is a file under the zoneinfo directory, a plain zone name (`Europe/Paris`,
 * `UTC0`, a POSIX rule) unless one of its segments is `..`, which climbs out of it to a place
 * the word does not show (the zoneinfo directory may be a link, or moved by TZDIR).
 * `tildeExpanded`: the value is an assignment's, where bash has turned a leading `~` into a
 * home directory (an absolute path then).
 */
export function zoneRead(value: string, tildeExpanded = false): ZoneRead {
  const name = value.startsWith(':') ? value.slice(1) : value;
  if (name.startsWith('/') || (tildeExpanded && name.startsWith('~'))) return { kind: 'path', path: name };
  if (name.split('/').includes('..')) return { kind: 'unverifiable', reason: `the time zone \`${value}\` climbs out of the zoneinfo directory with \`..\`` };
  return { kind: 'zone' };
}

/** Blanks parse_datetime skips before `TZ="` (C's isspace). */
const BLANKS = /^[ \t\n\v\f\r]*/;

/**
 * What a date string opens: the file its `TZ="…"` names (zoneRead), nothing for a string
 * without one; unverifiable when the quoted value does not end as GNU reads it.
 */
export function dateStringRead(text: string): ZoneRead {
  const rest = text.replace(BLANKS, '');
  if (!rest.startsWith('TZ="')) return { kind: 'zone' };
  let value = '';
  for (let i = 4; i < rest.length; i++) {
    const c = rest[i]!;
    if (c === '"') return zoneRead(value);
    if (c === '\\') {
      const next = rest[i + 1];
      if (next !== '\\' && next !== '"') break;
      value += next;
      i++;
    } else value += c;
  }
  return { kind: 'unverifiable', reason: `the date string \`${text}\` opens a \`TZ="…"\` that GNU may read otherwise` };
}

/**
 * What a date string only partly known reads: `prefix`, its literal start (the rest made when
 * the line runs). Unverifiable when the start may still be or become `TZ="…"`.
 */
export function partialDateStringRead(prefix: string): ZoneRead {
  const rest = prefix.replace(BLANKS, '');
  if (rest.length === 0 || 'TZ="'.startsWith(rest) || rest.startsWith('TZ="')) return { kind: 'unverifiable', reason: `a date string made when the line runs (\`${prefix}…\`) may open with \`TZ="…"\`, naming a file the C library opens` };
  return { kind: 'zone' };
}

/** Where the date strings of a program's options are: how they are spelled, and the program's short letters that take a value. */
interface DateOptions {
  option: OptionSpelling;
  valued: string;
  known: readonly string[];
  /** tar: a value starting with `/` or `.` names a file whose time is used. */
  fileWhenPath?: boolean;
  /** Options whose value is a file of date strings (`date -f FILE`). */
  fromFile?: OptionSpelling;
}

const DATE_OPTIONS: ReadonlyMap<string, DateOptions> = new Map([
  ['date', {
    option: { letters: 'ds', long: ['--date', '--set'] }, valued: 'dfrs',
    known: ['--date', '--set', '--file', '--reference', '--debug', '--iso-8601', '--rfc-3339', '--rfc-email', '--rfc-822', '--rfc-2822', '--utc', '--universal', '--resolution', '--help', '--version'],
    fromFile: { letters: 'f', long: ['--file'] },
  }],
  ['touch', { option: { letters: 'd', long: ['--date'] }, valued: 'dtr', known: ['--date', '--time', '--reference', '--no-create', '--no-dereference', '--help', '--version'] }],
  // tar's abbreviations: `--after` is --after-date, `--newer-m` --newer-mtime (`--new` is ambiguous: tar refuses it).
  ['tar', { option: { letters: 'N', long: ['--newer', '--after-date', '--newer-mtime', '--mtime'] }, valued: 'fCTXbLNgVHKIF', known: ['--newer', '--after-date', '--newer-mtime', '--mtime', '--new-volume-script', '--no-recursion'], fileWhenPath: true }],
]);

/** A word of a command line: its text, and when it is not literal, its literal start. */
export interface DateWord {
  text: string;
  literal: boolean;
  prefix: string;
}

/** What the date strings given to `name` (its words after the program, `args`) read: each path, or why that cannot be known. */
export function dateStringReads(name: string, args: readonly DateWord[]): { paths: string[]; unverifiable?: string } {
  const paths: string[] = [];
  const texts = args.map((a) => a.text);
  const values: { text: string; literal: boolean; prefix: string }[] = [];
  const spec = DATE_OPTIONS.get(name);
  if (spec !== undefined) {
    if (spec.fromFile !== undefined && optionValuePlaces(texts, spec.fromFile, spec.valued, 0, spec.known).length > 0) {
      return { paths, unverifiable: `\`${name} -f\` reads date strings from a file, whose \`TZ="…"\` may name any file` };
    }
    for (const { index, start } of optionValuePlaces(texts, spec.option, spec.valued, 0, spec.known)) {
      const word = args[index]!;
      values.push({ text: word.text.slice(start), literal: word.literal, prefix: word.prefix.length >= start ? word.prefix.slice(start) : '' });
    }
  } else if (name === 'find') {
    // `-newerXt DATE` (X one of a, B, c, m) compares with a date string.
    args.forEach((a, i) => {
      if (/^-newer[aBcm]t$/.test(a.text) && args[i + 1] !== undefined) values.push(args[i + 1]!);
    });
  }
  for (const value of values) {
    if (spec?.fileWhenPath === true && /^[/.]/.test(value.literal ? value.text : value.prefix)) {
      if (!value.literal) return { paths, unverifiable: `\`${name}\` is given a file made when the line runs, whose time it reads: \`${value.text}\`` };
      paths.push(value.text);
      continue;
    }
    const read = value.literal ? dateStringRead(value.text) : partialDateStringRead(value.prefix);
    if (read.kind === 'unverifiable') return { paths, unverifiable: `\`${name}\`: ${read.reason}` };
    if (read.kind === 'path') paths.push(read.path);
  }
  return { paths };
}
