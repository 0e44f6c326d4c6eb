// Archivers and extractors: tar (its old-style first word too), 7-Zip and ar. What each reads
// and writes, and where an extraction puts members no word names.
import { hasOption, longName, optionValues } from '../options.js';
import { within } from '../within.js';
import { longNamesOf, valuedLongOf, TAR, TAR_VALUED } from '../grammars.js';
import { operandsBy } from './by-grammar.js';
import type { WordRoles } from './word-roles.js';

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

/** A tar command's words with its old-style first word dashed (tarArguments): `tar czf a.tgz d` as `tar -c -z -f a.tgz d`. */
export function tarWords(words: readonly string[]): readonly string[] {
  return [words[0]!, ...tarArguments(words.slice(1), (w) => w, (option) => option)];
}

/** What tar reads and writes: its archive, the members it puts in or names, and where it extracts. */
export function tarRoles(words: readonly string[]): WordRoles {
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
  // r/.git/config` writes build/r/.git/config), not where the shell is; here, they are written
  // as named (`tar xf a.tar .npmrc`: red team 29b).
  const members = roles.files.filter((file) => !archives.includes(file) && !snapshots.includes(file));
  if (into === '.') return { files: [...roles.files, into], plain: roles.plain, reads: reads.filter((file) => !members.includes(file)) };
  return { files: [...roles.files, into, ...members.map((member) => within(into, member))], plain: roles.plain, reads };
}

/**
 * Where tar extracts: where its -C options lead, each from the one before, else here (`.`);
 * with -P (--absolute-names, bsdtar's --insecure) it extracts `/x` and `../x` as they are: anywhere (`/`).
 */
export function tarExtractsInto(dashed: readonly string[]): string {
  const known = longNamesOf(TAR);
  if (hasOption(dashed, { letters: 'P', long: ['--absolute-names', '--insecure'] }, TAR.valued, known)) return '/';
  return optionValues(dashed, TAR.directory!, TAR.valued, 1, known, valuedLongOf(TAR)).reduce(within, '') || '.';
}

/** Whether a (dashed) tar command extracts: `-x`, in a cluster too, `--extract`, `--get`. */
export function extracts(words: readonly string[]): boolean {
  return hasOption(words, { letters: 'x', long: ['--extract', '--get'] }, TAR.valued, longNamesOf(TAR));
}

/**
 * 7-Zip: `7z COMMAND [SWITCH...] ARCHIVE [NAME...]`, one switch a word, anywhere before `--`
 * (`-oDIR`, `-tzip`, `-aoa`, `-spf`). `x` and `e` extract into -o's directory (here without
 * one), or anywhere with -spf/-spf2 (absolute names kept); `a` and `u` put the NAMEs (files,
 * read) in the archive, `d` and `rn` rewrite it (NAMEs are its members); the others (`l`, `t`)
 * read it. `@LIST` and `-i@LIST`/`-x@LIST` read list files; -w's working directory is written.
 * `a` on a name without a suffix writes NAME.7z.
 */
export function sevenZipRoles(words: readonly string[]): WordRoles {
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
export function arRoles(words: readonly string[]): WordRoles {
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
