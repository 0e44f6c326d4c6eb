// What a command writes outside the project by what it does, though no word names it: global
// installs, journalctl's maintenance, `git config --global`, `git maintenance`.
import { abbreviatedName, longName, optionValues } from '../options.js';
import { gitSubcommandAt } from './git.js';
import { PYTHONS, pythonModule } from './python-module.js';
import type { WordRoles } from './word-roles.js';

// npm's commands (and their aliases and abbreviations) that change installed packages.
const NPM_INSTALLS: ReadonlySet<string> = new Set([
  'install', 'i', 'in', 'ins', 'inst', 'insta', 'instal', 'isnt', 'isnta', 'isntal', 'isntall', 'add', 'link', 'ln', 'uninstall', 'unlink', 'remove', 'rm', 'r', 'un',
  'update', 'up', 'upgrade', 'udpate', 'it', 'install-test', 'ic', 'install-clean', 'isntall-clean', 'ci', 'clean-install', 'dedupe', 'ddp', 'rebuild', 'rb',
]);

/**
 * Where a package manager installs outside the project: npm's, pnpm's and yarn's global
 * prefix (`npm install -g`, `npm link` with no package; the prefix is not known here, so `/`),
 * `yarn global add`, `cargo install` (`~/.cargo`, or `--root`), `go install` (`~/go`: GOPATH
 * and GOBIN set for the command are read as written paths themselves), `pip install --user`
 * (`~/.local`). Undefined when it installs into the project.
 */
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
export function withOutsideWrites(roles: WordRoles, words: readonly string[]): WordRoles {
  const targets = writesOutside(words);
  if (targets.length === 0) return roles;
  return { ...roles, files: [...roles.files, ...targets], ...(roles.writesOnly !== undefined ? { writesOnly: [...roles.writesOnly, ...targets] } : {}) };
}
