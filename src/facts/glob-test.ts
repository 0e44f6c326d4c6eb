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

/** Memory bounds: most answers a name glob list remembers before starting over; longest name remembered. */
const MAX_REMEMBERED_NAMES = 4096;
const MAX_NAME_LENGTH = 256;

/**
 * Tool, agent and channel globs as `nameGlobs` (compile/section.ts) compiles them: dot files
 * matched, case-sensitive. The answer for a name is pure, and the same few names come back
 * on every call, so it is remembered (bounded) by the list, which the compiled set owns.
 */
export function nameGlobList(globs: readonly string[] | undefined): { globs: readonly string[]; first(value: string): number } {
  return new NameGlobList(globs ?? []);
}

// A class, so that every list in the process shares one `first`: with a closure per list,
// call sites that meet lists of several policies and sets go megamorphic.
class NameGlobList {
  private readonly tests: ((value: string) => boolean)[];
  private readonly known = new Map<string, number>();
  constructor(readonly globs: readonly string[]) {
    this.tests = globs.map((glob) => globTest(glob, { dot: true }));
  }
  first(value: string): number {
    const { known, tests } = this;
    let i = known.get(value);
    if (i !== undefined) return i;
    i = -1;
    for (let j = 0; j < tests.length; j++) {
      if (tests[j]!(value)) {
        i = j;
        break;
      }
    }
    if (value.length > MAX_NAME_LENGTH) return i;
    if (known.size >= MAX_REMEMBERED_NAMES) known.clear();
    known.set(value, i);
    return i;
  }
}
