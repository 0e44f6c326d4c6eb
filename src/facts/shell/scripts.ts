// The files a command runs as a program or a script (its path, an interpreter's script, what
// `source`, make, vim and package managers read), noted so that a line that runs a file it
// writes itself is unverifiable (walk.ts checkMadeScripts).
import { isCompilerDriver } from '../grammars.js';
import { optionValues } from '../options.js';
import { MANAGER_SETTINGS } from '../package-managers.js';
import { pythonModule } from '../operands/python-module.js';
import { RUNNER_FILES } from '../runner-files.js';
import { interpreterScript, languageOf } from './code-commands.js';
import { noteScript, type Walk } from './walk.js';
import type { WordValue } from './words.js';

/**
 * The files a command runs as a program or a script, as written, and the files `tee` writes
 * (checkMadeScripts: a line that runs a file it writes itself is unverifiable): the command
 * word by its path (`./a.sh`), an interpreter's script (`python3 x.py`; a shell's, `bash
 * a.sh`, is noted where its invocation is read), what `source` reads, make's makefile (`-f M`,
 * else its default names).
 */
export function noteScripts(name: string, values: WordValue[], at: number, walk: Walk): void {
  const head = values[at]!;
  if (head.literal && head.text.includes('/')) noteScript(walk, head.text);
  const args = values.slice(at + 1);
  if (name === 'tee') for (const arg of args) if (!arg.text.startsWith('-')) walk.madeFiles.add(arg.text);
  if (name === 'source' || name === '.') {
    const sourced = sourcedScript(values, at);
    if (sourced !== undefined && sourced !== 'option') noteScript(walk, sourced.text);
  }
  const language = languageOf(name);
  const script = language === undefined ? undefined : interpreterScript(language, args);
  if (script !== undefined) noteScript(walk, script);
  // Modules an interpreter loads before its program (`python3 -m x`, `node -r ./x.js`; red team 45).
  if (language !== undefined) for (const file of loadedModules(language, args.map((a) => a.text))) noteScript(walk, file);
  // python puts its script's directory (the working directory for `-m`, `-c` and standard
  // input) first on its module path, before the standard library: any `.py` file written there
  // is imported in place of the module of its name (`json.py`; red team 29b). `python -m X`
  // also reads what X reads (`-m pytest` imports conftest.py).
  if (language === 'python') {
    noteScript(walk, '*.py');
    // A `.pth` file in a site-packages directory runs its `import` lines at start-up (confirmed with the user's site-packages).
    noteScript(walk, '*.pth');
    const module = pythonModule(values.slice(at).map((v) => v.text));
    for (const file of (module === undefined ? undefined : RUNNER_FILES.get(module)) ?? []) noteScript(walk, file);
  }
  // Emacs loads Lisp files (`-l F`, `--script F`).
  if (name === 'emacs') for (const file of emacsLoads(args.map((a) => a.text))) noteScript(walk, file);
  if (name === 'make') {
    const files = optionValues(args.map((a) => a.text), { letters: 'f', long: ['--file', '--makefile'] }, 'CfIojlOW', 0);
    for (const file of files.length > 0 ? files : ['Makefile', 'makefile', 'GNUmakefile']) noteScript(walk, file);
  }
  // vim sources what `-S` and `-u` name (red team 39).
  if (EDITORS_SOURCING.has(name)) for (const file of editorScripts(name, args.map((a) => a.text))) noteScript(walk, file);
  // Compilers and document converters read the files their sources and documents name
  // (`#include`, `include_str!`, `//go:embed`, reStructuredText's `.. include::`, XInclude), and
  // cargo and go run the code they build (build.rs, `go run`): a source or document the line
  // writes itself is not read here (red team 47).
  for (const file of madeInputs(name, args.map((a) => a.text))) noteScript(walk, file);
  // A package manager runs the scripts of package.json, through the programs and code its
  // settings files name (`script-shell=`, hooks): a line writing any runs what it made (red team 44).
  const settings = MANAGER_SETTINGS.get(name);
  if (settings !== undefined) for (const file of ['package.json', ...settings]) noteScript(walk, file);
  // Build tools, test runners and linters run the code their own files hold (conftest.py,
  // Rakefile, eslint.config.js, ...: runner-files.ts).
  for (const file of RUNNER_FILES.get(name) ?? []) noteScript(walk, file);
}

/**
 * The word `source` or `.` runs as a script (after a `--`: `source -- x`, red team 45), or
 * 'option' when an option comes first (bash 5.3's `-p PATH` chooses where it is looked up).
 */
export function sourcedScript(values: readonly WordValue[], at: number): WordValue | 'option' | undefined {
  const first = values[at + 1];
  if (first === undefined) return undefined;
  if (first.text === '--') return values[at + 2];
  return first.text.startsWith('-') && first.text !== '-' ? 'option' : first;
}

/**
 * The files vim sources or types, reading its options in order as vim does (red teams 40 and
 * 45): `-S F` (or `Session.vim` when no word or an option follows), `-u F` and `-s F` (keys,
 * unless Ex mode is on by then: `ex`, an earlier `-e`/`-E`), their value the next word
 * whatever it is (`-s -k`), a letter that takes one ending a cluster (`-Nu F`); other options
 * that take a value skip it (`-i -e` names the viminfo `-e`, no Ex mode).
 */
function editorScripts(name: string, args: readonly string[]): string[] {
  const scripts: string[] = [];
  let exMode = name === 'ex';
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === '--') break;
    if (w.startsWith('--')) {
      if (VIM_LONG_VALUED.has(w)) i++;
      continue;
    }
    if (!w.startsWith('-') || w === '-') continue;
    for (let k = 1; k < w.length; k++) {
      const c = w[k]!;
      if (c === 'e' || c === 'E') exMode = true;
      if (c === 's' && exMode) continue;
      if (!VIM_VALUED.includes(c)) continue;
      // A value glued on is -c's command, a number (`-w5`, `-o2`), -V's file, or an error vim stops at.
      if (k + 1 < w.length) break;
      const next = args[i + 1];
      if (c === 'S') {
        if (next === undefined || next.startsWith('-')) scripts.push('Session.vim');
        else scripts.push(args[++i]!);
      } else {
        i++;
        if ((c === 's' || c === 'u') && next !== undefined && !VIM_SPECIAL_RC.has(next)) scripts.push(next);
      }
      break;
    }
  }
  return scripts;
}

// vim's option letters that take the next word (`-s`: keys, outside Ex mode), and long ones.
const VIM_VALUED = 'sSuUiTWwtcq';
const VIM_LONG_VALUED: ReadonlySet<string> = new Set(['--cmd', '--servername', '--startuptime', '--log', '--socketid', '--windowid', '--remote-send', '--remote-expr']);
// `-u NONE` and the like load no file.
const VIM_SPECIAL_RC: ReadonlySet<string> = new Set(['NONE', 'NORC', 'DEFAULTS']);

/**
 * The files an interpreter loads as modules before its program, from the working directory:
 * python's `-m MOD` (`MOD.py`, `MOD/__main__.py`), node's `-r`/`--require`/`--import`/loaders
 * and ruby's `-r` given a relative path (`./x.js`; a bare name is a package).
 */
function loadedModules(language: string, args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === '--' || !w.startsWith('-')) break;
    if (language === 'python') {
      const m = /^-[A-Za-z]*m(.*)$/.exec(w);
      if (m === null || /^-[A-Za-z]*[cWX]/.test(w.slice(0, w.indexOf('m')))) continue;
      const module = (m[1] || args[i + 1]) ?? '';
      const path = module.replace(/\./g, '/');
      if (path !== '') out.push(`${path}.py`, `${path}/__main__.py`);
      break;
    }
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(0, eq) : w;
    const valued = language === 'node' ? ['-r', '--require', '--import', '--loader', '--experimental-loader'] : language === 'ruby' ? ['-r'] : [];
    let value: string | undefined;
    if (valued.includes(name)) value = eq > 0 ? w.slice(eq + 1) : args[++i];
    else if (w.startsWith('-r') && !w.startsWith('--') && (language === 'node' || language === 'ruby')) value = w.slice(2);
    if (value !== undefined && /^\.\.?\//.test(value)) out.push(language === 'ruby' && !value.endsWith('.rb') ? `${value}.rb` : value);
  }
  return out;
}

/** The Lisp files Emacs loads: `-l F`, `--load F` (`=F`, abbreviated), `--script F`, `-x F`. */
function emacsLoads(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(0, eq) : w;
    // Long names in any abbreviation emacs takes (`--lo`), one dash or two.
    const loads = ['-l', '-x', '-load', '-script'].includes(name) || (name.length >= 4 && name.startsWith('--') && ('--load'.startsWith(name) || '--script'.startsWith(name)));
    if (!loads) continue;
    const value = eq > 0 ? w.slice(eq + 1) : args[++i];
    if (value !== undefined) out.push(value);
  }
  return out;
}

const EDITORS_SOURCING: ReadonlySet<string> = new Set(['vim', 'vi', 'nvim', 'ex', 'view', 'rvim', 'gvim', 'vimdiff']);

// The C family's sources and headers (any name after `-x LANG`), Rust's, Go's (with cgo's C
// files and the module files), and the files a build of either reads code from.
const C_HEADERS = ['*.h', '*.hh', '*.hpp', '*.hxx', '*.inc'];
const C_SOURCE = /\.(?:c|cc|cp|cpp|cxx|c\+\+|C|m|mm|s|S|sx|i|ii|h|hh|hpp|hxx|inc)$/;
const CARGO_INPUTS = ['*.rs', 'Cargo.toml', 'config.toml', 'config', 'rust-toolchain', 'rust-toolchain.toml'];
const GO_INPUTS = ['*.go', '*.c', '*.h', '*.s', '*.S', '*.syso', 'go.mod', 'go.work'];
// go's commands that build, and so read sources (`go env`, `go version`, `go fmt` do not build).
const GO_QUIET: ReadonlySet<string> = new Set(['version', 'env', 'help', 'fmt', 'doc', 'clean', 'mod', 'work', 'bug', 'telemetry']);

/** The sources, documents and build files a compiler, converter or build tool reads as input (madeScript). */
function madeInputs(name: string, args: readonly string[]): string[] {
  const operands = args.filter((w) => !w.startsWith('-') && w !== '');
  if (isCompilerDriver(name)) {
    const anyLanguage = args.some((w) => w === '-x' || (w.startsWith('-x') && w.length > 2));
    const included: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const option = /^--?(?:include|imacros)=?/.exec(args[i]!)?.[0];
      if (option === undefined) continue;
      const value = args[i]!.length > option.length ? args[i]!.slice(option.length) : args[++i];
      if (value !== undefined) included.push(value);
    }
    return [...operands.filter((w) => anyLanguage || C_SOURCE.test(w)), ...included, ...C_HEADERS];
  }
  // rustc's sources (its `mod` files are read from disk as any source's includes are).
  if (name === 'rustc' || name === 'rustdoc') return operands.filter((w) => w.endsWith('.rs'));
  if (name === 'cargo') return CARGO_INPUTS;
  if (name === 'go') {
    const sub = operands[0];
    return sub === undefined || GO_QUIET.has(sub) ? [] : GO_INPUTS;
  }
  if (name === 'pandoc' || name === 'xmllint' || name === 'esbuild') return [...operands, ...optionValues(args, { letters: '', long: ['--template'] }, '', 0)];
  return [];
}
