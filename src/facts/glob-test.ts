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

/**
 * The index of the first of `tests` a string passes, or -1, remembered per string: the tests
 * are pure and the same few strings come back call after call. Bounded: past `maxEntries`
 * answers it starts over, and strings longer than `maxLength` are tested every time. A class,
 * so that every list in the process shares one `first`: with a closure per list, call sites
 * that meet lists of several policies and sets go megamorphic.
 */
export class RememberedFirst {
  private readonly known = new Map<string, number>();
  constructor(
    private readonly tests: readonly ((value: string) => boolean)[],
    private readonly maxEntries: number,
    private readonly maxLength: number,
  ) {}
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
    if (value.length > this.maxLength) return i;
    if (known.size >= this.maxEntries) known.clear();
    known.set(value, i);
    return i;
  }
}
