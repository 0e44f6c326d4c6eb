// Programs that run a command given inside one of their options or scripts
// (`tar --to-command=CMD`, `rsync -e CMD`, `git -c core.pager=CMD`, `awk 'BEGIN{system(...)}'`,
// `sed 'e CMD'`). A command string we can read is checked like `sh -c`; one we cannot
// read (a git alias, an awk program that starts processes) makes the call unverifiable.
// Fail closed: these are guesses about other programs' languages, so they err towards
// "unverifiable", never towards "nothing runs".
// This module says which reader a program name goes to, and holds the tables of options that
// run or choose a program; the readers of one program's language are modules of their own
// beside it (awk.ts, sed.ts, git.ts, ssh.ts, vim.ts, sqlite3.ts, psql.ts, jq.ts, socat.ts,
// wget.ts), with what they share in script-text.ts.
import { dateStringReads } from '../date-strings.js';
import { tarArguments } from '../operands/archives.js';
import { GRAMMARS, longNamesOf, forwardsCompilerChoosing, isCompilerChoosing, isCompilerDriver } from '../grammars.js';
import { abbreviatedName, longName, optionIs, optionValues, type OptionSpelling } from '../options.js';
import { awkHidden } from './awk.js';
import { gitHidden } from './git.js';
import { jqHidden } from './jq.js';
import { psqlHidden } from './psql.js';
import { unverifiable, valueOf, type Hidden } from './script-text.js';
import { sedHidden } from './sed.js';
import { socatHidden } from './socat.js';
import { duckdbHidden, sqliteHidden } from './sqlite3.js';
import { sshHidden } from './ssh.js';
import { vimHidden } from './vim.js';
import { wgetrcHidden } from './wget.js';
import { literalPrefix, type WordValue } from './words.js';
import { isRiskyVariable, isToolchainProgram, namesStandardInput } from './wrappers.js';

export type { Hidden } from './script-text.js';

/**
 * Options whose value is a command line, per program: `--opt=VALUE`, `--opt VALUE`, `-o VALUE`,
 * and whole option words that take the next word (`zip -TT CMD`).
 */
interface CommandOptionSpec {
  long: string[];
  short: string;
  words?: string[];
  ownOptions?: string[];
  /**
   * Long options whose value runs a command only after a prefix (tar's
   * `--checkpoint-action=exec=CMD`), in any abbreviation but of `shorter` (`--checkpoint`, an
   * option of its own); a value that is not literal may hold the prefix too.
   */
  prefixed?: { long: string; shorter: string[]; prefix: string };
  /** `+CMD` words holding a `!` run a shell command (less). */
  bangCommands?: boolean;
}

const TAR_OPTIONS: CommandOptionSpec = {
  long: ['--to-command', '--use-compress-program', '--info-script', '--new-volume-script', '--rsh-command'],
  short: 'IF',
  prefixed: { long: '--checkpoint-action', shorter: ['--checkpoint'], prefix: 'exec=' },
};

// less's `+` commands read as harmless: a line number, `G`, `g`, `F`, a percent, a search without `!` or `|`.
const LESS_PLAIN_COMMAND = /^\+\+?(?:\d*[gGF%pP]?|\d+|[/?][^!|]*)$/;

const commandOptions: ReadonlyMap<string, CommandOptionSpec> = new Map([
  // bsdtar is read as tar (program-names.ts), whose -I is a program: bsdtar's -I, a list of
  // names, is then refused too (the safe side).
  ['tar', TAR_OPTIONS],
  ['rsync', { long: ['--rsh', '--rsync-path'], short: 'e' }],
  // wget starts the program --use-askpass names for a password.
  ['wget', { long: ['--use-askpass'], short: '' }],
  ['man', { long: ['--pager', '--html'], short: 'PH' }],
  ['sort', { long: ['--compress-program'], short: '' }],
  // ripgrep runs its preprocessor on every file it searches.
  ['rg', { long: ['--pre', '--hostname-bin'], short: '' }],
  ['zip', { long: ['--unzip-command'], short: '', words: ['-TT'] }],
  // split pipes each piece into a shell command.
  ['split', { long: ['--filter'], short: '' }],
  // npx -c runs a command line with the package's programs on PATH (its own options end at
  // the package: `npx eslint -c cfg` is eslint's -c; -p takes a package name).
  ['npx', { long: ['--call'], short: 'c', ownOptions: ['-p', '--package'] }],
  ['pnpx', { long: ['--call'], short: 'c', ownOptions: ['-p', '--package'] }],
  ['less', { long: [], short: '', bangCommands: true }],
  // cpio, like tar, runs a remote shell for a `host:file` archive.
  ['cpio', { long: ['--rsh-command'], short: '' }],
  // tcpdump runs its -z program on each file it rotates out.
  ['tcpdump', { long: [], short: 'z' }],
]);

const vimNames = new Set(['vim', 'vi', 'nvim', 'ex', 'view', 'rvim', 'gvim', 'vimdiff']);
const edNames = new Set(['ed', 'red']);
// npm's settings that choose what a script runs, or where settings come from (npm takes `_`
// for `-`, and any unambiguous prefix of a name: `--node-opt`; `--global` is a flag of its
// own), and the programs it starts (`npm edit x --editor=PROG`, `--browser`, `--viewer`, `--git`).
const NPM_CHOOSING = ['--node-options', '--script-shell', '--shell', '--userconfig', '--globalconfig', '--onload-script', '--init-module', '--node-gyp', '--editor', '--browser', '--viewer', '--git'];
const NPM_NAMES: ReadonlySet<string> = new Set(['npm', 'npx', 'pnpm', 'yarn']);
// The linker's own: a plugin it loads, a script it runs on an undefined symbol, a file of more options (`@FILE`).
const LINKER_CHOOSING = /(?:^|,)(?:--?plugin(?:[=,]|$)|@)|--error-handling-script/;
// rustc's linker (`-C linker=PROG`, `-Clinker=PROG`, `cargo rustc -- -C linker=PROG`).
const RUST_LINKER = /^(?:-C|--codegen=?)?linker(?:-flavor)?=/;
// rustc's arguments for the linker driver (cc), which may choose what it runs (`-C link-arg=-B./x`).
const RUST_LINK_ARG = /^(?:-[CZ]|--codegen=?)?(?:pre-)?link-args?=/;
// rustc's shared objects it loads and runs (red team 47): a codegen backend named by a path
// (`-Z codegen-backend=./x.so`: a name without a `.` or `/` is a backend of the toolchain's own),
// LLVM pass plugins (`-Z llvm-plugins=`), and a linker plugin by path (`-C linker-plugin-lto=./x.so`,
// which rustc hands the linker as `-plugin=`; `yes`/`no` and the like only turn LTO on or off).
const RUST_LOADED = /^(?:-Z\s*)?(?:codegen-backend=.*[./]|llvm-plugins=)|^(?:-C\s*|--codegen=?)?linker-plugin-lto=(?!(?:y|yes|on|true|n|no|off|false)?$)/;
const rustChoosing = (w: string): boolean => RUST_LINKER.test(w) || RUST_LOADED.test(w) || LINKER_CHOOSING.test(w) || (RUST_LINK_ARG.test(w) && forwardsCompilerChoosing(w.replace(RUST_LINK_ARG, '')));
// man-db's short options that take a value, and the long names its abbreviations are read by.
const MAN_VALUED = 'CEeHLMmPpRrSsTX';
const MAN_LONG = ['--config-file', '--catman', '--html', '--locale', '--manpath', '--systems', '--pager', '--preprocessor', '--prompt', '--recode', '--sections', '--encoding', '--extension'];
// gpg's options naming a program it starts, or a file or directory of options that may name one.
const GPG_CHOOSING = ['--agent-program', '--dirmngr-program', '--keyboxd-program', '--pinentry-program', '--exec-path', '--photo-viewer', '--options', '--homedir', '--load-extension'];
// Options whose value chooses what runs, where it is not a command line to read (commandOptions):
// go's `-exec`/`-toolexec`/`-vettool`, an external linker in `-ldflags` (`-extld=PROG`) and the
// flags it hands that linker driver (`-extldflags=-B./x`), cargo's
// `--config` (a runner, a rustc wrapper, an alias), openssl's engines and providers, kubectl's
// credential plugins, cmake's compilers and launchers.
// JVM options (javac's `-J…`) that only size, tune or label the run: heap and stack sizes, a
// collector, encodings and locale, assertions, class data sharing, version output.
const PLAIN_JVM_OPTION = /^-J-(?:Xm[sxn]\d+[kKmMgGtT]?|Xss\d+[kKmMgG]?|D(?:user\.(?:language|country|region|variant|timezone)|file\.encoding|sun\.jnu\.encoding|stdout\.encoding|stderr\.encoding|native\.encoding|java\.awt\.headless|line\.separator)=[\w.:/+-]*|XX:[+-](?:UseSerialGC|UseParallelGC|UseG1GC|UseZGC|UseShenandoahGC|TieredCompilation|UseCompressedOops|UseContainerSupport|UseStringDeduplication|AlwaysPreTouch)|XX:(?:MaxRAMPercentage|InitialRAMPercentage|MinRAMPercentage|TieredStopAtLevel|MaxMetaspaceSize|MetaspaceSize|ReservedCodeCacheSize|ActiveProcessorCount|CICompilerCount|ParallelGCThreads|ConcGCThreads)=[\w.]+|Xshare:(?:auto|off|on)|Xint|Xmixed|Xrs|ea|da|esa|dsa|enableassertions|disableassertions|version|showversion|server|client|d64)$/;
const choosingOptions: ReadonlyMap<string, (word: string) => boolean> = new Map<string, (word: string) => boolean>([
  // gccgo's flags (`-gccgoflags=-B./evil`) choose what it runs as a C compiler's do.
  ['go', (w) => /^--?(?:exec|toolexec|vettool)(?:=|$)/.test(w) || /^--?gccgoflags$/.test(w) || (/^--?gccgoflags=/.test(w) && forwardsCompilerChoosing(w.slice(w.indexOf('=') + 1))) || /(?:^|[\s'"=])-extld(?:=|\s|$)/.test(w) || (w.includes('extldflags') && forwardsCompilerChoosing(w.slice(w.indexOf('extldflags') + 10).replace(/^=/, ' ')))],
  // rustup's proxies run the toolchain `+X` names, a directory when it holds a `/` (`cargo +./t build` runs ./t/bin/cargo).
  ['cargo', (w) => /^--config(?:=|$)/.test(w) || rustChoosing(w) || RUSTUP_TOOLCHAIN_PATH.test(w)],
  ['rustc', (w) => rustChoosing(w) || RUSTUP_TOOLCHAIN_PATH.test(w)],
  ['rustdoc', (w) => rustChoosing(w) || RUSTUP_TOOLCHAIN_PATH.test(w)],
  ...['ld', 'ld.bfd', 'ld.gold', 'ld.lld', 'lld', 'mold'].map((n): [string, (w: string) => boolean] => [n, (w) => LINKER_CHOOSING.test(w)]),
  // openssl loads the shared library an engine or provider names (`-engine ./x.so`,
  // `-provider-path . -provider x`), and a configuration may load them too (as OPENSSL_CONF).
  ['openssl', (w) => /^--?(?:engine|engine_impl|keygen_engine|ssl_client_engine|provider|provider-path|provider_path|config)(?:=|$)/.test(w)],
  // kubectl runs the credential plugin of the kubeconfig it reads (`users[].user.exec`), and
  // `config set-credentials --exec-command` writes one for every later call.
  ['kubectl', (w) => /^--(?:kubeconfig|exec-command|exec-arg|exec-env|exec-api-version|auth-provider|auth-provider-arg)(?:=|$)/.test(w)],
  // cmake's compilers, launchers and linkers by `-D` (what CC would choose), a toolchain file,
  // and compiler flags that choose what the compiler runs (`-DCMAKE_C_FLAGS=-B./x`, as CFLAGS);
  // `-D` and its setting may be two words.
  ['cmake', (w) => /^(?:-D\s*)?\w*(?:COMPILER|LAUNCHER|LINKER|TOOLCHAIN_FILE|PROJECT_INCLUDE)\w*(?::\w+)?=|^-D\s*\w*(?:COMPILER|LAUNCHER|LINKER|TOOLCHAIN_FILE|PROJECT_INCLUDE)/i.test(w) || (/^(?:-D\s*)?\w*FLAGS\w*(?::\w+)?=/i.test(w) && forwardsCompilerChoosing(w.slice(w.indexOf('=') + 1)))],
  // javac's JVM loading an agent (`-J-javaagent:x.jar` runs its code), and the annotation
  // processors and compiler plugins javac loads and runs (`-processorpath ./lib -processor P`).
  // The JVM also runs a shell command of its own on an error (`-XX:OnOutOfMemoryError=CMD`, `-XX:OnError=CMD`).
  // Any other JVM option but a few that only size, tune or label the run: many load code of the
  // agent's (`-J-Djava.system.class.loader=C -J-cp -Jdir` runs C's static code, `-J-Xbootclasspath/a:`,
  // `-J--patch-module=`, `-J-XX:AOTLibrary=`, a security manager or provider by class name; red team 47).
  ['javac', (w) => (/^-J/.test(w) && !PLAIN_JVM_OPTION.test(w)) || /^(?:-processor|-processorpath|--processor-path|--processor-module-path|-Xplugin|--plugin|-proc:full)(?:[:=]|$)/.test(w)],
  ['java', (w) => /^-XX:\+?On(?:OutOfMemory)?Error/.test(w)],
  // install runs the program that strips what it installs (`-s --strip-program=PROG`; `--strip` is a flag of its own).
  ['install', (w) => abbreviatedName(w, ['--strip-program'], ['--strip']) !== undefined],
  // man-db reads a configuration whose DEFINE lines choose the programs it runs (`-C FILE`).
  ['man', (w) => optionIs(w, { letters: 'C', long: ['--config-file'] }, MAN_VALUED, MAN_LONG)],
  // gpg starts the agent and helpers these name (and an options file or home directory may
  // name them: GNUPGHOME is a risky variable too).
  ...['gpg', 'gpg2', 'gpgv', 'gpgsm'].map((n): [string, (w: string) => boolean] => [n, (w) => abbreviatedName(w, GPG_CHOOSING) !== undefined]),
  // pandoc runs its filters and PDF engine (`-F ./x`, `--filter=x`, `--lua-filter`, `--pdf-engine=x`),
  // and those a defaults file lists (`-d FILE`); its long options may be abbreviated.
  // xmllint's shell reads commands (`write FILE`, `cat`) from its input.
  ['xmllint', (w) => w === '--shell'],
  ['pandoc', (w) => optionIs(w, { letters: 'FdL', long: [] }, PANDOC_VALUED) || abbreviatedName(w, ['--filter', '--lua-filter', '--pdf-engine', '--pdf-engine-opt', '--defaults']) !== undefined],
  // less reads a key file that may set LESSOPEN, which runs a program (as LESSKEYIN would).
  // (less reads its long names in any case: `--LESSKEY-SRC`; a tag opens the file a tags file names.)
  ['less', (w) => optionIs(w.startsWith('--') ? w.toLowerCase() : w, { letters: 'kt', long: [...LESSKEY_LONG, '--tag'] }, LESS_VALUED, LESS_LONG)],
  // awk loading a shared library (`gawk -l ./x`, `--load`), which runs its code.
  ['awk', (w) => /^(?:-l|--load(?:=|$))/.test(w)],
  // Ghostscript without SAFER reads and writes any file from PostScript, and an output file
  // `%pipe%cmd` or `|cmd` (`-sOutputFile=`, `-o`) is a command it starts.
  ...['gs', 'gsc', 'gsx', 'gswin64c', 'ghostscript'].map((n): [string, (w: string) => boolean] => [n, (w) => /^-[dD](?:NOSAFER|DELAYSAFER|WRITESYSTEMDICT)(?:=|$)/.test(w) || /%pipe%/i.test(w) || /^(?:-s?OutputFile=|-o)?\s*\|/.test(w)]),
  // ssh-keygen and ssh-add load the PKCS#11 or security-key library these name, which runs its code.
  ['ssh-keygen', (w) => optionIs(w, { letters: 'Dw', long: [] }, 'CDEFIJNOPRWZabfjmnrstwz')],
  ['ssh-add', (w) => optionIs(w, { letters: 'sS', long: [] }, 'EehHMmsSt')],
  // helm runs the program `--post-renderer` names on the manifests it renders.
  ['helm', (w) => /^--post-renderer(?:=|$)/.test(w)],
  // curl loads the OpenSSL engine `--engine` names (any abbreviation), a shared object found by
  // its name in OpenSSL's engines directory, `../` and all (`--engine ../../../../srv/ws/x.so`
  // runs x.so's code: red team 47).
  ['curl', (w) => abbreviatedName(w, ['--engine']) !== undefined],
  // The MySQL and MariaDB clients run the pager `--pager` names (any abbreviation).
  ...['mysql', 'mariadb'].map((n): [string, (w: string) => boolean] => [n, (w) => abbreviatedName(w, ['--pager']) !== undefined]),
]);

/**
 * Why `name` with these argument words runs a program or code its words choose (a setting, a
 * wrapper, a stored alias), or undefined: then the call is unverifiable.
 */
function chosenProgram(name: string, words: readonly string[]): string | undefined {
  const choosing = choosingOptions.get(name) ?? (isCompilerDriver(name) ? isCompilerChoosing : undefined);
  if (choosing !== undefined && words.some(choosing)) return `\`${name}\` is given an option that chooses what runs (a program to run, a linker or wrapper, a config, a library to load)`;
  return (NPM_NAMES.has(name) ? npmChooses : PROGRAM_CHOOSERS.get(name))?.(name, words);
}

/**
 * Whether `option` is given text the line makes as its file: standard input by any name (`-f
 * -`, `--file=-`, `-K/dev/stdin`), or a process substitution (`-f <(…)`). The option is read
 * in every spelling: in a cluster (`-sf -`), abbreviated (`--fi=-`); `valued`: the program's
 * short letters that take a value.
 */
function readsInputAs(words: readonly string[], option: OptionSpelling, valued: string): boolean {
  return optionValues(words, option, valued, 0).some(isMadeInput);
}

// A file name that is a process substitution (`<(…)`, `>(…)`): text the line makes.
const PROCESS_SUBSTITUTION = /^[<>]\(/;

/** A file name that is text the line makes: standard input by any name, or a process substitution. */
function isMadeInput(value: string): boolean {
  return namesStandardInput(value) || PROCESS_SUBSTITUTION.test(value);
}

// The short options that take a value: make's, curl's (not -q, -h: `-q -K FILE` reads FILE; red team 45).
const MAKE_VALUED = 'CfIojlOW';
const CURL_VALUED = 'AbcCdDeEFHKmoQrTtuUwxXYyzP';

/** npm's words up to a `--`: its options may come anywhere among them (`npm exec -- gcc -c x.c`: the -c is gcc's). */
export function npmOwnWords(words: readonly string[]): readonly string[] {
  return words.includes('--') ? words.slice(0, words.indexOf('--')) : words;
}

/** Whether npm's words give `-c`/`--call` (a command line to run). */
export function npmCallsCommandLine(words: readonly string[]): boolean {
  return npmOwnWords(words).some((w) => /^-[A-Za-z]*c/.test(w) || abbreviatedName(w, ['--call']) !== undefined);
}

// npm's (pnpm's, yarn's): `npm exec -c CMD` runs a command line (as `npx -c`); settings that
// choose what scripts run, in any abbreviation; `npm config set script-shell X` (`npm set`)
// stays for every later call.
function npmChooses(name: string, words: readonly string[]): string | undefined {
  if ((words[0] === 'exec' || words[0] === 'x') && npmCallsCommandLine(words)) return `\`${name} ${words[0]} -c\` runs a command line`;
  // pnpm also takes any setting as `--config.NAME=VALUE`.
  if (words.some((w) => abbreviatedName(w.split('=')[0]!.replace(/^--config\./, '--').replace(/_/g, '-').toLowerCase(), NPM_CHOOSING, ['--global']) !== undefined)) return `\`${name}\` is given a setting that chooses what its scripts run (node options, a script shell, a config)`;
  // `npm pkg set scripts.test=CMD` (`set-script`) stores a command the next `npm test` runs.
  if ((words[0] === 'pkg' && words[1] === 'set' && words.slice(2).some((w) => /^scripts(?:[.[=]|$)/.test(w))) || words[0] === 'set-script') return `\`${name} pkg set scripts\` stores a command a later \`${name} run\` runs`;
  const at = words[0] === 'config' || words[0] === 'c' ? 1 : 0;
  if (['set', 'edit', 'fix'].includes(words[at] ?? '') && (at === 1 || words[0] === 'set')) return `\`${name} config\` changes the settings every later \`${name}\` runs by`;
  return undefined;
}

// make: code on the command line (`--eval`, `-E`, a makefile from stdin), variables that run a
// command as they are set (`x:=$(shell id)`, `x!=id`), and those that choose its programs
// (`make CC=curl`, `SHELL=`), as they would in the environment.
function makeChooses(name: string, words: readonly string[]): string | undefined {
  if (readsInputAs(words, { letters: 'f', long: ['--file', '--makefile'] }, MAKE_VALUED)) return `\`${name}\` reads a makefile the line makes (its input, a process substitution)`;
  for (const w of words) {
    if (abbreviatedName(w, ['--eval']) !== undefined || /^-E/.test(w)) return `\`${name} --eval\` runs the makefile text it is given`;
    const setting = /^(\.?[A-Za-z_][A-Za-z0-9_.-]*)\s*(!|:{0,3}|\+|\?)=(.*)$/s.exec(w);
    if (setting === null) continue;
    const [, variable, kind, value] = setting as unknown as [string, string, string, string];
    if (kind === '!' || /\$[({]shell\b|`/.test(value)) return `\`${name}\` is given a variable that runs a command: \`${w.slice(0, 80)}\``;
    // Also the commands of make's built-in rules (`COMPILE.c`, `LINK.o`) and the shell's flags (`.SHELLFLAGS=-c CMD`).
    if (isRiskyVariable(variable, value) || (MAKE_PROGRAM_VARIABLES.has(variable) && !isToolchainProgram(value)) || /^(?:(?:COMPILE|LINK|PREPROCESS|LINT)\.|\.SHELL)/.test(variable)) return `\`${name} ${variable}=\` chooses a program its rules run`;
  }
  return undefined;
}

const RUSTUP_TOOLCHAIN_PATH = /^\+.*[/\\]/;

// man-db's short options whose value is the next word (its optional ones, `-H[BROWSER]`,
// `-T[DEVICE]`, `-X[DPI]`, take only an attached value), and its long names that take one.
const MAN_REQUIRED_VALUE = 'CEeLMmPpRrSs';
const MAN_LONG_VALUED = MAN_LONG.filter((n) => n !== '--catman' && n !== '--html');

/**
 * Whether man is given a local page: `-l`/`--local-file`, an operand holding a `/` (man-db
 * reads it as a file), or a manual path of its own (`-M ./m`, `--manpath=./m`: the pages of a
 * directory the agent may have written; red team 46).
 */
function manLocalPage(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') return words.slice(i + 1).some((o) => o.includes('/'));
    if (w.startsWith('--')) {
      if (abbreviatedName(w, ['--local-file']) !== undefined) return true;
      const eq = w.indexOf('=');
      if (abbreviatedName(w, ['--manpath']) !== undefined && !systemManualPath(eq >= 0 ? w.slice(eq + 1) : words[i + 1])) return true;
      if (!w.includes('=') && MAN_LONG_VALUED.includes(longName(w, MAN_LONG))) i++;
      continue;
    }
    if (w.startsWith('-') && w !== '-') {
      if (optionIs(w, { letters: 'l', long: [] }, MAN_REQUIRED_VALUE)) return true;
      // A letter that takes a value ends the cluster; its value is the rest or the next word.
      const valued = [...w.slice(1)].findIndex((c) => MAN_REQUIRED_VALUE.includes(c));
      if (valued >= 0 && w[valued + 1] === 'M' && !systemManualPath(valued === w.length - 2 ? words[i + 1] : w.slice(valued + 2))) return true;
      if (valued === w.length - 2) i++;
      continue;
    }
    if (w.includes('/')) return true;
  }
  return false;
}

/** Whether a manual path (`-M`'s value) names only the system's directories under /usr, which the agent does not write. */
function systemManualPath(value: string | undefined): boolean {
  return value !== undefined && value.split(':').every((dir) => dir.startsWith('/usr/') && !dir.split('/').includes('..'));
}

// javac's options naming a class path, where it also looks for annotation processors when
// no processor path is given (javac(1)); `-processorpath` and the like are refused by choosingOptions.
const JAVAC_CLASS_PATH = /^(?:-cp|-classpath|--class-path)(?:=|$)/;

/**
 * Why javac runs code or reads options its words do not show: an `@FILE` of options (read
 * anywhere among its arguments), or a class path given without `-proc:none` (the last `-proc:`
 * counts): a JDK before 23 runs every processor a `META-INF/services` file there names, and
 * which JDK runs is not known here.
 */
function javacChooses(name: string, words: readonly string[]): string | undefined {
  if (words.some((w) => w.startsWith('@'))) return `\`${name} @FILE\` reads options from a file, which are not read here`;
  const proc = words.filter((w) => w.startsWith('-proc:')).at(-1);
  if (proc !== '-proc:none' && words.some((w) => JAVAC_CLASS_PATH.test(w))) return `\`${name}\` is given a class path where it may find annotation processors and run them (without \`-proc:none\`)`;
  return undefined;
}

// pandoc's short options that take a value.
const PANDOC_VALUED = 'frtwodLFMVcHBATDI';

// less's key-file options, its short options that take a value, and its long names (abbreviated ones are read by them).
const LESSKEY_LONG = ['--lesskey', '--lesskey-src', '--lesskey-file', '--lesskey-content'];
const LESS_VALUED = 'bhjkKoOpPtTxyzD#';
const LESS_LONG = [...LESSKEY_LONG, '--buffers', '--max-back-scroll', '--jump-target', '--log-file', '--LOG-FILE', '--pattern', '--prompt', '--tag', '--tag-file', '--tabs', '--max-forw-scroll', '--window', '--shift', '--quotes', '--search-skip-screen', '--silent', '--squeeze-blank-lines', '--chop-long-lines', '--raw-control-chars', '--RAW-CONTROL-CHARS', '--quit-if-one-screen', '--no-init', '--ignore-case', '--IGNORE-CASE', '--line-numbers', '--LINE-NUMBERS', '--mouse', '--wheel-lines', '--header', '--use-color', '--color', '--status-column', '--follow-name', '--exit-follow-on-close', '--save-marks', '--incsearch', '--rscroll', '--line-num-width', '--status-col-width', '--redraw-on-quit', '--intr', '--no-vbell', '--file-size', '--no-keypad', '--no-histdups', '--no-number-headers', '--no-search-headers', '--proc-backspace', '--proc-tab', '--proc-return', '--search-options', '--wordwrap', '--help', '--version'];

// Desktop openers (desktopOpenerRuns).
const DESKTOP_OPENERS = ['open', 'xdg-open', 'gio', 'kde-open', 'kde-open5', 'gnome-open', 'exo-open', 'wslview'];

// The other programs whose words choose what runs beyond their options (choosingOptions).
const PROGRAM_CHOOSERS: ReadonlyMap<string, (name: string, words: readonly string[]) => string | undefined> = new Map<string, (name: string, words: readonly string[]) => string | undefined>([
  ['make', makeChooses],
  // `go env -w GOFLAGS=-toolexec=X` stays for every later go command (as `npm config set`).
  ['go', (_name, words) => (words[0] === 'env' && words.some((w) => /^--?[wu](?:=|$)/.test(w)) ? '`go env -w` changes the settings every later `go` runs by' : undefined)],
  // `kubectl config set users.u.exec.command sh` writes a credential plugin too.
  ['kubectl', (_name, words) => (words[0] === 'config' && words.some((w, i) => i > 0 && /(?:^|\.)(?:exec|auth-provider)(?:\.|$)/i.test(w)) ? '`kubectl config` setting a credential plugin runs it on every later call' : undefined)],
  // `cmake -E env|chdir|time CMD` runs CMD; `cmake --build DIR -- ARGS` hands ARGS to make.
  ['cmake', (_name, words) => {
    if (words.some((w, i) => w === '-E' && ['env', 'chdir', 'time', 'capabilities'].includes(words[i + 1] ?? ''))) return '`cmake -E` runs the command it is given';
    return words.includes('--build') && words.includes('--') ? makeChooses('make', words.slice(words.indexOf('--') + 1)) : undefined;
  }],
  // curl reading its options from a file (`-K FILE`, `--config FILE`, `-K -` its input): any
  // option, a URL or a file read or written, may be there, unread here (red team 45).
  ['curl', (_name, words) => (optionValues(words, { letters: 'K', long: ['--config'] }, CURL_VALUED, 0, longNamesOf(GRAMMARS.get('curl')!)).length > 0 ? '`curl -K` reads its options from a file, which are not read here' : undefined)],
  // wget reading a wgetrc (`--config=FILE`, any abbreviation; `--no-config` is its own name):
  // its commands (`input`, `output_document`, `use_askpass`) are not read here, as `-e`'s are.
  ['wget', (_name, words) => (words.some((w) => abbreviatedName(w, ['--config']) !== undefined) ? '`wget --config` reads wgetrc commands from a file, which are not read here' : undefined)],
  // man-db puts a local page (`-l FILE`, `--local-file`, `-l -` its input, an operand holding a
  // `/`) through soelim, whose `.so FILE` includes any file: the page is not read here (red team 45).
  ['man', (name, words) => (manLocalPage(words) ? `\`${name}\` formats a local page (or one of a manual path it is given), whose \`.so\` requests may include any file` : undefined)],
  // javac reading its options from a file (`@FILE`, `@/dev/stdin`), and javac finding annotation
  // processors on a class path it is given and running them (JDK before 23, unless `-proc:none`).
  ['javac', javacChooses],
  // `gh alias set NAME '!cmd'` (or `--shell`) stores a shell command a later `gh NAME` runs; so does a pager or an editor.
  ['gh', (_name, words) => {
    if (words[0] === 'alias' && (words[1] === 'import' || (words[1] === 'set' && words.slice(2).some((w) => /^--shell(?:=|$)/.test(w) || /^-[A-Za-z]*s/.test(w) || w.startsWith('!'))))) return '`gh alias` stores a shell command that a later `gh` call runs';
    // The key after `set` and its own options (`gh config set -h HOST pager CMD`).
    const key = words[0] === 'config' && words[1] === 'set' ? words.slice(2).find((w, i, rest) => !w.startsWith('-') && !/^-[h]$|^--host$/.test(rest[i - 1] ?? '')) : undefined;
    if (key !== undefined && /^(?:pager|editor|browser)$/.test(key)) return `\`gh config set ${key}\` chooses a program later \`gh\` calls run`;
    return undefined;
  }],
  // Emacs evaluates the Lisp it is given (`--eval '(shell-command "id")'`; long options in any
  // unique abbreviation, `-eval` with one dash too), which may run anything; emacsclient has
  // the server evaluate its arguments (`-e`), and runs an alternate editor when none answers.
  ['emacs', (name, words) => {
    if (words.some((w) => /^-(?:eval|execute)$/.test(w) || abbreviatedName(w, ['--eval', '--execute']) !== undefined)) return `\`${name} --eval\` runs Lisp code, which may run anything`;
    // A function called by name runs on what emacs visits (`x.el -f eval-buffer`: red team 45).
    if (words.some((w) => /^-(?:f|funcall)(?:=|$)/.test(w) || abbreviatedName(w, ['--funcall']) !== undefined)) return `\`${name} -f\` calls a Lisp function (\`eval-buffer\` evaluates the file it visits), which may run anything`;
    return words.some((w, i) => ['-l', '--load', '-load', '--script', '-script', '-x'].includes(w) && isMadeInput(words[i + 1] ?? '')) ? `\`${name}\` loads Lisp code from its input, which may run anything` : undefined;
  }],
  // The MySQL and MariaDB clients' statements given by `-e` run client commands too: `system
  // cmd` and `\\! cmd` start a program, `pager cmd` (`\\P`) chooses one, `edit` (`\\e`) runs the editor.
  ...['mysql', 'mariadb'].map((n): [string, (name: string, words: readonly string[]) => string | undefined] => [n, (name, words) => (optionValues(words, { letters: 'e', long: ['--execute'] }, 'DehPSu', 0).some((sql) => MYSQL_CLIENT_RUNS.test(sql)) ? `\`${name} -e\` runs a client command that starts a program` : undefined)]),
  // A desktop opener runs the application chosen for a file's type, and some types run the
  // file itself (`open x.command`, a `.desktop` file, a script set to run in a terminal):
  // unverifiable for an application named (`open -a Terminal x.sh`) or a local file that may
  // be a program (no extension, or a program's or a launcher's); URLs, directories and
  // documents are read as written. `gio launch` runs a desktop file's command.
  ...DESKTOP_OPENERS.map((n): [string, (name: string, words: readonly string[]) => string | undefined] => [n, desktopOpenerRuns]),
  // pandoc's custom readers and writers are Lua programs (`-t w.lua`, `--from r.lua`).
  ['pandoc', (name, words) => (optionValues(words, { letters: 'frtw', long: ['--from', '--read', '--to', '--write'] }, PANDOC_VALUED, 0).some((v) => /\.lua(?:$|[+-])/i.test(v)) ? `\`${name}\` reads or writes with a custom Lua program, which may run anything` : undefined)],
  // GNU tar (and cpio) reads an archive named `host:file` through a remote shell it starts (rsh), unless `--force-local`.
  ['tar', (name, words) => (!words.includes('--force-local') && optionValues(words, { letters: 'f', long: ['--file'] }, 'bCfFgHIKLNTVX', 0).some((archive) => /^[^/]*:/.test(archive)) ? `\`${name}\` opens an archive \`host:file\` through a remote shell it starts` : undefined)],
  // sudoedit is `sudo -e`: it writes files as another user through the editor SUDO_EDITOR chooses.
  ['sudoedit', () => '`sudoedit` (`sudo -e`) edits files as another user, through an editor the environment chooses'],
  ['emacsclient', (name, words) => (words.some((w) => optionIs(w, { letters: 'ea', long: ['--eval', '--alternate-editor'] }, EMACSCLIENT_VALUED, EMACSCLIENT_LONG)) ? `\`${name}\` has the Emacs server run Lisp code (\`-e\`) or runs an alternate editor (\`-a\`)` : undefined)],
]);

const MYSQL_CLIENT_RUNS = /(?:^|[;\n])\s*(?:system|pager|edit)\b|\\[!Pe]/i;

// Files a desktop may run rather than show, by extension (any case).
const RUNNABLE_FILE = /\.(?:sh|bash|zsh|command|tool|terminal|app|desktop|workflow|scpt|applescript|jar|py|pl|rb|js|exe|bat|cmd|com|ps1|vbs|lnk|url|appimage|run|bin|pkg|deb|rpm|msi|dmg)$/i;

function desktopOpenerRuns(name: string, words: readonly string[]): string | undefined {
  let args = words;
  if (name === 'gio') {
    if (words[0] === 'launch') return '`gio launch` runs the command of the desktop file it is given';
    if (words[0] !== 'open') return undefined;
    args = words.slice(1);
  }
  // macOS open: `-a APP`, `-b BUNDLE` choose the application (`--args` go to it).
  if (name === 'open' && args.some((w) => /^-[A-Za-z]*[ab]/.test(w) || w === '--args')) return `\`${name} -a\` chooses the application that opens the file, which may run it`;
  const operands = args.filter((w) => !w.startsWith('-'));
  const runnable = operands.find((w) => !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(w) && w !== '.' && w !== '..' && !w.endsWith('/') && (RUNNABLE_FILE.test(w) || !/\.[A-Za-z0-9]+$/.test(w.slice(w.lastIndexOf('/') + 1))));
  return runnable === undefined ? undefined : `\`${name === 'gio' ? 'gio open' : name} ${runnable}\` opens a file the desktop may run as a program`;
}

// emacsclient's short options that take a value, and its long names (for abbreviations).
const EMACSCLIENT_VALUED = 'sfdFTawr';
const EMACSCLIENT_LONG = ['--version', '--help', '--nw', '--tty', '--create-frame', '--reuse-frame', '--no-wait', '--quiet', '--suppress-output', '--eval', '--display', '--parent-id', '--socket-name', '--server-file', '--alternate-editor', '--tramp', '--frame-parameters', '--timeout'];

// make's own variables for the programs its built-in rules run (and its shell).
const MAKE_PROGRAM_VARIABLES: ReadonlySet<string> = new Set(['SHELL', 'MAKE', 'MAKESHELL', 'CC', 'CXX', 'CPP', 'FC', 'LD', 'AS', 'AR', 'RM', 'LEX', 'YACC', 'M2C', 'PC', 'CO', 'GET', 'MAKEINFO', 'TEX', 'TEXI2DVI', 'WEAVE', 'CWEAVE', 'TANGLE', 'CTANGLE', 'RANLIB', 'INSTALL']);

// autossh takes ssh's options (and its own -M port) and runs ssh with them.
const sshNames = new Set(['ssh', 'scp', 'sftp', 'autossh']);

// Programs with options that run a program or write a file, beyond those the tables above read
// (`find -exec`, `xargs -a`, `env -C`, `python -c`, `gcc -wrapper`, `fd -x`, `mysql -e`).
const OTHER_RUNNING_OPTIONS: ReadonlySet<string> = new Set([
  'find', 'fd', 'fdfind', 'xargs', 'env', 'sudo', 'doas', 'time', 'strace', 'ltrace', 'flock', 'valgrind', 'chroot', 'rsync', 'patch',
  'sed', 'gsed', 'awk', 'gawk', 'mawk', 'nawk', 'duckdb', 'jq', 'gojq', 'm4', 'psql', 'mysql', 'mariadb', 'socat', 'sqlite3', 'git',
  'npm', 'pnpm', 'yarn', 'bun', 'deno', 'python', 'python3', 'node', 'perl', 'ruby', 'php', 'gcc', 'g++', 'cc', 'c++', 'clang', 'clang++',
]);

/**
 * Whether some option of the program runs a program or writes a file no operand names: a word
 * of its command line that is known only when the line runs may be such an option
 * (run-time-options.ts optionMadeAtRunTime).
 */
export function hasRunningOptions(name: string): boolean {
  return commandOptions.has(name) || choosingOptions.has(name) || PROGRAM_STARTING_OPTIONS.has(name) || PROGRAM_CHOOSERS.has(name) || vimNames.has(name) || edNames.has(name) || sshNames.has(name) || OTHER_RUNNING_OPTIONS.has(name);
}

/**
 * What `words[at]` (already known to be `name`) would run besides itself. `stdin`: the
 * literal text its standard input holds (a here-string or here-doc), undefined when that is
 * not known (a pipe, a file, the caller's input), for programs that may read a script there.
 * `inputSet`: the line sets that input (a pipe, a redirection), so it is not the caller's.
 */
export function hiddenCommands(name: string, words: WordValue[], at: number, stdin?: string, inputSet = false, environment: readonly string[] = []): Hidden[] {
  // `tar cIf prog a.tar .` is `tar -c -I prog -f a.tar .`: its old-style first word holds options too.
  const args = name === 'tar' ? [...tarArguments(words.slice(at + 1), (w) => w.text, (text) => ({ text, literal: true, pattern: false }))] : words.slice(at + 1);
  const chosen = chosenProgram(name, args.map((a) => a.text));
  if (chosen !== undefined) return [unverifiable(chosen)];
  const started = startedPrograms(name, args.map((a) => a.text));
  return [...dateStringFiles(name, args), ...started, ...hiddenCommandsOf(name, args, stdin, inputSet, environment)];
}

/** The files the date strings given to `name` open (`date -d 'TZ="/etc/x" now'`, `tar --newer=./f`: date-strings.ts). */
function dateStringFiles(name: string, args: readonly WordValue[]): Hidden[] {
  const read = dateStringReads(name, args.map((a) => ({ text: a.text, literal: a.literal, prefix: a.literal ? a.text : literalPrefix(a) })));
  const files = read.paths.map((path): Hidden => ({ kind: 'file', path, write: false }));
  return read.unverifiable === undefined ? files : [...files, unverifiable(read.unverifiable)];
}

function hiddenCommandsOf(name: string, args: WordValue[], stdin: string | undefined, inputSet: boolean, environment: readonly string[]): Hidden[] {
  if (name === 'git') return gitHidden(args, environment);
  if (name === 'awk') return awkHidden(args, stdin);
  if (name === 'sed') return sedHidden(args, stdin);
  if (vimNames.has(name)) return vimHidden(name, args, stdin !== undefined || inputSet);
  // ed reads its editing commands (`w /x`, `r /etc/x`, `!cmd`) from its input.
  if (edNames.has(name)) return [unverifiable(`\`${name}\` reads editing commands from its input, which may read, write or run anything`)];
  const remap = remapsFiles(name, args.map((a) => a.text));
  if (remap !== undefined) return [unverifiable(remap)];
  if (sshNames.has(name)) return sshHidden(name, args);
  if (name === 'socat') return socatHidden(args);
  if (name === 'sqlite3') return sqliteHidden(args, stdin);
  if (name === 'duckdb') return duckdbHidden(args, stdin);
  if (name === 'psql') return psqlHidden(args, stdin);
  if (name === 'jq' || name === 'gojq') return jqHidden(args);
  if (name === 'm4') return m4Hidden();
  const spec = commandOptions.get(name);
  if (spec === undefined) return [];
  const found: Hidden[] = name === 'wget' ? wgetrcHidden(args) : [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!.text;
    // Only the program's own options, before its first operand; `ownOptions` take the next word.
    if (spec.ownOptions !== undefined) {
      if (!w.startsWith('-')) break;
      if (spec.ownOptions.includes(w)) {
        i++;
        continue;
      }
    }
    // Only a line, an end, following and a search are read as harmless: `+v` edits, `+s F` saves, `+|` pipes (red team 39).
    // A control character in any word is typed as keys (`-p $'x\n!id'`: red team 41).
    if (spec.bangCommands === true && /[\u0000-\u001f\u007f]/.test(w)) found.push(unverifiable(`\`${name}\` is given a control character, which it may read as typed keys`));
    if (spec.bangCommands === true && w.startsWith('+') && !LESS_PLAIN_COMMAND.test(w)) found.push(unverifiable(`\`${name} ${w}\` runs a command that may start a program or write a file`));
    const prefixed = spec.prefixed;
    if (prefixed !== undefined && abbreviatedName(w, [prefixed.long], prefixed.shorter) !== undefined) {
      const eq = w.indexOf('=');
      const value = eq < 0 ? args[i + 1] : { ...args[i]!, text: w.slice(eq + 1) };
      if (value === undefined) found.push(unverifiable(`\`${name} ${prefixed.long}\` without a value`));
      else if (value.text.startsWith(prefixed.prefix)) found.push(valueOf(name, { ...value, text: value.text.slice(prefixed.prefix.length) }));
      else if (!value.literal) found.push(valueOf(name, value));
    }
    // An option of several letters (`zip -TT CMD`), its value after `=` or attached (`-TT=CMD`,
    // `-TTCMD`), or at the end of a cluster (`-qTT CMD`).
    const inWord = w.startsWith('-') && !w.startsWith('--') ? spec.words?.find((option) => w.indexOf(option.slice(1), 1) > 0) : undefined;
    if (inWord !== undefined) {
      const rest = w.slice(w.indexOf(inWord.slice(1), 1) + inWord.length - 1).replace(/^=/, '');
      const value = rest !== '' ? { ...args[i]!, text: rest } : args[i + 1];
      found.push(value === undefined ? unverifiable(`\`${name} ${inWord}\` without a value`) : valueOf(name, value));
      continue;
    }
    const eq = w.indexOf('=');
    // Abbreviated too: `tar --to-comm=CMD` (longName; a program that takes no prefixes refuses the word).
    const long = w.startsWith('--') ? longName(w, spec.long) : undefined;
    if (long !== undefined) {
      if (!spec.long.includes(long)) continue;
      const value = eq === -1 ? args[i + 1] : { ...args[i]!, text: w.slice(eq + 1) };
      found.push(value === undefined ? unverifiable(`\`${name} ${long}\` without a value`) : valueOf(name, value));
      continue;
    }
    // A short option cluster: the value is the rest of the word or the next word.
    if (!/^-[A-Za-z]/.test(w) || spec.short === '') continue;
    for (let k = 1; k < w.length; k++) {
      if (!spec.short.includes(w[k]!)) continue;
      const rest = w.slice(k + 1);
      const value = rest !== '' ? { ...args[i]!, text: rest } : args[i + 1];
      found.push(value === undefined ? unverifiable(`\`${name} -${w[k]}\` without a value`) : valueOf(name, value));
      break;
    }
  }
  return found;
}

// Options that make a program start others through PATH (red team 37): diff paginates through
// pr, file and rg decompress with the program a file's format needs, git checks signatures
// with gpg. Each program started is a command of the line, held to the shell rules as any other.
const DECOMPRESSORS = ['gzip', 'bzip2', 'xz', 'lzip', 'lzma', 'lz4', 'zstd', 'brotli', 'uncompress'];
const PROGRAM_STARTING_OPTIONS: ReadonlyMap<string, { option: OptionSpelling; programs: readonly string[] }> = new Map([
  ['diff', { option: { letters: 'l', long: ['--paginate'] }, programs: ['pr'] }],
  ['file', { option: { letters: 'zZ', long: ['--uncompress', '--uncompress-noreport'] }, programs: DECOMPRESSORS }],
  ['rg', { option: { letters: 'z', long: ['--search-zip'] }, programs: DECOMPRESSORS }],
  // zip -T tests the archive it wrote with `unzip -t` (through sh -c), unless -TT names the command (read above).
  ['zip', { option: { letters: 'T', long: ['--test'] }, programs: ['unzip -t'] }],
]);
// git's (gpg to sign or check a signature, the editor) are read in git-programs.ts.

/** The programs an option of `name` makes it start (PROGRAM_STARTING_OPTIONS), as commands. */
function startedPrograms(name: string, args: readonly string[]): Hidden[] {
  const starting = PROGRAM_STARTING_OPTIONS.get(name);
  const grammar = GRAMMARS.get(name);
  if (starting === undefined || grammar === undefined) return [];
  const known = [...starting.option.long, ...longNamesOf(grammar)];
  if (!args.some((w) => optionIs(w, starting.option, grammar.valued, known))) return [];
  return starting.programs.map((text): Hidden => ({ kind: 'string', text }));
}

// FUSE and other mounters by name: `sshfs`, `unionfs`, `mergerfs`, `bindfs`, `fuse-overlayfs`,
// `squashfuse`, `archivemount`, `mount.fuse3`, ... (any `*fs`, anything with `fuse` in it).
const FUSE_MOUNTER = /^(?:mount\..+|[a-z0-9_.-]*fs|[a-z0-9_.-]*fuse[a-z0-9_.-]*|archivemount|guestmount|unionfs[a-z0-9_.-]*)$/;

/**
 * Why a command gives files other names for what follows, or undefined: a mount (`mount --bind
 * . src` makes src/secrets/key of secrets/key; in a user namespace any user may: `unshare -rm`),
 * bindfs, or a sandbox binding directories (`bwrap --bind / /x`). Paths after it are no longer
 * what they say. `mount` with no operand or only listing options (`-l`, `-t T`) only lists.
 */
function remapsFiles(name: string, args: readonly string[]): string | undefined {
  if (FUSE_MOUNTER.test(name)) return `\`${name}\` mounts a file system (a directory under a second name, perhaps)`;
  if (name === 'rclone' && args.some((a) => a === 'mount' || a === 'nfsmount')) return '`rclone mount` mounts a file system';
  if (name === 'bwrap' && args.some((a) => /^--(?:ro-|dev-)?bind(?:-try)?$|^--(?:bind|ro-bind)-fd$|^--overlay/.test(a))) return '`bwrap` binds directories under other names';
  // gzip -N restores the name stored in the archive when it decompresses: a name of its choosing (`.env`).
  if (GZIP_PROGRAMS.has(name) && restoresStoredName(name, args)) return `\`${name} -N\` names what it decompresses by the name stored in the archive`;
  if (name !== 'mount') return undefined;
  const operands = args.filter((a, i) => !a.startsWith('-') && !/^-[tO]$|^--types$|^--test-opts$/.test(args[i - 1] ?? ''));
  return operands.length > 0 ? '`mount` puts a file system or a directory under another name' : undefined;
}

const GZIP_PROGRAMS: ReadonlySet<string> = new Set(['gzip', 'gunzip', 'pigz', 'unpigz']);
const GZIP_LONG = ['--name', '--no-name', '--decompress', '--uncompress', '--stdout', '--to-stdout', '--test', '--list', '--suffix'];

/** Whether a gzip call decompresses to files named as the archive says (`-dN`, `gunzip --name`), not to its standard output or nowhere (`-c`, `-t`, `-l`). */
function restoresStoredName(name: string, args: readonly string[]): boolean {
  const given = (letters: string, long: string[]) => args.some((w) => optionIs(w, { letters, long }, 'S', GZIP_LONG));
  if (!given('N', ['--name']) || given('ctl', ['--stdout', '--to-stdout', '--test', '--list'])) return false;
  return name === 'gunzip' || name === 'unpigz' || given('d', ['--decompress', '--uncompress']);
}

/**
 * m4 expands macros in what it reads: `syscmd`/`esyscmd` run commands, `include`/`sinclude`
 * read files. Its input is its file operands (their macros are the file's, out of sight as a
 * script's are) or standard input: a literal here-string is read, anything else cannot be.
 */
/**
 * m4 is a macro language whose names are made as it runs (`format(\`sys%s', \`cmd')`, `defn`,
 * `-D` values, frozen files): its input and files are not read here (red teams 39 and 40).
 */
function m4Hidden(): Hidden[] {
  return [unverifiable('`m4` expands macros, which may run commands and read or write files under names made when it runs')];
}
