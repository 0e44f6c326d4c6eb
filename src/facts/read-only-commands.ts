// Commands that only read the paths they name. Every other command may write what it
// names (cp, mv, rm, sed -i, tee, dd, python -c ...), so for `paths.writable` its path
// arguments count as written (an unknown command is assumed to write: fail closed), unless
// its grammar says which it writes (file-operands.ts: `cp a b` reads `a`; `find` and git's
// reading subcommands write only their output files; tree only its -o file).
import { compiledMagic } from './grammars.js';

const READ_ONLY = new Set([
  'cat', 'head', 'tail', 'less', 'more', 'ls', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'wc', 'diff', 'cmp',
  'file', 'stat', 'du', 'df', 'readlink', 'realpath', 'basename', 'dirname', 'echo', 'printf',
  'pwd', 'which', 'type', 'test', '[', 'sha256sum', 'md5sum', 'cksum', 'nl', 'od', 'hexdump', 'strings', 'jq',
  'sha1sum', 'sha224sum', 'sha384sum', 'sha512sum', 'b2sum', 'sum', 'tac', 'rev', 'paste', 'join', 'comm', 'fold',
  'expand', 'unexpand', 'column', 'tsort', 'tr', 'zcat', 'gzcat', 'bzcat', 'xzcat', 'lzcat', 'zstdcat', 'lz4cat', 'cut', 'base64',
]);

/** Whether a simple command (quote-free words, command word by base name) only reads. */
export function isReadOnlyCommand(words: readonly string[]): boolean {
  const cmd = words[0];
  // `file -C` compiles its magic files into the working directory (grammars.ts compiledMagic).
  if (cmd === 'file') return compiledMagic(words).length === 0;
  return cmd === undefined || READ_ONLY.has(cmd);
}

const SYSTEM_PROGRAM = /^\/(?:usr\/(?:local\/)?)?s?bin\/[^/]+$/;

/**
 * A program in the system bin directories (`/usr/bin/git`): matched by its base name and
 * not a touched path. Any other program path (`/tmp/x/git`) is matched only as written.
 */
export function isSystemProgram(path: string): boolean {
  return SYSTEM_PROGRAM.test(path);
}
