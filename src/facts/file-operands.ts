// Programs whose operands are files. A bare word is usually no file (`git log`, `grep TODO`),
// so bare words are not held to the path allowlists; but `rm package.json` removes the file
// `./package.json` names, and must be judged like it. For the programs below, the words that
// are files by the program's own grammar are paths, whether written `./x` or `x`.
// This module chooses the reader for a command; the readers are in operands/: the grammar
// tables' (by-grammar.ts) and those of programs no table describes (find, tar, docker...).
import { optionValues } from './options.js';
import {
  backups, compilerFiles, isCompilerDriver, sqliteRoles, SEVEN_ZIP_PROGRAMS, GIT_READ_ONLY, GRAMMARS, IN_PLACE_EDITORS, inPlaceOption, longNamesOf, valuedLongOf, PACKAGE_RUNNERS,
} from './grammars.js';
import { arRoles, sevenZipRoles, tarRoles } from './operands/archives.js';
import { awkWords } from './operands/awk-words.js';
import { operandsBy } from './operands/by-grammar.js';
import { CONTAINER_PROGRAMS, containerRoles } from './operands/container-binds.js';
import { findRoles } from './operands/find.js';
import { gitGrammar, gitTraceFiles } from './operands/git.js';
import { GIT_PATHSPEC_READERS, isExcludingPathspec, pathspecReading, readOnlyPathspecs } from './operands/git-pathspecs.js';
import { IMAGEMAGICK, imageMagickRoles } from './operands/imagemagick.js';
import { opensslTextValues } from './operands/openssl.js';
import { withOutsideWrites } from './operands/outside-writes.js';
import { PYTHONS, pythonModule } from './operands/python-module.js';
import { NO_ROLES, rolesOf, type WordRoles } from './operands/word-roles.js';
import { writtenDirectory } from './operands/written-directory.js';

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
  if (program === 'tar') return tarRoles(words);
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
