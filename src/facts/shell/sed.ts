// sed scripts: where they come from (options, operands, standard input) and what their
// commands run (`e`, the `e` flag) and open (`r`, `w`, the `w` flag).
import { SED_LONG } from '../grammars.js';
import { longName } from '../options.js';
import { unverifiable, withStdinScript, type Hidden } from './script-text.js';
import { readSedScript } from './sed-script.js';
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

/**
 * What a sed call's scripts run and open, as GNU sed compiles them (sed-script.ts): the `e`
 * command and the `e` flag of `s` run a command; `r`, `R`, `w`, `W` and the `w` flag open a
 * file. The -e scripts are read joined by newlines, as sed joins them (`-e 'a\\' -e 'e id'`
 * appends the text `e id`). A script the reading refuses is unverifiable.
 */
export function sedHidden(args: WordValue[], stdin: string | undefined): Hidden[] {
  const scripts = sedScripts(args, stdin);
  if (!Array.isArray(scripts)) return [scripts];
  const notLiteral = scripts.find((s) => !s.literal);
  if (notLiteral !== undefined) return [unverifiable(`sed script is not a literal: \`${notLiteral.text}\``)];
  const reading = readSedScript(scripts.map((s) => s.text).join('\n'));
  if (!reading.ok) return [unverifiable(`the sed script is not read here: ${reading.reason}`)];
  if (reading.runs) return [unverifiable('the sed script runs a command (`e`)')];
  return reading.files.map((f) => ({ kind: 'file', path: f.path, write: f.write }));
}
