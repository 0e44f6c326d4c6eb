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

/** A path's last name, trailing `/` ignored (`a/b/` is `b`). */
export function nameOf(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** The directory a relative or absolute path is in (`''`: the shell's own, for a bare name). */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : slash === 0 ? '/' : path.slice(0, slash);
}

/**
 * `.`, `..` and repeated or trailing `/` collapsed as path.resolve does, without the file
 * system; a leading `..` of a relative path is kept (`../a` stays, `/..` is `/`).
 */
export function lexicallyNormalised(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (segment !== '..' || !absolute) out.push(segment);
  }
  return (absolute ? '/' : '') + out.join('/');
}
