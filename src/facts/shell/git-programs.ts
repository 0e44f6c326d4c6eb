// The programs git starts of itself (red team 44): gpg (or what `gpg.program`, `gpg.format`
// choose) to sign a commit, tag or push, or to check a signature; and the editor for a
// message, a tag, a rebase's todo list. Each is a command of the line, held to the shell rules
// as any other: `editor` stands for whichever editor git finds (GIT_EDITOR, core.editor,
// VISUAL, EDITOR, vi), `gpg` for the signing program; a `-c core.editor=CMD` or
// `-c gpg.program=PROG` given on the line is that command instead.
import { longName } from '../options.js';
import { unverifiable, valueOf, type Hidden } from './script-text.js';
import type { WordValue } from './words.js';

/** How a subcommand spells its options: short letters taking a value (the next word when alone), taking only an attached one, long names. */
interface GitOptionGrammar {
  valued: string;
  optional: string;
  long: readonly string[];
  valuedLong: readonly string[];
}

/** The options a subcommand is given: the letters of its clusters and its long names (spelled out), each with the value given if any. */
interface GivenOptions {
  letters: Map<string, string | undefined>;
  long: Map<string, string | undefined>;
}

const SIGN_LONG = ['--gpg-sign', '--no-gpg-sign'];
const COMMIT: GitOptionGrammar = {
  valued: 'mFCct', optional: 'uS',
  valuedLong: ['--message', '--file', '--reuse-message', '--reedit-message', '--fixup', '--squash', '--author', '--date', '--template', '--cleanup', '--trailer', '--pathspec-from-file'],
  long: ['--all', '--patch', '--interactive', '--signoff', '--no-signoff', '--no-verify', '--verify', '--allow-empty', '--allow-empty-message', '--amend', '--edit', '--no-edit', '--include', '--only',
    '--dry-run', '--short', '--branch', '--porcelain', '--long', '--null', '--status', '--no-status', '--reset-author', '--quiet', '--verbose', '--untracked-files', '--pathspec-file-nul', '--no-post-rewrite', ...SIGN_LONG],
};
const MERGE: GitOptionGrammar = {
  valued: 'mFsX', optional: 'S',
  valuedLong: ['--message', '--file', '--strategy', '--strategy-option', '--cleanup', '--into-name'],
  long: ['--edit', '--no-edit', '--continue', '--abort', '--quit', '--commit', '--no-commit', '--ff', '--no-ff', '--ff-only', '--squash', '--no-squash', '--signoff', '--no-signoff', '--verify-signatures',
    '--no-verify-signatures', '--stat', '--no-stat', '--summary', '--no-summary', '--progress', '--no-progress', '--autostash', '--no-autostash', '--allow-unrelated-histories', '--rerere-autoupdate',
    '--no-rerere-autoupdate', '--verify', '--no-verify', '--quiet', '--verbose', '--log', '--no-log', '--compact-summary', ...SIGN_LONG],
};
const REBASE: GitOptionGrammar = {
  valued: 'sXx', optional: 'CS',
  valuedLong: ['--onto', '--strategy', '--strategy-option', '--exec', '--whitespace', '--empty', '--rebase-merges'],
  long: ['--interactive', '--edit-todo', '--continue', '--abort', '--skip', '--quit', '--root', '--autosquash', '--no-autosquash', '--autostash', '--no-autostash', '--keep-base', '--merge', '--apply',
    '--show-current-patch', '--no-ff', '--force-rebase', '--signoff', '--update-refs', '--no-update-refs', '--keep-empty', '--no-keep-empty', '--reapply-cherry-picks', '--no-reapply-cherry-picks',
    '--allow-empty-message', '--committer-date-is-author-date', '--ignore-date', '--reset-author-date', '--ignore-whitespace', '--fork-point', '--no-fork-point', '--reschedule-failed-exec',
    '--no-reschedule-failed-exec', '--stat', '--no-stat', '--verify', '--no-verify', '--quiet', '--verbose', ...SIGN_LONG],
};
const PICK: GitOptionGrammar = {
  valued: 'mX', optional: 'S',
  valuedLong: ['--mainline', '--strategy', '--strategy-option', '--cleanup', '--empty'],
  long: ['--edit', '--no-edit', '--continue', '--abort', '--quit', '--skip', '--no-commit', '--signoff', '--ff', '--allow-empty', '--allow-empty-message', '--keep-redundant-commits',
    '--rerere-autoupdate', '--no-rerere-autoupdate', '--reference', ...SIGN_LONG],
};
const PULL: GitOptionGrammar = {
  valued: 'sXoj', optional: 'rS',
  valuedLong: ['--strategy', '--strategy-option', '--server-option', '--depth', '--deepen', '--shallow-since', '--shallow-exclude', '--upload-pack', '--jobs', '--negotiation-tip', '--cleanup', '--recurse-submodules'],
  long: ['--rebase', '--no-rebase', '--edit', '--no-edit', '--commit', '--no-commit', '--ff', '--no-ff', '--ff-only', '--squash', '--no-squash', '--verify-signatures', '--no-verify-signatures',
    '--autostash', '--no-autostash', '--all', '--append', '--force', '--prune', '--tags', '--no-tags', '--unshallow', '--update-shallow', '--quiet', '--verbose', '--progress', '--signoff', '--stat', ...SIGN_LONG],
};
const AM: GitOptionGrammar = {
  valued: '', optional: 'pCS',
  valuedLong: ['--whitespace', '--directory', '--exclude', '--include', '--patch-format', '--resolvemsg', '--empty', '--quoted-cr'],
  long: ['--interactive', '--continue', '--resolved', '--skip', '--abort', '--quit', '--show-current-patch', '--signoff', '--keep', '--keep-cr', '--scissors', '--3way', '--quiet', ...SIGN_LONG],
};
const TAG: GitOptionGrammar = {
  valued: 'mFu', optional: 'n',
  valuedLong: ['--message', '--file', '--local-user', '--cleanup', '--sort', '--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--format', '--trailer'],
  long: ['--annotate', '--sign', '--no-sign', '--edit', '--no-edit', '--list', '--delete', '--verify', '--force', '--create-reflog', '--ignore-case', '--omit-empty', '--color', '--column', '--no-column'],
};
const PUSH_LONG = ['--signed', '--no-signed'];
const NOTES: GitOptionGrammar = {
  valued: 'mFCc', optional: '',
  valuedLong: ['--message', '--file', '--reuse-message', '--reedit-message'],
  long: ['--edit', '--no-edit', '--allow-empty', '--force', '--separator', '--no-separator', '--stripspace', '--no-stripspace'],
};
const COMMIT_TREE: GitOptionGrammar = { valued: 'pmF', optional: 'S', valuedLong: [], long: SIGN_LONG };

/** The options given among `words` (a subcommand's words after it), up to a `--` (GivenOptions). */
function givenOptions(words: readonly string[], grammar: GitOptionGrammar): GivenOptions {
  const letters = new Map<string, string | undefined>();
  const long = new Map<string, string | undefined>();
  const known = [...grammar.long, ...grammar.valuedLong];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') break;
    if (w.startsWith('--')) {
      const name = longName(w, known);
      const eq = w.indexOf('=');
      const value = eq >= 0 ? w.slice(eq + 1) : grammar.valuedLong.includes(name) ? words[++i] : undefined;
      long.set(name, value);
      continue;
    }
    if (!w.startsWith('-') || w === '-') continue;
    for (let k = 1; k < w.length; k++) {
      const c = w[k]!;
      if (grammar.valued.includes(c)) {
        letters.set(c, k + 1 < w.length ? w.slice(k + 1) : words[++i]);
        break;
      }
      if (grammar.optional.includes(c)) {
        letters.set(c, k + 1 < w.length ? w.slice(k + 1) : undefined);
        break;
      }
      letters.set(c, undefined);
    }
  }
  return { letters, long };
}

/** Whether any of the given letters or long names is among those given. */
function has(given: GivenOptions, letters: string, long: readonly string[] = []): boolean {
  return [...letters].some((c) => given.letters.has(c)) || long.some((name) => given.long.has(name));
}

/** Whether a subcommand signs by its options: `-S[KEY]`, `--gpg-sign[=KEY]`. */
function signsBy(given: GivenOptions): boolean {
  return has(given, 'S', ['--gpg-sign']);
}

/** A boolean git setting given on the line (`-c k`, `-c k=yes`) as true; `false`, `no`, `off`, `0` and empty as false. */
function settingTrue(value: string | undefined): boolean {
  return value === undefined || !/^(?:false|no|off|0|)$/i.test(value);
}

// Whether a subcommand starts gpg to check a signature: shown (`--show-signature`), formatted
// (`%G?`, `%GS`, …: a placeholder may carry a `+`, `-` or space between `%` and its letters),
// verified (`verify-commit`, `verify-tag`, `tag -v`, `--verify-signatures`).
const GIT_RUNS_GPG = /^(?:--show-sig|--verify-signatures$|--(?:pretty|format)=.*%[-+ ]?G|verify-commit$|verify-tag$)/;

/** What git with these words (after `git`) signs or verifies with, and whether it runs the editor or the sequence editor. */
function gitStarts(words: readonly string[], at: number, settings: ReadonlyMap<string, string | undefined>): { gpg: boolean; editor: boolean; sequence: boolean } {
  const sub = words[at];
  const rest = words.slice(at + 1);
  const configSigns = ['commit.gpgsign', 'tag.gpgsign', 'tag.forcesignannotated', 'push.gpgsign'].some((k) => settings.has(k) && settingTrue(settings.get(k)));
  let gpg = configSigns || words.some((w) => GIT_RUNS_GPG.test(w));
  let editor = false;
  let sequence = false;
  switch (sub) {
    case 'commit': {
      const given = givenOptions(rest, COMMIT);
      gpg ||= signsBy(given);
      const fixup = given.long.get('--fixup');
      const dryRun = has(given, '', ['--dry-run', '--short', '--porcelain', '--long']);
      const message = has(given, 'mFC', ['--message', '--file', '--reuse-message', '--no-edit']) || (given.long.has('--fixup') && !/^(?:amend|reword):/.test(fixup ?? ''));
      editor = has(given, 'ec', ['--edit', '--reedit-message']) || (!message && !dryRun);
      break;
    }
    case 'merge': {
      const given = givenOptions(rest, MERGE);
      gpg ||= signsBy(given);
      // `--continue` commits the merge with its message in the editor.
      editor = has(given, 'e', ['--edit', '--continue']);
      break;
    }
    case 'rebase': {
      const given = givenOptions(rest, REBASE);
      gpg ||= signsBy(given);
      sequence = has(given, 'i', ['--interactive', '--edit-todo']);
      // A todo list's `reword`, `squash` and a conflict's `--continue` edit a message.
      editor = sequence || has(given, '', ['--continue']);
      break;
    }
    case 'cherry-pick':
    case 'revert': {
      const given = givenOptions(rest, PICK);
      gpg ||= signsBy(given);
      editor = has(given, 'e', ['--edit', '--continue']);
      break;
    }
    case 'pull': {
      const given = givenOptions(rest, PULL);
      gpg ||= signsBy(given);
      const rebase = given.long.has('--rebase') ? given.long.get('--rebase') : given.letters.has('r') ? given.letters.get('r') : undefined;
      sequence = rebase !== undefined && /^i/.test(rebase);
      editor = sequence || has(given, 'e', ['--edit']);
      break;
    }
    case 'am':
      gpg ||= signsBy(givenOptions(rest, AM));
      break;
    case 'commit-tree':
      gpg ||= signsBy(givenOptions(rest, COMMIT_TREE));
      break;
    case 'tag': {
      const given = givenOptions(rest, TAG);
      gpg ||= has(given, 'v', ['--verify']);
      if (has(given, 'ldv', ['--list', '--delete', '--verify'])) break;
      const signs = has(given, 'su', ['--sign', '--local-user']) || configSigns;
      gpg ||= signs;
      const annotated = signs || has(given, 'a', ['--annotate']);
      editor = has(given, 'e', ['--edit']) || (annotated && !has(given, 'mF', ['--message', '--file']));
      break;
    }
    case 'push':
      gpg ||= rest.some((w) => w.startsWith('--') && longName(w, PUSH_LONG) === '--signed' && settingTrue(w.includes('=') ? w.slice(w.indexOf('=') + 1) : undefined));
      break;
    case 'notes': {
      // `git notes [--ref R] add|append|edit …`
      let i = 0;
      while (i < rest.length && rest[i]!.startsWith('-')) i += rest[i] === '--ref' ? 2 : 1;
      const action = rest[i];
      const given = givenOptions(rest.slice(i + 1), NOTES);
      editor = action === 'edit' || ((action === 'add' || action === 'append') && (has(given, 'ec', ['--edit', '--reedit-message']) || !has(given, 'mFC', ['--message', '--file', '--reuse-message'])));
      break;
    }
    case 'branch':
      editor = rest.some((w) => w.length >= 4 && w.startsWith('--') && '--edit-description'.startsWith(w));
      break;
    case 'add':
    case 'replace':
      // `add -e`, `replace --edit` (and in add's clusters of flags: `-ve`).
      editor = rest.some((w) => (w.length >= 3 && w.startsWith('--') && '--edit'.startsWith(w)) || (sub === 'add' ? /^-[A-Za-z]*e/.test(w) : w === '-e'));
      break;
    default:
      break;
  }
  return { gpg, editor, sequence };
}

// The settings naming the program that signs in each format (`gpg.format`), and its default.
const SIGNING_PROGRAMS: ReadonlyMap<string, { key: string; program: string }> = new Map([
  ['openpgp', { key: 'gpg.program', program: 'gpg' }],
  ['x509', { key: 'gpg.x509.program', program: 'gpgsm' }],
  ['ssh', { key: 'gpg.ssh.program', program: 'ssh-keygen' }],
]);
// A program git starts itself (no shell): one plain word, read as a command alone.
const PLAIN_PROGRAM = /^[A-Za-z0-9_./+@%-]+$/;
// An editor git starts, given by the environment set for it: `true` and `:` only succeed.
const NO_EDITOR = /^(?:true|:)$/;

/**
 * The settings among git's own `-c KEY=VALUE` that choose a program it starts (editors,
 * signing programs and format) and the signing settings, by key in lower case; the value
 * undefined for `-c KEY` alone (true).
 */
export const GIT_PROGRAM_SETTINGS = /^(?:core\.editor|sequence\.editor|gpg\.program|gpg\.x509\.program|gpg\.ssh\.program|gpg\.format)$/;

/**
 * The programs git run with `words` (after `git`; `at`: the subcommand's index) starts of
 * itself (the header): `settings` are its `-c` settings (GIT_PROGRAM_SETTINGS and others, keys
 * in lower case, values as words), `environment` the `NAME=value` words set for it.
 */
export function gitStartedPrograms(words: readonly WordValue[], at: number, settings: ReadonlyMap<string, WordValue | undefined>, environment: readonly string[]): Hidden[] {
  const texts = new Map([...settings].map(([k, v]) => [k, v?.text]));
  const started = gitStarts(words.map((w) => w.text), at, texts);
  const found: Hidden[] = [];
  // A setting that names a program is judged as a command whether or not this subcommand starts it.
  for (const key of ['core.editor', 'sequence.editor']) {
    if (!settings.has(key)) continue;
    const value = settings.get(key);
    found.push(value === undefined ? unverifiable(`\`git -c ${key}\` without a value`) : valueOf(`git -c ${key}`, value));
  }
  for (const { key } of SIGNING_PROGRAMS.values()) {
    if (!settings.has(key)) continue;
    const value = settings.get(key);
    if (value === undefined || !value.literal || !PLAIN_PROGRAM.test(value.text)) found.push(unverifiable(`\`git -c ${key}\` names a program that cannot be read as one word: \`${value?.text ?? ''}\``));
    else found.push({ kind: 'string', text: value.text });
  }
  const format = settings.has('gpg.format') ? settings.get('gpg.format') : undefined;
  const signing = format === undefined ? SIGNING_PROGRAMS.get('openpgp')! : format.literal ? SIGNING_PROGRAMS.get(format.text.toLowerCase()) : undefined;
  if (settings.has('gpg.format') && signing === undefined) found.push(unverifiable(`\`git -c gpg.format\` is not one git knows: \`${format?.text ?? ''}\``));
  if (started.gpg && signing !== undefined && !settings.has(signing.key)) found.push({ kind: 'string', text: signing.program });
  const set = (name: string): string | undefined => {
    const word = [...environment].reverse().find((w) => w.startsWith(`${name}=`));
    return word?.slice(name.length + 1);
  };
  const gitEditor = set('GIT_EDITOR');
  const editorGiven = settings.has('core.editor') || (gitEditor !== undefined && NO_EDITOR.test(gitEditor));
  if (started.editor && !editorGiven) found.push({ kind: 'string', text: 'editor' });
  const sequenceEditor = set('GIT_SEQUENCE_EDITOR');
  const sequenceGiven = settings.has('sequence.editor') || (sequenceEditor !== undefined && NO_EDITOR.test(sequenceEditor)) || (sequenceEditor === undefined && editorGiven);
  if (started.sequence && !sequenceGiven && !found.some((h) => h.kind === 'string' && h.text === 'editor')) found.push({ kind: 'string', text: 'editor' });
  return found;
}
