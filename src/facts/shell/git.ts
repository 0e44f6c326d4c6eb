// git: the settings, options and subcommands that run a program (`-c core.pager=CMD`, `rebase
// --exec CMD`, an `ext::` URL, a remote helper), and `git config` setting such a key for later calls.
import { gitSubcommandAt } from '../operands/git.js';
import { abbreviatedName, longName } from '../options.js';
import { GIT_PROGRAM_SETTINGS, gitStartedPrograms } from './git-programs.js';
import { clusterLetter, unverifiable, valueOf, type Hidden } from './script-text.js';
import type { WordValue } from './words.js';

// git configuration keys whose value is a command (or an alias, which may be one):
// `git archive --format=F` pipes through tar.F.command, `interpret-trailers` and
// `commit --trailer` run trailer.T.cmd (or .command), `add -p` interactive.diffFilter,
// `push`/`fetch` core.alternateRefsCommand, `imap-send` imap.tunnel, git gui guitool.N.cmd,
// config-based hooks hook.N.command (git 2.46), git-lfs's lfs.customtransfer.N.path and
// lfs.extension.N.clean/smudge; core.worktree moves the tree every later command writes.
// help.autocorrect runs the subcommand a typo is closest to (`git -c help.autocorrect=immediate
// psuh` runs push): the subcommand the line shows is then not the one that runs.
const gitCommandKey =
  /^(alias\.|help\.autocorrect$|core\.(pager|sshcommand|editor|fsmonitor|hookspath|askpass|gitproxy|alternaterefscommand|worktree)$|hook\.|lfs\.(customtransfer|extension)\.|pager\.|sequence\.editor$|credential\.|diff\.|difftool\.|mergetool\.|merge\.|filter\.|gpg\.|uploadpack\.|receivepack\.|remote\.|protocol\.|url\.|include|sendemail\.|web\.browser$|browser\.|man\.|instaweb\.|http\.proxy|init\.templatedir$|submodule\.|tar\..+\.command$|trailer\..+\.(cmd|command)$|interactive\.difffilter$|imap\.tunnel$|guitool\.)/i;
// git options (before or after the subcommand) that name a program to run, in any
// abbreviation (`git ls-remote --upload-p=CMD`: git's subcommands take unique prefixes).
const GIT_COMMAND_OPTIONS = ['--upload-pack', '--receive-pack', '--exec', '--exec-path', '--extcmd', '--template', '--config', '--config-env'];
// Keys that make later git commands write where the line does not say: trace2's targets.
const gitConfigWriteKey = /^trace2\./i;
// git config's long options (git 2.39 to 2.47, abbreviations read by them): those that take
// the next word, the modes that only read or remove, those that edit or rename a whole section.
const GIT_CONFIG_VALUED = ['--file', '--blob', '--type', '--default', '--comment', '--value'];
const GIT_CONFIG_READS = ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '--unset', '--unset-all', '--remove-section', '--get-color', '--get-colorbool'];
const GIT_CONFIG_WHOLE = ['--rename-section', '--edit'];
// Those that choose the file read (where git follows no includes unless `--includes` is given).
const GIT_CONFIG_CHOSEN = ['--file', '--blob', '--global', '--system', '--local', '--worktree'];
const GIT_CONFIG_LONG = [
  ...GIT_CONFIG_VALUED, ...GIT_CONFIG_READS, ...GIT_CONFIG_WHOLE, '--add', '--replace-all', '--global', '--system', '--local', '--worktree', '--fixed-value', '--show-origin',
  '--show-scope', '--null', '--name-only', '--includes', '--no-includes', '--bool', '--int', '--bool-or-int', '--path', '--expiry-date', '--no-type', '--all', '--append', '--url',
];

/**
 * `git config` setting a key that makes later git commands run a program, read hooks or
 * configuration elsewhere, or write elsewhere (gitCommandKey, gitConfigWriteKey): the setting
 * outlives this call, and the command it names runs under a later, allowed `git` call. In any
 * file (`--global`, `--system`, `--file F`), legacy (`git config KEY VALUE`, `--add`,
 * `--replace-all`) or git 2.46's (`git config set KEY VALUE`). Renaming a section (it may
 * become `alias`) and editing the file are unverifiable too; reading and removing are not.
 */
function gitConfigHidden(args: WordValue[]): Hidden[] {
  const operands: WordValue[] = [];
  let reads = false;
  // A file chosen (`-f`, `--blob`, `--global`…) and `--includes`: git follows its `include.path`
  // and `includeIf` to files no word names (red team 44).
  let chosen = false;
  let includes = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!.text;
    if (w === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (w.startsWith('--')) {
      const name = longName(w, GIT_CONFIG_LONG);
      if (GIT_CONFIG_WHOLE.includes(name)) return [unverifiable(`\`git config ${name}\` can rename or edit any key, one that runs a command too`)];
      if (GIT_CONFIG_READS.includes(name)) reads = true;
      if (GIT_CONFIG_CHOSEN.includes(name)) chosen = true;
      if (name === '--includes') includes = true;
      if (name === '--no-includes') includes = false;
      if (GIT_CONFIG_VALUED.includes(name) && !w.includes('=')) i++;
      continue;
    }
    if (w.startsWith('-') && w !== '-') {
      // Short options: -e (edit), -l (list), -z, -f FILE (the rest of the word or the next).
      if (clusterLetter(w, 'e', 'f') > 0) return [unverifiable('`git config -e` can edit any key, one that runs a command too')];
      if (clusterLetter(w, 'l', 'f') > 0) reads = true;
      const f = clusterLetter(w, 'f', '');
      if (f > 0) chosen = true;
      if (f > 0 && f === w.length - 1) i++;
      continue;
    }
    operands.push(args[i]!);
  }
  if (chosen && includes) return [unverifiable('`git config --includes` follows the `include.path` and `includeIf` of the file it reads to files the line does not name')];
  const first = operands[0]?.text;
  if (first === 'edit' || first === 'rename-section') return [unverifiable(`\`git config ${first}\` can rename or edit any key, one that runs a command too`)];
  const key = first === 'set' ? operands[1] : !reads && operands.length >= 2 && !['get', 'list', 'unset', 'remove-section'].includes(first ?? '') ? operands[0] : undefined;
  if (key === undefined) return [];
  if (!key.literal) return [unverifiable(`\`git config\` sets a key that is not a literal: \`${key.text}\``)];
  if (gitCommandKey.test(key.text) || gitConfigWriteKey.test(key.text)) {
    return [unverifiable(`\`git config ${key.text}\` makes later git commands run a program, or read or write files elsewhere`)];
  }
  return [];
}

const gitUploadPackCommands = new Set(['clone', 'fetch', 'ls-remote', 'pull', 'archive']);
const gitRunsCommands = new Set(['bisect', 'submodule', 'filter-branch', 'difftool', 'mergetool', 'merge-index', 'send-email', 'instaweb', 'web--browse', 'shell']);

/**
 * Whether git subcommand `name` runs commands given to it: gitRunsCommands (`merge-index PROG
 * -a` runs PROG for each unmerged file, `send-email --sendmail-cmd`, `shell -c`), git's
 * internal helpers (`submodule--helper foreach CMD` is `submodule foreach`, `difftool--helper`)
 * and every remote helper, which git normally starts itself for a URL's scheme: `git
 * remote-ext NAME 'sh -c CMD'` is the ext:: transport run by hand, with no `ext::` to find.
 */
function gitRunsCommandsOf(name: string): boolean {
  return gitRunsCommands.has(name) || name.startsWith('remote-') || name.includes('--');
}

// git's `-c` settings that make it sign (git-programs.ts).
const GIT_SIGNING_SETTINGS = /^(?:commit\.gpgsign|tag\.gpgsign|tag\.forcesignannotated|push\.gpgsign)$/;

/**
 * What git run with `args` (after `git`) runs besides itself: commands its options and
 * settings give, and the programs it starts (git-programs.ts). `environment`: the `NAME=value`
 * words set for it (`GIT_EDITOR=true`).
 */
export function gitHidden(args: WordValue[], environment: readonly string[] = []): Hidden[] {
  const found: Hidden[] = [];
  const settings = new Map<string, WordValue | undefined>();
  // Where git's own options end (operands/git.ts): `at` is the subcommand's index in args.
  const at = gitSubcommandAt(['git', ...args.map((a) => a.text)]) - 1;
  const subcommand = args[at]?.text;
  // git expands `%(prefix)` in path settings to its install prefix (`%(prefix)/../etc/x` is
  // `/usr/../etc/x`): such a path cannot be placed from the word.
  if (args.some((a) => a.text.includes('%(prefix)'))) found.push(unverifiable('a git path setting holding `%(prefix)` names a file outside the word'));
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!.text;
    // `--git-dir X` names the repository whose config (fsmonitor, pager, hooks) git obeys, as
    // GIT_DIR does: shell.gitMetadata guards writes to a `.git` or `NAME.git` directory only.
    if (i < at && (w === '--git-dir' || w.startsWith('--git-dir='))) {
      const dir = w === '--git-dir' ? args[++i] : { ...args[i]!, text: w.slice('--git-dir='.length) };
      if (dir === undefined || !dir.literal || !/\.git\/*$/i.test(dir.text)) found.push(unverifiable(`\`git --git-dir\` names a repository not called \`.git\` or \`NAME.git\`, whose config may run commands`));
      continue;
    }
    if (i < at && w.startsWith('-c')) {
      const word = w === '-c' ? args[++i] : { ...args[i]!, text: w.slice(2) };
      const setting = word?.text ?? '';
      const eq = setting.indexOf('=');
      const key = (eq < 0 ? setting : setting.slice(0, eq)).toLowerCase();
      // The editors and signing programs are commands of the line (git-programs.ts), the signing settings make git start them.
      if (word !== undefined && (GIT_PROGRAM_SETTINGS.test(key) || GIT_SIGNING_SETTINGS.test(key))) settings.set(key, eq < 0 ? undefined : { ...word, text: setting.slice(eq + 1) });
      else if (gitCommandKey.test(setting.split('=')[0]!)) found.push(unverifiable(`\`git -c ${setting.split('=')[0]}\` can run a command`));
      // A setting's value may be a URL git connects to (`branch.main.remote=ext::sh -c …`).
      else if (/ext::/i.test(setting)) found.push(unverifiable('a git `ext::` URL runs a command'));
      continue;
    }
    const commandOption = abbreviatedName(w, GIT_COMMAND_OPTIONS);
    if (commandOption !== undefined) {
      found.push(unverifiable(`\`git ${commandOption}\` runs a program it names`));
      continue;
    }
    // `git grep -Oid x` / `--open-files-in-pager=CMD` runs CMD through the shell on the files found.
    if (subcommand === 'grep' && i > at && (opensFilesInPager(w) || clusterLetter(w, 'O', 'ABCefm') > 0)) {
      found.push(unverifiable('`git grep -O` runs the pager it names on the files found'));
      continue;
    }
    // `git clone -c KEY=VALUE` sets it in the new repository before fetching (`-qc` too).
    const c = subcommand === 'clone' && i > at ? clusterLetter(w, 'c', 'obuj') : -1;
    if (c > 0) {
      const setting = c < w.length - 1 ? w.slice(c + 1) : args[++i]?.text ?? '';
      if (gitCommandKey.test(setting.split('=')[0]!)) found.push(unverifiable(`\`git clone -c ${setting.split('=')[0]}\` can run a command`));
      else if (/ext::/i.test(setting)) found.push(unverifiable('a git `ext::` URL runs a command'));
      continue;
    }
    if (i > at && (w === '-u' || /^-u./.test(w) || clusterLetter(w, 'u', 'obcjo') > 0) && gitUploadPackCommands.has(subcommand ?? '')) {
      found.push(unverifiable(`\`git ${subcommand} -u\` runs a program it names`));
      continue;
    }
    // Anywhere in a word: a URL option's value (`--upload-pack`'s aside), a `-c` setting's
    // (`-c branch.main.remote=ext::sh -c …`), a refspec or a remote given whole.
    if (/ext::/i.test(w)) {
      found.push(unverifiable('a git `ext::` URL runs a command'));
      continue;
    }
    if (i === at) {
      if (gitRunsCommandsOf(w)) found.push(unverifiable(`\`git ${w}\` runs commands given to it`));
      if (w === 'config') found.push(...gitConfigHidden(args.slice(at + 1)));
      continue;
    }
    if (i < at || subcommand !== 'rebase') continue;
    // `--exec CMD`, `--exec=CMD`, `-x CMD`, and in a cluster `-xCMD`, `-ix CMD` (-s and -X take values of their own).
    const x = w.startsWith('--') ? -1 : clusterLetter(w, 'x', 'sX');
    const exec = abbreviatedName(w, ['--exec']) !== undefined;
    if (exec || x > 0) {
      const eq = w.indexOf('=');
      const attached = exec ? (eq < 0 ? '' : w.slice(eq + 1)) : w.slice(x + 1);
      const value = attached !== '' ? { ...args[i]!, text: attached } : args[i + 1];
      found.push(value === undefined ? unverifiable('`git rebase --exec` without a command') : valueOf('git rebase', value));
    }
  }
  found.push(...gitStartedPrograms(args, at, settings, environment));
  return found;
}

/** `--open-files-in-pager` or a prefix of it (git takes any unambiguous one; an ambiguous one is read as it too, the safe side). */
function opensFilesInPager(word: string): boolean {
  return abbreviatedName(word, ['--open-files-in-pager']) !== undefined;
}
