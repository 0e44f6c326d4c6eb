// The files a command runs as a program or a script (its path, an interpreter's script, what
// `source`, make, vim and package managers read), noted so that a line that runs a file it
// writes itself is unverifiable (walk.ts checkMadeScripts).
import { optionValues } from '../options.js';
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
  if ((name === 'source' || name === '.') && args[0] !== undefined) noteScript(walk, args[0].text);
  const language = languageOf(name);
  const script = language === undefined ? undefined : interpreterScript(language, args);
  if (script !== undefined) noteScript(walk, script);
  if (name === 'make') {
    const files = optionValues(args.map((a) => a.text), { letters: 'f', long: ['--file', '--makefile'] }, 'CfIojlOW', 0);
    for (const file of files.length > 0 ? files : ['Makefile', 'makefile', 'GNUmakefile']) noteScript(walk, file);
  }
  // vim sources what `-S` and `-u` name (red team 39).
  if (EDITORS_SOURCING.has(name)) for (const file of editorScripts(name, args.map((a) => a.text))) noteScript(walk, file);
  // A package manager runs the scripts of package.json, through the shell .npmrc names
  // (`script-shell=`): a line writing either runs what it made (red team 44).
  const configs = PACKAGE_MANAGER_FILES.get(name);
  if (configs !== undefined) for (const file of configs) noteScript(walk, file);
}

const NPM_FILES = ['package.json', '.npmrc'];

const PACKAGE_MANAGER_FILES: ReadonlyMap<string, readonly string[]> = new Map([
  ['npm', NPM_FILES], ['npx', NPM_FILES], ['pnpm', NPM_FILES], ['pnpx', NPM_FILES],
  ['yarn', [...NPM_FILES, '.yarnrc', '.yarnrc.yml']], ['bun', [...NPM_FILES, 'bunfig.toml']], ['bunx', [...NPM_FILES, 'bunfig.toml']],
]);

/**
 * The files vim sources or types (red team 40): `-S F` (bare, `Session.vim`), `-u F`, each at
 * the end of a cluster too (`-esS F`, `-Nu F`), and `-s F`, keys typed outside ex mode.
 */
function editorScripts(name: string, args: readonly string[]): string[] {
  const scripts: string[] = [];
  // In Ex mode (`ex`, `-e`, `-E`) `-s` is silent mode, no script (`ex -s f -c q`).
  const exMode = name === 'ex' || args.some((w) => /^-[A-Za-z]*[eE]/.test(w) && !w.startsWith('--'));
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const next = args[i + 1];
    const value = next !== undefined && !next.startsWith('-') ? next : undefined;
    if (w === '-s' && value !== undefined && !exMode) scripts.push(value);
    if (!/^-[A-Za-z]*[Su]$/.test(w)) continue;
    if (value !== undefined) scripts.push(value);
    else if (w.endsWith('S')) scripts.push('Session.vim');
  }
  return scripts;
}

const EDITORS_SOURCING: ReadonlySet<string> = new Set(['vim', 'vi', 'nvim', 'ex', 'view', 'rvim', 'gvim', 'vimdiff']);
