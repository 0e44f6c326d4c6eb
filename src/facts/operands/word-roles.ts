// What a command's words are to its program: files (read or written) or no file. The shape
// every reader in this folder returns, and file-operands.ts gives out.

/** The words of one command its program's grammar reads as files, and those it reads as no file. */
export interface WordRoles {
  files: string[];
  /**
   * Words that are no file, by the grammar: patterns, scripts and modes before the files
   * (`grep PAT`, `sed SCRIPT`, `chmod MODE`), the values of options that take no file
   * (`grep -e PAT`, `cut -d /`), and an in-place option whose backups are among `files`
   * (`sed -i.bak`). A sed or awk script's own files are read from the script
   * (shell/sed.ts, shell/awk.ts).
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
  /** Read files relative to the top of git's work tree, as fromTop (`git grep x -- :/infra`). */
  readsFromTop?: string[];
  /**
   * Values attached to an option in a cluster that the grammar reads as neither a file nor
   * plain text (`make -pf.env`: `.env`): checked as the word they would be if written apart
   * (`make -p -f .env`), which the option word itself does not show (red team 31).
   */
  detached?: string[];
}

export const NO_ROLES: WordRoles = Object.freeze({ files: [], plain: [] }) as unknown as WordRoles;

/** The roles alone, without the reading's operands. */
export function rolesOf({ files, plain, script, reads, fromTop, detached }: WordRoles): WordRoles {
  const roles: WordRoles = script !== undefined ? { files, plain, script } : { files, plain };
  if (detached !== undefined && detached.length > 0) roles.detached = detached;
  // Files added beside the reading (a compressor's twin, a download directory) are written.
  if (reads !== undefined) roles.reads = reads;
  if (fromTop !== undefined && fromTop.length > 0) roles.fromTop = fromTop;
  return roles;
}
