// The shell syntax tree Toolwarden reads: small, plain data, independent of the parser
// behind it (parser.ts converts the parser's tree into this one). Only what policy checks
// need survives: which commands run, with which words, and where their output goes.

/**
 * A piece of a word. `posixOtherwise`: a `$'…'` string a POSIX shell (dash), which reads `$`
 * and a plain '…' string, reads unlike bash beyond a leading `$`: one holding a quote
 * (`$'\''`), where dash ends the string and reads the words after it otherwise, or `..`
 * (`$'/../x'` is the relative `$/../x` to dash: another directory than bash's `/x`).
 */
export type WordPart =
  /** Text known before running anything; `quoted` when it came from '...', "..." or $'...'. */
  | { kind: 'literal'; value: string; quoted: boolean; posixOtherwise?: true }
  /** `$x`, `${x...}`, `$((...))`, extended globs: value unknown until run. `nested` holds
   * the command lists of substitutions found inside (e.g. `${x:-$(id)}`); `quoted` for a plain
   * `$x` or `${x}` inside "…" (its value is neither split nor globbed). */
  | { kind: 'expansion'; source: string; nested: Stmt[][]; quoted?: true }
  /** `$(...)`, backticks, `<(...)`, `>(...)`: a command list whose output becomes text; `quoted` inside "…" (its output is not split into words). */
  | { kind: 'substitution'; source: string; body: Stmt[]; quoted?: true };

export interface Word {
  parts: WordPart[];
}

export interface Redirect {
  /** `>`, `>>`, `<`, `<>`, `>|`, `&>`, `&>>`, `<&`, `>&`, `<<`, `<<-`, `<<<`. */
  op: string;
  /** The file, fd, here-doc delimiter or here-string word. */
  word: Word;
  /** The descriptor written before an input redirection (`3< f`), when one is. */
  fd?: string;
  /** Here-doc body; its parts are literal when the delimiter was quoted. */
  heredoc?: Word;
  /**
   * `&>` or `&>>` with words of the command after it: a POSIX shell (dash) reads `a &>f b`
   * as `a &` and `>f b`, running b.
   */
  wordsAfter?: true;
}

export interface Assign {
  name: string;
  /** Undefined for `export x`; arrays (`a=(x y)`) become one expansion part. */
  value?: Word;
  /** `a=(x y)`: the elements, when none has an index (`[i]=v`) and it is not `+=`. */
  items?: Word[];
  /** `a+=v`: the value is appended to the variable's. */
  append?: true;
}

export type Command =
  | { kind: 'call'; assigns: Assign[]; args: Word[] }
  /**
   * Every other construct (if, while, for, case, { }, ( ), &&, ||, |, functions, time,
   * coproc, (( )), [[ ]], let): what matters is the statements inside (`body`), the
   * words it expands (`words`, e.g. a for loop's items) and substitutions hidden in its
   * expressions (`nested`). `repeats`: the body may run more than once (a loop or a
   * function body; `function`: a function body, with its name). `and`: `a && b`, the second statement runs only when the first succeeded. `pipe`: `a | b`, the second reads the first's output. `background`: `a &`, which runs on while the commands after it do.
   * `posixReading`: an arithmetic command `((x))` as a POSIX shell (dash) reads it, two
   * nested subshells `( (x) )` that run the command `x`. `posixHazard`: why a POSIX shell
   * reads a `[[ … ]]` otherwise (to dash `[[` is a command: `[[ a > f ]]` writes f).
   * `posixReads`: the files a `[[ … ]]` whose only such operator is `<` (`[[ a < b ]]`)
   * opens for reading to a POSIX shell (which then finds no command `[[`).
   * `posixTime`: `time -o f cmd`, whose `time` a POSIX shell runs as the program (GNU time),
   * options and all; body[0] is the command after the keyword.
   */
  | { kind: 'compound'; body: Stmt[]; words: Word[]; nested: Stmt[][]; loopVar?: string; repeats?: true; and?: true; posixReading?: string; posixHazard?: string; posixReads?: Word[]; posixTime?: true; function?: string; pipe?: true; background?: true };

export interface Stmt {
  /** Undefined for a statement that is only redirections (`> file`). */
  command?: Command;
  redirects: Redirect[];
}
