// Reading directories for the names a call may reach (wildcards, links a move keeps): every
// read is charged to the call's budget of entries, so no call makes the engine walk a disk.
import * as fs from 'node:fs';

/** Directory entries a call may still read (PathContext.wildcardBudget). */
export interface EntryBudget {
  entries: number;
}

/** A directory's entries, charged to the budget: none when it cannot be read, undefined once the budget is spent. */
export function entriesIn(dir: string, budget: EntryBudget): fs.Dirent[] | undefined {
  const entries = readEntries(dir, budget);
  return entries === null ? [] : entries;
}

/** A directory's entries, charged to the budget: null when it cannot be read, undefined once the budget is spent. */
function readEntries(dir: string, budget: EntryBudget): fs.Dirent[] | null | undefined {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return null;
  }
  budget.entries -= entries.length;
  return budget.entries < 0 ? undefined : entries;
}

/**
 * `top` and every directory below it, depth first, each with its entries (none when it cannot
 * be read: then `unreadable`). Symbolic links are listed, walked into only where `intoLink` says (by the link's path); nor are
 * directories named in `skip` (or, for a function, those it says to skip in a directory, asked
 * after that directory was yielded). Once the budget is spent, one undefined is yielded, last.
 */
export function* directoriesBelow(top: string, budget: EntryBudget, skip?: ReadonlySet<string> | ((dir: string, name: string) => boolean), intoLink?: (dir: string, name: string) => boolean): Generator<{ dir: string; entries: fs.Dirent[]; unreadable: boolean } | undefined> {
  const pending = [top];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    const read = readEntries(dir, budget);
    if (read === undefined) {
      yield undefined;
      return;
    }
    const entries = read ?? [];
    yield { dir, entries, unreadable: read === null };
    for (const entry of entries) {
      if ((entry.isDirectory() || (entry.isSymbolicLink() && intoLink !== undefined)) && !(typeof skip === 'function' ? skip(dir, entry.name) : skip?.has(entry.name) === true) && (entry.isDirectory() || intoLink!(dir, entry.name))) pending.push(dir === '/' ? `/${entry.name}` : `${dir}/${entry.name}`);
    }
  }
}

/** Whether `path` is a directory now (through links); false when it cannot be told (`/etc/passwd/x`: ENOTDIR). */
export function isDirectoryNow(path: string): boolean {
  try {
    // existsSync first: it answers a missing path without the exception statSync throws for ENOTDIR (~10 µs).
    return fs.existsSync(path) && fs.statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

/** A path's target with every link followed, or undefined when it cannot be followed. */
export function realPathOr(path: string): string | undefined {
  try {
    return fs.realpathSync(path);
  } catch {
    return undefined;
  }
}
