// How reading a command string can fail: parser.ts throws these, index.ts turns them into facts.
/** The input is not valid shell (as bash would read it). */
export class ShellSyntaxError extends Error {
  override name = 'ShellSyntaxError';
}
/** The input is valid shell but uses a construct this module does not read. */
export class UnsupportedSyntax extends Error {
  override name = 'UnsupportedSyntax';
}
/** Nesting deeper than the caller's cap (or than the parser's own stack allows). */
export class DepthExceeded extends Error {
  override name = 'DepthExceeded';
}
