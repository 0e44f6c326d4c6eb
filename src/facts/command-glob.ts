// Command globs (LANGUAGE.md, shell): a glob matches the WHOLE normalised simple command;
// `*` matches any characters, spaces and slashes included; a trailing ` *` also matches
// nothing (`git diff *` matches `git diff`); every other character is literal, so there
// is nothing to escape and no regular expression to blow up.

/** Longest glob accepted; longer ones are a policy error (compile fails, never matches). */
export const MAX_COMMAND_GLOB_LENGTH = 1024;

export class CommandGlobError extends Error {
  override name = 'CommandGlobError';
}

/** Collapses runs of whitespace to one space and trims, as simple-command text is joined. */
export function normaliseCommandGlob(glob: string): string {
  return glob.replace(/\s+/g, ' ').trim();
}

/**
 * Compiles `glob` to a matcher. Throws CommandGlobError for a glob that is empty, too
 * long or not a string: the compiler reports it, so no matcher is ever silently dead.
 */
export function compileCommandGlob(glob: string): (text: string) => boolean {
  if (typeof glob !== 'string') throw new CommandGlobError('command glob is not a string');
  if (glob.length > MAX_COMMAND_GLOB_LENGTH) {
    throw new CommandGlobError(`command glob is longer than ${MAX_COMMAND_GLOB_LENGTH} characters`);
  }
  const normal = normaliseCommandGlob(glob);
  if (normal === '') throw new CommandGlobError('command glob is empty');
  const pieces = normal.split('*');
  // `git diff *` also matches `git diff`: the glob without its trailing ` *`.
  const bare = normal.endsWith(' *') ? normal.slice(0, -2).split('*') : undefined;
  return (text: string) =>
    typeof text === 'string' && (piecesMatch(pieces, text) || (bare !== undefined && piecesMatch(bare, text)));
}

/**
 * Whether `text` is the pieces joined by arbitrary strings. Linear scans only (no regex,
 * no backtracking): the first piece is a prefix, the last a suffix, and the ones between
 * are found leftmost-first, which is enough when the only wildcard is `*`.
 */
function piecesMatch(pieces: string[], text: string): boolean {
  if (pieces.length === 1) return text === pieces[0];
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
  const end = text.length - last.length;
  let at = first.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i]!;
    const found = text.indexOf(piece, at);
    if (found === -1 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return true;
}
