// How programs spell their options on a command line: short letters, alone or in clusters
// (`-rne`), long names with `=` or the next word (`--file=x`, `--file x`). Shared by the
// tables that read programs' arguments (file operands, wrappers, working directories).

/** One option, with its synonyms: its short letters and its long names. */
export interface OptionSpelling {
  letters: string;
  long: readonly string[];
}

/**
 * The long option an option word names (`--name` or `--name=value`, the value cut off),
 * spelled out. GNU getopt_long, git's parse-options, curl and Python's argparse take any
 * unambiguous prefix of a long option (`--t=docs` is `--target-directory=docs`, `--ch` is
 * `--chdir`). `known`: the program's long names we know. A name among them is itself (exact
 * names win); one that begins exactly one of them is that one; any other is itself. A program
 * whose parser takes no prefixes refuses the word and runs nothing, so reading it as the
 * option it begins is the safe side: the other way, the option's value would be read as an
 * operand, or its effect missed (`cp --target-dir . x` writes into `.`).
 */
export function longName(word: string, known: readonly string[]): string {
  const eq = word.indexOf('=');
  const name = eq < 0 ? word : word.slice(0, eq);
  if (name.length < 3 || !name.startsWith('--') || known.includes(name)) return name;
  let found: string | undefined;
  for (const candidate of known) {
    if (!candidate.startsWith(name) || candidate === found) continue;
    if (found !== undefined) return name; // ambiguous: the program refuses it
    found = candidate;
  }
  return found ?? name;
}

/**
 * The one of `names` an option word spells or abbreviates (`--upload-p=x` is `--upload-pack`),
 * for options that must be found in every spelling a program accepts: an abbreviation also
 * shared with another option (which the program refuses as ambiguous) counts too, so no list
 * of the program's other options is needed, only of those spelled exactly as a prefix of one
 * of `names` (`others`: tar's `--checkpoint` is not `--checkpoint-action`). Undefined for none.
 */
export function abbreviatedName(word: string, names: readonly string[], others: readonly string[] = []): string | undefined {
  if (!word.startsWith('--')) return undefined;
  const eq = word.indexOf('=');
  const name = eq < 0 ? word : word.slice(0, eq);
  if (name.length < 3 || others.includes(name)) return undefined;
  return names.find((n) => n === name) ?? names.find((n) => n.startsWith(name));
}

/**
 * Whether an option word is `option`: one of its long names (`--regexp=x`), or a short
 * cluster holding one of its letters before the first letter that takes a value (`-rne`
 * holds `e`; in `-ef`, `f` is the value of `e`). `valued`: the program's short letters
 * that take a value; `known`: its long names, which an abbreviated long name is read by (longName).
 */
export function optionIs(word: string, option: OptionSpelling, valued: string, known: readonly string[] = option.long): boolean {
  if (!word.startsWith('-') || word === '-' || word === '--') return false;
  if (word.startsWith('--')) return option.long.includes(longName(word, known));
  for (let i = 1; i < word.length; i++) {
    if (option.letters.includes(word[i]!)) return true;
    if (valued.includes(word[i]!)) return false;
  }
  return false;
}

/** Whether any word after the program (`words[0]`) is `option` (optionIs). */
export function hasOption(words: readonly string[], option: OptionSpelling, valued: string, known: readonly string[] = option.long): boolean {
  return words.some((w, i) => i > 0 && optionIs(w, option, valued, known));
}

/** Where one option value is: the word's index among the words, and where in that word the value starts. */
export interface ValuePlace {
  index: number;
  start: number;
}

/**
 * Where the values `option` gives among `words[from…]` are, in order, up to a `--`:
 * `--name=value`, `--name value`, `-Xvalue`, `-X value`, and in a cluster (`-xCdir`, `-xC dir`)
 * the rest of the word after the letter, or the next word. A short letter of `valued` takes
 * its value the same way, and so does a long option of `valuedLong`, so neither's value is
 * read as an option (`env --unset -a -C / …`: `-a` is the variable unset, `-C /` the
 * directory). A long name may be abbreviated (longName, by `known`).
 */
export function optionValuePlaces(words: readonly string[], option: OptionSpelling, valued: string, from = 1, known: readonly string[] = option.long, valuedLong: readonly string[] = NO_NAMES): ValuePlace[] {
  const places: ValuePlace[] = [];
  for (let i = from; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') break;
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const name = longName(word, known);
      if (!option.long.includes(name)) {
        if (eq < 0 && valuedLong.includes(name)) i++;
        continue;
      }
      if (eq >= 0) places.push({ index: i, start: eq + 1 });
      else if (i + 1 < words.length) places.push({ index: ++i, start: 0 });
      continue;
    }
    if (!word.startsWith('-') || word === '-') continue;
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
      const ours = option.letters.includes(letter);
      if (!ours && !valued.includes(letter)) continue;
      const place = k + 1 < word.length ? { index: i, start: k + 1 } : { index: ++i, start: 0 };
      if (ours && place.index < words.length) places.push(place);
      break;
    }
  }
  return places;
}

const NO_NAMES: readonly string[] = [];

/** The values `option` gives among `words[from…]`, in order (optionValuePlaces). */
export function optionValues(words: readonly string[], option: OptionSpelling, valued: string, from = 1, known: readonly string[] = option.long, valuedLong: readonly string[] = NO_NAMES): string[] {
  return optionValuePlaces(words, option, valued, from, known, valuedLong).map(({ index, start }) => words[index]!.slice(start));
}

/** The value the last `option` among `words[from…]` gives (optionValues); undefined when none does. */
export function lastOptionValue(words: readonly string[], option: OptionSpelling, valued: string, from = 1, known: readonly string[] = option.long, valuedLong: readonly string[] = NO_NAMES): string | undefined {
  return optionValues(words, option, valued, from, known, valuedLong).at(-1);
}

/**
 * The words after the program (`words[0]`) that are no options, every word after `--` too; the
 * values of `valued` short options (attached last in a cluster: the next word) and of
 * `valuedLong` options (any unique prefix, without `=`: the next word) skipped.
 */
export function nonOptionWords(words: readonly string[], valued: string, valuedLong: readonly string[] = []): string[] {
  const out: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') return [...out, ...words.slice(i + 1)];
    if (!w.startsWith('-') || w === '-') out.push(w);
    else if (w.startsWith('--')) {
      if (!w.includes('=') && w.length > 3 && valuedLong.some((long) => long.startsWith(w))) i++;
    } else {
      const k = [...w.slice(1)].findIndex((letter) => valued.includes(letter));
      if (k >= 0 && k === w.length - 2) i++;
    }
  }
  return out;
}
