// Where commands move, copy or make files whose paths then lead elsewhere: `mv` and `cp`
// (where each source ends up), `ln -s`, `rsync` keeping links, and extractions that may hold
// links no word shows. (command-line-paths.ts follows them.)
import { hasOption, lastOptionValue } from '../options.js';
import { nameOf, within } from '../within.js';
import { GRAMMARS, longNamesOf, SEVEN_ZIP_PROGRAMS, TAR, TARGET_FIRST, TARGET_OPTION, valuedLongOf } from '../grammars.js';
import { extracts, tarExtractsInto, tarWords } from './archives.js';
import { operandsBy } from './by-grammar.js';
import { gitGrammar, gitSubcommandAt } from './git.js';
import { writtenDirectory } from './written-directory.js';

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

/** Where `mv`, `cp` (recursive or not) or `install` puts each source: its path once moved or copied (`cp -t p x/HEAD` puts `p/HEAD`). */
export function placedPaths(words: readonly string[]): { source: string; destinations: string[] }[] {
  const program = words[0];
  if (program !== 'mv' && program !== 'cp' && program !== 'install') return [];
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
 * Where a copy puts files a later command of the line may run, for made scripts
 * (command-line-paths.ts madeScript): each file `cp`, `mv` or `install` places, by its path
 * (`cp d/Makefile .` places `Makefile`), `whole` when it may be a directory with anything below
 * (a recursive copy, a move). A destination that is the working directory itself is one only
 * when a source's contents go there (`cp -r d/. .`, `cp -rT d .`): `.` is always a directory.
 */
export function placedFiles(words: readonly string[]): { path: string; whole: boolean }[] {
  const program = words[0];
  if (program === 'rsync' || program === 'scp') return copiedFiles(words);
  if (program !== 'cp' && program !== 'mv' && program !== 'install') return [];
  const grammar = GRAMMARS.get(program!)!;
  const known = [...longNamesOf(grammar), ...CP_MV_LONG_NAMES];
  const whole = program === 'mv' || (program === 'cp' && hasOption(words, { letters: 'Rra', long: ['--recursive', '--archive'] }, grammar.valued, known));
  const noTarget = hasOption(words, { letters: 'T', long: ['--no-target-directory'] }, grammar.valued, known);
  const out: { path: string; whole: boolean }[] = [];
  for (const { source, destinations } of placedPaths(words)) {
    const contents = /(?:^|\/)\.\.?\/*$/.test(source);
    for (const d of destinations) if (!isWorkingDirectory(d) || contents || noTarget) out.push({ path: d, whole });
  }
  return out;
}

/**
 * Where `rsync` or `scp` puts each source, another host's too (`host:path`): DEST/NAME, or
 * DEST itself, whole, for a source ending in `/` (rsync copies its contents); whole when
 * recursive.
 */
function copiedFiles(words: readonly string[]): { path: string; whole: boolean }[] {
  const grammar = GRAMMARS.get(words[0]!)!;
  const operands = operandsBy(words, 0, grammar).operands;
  const dest = operands.at(-1);
  // A copy to another host (`scp x host:dir/`) puts nothing here.
  if (dest === undefined || operands.length < 2 || isRemote(dest)) return [];
  const whole = hasOption(words, { letters: 'ra', long: ['--recursive', '--archive'] }, grammar.valued, [...longNamesOf(grammar), '--recursive', '--archive']);
  return operands.slice(0, -1).map((source) => {
    const path = source.replace(/^[^/]*:/, '');
    return /(?:^|\/)(?:\.\.?)?\/*$/.test(path) ? { path: dest, whole: true } : { path: within(dest, nameOf(path)), whole };
  });
}

/**
 * The directories a command fills with files no word of it names, from elsewhere: an archive
 * extracted (makesUnseenLinks' directory), a copy from another host or of a directory's
 * contents (`rsync`, `scp`, `ditto`: their destination, whatever the sources), downloads named
 * by their URLs (`curl -O`, `wget`), patches applied (`patch < p`, `git apply p`, `git am`). A
 * later command of the line may run any file below one (madeScript), the working directory too.
 */
export function filledDirectories(words: readonly string[]): string[] {
  const program = words[0] ?? '';
  const extracted = unseenLinksDirectory(words);
  if (extracted !== undefined) return [extracted];
  if (program === 'rsync' || program === 'scp' || program === 'ditto') {
    const grammar = GRAMMARS.get(program);
    // Every operand, another host's too (`scp h:Makefile .`).
    const operands = grammar === undefined ? words.slice(1).filter((w) => !w.startsWith('-')) : operandsBy(words, 0, grammar).operands;
    return operands.length >= 2 ? [operands.at(-1)!] : [];
  }
  const { at, grammar } = program === 'git' ? gitGrammar(words) : { at: 0, grammar: GRAMMARS.get(program) };
  const patches = program === 'git' ? words[at] === 'apply' || words[at] === 'am' : program === 'patch' || program === 'curl' || program === 'wget';
  if (!patches || grammar?.writesInto === undefined) return [];
  const into = writtenDirectory(words, at, grammar, grammar.writesInto, operandsBy(words, at, grammar));
  return into === undefined ? [] : [into];
}

function isWorkingDirectory(path: string): boolean {
  return path === '' || path === '.' || path === './';
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
export function isRemote(operand: string): boolean {
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

/**
 * Where tar or unzip extracts an archive whole, naming no member (`tar xf a.tar`, `unzip a.zip
 * -d out`): every name it holds lands there, `.git/hooks/…` too. Undefined when it names the
 * members it extracts (those are written paths) or extracts nothing.
 */
export function wholeExtractionDirectory(words: readonly string[]): string | undefined {
  const into = unseenLinksDirectory(words);
  if (into === undefined) return undefined;
  if (words[0] === 'tar') return operandsBy(tarWords(words), 0, TAR).operandFiles.length === 0 ? into : undefined;
  if (words[0] === 'unzip') return operandsBy(words, 0, GRAMMARS.get('unzip')!).operandFiles.length <= 1 ? into : undefined;
  return undefined;
}

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
