// Programs whose operands are files. A bare word is usually no file (`git log`, `grep TODO`),
// so bare words are not held to the path allowlists; but `rm package.json` removes the file
// `./package.json` names, and must be judged like it. For the programs below, the words that
// are files by the program's own grammar are paths, whether written `./x` or `x`.
import { abbreviatedName, hasOption, lastOptionValue, longName, optionIs, optionValuePlaces, optionValues, type OptionSpelling } from './options.js';
import { namesStandardInput, writtenVariablePath } from './shell/wrappers.js';
import { nameOf, within } from './within.js';
import { anyCaseGlob } from './path-glob.js';
import {
  backups, compilerFiles, isCompilerDriver, sqliteRoles, SEVEN_ZIP_PROGRAMS, GIT_GLOBAL_VALUED, GIT_GRAMMARS, GIT_READ_ONLY, GRAMMARS, IN_PLACE_EDITORS, inPlaceOption, longNamesOf, valuedLongOf, PACKAGE_RUNNERS, TAR, TAR_VALUED, TARGET_FIRST, TARGET_OPTION,
  type OperandGrammar,
} from './grammars.js';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
// scp's and rsync's remote operands: a colon before any slash (a local `a:b` is written `./a:b`), or a URL.
const REMOTE_OPERAND = /^[^/]*:|^[a-z]+:\/\//i;

/** The index of git's subcommand in a git command's words (`git` first), past git's own options; words.length when there is none. */
export function gitSubcommandAt(words: readonly string[]): number {
  let i = 1;
  while (i < words.length && words[i]!.startsWith('-')) i += GIT_GLOBAL_VALUED.has(words[i]!) ? 2 : 1;
  return Math.min(i, words.length);
}

/** The subcommand's index in a git command's words, and its grammar. */
function gitGrammar(words: readonly string[]): { at: number; grammar: OperandGrammar | undefined } {
  const at = gitSubcommandAt(words);
  return { at, grammar: GIT_GRAMMARS.get(words[at] ?? '') };
}

/** The long names the grammar of a program (`sort`) or git subcommand (`git restore`) holds; for tests. */
export function longNamesFor(words: readonly string[]): readonly string[] {
  const { grammar } = words[0] === 'git' ? gitGrammar(words) : { grammar: GRAMMARS.get(words[0] ?? '') };
  return grammar === undefined ? [] : longNamesOf(grammar);
}

/** Whether an option word gives the lead operand (`-e`, `-rne`, `--regexp=x`, `--file x`). */
function givesLead(word: string, grammar: OperandGrammar): boolean {
  const given = grammar.leadGivenBy ?? [];
  const letters = given.filter((g) => g.length === 2).map((g) => g[1]).join('');
  return optionIs(word, { letters, long: given }, grammar.valued + (grammar.optionalValued ?? ''), longNamesOf(grammar));
}

/** Whether an interpreter's option word gives it code instead of a script (`-c`, `-uc`, `--eval=x`). */
function givesCode(word: string, grammar: OperandGrammar, script: NonNullable<OperandGrammar['script']>): boolean {
  return optionIs(word, { letters: script.codeLetters, long: script.codeLong ?? [] }, grammar.valued + (grammar.optionalValued ?? ''), longNamesOf(grammar));
}

/**
 * The words of a simple command (program first, quote-free) that are files by the program's
 * grammar: its file operands and the values of its file options (`-` is standard input, not
 * a file, and `{}` a placeholder). Empty for programs not in the tables. Options may follow
 * operands (GNU argument order); every word after `--` is an operand. For git, the
 * subcommand's grammar (GIT_GRAMMARS).
 */
export function fileOperands(words: readonly string[]): string[] {
  return wordRoles(words).files;
}

/** The words of one command its program's grammar reads as files, and those it reads as no file. */
export interface WordRoles {
  files: string[];
  /**
   * Words that are no file, by the grammar: patterns, scripts and modes before the files
   * (`grep PAT`, `sed SCRIPT`, `chmod MODE`), the values of options that take no file
   * (`grep -e PAT`, `cut -d /`), and an in-place option whose backups are among `files`
   * (`sed -i.bak`). A sed or awk script's own files are read from the script
   * (shell/sed.ts, shell/awk.ts).
   */
  plain: string[];
  /** The script an interpreter runs (`python3 manage.py`, one of `files`): read, whatever it then does. */
  script?: string;
  /** Of `files`, those the command only reads (`cp a b` reads `a`); undefined when it may write them all. */
  reads?: string[];
  /**
   * Of `files`, all the command writes: whatever else it names it only reads (`find . -fprint
   * out` writes `out`, `git diff --output=d.txt` writes `d.txt`). Undefined when it may write
   * any path it names other than `reads`.
   */
  writesOnly?: string[];
  /**
   * Written files relative to the top of git's work tree, which is the command's directory
   * or one above it (`''`: the whole tree). `git reset --hard` in src/ rewrites the top's
   * files too; `git restore :/a` restores the top's `a`.
   */
  fromTop?: string[];
  /** Read files relative to the top of git's work tree, as fromTop (`git grep x -- :/infra`). */
  readsFromTop?: string[];
  /**
   * Values attached to an option in a cluster that the grammar reads as neither a file nor
   * plain text (`make -pf.env`: `.env`): checked as the word they would be if written apart
   * (`make -p -f .env`), which the option word itself does not show (red team 31).
   */
  detached?: string[];
}

// openssl's options (one dash, whole words) whose value is text, never a file: a subject
// `/CN=localhost` or an extension `subjectAltName=DNS:x` is no path. Its other words are read
// by their look (`-out /x`, `-in k.pem`, `-pass file:k`).
const OPENSSL_TEXT_OPTIONS: ReadonlySet<string> = new Set(['subj', 'addext', 'nameopt', 'reqopt', 'certopt', 'servername', 'connect', 'set_serial', 'days', 'name', 'alias', 'purpose', 'pkeyopt', 'sigopt', 'macopt', 'host', 'proxy', 'url']);

/** The words openssl takes as text values of OPENSSL_TEXT_OPTIONS (`-subj /CN=x`, `--subj=/CN=x`'s value). */
function opensslTextValues(words: readonly string[]): string[] {
  const plain: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const m = /^--?([a-z_]+)(=?)/.exec(words[i]!);
    if (m === null || !OPENSSL_TEXT_OPTIONS.has(m[1]!)) continue;
    if (m[2] === '=') plain.push(words[i]!);
    else if (i + 1 < words.length) plain.push(words[++i]!);
  }
  return plain;
}

/**
 * Where a package manager installs outside the project: npm's, pnpm's and yarn's global
 * prefix (`npm install -g`, `npm link` with no package; the prefix is not known here, so `/`),
 * `yarn global add`, `cargo install` (`~/.cargo`, or `--root`), `go install` (`~/go`: GOPATH
 * and GOBIN set for the command are read as written paths themselves), `pip install --user`
 * (`~/.local`). Undefined when it installs into the project.
 */
// npm's commands (and their aliases and abbreviations) that change installed packages.
const NPM_INSTALLS: ReadonlySet<string> = new Set([
  'install', 'i', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isnta', 'isntal', 'isntall', 'add', 'link', 'ln', 'uninstall', 'unlink', 'remove', 'rm', 'r', 'un',
  'update', 'up', 'upgrade', 'udpate', 'it', 'install-test', 'ic', 'install-clean', 'isntall-clean', 'ci', 'clean-install', 'dedupe', 'ddp', 'rebuild', 'rb',
]);

function globalInstall(words: readonly string[]): string | undefined {
  const [program, sub] = words;
  if (program === 'npm' || program === 'pnpm' || program === 'yarn') {
    if (program === 'yarn' && sub === 'global') return '/';
    const installs = NPM_INSTALLS.has(sub ?? '');
    const global = words.some((w, i) => w === '-g' || w === '--global' || /^--location=global$/.test(w) || (w === '--location' && words[i + 1] === 'global') || /^--global=(?:true)?$/.test(w));
    if (installs && (global || ((sub === 'link' || sub === 'ln') && words.length === 2))) return '/';
    return undefined;
  }
  if (program === 'cargo' && sub === 'install') {
    const root = optionValues(words, { letters: '', long: ['--root'] }, '', 2);
    return root[0] ?? '~/.cargo';
  }
  if (program === 'go' && sub === 'install') return '~/go';
  if (PYTHONS.has(program ?? '') || program === 'pip' || program === 'pip3') {
    const pip = program === 'pip' || program === 'pip3' ? 1 : pythonModule(words) === 'pip' ? words.findIndex((w) => w === 'pip' || /^-[A-Za-z]*mpip$/.test(w)) + 1 : -1;
    if (pip > 0 && words[pip] === 'install' && words.includes('--user')) return '~/.local';
  }
  return undefined;
}

/**
 * Where a command writes outside the project by what it does, not by the files it names: a
 * global install (globalInstall), journalctl's maintenance of the system journal
 * (`--vacuum-*`, `--rotate`, `--flush`, `--setup-keys`, `--relinquish-var`) and of its
 * message catalog (`--update-catalog`), in any abbreviation (getopt_long: `--update-c`).
 */
function writesOutside(words: readonly string[]): readonly string[] {
  // `npm pkg set|delete|fix` rewrites the project's package.json (its scripts run on install).
  if ((words[0] === 'npm' || words[0] === 'pnpm') && words[1] === 'pkg' && ['set', 'delete', 'fix'].includes(words[2] ?? '')) return ['package.json'];
  if (words[0] === 'journalctl') return journalctlWrites(words);
  if (words[0] === 'git') return gitWritesOutside(words);
  const target = globalInstall(words);
  return target === undefined ? [] : [target];
}

// journalctl's options that write the system journal, and the one that writes its message catalog.
const JOURNAL_WRITING = ['--vacuum-size', '--vacuum-time', '--vacuum-files', '--rotate', '--flush', '--setup-keys', '--relinquish-var', '--smart-relinquish-var'];
const JOURNAL_CATALOG = '/var/lib/systemd/catalog/database';

/** What journalctl's maintenance options write (writesOutside); an ambiguous abbreviation (refused by journalctl) counts too. */
function journalctlWrites(words: readonly string[]): readonly string[] {
  const writes: string[] = [];
  if (words.some((w) => abbreviatedName(w, JOURNAL_WRITING) !== undefined)) writes.push('/var/log/journal');
  if (words.some((w) => abbreviatedName(w, ['--update-catalog']) !== undefined)) writes.push(JOURNAL_CATALOG);
  return writes;
}

// The user's and the system's git configuration files (git-config(1) FILES).
const GIT_GLOBAL_CONFIG = ['~/.gitconfig', '~/.config/git/config'];
const GIT_SYSTEM_CONFIG = ['/etc/gitconfig'];
// Where `git maintenance start` installs its schedule: cron's tables, systemd's user units, launchd's agents.
const GIT_MAINTENANCE_SCHEDULERS = ['/var/spool/cron', '~/.config/systemd/user', '~/Library/LaunchAgents'];
// git config's options that only read, and the long names they are abbreviated among (longName).
const GIT_CONFIG_READING = ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '--list'];
const GIT_CONFIG_KNOWN = [...GIT_CONFIG_READING, '--global', '--system', '--local', '--worktree', '--file', '--blob', '--type', '--default', '--comment', '--value', '--unset', '--unset-all', '--add', '--replace-all', '--remove-section', '--rename-section', '--edit', '--show-origin', '--show-scope', '--name-only', '--null', '--includes', '--no-includes', '--fixed-value', '--bool', '--int', '--path'];
const GIT_CONFIG_VALUED = ['--file', '--blob', '--type', '--default', '--comment', '--value'];

/**
 * The files a git command writes outside the work tree though no word names them: `git config
 * --global` (or `--system`) setting or removing a key rewrites ~/.gitconfig (/etc/gitconfig),
 * and `git maintenance register|start` (and their undoing) the user's configuration and, for
 * start and stop, the scheduler's tables. Reading (`--get`, `--list`, `get`, one operand) writes nothing.
 */
function gitWritesOutside(words: readonly string[]): readonly string[] {
  const at = gitSubcommandAt(words);
  const sub = words[at];
  if (sub === 'maintenance') {
    const action = words.slice(at + 1).find((w) => !w.startsWith('-'));
    if (action === 'register' || action === 'unregister') return GIT_GLOBAL_CONFIG;
    if (action === 'start' || action === 'stop') return [...GIT_GLOBAL_CONFIG, ...GIT_MAINTENANCE_SCHEDULERS];
    return [];
  }
  if (sub !== 'config') return [];
  let scope: readonly string[] = [];
  let reads = false;
  const operands: string[] = [];
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') { operands.push(...words.slice(i + 1)); break; }
    if (w.startsWith('--')) {
      const name = longName(w, GIT_CONFIG_KNOWN);
      if (name === '--global') scope = GIT_GLOBAL_CONFIG;
      else if (name === '--system') scope = GIT_SYSTEM_CONFIG;
      else if (GIT_CONFIG_READING.includes(name)) reads = true;
      else if (GIT_CONFIG_VALUED.includes(name) && !w.includes('=')) i++;
      continue;
    }
    if (w.startsWith('-') && w !== '-') {
      if (/^-[a-zA-Z]*l/.test(w)) reads = true; // -l: --list
      if (/^-[a-zA-Z]*f$/.test(w)) i++; // -f FILE
      continue;
    }
    operands.push(w);
  }
  if (scope.length === 0 || reads) return [];
  // git 2.46's `get`/`list`, and the legacy form with only a key, read.
  if (operands[0] === 'get' || operands[0] === 'list' || (operands.length < 2 && !['unset', 'remove-section', 'rename-section', 'edit'].includes(operands[0] ?? '') && !words.some((w) => /^--(?:unset|remove-s|rename-s|edit)/.test(w) || /^-[a-zA-Z]*e$/.test(w)))) return [];
  return scope;
}

/** The roles with what the command writes outside the project (writesOutside) written. */
function withOutsideWrites(roles: WordRoles, words: readonly string[]): WordRoles {
  const targets = writesOutside(words);
  if (targets.length === 0) return roles;
  return { ...roles, files: [...roles.files, ...targets], ...(roles.writesOnly !== undefined ? { writesOnly: [...roles.writesOnly, ...targets] } : {}) };
}

const IMAGEMAGICK: ReadonlySet<string> = new Set(['convert', 'magick', 'mogrify', 'composite', 'montage', 'identify', 'compare', 'conjure', 'stream', 'animate', 'display', 'import']);
// Coders whose name is followed by text, not a file (`label:Hello`), unless the text is `@FILE`.
const IMAGEMAGICK_TEXT_CODERS: ReadonlySet<string> = new Set(['label', 'caption', 'xc', 'canvas', 'gradient', 'radial-gradient', 'pattern', 'plasma', 'fractal', 'logo', 'rose', 'wizard', 'granite', 'netscape', 'hald', 'msg', 'text', 'pango']);

/**
 * ImageMagick's files: each image named as `FORMAT:file[frames]` or plainly (`gray:.ssh/id_rsa`,
 * `png:../out.png`, `in.png[0]`), `@file` lists and text coders' `@file` (`label:@x` reads x).
 * The last image is the one written (and `ephemeral:f` deletes f); the others are read. Words
 * with no dot, slash or coder are option values (`-resize 50%`), not files.
 */
function imageMagickRoles(words: readonly string[]): WordRoles {
  const files: { path: string; written: boolean }[] = [];
  const plain: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w.startsWith('-') || w.startsWith('+')) continue;
    const coded = /^([A-Za-z][A-Za-z0-9-]*):(?!\/\/)(.*)$/s.exec(w);
    let path = coded ? coded[2]! : w;
    const coder = coded?.[1]!.toLowerCase();
    if (coder !== undefined && IMAGEMAGICK_TEXT_CODERS.has(coder) && !path.startsWith('@')) {
      plain.push(w);
      continue;
    }
    if (path.startsWith('@')) path = path.slice(1);
    path = path.replace(/\[[^\]]*\]$/, '');
    if (coded === null && !/[./]/.test(path)) continue; // an option's value
    if (path === '' || path === '-') continue;
    if (coded !== null) plain.push(w);
    files.push({ path, written: coder === 'ephemeral' });
  }
  if (files.length > 1 || (files.length === 1 && words[0] === 'mogrify')) files[files.length - 1]!.written = true;
  return { files: files.map((f) => f.path), plain, reads: files.filter((f) => !f.written).map((f) => f.path) };
}

const PYTHONS: ReadonlySet<string> = new Set(['python', 'python2', 'python3']);

/** The module `python -m MODULE` runs (`-m` alone or ending a cluster of flags: `-Im`), or undefined. */
function pythonModule(words: readonly string[]): string | undefined {
  for (let i = 1; i < words.length - 1; i++) {
    const w = words[i]!;
    if (!w.startsWith('-') || w === '-' || w === '--') return undefined;
    if (/^-[A-Za-z]*m$/.test(w) && !w.startsWith('--')) return words[i + 1];
    if (/^-[A-Za-z]*m./.test(w)) return w.slice(w.indexOf('m') + 1);
    if (w === '-c' || w === '-W' || w === '-X') i++;
  }
  return undefined;
}

const NO_ROLES: WordRoles = Object.freeze({ files: [], plain: [] }) as unknown as WordRoles;

/** fileOperands, with the words known to be no file. */
export function wordRoles(words: readonly string[]): WordRoles {
  const roles = withOutsideWrites(programRoles(words), words);
  const traces = words[0] === 'git' ? gitTraceFiles(words) : [];
  if (traces.length === 0) return roles;
  // Written whatever the subcommand does (`git -c trace2.eventTarget=/x status`); the setting word is no path.
  const files = traces.map((trace) => trace.file);
  const written = { ...roles, files: [...roles.files, ...files], plain: [...roles.plain, ...traces.map((trace) => trace.setting)] };
  return roles.writesOnly === undefined ? written : { ...written, writesOnly: [...roles.writesOnly, ...files] };
}

// git's trace2 settings whose value is where it writes its traces (git-config(1), trace2.*Target).
const GIT_TRACE_TARGET = /^trace2\.(?:event|normal|perf)target=(.*)$/is;

/**
 * The files `git -c trace2.eventTarget=FILE` (normalTarget, perfTarget) makes git append its
 * traces to, read as GIT_TRACE2's value is (writtenVariablePath), with the setting's text.
 */
function gitTraceFiles(words: readonly string[]): { file: string; setting: string }[] {
  const own = words.slice(0, gitSubcommandAt(words));
  return optionValues(own, { letters: 'c', long: [] }, '').flatMap((setting) => {
    const value = GIT_TRACE_TARGET.exec(setting)?.[1];
    const file = value === undefined ? undefined : writtenVariablePath('GIT_TRACE2', value);
    return file === undefined ? [] : [{ file, setting }];
  });
}

/** wordRoles by the program's own grammar. */
function programRoles(words: readonly string[]): WordRoles {
  const program = words[0] ?? '';
  // `sed -i.bak` and `perl -pi.bak -e …` also write a backup of every file they edit.
  const editor = IN_PLACE_EDITORS.get(program);
  if (editor !== undefined) {
    const [plain, inPlaceGrammar] = editor;
    const inPlace = inPlaceOption(words, plain.valued);
    if (inPlace === undefined) return rolesOf(operandsBy(words, 0, plain));
    const edited = operandsBy(words, 0, inPlaceGrammar);
    return { files: [...edited.files, ...backups(edited.files, inPlace.suffix)], plain: [...edited.plain, inPlace.word] };
  }
  if (program === 'openssl') return { files: [], plain: opensslTextValues(words) };
  if (IMAGEMAGICK.has(program)) return imageMagickRoles(words);
  if (program === 'sqlite3') return sqliteRoles(words);
  if (isCompilerDriver(program)) {
    // Its sources and other operands are read by their look; what it writes is named by its options.
    const { reads, writes, plain } = compilerFiles(words);
    return { files: [...reads, ...writes], plain, reads, writesOnly: writes };
  }
  if (program === 'find') return findRoles(words);
  if (SEVEN_ZIP_PROGRAMS.has(program)) return sevenZipRoles(words);
  if (program === 'ar') return arRoles(words);
  if (CONTAINER_PROGRAMS.has(program)) return containerRoles(words);
  if (program === 'awk' && words.some((w) => w.startsWith('-') && !w.startsWith('--') && w.includes('W'))) {
    const long = awkWords(words);
    // The words as written (`-W`, `profile=f`) are no paths: the long options' values are.
    if (long.join('\0') !== words.join('\0')) {
      const roles = wordRoles(long);
      return { ...roles, plain: [...roles.plain, ...words.filter((w) => !long.includes(w))] };
    }
  }
  // A package runner (`npx prettier@3 --write x`): the package's program reads its words.
  if (PACKAGE_RUNNERS.has(program)) {
    let i = 1;
    while (i < words.length && words[i]!.startsWith('-')) i += words[i] === '-p' || words[i] === '--package' ? 2 : 1;
    // `prettier@3` and `@scope/tool@latest` name the programs `prettier` and `@scope/tool`.
    return i < words.length ? wordRoles([words[i]!.replace(/(.)@[^/@]*$/, '$1'), ...words.slice(i + 1)]) : NO_ROLES;
  }
  // `python3 -m tarfile -e A [DIR]` extracts members as the archive names them, `/x` and `../x`
  // too (as `tar -P`): it may write anywhere (`/`).
  if (PYTHONS.has(program) && pythonModule(words) === 'tarfile' && words.some((w) => w === '-e' || w === '--extract')) {
    const operands = words.slice(words.findIndex((w) => w === 'tarfile' || /^-[A-Za-z]*mtarfile$/.test(w)) + 1).filter((w) => !w.startsWith('-'));
    return { files: [...operands, '/'], plain: [], reads: operands.slice(0, 1) };
  }
  if (program === 'tar') {
    const dashed = tarWords(words);
    const roles = operandsBy(dashed, 0, TAR);
    const extracting = extracts(dashed);
    // The members it puts in or names are read (extracting writes the archive's members, names
    // unknown, where its -C options lead, each from the one before, else here: `into`); the
    // archive is written, unless the command only reads it (extract, list, compare); a
    // listed-incremental snapshot is written.
    const known = longNamesOf(TAR);
    const archiveRead = extracting || hasOption(dashed, { letters: 'td', long: ['--list', '--diff', '--compare'] }, TAR.valued, known);
    const archives = optionValues(dashed, { letters: 'f', long: ['--file'] }, TAR.valued, 1, known, valuedLongOf(TAR));
    const snapshots = optionValues(dashed, { letters: 'g', long: ['--listed-incremental'] }, TAR.valued, 1, known, valuedLongOf(TAR));
    // --remove-files deletes the members it put in.
    const removes = hasOption(dashed, { letters: '', long: ['--remove-files'] }, TAR.valued, known);
    const reads = removes ? [] : roles.files.filter((file) => !snapshots.includes(file) && (archiveRead || !archives.includes(file)));
    const into = tarExtractsInto(dashed);
    if (!extracting) return { files: roles.files, plain: roles.plain, reads };
    // The members named on the line are written where it extracts them (`tar -xf a.tar -C build
    // r/.git/config` writes build/r/.git/config), not where the shell is.
    const members = roles.files.filter((file) => !archives.includes(file) && !snapshots.includes(file) && into !== '.');
    return { files: [...roles.files, into, ...members.map((member) => within(into, member))], plain: roles.plain, reads };
  }
  const { at, grammar } = program === 'git' ? gitGrammar(words) : { at: 0, grammar: GRAMMARS.get(program) };
  if (program === 'git' && (GIT_READ_ONLY.has(words[at] ?? '') || words[at] === 'push')) {
    // Their grammars (diff, log, show, push) name only the files they write (`--output`, a
    // local repository pushed to); their other words are revisions, refspecs or paths read.
    const reading = grammar === undefined ? undefined : operandsBy(words, at, grammar);
    const files = reading === undefined ? [] : [...reading.files, ...(grammar!.outputs?.(reading.operandFiles, words, reading.operands) ?? [])];
    if (!GIT_PATHSPEC_READERS.has(words[at] ?? '')) return { files, plain: [], writesOnly: files };
    // Their pathspecs are read as git reads them (`*key` may be secrets/key, `:/infra` is from the top).
    const pathspecs = readOnlyPathspecs(words, at);
    const roles: WordRoles = { files: [...files, ...pathspecs.here], plain: pathspecs.words, writesOnly: files };
    if (pathspecs.top.length > 0) roles.readsFromTop = pathspecs.top;
    return roles;
  }
  if (grammar === undefined) return NO_ROLES;
  const reading = operandsBy(words, at, grammar);
  let { files, plain } = reading;
  const fromTop: string[] = [];
  if (grammar.pathspecs === true) {
    // Magic pathspecs are no paths as written: their pattern is, here or at the top. When
    // every pathspec excludes (`:!x`, `:^x`, `:(exclude)x`), restore and checkout match all the
    // rest from the top (`git restore ':!x'` in src/ restores the whole tree).
    // A checkout's one other operand may be the revision (`git checkout HEAD ':^x'`).
    const magic = reading.operandFiles.filter((word) => word.startsWith(':'));
    const others = reading.operandFiles.length - magic.length;
    if (grammar.excludesFromTop && magic.length > 0 && magic.every(isExcludingPathspec) && (others === 0 || (grammar.commitsBeforeDashes === true && others === 1))) fromTop.push('');
    // Pathspecs read from a file name files no word shows: one that writes what it names
    // (`git rm --pathspec-from-file=list`, not `git add`) may write anywhere in the tree.
    const listed = optionValues(words, { letters: '', long: ['--pathspec-from-file'] }, grammar.valued, at + 1, longNamesOf(grammar), valuedLongOf(grammar));
    if (listed.length > 0 && (grammar.writes?.operands === undefined || grammar.writes.operands(listed, words, listed).length > 0)) fromTop.push('');
    for (const word of reading.operandFiles) {
      const target = pathspecReading(word);
      if (target.path === word && !target.fromTop) continue;
      // A magic pathspec is no path as written; a plain one with wildcards is read both ways.
      if (word.startsWith(':')) {
        files = files.filter((file) => file !== word);
        plain = [...plain, word];
      }
      if (target.fromTop) fromTop.push(target.path);
      else files = [...files, target.path === '' ? '.' : target.path];
    }
  }
  let reads = reading.reads;
  if (grammar.outputs !== undefined) {
    const outputs = grammar.outputs(reading.operandFiles, words, reading.operands);
    files = [...files, ...outputs];
    // An output that is also an input is written all the same (`gawk -dref 1 ref`).
    reads = reads?.filter((file) => !outputs.includes(file));
  }
  if (grammar.valueFiles !== undefined) {
    const named = grammar.valueFiles(words, reading.operands);
    files = [...files, ...named.reads, ...named.writes];
    reads = reads === undefined ? undefined : [...reads.filter((file) => !named.writes.includes(file)), ...named.reads.filter((file) => !named.writes.includes(file))];
  }
  const into = grammar.writesInto === undefined ? undefined : writtenDirectory(words, at, grammar, grammar.writesInto, reading);
  if (into !== undefined && grammar.writesInto?.wholeTree === true) fromTop.push('');
  else if (into !== undefined) files = [...files, into];
  const inPlace = program === 'sed' ? inPlaceOption(words, grammar.valued) : undefined;
  if (inPlace !== undefined) {
    files = [...files, ...backups(reading.files, inPlace.suffix)];
    plain = [...plain, inPlace.word];
  }
  // The fields named: spreading the reading (whose shape varies by grammar) took ~8% of commandLinePaths.
  return rolesOf({ files, plain, script: reading.script, reads, fromTop, detached: reading.detached });
}

/** The roles alone, without the reading's operands. */
function rolesOf({ files, plain, script, reads, fromTop, detached }: WordRoles): WordRoles {
  const roles: WordRoles = script !== undefined ? { files, plain, script } : { files, plain };
  if (detached !== undefined && detached.length > 0) roles.detached = detached;
  // Files added beside the reading (a compressor's twin, a download directory) are written.
  if (reads !== undefined) roles.reads = reads;
  if (fromTop !== undefined && fromTop.length > 0) roles.fromTop = fromTop;
  return roles;
}

/**
 * What a git pathspec with magic names (gitglossary "pathspec"): `:/a`, `:!/a`, `:(top)a`
 * and `:(top,icase)a` name `a` from the work tree's top; `:(glob)a`, `:!a`, `:^a` name `a`
 * here. Undefined for a plain pathspec (no leading `:`). Kept as what the pattern may name,
 * so the exclusions (`:!a`) count too: the safe side.
 */
/** Whether a git pathspec excludes what it names (`:!x`, `:^x`, `:(exclude,top)x`). */
function isExcludingPathspec(word: string): boolean {
  const long = /^:\(([^)]*)\)/.exec(word);
  if (long !== null) return long[1]!.split(',').some((m) => m.trim() === 'exclude');
  return /^:[/]*[!^]/.test(word);
}

export function pathspecTarget(word: string): { path: string; fromTop: boolean } | undefined {
  if (!word.startsWith(':')) return undefined;
  const { path, fromTop } = pathspecReading(word);
  return { path, fromTop };
}

/**
 * What any git pathspec may name, as a path the checks can read (gitglossary "pathspec"):
 * `path` from the command's directory, or from the work tree's top (`fromTop`: `:/a`,
 * `:(top)a`). Without `glob` or `literal` magic git matches a pattern with fnmatch and no
 * FNM_PATHNAME, so `*`, `?` and a bracket match `/` too (`*key` names `secrets/key`): each
 * is written `**` here, which the shell-word readings of path-glob.ts take to cross `/`.
 * With `icase` magic it matches names in any case: each letter is both (anyCaseGlob, `.ENV`
 * reads `.env`). Exclusions (`:!a`) are read as what they name too: the safe side.
 */
export function pathspecReading(word: string): { path: string; fromTop: boolean } {
  let magic: string[] = [];
  let path = word;
  let fromTop = false;
  const long = /^:\(([^)]*)\)(.*)$/s.exec(word);
  if (long !== null) {
    magic = long[1]!.split(',').map((m) => m.trim().split(':', 1)[0]!.toLowerCase());
    path = long[2]!;
    fromTop = magic.includes('top');
  } else if (word.startsWith(':')) {
    const short = /^:([/!^]*):?(.*)$/s.exec(word)!;
    path = short[2]!;
    fromTop = short[1]!.includes('/');
  }
  // A plain pattern's `*` crosses `/` in git (`*key` is secrets/key too), yet it is read as
  // written: it only narrows a whole-tree read (`git grep x` reads secrets/key as well), which
  // is out of scope, and reading it wider denied `git log --grep 'fix.*bug'`, whose values
  // are not told apart from pathspecs. A pattern in any case is named all the same.
  if (magic.includes('icase')) path = anyCaseGlob(path);
  return { path, fromTop };
}

// The reading subcommands (GIT_READ_ONLY) whose operands may be pathspecs; the others' are
// revisions, refs and their patterns (`git branch --list 'feat*'`, `git describe --match 'v*'`)
// or remotes, and check-ignore's and check-attr's are paths read by their look.
const GIT_PATHSPEC_READERS: ReadonlySet<string> = new Set(['status', 'diff', 'log', 'show', 'blame', 'ls-files', 'grep', 'ls-tree', 'diff-tree', 'diff-index', 'diff-files', 'whatchanged', 'range-diff', 'shortlog', 'rev-list']);

/**
 * The pathspecs of a git subcommand that only reads (GIT_PATHSPEC_READERS) and their readings
 * (pathspecReading): every word after `--`, and before it every word with pathspec magic
 * (`:/infra`, `:(icase).ENV`) or a wildcard (git takes `'*key'` as a pathspec without `--`).
 * Option values and grep's pattern are not told apart: an empty one is no word here
 * (emit.ts drops empty literal words), so in `git log --grep '' '*key'` or `git
 * grep '' '*key'` the pathspec is where a value or the pattern would be. So a regex with `*`
 * (`git grep 'a.*b'`, `-G 'x.*'`) meets the deny lists as a pathspec would: the safe side.
 */
function readOnlyPathspecs(words: readonly string[], at: number): { words: string[]; here: string[]; top: string[] } {
  const out = { words: [] as string[], here: [] as string[], top: [] as string[] };
  const dashes = words.indexOf('--', at + 1);
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i]!;
    const after = dashes >= 0 && i > dashes;
    if (!after && (w.startsWith('-') || (!/^:[/!^(]/.test(w) && !/[*?[]/.test(w)))) continue;
    if (w === '' || /[$`]/.test(w)) continue;
    const { path, fromTop } = pathspecReading(w);
    if (w.startsWith(':')) out.words.push(w);
    if (fromTop) out.top.push(path);
    else if (path !== w) out.here.push(path === '' ? '.' : path);
  }
  return out;
}

/**
 * The directory a program writes files into that it names itself (OperandGrammar.writesInto):
 * `.` or its directory option's value; undefined when this command line names every file it writes.
 */
function writtenDirectory(words: readonly string[], at: number, grammar: OperandGrammar, into: NonNullable<OperandGrammar['writesInto']>, reading: Reading): string | undefined {
  const known = longNamesOf(grammar);
  const has = (option: OptionSpelling | undefined) => option !== undefined && hasOption(words, option, grammar.valued, known);
  if (into.when !== undefined && !has(into.when)) return undefined;
  if (has(into.unless) && !has(into.despite)) return undefined;
  if (into.unlessOperand === true && reading.operandFiles.length > 0) return undefined;
  if (into.withOperand === true && reading.operands.length === 0) return undefined;
  if (into.readOnlyFirst !== undefined && into.readOnlyFirst.includes(reading.operands[0] ?? '')) return undefined;
  if (into.whenRevision === true && !switchesTo(words, at, reading.operands)) return undefined;
  if (into.firstIn !== undefined && !into.firstIn.includes(reading.operands[0] ?? '')) return undefined;
  if (has(into.anywhere) || (into.anywhereUnless !== undefined && !has(into.anywhereUnless))) return '/';
  return (into.directory === undefined ? undefined : lastOptionValue(words, into.directory, grammar.valued, at + 1, known, valuedLongOf(grammar))) ?? '.';
}

/**
 * Whether `git checkout`'s operands may name a commit to switch to: one operand before any
 * `--`, none after (`git checkout main`, `git checkout main --`), that may be a revision: a
 * name that starts with `.` or `/`, holds a wildcard or a `..`, or ends with `/` is none.
 */
function switchesTo(words: readonly string[], at: number, operands: readonly string[]): boolean {
  const dashes = words.indexOf('--', at + 1);
  const before = dashes < 0 ? operands : operands.filter((op) => words.indexOf(op, at + 1) < dashes);
  if (before.length !== 1 || before.length !== operands.length) return false;
  // `HEAD^{/fix bug}`, `@{-1}`: revision syntax, whatever else the word holds; a word made at
  // run time (`"$(git rev-parse HEAD~3)"`) may name a revision too (red team 27)
  if (/[\^@]\{|[$`]/.test(before[0]!)) return true;
  return !/^[./]|[*?[\\\s]|\.\.|\/\.|\/$/.test(before[0]!);
}

/**
 * The directories a program changes into by its own options, in order, each relative to the
 * one before (`tar -C DIR`, `make -C DIR`, `patch -d DIR`, `git -C DIR`); empty when none.
 */
export function ownDirectories(words: readonly string[]): string[] {
  const program = words[0] ?? '';
  // git's own -C comes before the subcommand (`git commit -C HEAD` reuses a message).
  if (program === 'git') return optionValues(words.slice(0, gitSubcommandAt(words)), { letters: 'C', long: [] }, 'c');
  if (program === 'tar') return optionValues(tarWords(words), TAR.directory!, TAR.valued, 1, longNamesOf(TAR), valuedLongOf(TAR));
  const grammar = GRAMMARS.get(program);
  return grammar?.directory === undefined ? [] : optionValues(words, grammar.directory, grammar.valued, 1, longNamesOf(grammar), valuedLongOf(grammar));
}

/**
 * 7-Zip: `7z COMMAND [SWITCH...] ARCHIVE [NAME...]`, one switch a word, anywhere before `--`
 * (`-oDIR`, `-tzip`, `-aoa`, `-spf`). `x` and `e` extract into -o's directory (here without
 * one), or anywhere with -spf/-spf2 (absolute names kept); `a` and `u` put the NAMEs (files,
 * read) in the archive, `d` and `rn` rewrite it (NAMEs are its members); the others (`l`, `t`)
 * read it. `@LIST` and `-i@LIST`/`-x@LIST` read list files; -w's working directory is written.
 * `a` on a name without a suffix writes NAME.7z.
 */
function sevenZipRoles(words: readonly string[]): WordRoles {
  const operands: string[] = [];
  const plain: string[] = [];
  const lists: string[] = [];
  const written: string[] = [];
  let output: string | undefined;
  let anywhere = false;
  const includes: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') {
      operands.push(...words.slice(i + 1));
      break;
    }
    if (!w.startsWith('-') || w === '-') {
      operands.push(w);
      continue;
    }
    plain.push(w);
    const list = /^-a?[ix](?:r[-0]?)?@(.+)$/s.exec(w)?.[1];
    // `-i!NAME` (`-ir!NAME` at any depth) adds the files it names, as an operand does.
    const included = /^-ir?[-0]?!(.+)$/s.exec(w)?.[1];
    if (included !== undefined) includes.push(included);
    if (list !== undefined) lists.push(list);
    else if (w.startsWith('-o')) output = w.slice(2);
    else if (w.startsWith('-w') && w.length > 2) written.push(w.slice(2));
    else if (/^-spf2?$/.test(w)) anywhere = true;
  }
  const [command = '', archive, ...names] = operands;
  plain.push(command);
  for (const name of names) if (name.startsWith('@')) lists.push(name.slice(1));
  const members = [...names.filter((name) => !name.startsWith('@')), ...(command === 'a' || command === 'u' ? includes : [])];
  const archives = archive === undefined ? [] : [archive];
  if (command === 'x' || command === 'e') {
    return { files: [...archives, ...lists, ...written, anywhere ? '/' : output || '.'], plain: [...plain, ...members], reads: [...archives, ...lists] };
  }
  if (command === 'a' || command === 'u') {
    const suffixed = command === 'a' && archive !== undefined && !archive.slice(archive.lastIndexOf('/') + 1).includes('.') ? [`${archive}.7z`] : [];
    return { files: [...archives, ...suffixed, ...members, ...lists, ...written], plain, reads: [...members, ...lists] };
  }
  if (command === 'd' || command === 'rn') return { files: [...archives, ...lists, ...written], plain: [...plain, ...members], reads: lists };
  return { files: [...archives, ...lists, ...written], plain: [...plain, ...members], reads: [...archives, ...lists] };
}

// ar's long options that take a value (GNU binutils 2.40), and its other long ones.
const AR_VALUED_LONG = ['--output', '--plugin', '--target', '--record-libdeps'];
const AR_LONG = [...AR_VALUED_LONG, '--thin', '--help', '--version'];

/**
 * ar: `ar [-]KEY[MODIFIERS] [--output=DIR] [RELPOS] [COUNT] ARCHIVE [MEMBER...]`. `x` extracts
 * into --output's directory (here without one; GNU ar refuses absolute and `..` names);
 * `r` and `q` put the MEMBERs (files, read) in the archive; `d`, `m`, `s` rewrite it; `t` and
 * `p` read it. RELPOS follows the a, b, i modifiers of `m` and `r`, COUNT the N modifier.
 */
function arRoles(words: readonly string[]): WordRoles {
  const operands: string[] = [];
  const plain: string[] = [];
  let output: string | undefined;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w.startsWith('--')) {
      const name = longName(w, AR_LONG);
      const value = w.includes('=') ? w.slice(w.indexOf('=') + 1) : AR_VALUED_LONG.includes(name) ? words[++i] : undefined;
      if (name === '--output') output = value;
      else if (value !== undefined) plain.push(value);
      plain.push(w);
      continue;
    }
    operands.push(w);
  }
  const key = (operands.shift() ?? '').replace(/^-/, '');
  plain.push(key);
  const operation = /[dmpqrstx]/.exec(key)?.[0] ?? '';
  if ((operation === 'm' || operation === 'r') && /[abi]/.test(key)) plain.push(...operands.splice(0, 1));
  if (key.includes('N')) plain.push(...operands.splice(0, 1));
  const [archive, ...members] = operands;
  const archives = archive === undefined ? [] : [archive];
  if (operation === 'x') return { files: [...archives, output ?? '.'], plain: [...plain, ...members], reads: archives };
  if (operation === 'r' || operation === 'q') return { files: [...archives, ...members], plain, reads: members };
  if (operation === 't' || operation === 'p') return { files: archives, plain: [...plain, ...members], reads: archives };
  return { files: archives, plain: [...plain, ...members], reads: [] };
}

/**
 * What `mv`, and a `cp` that copies symbolic links as links (-P, -d, -a, -R or -r without -L
 * or -H), moves or copies, and where: each source with the places it may end up (DEST itself,
 * or DEST/NAME when DEST is a directory: both readings with one source; `-t DIR`: DIR/NAME).
 * A relative link moved there points elsewhere (command-line-paths.ts follows it).
 */
export function movedPaths(words: readonly string[]): { source: string; destinations: string[] }[] {
  const program = words[0];
  if (program === 'git') {
    const at = gitSubcommandAt(words);
    return words[at] === 'mv' ? movedPaths(['mv', ...words.slice(at + 1)]) : [];
  }
  if (program === 'rsync') return rsyncMoves(words);
  if (program !== 'mv' && program !== 'cp') return [];
  if (program === 'cp' && !copiesLinks(words)) return [];
  return placedPaths(words);
}

const CP_MV_LONG_NAMES = ['--no-dereference', '--archive', '--recursive', '--dereference', '--no-target-directory'];

/** Whether `cp` keeps the links it copies as links (`-P`, `-d`, `-a`; `-r` without `-L`/`-H`). */
function copiesLinks(words: readonly string[]): boolean {
  const grammar = GRAMMARS.get('cp')!;
  const known = [...longNamesOf(grammar), ...CP_MV_LONG_NAMES];
  const has = (letters: string, long: string[]): boolean => hasOption(words, { letters, long }, grammar.valued, known);
  return has('Pda', ['--no-dereference', '--archive']) || (has('Rr', ['--recursive']) && !has('LH', ['--dereference']));
}

/** Where `mv` or `cp` (recursive or not) puts each source: its path once moved or copied (`cp -t p x/HEAD` puts `p/HEAD`). */
export function placedPaths(words: readonly string[]): { source: string; destinations: string[] }[] {
  const program = words[0];
  if (program !== 'mv' && program !== 'cp') return [];
  const grammar = GRAMMARS.get(program)!;
  const known = [...longNamesOf(grammar), ...CP_MV_LONG_NAMES];
  const operands = operandsBy(words, 0, grammar).operandFiles;
  const directory = lastOptionValue(words, TARGET_OPTION, grammar.valued, 1, known, valuedLongOf(grammar));
  if (directory !== undefined) return operands.map((source) => ({ source, destinations: [within(directory, nameOf(source))] }));
  const dest = operands.at(-1);
  if (dest === undefined || operands.length < 2) return [];
  const sources = operands.slice(0, -1);
  const itself = sources.length === 1 ? [dest] : [];
  const noTarget = hasOption(words, { letters: 'T', long: ['--no-target-directory'] }, grammar.valued, known);
  return sources.map((source) => ({ source, destinations: noTarget ? [dest] : [...itself, within(dest, nameOf(source))] }));
}

/**
 * What `rsync` copies with links kept as links (`-a`, `-l`, `--links`, `--archive`; not with
 * `-L`/`--copy-links`): each local source, to DEST/NAME, or into DEST itself when the source
 * ends in `/` (its contents). A remote source's links are not seen here (makesUnseenLinks).
 */
function rsyncMoves(words: readonly string[]): { source: string; destinations: string[] }[] {
  const grammar = GRAMMARS.get('rsync')!;
  const known = [...longNamesOf(grammar), '--links', '--archive', '--copy-links'];
  const has = (letters: string, long: string[]): boolean => hasOption(words, { letters, long }, grammar.valued, known);
  if (!has('al', ['--links', '--archive']) || has('L', ['--copy-links'])) return [];
  const operands = operandsBy(words, 0, grammar).operandFiles;
  const dest = operands.at(-1);
  if (dest === undefined || operands.length < 2) return [];
  return operands.slice(0, -1).filter((source) => !isRemote(source)).map((source) => ({ source, destinations: [source.endsWith('/') ? dest : within(dest, nameOf(source))] }));
}

/** An rsync or scp operand on another host (`host:path`, `user@host:path`, `rsync://`). */
function isRemote(operand: string): boolean {
  return /^[^/]*:/.test(operand) && !operand.startsWith('./');
}

/**
 * Where a command puts files on disk whose names and kinds no word shows, links among them
 * (`.` when it names no directory): extracting an archive (tar, unzip, 7-Zip, cpio), or
 * copying from another host with links kept (rsync). A later path of the line below it may
 * lead through such a link. Undefined for other commands.
 */
export function unseenLinksDirectory(words: readonly string[]): string | undefined {
  const program = words[0]!;
  if (program === 'tar') {
    const dashed = tarWords(words);
    return extracts(dashed) ? tarExtractsInto(dashed) : undefined;
  }
  if (program === 'unzip') return words.slice(1).some((w) => /^-[a-zA-Z]*[ltpvZz]/.test(w)) ? undefined : lastOptionValue(words, { letters: 'd', long: [] }, 'dP', 1, []) ?? '.';
  if (SEVEN_ZIP_PROGRAMS.has(program)) return words[1] === 'x' || words[1] === 'e' ? (words.find((w) => w.startsWith('-o') && w.length > 2)?.slice(2) ?? '.') : undefined;
  if (program === 'cpio') {
    if (words.slice(1).some((w) => /^-[a-zA-Z]*p/.test(w) || w === '--pass-through')) return words.slice(1).filter((w) => !w.startsWith('-')).at(-1) ?? '.';
    // `-i` extracts, unless `-t` (or --list) only lists what it would.
    const listing = words.slice(1).some((w) => /^-[a-zA-Z]*t/.test(w) || w === '--list');
    return !listing && words.slice(1).some((w) => /^-[a-zA-Z]*i/.test(w) || w === '--extract') ? (lastOptionValue(words, { letters: 'D', long: ['--directory'] }, 'DFHIEMORC', 1, ['--directory']) ?? '.') : undefined;
  }
  if (program === 'rsync') {
    const operands = operandsBy(words, 0, GRAMMARS.get('rsync')!).operandFiles;
    return rsyncMoves(words).length === 0 && operands.slice(0, -1).some(isRemote) ? operands.at(-1) : undefined;
  }
  return undefined;
}

// Programs that run containers with docker's options.
const CONTAINER_PROGRAMS: ReadonlySet<string> = new Set(['docker', 'podman', 'nerdctl']);
// The options whose value may name a host path: bind mounts, devices, files read or written.
const CONTAINER_PATH_OPTIONS = ['--volume', '--mount', '--device', '--env-file', '--cidfile', '--label-file'];
// The options that give a container the host itself: its processes and their files
// (`--pid=host` and /proc/1/root, `--userns=host`), capabilities past the file permissions
// (`--cap-add=DAC_READ_SEARCH` opens any host file by handle; `SYS_ADMIN` mounts), or another
// container's mounts, which may bind anything (`--volumes-from`).
const CONTAINER_HOST_OPTIONS = ['--privileged', '--pid', '--userns', '--cap-add', '--volumes-from'];
const CONTAINER_OPTIONS = [...CONTAINER_PATH_OPTIONS, ...CONTAINER_HOST_OPTIONS];
// docker run's short options that take a value (`-e`, `-p`, `-w`, ...): in a cluster
// (`-itv/etc:/x`, pflag's reading) the rest of the word after one is its value.
const CONTAINER_VALUED = 'acehlmpuvw';

/**
 * docker, podman and nerdctl running a container (`run`, `create`, `container run`): the host
 * side of a bind mount is read and written by whatever runs inside (`-v HOST:CTR[:ro]`,
 * `-itvHOST:CTR`, `--volume`, `--mount type=bind,source=HOST[,readonly]`; `:ro` and
 * `readonly` only read); a source that is no path (`-v data:/x`, `-v /x` alone) is a named
 * or anonymous volume. A device is written; `--env-file` and `--label-file` are read,
 * `--cidfile` written. An option that reaches the host (CONTAINER_HOST_OPTIONS) is the whole
 * host (`/`). Every word is read, the container's own command's too (the image is not told
 * apart from an option's value): the safe side. What a compose file binds (`docker compose
 * up`) is in the file, as what `make` runs is in the Makefile: not read (README, out of scope).
 */
function containerRoles(words: readonly string[]): WordRoles {
  // Past the global options (`docker -H tcp://h run`, `podman --root d run`), whose values are not known: any `run` or `create` word.
  if (!words.some((w) => w === 'run' || w === 'create')) return NO_ROLES;
  const files: string[] = [];
  const reads: string[] = [];
  const plain: string[] = [];
  // A volume's name is `[A-Za-z0-9][A-Za-z0-9_.-]*`: any other source is a host path (`/x`,
  // `./x`, `~/x`, and `$PWD/..` once the shell expands it).
  const hostPath = (source: string): boolean => source !== '' && !/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(source);
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const mountAt = w.startsWith('--') ? -1 : shortVolumeAt(w);
    const long = w.startsWith('--') ? longName(w, CONTAINER_OPTIONS) : undefined;
    if (mountAt < 0 && (long === undefined || !CONTAINER_OPTIONS.includes(long))) continue;
    if (long === '--privileged') {
      if (!/=false$/i.test(w)) files.push('/');
      continue;
    }
    const attached = mountAt >= 0 ? w.slice(mountAt).replace(/^=/, '') : w.includes('=') ? w.slice(w.indexOf('=') + 1) : '';
    const value = attached !== '' ? attached : words[++i];
    if (value === undefined) break;
    plain.push(attached !== '' ? w : value);
    if (long !== undefined && CONTAINER_HOST_OPTIONS.includes(long)) {
      // `--pid=container:c` shares another container's; only `host` is the host's.
      if ((long !== '--pid' && long !== '--userns') || value.toLowerCase() === 'host') files.push('/');
    } else if (mountAt >= 0 || long === '--volume') {
      const [source = '', target, options = ''] = value.split(':');
      if (target !== undefined && hostPath(source)) (options.split(',').includes('ro') ? reads : files).push(source);
    } else if (long === '--mount') {
      const fields = new Map(value.split(',').map((field) => {
        const [key = '', ...rest] = field.split('=');
        return [key.toLowerCase(), rest.join('=')] as const;
      }));
      const source = fields.get('source') ?? fields.get('src');
      const readonly = value.split(',').some((field) => /^(readonly|ro)(=(1|true))?$/i.test(field));
      if (fields.get('type') === 'bind' && source !== undefined) (readonly ? reads : files).push(source);
    } else if (long === '--device') {
      files.push(value.split(':')[0]!);
    } else if (long === '--cidfile') files.push(value);
    else reads.push(value);
  }
  return { files: [...files, ...reads], plain, reads };
}

/** Where a short option cluster's `-v` value starts (`-v/x:/y` 2, `-itv/x:/y` 4), or -1 when the cluster has no `-v` before another valued letter. */
function shortVolumeAt(word: string): number {
  if (!word.startsWith('-') || word.length < 2) return -1;
  for (let k = 1; k < word.length; k++) {
    if (word[k] === 'v') return k + 1;
    if (CONTAINER_VALUED.includes(word[k]!)) return -1;
  }
  return -1;
}

// find's tests and actions that take one word, by what the word is.
const FIND_OUTPUT_ARG = new Set(['-fprint', '-fprint0', '-fls', '-fprintf']);
const FIND_FILE_ARG = new Set([...FIND_OUTPUT_ARG, '-newer', '-anewer', '-cnewer', '-samefile', '-files0-from']);
// Actions that change or run something on every file found (`-exec rm {} \;`).
const FIND_ACTS = new Set(['-delete', '-exec', '-execdir', '-ok', '-okdir']);
const FIND_PLAIN_ARG = new Set([
  '-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-regextype', '-type', '-xtype', '-user', '-group',
  '-uid', '-gid', '-perm', '-size', '-mtime', '-atime', '-ctime', '-mmin', '-amin', '-cmin', '-inum', '-links', '-maxdepth', '-mindepth',
  '-fstype', '-used', '-lname', '-ilname', '-context', '-printf',
]);

/**
 * find: the starting points (the words before the first test), the files its actions write
 * (`-fprint FILE`, `-fls FILE`) and the reference files of `-newer FILE`; the patterns and
 * values of other tests are no files. It writes only the files of `-fprint` and the like,
 * unless an action acts on what it finds (`-delete`, `-exec`): then anything it names may be
 * written. `-exec` commands are read by the shell module.
 */
function findRoles(words: readonly string[]): WordRoles {
  const { points, expressionAt } = findParts(words);
  const files = [...points];
  const plain: string[] = [];
  const outputs: string[] = [];
  for (let i = expressionAt; i < words.length; i++) {
    const w = words[i]!;
    if (FIND_FILE_ARG.has(w) || /^-newer[amcBt]{2}$/.test(w)) {
      if (i + 1 < words.length) files.push(words[++i]!);
      if (FIND_OUTPUT_ARG.has(w)) outputs.push(words[i]!);
      if (w === '-fprintf' && i + 1 < words.length) plain.push(words[++i]!);
    } else if (FIND_PLAIN_ARG.has(w) && i + 1 < words.length) plain.push(words[++i]!);
  }
  const named = files.filter((file) => file !== '' && file !== '{}');
  return words.some((w) => FIND_ACTS.has(w)) ? { files: named, plain } : { files: named, plain, writesOnly: outputs };
}

/**
 * Arguments of tar (program word excluded) with an old-style first word (`czf a.tgz dir`:
 * options without a dash, their values taken from the next words in order) written as
 * dashed options, so `cIf prog` reads as `-c -I prog -f`. `dashed` makes `-x` from a word.
 */
export function tarArguments<T>(args: readonly T[], text: (arg: T) => string, dashed: (option: string) => T): readonly T[] {
  const first = args[0];
  if (first === undefined || !/^[A-Za-z]+$/.test(text(first))) return args;
  const out: T[] = [];
  let next = 1;
  for (const letter of text(first)) {
    out.push(dashed(`-${letter}`));
    if (TAR_VALUED.includes(letter) && next < args.length) out.push(args[next++]!);
  }
  return [...out, ...args.slice(next)];
}

function tarWords(words: readonly string[]): readonly string[] {
  return [words[0]!, ...tarArguments(words.slice(1), (w) => w, (option) => option)];
}

/** Whether a (dashed) tar command extracts: `-x`, in a cluster too, `--extract`, `--get`. */
/**
 * Where tar extracts: where its -C options lead, each from the one before, else here (`.`);
 * with -P (--absolute-names, bsdtar's --insecure) it extracts `/x` and `../x` as they are: anywhere (`/`).
 */
function tarExtractsInto(dashed: readonly string[]): string {
  const known = longNamesOf(TAR);
  if (hasOption(dashed, { letters: 'P', long: ['--absolute-names', '--insecure'] }, TAR.valued, known)) return '/';
  return optionValues(dashed, TAR.directory!, TAR.valued, 1, known, valuedLongOf(TAR)).reduce(within, '') || '.';
}

function extracts(words: readonly string[]): boolean {
  return hasOption(words, { letters: 'x', long: ['--extract', '--get'] }, TAR.valued, longNamesOf(TAR));
}

/**
 * An awk command with `-W NAME[=VALUE]` written as the long option it is (`-Wprofile=f` is
 * `--profile=f`, gawk; mawk's comma lists `-W interactive,exec F` are several), so the grammar
 * reads it. Only a -W that starts its cluster's value: in `-vW=1`, W is -v's.
 */
function awkWords(words: readonly string[]): string[] {
  const out = [words[0]!];
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    const w = /^-([A-Za-z]*?)W(.*)$/s.exec(word);
    if (w === null || word.startsWith('--') || /[FvfeEildpoDL]/.test(w[1]!)) {
      out.push(word);
      continue;
    }
    if (w[1] !== '') out.push(`-${w[1]}`);
    const value = w[2] !== '' ? w[2]! : words[++i];
    if (value === undefined) break;
    for (const name of value.includes('=') ? [value] : value.split(',')) out.push(`--${name}`);
  }
  return out;
}


/** A command's word roles, with its operands: all of them in order, and how many are files. */
interface Reading extends WordRoles {
  operands: string[];
  /** The operands that are files (not the values of file options). */
  operandFiles: string[];
}

// Characters that begin a path or a value inside an option cluster (operandsBy, word-paths.ts clusterRests).
export const PATH_MARKS: ReadonlySet<string> = new Set(['/', '.', '~', '=']);

/** The roles of one command's words by `grammar`, its program's (or git subcommand's) word at `at`. */
function operandsBy(words: readonly string[], at: number, grammar: OperandGrammar): Reading {
  const files: string[] = [];
  // Files given by options or keys: those the program may write (OperandGrammar.writes).
  const writtenValues: string[] = [];
  const writes = grammar.writes;
  const plain: string[] = [];
  // Opaque values attached in a cluster (WordRoles.detached).
  const detached: string[] = [];
  const all: string[] = [];
  // Operands that may be files (all but awk's assignments and dd's other keys), and how many of them are arguments instead (`jq --args`).
  const operands: string[] = [];
  let argumentsFrom: number | undefined;
  let script: string | undefined;
  let leadGiven = false;
  let afterDashes = false;
  const known = longNamesOf(grammar);
  for (let i = at + 1; i < words.length; i++) {
    const word = words[i]!;
    if (afterDashes || word === '-' || !word.startsWith('-')) {
      // An interpreter's first operand is its script; what follows is the script's.
      if (grammar.script !== undefined) {
        files.push(word);
        script = word;
        break;
      }
      all.push(word);
      if (grammar.urlOperands === true && !/^file:/i.test(word)) plain.push(word);
      if (grammar.noOperandFiles === true) continue;
      if (grammar.plainOperands === true) {
        plain.push(word);
        continue;
      }
      if (grammar.remoteOperands === true && REMOTE_OPERAND.test(word)) {
        plain.push(word);
        continue;
      }
      if (grammar.keyed !== undefined) {
        const eq = word.indexOf('=');
        // The value is the file; the word as a whole is no path (`of=./x` is not `./of=./x`).
        if (eq > 0 && grammar.keyed.includes(word.slice(0, eq))) {
          files.push(word.slice(eq + 1));
          if (writes?.readKeys?.includes(word.slice(0, eq)) !== true) writtenValues.push(word.slice(eq + 1));
        }
        plain.push(word);
      } else if (grammar.assignments === true && ASSIGNMENT.test(word)) continue;
      else if (grammar.plusCommands === true && word.startsWith('+') && !afterDashes) plain.push(word);
      else operands.push(word);
      continue;
    }
    if (word === '--') {
      afterDashes = true;
      if (grammar.commitsBeforeDashes === true) for (const commit of operands.splice(0)) plain.push(commit);
      continue;
    }
    if (grammar.leadGivenBy !== undefined && givesLead(word, grammar)) leadGiven = true;
    if (grammar.script !== undefined && givesCode(word, grammar, grammar.script)) {
      // Code given inline (`node -e '…'`, `python3 -c '…'`) is text, like a script's: no file
      // as a whole (names inside it still meet the deny lists). The words after it are its arguments.
      const place = optionValuePlaces(words, { letters: grammar.script.codeLetters, long: grammar.script.codeLong ?? [] }, grammar.valued + (grammar.optionalValued ?? ''), i, known, valuedLongOf(grammar))[0];
      return { ...NO_ROLES, plain: place === undefined ? [] : [words[place.index]!], operands: [], operandFiles: [] };
    }
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const name = longName(word, known);
      if (grammar.argumentsAfter?.includes(name) === true) {
        argumentsFrom ??= operands.length;
        continue;
      }
      const pairFile = grammar.pairFileLong?.includes(name) === true;
      if (eq < 0 && (pairFile || grammar.pairLong?.includes(name) === true)) {
        // A name, then its value: a file for pairFileLong (`--rawfile name FILE`).
        if (i + 1 < words.length) plain.push(words[++i]!);
        if (i + 1 < words.length) (pairFile ? files : plain).push(words[++i]!);
        continue;
      }
      const isFile = grammar.fileLong?.includes(name) ?? false;
      if (eq >= 0) {
        // The value is read here; the word as a whole is no path (`--output=src/x` is not `./--output=src/x`).
        if (isFile) files.push(word.slice(eq + 1));
        if (isFile && writes?.readLong?.includes(name) !== true) writtenValues.push(word.slice(eq + 1));
        if (isFile || (grammar.valuedLong?.includes(name) === true && grammar.opaqueLong?.includes(name) !== true)) plain.push(word);
      } else if (grammar.flagLong?.includes(name) !== true && (isFile || grammar.valuedLong?.includes(name)) && i + 1 < words.length) {
        i++;
        if (isFile) files.push(words[i]!);
        if (isFile && writes?.readLong?.includes(name) !== true) writtenValues.push(words[i]!);
        else if (grammar.opaqueLong?.includes(name) !== true) plain.push(words[i]!);
      }
      continue;
    }
    // An option of several letters written whole (zip's `-lf FILE`): no cluster.
    const whole = grammar.wordOptions !== undefined && Object.hasOwn(grammar.wordOptions, word) ? grammar.wordOptions[word] : undefined;
    if (whole !== undefined) {
      if (whole === 'file' && i + 1 < words.length) {
        files.push(words[++i]!);
        writtenValues.push(words[i]!);
      }
      continue;
    }
    // A short cluster: the first letter that takes a value takes the rest, or the next word
    // (an optional value only the rest: `od -w16`; one option a word: `xxd -len 10`).
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
      // At a character that begins a path or a value, with no letter before it taking one: no
      // option of this grammar (`zip -lf/tmp/x` is no `-t` with a value); the word is read by
      // its look (word-paths.ts). Other marks may be flags (curl's `-#`: `-s#T/etc/x` uploads).
      if (PATH_MARKS.has(letter)) break;
      if (grammar.optionalValued?.includes(letter) === true) {
        // The value is no path as attached (`-dsrc/x` is not `./-dsrc/x`); the grammar's outputs name it.
        if (k + 1 < word.length) plain.push(word);
        break;
      }
      if (!grammar.valued.includes(letter)) {
        if (grammar.wholeWords === undefined) continue;
        break;
      }
      const spelledOn = grammar.wholeWords?.some((spelling) => word.startsWith(spelling)) === true;
      const attached = spelledOn ? '' : word.slice(k + 1);
      const value = attached !== '' ? attached : words[++i];
      if (attached !== '' && grammar.opaque?.includes(letter) !== true) plain.push(word);
      else if (attached !== '' && grammar.fileValued?.includes(letter) !== true) detached.push(attached);
      if (value !== undefined && grammar.fileValued?.includes(letter)) {
        files.push(value);
        if (writes?.readValued?.includes(letter) !== true) writtenValues.push(value);
      }
      else if (value !== undefined && attached === '' && grammar.opaque?.includes(letter) !== true) plain.push(value);
      break;
    }
  }
  const lead = leadGiven ? 0 : (grammar.lead ?? 0);
  // Operands after `jq --args` are the program's arguments; the lead (its filter) comes first all the same.
  const fileEnd = argumentsFrom === undefined ? operands.length : Math.max(lead, argumentsFrom);
  for (const word of operands.slice(0, lead)) plain.push(word);
  for (const word of operands.slice(fileEnd)) plain.push(word);
  const fileOperands = operands.slice(lead, fileEnd);
  for (const word of grammar.firstOnly ? fileOperands.slice(0, 1) : fileOperands) files.push(word);
  // `{}` is where `find -exec` and `xargs -I {}` put the paths they found, not a file of its
  // own (find's starting points are checked as its arguments).
  const named = files.filter((word) => word !== '-' && word !== '' && word !== '{}');
  const operandFiles = fileOperands.filter((word) => named.includes(word));
  const reading: Reading = { files: named, plain, operands: all, operandFiles };
  if (detached.length > 0) reading.detached = detached;
  if (writes !== undefined) {
    // What is read, unless it is written too (`cp a a`, `sort -o f f`).
    const written = new Set([...(writes.operands === undefined ? operandFiles : writes.operands(operandFiles, words, all)), ...writtenValues]);
    reading.reads = named.filter((file) => !written.has(file));
  }
  if (script !== undefined && named.includes(script)) reading.script = script;
  return reading;
}

/**
 * find's starting points: the words before its first test or action, after its own options
 * (-H -L -P, -D opts, -O level); `.` when there is none (GNU find searches `.`: `find -name x
 * -delete` deletes ./x).
 */
export function findStartingPoints(words: readonly string[]): string[] {
  return findParts(words).points;
}

/** find's starting points, and the index of its first test or action. */
function findParts(words: readonly string[]): { points: string[]; expressionAt: number } {
  let i = 1;
  while (i < words.length && /^-[HLPDO]/.test(words[i]!)) i += words[i] === '-D' || words[i] === '-O' ? 2 : 1;
  if (words[i] === '--') i++; // `find -- DIR`: the starting points follow
  const points: string[] = [];
  while (i < words.length && !/^[-(!),]/.test(words[i]!)) points.push(words[i++]!);
  return { points: points.length === 0 ? ['.'] : points, expressionAt: i };
}

/**
 * How a command reads the NAMES of files from its standard input, when it does: the text
 * that separates them (a newline, or NUL with the program's null option). `tar -T -`,
 * `zip -@`, `cpio -o`/`-p`, `rsync --files-from=-`, `--files0-from=-` (du, wc, sort, find),
 * git's `--stdin-paths`, `--stdin`, `--pathspec-from-file=-` and `cat-file --batch` (object
 * names, `HEAD:.env`). Undefined for a command that reads no names there.
 */
export function stdinFileList(words: readonly string[]): '\n' | '\0' | undefined {
  const program = words[0];
  const has = (letters: string, long: string[], valued = ''): boolean => hasOption(words, { letters, long }, valued);
  // The list file is standard input by any of its names (`-T -`, `-T /dev/stdin`, `--files-from=/dev/fd/0`).
  const fromStdin = (letters: string, long: string[], valued: string, all = words, from = 1, known: readonly string[] = long): boolean =>
    optionValues(all, { letters, long }, valued, from, known).some((value) => namesStandardInput(value));
  if (program === 'tar') {
    const dashed = tarWords(words);
    if (!fromStdin('T', ['--files-from'], TAR.valued, dashed, 1, longNamesOf(TAR))) return undefined;
    return hasOption(dashed, { letters: '', long: ['--null'] }, TAR.valued) ? '\0' : '\n';
  }
  // zip -@, and its long name abbreviated (`--names`: no other zip option begins `--na`).
  if (program === 'zip') return words.some((w) => /^-[A-Za-z0-9]*@/.test(w) || (w.length >= 4 && '--names-stdin'.startsWith(w))) ? '\n' : undefined;
  if (program === 'cpio') {
    if (!has('op', ['--create', '--pass-through'], 'CEFHIMORW')) return undefined;
    return has('0', ['--null'], 'CEFHIMORW') ? '\0' : '\n';
  }
  if (program === 'rsync') {
    if (!fromStdin('', ['--files-from'], 'eBfT', words, 1, longNamesOf(GRAMMARS.get('rsync')!))) return undefined;
    return has('0', ['--from0'], 'eBfT') ? '\0' : '\n';
  }
  if (program === 'du' || program === 'wc' || program === 'sort') return fromStdin('', ['--files0-from'], '') ? '\0' : undefined;
  if (program === 'find') return words.some((w, i) => w === '-files0-from' && namesStandardInput(words[i + 1] ?? '')) ? '\0' : undefined;
  if (program === 'git') {
    const at = gitSubcommandAt(words);
    const sub = words[at];
    // git's long options abbreviated too (`--stdin-p`, `--pathspec-from=-`): read by the names that begin alike.
    const named = (name: string, known: readonly string[]): boolean => words.slice(at + 1).some((w) => w.startsWith('--') && longName(w, known) === name);
    const nul = words.slice(at + 1).includes('-z') || named('--pathspec-file-nul', GIT_PATHSPEC_LONG);
    if (sub === 'hash-object' && named('--stdin-paths', ['--stdin', '--stdin-paths'])) return '\n';
    if ((sub === 'update-index' || sub === 'checkout-index') && named('--stdin', ['--stdin', '--stage', '--skip-worktree', '--split-index', '--suffix'])) return nul ? '\0' : '\n';
    if (sub === 'cat-file' && words.slice(at + 1).some((w) => w.startsWith('--batch'))) return nul ? '\0' : '\n';
    if (fromStdin('', ['--pathspec-from-file'], '', words, at + 1, GIT_PATHSPEC_LONG)) return nul ? '\0' : '\n';
  }
  return undefined;
}

/**
 * The files other than standard input a command reads the NAMES of its files from (`tar -T
 * list`, `rsync --files-from=list`, `--files0-from=list` of du, wc, sort and find, `file -f
 * list`): what it then opens is not on the line. (From standard input: stdinFileList.)
 */
export function nameListFiles(words: readonly string[]): string[] {
  const program = words[0];
  const named = (values: string[]): string[] => values.filter((value) => !namesStandardInput(value));
  if (program === 'tar') return named(optionValues(tarWords(words), { letters: 'T', long: ['--files-from'] }, TAR.valued, 1, longNamesOf(TAR), valuedLongOf(TAR)));
  if (program === 'rsync') return named(optionValues(words, { letters: '', long: ['--files-from'] }, 'eBfT', 1, longNamesOf(GRAMMARS.get('rsync')!)));
  if (program === 'du' || program === 'wc' || program === 'sort') return named(optionValues(words, { letters: '', long: ['--files0-from'] }, ''));
  if (program === 'find') return named(words.flatMap((w, i) => (w === '-files0-from' && words[i + 1] !== undefined ? [words[i + 1]!] : [])));
  if (program === 'file') return named(optionValues(words, { letters: 'f', long: ['--files-from'] }, GRAMMARS.get('file')!.valued));
  return [];
}

// git's long options that begin `--pathspec-`: `--pathspec-f` is ambiguous (git refuses it), `--pathspec-from` is not.
const GIT_PATHSPEC_LONG = ['--pathspec-from-file', '--pathspec-file-nul'];

/**
 * The symbolic links `ln -s` makes: each link's path and its target as written, which the
 * kernel reads from the link's own directory, not the shell's (`ln -s ../secrets sub/s` points
 * `sub/s` at `secrets`). With two operands the second may be a directory to make the link in:
 * both readings are given.
 */
export function symbolicLinks(words: readonly string[]): { target: string; link: string; fromShell: boolean }[] {
  if (words[0] !== 'ln') return [];
  const known = [...longNamesOf(TARGET_FIRST), '--symbolic', '--relative', '--no-target-directory'];
  if (!hasOption(words, { letters: 's', long: ['--symbolic'] }, TARGET_FIRST.valued, known)) return [];
  // `ln -sr`: the target is given from the shell's directory and rewritten relative to the link.
  const fromShell = hasOption(words, { letters: 'r', long: ['--relative'] }, TARGET_FIRST.valued, known);
  const targets = operandsBy(words, 0, TARGET_FIRST).operandFiles;
  const named = (dir: string, target: string) => ({ target, link: within(dir, target.slice(target.lastIndexOf('/') + 1)), fromShell });
  const directory = lastOptionValue(words, TARGET_OPTION, TARGET_FIRST.valued, 1, known, valuedLongOf(TARGET_FIRST));
  if (directory !== undefined) return targets.map((target) => named(directory, target));
  if (targets.length === 1) return [named('', targets[0]!)];
  const last = targets[targets.length - 1]!;
  const linked = targets.slice(0, -1).map((target) => named(last, target));
  return targets.length === 2 ? [{ target: targets[0]!, link: last, fromShell }, ...linked] : linked;
}
