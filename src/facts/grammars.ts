// The per-program grammars: which words of a command are files, read or written, by the
// program's own grammar (`rm x`, `cp a b`, `tar -xf a.tar -C dir`). The tables are data;
// operands/by-grammar.ts reads a command's words with them (file-operands.ts chooses the reader).
import { hasOption, lastOptionValue, longName, optionValuePlaces, optionValues, type OptionSpelling } from './options.js';
import { braceAlternatives, fileUrlPaths, percentDecodedBytes } from './extract-paths.js';
import { hasShellWildcard } from './path-glob.js';

/** How one program reads its arguments (GNU coreutils, grep and sed conventions). */
export interface OperandGrammar {
  /** Short options that take the next word (or the rest of their cluster) as a value. */
  valued: string;
  /** Of those, the ones whose value is a file (`cp -t DIR`, `touch -r REF`, `grep -f FILE`). */
  fileValued?: string;
  /** Long options that take the next word as a value when written without `=`. */
  valuedLong?: readonly string[];
  /** Long options that take the next two words, a name and a value (`jq --arg name value`)... */
  pairLong?: readonly string[];
  /** ...and those whose second word is a file (`jq --rawfile name FILE`). */
  pairFileLong?: readonly string[];
  /** Options after which operands are arguments, not files (`jq --args`). */
  argumentsAfter?: readonly string[];
  /** Long options whose value is a file, with `=` or as the next word (`--target-directory`). */
  fileLong?: readonly string[];
  /**
   * Long options that never take the next word: flags, or options whose value is optional and
   * only given with `=` (`ls --color[=WHEN]`, `diff --unified[=N]`, `xz --files[=FILE]`: also
   * in fileLong). Named where they matter: what the code looks for (`tar --extract`), an
   * optional value, and an exact name that also begins a longer one (`rsync --partial`, not
   * `--partial-dir`), since an abbreviation is read by every long name the grammar holds (longNamesOf).
   */
  flagLong?: readonly string[];
  /** Short options whose value is optional: only the rest of their word, never the next word (`od -w16`, `gawk -dFILE`, `gawk -d`). */
  optionalValued?: string;
  /**
   * The program reads one option a word, by its first letter (no clusters: `xxd -ps` is `-p`):
   * a letter of `valued` takes the next word when alone (`-l 10`) or spelled on as one of these
   * (`xxd -len 10`), else the rest of its word (`-l10`).
   */
  wholeWords?: readonly string[];
  /** Options of several letters written as a word of their own (zip's `-lf FILE`, `-li`): a flag, or one whose next word is a file it writes; not read as a cluster. */
  wordOptions?: Readonly<Record<string, 'flag' | 'file'>>;
  /** Leading operands that are not files (grep's pattern, chmod's mode)... */
  lead?: number;
  /** ...unless one of these options gave it (`grep -e PATTERN FILE`) or made it none (`rg --files`). */
  leadGivenBy?: readonly string[];
  /** Only the first file operand is a file (`source FILE ARGS...`). */
  firstOnly?: boolean;
  /** With a `--`, the operands before it name commits, not files (`git checkout HEAD -- a`). */
  commitsBeforeDashes?: boolean;
  /** Operands written KEY=FILE with one of these keys are files (`dd of=x`); no other operand is. */
  keyed?: readonly string[];
  /**
   * What the program writes of the files it is given; the rest it only reads. Absent: it may
   * write every one. `operands` picks the file operands written (`cp a b` writes `b`), and
   * the letters, long names and keys name the option values it only reads (`patch -i P`,
   * `touch -r REF`, `dd if=X`).
   */
  writes?: { operands?: (files: readonly string[], words: readonly string[], operands: readonly string[]) => readonly string[]; readValued?: string; readLong?: readonly string[]; readKeys?: readonly string[] };
  /**
   * An interpreter: its options end at the first operand, the script it reads (the words
   * after it are the script's own); no script when an option gave the code instead
   * (`python -c`, `node -e`): a letter of `codeLetters` or a name in `codeLong`.
   */
  script?: { codeLetters: string; codeLong?: readonly string[] };
  /** Operands that begin with `+` are commands, not files (`vim +10 f`). */
  plusCommands?: boolean;
  /** Operands written NAME=value are assignments, not files (awk's `x=1`). */
  assignments?: boolean;
  /**
   * Of the options that take a value, those whose value may name a file in a way the table
   * does not model (a module, a library directory, a backup suffix): it is read as any other
   * word is, by its look (`node -r ./hook.js`, `cp -S /../x`), neither a file nor plain.
   */
  opaque?: string;
  opaqueLong?: readonly string[];
  /** Its operands are never files (curl's and wget's URLs; a `file:` URL is a path all the same). */
  noOperandFiles?: boolean;
  /**
   * Its operands are URLs, a scheme or none (`localhost:3000/api`, `example.com/a.txt`): text,
   * not paths, whatever they look like, except a `file:` URL (curl, wget).
   */
  urlOperands?: boolean;
  /** Its operands are no paths at all, whatever they look like (tr's character sets: `'\n'`, `'a-z/'`). */
  plainOperands?: boolean;
  /** An operand naming another host (`host:path`, `user@host:path`, `rsync://…`) is no file here (scp, rsync). */
  remoteOperands?: boolean;
  /**
   * A program that writes files it names itself (after a URL, or from a patch or an archive)
   * into the working directory, or its `directory` option's: that directory counts as
   * written. Only when `when` is given (`curl -O`); not when `unless` is (`wget -O f`,
   * `unzip -l`) and `despite` is not (`git apply --check --apply`); not when operands name
   * the files (`unlessOperand`: `patch a.c`, `git clean -f src`); only with an operand
   * (`withOperand`: `git switch main`); not when the first operand is one that only reads
   * (`readOnlyFirst`: `git stash list`). With `anywhere` (`unzip -:`), names that climb out
   * with `../` or start at `/` are written as they are: then it may write anywhere (`/`).
   * `wholeTree`: what it writes is git's whole work tree, from its top, wherever it runs
   * (`git reset --hard` in a subdirectory); `whenRevision`: only when its one operand before
   * any `--`, with none after, may name a commit (`git checkout main`, not `git checkout ./a`).
   * `firstIn`: only when its first operand is one of these (`ruff format`, `ruff check`).
   * `anywhereUnless`: names starting at `/` are written as they are unless this option is
   * given (`cpio -i`, but with `--no-absolute-filenames`): then it may write anywhere.
   */
  writesInto?: {
    when?: OptionSpelling; unless?: OptionSpelling; despite?: OptionSpelling; unlessOperand?: boolean; withOperand?: boolean; readOnlyFirst?: readonly string[]; directory?: OptionSpelling;
    anywhere?: OptionSpelling; anywhereUnless?: OptionSpelling; wholeTree?: boolean; whenRevision?: boolean; firstIn?: readonly string[];
  };
  /** Its file operands are git pathspecs: `:/a` and `:(top)a` name `a` at the work tree's top (pathspecTarget). */
  pathspecs?: boolean;
  /** With only excluding pathspecs (`:!x`) it acts on the rest of the whole tree, from the top (restore, checkout; not rm or clean). */
  excludesFromTop?: true;
  /** Files it writes beside its file operands, not beside option values (`gzip a` writes `a.gz`, `patch a.c` may leave `a.c.orig`); `operands`: all its operands. */
  outputs?: (files: readonly string[], words: readonly string[], operands: readonly string[]) => string[];
  /**
   * Files named inside option values by a syntax of their own, the rest of the value no file:
   * read (`curl -b FILE` when it holds no cookie `name=value`, `-H @FILE`) and written
   * (`curl -w '%output{FILE}'`). `operands`: all its operands (curl's URLs).
   */
  valueFiles?: (words: readonly string[], operands: readonly string[]) => { reads: string[]; writes: string[] };
  /** The option whose value is the directory it works in (`tar -C DIR`, `make -C DIR`, `patch -d DIR`). */
  directory?: OptionSpelling;
}

const PLAIN: OperandGrammar = { valued: '' };
/** tar's short options that take a value (old-style bundles take them from the next words). */
export const TAR_VALUED = 'fCTXbLNgVHKIF';
export const TAR: OperandGrammar = {
  valued: TAR_VALUED, fileValued: 'fTXg', opaque: 'CIF',
  valuedLong: ['--exclude', '--transform', '--xform', '--format', '--owner', '--group', '--mode', '--mtime', '--label', '--blocking-factor', '--newer', '--after-date', '--strip-components', '--directory', '--checkpoint-action'],
  fileLong: ['--file', '--files-from', '--exclude-from', '--listed-incremental'],
  // Named so their abbreviations are read (`--abs` is --absolute-names, `--remove` --remove-files: operands/archives.ts).
  flagLong: ['--extract', '--get', '--list', '--diff', '--compare', '--create', '--append', '--update', '--checkpoint', '--backup', '--occurrence', '--totals', '--atime-preserve', '--absolute-names', '--insecure', '--remove-files'],
  // --directory's value is where it extracts to, never a member (`tar -xf a.tar --directory docs`)
  opaqueLong: ['--directory'],
  directory: { letters: 'C', long: ['--directory'] },
};
/**
 * What a compressor writes beside each file: the file with its suffix added (compressing;
 * `-S`'s suffix when given) and the file with a known suffix taken off (decompressing;
 * `.tgz` gives `.tar`). Both count: which one a command does depends on its options, and
 * either way the file itself is replaced.
 */
function compressed(suffix: string, names: readonly (readonly [string, string])[], suffixOption?: OptionSpelling, valued = '') {
  return (files: readonly string[], words: readonly string[]): string[] => {
    const given = suffixOption === undefined ? undefined : lastOptionValue(words, suffixOption, valued);
    const endings = given === undefined || given === '' ? names : [...names, [given, ''] as const];
    const out: string[] = [];
    for (const file of files) {
      out.push(file + (given || suffix));
      for (const [ending, replacement] of endings) if (file.length > ending.length && file.endsWith(ending)) out.push(file.slice(0, -ending.length) + replacement);
    }
    return out;
  };
}
const optional = (value: string | undefined): string[] => (value === undefined ? [] : [value]);

/** The files `file -C` writes in the working directory: each magic file's name with `.mgc` (`-m src/m` writes `m.mgc`), else `magic.mgc`. */
export function compiledMagic(words: readonly string[]): string[] {
  if (!hasOption(words, { letters: 'C', long: ['--compile'] }, 'mfFeP')) return [];
  const magic = optionValues(words, { letters: 'm', long: ['--magic-file'] }, 'mfFeP').flatMap((v) => v.split(':'));
  return magic.length === 0 ? ['magic.mgc'] : magic.map((m) => `${m.replace(/\/+$/, '').replace(/^.*\//, '')}.mgc`);
}
const SUFFIX_OPTION: OptionSpelling = { letters: 'S', long: ['--suffix'] };
const GZIP: OperandGrammar = {
  valued: 'S', valuedLong: ['--suffix'],
  outputs: compressed('.gz', [['.gz', ''], ['-gz', ''], ['.z', ''], ['-z', ''], ['_z', ''], ['.Z', ''], ['.tgz', '.tar'], ['.taz', '.tar']], SUFFIX_OPTION, 'S'),
};
const BZIP2_NAMES = [['.bz2', ''], ['.bz', ''], ['.tbz2', '.tar'], ['.tbz', '.tar']] as const;
const ZSTD_NAMES = [['.zst', ''], ['.tzst', '.tar']] as const;
function xz(suffix: string): OperandGrammar {
  return {
    valued: 'SCFTM', valuedLong: ['--suffix', '--check', '--format', '--threads', '--memlimit'], fileLong: ['--files', '--files0'], flagLong: ['--files', '--files0'],
    outputs: compressed(suffix, [['.xz', ''], ['.txz', '.tar'], ['.lzma', ''], ['.tlz', '.tar']], SUFFIX_OPTION, 'SCFTM'),
  };
}
const GREP: OperandGrammar = { valued: 'efmABCdD', fileValued: 'f', lead: 1, leadGivenBy: ['-e', '-f', '--regexp', '--file'], valuedLong: ['--regexp', '--max-count', '--context', '--after-context', '--before-context', '--include', '--exclude', '--exclude-dir'], fileLong: ['--file', '--exclude-from'] };
const OWNER_OR_MODE: OperandGrammar = { valued: '', lead: 1, leadGivenBy: ['--reference'] };
export const TARGET_FIRST: OperandGrammar = {
  valued: 'St', fileValued: 't', valuedLong: ['--suffix'], fileLong: ['--target-directory'], opaque: 'S', opaqueLong: ['--suffix'],
  outputs: (files, words) => backupNames(files, words, 'St'),
};

/**
 * The backups `-S SUFFIX`/`--suffix` makes of the files a command writes (`cp -bSm a
 * server.pe` replaces `server.pem`): every named file with the suffix, the safe side. With
 * `-b` or `--backup` and no suffix given, the simple (`FILE~`) and numbered (`FILE.~N~`)
 * names (`cp -b x run; source run~` runs what the copy wrote: red team 44); the environment
 * that could change them (SIMPLE_BACKUP_SUFFIX, VERSION_CONTROL) is refused where set.
 */
function backupNames(files: readonly string[], words: readonly string[], valued: string, option: OptionSpelling = { letters: 'S', long: ['--suffix'] }): string[] {
  const named = files.map((file) => file.replace(/\/+$/, ''));
  const suffix = lastOptionValue(words, option, valued);
  if (suffix !== undefined) return backups(named, suffix);
  if (!hasOption(words, BACKUP_OPTION, valued) || backupControl(words) === 'none') return [];
  return named.flatMap((file) => [`${file}~`, `${file}.~*~`]);
}
const BACKUP_OPTION: OptionSpelling = { letters: 'b', long: ['--backup'] };

/** `none` when the last `--backup=CONTROL` (its value only ever joined by `=`, the name perhaps shortened) turns backups off. */
function backupControl(words: readonly string[]): 'none' | undefined {
  let control: string | undefined;
  for (const word of words) {
    if (word === '--') break;
    const eq = word.indexOf('=');
    if (eq >= 3 && word.startsWith('--') && '--backup'.startsWith(word.slice(0, eq))) control = word.slice(eq + 1);
  }
  return control === 'none' || control === 'off' ? 'none' : undefined;
}

/**
 * The backups an in-place edit (or a copy's `--backup`) writes: FILE + SUFFIX, or with a `*` in the suffix the
 * suffix with each `*` made the file's name, taken both from the working directory and from
 * the file's own (`-i'bak/*'`).
 */
export function backups(files: readonly string[], suffix: string): string[] {
  if (suffix === '') return [];
  if (!suffix.includes('*')) return files.map((file) => file + suffix);
  const out: string[] = [];
  for (const file of files) {
    const slash = file.lastIndexOf('/');
    const name = suffix.replace(/\*/g, file.slice(slash + 1));
    out.push(name);
    if (slash >= 0) out.push(file.slice(0, slash + 1) + name);
  }
  return out;
}

// Which of its file operands a program writes: none (it reads them), the first, the second, the last.
const READS_ALL = (): readonly string[] => [];
const WRITES_FIRST = (files: readonly string[]): readonly string[] => files.slice(0, 1);
/**
 * The second operand, counted as the program gets them: a first that may be several words
 * (`xxd lib/*` is `xxd lib/c lib/d`, which writes lib/d; a variable's text split at blanks, kept
 * whole beside its pieces: `x='a lib/d'; uniq $x`) makes every operand one that may be written.
 */
const WRITES_SECOND = (files: readonly string[]): readonly string[] => (files.length > 0 && maySplit(files[0]!) ? files : files.slice(1, 2));
/** Whether the shell may make several words of an operand: a wildcard it expands, or blanks (a variable's text). */
function maySplit(word: string): boolean {
  return hasShellWildcard(word) || /\s/.test(word);
}
/** The last operand, when it is a local file (scp's and rsync's destination may be another host's). */
const WRITES_LAST = (files: readonly string[], _words: readonly string[], operands: readonly string[]): readonly string[] => {
  const last = operands[operands.length - 1];
  return last !== undefined && files.includes(last) ? [last] : [];
};
export const TARGET_OPTION: OptionSpelling = { letters: 't', long: ['--target-directory'] };
/**
 * cp, install: the sources are read, the last operand written; with `-t DIR`, DIR is written
 * and every operand read. `writesAll`: options that write every operand (a hard or symbolic
 * link to the source is a second name to write it through, as for ln: `cp -l`, `cp -s`;
 * `install -d` makes every operand a directory).
 */
function copying(valued: string, writesAll: OptionSpelling): NonNullable<OperandGrammar['writes']> {
  return { operands: (files, words) => (hasOption(words, writesAll, valued) ? files : hasOption(words, TARGET_OPTION, valued) ? [] : files.slice(-1)) };
}
/** The operands written when `option` is given (`zip -m`, `rsync --remove-source-files` remove what they read), else `otherwise`'s. */
function allWhen(option: OptionSpelling, valued: string, otherwise: NonNullable<NonNullable<OperandGrammar['writes']>['operands']>): NonNullable<NonNullable<OperandGrammar['writes']>['operands']> {
  return (files, words, operands) => (hasOption(words, option, valued) ? files : otherwise(files, words, operands));
}

export const GRAMMARS: ReadonlyMap<string, OperandGrammar> = new Map<string, OperandGrammar>([
  // read
  ['cat', PLAIN], ['tac', PLAIN], ['wc', PLAIN], ['sha256sum', PLAIN], ['sha1sum', PLAIN], ['md5sum', PLAIN],
  ['readlink', PLAIN], ['realpath', PLAIN], ['strings', { valued: 'nte' }],
  ['head', { valued: 'nc', valuedLong: ['--lines', '--bytes'] }],
  ['tail', { valued: 'ncs', valuedLong: ['--lines', '--bytes', '--sleep-interval', '--pid', '--max-unchanged-stats'] }],
  ['nl', { valued: 'bdfhilnsvw' }], ['od', { valued: 'AjNSt', optionalValued: 'w', valuedLong: ['--address-radix', '--skip-bytes', '--read-bytes', '--format', '--endian'], flagLong: ['--strings', '--width'] }], ['hexdump', { valued: 'efns', fileValued: 'f' }],
  ['file', { valued: 'mfFeP', fileValued: 'mf', fileLong: ['--magic-file', '--files-from'], outputs: (_files, words) => compiledMagic(words) }], ['stat', { valued: 'c', valuedLong: ['--format', '--printf'] }],
  ['diff', { valued: 'UCxXIFLS', fileValued: 'X', valuedLong: ['--label', '--exclude', '--ignore-matching-lines', '--starting-file'], fileLong: ['--exclude-from', '--from-file', '--to-file'], flagLong: ['--unified', '--context', '--color'] }],
  ['cmp', { valued: 'in', valuedLong: ['--ignore-initial', '--bytes'] }],
  ['ls', { valued: 'ITw', valuedLong: ['--ignore', '--hide', '--tabsize', '--width', '--block-size', '--format', '--sort', '--time', '--time-style', '--quoting-style', '--indicator-style'], flagLong: ['--color', '--classify', '--hyperlink'] }],
  ['du', { valued: 'BdtX', fileValued: 'X', valuedLong: ['--block-size', '--max-depth', '--threshold', '--exclude', '--time-style'], fileLong: ['--exclude-from', '--files0-from'], flagLong: ['--time'] }],
  ['cut', { valued: 'bcdf', valuedLong: ['--bytes', '--characters', '--delimiter', '--fields', '--output-delimiter'] }],
  // shuf writes -o's file and reads its operand (or -e's words, read as files too: the safe side); date reads -f's and -r's (red team 33).
  ['shuf', { writes: { operands: READS_ALL, readLong: ['--random-source'] }, valued: 'ino', fileValued: 'o', valuedLong: ['--input-range', '--head-count'], fileLong: ['--output', '--random-source'] }],
  ['date', { writes: { operands: READS_ALL, readValued: 'fr', readLong: ['--file', '--reference'] }, valued: 'dfrs', fileValued: 'fr', optionalValued: 'I', noOperandFiles: true, valuedLong: ['--date', '--set'], fileLong: ['--file', '--reference'] }],
  ['sort', { writes: { operands: READS_ALL, readLong: ['--files0-from', '--random-source'] }, valued: 'ktSTo', fileValued: 'To', valuedLong: ['--key', '--field-separator', '--buffer-size', '--parallel', '--batch-size', '--sort', '--compress-program'], fileLong: ['--output', '--temporary-directory', '--files0-from', '--random-source'] }],
  // tr's operands are character sets (`tr -d '\r'`, `tr ':' '\n'`): it reads only its standard input.
  ['tr', { valued: '', plainOperands: true }],
  ['uniq', { writes: { operands: WRITES_SECOND }, valued: 'fsw', valuedLong: ['--skip-fields', '--skip-chars', '--check-chars'], flagLong: ['--group', '--all-repeated'] }],
  ['grep', GREP], ['egrep', GREP], ['fgrep', GREP],
  // (`rg --files` takes no pattern: every operand is a path)
  ['rg', { ...GREP, leadGivenBy: [...GREP.leadGivenBy!, '--files', '--type-list'], valued: 'efgtTmABCjMErd', valuedLong: [...GREP.valuedLong!, '--glob', '--type', '--type-not', '--threads', '--max-columns', '--encoding', '--replace', '--max-depth', '--type-add', '--pre', '--pre-glob', '--hostname-bin', '--color', '--colors', '--sort', '--sortr', '--max-filesize', '--iglob', '--context-separator', '--field-match-separator', '--path-separator', '--dfa-size-limit', '--regex-size-limit', '--engine', '--type-clear', '--field-context-separator', '--hyperlink-format', '--generate'], opaqueLong: ['--pre', '--hostname-bin'], fileLong: [...GREP.fileLong!, '--ignore-file'] }],
  ['source', { valued: '', firstOnly: true, writes: { operands: READS_ALL } }], ['.', { valued: '', firstOnly: true, writes: { operands: READS_ALL } }],
  // write
  ['rm', PLAIN], ['rmdir', PLAIN], ['unlink', PLAIN], ['tee', PLAIN],
  // POSIX link makes a hard link, as `ln` does (both named files written); mkfifo and mknod make the names they are given
  ['link', PLAIN], ['mkfifo', { valued: 'm', valuedLong: ['--mode'], flagLong: ['--context'] }], ['mknod', { valued: 'm', valuedLong: ['--mode'], flagLong: ['--context'], firstOnly: true }],
  ['touch', { writes: { readValued: 'r', readLong: ['--reference'] }, valued: 'dtr', fileValued: 'r', valuedLong: ['--date', '--time'], fileLong: ['--reference'] }],
  ['mkdir', { valued: 'm', valuedLong: ['--mode'], flagLong: ['--context'] }],
  // mv removes what it moves, and a hard link is a second name to write the same file
  // through (`ln package.json src/p` then writing src/p): their operands are all written
  ['cp', { ...TARGET_FIRST, writes: copying(TARGET_FIRST.valued, { letters: 'ls', long: ['--link', '--symbolic-link'] }) }], ['mv', TARGET_FIRST], ['ln', TARGET_FIRST],
  ['install', { writes: copying('gmoSt', { letters: 'd', long: ['--directory'] }), valued: 'gmoSt', fileValued: 't', valuedLong: ['--group', '--mode', '--owner', '--suffix'], fileLong: ['--target-directory'], opaque: 'S', opaqueLong: ['--suffix'], outputs: (files, words) => backupNames(files, words, 'gmoSt') }],
  ['truncate', { writes: { readValued: 'r', readLong: ['--reference'] }, valued: 'sr', fileValued: 'r', valuedLong: ['--size'], fileLong: ['--reference'] }],
  ['shred', { valued: 'ns', valuedLong: ['--iterations', '--size'], fileLong: ['--random-source'] }],
  ['chmod', OWNER_OR_MODE], ['chown', OWNER_OR_MODE], ['chgrp', OWNER_OR_MODE],
  // sed writes its files only in place (-i); its script's own files are read from the script
  ['sed', {
    valued: 'efl', fileValued: 'f', lead: 1, leadGivenBy: ['-e', '-f', '--expression', '--file'], valuedLong: ['--expression', '--line-length'], fileLong: ['--file'],
    writes: { operands: (files, words) => (inPlaceOption(words, 'efl') === undefined ? [] : files), readValued: 'f', readLong: ['--file'] },
  }],
  ['dd', { valued: '', keyed: ['if', 'of'], writes: { readKeys: ['if'] } }],
  // unzip: the archive (members after it are names in it), extracted into the working directory or -d's
  ['unzip', { writes: { operands: READS_ALL }, valued: 'dP', fileValued: 'd', firstOnly: true, writesInto: { unless: { letters: 'ltpvZz', long: [] }, directory: { letters: 'd', long: [] }, anywhere: { letters: ':', long: [] } } }],
  // tar: the archive, the files put in or named, the lists it reads (old-style `tar czf a.tgz d` too, see tarWords)
  ['tar', TAR],
  // cpio (GNU): -i extracts the archive's names, absolute ones as they are unless
  // --no-absolute-filenames (then into -D's directory or here), -t only lists; -p copies the
  // names it reads into its operand, the directory; -o writes -O's (or -F's) archive.
  // -i's operands are patterns (read as files: the safe side). Names read from standard input: stdinFileList.
  ['cpio', {
    valued: 'CDEFHIMORW', fileValued: 'EFIO', opaque: 'D',
    valuedLong: ['--block-size', '--format', '--io-size', '--message', '--owner', '--rsh-command', '--warning', '--directory'], fileLong: ['--file', '--pattern-file'], opaqueLong: ['--directory'],
    flagLong: ['--extract', '--create', '--pass-through', '--list', '--to-stdout', '--absolute-filenames', '--no-absolute-filenames', '--null', '--make-directories'],
    writes: { operands: allWhen({ letters: 'p', long: ['--pass-through'] }, 'CDEFHIMORW', READS_ALL), readValued: 'EFI', readLong: ['--pattern-file', '--file'] },
    // -F's archive is written by -o, read otherwise
    outputs: (_files, words) => (hasOption(words, { letters: 'o', long: ['--create'] }, 'CDEFHIMORW') ? optionValues(words, { letters: 'F', long: ['--file'] }, 'CDEFHIMORW') : []),
    writesInto: {
      when: { letters: 'i', long: ['--extract'] }, unless: { letters: 't', long: ['--list', '--to-stdout'] }, directory: { letters: 'D', long: ['--directory'] },
      anywhereUnless: { letters: '', long: ['--no-absolute-filenames'] },
    },
  }],
  // pax: -r extracts names as the archive holds them (absolute ones too, tested: anywhere);
  // -rw copies its operands into the last, a directory; -w writes -f's archive.
  ['pax', {
    valued: 'bfopsxBEGTU', fileValued: 'f', opaque: 's',
    writes: { operands: (files, words) => (hasOption(words, { letters: 'r', long: [] }, 'bfopsxBEGTU') && hasOption(words, { letters: 'w', long: [] }, 'bfopsxBEGTU') ? files.slice(-1) : []) },
    writesInto: { when: { letters: 'r', long: [] }, unless: { letters: 'w', long: [] }, anywhere: { letters: 'r', long: [] } },
  }],
  // compressors: each file, and the file they write beside it (compressed or decompressed)
  ...['gzip', 'gunzip', 'pigz', 'unpigz', 'uncompress'].map((name): [string, OperandGrammar] => [name, GZIP]),
  // gpg decrypts `X.gpg` (`.asc`, `.pgp`) into `X` when no -o names the output
  ['gpg', {
    // -a (armor), -k, -K (list keys) and -s (sign) take no value (red team 31); -f's recipient file is read as an operand.
    valued: 'oruRz', fileValued: 'o',
    valuedLong: ['--recipient', '--local-user', '--passphrase', '--pinentry-mode', '--default-key', '--trust-model', '--cipher-algo', '--digest-algo', '--compress-level', '--keyserver'],
    fileLong: ['--output', '--passphrase-file', '--homedir', '--keyring', '--secret-keyring', '--options'],
    outputs: (files) => files.filter((file) => /\.(?:gpg|asc|pgp)$/i.test(file)).map((file) => file.replace(/\.(?:gpg|asc|pgp)$/i, '')),
  }],
  ...['bzip2', 'bunzip2', 'pbzip2'].map((name): [string, OperandGrammar] => [name, { valued: '', outputs: compressed('.bz2', BZIP2_NAMES) }]),
  ...['xz', 'unxz'].map((name): [string, OperandGrammar] => [name, xz('.xz')]),
  ...['lzma', 'unlzma'].map((name): [string, OperandGrammar] => [name, xz('.lzma')]),
  ...['zstd', 'unzstd'].map((name): [string, OperandGrammar] => [name, {
    valued: 'oD', fileValued: 'oD', fileLong: ['--output-dir-flat', '--output-dir-mirror', '--filelist', '--patch-from'], outputs: compressed('.zst', ZSTD_NAMES),
  }]),
  ...['lz4', 'unlz4'].map((name): [string, OperandGrammar] => [name, { valued: '', outputs: compressed('.lz4', [['.lz4', '']]) }]),
  ...['zcat', 'gzcat', 'bzcat', 'xzcat', 'lzcat', 'zstdcat', 'lz4cat'].map((name): [string, OperandGrammar] => [name, PLAIN]),
  // zip: the archive written (`.zip` added to a name without one), the files put in it (-x and -i patterns are no files)
  // zip has options of two letters (`-li` logs, `-lf FILE` writes a log): read as whole words (wordOptions).
  ['zip', {
    valued: 'bnOPtZxi', fileValued: 'bO', wordOptions: { '-lf': 'file', '-la': 'flag', '-li': 'flag' }, valuedLong: ['--password', '--suffixes', '--compression-method', '--exclude', '--include'], fileLong: ['--temp-path', '--output-file', '--out'],
    outputs: (files) => files.slice(0, 1).map((archive) => `${archive}.zip`),
    writes: { operands: allWhen({ letters: 'm', long: ['--move'] }, 'bnOPtZxi', WRITES_FIRST) },
  }],
  // patch: the file it patches and the patch; without a file, those the patch names, in the
  // working directory (-d's, where every relative name is read: see ownDirectories)
  ['patch', {
    valued: 'pFdDiorBYzVgx', fileValued: 'ior', opaque: 'dBYz',
    valuedLong: ['--strip', '--fuzz', '--ifdef', '--prefix', '--basename-prefix', '--suffix', '--version-control', '--get', '--quoting-style', '--reject-format', '--read-only', '--directory'],
    fileLong: ['--input', '--output', '--reject-file'], opaqueLong: ['--directory', '--prefix', '--basename-prefix', '--suffix'], flagLong: ['--version'],
    writesInto: { unless: { letters: 'o', long: ['--output', '--dry-run'] }, unlessOperand: true },
    // The file it patches is written, the patch (second operand, or -i's) read.
    writes: { operands: WRITES_FIRST, readValued: 'i', readLong: ['--input'] },
    // Backups and rejects beside the file it patches, or beside -o's output.
    outputs: (files, words) => [...files.slice(0, 1), ...optional(lastOptionValue(words, { letters: 'o', long: ['--output'] }, 'pFdDiorBYzVgx'))].flatMap((file) => [
      `${file}.orig`, `${file}.rej`,
      ...backupNames([file], words, 'pFdDiorBYzVgx', { letters: 'z', long: ['--suffix'] }),
      ...optional(lastOptionValue(words, { letters: 'B', long: ['--prefix'] }, 'pFdDiorBYzVgx')).map((prefix) => prefix + file),
    ]),
    directory: { letters: 'd', long: ['--directory'] },
  }],
  // make: its targets are no files; -C is where it works
  // -j and -l take a number only when one follows (`make -j -f x`: -f is an option): read here as attached only.
  ['make', { valued: 'CfIWoO', optionalValued: 'jl', opaque: 'fIWoO', noOperandFiles: true, directory: { letters: 'C', long: ['--directory'] } }],
  // psql: its operands are a database and a user; -c's value is SQL or a meta-command
  // (`\dt`: no path), read by shell/psql.ts with the files -f, -o and -L name.
  ['psql', {
    valued: 'cdfFhLopPRTUv', fileValued: 'foL', noOperandFiles: true,
    valuedLong: ['--command', '--dbname', '--variable', '--set', '--host', '--port', '--username', '--pset', '--field-separator', '--record-separator', '--table-attr'],
    fileLong: ['--file', '--output', '--log-file'],
    // its flags too: a long option is read by every name it may abbreviate (longNamesOf)
    flagLong: [
      '--list', '--version', '--no-readline', '--single-transaction', '--help', '--no-password', '--password', '--echo-all', '--echo-errors', '--echo-queries', '--echo-hidden',
      '--no-align', '--csv', '--html', '--quiet', '--single-step', '--single-line', '--tuples-only', '--expanded', '--no-psqlrc', '--field-separator-zero', '--record-separator-zero',
    ],
  }],
  // read
  ['jq', {
    valued: 'L', opaque: 'L', lead: 1, leadGivenBy: ['-f', '--from-file'],
    valuedLong: ['--indent'], pairLong: ['--arg', '--argjson'], pairFileLong: ['--slurpfile', '--rawfile'], argumentsAfter: ['--args', '--jsonargs'],
  }],
  // formatters and fixers: the files they rewrite in place (or only read, checking)
  ['prettier', {
    valued: '', valuedLong: ['--parser', '--plugin', '--print-width', '--tab-width', '--trailing-comma', '--log-level', '--end-of-line', '--arrow-parens', '--prose-wrap', '--quote-props', '--stdin-filepath', '--cache-strategy', '--config-precedence', '--cursor-offset', '--range-start', '--range-end'],
    fileLong: ['--config', '--ignore-path', '--cache-location'],
    // it rewrites its files only with --write (-w); `--check` and printing read them
    writes: { operands: allWhen({ letters: 'w', long: ['--write'] }, '', READS_ALL), readLong: ['--config', '--ignore-path'] },
  }],
  ['eslint', {
    valued: 'cfo', fileValued: 'co', valuedLong: ['--format', '--ext', '--parser', '--rule', '--plugin', '--ignore-pattern', '--max-warnings', '--env', '--global', '--parser-options', '--rulesdir', '--resolve-plugins-relative-to'],
    fileLong: ['--config', '--output-file', '--ignore-path', '--cache-location'],
    // with no file, `eslint --fix` fixes everything under the working directory
    writesInto: { when: { letters: '', long: ['--fix'] }, unlessOperand: true },
  }],
  ['black', { valued: 'ltW', valuedLong: ['--line-length', '--target-version', '--include', '--exclude', '--extend-exclude', '--force-exclude', '--stdin-filename', '--workers', '--required-version', '--python-cell-magics'], fileLong: ['--config'] }],
  // ruff: its subcommand first (`ruff format src`, `ruff check --fix .`)
  // with no file, `ruff format` and `ruff check` (which fixes with --fix, or `fix = true` in its configuration) work on `.`
  ['ruff', {
    valued: '', lead: 1, valuedLong: ['--select', '--ignore', '--extend-select', '--line-length', '--target-version', '--output-format', '--exclude', '--extend-exclude', '--stdin-filename'], fileLong: ['--config', '--cache-dir'],
    writesInto: { firstIn: ['format', 'check'], unlessOperand: true },
  }],
  ['isort', { valued: 'l', valuedLong: ['--line-length', '--profile', '--skip', '--skip-glob', '--src'], fileLong: ['--settings-path', '--settings-file'] }],
  ['autopep8', { valued: 'j', valuedLong: ['--max-line-length', '--select', '--ignore', '--jobs', '--indent-size'], fileLong: ['--global-config'] }],
  ['gofmt', { valued: 'r' }], ['shfmt', { valued: 'i' }], ['clang-format', PLAIN], ['dos2unix', PLAIN], ['unix2dos', PLAIN],
  ['rustfmt', { valued: '', valuedLong: ['--edition', '--emit', '--color', '--config'], fileLong: ['--config-path'] }],
  // copies to and from other hosts: the local operands are files (a remote one is not)
  ['scp', { valued: 'cFiJloPSDX', fileValued: 'Fi', opaque: 'So', remoteOperands: true, writes: { operands: WRITES_LAST, readValued: 'Fi' } }],
  ['rsync', {
    valued: 'eBfMT', opaque: 'efMT', remoteOperands: true,
    writes: { operands: allWhen({ letters: '', long: ['--remove-source-files', '--remove-sent-files'] }, 'eBfMT', WRITES_LAST), readLong: ['--exclude-from', '--include-from', '--files-from', '--password-file', '--read-batch'] },
    valuedLong: ['--rsh', '--rsync-path', '--filter', '--remote-option', '--exclude', '--include', '--max-size', '--min-size', '--timeout', '--bwlimit', '--chmod', '--chown', '--usermap', '--groupmap', '--suffix', '--compare-dest', '--copy-dest', '--link-dest', '--backup-dir', '--partial-dir', '--temp-dir', '--out-format', '--log-file-format', '--port', '--sockopts', '--info', '--debug', '--iconv', '--checksum-choice', '--compress-choice'],
    fileLong: ['--exclude-from', '--include-from', '--files-from', '--password-file', '--log-file', '--write-batch', '--only-write-batch', '--read-batch'],
    opaqueLong: ['--rsh', '--rsync-path', '--compare-dest', '--copy-dest', '--link-dest', '--backup-dir', '--partial-dir', '--temp-dir', '--filter', '--remote-option', '--suffix'],
    flagLong: ['--group', '--backup', '--partial', '--checksum', '--compress'],
    outputs: (files, words) => backupNames(files.slice(-1), words, 'eBfMT', { letters: '', long: ['--suffix'] }),
    // a filter rule that merges a file of rules reads it (`-f 'merge /etc/x'`, `. FILE`, `dir-merge`)
    valueFiles: (words) => ({
      reads: optionValues(words, { letters: 'f', long: ['--filter'] }, 'eBfMT', 1, RSYNC_LONG).flatMap((rule) => /^\s*(?:merge|dir-merge|\.|:)[^\s]*\s+(.+)$/s.exec(rule)?.[1] ?? []),
      writes: [],
    }),
  }],
  ['iconv', { writes: { operands: READS_ALL }, valued: 'fto', fileValued: 'o', valuedLong: ['--from-code', '--to-code'], fileLong: ['--output'] }],
  ['paste', { valued: 'd', valuedLong: ['--delimiters'] }], ['join', { valued: 'aejot12' }], ['comm', PLAIN], ['fold', { valued: 'w', valuedLong: ['--width'] }],
  ['expand', { valued: 't', valuedLong: ['--tabs'] }], ['unexpand', { valued: 't', valuedLong: ['--tabs'] }], ['rev', PLAIN], ['tsort', PLAIN],
  ['column', {
    valued: 'nONlEHRTWripcos',
    valuedLong: ['--table-name', '--table-order', '--table-columns', '--table-columns-limit', '--table-noextreme', '--table-hide', '--table-right', '--table-truncate', '--table-wrap', '--tree', '--tree-id', '--tree-parent', '--output-width', '--output-separator', '--separator'],
    flagLong: ['--table', '--table-noheadings', '--table-header-repeat', '--keep-empty-lines', '--json', '--fillrows'],
  }],
  ...['sha224sum', 'sha384sum', 'sha512sum', 'b2sum', 'cksum', 'sum'].map((name): [string, OperandGrammar] => [name, PLAIN]),
  // downloaders: the files they write
  ['curl', {
    // -w's format is text, its files read by valueFiles
    valued: 'AbcCdDeEFHKmoPQrTtuUwxXyYz', fileValued: 'oTKcDE', opaque: 'bdF',
    valuedLong: ['--user-agent', '--header', '--request', '--user', '--max-time', '--connect-timeout', '--retry', '--range', '--referer', '--proxy', '--url', '--data', '--data-binary', '--data-raw', '--data-urlencode', '--data-ascii', '--form', '--cookie', '--write-out', '--output-dir', '--url-query', '--json', '--proxy-header', '--variable', '--proxy-user', '--resolve', '--connect-to', '--form-string', '--expand-data', '--expand-url', '--proto-default'],
    // --libcurl writes C source, --hsts and --alt-svc read and update their cache files, --etag-save writes the ETag (--etag-compare reads it);
    // --unix-socket connects to a socket file (the Docker daemon's, say)
    fileLong: [
      '--output', '--upload-file', '--config', '--cookie-jar', '--dump-header', '--cert', '--key', '--cacert', '--netrc-file', '--trace', '--trace-ascii', '--stderr', '--output-dir',
      '--libcurl', '--hsts', '--alt-svc', '--etag-save', '--etag-compare', '--ssl-sessions', '--proxy-cert', '--proxy-key', '--proxy-cacert', '--crlfile',
      '--unix-socket',
    ],
    opaqueLong: ['--data', '--data-binary', '--data-urlencode', '--data-ascii', '--form', '--cookie', '--url', '--url-query', '--json', '--proxy-header', '--variable', '--expand-data', '--expand-url'],
    flagLong: ['--head', '--netrc'],
    noOperandFiles: true,
    urlOperands: true,
    writes: { readValued: 'TKE', readLong: ['--upload-file', '--config', '--cert', '--key', '--cacert', '--netrc-file', '--etag-compare', '--proxy-cert', '--proxy-key', '--proxy-cacert', '--crlfile', '--unix-socket'] },
    writesInto: { when: { letters: 'O', long: ['--remote-name', '--remote-name-all'] }, directory: { letters: '', long: ['--output-dir'] } },
    valueFiles: curlValueFiles,
  }],
  // socat's words are addresses (socatAddresses): their files are read by socatValueFiles.
  ['socat', { valued: '', noOperandFiles: true, valueFiles: socatValueFiles }],
  ['wget', {
    valued: 'OoaPiBtTwQeUlARDXI', fileValued: 'OoaPi', opaque: 'e',
    valuedLong: ['--tries', '--timeout', '--wait', '--user-agent', '--header', '--level', '--accept', '--reject', '--domains', '--post-data', '--execute', '--user', '--password'],
    fileLong: [
      '--output-document', '--output-file', '--append-output', '--directory-prefix', '--input-file', '--post-file', '--load-cookies', '--save-cookies', '--certificate', '--private-key', '--ca-certificate',
      '--body-file', '--warc-file', '--warc-dedup', '--rejected-log', '--hsts-file', '--config', '--ca-directory', '--crl-file',
    ],
    // Flags named where a valued option's name would begin them (red team 35: `--warc-cdx -e x` hid -e).
    flagLong: ['--warc-cdx', '--keep-session-cookies'],
    opaqueLong: ['--execute'],
    noOperandFiles: true, urlOperands: true,
    writes: { readValued: 'i', readLong: ['--input-file', '--post-file', '--load-cookies', '--certificate', '--private-key', '--ca-certificate', '--body-file', '--config', '--ca-directory', '--crl-file'] },
    writesInto: { unless: { letters: 'O', long: ['--output-document', '--spider'] }, directory: { letters: 'P', long: ['--directory-prefix'] } },
    valueFiles: wgetValueFiles,
  }],
  // awk reads its files; what its program writes is read from the program (shell/awk.ts)
  // (`awk` is gawk on many systems: its options count for every awk; gawk: -e/--source give
  // program text, -E/--exec a program file). gawk's `-i inplace` (any included library, to be
  // safe) edits every file it reads; -d, -p and -o write their file, or ./awkvars.out,
  // ./awkprof.out without one; -i/--include and -l/--load name a library (opaque).
  ['awk', {
    valued: 'FvfeEil', fileValued: 'fE', opaque: 'il', optionalValued: 'dpoDL', valuedLong: ['--field-separator', '--assign', '--source', '--include', '--load'], opaqueLong: ['--include', '--load'],
    fileLong: ['--file', '--exec'], lead: 1, leadGivenBy: ['-f', '--file', '-e', '--source', '-E', '--exec'], assignments: true,
    writes: { operands: (files, words) => (hasOption(words, AWK_INCLUDE, 'FvfeEildpoDL') ? files : []), readValued: 'fE', readLong: ['--file', '--exec'] },
    outputs: (_files, words) => awkOutputs(words),
  }],
  // split and csplit read one file and write pieces named by a prefix they are given (split's
  // second operand, csplit's -f; `x` and `xx` without one), in the prefix's directory
  ['split', {
    valued: 'abClnt', valuedLong: ['--suffix-length', '--additional-suffix', '--bytes', '--line-bytes', '--lines', '--number', '--separator', '--filter'],
    flagLong: ['--numeric-suffixes', '--hex-suffixes', '--elide-empty-files', '--unbuffered', '--verbose'], firstOnly: true,
    writes: { operands: READS_ALL }, outputs: (_files, words, operands) => splitOutputs(words, operands),
  }],
  ['csplit', {
    valued: 'bfn', valuedLong: ['--suffix-format', '--prefix', '--digits'], flagLong: ['--keep-files', '--elide-empty-files', '--suppress-matched', '--quiet', '--silent'], firstOnly: true,
    writes: { operands: READS_ALL }, outputs: (_files, words) => csplitOutputs(words),
  }],
  ['base64', { valued: 'w', valuedLong: ['--wrap'] }],
  // tree reads what it lists, and writes -o's file; with -R (and -H) an index file in every directory it lists
  ['tree', {
    valued: 'LPIoHT', fileValued: 'o', valuedLong: ['--charset', '--filelimit', '--timefmt', '--sort'], fileLong: ['--hintro', '--houtro', '--infile'],
    writes: { operands: allWhen({ letters: 'R', long: [] }, 'LPIoHT', READS_ALL), readLong: ['--hintro', '--houtro', '--infile'] }, writesInto: { when: { letters: 'R', long: [] }, unlessOperand: true },
    // with -R, an index page in every directory below (`.ssh/00Tree.html` too)
    outputs: (_files, words, operands) => (hasOption(words, { letters: 'R', long: [] }, 'LPIoHT') ? (operands.length > 0 ? operands : ['.']).map((dir) => `${dir}/**/00Tree.html`) : []),
  }],
  ['xxd', { valued: 'cglnos', wholeWords: ['-cols', '-group', '-len', '-name', '-offset', '-seek', '-skip'], writes: { operands: WRITES_SECOND } }],
  // vim and its names: the files it edits (written), the scripts it sources (-S, -u, -U: read),
  // the files it logs to (-w, -W, -i, --startuptime, --log, -V[N]FILE: written). A value must
  // be the next word (vim refuses `-Sfile`); -s is a flag after -e (`-es`), so a scriptin file
  // is read as an operand: written, the stricter. Commands (`-c`, `--cmd`, `+cmd`) are read by
  // shell/vim.ts.
  ...['vim', 'vi', 'nvim', 'ex', 'view', 'rvim', 'rview', 'gvim', 'vimdiff', 'evim'].map((name): [string, OperandGrammar] => [name, {
    valued: 'cSuUiwWTtq', fileValued: 'SiwWq', optionalValued: 'VpoO', valuedLong: ['--cmd', '--servername', '--remote-send', '--remote-expr'], fileLong: ['--startuptime', '--log'],
    plusCommands: true, writes: { readValued: 'Sq' }, valueFiles: (words) => vimValueFiles(words),
  }]),
  // interpreters: the script file
  ...['python', 'python2', 'python3'].map((name): [string, OperandGrammar] => [name, { valued: 'WXcm', opaque: 'X', script: { codeLetters: 'cm' } }]),
  ['node', { valued: 'erpC', valuedLong: ['--require', '--import', '--loader', '--experimental-loader', '--conditions', '--input-type', '--eval', '--print'], script: { codeLetters: 'ep', codeLong: ['--eval', '--print'] }, opaque: 'r', opaqueLong: ['--require', '--import', '--loader', '--experimental-loader'] }],
  ...['bash', 'sh', 'dash', 'zsh', 'ksh'].map((name): [string, OperandGrammar] => [name, { valued: 'oO', script: { codeLetters: 'cs' } }]),
  ['ruby', { valued: 'eIrC', script: { codeLetters: 'e' }, opaque: 'IrC' }],
]);

/** Git subcommands that take the diff options, `--output=FILE` among them (git's diff.c and revision.c). */
const GIT_OUTPUT_OPTION_COMMANDS = ['diff', 'log', 'show', 'diff-tree', 'diff-index', 'diff-files', 'whatchanged', 'range-diff', 'shortlog', 'rev-list', 'reflog', 'cherry'];

/** Git subcommands that write the files they name (`git restore a.txt` overwrites it). */
export const GIT_GRAMMARS: ReadonlyMap<string, OperandGrammar> = new Map<string, OperandGrammar>([
  ['restore', { valued: 's', valuedLong: ['--source'], fileLong: ['--pathspec-from-file'], pathspecs: true, excludesFromTop: true }],
  // `git rm --cached` and `git add` change only the index, inside .git (as a commit does): their pathspecs are read
  ['rm', { valued: '', fileLong: ['--pathspec-from-file'], pathspecs: true, writes: { operands: (files, words) => (hasOption(words, { letters: '', long: ['--cached'] }, '') ? [] : files), readLong: ['--pathspec-from-file'] } }],
  ['add', { valued: '', valuedLong: ['--chmod'], fileLong: ['--pathspec-from-file'], pathspecs: true, writes: { operands: READS_ALL, readLong: ['--pathspec-from-file'] } }],
  ['mv', { valued: '', pathspecs: true }],
  // `git checkout X` restores the file X when X names no branch (tested against git): read
  // as a file, so a branch name meets the path checks too; `git switch` names only branches.
  // `git diff/log/show --output=FILE` write FILE (their other operands are revisions or paths
  // they read); so does every command that takes the diff and revision options: the plumbing
  // diffs, the other revision walkers, shortlog, range-diff and reflog (`git diff-tree
  // --format=… --output=config` in .git rewrites .git/config).
  ...GIT_OUTPUT_OPTION_COMMANDS.map((name): [string, OperandGrammar] => [name, { valued: '', fileLong: ['--output'], noOperandFiles: true }]),
  // format-patch writes its patches into the working directory, or -o's, unless --stdout
  ['format-patch', { valued: 'o', fileValued: 'o', fileLong: ['--output-directory'], noOperandFiles: true, writesInto: { unless: { letters: '', long: ['--stdout'] }, directory: { letters: 'o', long: ['--output-directory'] } } }],
  // `git checkout main` may also switch the whole work tree to the branch main.
  ['checkout', { valued: 'bB', valuedLong: ['--orphan', '--conflict'], fileLong: ['--pathspec-from-file'], commitsBeforeDashes: true, pathspecs: true, excludesFromTop: true, writesInto: { wholeTree: true, whenRevision: true } }],
  // Subcommands that rewrite the work tree with files the line does not name (from a patch,
  // a commit, another branch): the working directory counts as written.
  // --unsafe-paths applies a patch's `../x` and `/x` as they are: anywhere; --directory puts every file under its directory.
  ['apply', {
    writes: { operands: READS_ALL }, valued: '', valuedLong: ['--exclude', '--include', '--directory', '--whitespace', '--build-fake-ancestor'],
    writesInto: { unless: { letters: '', long: ['--check', '--stat', '--numstat', '--summary', '--cached'] }, despite: { letters: '', long: ['--apply'] }, anywhere: { letters: '', long: ['--unsafe-paths'] }, directory: { letters: '', long: ['--directory'] } },
  }],
  // Those that work from the work tree's top, wherever they run, write the whole tree (git
  // apply and git clean, from a subdirectory, only there: `wholeTree` is not theirs).
  ['am', { writes: { operands: READS_ALL }, valued: '', valuedLong: ['--whitespace', '--directory', '--exclude', '--include', '--patch-format', '--resolvemsg', '--quoted-cr', '--empty'], writesInto: { wholeTree: true, directory: { letters: '', long: ['--directory'] } } }],
  // `git stash show --output=FILE` writes FILE, as diff does.
  ['stash', { valued: 'm', valuedLong: ['--message'], fileLong: ['--pathspec-from-file', '--output'], noOperandFiles: true, writesInto: { readOnlyFirst: ['list', 'show', 'create', 'store', 'drop', 'clear'], wholeTree: true } }],
  ['reset', { valued: '', fileLong: ['--pathspec-from-file'], noOperandFiles: true, writesInto: { when: { letters: '', long: ['--hard', '--merge', '--keep'] }, wholeTree: true } }],
  ...['merge', 'pull', 'rebase', 'cherry-pick', 'revert'].map((name): [string, OperandGrammar] => [name, { valued: 'mFsXx', opaque: 'F', noOperandFiles: true, writesInto: { wholeTree: true } }]),
  // checkout-index -a writes every file in the index (or under --prefix's directory), read-tree -u the tree it reads,
  // sparse-checkout (but `list`) removes and restores files all over the tree
  ['checkout-index', { valued: 'z', valuedLong: ['--stage'], fileLong: ['--prefix'], pathspecs: true, excludesFromTop: true, writesInto: { unlessOperand: true, wholeTree: true } }],
  ['read-tree', { valued: '', valuedLong: ['--prefix', '--exclude-per-directory'], fileLong: ['--index-output'], noOperandFiles: true, writesInto: { when: { letters: 'u', long: [] }, wholeTree: true } }],
  ['sparse-checkout', { valued: '', noOperandFiles: true, writesInto: { readOnlyFirst: ['list'], wholeTree: true } }],
  // `git switch -c new` stays on the same commit; given a branch or a start point, it changes the files
  ['switch', { valued: 'cC', valuedLong: ['--create', '--force-create', '--orphan', '--conflict'], flagLong: ['--force'], noOperandFiles: true, writesInto: { withOperand: true, wholeTree: true } }],
  ['clean', { valued: 'e', valuedLong: ['--exclude'], pathspecs: true, writesInto: { unless: { letters: 'n', long: ['--dry-run'] }, unlessOperand: true } }],
  // files they write that no other word shows: archive -o's, merge-file's first file (the result, unless -p), the bundle, the new worktree
  // --remote names a repository, a URL or a directory on this machine (`--remote=/other/repo`
  // prints that repository's files): read by its look, as any other word is (opaque).
  ['archive', { valued: 'o', fileValued: 'o', fileLong: ['--output'], valuedLong: ['--format', '--prefix', '--remote', '--exec'], opaqueLong: ['--remote'], noOperandFiles: true }],
  ['merge-file', { valued: 'L', writes: { operands: (files, words) => (hasOption(words, { letters: 'p', long: ['--stdout'] }, 'L') ? [] : files.slice(0, 1)) } }],
  ['bundle', { valued: '', lead: 1, firstOnly: true }],
  // worktree: its action, then the worktree's directory (`add DIR COMMIT`: the commit is read; `move OLD NEW`: both written)
  ['worktree', { valued: 'bB', valuedLong: ['--reason'], lead: 1, writes: { operands: (files, _words, operands) => (operands[0] === 'add' ? files.slice(0, 1) : files) } }],
  // clone: the repository's URL, then the directory it creates (else one named after the URL, here)
  ['clone', {
    valued: 'objuc', lead: 1, valuedLong: ['--origin', '--branch', '--depth', '--upload-pack', '--config', '--jobs', '--filter', '--shallow-since', '--shallow-exclude', '--server-option', '--bundle-uri'],
    fileLong: ['--reference', '--reference-if-able', '--separate-git-dir', '--template'], writesInto: { unlessOperand: true },
  }],
  // push: the repository, then refspecs (`feature/login`, `HEAD:refs/heads/x`), which name
  // branches, not files. A repository on this machine is written (`git push ../mirror main`).
  ['push', { valued: 'o', valuedLong: ['--receive-pack', '--exec', '--push-option', '--recurse-submodules'], fileLong: ['--repo'], noOperandFiles: true, outputs: (_files, _words, operands) => localRepository(operands[0]) }],
]);

/** A push or fetch repository operand that is a directory on this machine (`../mirror`, `file:///x`), as a path; none for a remote name or URL. */
function localRepository(operand: string | undefined): string[] {
  if (operand === undefined) return [];
  if (/^file:\/\//i.test(operand)) return fileUrlPaths(operand.slice(5));
  if (/^[^/]*:|^[a-z]+:\/\//i.test(operand)) return []; // `host:path`, `https://...`
  return operand.includes('/') || operand.startsWith('.') || operand.startsWith('~') ? [operand] : [];
}
// Git's own options before the subcommand that take the next word (`git -C dir restore x`).
export const GIT_GLOBAL_VALUED = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--exec-path', '--list-cmds']);

/**
 * Git subcommands that write no file other than their `--output` (diff, log, show): they read
 * the work tree or write only inside .git (fetch, tag, remote); their operands are revisions,
 * remotes and paths they read (`git merge-base HEAD origin/main`, `git fetch ../other`).
 */
export const GIT_READ_ONLY: ReadonlySet<string> = new Set([
  'status', 'diff', 'log', 'show', 'blame', 'ls-files', 'grep', 'rev-parse', 'branch',
  'fetch', 'merge-base', 'describe', 'ls-remote', 'ls-tree', 'show-ref', 'cat-file', 'tag', 'remote',
  // The other revision walkers and plumbing readers (their `--output` is in GIT_GRAMMARS);
  // reflog's expire and delete change only .git.
  'diff-tree', 'diff-index', 'diff-files', 'whatchanged', 'range-diff', 'shortlog', 'rev-list', 'reflog', 'cherry',
  'for-each-ref', 'show-branch', 'check-ignore', 'check-attr', 'name-rev', 'count-objects', 'verify-commit', 'verify-tag',
]);

const LONG_NAMES = new WeakMap<OperandGrammar, readonly string[]>();

/**
 * Every long name a grammar holds, in any of its fields (valuedLong, fileLong, flagLong,
 * leadGivenBy, writesInto's options...): those an abbreviated long option is read by (longName).
 */
export function longNamesOf(grammar: OperandGrammar): readonly string[] {
  let names = LONG_NAMES.get(grammar);
  if (names === undefined) {
    const found = new Set<string>();
    const collect = (value: unknown): void => {
      if (typeof value === 'string') {
        if (value.startsWith('--')) found.add(value);
      } else if (Array.isArray(value)) value.forEach(collect);
      else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(grammar);
    names = [...found];
    LONG_NAMES.set(grammar, names);
  }
  return names;
}

const VALUED_LONG = new WeakMap<OperandGrammar, readonly string[]>();

/** A grammar's long options that take the next word as their value when written without `=` (valuedLong, fileLong; not its flags). */
export function valuedLongOf(grammar: OperandGrammar): readonly string[] {
  let names = VALUED_LONG.get(grammar);
  if (names === undefined) {
    names = [...(grammar.valuedLong ?? []), ...(grammar.fileLong ?? [])].filter((name) => grammar.flagLong?.includes(name) !== true);
    VALUED_LONG.set(grammar, names);
  }
  return names;
}

export const AWK_INCLUDE: OptionSpelling = { letters: 'i', long: ['--include'] };
// gawk's options that write a file, and the file they write without one.
const AWK_OUTPUTS: readonly (readonly [string, string, string])[] = [['d', '--dump-variables', 'awkvars.out'], ['p', '--profile', 'awkprof.out'], ['o', '--pretty-print', 'awkprof.out']];

// gawk's long options (those with a value, and the others that begin the same way), and
// mawk's `-W` names (`-W interactive`, `-W exec FILE`, `-W sprintf=N`): what an abbreviation is read by.
export const AWK_LONG = ['--file', '--exec', '--source', '--assign', '--field-separator', '--include', '--load', '--dump-variables', '--profile', '--debug', '--pretty-print', '--sandbox', '--characters-as-bytes', '--traditional', '--copyright', '--gen-pot', '--help', '--trace', '--lint', '--lint-old', '--bignum', '--use-lc-numeric', '--non-decimal-data', '--optimize', '--no-optimize', '--posix', '--re-interval', '--version', '--interactive', '--dump', '--random', '--sprintf', '--posix_space', '--usage'];
// Of those, the ones that take the next word as their value...
const AWK_NEXT_WORD_LONG = ['--file', '--exec', '--source', '--assign', '--field-separator', '--include', '--load'];
// ...and those whose value is optional, given only with `=`.
export const AWK_OPTIONAL_LONG = ['--dump-variables', '--profile', '--debug', '--pretty-print', '--lint', '--random', '--sprintf'];
export const AWK_VALUED_LONG = [...AWK_NEXT_WORD_LONG, ...AWK_OPTIONAL_LONG];
// GNU sed's long options.
export const SED_LONG = ['--expression', '--file', '--line-length', '--in-place', '--debug', '--follow-symlinks', '--help', '--null-data', '--posix', '--quiet', '--regexp-extended', '--sandbox', '--separate', '--silent', '--unbuffered', '--version', '--zero-terminated'];

/** The files gawk's -d, -p and -o (and their long names, abbreviated too) write, among the options before the program. */
function awkOutputs(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--' || !word.startsWith('-') || word === '-') break;
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const name = longName(word, AWK_LONG);
      const found = AWK_OUTPUTS.find(([, long]) => name === long);
      if (found !== undefined) out.push(eq < 0 ? found[2] : word.slice(eq + 1));
      else if (eq < 0 && AWK_NEXT_WORD_LONG.includes(name)) i++;
      continue;
    }
    for (let k = 1; k < word.length; k++) {
      const found = AWK_OUTPUTS.find(([letter]) => letter === word[k]);
      if (found !== undefined) out.push(word.slice(k + 1) || found[2]);
      if (found !== undefined || 'dpoDL'.includes(word[k]!)) break;
      if ('FvfEil'.includes(word[k]!)) {
        if (k === word.length - 1) i++;
        break;
      }
    }
  }
  return out;
}

/**
 * The pieces split writes: PREFIX (its second operand, `x` without one) then a suffix of
 * letters or digits, -a's length (2 by default), then --additional-suffix. Written as a
 * pattern of that length (`part-[a-z0-9][a-z0-9]`): a deny list meets every name it may
 * take (`split -a 1 … config/prod.ke` writes config/prod.key), an allow list the prefix's place.
 */
function splitOutputs(words: readonly string[], operands: readonly string[]): string[] {
  const grammar = GRAMMARS.get('split')!;
  // A first operand that may be several words (`split lib/*` is `split lib/c lib/d`) may make any operand the prefix (WRITES_SECOND).
  const prefixes = operands.length > 0 && maySplit(operands[0]!) ? operands : [operands[1] ?? 'x'];
  return prefixes.flatMap((prefix) => splitPieces(words, grammar, prefix));
}

/** The pieces split writes with one prefix. */
function splitPieces(words: readonly string[], grammar: OperandGrammar, prefix: string): string[] {
  const known = longNamesOf(grammar);
  const given = lastOptionValue(words, { letters: 'a', long: ['--suffix-length'] }, grammar.valued, 1, known, valuedLongOf(grammar));
  const length = Number(given ?? 2);
  const added = lastOptionValue(words, { letters: '', long: ['--additional-suffix'] }, grammar.valued, 1, known, valuedLongOf(grammar)) ?? '';
  if (given !== undefined && Number.isInteger(length) && length > 0 && length < 16) return [prefix + PIECE_CHARACTER.repeat(length) + added];
  // Without -a (or one not read here), GNU split lengthens the suffix by two when it runs out,
  // after the last letter or digit (`xyz`, then `xzaaa`; `x89`, then `x9000`; tested). Past the
  // next step (17,550 pieces) names are not followed: a bracket reads as any character, so
  // longer patterns would meet every forbidden suffix (`part-zz????` and `*.pem`).
  const last = hasOption(words, { letters: 'd', long: ['--numeric-suffixes'] }, grammar.valued, known) ? '9' : hasOption(words, { letters: 'x', long: ['--hex-suffixes'] }, grammar.valued, known) ? 'f' : 'z';
  return [prefix + PIECE_CHARACTER.repeat(2) + added, prefix + last + PIECE_CHARACTER.repeat(3) + added];
}

/** The pieces csplit writes: -f's PREFIX (`xx` without one), then -n's digits (2) or more, or -b's printf format with its number. */
function csplitOutputs(words: readonly string[]): string[] {
  const grammar = GRAMMARS.get('csplit')!;
  const known = longNamesOf(grammar);
  const value = (letters: string, long: string): string | undefined => lastOptionValue(words, { letters, long: [long] }, grammar.valued, 1, known, valuedLongOf(grammar));
  const digits = Number(value('n', '--digits') ?? 2);
  const format = value('b', '--suffix-format');
  const prefix = value('f', '--prefix') ?? 'xx';
  if (format === undefined) return [prefix + PIECE_CHARACTER.repeat(Number.isInteger(digits) && digits > 0 && digits < 16 ? digits : 2)];
  // The format's conversion (`%03d`, `%x`) is the number, as wide as it says; with a precision
  // of 0 also nothing at all (`%.0d` prints nothing for 0: `-f .en -b v%.0d` writes .env, tested).
  const conversion = /%[-+ #0]*(\d*)(\.\d*)?[diouxX]/g;
  const converted = (empty: boolean) => (_m: string, width: string, precision: string | undefined): string =>
    empty && precision !== undefined && Number(precision.slice(1) || 0) === 0 ? '' : PIECE_CHARACTER.repeat(Math.min(Math.max(Number(width) || 1, 1), 15));
  const named = [false, true].map((empty) => prefix + format.replace(conversion, converted(empty)).replace(/%%/g, '%'));
  return named[0] === named[1] ? [named[0]!] : named;
}

/**
 * The files curl's option values name (curl(1)): `-b`/`--cookie` read a cookie file when the
 * value holds no `=`; `-H @FILE`, `-d @FILE` (and --data-*), `--data-urlencode [name]@FILE`,
 * `-F name=@FILE` or `name=<FILE` read FILE; `-w`'s format writes `%output{FILE}` (8.3.0; `>>`
 * appends), and a format read from `-w @FILE` may write anything: `/`. Unless -g/--globoff,
 * curl globs its URLs and -T's files (curlGlobs): a `file:` URL operand (or --url) is read,
 * or with -T written, in every spelling it makes, and `#N` in -o/--output is the text a URL's
 * glob matched (`-o 'src/#1' 'https://x/?{../../x}'` writes ../x).
 */
// rsync's long option names (an abbreviation is read by them): for its filter rules.
const RSYNC_LONG = ['--filter', '--files-from', '--from0'];

function curlValueFiles(words: readonly string[], operands: readonly string[]): { reads: string[]; writes: string[] } {
  const grammar = GRAMMARS.get('curl')!;
  const known = longNamesOf(grammar);
  const values = (letters: string, ...long: string[]): string[] => optionValues(words, { letters, long }, grammar.valued, 1, known, valuedLongOf(grammar));
  const reads: string[] = [];
  const writes: string[] = [];
  for (const cookie of values('b', '--cookie')) if (!cookie.includes('=')) reads.push(cookie);
  for (const value of [...values('H', '--header', '--proxy-header'), ...values('d', '--data', '--data-binary', '--data-ascii', '--json'), ...values('w', '--write-out')]) {
    if (value.startsWith('@')) reads.push(value.slice(1));
  }
  // `name@file`, `@file` (and `--variable name@file`): the file's text is sent.
  for (const value of values('', '--data-urlencode', '--url-query', '--variable')) {
    const at = /^[^=@]*@(.+)$/s.exec(value);
    if (at !== null) reads.push(at[1]!);
  }
  // `-F name=@a,b` sends both files (names may be quoted: `@"a,b"` is one).
  for (const value of values('F', '--form')) {
    // A name in double quotes is read without them, `\` escaping the next character (`@"secrets/x"`; red team 33).
    const file = /^[^=]*=[@<]("(?:[^"\\]|\\.)*"|[^;]+)/s.exec(value);
    if (file === null) continue;
    reads.push(file[1]!);
    if (file[1]!.startsWith('"')) reads.push(file[1]!.slice(1, -1).replace(/\\(.)/gs, '$1'));
    if (file[1]!.includes(',')) reads.push(...(file[1]!.match(/"[^"]*"|[^,]+/g) ?? []).map((name) => name.replace(/^"(.*)"$/s, '$1')));
  }
  // curl globs what -T names (-g turns that off for URLs; for -T reading both is the safe side).
  const uploads = values('T', '--upload-file');
  for (const value of uploads) reads.push(...curlGlobs(value).spellings);
  const globoff = hasOption(words, { letters: 'g', long: ['--globoff'] }, grammar.valued, known);
  const urls = [...operands, ...values('', '--url')];
  // `--proto-default file` makes a URL without a scheme a file: URL (`localhost/etc/passwd`,
  // `/etc/x`); any scheme but the web's and ftp's is read so, to be safe.
  if (values('', '--proto-default').some((scheme) => !/^(?:https?|ftps?|wss?)$/i.test(scheme))) {
    for (const url of urls) {
      for (const spelling of globoff ? [url] : [url, ...curlGlobs(url).spellings]) {
        if (!spelling.includes('://')) (uploads.length > 0 ? writes : reads).push(`file://${spelling}`);
      }
    }
  }
  if (!globoff) {
    const matched: string[] = [];
    for (const url of urls) {
      const { spellings, sets } = curlGlobs(url);
      matched.push(...sets);
      if (/^file:/i.test(url)) (uploads.length > 0 ? writes : reads).push(...spellings);
      // curl globs the scheme too: `{file:///etc/x,http://e}`, `fi[l-l]e:///etc/x` are file: URLs.
      // An alternative whose scheme is file:, or holds a range (`*` here: any letters), is read as one.
      else if (/^[{[]/.test(url) || /[{}[\]]/.test(url.split(':')[0]!)) {
        for (const spelling of spellings) {
          const colon = spelling.indexOf(':');
          if (spelling === '/' || (colon < 0 && spelling.includes('*'))) reads.push('/');
          else if (colon >= 0 && /^(?:file|[a-z]*\*[a-z*]*)$/i.test(spelling.slice(0, colon))) (uploads.length > 0 ? writes : reads).push(`file:${spelling.slice(colon + 1)}`);
        }
      }
    }
    // `#N` is the Nth glob's match: any text of a `{…}`, or a range's letters and digits (`*`).
    // (One choice stands alone: a brace without a comma is no alternative, `{*}` names itself.)
    const choices = matched.length === 0 ? '*' : `{${['*', ...matched].join(',')}}`;
    for (const output of values('o', '--output')) {
      if (/#\d/.test(output)) writes.push(...(braceAlternatives(output.replace(/#\d+/g, choices)) ?? ['/']));
    }
  }
  for (const format of values('w', '--write-out')) {
    if (format.startsWith('@')) writes.push('/');
    for (const m of format.matchAll(/%output\{(?:>>)?([^}]*)\}/g)) writes.push(m[1]!);
  }
  return { reads: reads.filter((file) => file !== '-' && file !== ''), writes: writes.filter((file) => file !== '') };
}

// A range of curl's URL globbing: `[a-z]`, `[0-9]`, `[001-100]`, with a step (`[a-z:2]`).
const CURL_RANGE = /\[[A-Za-z0-9]+-[A-Za-z0-9]+(?::\d+)?\]/g;

/**
 * What curl's globbing (curl(1) "URL") makes of a URL or a -T name: each spelling, with
 * `{a,b}` alternatives taken one by one (`{x}` is x; `/` alone when there are too many) and
 * a range written `*` (its values are letters or digits, never `/` or `..`); and the texts of
 * its `{…}` sets, which -o's `#N` may stand for. None without a glob (the value is read as written).
 */
function curlGlobs(value: string): { spellings: string[]; sets: string[] } {
  if (!/[{[]/.test(value)) return { spellings: [], sets: [] };
  const sets = [...value.matchAll(/\{([^{}]*)\}/g)].flatMap((m) => m[1]!.split(','));
  const spellings = (braceAlternatives(value) ?? ['/']).map((alternative) => alternative.replace(/\{([^{},]*)\}/g, '$1').replace(CURL_RANGE, '*'));
  return { spellings, sets };
}

// socat's options that take the next word (or an attached value: `-lf/x`), and those whose value is a file it writes (a log, a lock, a dump).
const SOCAT_VALUED = /^-(?:lf|lp|T|b|t|L|W|r|R|S)/;
const SOCAT_WRITES = /^-(?:lf|L|W|r|R)/;
// socat's address types that name no file (a network peer, a standard stream, a terminal);
// any other type's first parameter is read as a file (OPEN, GOPEN, CREATE, PIPE, UNIX-*, ...).
const SOCAT_NO_FILE = /^(?:tcp|udp|sctp|dccp|udplite|ip|openssl|ssl|socks|proxy|vsock|abstract|socket|posix-mq|interface|tun|accept-fd|socketpair|stdio|stdin|stdout|stderr|fd|readline|pty|-$|\d+$)/;
// socat's address options whose value is a file it writes (the rest are read, to be safe).
const SOCAT_OPTION_WRITES = /^(?:history|history-file|link|symbolic-link|lockfile|waitlock)$/;

/**
 * socat's addresses (socat(1)): its words after its options, each address of a `!!` pair apart;
 * and the files its options write (`-lf LOG`, `-L LOCK`, `-r DUMP`).
 */
export function socatAddresses(words: readonly string[]): { addresses: string[]; writes: string[] } {
  const writes: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '-' || !w.startsWith('-')) return { addresses: words.slice(i).flatMap((a) => a.split('!!')), writes };
    const name = /^-(?:lf|lp|[TbtLWrRS])/.exec(w)?.[0];
    if (name === undefined || !SOCAT_VALUED.test(w)) continue;
    const value = w.length > name.length ? w.slice(name.length) : words[++i];
    if (value !== undefined && SOCAT_WRITES.test(name)) writes.push(value);
  }
  return { addresses: [], writes };
}

/**
 * The files socat's addresses name: a file, socket or pipe address's path (up to the first
 * `,`; a typeless address with a `/` is GOPEN), written; each `key=value` option's value
 * (`history=`, `cert=`, `key=`, `cafile=`), read (or written: a history, a link, a lock).
 */
function socatValueFiles(words: readonly string[]): { reads: string[]; writes: string[] } {
  const reads: string[] = [];
  const { addresses, writes } = socatAddresses(words);
  for (const address of addresses) {
    const [head = '', ...options] = address.split(',');
    const colon = head.indexOf(':');
    if (colon < 0 ? head.includes('/') : !SOCAT_NO_FILE.test(head.slice(0, colon).toLowerCase())) writes.push(colon < 0 ? head : head.slice(colon + 1));
    for (const option of options) {
      const eq = option.indexOf('=');
      if (eq > 0) (SOCAT_OPTION_WRITES.test(option.slice(0, eq).toLowerCase()) ? writes : reads).push(option.slice(eq + 1));
    }
  }
  return { reads: reads.filter((f) => f !== ''), writes: writes.filter((f) => f !== '') };
}

/**
 * The wgetrc commands wget's -e/--execute values run, read as wgetrc reads a line (wget's
 * init.c): `name = value`, blanks around `=` or none, the name in any case and with `_` and
 * `-` anywhere (`use_askpass`, `UseAskPass`, `use-askpass` are one command). `command`: the
 * name in lower case without them, undefined for a value that is no such line (wget refuses
 * it, unless a variable makes it one); `at`: the index of the word holding the value.
 */
export function wgetrcCommands(words: readonly string[]): { command: string | undefined; value: string; at: number }[] {
  const grammar = GRAMMARS.get('wget')!;
  return optionValuePlaces(words, { letters: 'e', long: ['--execute'] }, grammar.valued, 1, longNamesOf(grammar), valuedLongOf(grammar)).map(({ index, start }) => {
    const line = /^\s*([A-Za-z0-9_-]+)\s*=\s*(.*?)\s*$/s.exec(words[index]!.slice(start));
    return { command: line?.[1]!.replace(/[-_]/g, '').toLowerCase(), value: line?.[2] ?? '', at: index };
  });
}

// wgetrc commands whose value is a file wget reads, or writes (a directory it writes into, a
// default page's name), as their options' (--input-file, --output-document, ...).
const WGETRC_READS: ReadonlySet<string> = new Set([
  'input', 'inputmetalink', 'postfile', 'bodyfile', 'loadcookies', 'certificate', 'privatekey', 'cacertificate', 'cadirectory', 'crlfile', 'randomfile', 'egdfile', 'warccdxdedup',
]);
const WGETRC_WRITES: ReadonlySet<string> = new Set(['outputdocument', 'logfile', 'savecookies', 'hstsfile', 'rejectedlog', 'warcfile', 'warctempdir', 'dirprefix', 'defaultpage']);

/** The files wget's -e/--execute wgetrc commands name (wgetrcCommands): `-e 'post_file = secrets/key'` reads it. */
function wgetValueFiles(words: readonly string[]): { reads: string[]; writes: string[] } {
  const reads: string[] = [];
  const writes: string[] = [];
  for (const { command, value } of wgetrcCommands(words)) {
    if (command === undefined || value === '' || value === '-') continue; // `-`: standard input or output
    if (WGETRC_READS.has(command)) reads.push(value);
    else if (WGETRC_WRITES.has(command)) writes.push(value);
  }
  return { reads, writes };
}

/** The vimrc files vim's -u and -U read (not `NONE`, `NORC`, `DEFAULTS`), and the log -V[N]FILE writes. */
function vimValueFiles(words: readonly string[]): { reads: string[]; writes: string[] } {
  const grammar = GRAMMARS.get('vim')!;
  const reads = optionValues(words, { letters: 'uU', long: [] }, grammar.valued).filter((file) => !/^(NONE|NORC|DEFAULTS)$/.test(file));
  // -V[N]FILE writes its log to FILE, also after other letters of a cluster (`-esV9.env`; red team 36).
  const writes = words.slice(1).flatMap((word) => /^-[A-Za-z]*?V\d*(.+)$/s.exec(word)?.[1] ?? []);
  return { reads, writes };
}

// One character of a piece's suffix: a letter (split), a decimal or hex digit (-d, -x, csplit).
const PIECE_CHARACTER = '[a-z0-9]';

// sqlite3's options that take values, and how many (`-lookaside SIZE N`; the key options of
// encrypting builds too). One missing shifts which word is the database (`-threadsafe 1 DB`:
// red team 43), so an option in neither this list nor SQLITE_FLAGS is refused (shell/sqlite3.ts).
export const SQLITE_VALUED: ReadonlyMap<string, number> = new Map([
  ['cmd', 1], ['init', 1], ['lookaside', 2], ['pagecache', 2], ['heap', 2], ['maxsize', 1], ['mmap', 1], ['newline', 1], ['nonce', 1], ['nullvalue', 1], ['separator', 1], ['vfs', 1], ['escape', 1],
  ['threadsafe', 1], ['sorterref', 1], ['key', 1], ['hexkey', 1], ['textkey', 1],
]);

// sqlite3's options that take no value (3.40 to 3.47's shell.c).
export const SQLITE_FLAGS: ReadonlySet<string> = new Set([
  'append', 'ascii', 'bail', 'batch', 'box', 'column', 'csv', 'deserialize', 'echo', 'header', 'noheader', 'help', 'html', 'interactive', 'json', 'line', 'list',
  'markdown', 'memtrace', 'pcachetrace', 'multiplex', 'nofollow', 'quote', 'qbox', 'readonly', 'safe', 'stats', 'scanstats', 'table', 'tabs', 'version', 'vfstrace',
  'zip', 'utf8', 'no-utf8', 'ifexists', 'insert', 'unsafe-testing', 'nonce-escape', 'expert',
]);

/**
 * sqlite3's files: the database (the first operand; opening it may create it) and `-init`'s
 * script (read). Its other operands are SQL, and its other option values text: no paths (the
 * files SQL names are read from it: shell/sqlite3.ts sqliteFiles).
 */
export function sqliteRoles(words: readonly string[]): { files: string[]; plain: string[]; reads: string[] } {
  const files: string[] = [];
  const plain: string[] = [];
  const reads: string[] = [];
  let database = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    // `-A ARGS…` (`-Ax ARGS…`, `--A`) runs `.archive ARGS` on the database: extracting writes
    // its members into -C's directory or here; other operands name the files it adds.
    if (/^--?A/.test(w)) {
      const archive = sqliteArchive([...(w.length > 2 && w !== '--A' ? [w.replace(/^--?A/, '')] : []), ...words.slice(i + 1)]);
      files.push(...archive.archives, ...archive.reads);
      reads.push(...archive.reads);
      if (archive.extracts) files.push(archive.directory ?? '.');
      break;
    }
    if (w.startsWith('-') && w.length > 1) {
      const name = w.replace(/^--?/, '');
      const count = SQLITE_VALUED.get(name) ?? 0;
      for (let k = 0; k < count && i + 1 < words.length; k++) {
        const value = words[++i]!;
        if (name === 'init') {
          files.push(value);
          reads.push(value);
        } else plain.push(value);
      }
      continue;
    }
    if (database) plain.push(w);
    else {
      database = true;
      const file = sqliteDatabaseName(w);
      // An empty name (`file:?mode=memory`) is a temporary database: no file here.
      if (file !== '') files.push(file);
    }
  }
  return { files, plain, reads };
}

// `.archive`'s options that take a value (the next word, or the rest of a short cluster).
const SQLITE_ARCHIVE_VALUED = { letters: 'faC', long: ['file', 'append', 'directory'] };

/**
 * sqlite3's `.archive` words (after `.ar` or `-A`), read as its shell reads them: whether they
 * extract (`-x`, `--extract` or a prefix of it, `x` in a cluster or in a first word of tar-style
 * letters: `.ar xf a.db`, `-Ax`); the archives `-f`/`-a` name (which it may create or change);
 * the files its operands name (added by `-c`/`-u`/`-i`, read from -C's directory;
 * member names for the others, read as files all the same). An ambiguous long prefix counts
 * as each option it may be (sqlite3 refuses it: no harm).
 */
export function sqliteArchive(words: readonly string[]): { extracts: boolean; archives: string[]; reads: string[]; directory?: string } {
  const letters: string[] = [];
  const values = new Map<string, string>();
  const archives: string[] = [];
  let operands: readonly string[] = [];
  const take = (option: string, value: string | undefined): void => {
    letters.push(option);
    if (value === undefined) return;
    if (option === 'C') values.set('C', value);
    else archives.push(value);
  };
  const first = words[0];
  if (first !== undefined && !first.startsWith('-')) {
    // Tar style: each letter that takes a value takes the next word.
    let next = 1;
    for (const letter of first) take(letter, SQLITE_ARCHIVE_VALUED.letters.includes(letter) ? words[next++] : undefined);
    operands = words.slice(next);
  } else {
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (w === '--') { operands = words.slice(i + 1); break; }
      if (!w.startsWith('-')) { operands = words.slice(i); break; }
      if (w.startsWith('--')) {
        const name = w.slice(2);
        if ('extract'.startsWith(name)) letters.push('x');
        const valued = SQLITE_ARCHIVE_VALUED.long.findIndex((long) => long.startsWith(name));
        if (valued >= 0) take(SQLITE_ARCHIVE_VALUED.letters[valued]!, words[++i]);
        continue;
      }
      for (let k = 1; k < w.length; k++) {
        if (!SQLITE_ARCHIVE_VALUED.letters.includes(w[k]!)) { letters.push(w[k]!); continue; }
        take(w[k]!, k < w.length - 1 ? w.slice(k + 1) : words[++i]);
        break;
      }
    }
  }
  const dir = values.get('C');
  const reads = operands.map((file) => (dir === undefined || file.startsWith('/') ? file : `${dir.replace(/\/$/, '')}/${file}`));
  return { extracts: letters.includes('x'), archives, reads, ...(dir === undefined ? {} : { directory: dir }) };
}

/**
 * The file sqlite3 opens for a database name: a URI filename (`file:data.db?mode=ro`,
 * `file:///x.db`, `file://localhost/x.db`; `file:` in lower case) names the path before its
 * query or fragment, percent-decoded, a `%00` ending it (sqlite3ParseUri); any other name is
 * itself.
 */
export function sqliteDatabaseName(name: string): string {
  if (!name.startsWith('file:')) return name;
  // An authority other than `localhost` is an error; the path after it is read all the same.
  const path = name.slice(5).replace(/^\/\/[^/]*/, '').replace(/[?#].*$/s, '');
  // Octets decoded as bytes: a run that is no UTF-8 reads as U+FFFD, which no path check takes.
  return percentDecodedBytes(path.replace(/%00.*$/s, ''));
}

/** A compiler driver by name (`gcc`, `g++-12`, `x86_64-linux-gnu-gcc`, `clang++`). */
export function isCompilerDriver(name: string): boolean {
  return COMPILER_DRIVER.test(name);
}
const COMPILER_DRIVER = /^(?:[\w.]+-)*(?:gcc|g\+\+|cc|c\+\+|clang|clang\+\+|cpp)(?:-\d+(?:\.\d+)*)?$/;

// A compiler driver's options that run another program or load code: `-wrapper PROG,ARGS`,
// `-B DIR` (where it finds cc1, as, ld), `-fplugin=`, clang's `-fpass-plugin=` and `-Xclang
// -load -Xclang LIB`, `-specs=`, a linker by path (`-fuse-ld=/x`, `--ld-path=`), a linker plugin,
// and a file of more options (`@FILE`, `-Wl,@FILE`), which may hold any of these.
// `--prefix` is gcc's long `-B`; clang's `--config FILE` reads options from a file, `-ccc-install-dir`
// and `--gcc-toolchain` move where it finds its tools; `--for-linker=X` is `-Xlinker X`. g++'s
// C++ modules mapper `-fmodule-mapper=|PROG ARGS` starts PROG (any source, with `-x c++
// -fmodules-ts`; red team 47).
const COMPILER_CHOOSING = /^(?:-wrapper$|-B|--prefix(?:=|$)|--config(?:=|$)|-ccc-|--gcc-toolchain|--gcc-install-dir|-f(?:pass-)?plugin|-load(?:=|$)|-?-specs=?|-fuse-ld=.*\/|--ld-path|-fmodule-mapper=\s*\|)|(?:^|,|^--for-linker=)(?:--?plugin(?:[=,]|$)|@)|--error-handling-script/;

/** Whether a compiler driver's option word runs a program or loads code it chooses (COMPILER_CHOOSING). */
export function isCompilerChoosing(word: string): boolean {
  // `-fcompare-debug=OPTS` compiles again with OPTS (`-fcompare-debug=-B./evil`).
  if (word.startsWith('-fcompare-debug=')) return forwardsCompilerChoosing(word.slice(16));
  return COMPILER_CHOOSING.test(word);
}

/**
 * Whether compiler flags another program hands to a compiler driver (make's CFLAGS, go's
 * `-extldflags`, rustc's `-C link-arg=`) hold one that chooses what runs: the text split at
 * blanks and quotes (`-ldflags='-extldflags "-B./evil"'`).
 */
export function forwardsCompilerChoosing(flags: string): boolean {
  return flags.split(/[\s'"]+/).some(isCompilerChoosing);
}

// A compiler driver's options that take a file, attached (`-include/etc/x`, `-ofile`) or as the
// next word, longest first; of them, those it writes. Its other options with a value take the
// next word as text (`-MT target`, `-x c`, `-D NAME`).
const COMPILER_FILE_OPTIONS = ['-iwithprefixbefore', '-iwithprefix', '-idirafter', '-isysroot', '-iprefix', '-include', '-imacros', '-isystem', '-iquote', '--sysroot', '-MF', '-o', '-I', '-L', '-T'];
const COMPILER_WRITTEN_OPTIONS: ReadonlySet<string> = new Set(['-o', '-MF']);
const COMPILER_TEXT_OPTIONS: ReadonlySet<string> = new Set(['-MT', '-MQ', '-x', '-D', '-U', '-l', '-e', '-Xpreprocessor', '-Xassembler', '-Xlinker', '-arch', '-target']);
// In `-Wl,…`, `-Wa,…`, `-Wp,…` lists (and the word after -Xlinker): the items after these write files.
const COMPILER_LIST_OUTPUTS: ReadonlySet<string> = new Set(['-o', '--output', '-Map', '--Map', '-MF', '-MD', '-MMD', '--dependency-file', '--out-implib', '--MD']);
// The assembler's listing (`-Wa,-al=FILE`, `-a=`, `-ahls=`): written.
const ASSEMBLER_LISTING = /^-a[a-z]*=(.+)$/s;

/**
 * The files a compiler driver's words name: read (`-I dir`, `-include f`) and written (`-o out`,
 * `-MF deps`, `-Wl,-o,out`, `-Wp,-MD,deps`, `-Wl,-Map=f`; with no `-o`, `x.o` beside each
 * source for `-c`, `x.s` for `-S`, else `a.out`), options' values attached or not. The words
 * read as text (`-MT t`) are plain; the rest (the sources) are read by their look.
 */
export function compilerFiles(words: readonly string[]): { reads: string[]; writes: string[]; plain: string[] } {
  const reads: string[] = [];
  const writes: string[] = [];
  const plain: string[] = [];
  const passed: string[] = []; // what -Wl, -Wa, -Wp and -Xlinker pass on, in order
  const sources: string[] = [];
  const operands: string[] = []; // every word no option takes, `-` too
  let output = false; // -o given (to the driver or through to the linker)
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (COMPILER_TEXT_OPTIONS.has(w)) {
      if (i + 1 < words.length) {
        if (w.startsWith('-X')) passed.push(words[i + 1]!);
        plain.push(words[++i]!);
      }
      continue;
    }
    if (/^-W[lap],/.test(w)) {
      passed.push(...w.slice(4).split(','));
      plain.push(w);
      continue;
    }
    const option = COMPILER_FILE_OPTIONS.find((o) => w.startsWith(o));
    if (option === undefined) {
      if (!w.startsWith('-') && COMPILER_SOURCE.test(w)) sources.push(w);
      if (!w.startsWith('-') || w === '-') operands.push(w);
      continue;
    }
    let value: string | undefined = w.slice(option.length);
    if (value.startsWith('=')) value = value.slice(1);
    if (value === '') value = words[++i];
    if (value === undefined) continue;
    (COMPILER_WRITTEN_OPTIONS.has(option) ? writes : reads).push(value);
    if (option === '-o') output = true;
    if (w.length > option.length) plain.push(w); // the word as written is no path: its value is
  }
  for (let k = 0; k < passed.length; k++) {
    const item = passed[k]!;
    const eq = item.indexOf('=');
    const listing = ASSEMBLER_LISTING.exec(item)?.[1];
    if (listing !== undefined) {
      writes.push(listing);
      continue;
    }
    const name = item.startsWith('-') && eq > 0 ? item.slice(0, eq) : item;
    if (!COMPILER_LIST_OUTPUTS.has(name)) continue;
    if (name === '-o' || name === '--output') output = true;
    if (name !== item) writes.push(item.slice(eq + 1));
    else if (k + 1 < passed.length) writes.push(passed[++k]!);
  }
  // cpp's second operand is its output (`cpp in.c out.i`; GNU cpp 12 writes it, whatever its
  // name): every operand after the first is taken as written, a wildcard first one too (`cpp lib/*`).
  if (CPP.test(words[0] ?? '')) writes.push(...(operands.length > 0 && maySplit(operands[0]!) ? operands : operands.slice(1)).filter((w) => w !== '-'));
  // (cpp only preprocesses: it writes no object nor a.out.)
  if (!output && !CPP.test(words[0] ?? '')) {
    const has = (flag: string): boolean => words.includes(flag);
    if (has('-c')) writes.push(...sources.map((src) => src.replace(/^.*\//, '').replace(COMPILER_SOURCE, '.o')));
    else if (has('-S')) writes.push(...sources.map((src) => src.replace(/^.*\//, '').replace(COMPILER_SOURCE, '.s')));
    else if (!has('-E') && !has('-M') && !has('-MM') && !has('-fsyntax-only') && sources.length > 0) writes.push('a.out');
  }
  return { reads, writes, plain };
}
const COMPILER_SOURCE = /\.(?:c|cc|cp|cpp|cxx|c\+\+|C|m|mm|s|S|sx|i|ii)$/;
/** The C preprocessor by its names (COMPILER_DRIVER's `cpp`, `x86_64-linux-gnu-cpp-12`). */
const CPP = /^(?:[\w.]+-)*cpp(?:-\d+(?:\.\d+)*)?$/;

/** 7-Zip's names. */
export const SEVEN_ZIP_PROGRAMS: ReadonlySet<string> = new Set(['7z', '7za', '7zr']);

export const PACKAGE_RUNNERS: ReadonlySet<string> = new Set(['npx', 'pnpx', 'bunx']);

// -M and -m load a module (`-Mlib=/x` adds /x to where modules load from): read by their look, as -I.
const PERL: OperandGrammar = { valued: 'eEIMm', script: { codeLetters: 'eE' }, opaque: 'IMm' };
// With -i the code comes from -e and every operand is a file edited in place.
const PERL_IN_PLACE: OperandGrammar = { valued: 'eEIMm', opaque: 'IMm' };
// ruby's -i is perl's.
const RUBY_IN_PLACE: OperandGrammar = { valued: 'eIrC', opaque: 'IrC' };
export const IN_PLACE_EDITORS: ReadonlyMap<string, readonly [OperandGrammar, OperandGrammar]> = new Map([['perl', [PERL, PERL_IN_PLACE]], ['ruby', [GRAMMARS.get('ruby')!, RUBY_IN_PLACE]]]);

/**
 * The option word of an in-place edit and its backup suffix (`-i.bak`, `--in-place=.orig`;
 * `''` for none), or undefined when the command edits nothing in place. `valued`: the
 * program's short options that take a value (a cluster stops at them).
 */
export function inPlaceOption(words: readonly string[], valued: string): { word: string; suffix: string } | undefined {
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') return undefined;
    // `--in-place`, `--in-place=.bak`, abbreviated too (`--i`: sed has no other long option starting so).
    if (word.startsWith('--') && longName(word, ['--in-place']) === '--in-place') return { word, suffix: word.includes('=') ? word.slice(word.indexOf('=') + 1) : '' };
    if (!word.startsWith('-') || word.startsWith('--') || word === '-') continue;
    for (let k = 1; k < word.length; k++) {
      if (word[k] === 'i') return { word, suffix: word.slice(k + 1) };
      if (valued.includes(word[k]!)) {
        if (k === word.length - 1) i++;
        break;
      }
    }
  }
  return undefined;
}
