// Commands that only read the paths they name. Every other command may write what it
// names (cp, mv, rm, sed -i, tee, dd, python -c ...), so for `paths.writable` its path
// arguments count as written: an unknown command is assumed to write (fail closed).
const READ_ONLY = new Set([
  'cat', 'head', 'tail', 'less', 'more', 'ls', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'wc', 'diff', 'cmp',
  'file', 'stat', 'du', 'df', 'tree', 'readlink', 'realpath', 'basename', 'dirname', 'echo', 'printf',
  'pwd', 'which', 'type', 'test', '[', 'sha256sum', 'md5sum', 'cksum', 'nl', 'od', 'hexdump', 'strings', 'jq',
  'sha1sum', 'sha224sum', 'sha384sum', 'sha512sum', 'b2sum', 'sum', 'tac', 'rev', 'paste', 'join', 'comm', 'fold',
  'expand', 'unexpand', 'column', 'tsort', 'zcat', 'gzcat', 'bzcat', 'xzcat', 'lzcat', 'zstdcat', 'lz4cat', 'cut', 'base64',
]);

const FIND_WRITES = new Set(['-delete', '-exec', '-execdir', '-ok', '-okdir', '-fprint', '-fprint0', '-fprintf', '-fls']);

/** Git subcommands that only read. */
const GIT_READ_ONLY = new Set(['status', 'diff', 'log', 'show', 'blame', 'ls-files', 'grep', 'rev-parse', 'branch']);

/** Whether a simple command (quote-free words, command word by base name) only reads. */
export function isReadOnlyCommand(words: readonly string[]): boolean {
  const cmd = words[0];
  if (cmd === undefined) return true;
  // find only reads, unless it deletes, writes a file, or runs a command on what it finds
  // (`-exec rm {} \;` acts on every file under the starting points).
  if (cmd === 'find') return !words.some((w) => FIND_WRITES.has(w));
  // `git diff --output=FILE` (log and show too) writes FILE.
  if (cmd === 'git') return words[1] !== undefined && GIT_READ_ONLY.has(words[1]) && !words.some((w) => w === '--output' || w.startsWith('--output='));
  return READ_ONLY.has(cmd);
}

const SYSTEM_PROGRAM = /^\/(?:usr\/(?:local\/)?)?s?bin\/[^/]+$/;

/**
 * A program in the system bin directories (`/usr/bin/git`): matched by its base name and
 * not a touched path. Any other program path (`/tmp/x/git`) is matched only as written.
 */
export function isSystemProgram(path: string): boolean {
  return SYSTEM_PROGRAM.test(path);
}
