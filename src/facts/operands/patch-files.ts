// The patch files a command applies, read from disk when the call is checked (engine/frame.ts
// addPatchFile): `git apply FILE…`, `git am FILE…`, `patch -i FILE`, `patch ORIG PATCHFILE`,
// and a patch program's input redirected from a file (`patch -p1 < fix.patch`). A patch given
// literally on the line is read where the line is parsed (shell/stdin.ts).
import type { SimpleCommand } from '../../types.js';
import { gitSubcommandAt } from './git.js';
import { optionValues } from '../options.js';
import { GRAMMARS, longNamesOf, valuedLongOf } from '../grammars.js';
import { operandsBy } from './by-grammar.js';

export interface PatchFile {
  /** The patch file, as written. */
  file: string;
  /** Its names may be stripped by another count than one (`a/`, `b/`): every tail of each name is a file it may write. */
  anyTail: boolean;
  /** Its names are relative to the repository's top (git apply, git am): every directory from the shell's up to the workspace root counts. */
  fromTop: boolean;
  /** A directory its names are placed under (`patch -d DIR`, `git apply --directory=DIR`), as written. */
  under?: string;
  /** Where the command runs, relative to the shell's directory (`''`: there; command-line-paths.ts sets it). */
  dir?: string;
  /**
   * GNU patch's backup and reject files beside each file it writes: NAME.orig and NAME.rej
   * always (it backs up a file whose hunks do not match), and the names its `-B`/`--prefix`,
   * `-Y`/`--basename-prefix` and `-z`/`--suffix` make (`-z pem` backs `k.` up as `k.pem`,
   * `-B secret` backs `s/x` up as `secrets/x`: red team gprt).
   */
  backups?: { prefixes: string[]; basenamePrefixes: string[]; suffixes: string[] };
}

const NONE: readonly PatchFile[] = Object.freeze([]);
// GNU patch's grammar (grammars.ts): which options take a value, and its operands.
const PATCH = GRAMMARS.get('patch')!;

/** The values GNU patch's option `-LETTER`/`LONG` is given among `args` (its words after `patch`). */
function patchOptionValues(args: readonly string[], letter: string, long: string): string[] {
  return optionValues(args, { letters: letter, long: [long] }, PATCH.valued, 0, longNamesOf(PATCH), valuedLongOf(PATCH));
}

/** The patch files `cmd` applies. */
export function patchFilesOf(cmd: SimpleCommand): readonly PatchFile[] {
  const { words } = cmd;
  // What the command reads from its input: a redirect that is not written.
  const input = cmd.redirects.filter((r) => !(cmd.writtenRedirects ?? []).includes(r));
  if (words[0] === 'git') {
    const at = gitSubcommandAt(words);
    const sub = words[at];
    if (sub !== 'apply' && sub !== 'am') return NONE;
    const args = words.slice(at + 1);
    const end = args.indexOf('--');
    const options = end < 0 ? args : args.slice(0, end);
    const files = [...options.filter((w) => !w.startsWith('-')), ...(end < 0 ? [] : args.slice(end + 1))].filter((w) => w !== '-');
    const anyTail = options.some((w) => /^-[A-Za-z0-9]*p/.test(w) && !w.startsWith('--'));
    const under = optionValues(args, { letters: '', long: ['--directory'] }, '', 0, ['--directory'], ['--directory']).at(-1);
    return [...files, ...input].map((file) => ({ file, anyTail, fromTop: true, ...(under !== undefined ? { under } : {}) }));
  }
  if (words[0] === 'patch') {
    const args = words.slice(1);
    const given = patchOptionValues(args, 'i', '--input');
    const under = patchOptionValues(args, 'd', '--directory').at(-1);
    const operands = operandsBy(words, 0, PATCH).operands;
    // `patch [ORIGFILE [PATCHFILE]]`: the second operand is the patch.
    const files = [...given, ...(operands.length >= 2 ? [operands[1]!] : []), ...(given.length === 0 && operands.length < 2 ? input : [])];
    const backups = gnuPatchBackups(args);
    return files.filter((f) => f !== '-').map((file) => ({ file, anyTail: true, fromTop: false, backups, ...(under !== undefined ? { under } : {}) }));
  }
  return NONE;
}

/** The backup and reject names GNU patch given `args` (its words after `patch`) writes beside each file (PatchFile.backups). */
export function gnuPatchBackups(args: readonly string[]): NonNullable<PatchFile['backups']> {
  return { prefixes: patchOptionValues(args, 'B', '--prefix'), basenamePrefixes: patchOptionValues(args, 'Y', '--basename-prefix'), suffixes: ['.orig', '.rej', ...patchOptionValues(args, 'z', '--suffix')] };
}

/** `names` with the backup and reject files GNU patch writes beside each added. */
export function withBackups(names: Set<string>, backups: NonNullable<PatchFile['backups']>): Set<string> {
  const { prefixes, basenamePrefixes, suffixes } = backups;
  for (const name of [...names]) {
    const slash = name.lastIndexOf('/');
    for (const prefix of prefixes) names.add(prefix + name);
    for (const prefix of basenamePrefixes) names.add(name.slice(0, slash + 1) + prefix + name.slice(slash + 1));
    for (const suffix of suffixes) names.add(name + suffix);
  }
  return names;
}
