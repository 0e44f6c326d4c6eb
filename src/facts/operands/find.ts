// find's words: its starting points, the files its tests and actions name, the patterns that
// are no files. (Its -exec commands are the shell module's.)
import type { WordRoles } from './word-roles.js';

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
export function findRoles(words: readonly string[]): WordRoles {
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
 * find's starting points: the words before its first test or action, after its own options
 * (-H -L -P, -D opts, -O level); `.` when there is none (GNU find searches `.`: `find -name x
 * -delete` deletes ./x).
 */
export function findStartingPoints(words: readonly string[]): string[] {
  return findParts(words).points;
}

// The operators of find's expression, and tests whose reading here would need more than the name.
const FIND_OPERATORS: ReadonlySet<string> = new Set(['-o', '-or', '!', '-not', '(', ')', ',', '-prune', '-follow', '-L']);

/**
 * The one name pattern every file find acts on matches (`find . -name '*.pyc' -delete`): the
 * value of its only `-name` or `-iname`, where the expression is a plain conjunction (no
 * operator, no `-prune`); undefined otherwise (any file may be acted on).
 */
export function findNameFilter(words: readonly string[]): { pattern: string; anyCase: boolean } | undefined {
  const { expressionAt } = findParts(words);
  let found: { pattern: string; anyCase: boolean } | undefined;
  for (let i = expressionAt; i < words.length; i++) {
    const w = words[i]!;
    if (FIND_OPERATORS.has(w)) return undefined;
    if (w === '-name' || w === '-iname') {
      if (found !== undefined || i + 1 >= words.length) return undefined;
      found = { pattern: words[++i]!, anyCase: w === '-iname' };
    } else if (w === '-exec' || w === '-execdir' || w === '-ok' || w === '-okdir') {
      // The command it runs, up to `;` or `+`, is the command's own words.
      while (i + 1 < words.length && words[i + 1] !== ';' && words[i + 1] !== '+') i++;
      i++;
    } else if ((FIND_PLAIN_ARG.has(w) || FIND_FILE_ARG.has(w) || /^-newer[amcBt]{2}$/.test(w)) && i + 1 < words.length) i++;
  }
  return found;
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
