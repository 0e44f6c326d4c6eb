// sed scripts: where they come from (options, operands, standard input) and what their
// commands run (`e`, the `e` flag) and open (`r`, `w`, the `w` flag).
import { SED_LONG } from '../grammars.js';
import { longName } from '../options.js';
import { bracketEnd, unverifiable, withStdinScript, type Hidden } from './script-text.js';
import type { WordValue } from './words.js';
import { namesStandardInput } from './wrappers.js';

/**
 * The scripts of a sed call, read as GNU sed reads its options: anywhere before `--`, since
 * getopt moves operands aside (`sed p -e 'e id' f` runs `e id`); -e/--expression give text,
 * -l/--line-length take a value (`sed -l 5 SCRIPT`), -i/--in-place only an attached one. With no
 * -e or -f the first operand is the script. A script file that is standard input (`-f -`,
 * `-f /dev/stdin`) is read from `stdin`, its literal text when known.
 */
function sedScripts(args: WordValue[], stdin: string | undefined): WordValue[] | Hidden {
  const scripts: WordValue[] = [];
  const operands: WordValue[] = [];
  let explicit = false;
  let fromStdin = false;
  // A script file other than standard input (`sed -n -f notes.sed`): its `e` and `w` commands
  // are out of sight, so the call is unverifiable unless --sandbox refuses them (and `r`).
  let scriptFile: string | undefined;
  let sandbox = false;
  const given = (option: string, value: WordValue | undefined): void => {
    if (value === undefined) return;
    if (option === 'e') scripts.push(value);
    if (option === 'f' && namesStandardInput(value.text)) fromStdin = true;
    else if (option === 'f') scriptFile ??= value.text;
    if (option === 'e' || option === 'f') explicit = true;
  };
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!.text;
    if (w === '--') { operands.push(...args.slice(i + 1)); break; }
    if (w.startsWith('--')) {
      // Long options abbreviated too (`--expr=SCRIPT`, `--fi FILE`).
      const long = longName(w, SED_LONG);
      if (long === '--sandbox') sandbox = true;
      const option = long === '--expression' ? 'e' : long === '--file' ? 'f' : long === '--line-length' ? 'l' : undefined;
      if (option === undefined) continue;
      const eq = w.indexOf('=');
      given(option, eq >= 0 ? { ...args[i]!, text: w.slice(eq + 1) } : args[++i]);
      continue;
    }
    if (!w.startsWith('-') || w === '-') { operands.push(args[i]!); continue; }
    for (let k = 1; k < w.length; k++) {
      if (w[k] === 'i') break; // -i[SUFFIX]: the rest is its suffix
      if (!'efl'.includes(w[k]!)) continue;
      given(w[k]!, k + 1 < w.length ? { ...args[i]!, text: w.slice(k + 1) } : args[++i]);
      break;
    }
  }
  if (scriptFile !== undefined && !sandbox) return unverifiable(`sed runs the script in \`${scriptFile}\`, which is not read here (its \`e\` and \`w\` commands run and write)`);
  if (!explicit && operands[0] !== undefined) scripts.push(operands[0]);
  return withStdinScript(scripts, fromStdin, stdin, 'sed reads its script from standard input');
}

/** GNU sed's `e` command and the `e` flag of `s` run the pattern space as a command. */
export function sedHidden(args: WordValue[], stdin: string | undefined): Hidden[] {
  const scripts = sedScripts(args, stdin);
  if (!Array.isArray(scripts)) return [scripts];
  const found: Hidden[] = [];
  for (const s of scripts) {
    if (!s.literal) return [unverifiable(`sed script is not a literal: \`${s.text}\``)];
    // GNU sed takes any delimiter: `\%re%` addresses and `s` with a letter, digit or backslash
    // (`sxrxid #xe` runs id), which the readings below do not follow.
    if (SED_CUSTOM_DELIMITER.test(s.text)) return [unverifiable('the sed script uses a delimiter not read here (`\\%re%`, `sx…x…x`)')];
    // GNU sed reads a delimiter inside a bracket as one of its characters (`s/[/]//ge`, `s|[|]|id|e`,
    // `s/[[:alpha:]/]//ge`): where the parts end is not read here (red teams 41 and 42).
    if (bracketHoldsDelimiter(s.text)) return [unverifiable('the sed script has a bracket expression holding a delimiter, which the readings here take for the end of a part')];
    if (sedRunsCommand(s.text)) return [unverifiable('the sed script runs a command (`e`)')];
    for (const file of sedFiles(s.text)) found.push(file);
  }
  return found;
}

// Where a sed command may start: at the start, after an address, `;`, newline, `{`, `}`, `!`,
// or after a label (`:x`, `b x`, `t x`, `T x`), which GNU sed (4.9) ends at a blank (`:x e id`
// and `$b x e id` run id).
// (A label runs to a space, tab, newline or `;`: `:x\vy eid` is the label `x\vy`, then `e id`.)
const SED_COMMAND_START = String.raw`(?:^|[;\n{}!\d$/]|\/[IM]*)\s*(?:(?::|[btT]\s*)[^ \t\n;]+[ \t]+)*`;
const SED_FILE_COMMAND = new RegExp(String.raw`${SED_COMMAND_START}([rRwW])[ \t]*([^\n]+)`, 'g');
// `e` with its command after a blank or on the next line (`1e\`).
const SED_E_COMMAND = new RegExp(String.raw`${SED_COMMAND_START}e(?:\s|;|$|}|\\)`);
// GNU sed also runs what is glued to it (`1eid`, `$eid`, `p;eid`): after a command separator or
// a line address, an `e` starts the command (in a replacement such text is refused too: the careful side).
// After a label too (`:x\vy eid`: red team 39), and after a `/re/` address (`/a/Ieid`: red team 40).
const SED_E_ADDRESS = String.raw`(?:\d+(?:~\d+)?|\$|\/(?:[^/\\\n]|\\.)*\/[IM]*)`;
const SED_E_GLUED = new RegExp(String.raw`(?:^|[;\n{}!\d$])\s*e\S|(?:^|[;\n{}])\s*${SED_E_ADDRESS}\s*(?:,\s*(?:${SED_E_ADDRESS}|[+~]\d+)\s*)?!?\s*e\S|(?:^|[;\n{}!])\s*(?:(?::|[btT]\s*)[^ \t\n;]+[ \t]+)+e\S`);

/**
 * Whether a bracket expression of a sed script (`[…]`, its classes `[:alpha:]`, `[=a=]`, `[.a.]`
 * inside) holds a `/` or a character that follows an `s` somewhere (a delimiter it may use).
 */
function bracketHoldsDelimiter(script: string): boolean {
  const delimiters = new Set(['/', ...[...script.matchAll(/s([^\w\s\\])/g)].map((m) => m[1]!)]);
  for (let i = 0; i < script.length; i++) {
    if (script[i] === '\\') i++;
    else if (script[i] === '[') {
      const end = bracketEnd(script, i);
      for (let k = i + 1; k < end; k++) if (delimiters.has(script[k]!)) return true;
      i = end;
    }
  }
  return false;
}


/**
 * Files a sed script reads or writes: the `r`, `R`, `w`, `W` commands and the `w` flag of
 * `s`, whose file name runs to the end of the line. Matches where a command may start, so
 * it may see a file that is not one: that checks more paths, never fewer.
 */
export function sedFiles(script: string): Hidden[] {
  const found: Hidden[] = [];
  for (const m of script.matchAll(SED_FILE_COMMAND)) {
    const path = m[2]!.trim();
    if (path !== '') found.push({ kind: 'file', path, write: m[1] === 'w' || m[1] === 'W' });
  }
  for (const rest of sedSubstitutionTails(script)) {
    // Blanks may stand between the flags (`s/a/x/g w FILE`).
    const flags = /^[a-zA-Z0-9 \t]*?w[ \t]*([^\n]+)/.exec(rest);
    if (flags) found.push({ kind: 'file', path: flags[1]!.trim(), write: true });
  }
  // `s/a/b/w f` is seen by both scans: one entry per file, written if any says so.
  const byPath = new Map<string, Hidden & { kind: 'file' }>();
  for (const f of found as (Hidden & { kind: 'file' })[]) {
    const known = byPath.get(f.path);
    byPath.set(f.path, known === undefined ? f : { ...known, write: known.write || f.write });
  }
  return [...byPath.values()];
}

/** Whether a sed script has an `e` command or an `s` command with the `e` flag. */
export function sedRunsCommand(script: string): boolean {
  if (SED_E_COMMAND.test(script) || SED_E_GLUED.test(script)) return true;
  // s<d>re<d>replacement<d>flags with an `e` among the flags.
  // (GNU sed reads blanks between the flags: `s/a/id/g e`.)
  // `w` is the last flag: the rest is its file's name (`w changes.txt`).
  for (const rest of sedSubstitutionTails(script)) if (/^[a-zA-Z0-9 \t]*/.exec(rest)![0].split('w')[0]!.includes('e')) return true;
  return false;
}

/**
 * What follows each complete `s<d>re<d>replacement<d>` of a sed script (its flags first).
 * Matches wherever an `s` and a delimiter stand, so it may see an `s` command that is not
 * one: the callers then check more, never less.
 */
// At a command's start (after `;`, `{`, `}`, `!` or a newline, and an address of line numbers
// or `/re/`): a `\X` address, or `s` with a delimiter that is a letter, a digit, a backslash, `_`
// or a blank (`s a id e`: red team 39).
const SED_ADDRESS = String.raw`(?:\d+|\$|/(?:[^/\\\n]|\\.)*/)`;
const SED_CUSTOM_DELIMITER = new RegExp(String.raw`(?:^|[;{}\n!,])\s*(?:\\[^\n\\]|(?:${SED_ADDRESS}(?:\s*,\s*${SED_ADDRESS})?\s*!?\s*)?s[A-Za-z0-9\\_\s])`);

function sedSubstitutionTails(script: string): string[] {
  const tails: string[] = [];
  const s = /s([^\w\s\\])/g;
  for (let m = s.exec(script); m !== null; m = s.exec(script)) {
    const d = m[1]!;
    let i = m.index + 2;
    let seen = 0;
    while (i < script.length && seen < 2) {
      if (script[i] === '\\') i += 2;
      else {
        if (script[i] === d) seen++;
        i++;
      }
    }
    if (seen === 2) tails.push(script.slice(i));
  }
  return tails;
}
