// Relative paths as a command line uses them: each relative to the directory it is read in.

/** Whether a raw path is relative to a working directory (not `/…`, not `~…`). */
export function isRelative(raw: string): boolean {
  return !raw.startsWith('/') && !raw.startsWith('~');
}

/**
 * `path` as seen from directory `base` (`''`: the shell's own): unchanged when absolute
 * (`/…`, `~…`), else joined to it. Still relative when `base` is.
 */
export function within(base: string, path: string): string {
  if (base === '' || !isRelative(path)) return path;
  return base.endsWith('/') ? base + path : `${base}/${path}`;
}
