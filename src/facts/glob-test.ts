// picomatch decisions without picomatch's per-test result object. On POSIX, with no
// `format`, `ignore`, `basename` or `onResult` option, picomatch 4's matcher answers "the
// input is not empty and equals the glob or matches the glob's regex" (lib/picomatch.js
// `test`); this is that, with the same regex from `picomatch.makeRe`.
import picomatch from 'picomatch';

/** A matcher deciding exactly as `picomatch(glob, options)` does for string input. Throws on a bad glob. */
export function globTest(glob: string, options: picomatch.PicomatchOptions): (value: string) => boolean {
  const re = picomatch.makeRe(glob, options);
  return (value) => {
    if (typeof value !== 'string') throw new TypeError('Expected input to be a string');
    return value !== '' && (value === glob || re.test(value));
  };
}

/** Tool, agent and channel globs as `nameGlobs` (compile/section.ts) compiles them: dot files matched, case-sensitive. */
export function nameGlobList(globs: readonly string[] | undefined): { globs: readonly string[]; first(value: string): number } {
  const list = globs ?? [];
  const tests = list.map((glob) => globTest(glob, { dot: true }));
  return {
    globs: list,
    first(value: string): number {
      for (let i = 0; i < tests.length; i++) if (tests[i]!(value)) return i;
      return -1;
    },
  };
}
