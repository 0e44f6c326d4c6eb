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

/** The directory a relative or absolute path is in (`''`: the shell's own, for a bare name). */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : slash === 0 ? '/' : path.slice(0, slash);
}
