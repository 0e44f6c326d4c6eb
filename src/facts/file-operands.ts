// Programs whose operands are files. A bare word is usually no file (`git log`, `grep TODO`),
// so bare words are not held to the path allowlists; but `rm package.json` removes the file
// `./package.json` names, and must be judged like it. For the programs below, the words that
// are files by the program's own grammar are paths, whether written `./x` or `x`.
import { hasOption, lastOptionValue, longName, optionIs, optionValues, type OptionSpelling } from './options.js';
import { stdinPaths } from './shell/wrappers.js';
import { within } from './within.js';

/** How one program reads its arguments (GNU coreutils, grep and sed conventions). */
interface OperandGrammar {
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
   */
  writesInto?: { when?: OptionSpelling; unless?: OptionSpelling; despite?: OptionSpelling; unlessOperand?: boolean; withOperand?: boolean; readOnlyFirst?: readonly string[]; directory?: OptionSpelling; anywhere?: OptionSpelling; wholeTree?: boolean; whenRevision?: boolean; firstIn?: readonly string[] };
  /** Its file operands are git pathspecs: `:/a` and `:(top)a` name `a` at the work tree's top (pathspecTarget). */
  pathspecs?: boolean;
  /** With only excluding pathspecs (`:!x`) it acts on the rest of the whole tree, from the top (restore, checkout; not rm or clean). */
  excludesFromTop?: true;
  /** Files it writes beside its file operands, not beside option values (`gzip a` writes `a.gz`, `patch a.c` may leave `a.c.orig`). */
  outputs?: (files: readonly string[], words: readonly string[]) => string[];
  /** The option whose value is the directory it works in (`tar -C DIR`, `make -C DIR`, `patch -d DIR`). */
  directory?: OptionSpelling;
}

const PLAIN: OperandGrammar = { valued: '' };
/** tar's short options that take a value (old-style bundles take them from the next words). */
export const TAR_VALUED = 'fCTXbLNgVHKIF';
const TAR: OperandGrammar = {
  valued: TAR_VALUED, fileValued: 'fTXg', opaque: 'CIF',
  valuedLong: ['--exclude', '--transform', '--xform', '--format', '--owner', '--group', '--mode', '--mtime', '--label', '--blocking-factor', '--newer', '--after-date', '--strip-components', '--directory'],
  fileLong: ['--file', '--files-from', '--exclude-from', '--listed-incremental'],
  flagLong: ['--extract', '--get', '--list', '--diff', '--compare', '--create', '--append', '--update', '--checkpoint', '--backup', '--occurrence', '--totals', '--atime-preserve'],
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
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
// scp's and rsync's remote operands: a colon before any slash (a local `a:b` is written `./a:b`), or a URL.
const REMOTE_OPERAND = /^[^/]*:|^[a-z]+:\/\//i;
const GREP: OperandGrammar = { valued: 'efmABCdD', fileValued: 'f', lead: 1, leadGivenBy: ['-e', '-f', '--regexp', '--file'], valuedLong: ['--regexp', '--max-count', '--context', '--after-context', '--before-context', '--include', '--exclude', '--exclude-dir'], fileLong: ['--file', '--exclude-from'] };
const OWNER_OR_MODE: OperandGrammar = { valued: '', lead: 1, leadGivenBy: ['--reference'] };
const TARGET_FIRST: OperandGrammar = { valued: 'St', fileValued: 't', valuedLong: ['--suffix'], fileLong: ['--target-directory'], opaque: 'S', opaqueLong: ['--suffix'] };
// Which of its file operands a program writes: none (it reads them), the first, the second, the last.
const READS_ALL = (): readonly string[] => [];
const WRITES_FIRST = (files: readonly string[]): readonly string[] => files.slice(0, 1);
const WRITES_SECOND = (files: readonly string[]): readonly string[] => files.slice(1, 2);
/** The last operand, when it is a local file (scp's and rsync's destination may be another host's). */
const WRITES_LAST = (files: readonly string[], _words: readonly string[], operands: readonly string[]): readonly string[] => {
  const last = operands[operands.length - 1];
  return last !== undefined && files.includes(last) ? [last] : [];
};
const TARGET_OPTION: OptionSpelling = { letters: 't', long: ['--target-directory'] };
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

const GRAMMARS: ReadonlyMap<string, OperandGrammar> = new Map<string, OperandGrammar>([
  // read
  ['cat', PLAIN], ['tac', PLAIN], ['wc', PLAIN], ['sha256sum', PLAIN], ['sha1sum', PLAIN], ['md5sum', PLAIN],
  ['readlink', PLAIN], ['realpath', PLAIN], ['strings', { valued: 'nte' }],
  ['head', { valued: 'nc', valuedLong: ['--lines', '--bytes'] }],
  ['tail', { valued: 'ncs', valuedLong: ['--lines', '--bytes', '--sleep-interval', '--pid', '--max-unchanged-stats'] }],
  ['nl', { valued: 'bdfhilnsvw' }], ['od', { valued: 'AjNSt', optionalValued: 'w', valuedLong: ['--address-radix', '--skip-bytes', '--read-bytes', '--format', '--endian'], flagLong: ['--strings', '--width'] }], ['hexdump', { valued: 'efns', fileValued: 'f' }],
  ['file', { valued: 'mfFeP', fileValued: 'mf', fileLong: ['--magic-file', '--files-from'] }], ['stat', { valued: 'c', valuedLong: ['--format', '--printf'] }],
  ['diff', { valued: 'UCxXIFLS', fileValued: 'X', valuedLong: ['--label', '--exclude', '--ignore-matching-lines', '--starting-file'], fileLong: ['--exclude-from', '--from-file', '--to-file'], flagLong: ['--unified', '--context', '--color'] }],
  ['cmp', { valued: 'in', valuedLong: ['--ignore-initial', '--bytes'] }],
  ['ls', { valued: 'ITw', valuedLong: ['--ignore', '--hide', '--tabsize', '--width', '--block-size', '--format', '--sort', '--time', '--time-style', '--quoting-style', '--indicator-style'], flagLong: ['--color', '--classify', '--hyperlink'] }],
  ['du', { valued: 'BdtX', fileValued: 'X', valuedLong: ['--block-size', '--max-depth', '--threshold', '--exclude', '--time-style'], fileLong: ['--exclude-from', '--files0-from'], flagLong: ['--time'] }],
  ['cut', { valued: 'bcdf', valuedLong: ['--bytes', '--characters', '--delimiter', '--fields', '--output-delimiter'] }],
  ['sort', { writes: { operands: READS_ALL, readLong: ['--files0-from', '--random-source'] }, valued: 'ktSTo', fileValued: 'To', valuedLong: ['--key', '--field-separator', '--buffer-size', '--parallel', '--batch-size', '--sort', '--compress-program'], fileLong: ['--output', '--temporary-directory', '--files0-from', '--random-source'] }],
  ['uniq', { writes: { operands: WRITES_SECOND }, valued: 'fsw', valuedLong: ['--skip-fields', '--skip-chars', '--check-chars'], flagLong: ['--group', '--all-repeated'] }],
  ['grep', GREP], ['egrep', GREP], ['fgrep', GREP],
  // (`rg --files` takes no pattern: every operand is a path)
  ['rg', { ...GREP, leadGivenBy: [...GREP.leadGivenBy!, '--files', '--type-list'], valued: 'efgtTmABCjMEr', valuedLong: [...GREP.valuedLong!, '--glob', '--type', '--type-not', '--threads', '--max-columns', '--encoding', '--replace', '--max-depth', '--type-add', '--pre', '--pre-glob'], opaqueLong: ['--pre'] }],
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
  ['install', { writes: copying('gmoSt', { letters: 'd', long: ['--directory'] }), valued: 'gmoSt', fileValued: 't', valuedLong: ['--group', '--mode', '--owner', '--suffix'], fileLong: ['--target-directory'], opaque: 'S', opaqueLong: ['--suffix'] }],
  ['truncate', { writes: { readValued: 'r', readLong: ['--reference'] }, valued: 'sr', fileValued: 'r', valuedLong: ['--size'], fileLong: ['--reference'] }],
  ['shred', { valued: 'ns', valuedLong: ['--iterations', '--size'], fileLong: ['--random-source'] }],
  ['chmod', OWNER_OR_MODE], ['chown', OWNER_OR_MODE], ['chgrp', OWNER_OR_MODE],
  // sed writes its files only in place (-i); its script's own files are read from the script
  ...['sed', 'gsed'].map((name): [string, OperandGrammar] => [name, {
    valued: 'efl', fileValued: 'f', lead: 1, leadGivenBy: ['-e', '-f', '--expression', '--file'], valuedLong: ['--expression', '--line-length'], fileLong: ['--file'],
    writes: { operands: (files, words) => (inPlaceOption(words, 'efl') === undefined ? [] : files), readValued: 'f', readLong: ['--file'] },
  }]),
  ['dd', { valued: '', keyed: ['if', 'of'], writes: { readKeys: ['if'] } }],
  // unzip: the archive (members after it are names in it), extracted into the working directory or -d's
  ['unzip', { writes: { operands: READS_ALL }, valued: 'dP', fileValued: 'd', firstOnly: true, writesInto: { unless: { letters: 'ltpvZz', long: [] }, directory: { letters: 'd', long: [] }, anywhere: { letters: ':', long: [] } } }],
  // tar: the archive, the files put in or named, the lists it reads (old-style `tar czf a.tgz d` too, see tarWords)
  ['tar', TAR], ['gtar', TAR],
  // compressors: each file, and the file they write beside it (compressed or decompressed)
  ...['gzip', 'gunzip', 'pigz', 'unpigz'].map((name): [string, OperandGrammar] => [name, GZIP]),
  ...['bzip2', 'bunzip2', 'pbzip2'].map((name): [string, OperandGrammar] => [name, { valued: '', outputs: compressed('.bz2', BZIP2_NAMES) }]),
  ...['xz', 'unxz'].map((name): [string, OperandGrammar] => [name, xz('.xz')]),
  ...['lzma', 'unlzma'].map((name): [string, OperandGrammar] => [name, xz('.lzma')]),
  ...['zstd', 'unzstd'].map((name): [string, OperandGrammar] => [name, {
    valued: 'oD', fileValued: 'oD', fileLong: ['--output-dir-flat', '--output-dir-mirror', '--filelist', '--patch-from'], outputs: compressed('.zst', ZSTD_NAMES),
  }]),
  ...['lz4', 'unlz4'].map((name): [string, OperandGrammar] => [name, { valued: '', outputs: compressed('.lz4', [['.lz4', '']]) }]),
  ...['zcat', 'gzcat', 'bzcat', 'xzcat', 'lzcat', 'zstdcat', 'lz4cat'].map((name): [string, OperandGrammar] => [name, PLAIN]),
  // zip: the archive written (`.zip` added to a name without one), the files put in it (-x and -i patterns are no files)
  ['zip', {
    valued: 'bnOPtZxi', fileValued: 'bO', valuedLong: ['--password', '--suffixes', '--compression-method', '--exclude', '--include'], fileLong: ['--temp-path', '--output-file', '--out'],
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
    outputs: (files, words) => [...files.slice(0, 1), ...optional(lastOptionValue(words, { letters: 'o', long: ['--output'] }, 'pFdDiorBYzVgx'))].flatMap((file) => [`${file}.orig`, `${file}.rej`]),
    directory: { letters: 'd', long: ['--directory'] },
  }],
  // make: its targets are no files; -C is where it works
  ...['make', 'gmake'].map((name): [string, OperandGrammar] => [name, { valued: 'CfIjlWoO', opaque: 'fIWoO', noOperandFiles: true, directory: { letters: 'C', long: ['--directory'] } }]),
  // read
  ['jq', {
    valued: 'L', opaque: 'L', lead: 1, leadGivenBy: ['-f', '--from-file'],
    valuedLong: ['--indent'], pairLong: ['--arg', '--argjson'], pairFileLong: ['--slurpfile', '--rawfile'], argumentsAfter: ['--args', '--jsonargs'],
  }],
  // formatters and fixers: the files they rewrite in place (or only read, checking)
  ['prettier', {
    valued: '', valuedLong: ['--parser', '--plugin', '--print-width', '--tab-width', '--trailing-comma', '--log-level', '--end-of-line', '--arrow-parens', '--prose-wrap', '--quote-props', '--stdin-filepath', '--cache-strategy', '--config-precedence', '--cursor-offset', '--range-start', '--range-end'],
    fileLong: ['--config', '--ignore-path', '--cache-location'],
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
  ['scp', { valued: 'cFiJloPSDX', fileValued: 'Fi', opaque: 'S', remoteOperands: true, writes: { operands: WRITES_LAST, readValued: 'Fi' } }],
  ['rsync', {
    valued: 'eBfMT', opaque: 'e', remoteOperands: true,
    writes: { operands: allWhen({ letters: '', long: ['--remove-source-files', '--remove-sent-files'] }, 'eBfMT', WRITES_LAST), readLong: ['--exclude-from', '--include-from', '--files-from', '--password-file', '--read-batch'] },
    valuedLong: ['--rsh', '--rsync-path', '--filter', '--exclude', '--include', '--max-size', '--min-size', '--timeout', '--bwlimit', '--chmod', '--chown', '--usermap', '--groupmap', '--suffix', '--compare-dest', '--copy-dest', '--link-dest', '--backup-dir', '--partial-dir', '--temp-dir', '--out-format', '--log-file-format', '--port', '--sockopts', '--info', '--debug', '--iconv', '--checksum-choice', '--compress-choice'],
    fileLong: ['--exclude-from', '--include-from', '--files-from', '--password-file', '--log-file', '--write-batch', '--only-write-batch', '--read-batch'],
    opaqueLong: ['--rsh', '--rsync-path', '--compare-dest', '--copy-dest', '--link-dest', '--backup-dir', '--partial-dir', '--temp-dir'],
    flagLong: ['--group', '--backup', '--partial', '--checksum', '--compress'],
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
    valued: 'AbcCdDeEFHKmoPQrTtuUwxXyYz', fileValued: 'oTKcDE', opaque: 'bdFw',
    valuedLong: ['--user-agent', '--header', '--request', '--user', '--max-time', '--connect-timeout', '--retry', '--range', '--referer', '--proxy', '--url', '--data', '--data-binary', '--data-raw', '--data-urlencode', '--data-ascii', '--form', '--cookie', '--write-out', '--output-dir'],
    // --libcurl writes C source, --hsts and --alt-svc read and update their cache files, --etag-save writes the ETag (--etag-compare reads it)
    fileLong: [
      '--output', '--upload-file', '--config', '--cookie-jar', '--dump-header', '--cert', '--key', '--cacert', '--netrc-file', '--trace', '--trace-ascii', '--stderr', '--output-dir',
      '--libcurl', '--hsts', '--alt-svc', '--etag-save', '--etag-compare', '--ssl-sessions', '--proxy-cert', '--proxy-key', '--proxy-cacert', '--crlfile',
    ],
    opaqueLong: ['--data', '--data-binary', '--data-urlencode', '--data-ascii', '--form', '--cookie', '--write-out', '--url'],
    flagLong: ['--head', '--netrc'],
    noOperandFiles: true,
    writes: { readValued: 'TKE', readLong: ['--upload-file', '--config', '--cert', '--key', '--cacert', '--netrc-file', '--etag-compare', '--proxy-cert', '--proxy-key', '--proxy-cacert', '--crlfile'] },
    writesInto: { when: { letters: 'O', long: ['--remote-name', '--remote-name-all'] }, directory: { letters: '', long: ['--output-dir'] } },
  }],
  ['wget', {
    valued: 'OoaPiBtTwQeUlARDXI', fileValued: 'OoaPi', opaque: 'e',
    valuedLong: ['--tries', '--timeout', '--wait', '--user-agent', '--header', '--level', '--accept', '--reject', '--domains', '--post-data', '--execute', '--user', '--password'],
    fileLong: ['--output-document', '--output-file', '--append-output', '--directory-prefix', '--input-file', '--post-file', '--load-cookies', '--save-cookies', '--certificate', '--private-key', '--ca-certificate'],
    opaqueLong: ['--execute'],
    noOperandFiles: true,
    writes: { readValued: 'i', readLong: ['--input-file', '--post-file', '--load-cookies', '--certificate', '--private-key', '--ca-certificate'] },
    writesInto: { unless: { letters: 'O', long: ['--output-document', '--spider'] }, directory: { letters: 'P', long: ['--directory-prefix'] } },
  }],
  // awk reads its files; what its program writes is read from the program (shell/hidden-commands.ts)
  // (`awk` is gawk on many systems: its options count for every awk; gawk: -e/--source give
  // program text, -E/--exec a program file). gawk's `-i inplace` (any included library, to be
  // safe) edits every file it reads; -d, -p and -o write their file, or ./awkvars.out,
  // ./awkprof.out without one; -i/--include and -l/--load name a library (opaque).
  ...['awk', 'gawk', 'mawk', 'nawk'].map((name): [string, OperandGrammar] => [name, {
    valued: 'FvfeEil', fileValued: 'fE', opaque: 'il', optionalValued: 'dpoDL', valuedLong: ['--field-separator', '--assign', '--source', '--include', '--load'], opaqueLong: ['--include', '--load'],
    fileLong: ['--file', '--exec'], lead: 1, leadGivenBy: ['-f', '--file', '-e', '--source', '-E', '--exec'], assignments: true,
    writes: { operands: (files, words) => (hasOption(words, AWK_INCLUDE, 'FvfeEildpoDL') ? files : []), readValued: 'fE', readLong: ['--file', '--exec'] },
    outputs: (_files, words) => awkOutputs(words),
  }]),
  // split and csplit read one file and write pieces named by a prefix they are given (split's
  // second operand, csplit's -f; `x` and `xx` without one), in the prefix's directory
  ['split', {
    valued: 'abClnt', valuedLong: ['--suffix-length', '--additional-suffix', '--bytes', '--line-bytes', '--lines', '--number', '--separator', '--filter'],
    flagLong: ['--numeric-suffixes', '--hex-suffixes', '--elide-empty-files', '--unbuffered', '--verbose'], firstOnly: true,
    writes: { operands: READS_ALL }, outputs: (_files, words) => splitOutputs(words),
  }],
  ['csplit', {
    valued: 'bfn', valuedLong: ['--suffix-format', '--prefix', '--digits'], flagLong: ['--keep-files', '--elide-empty-files', '--suppress-matched', '--quiet', '--silent'], firstOnly: true,
    writes: { operands: READS_ALL }, outputs: (_files, words) => csplitOutputs(words),
  }],
  ['base64', { valued: 'w', valuedLong: ['--wrap'] }],
  // tree reads what it lists, and writes -o's file; with -R (and -H) an index file in every directory it lists
  ['tree', {
    valued: 'LPIoHT', fileValued: 'o', valuedLong: ['--charset', '--filelimit', '--timefmt', '--sort', '--hintro', '--houtro', '--infile'],
    writes: { operands: allWhen({ letters: 'R', long: [] }, 'LPIoHT', READS_ALL) }, writesInto: { when: { letters: 'R', long: [] }, unlessOperand: true },
  }],
  ['xxd', { valued: 'cglnos', wholeWords: ['-cols', '-group', '-len', '-name', '-offset', '-seek', '-skip'], writes: { operands: WRITES_SECOND } }],
  // interpreters: the script file
  ...['python', 'python2', 'python3'].map((name): [string, OperandGrammar] => [name, { valued: 'WXcm', script: { codeLetters: 'cm' } }]),
  ['node', { valued: 'erpC', valuedLong: ['--require', '--import', '--loader', '--experimental-loader', '--conditions', '--input-type', '--eval', '--print'], script: { codeLetters: 'ep', codeLong: ['--eval', '--print'] }, opaque: 'r', opaqueLong: ['--require', '--import', '--loader', '--experimental-loader'] }],
  ...['bash', 'sh', 'dash', 'zsh', 'ksh'].map((name): [string, OperandGrammar] => [name, { valued: 'oO', script: { codeLetters: 'cs' } }]),
  ['ruby', { valued: 'eIrC', script: { codeLetters: 'e' }, opaque: 'IrC' }],
]);

/** Git subcommands that write the files they name (`git restore a.txt` overwrites it). */
const GIT_GRAMMARS: ReadonlyMap<string, OperandGrammar> = new Map<string, OperandGrammar>([
  ['restore', { valued: 's', valuedLong: ['--source'], fileLong: ['--pathspec-from-file'], pathspecs: true, excludesFromTop: true }],
  ['rm', { valued: '', fileLong: ['--pathspec-from-file'], pathspecs: true }],
  ['mv', { valued: '', pathspecs: true }],
  // `git checkout X` restores the file X when X names no branch (tested against git): read
  // as a file, so a branch name meets the path checks too; `git switch` names only branches.
  // `git diff/log/show --output=FILE` write FILE (their other operands are revisions or paths they read)
  ...['diff', 'log', 'show'].map((name): [string, OperandGrammar] => [name, { valued: '', fileLong: ['--output'], noOperandFiles: true }]),
  // format-patch writes its patches into the working directory, or -o's, unless --stdout
  ['format-patch', { valued: 'o', fileValued: 'o', fileLong: ['--output-directory'], noOperandFiles: true, writesInto: { unless: { letters: '', long: ['--stdout'] }, directory: { letters: 'o', long: ['--output-directory'] } } }],
  // `git checkout main` may also switch the whole work tree to the branch main.
  ['checkout', { valued: 'bB', valuedLong: ['--orphan', '--conflict'], fileLong: ['--pathspec-from-file'], commitsBeforeDashes: true, pathspecs: true, excludesFromTop: true, writesInto: { wholeTree: true, whenRevision: true } }],
  // Subcommands that rewrite the work tree with files the line does not name (from a patch,
  // a commit, another branch): the working directory counts as written.
  ['apply', { writes: { operands: READS_ALL }, valued: '', valuedLong: ['--exclude', '--include', '--directory', '--whitespace', '--build-fake-ancestor'], writesInto: { unless: { letters: '', long: ['--check', '--stat', '--numstat', '--summary', '--cached'] }, despite: { letters: '', long: ['--apply'] } } }],
  // Those that work from the work tree's top, wherever they run, write the whole tree (git
  // apply and git clean, from a subdirectory, only there: `wholeTree` is not theirs).
  ['am', { writes: { operands: READS_ALL }, valued: '', valuedLong: ['--whitespace', '--directory', '--exclude', '--include', '--patch-format', '--resolvemsg', '--quoted-cr', '--empty'], writesInto: { wholeTree: true } }],
  ['stash', { valued: 'm', valuedLong: ['--message'], fileLong: ['--pathspec-from-file'], noOperandFiles: true, writesInto: { readOnlyFirst: ['list', 'show', 'create', 'store', 'drop', 'clear'], wholeTree: true } }],
  ['reset', { valued: '', fileLong: ['--pathspec-from-file'], noOperandFiles: true, writesInto: { when: { letters: '', long: ['--hard', '--merge', '--keep'] }, wholeTree: true } }],
  ...['merge', 'pull', 'rebase', 'cherry-pick', 'revert'].map((name): [string, OperandGrammar] => [name, { valued: 'mFsXx', noOperandFiles: true, writesInto: { wholeTree: true } }]),
  // checkout-index -a writes every file in the index (or under --prefix's directory), read-tree -u the tree it reads,
  // sparse-checkout (but `list`) removes and restores files all over the tree
  ['checkout-index', { valued: 'z', valuedLong: ['--stage'], fileLong: ['--prefix'], pathspecs: true, excludesFromTop: true, writesInto: { unlessOperand: true, wholeTree: true } }],
  ['read-tree', { valued: '', valuedLong: ['--prefix', '--exclude-per-directory'], fileLong: ['--index-output'], noOperandFiles: true, writesInto: { when: { letters: 'u', long: [] }, wholeTree: true } }],
  ['sparse-checkout', { valued: '', noOperandFiles: true, writesInto: { readOnlyFirst: ['list'], wholeTree: true } }],
  // `git switch -c new` stays on the same commit; given a branch or a start point, it changes the files
  ['switch', { valued: 'cC', valuedLong: ['--create', '--force-create', '--orphan', '--conflict'], flagLong: ['--force'], noOperandFiles: true, writesInto: { withOperand: true, wholeTree: true } }],
  ['clean', { valued: 'e', valuedLong: ['--exclude'], pathspecs: true, writesInto: { unless: { letters: 'n', long: ['--dry-run'] }, unlessOperand: true } }],
  // files they write that no other word shows: archive -o's, merge-file's first file (the result, unless -p), the bundle, the new worktree
  ['archive', { valued: 'o', fileValued: 'o', fileLong: ['--output'], valuedLong: ['--format', '--prefix', '--remote', '--exec'], noOperandFiles: true }],
  ['merge-file', { valued: 'L', writes: { operands: (files, words) => (hasOption(words, { letters: 'p', long: ['--stdout'] }, 'L') ? [] : files.slice(0, 1)) } }],
  ['bundle', { valued: '', lead: 1, firstOnly: true }],
  // worktree: its action, then the worktree's directory (`add DIR COMMIT`: the commit is read; `move OLD NEW`: both written)
  ['worktree', { valued: 'bB', valuedLong: ['--reason'], lead: 1, writes: { operands: (files, _words, operands) => (operands[0] === 'add' ? files.slice(0, 1) : files) } }],
  // clone: the repository's URL, then the directory it creates (else one named after the URL, here)
  ['clone', {
    valued: 'objuc', lead: 1, valuedLong: ['--origin', '--branch', '--depth', '--upload-pack', '--config', '--jobs', '--filter', '--shallow-since', '--shallow-exclude', '--server-option', '--bundle-uri'],
    fileLong: ['--reference', '--reference-if-able', '--separate-git-dir', '--template'], writesInto: { unlessOperand: true },
  }],
]);
// Git's own options before the subcommand that take the next word (`git -C dir restore x`).
const GIT_GLOBAL_VALUED = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--exec-path', '--list-cmds']);

/** The index of git's subcommand in a git command's words (`git` first), past git's own options; words.length when there is none. */
export function gitSubcommandAt(words: readonly string[]): number {
  let i = 1;
  while (i < words.length && words[i]!.startsWith('-')) i += GIT_GLOBAL_VALUED.has(words[i]!) ? 2 : 1;
  return Math.min(i, words.length);
}

/** Git subcommands that write no file other than their `--output` (diff, log, show). */
const GIT_READ_ONLY: ReadonlySet<string> = new Set(['status', 'diff', 'log', 'show', 'blame', 'ls-files', 'grep', 'rev-parse', 'branch']);

/** The subcommand's index in a git command's words, and its grammar. */
function gitGrammar(words: readonly string[]): { at: number; grammar: OperandGrammar | undefined } {
  const at = gitSubcommandAt(words);
  return { at, grammar: GIT_GRAMMARS.get(words[at] ?? '') };
}

const LONG_NAMES = new WeakMap<OperandGrammar, readonly string[]>();

/**
 * Every long name a grammar holds, in any of its fields (valuedLong, fileLong, flagLong,
 * leadGivenBy, writesInto's options...): those an abbreviated long option is read by (longName).
 */
function longNamesOf(grammar: OperandGrammar): readonly string[] {
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
   * (shell/hidden-commands.ts).
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
}

const NO_ROLES: WordRoles = Object.freeze({ files: [], plain: [] }) as unknown as WordRoles;

/** fileOperands, with the words known to be no file. */
export function wordRoles(words: readonly string[]): WordRoles {
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
  if (program === 'find') return findRoles(words);
  if (AWK_PROGRAMS.has(program) && words.some((w) => w.startsWith('-') && !w.startsWith('--') && w.includes('W'))) {
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
  if (program === 'tar' || program === 'gtar') {
    const dashed = tarWords(words);
    const roles = operandsBy(dashed, 0, TAR);
    const extracting = extracts(dashed);
    // The members it puts in or names are read (extracting writes the archive's members, names
    // unknown, where its -C options lead, each from the one before, else here: `into`); the
    // archive is written, unless the command only reads it (extract, list, compare); a
    // listed-incremental snapshot is written.
    const known = longNamesOf(TAR);
    const archiveRead = extracting || hasOption(dashed, { letters: 'td', long: ['--list', '--diff', '--compare'] }, TAR.valued, known);
    const archives = optionValues(dashed, { letters: 'f', long: ['--file'] }, TAR.valued, 1, known);
    const snapshots = optionValues(dashed, { letters: 'g', long: ['--listed-incremental'] }, TAR.valued, 1, known);
    // --remove-files deletes the members it put in.
    const removes = hasOption(dashed, { letters: '', long: ['--remove-files'] }, TAR.valued, known);
    const reads = removes ? [] : roles.files.filter((file) => !snapshots.includes(file) && (archiveRead || !archives.includes(file)));
    // With -P (--absolute-names) it extracts `/x` and `../x` as they are: anywhere.
    const anywhere = hasOption(dashed, { letters: 'P', long: ['--absolute-names'] }, TAR.valued, known);
    const into = anywhere ? '/' : optionValues(dashed, TAR.directory!, TAR.valued, 1, known).reduce(within, '') || '.';
    return { files: extracting ? [...roles.files, into] : roles.files, plain: roles.plain, reads };
  }
  const { at, grammar } = program === 'git' ? gitGrammar(words) : { at: 0, grammar: GRAMMARS.get(program) };
  if (program === 'git' && GIT_READ_ONLY.has(words[at] ?? '')) {
    // Their grammars (diff, log, show) name only the files they write (`--output`).
    const files = grammar === undefined ? [] : operandsBy(words, at, grammar).files;
    return { files, plain: [], writesOnly: files };
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
    for (const word of reading.operandFiles) {
      const target = pathspecTarget(word);
      if (target === undefined) continue;
      files = files.filter((file) => file !== word);
      plain = [...plain, word];
      if (target.fromTop) fromTop.push(target.path);
      else files = [...files, target.path === '' ? '.' : target.path];
    }
  }
  let reads = reading.reads;
  if (grammar.outputs !== undefined) {
    const outputs = grammar.outputs(reading.operandFiles, words);
    files = [...files, ...outputs];
    // An output that is also an input is written all the same (`gawk -dref 1 ref`).
    reads = reads?.filter((file) => !outputs.includes(file));
  }
  const into = grammar.writesInto === undefined ? undefined : writtenDirectory(words, at, grammar, grammar.writesInto, reading);
  if (into !== undefined && grammar.writesInto?.wholeTree === true) fromTop.push('');
  else if (into !== undefined) files = [...files, into];
  const inPlace = program === 'sed' || program === 'gsed' ? inPlaceOption(words, grammar.valued) : undefined;
  if (inPlace !== undefined) {
    files = [...files, ...backups(reading.files, inPlace.suffix)];
    plain = [...plain, inPlace.word];
  }
  return rolesOf({ ...reading, files, plain, fromTop, reads });
}

/** The roles alone, without the reading's operands. */
function rolesOf({ files, plain, script, reads, fromTop }: WordRoles): WordRoles {
  const roles: WordRoles = script !== undefined ? { files, plain, script } : { files, plain };
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
  const long = /^:\(([^)]*)\)(.*)$/s.exec(word);
  if (long !== null) {
    const magic = long[1]!.split(',').map((m) => m.trim().split(':', 1)[0]!);
    return { path: long[2]!, fromTop: magic.includes('top') };
  }
  const short = /^:([/!^]*):?(.*)$/s.exec(word)!;
  return { path: short[2]!, fromTop: short[1]!.includes('/') };
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
  if (has(into.anywhere)) return '/';
  return (into.directory === undefined ? undefined : lastOptionValue(words, into.directory, grammar.valued, at + 1, known)) ?? '.';
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
  if (program === 'tar' || program === 'gtar') return optionValues(tarWords(words), TAR.directory!, TAR.valued, 1, longNamesOf(TAR));
  const grammar = GRAMMARS.get(program);
  return grammar?.directory === undefined ? [] : optionValues(words, grammar.directory, grammar.valued, 1, longNamesOf(grammar));
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
function extracts(words: readonly string[]): boolean {
  return hasOption(words, { letters: 'x', long: ['--extract', '--get'] }, TAR.valued, longNamesOf(TAR));
}

const AWK_INCLUDE: OptionSpelling = { letters: 'i', long: ['--include'] };
// gawk's options that write a file, and the file they write without one.
const AWK_OUTPUTS: readonly (readonly [string, string, string])[] = [['d', '--dump-variables', 'awkvars.out'], ['p', '--profile', 'awkprof.out'], ['o', '--pretty-print', 'awkprof.out']];

const AWK_PROGRAMS: ReadonlySet<string> = new Set(['awk', 'gawk', 'mawk', 'nawk']);

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

// gawk's long options that take the next word as their value.
const AWK_VALUED_LONG = ['--file', '--exec', '--field-separator', '--assign', '--include', '--load', '--source'];

/** The files gawk's -d, -p and -o (and their long names, abbreviated too) write, among the options before the program. */
function awkOutputs(words: readonly string[]): string[] {
  const out: string[] = [];
  const known = [...AWK_VALUED_LONG, ...AWK_OUTPUTS.map(([, long]) => long), '--debug', '--lint', '--lint-old', '--dump'];
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--' || !word.startsWith('-') || word === '-') break;
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const name = longName(word, known);
      const found = AWK_OUTPUTS.find(([, long]) => name === long);
      if (found !== undefined) out.push(eq < 0 ? found[2] : word.slice(eq + 1));
      else if (eq < 0 && AWK_VALUED_LONG.includes(name)) i++;
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
function splitOutputs(words: readonly string[]): string[] {
  const grammar = GRAMMARS.get('split')!;
  const known = longNamesOf(grammar);
  const prefix = operandsBy(words, 0, grammar).operands[1] ?? 'x';
  const length = Number(lastOptionValue(words, { letters: 'a', long: ['--suffix-length'] }, grammar.valued, 1, known) ?? 2);
  const added = lastOptionValue(words, { letters: '', long: ['--additional-suffix'] }, grammar.valued, 1, known) ?? '';
  return [prefix + PIECE_CHARACTER.repeat(Number.isInteger(length) && length > 0 && length < 16 ? length : 2) + added];
}

/** The pieces csplit writes: -f's PREFIX (`xx` without one), then -n's digits (2), or -b's printf format with its number. */
function csplitOutputs(words: readonly string[]): string[] {
  const grammar = GRAMMARS.get('csplit')!;
  const known = longNamesOf(grammar);
  const value = (letters: string, long: string): string | undefined => lastOptionValue(words, { letters, long: [long] }, grammar.valued, 1, known);
  const digits = Number(value('n', '--digits') ?? 2);
  const format = value('b', '--suffix-format');
  const number = PIECE_CHARACTER.repeat(Number.isInteger(digits) && digits > 0 && digits < 16 ? digits : 2);
  // The format's conversion (`%03d`, `%x`) is the number, as wide as it says; the rest is as written.
  const converted = (width: string): string => PIECE_CHARACTER.repeat(Math.min(Math.max(Number(width) || 1, 1), 15));
  const suffix = format === undefined ? number : format.replace(/%[-+ #0]*(\d*)(?:\.\d*)?[diouxX]/g, (_m, width: string) => converted(width)).replace(/%%/g, '%');
  return [(value('f', '--prefix') ?? 'xx') + suffix];
}

// One character of a piece's suffix: a letter (split), a decimal or hex digit (-d, -x, csplit).
const PIECE_CHARACTER = '[a-z0-9]';

const PACKAGE_RUNNERS: ReadonlySet<string> = new Set(['npx', 'pnpx', 'bunx']);

const PERL: OperandGrammar = { valued: 'eEI', script: { codeLetters: 'eE' }, opaque: 'I' };
// With -i the code comes from -e and every operand is a file edited in place.
const PERL_IN_PLACE: OperandGrammar = { valued: 'eEI', opaque: 'I' };
// ruby's -i is perl's.
const RUBY_IN_PLACE: OperandGrammar = { valued: 'eIrC', opaque: 'IrC' };
const IN_PLACE_EDITORS: ReadonlyMap<string, readonly [OperandGrammar, OperandGrammar]> = new Map([['perl', [PERL, PERL_IN_PLACE]], ['ruby', [GRAMMARS.get('ruby')!, RUBY_IN_PLACE]]]);

/**
 * The option word of an in-place edit and its backup suffix (`-i.bak`, `--in-place=.orig`;
 * `''` for none), or undefined when the command edits nothing in place. `valued`: the
 * program's short options that take a value (a cluster stops at them).
 */
function inPlaceOption(words: readonly string[], valued: string): { word: string; suffix: string } | undefined {
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

/**
 * The backups an in-place edit writes: FILE + SUFFIX, or with a `*` in the suffix the
 * suffix with each `*` made the file's name, taken both from the working directory and from
 * the file's own (`-i'bak/*'`).
 */
function backups(files: readonly string[], suffix: string): string[] {
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

/** A command's word roles, with its operands: all of them in order, and how many are files. */
interface Reading extends WordRoles {
  operands: string[];
  /** The operands that are files (not the values of file options). */
  operandFiles: string[];
}

/** The roles of one command's words by `grammar`, its program's (or git subcommand's) word at `at`. */
function operandsBy(words: readonly string[], at: number, grammar: OperandGrammar): Reading {
  const files: string[] = [];
  // Files given by options or keys: those the program may write (OperandGrammar.writes).
  const writtenValues: string[] = [];
  const writes = grammar.writes;
  const plain: string[] = [];
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
      if (grammar.noOperandFiles === true) continue;
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
      else operands.push(word);
      continue;
    }
    if (word === '--') {
      afterDashes = true;
      if (grammar.commitsBeforeDashes === true) for (const commit of operands.splice(0)) plain.push(commit);
      continue;
    }
    if (grammar.leadGivenBy !== undefined && givesLead(word, grammar)) leadGiven = true;
    if (grammar.script !== undefined && givesCode(word, grammar, grammar.script)) return { ...NO_ROLES, operands: [], operandFiles: [] };
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
    // A short cluster: the first letter that takes a value takes the rest, or the next word
    // (an optional value only the rest: `od -w16`; one option a word: `xxd -len 10`).
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
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
    optionValues(all, { letters, long }, valued, from, known).some((value) => stdinPaths.has(value));
  if (program === 'tar' || program === 'gtar') {
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
  if (program === 'find') return words.some((w, i) => w === '-files0-from' && stdinPaths.has(words[i + 1] ?? '')) ? '\0' : undefined;
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
  const directory = lastOptionValue(words, TARGET_OPTION, TARGET_FIRST.valued, 1, known);
  if (directory !== undefined) return targets.map((target) => named(directory, target));
  if (targets.length === 1) return [named('', targets[0]!)];
  const last = targets[targets.length - 1]!;
  const linked = targets.slice(0, -1).map((target) => named(last, target));
  return targets.length === 2 ? [{ target: targets[0]!, link: last, fromShell }, ...linked] : linked;
}
