// The one module that knows which shell parser Toolwarden uses: mvdan/sh (the parser
// behind shfmt) compiled to JavaScript by GopherJS, published as `mvdan-sh`. It is
// synchronous, rejects what bash rejects, and reads every construct of our corpus
// (docs/decisions/shell-parser.md). Its tree is converted here into ast.ts, so the rest
// of the code never sees it and the parser can be replaced by rewriting this file.
//
// Unknown node types are not skipped: they raise UnsupportedSyntax, which the caller
// turns into "unverifiable". Anything the converter does not understand fails closed.
//
// The converter reads GopherJS's own objects behind mvdan-sh's JS wrappers (go-values.ts;
// mvdan-sh is pinned to 0.10.1 in package.json): a wrapper builds a fresh JS copy of a field
// on every read, which cost ~85% of a parse.
import { createRequire } from 'node:module';
import type { Assign, Command, Redirect, Stmt, Word, WordPart } from './ast.js';
import { hasLoneSurrogate } from '../unicode.js';
import { parsePlain } from './plain-parser.js';
import { isRiskyVariable } from './wrappers.js';
import { DepthExceeded, ShellSyntaxError, UnsupportedSyntax } from './errors.js';
import { braceWords, MAX_BRACE_WORDS, unescapeUnquoted } from './words.js';
import { goValueOf, isNil, items, text, typeName, wrapperOf, type GoNode } from './go-values.js';

interface Mvdan {
  syntax: {
    NewParser(...options: GoNode[]): { Parse(src: string, name: string): GoNode };
    KeepComments(keep: boolean): GoNode;
    NodeType(node: GoNode): string;
    Walk(node: GoNode, visit: (node: GoNode) => boolean): void;
  };
}

let mvdan: Mvdan | undefined;
/**
 * A parser to reuse: making one costs ~30 µs, as much as a parse. It is taken out while its
 * tree is being converted: the converter parses again (backquoted bodies) while it reads a
 * tree, and a Go parser is free to reuse its buffers on the next Parse, so a nested parse
 * gets a parser of its own. A parser that threw is dropped.
 */
let idleParser: { Parse(src: string, name: string): GoNode } | undefined;
/** Redirection operator numbers of this mvdan build, learnt by parsing each operator once. */
let redirectOps: Map<number, string> | undefined;
/** The number of `&&` between two statements in this mvdan build, learnt the same way. */
let andOp: number | undefined;
/** The numbers of `|` and `|&`, learnt the same way. */
let pipeOps: Set<number> | undefined;
/** The number of the string comparison `<` inside `[[ … ]]`, learnt the same way. */
let testBeforeOp: number | undefined;

function loadParser(): Mvdan {
  if (mvdan) return mvdan;
  const loaded = createRequire(import.meta.url)('mvdan-sh') as Mvdan;
  const ops = new Map<number, string>();
  for (const op of ['>', '>>', '<', '<>', '<&', '>&', '>|', '<<', '<<-', '<<<', '&>', '&>>']) {
    const file = loaded.syntax.NewParser().Parse(`x ${op} y\ny\n`, '');
    ops.set(file.Stmts[0].Redirs[0].Op as number, op);
  }
  redirectOps = ops;
  andOp = loaded.syntax.NewParser().Parse('x && y\n', '').Stmts[0].Cmd.Op as number;
  pipeOps = new Set(['|', '|&'].map((op) => loaded.syntax.NewParser().Parse(`x ${op} y\n`, '').Stmts[0].Cmd.Op as number));
  testBeforeOp = loaded.syntax.NewParser().Parse('[[ x < y ]]\n', '').Stmts[0].Cmd.X.Op as number;
  mvdan = loaded;
  return loaded;
}

/** Loads the parser (about 100 ms the first time). Parsing loads it on demand too. */
export function preloadParser(): void {
  loadParser();
}

/**
 * Parses `source` as bash. Throws ShellSyntaxError, UnsupportedSyntax or DepthExceeded;
 * any other exception is a bug. Every source is read here, nested ones too (`bash -c`
 * strings, `eval` arguments), so text the parser reads unlike bash is refused here.
 */
export function parseBash(source: string, maxDepth: number): Stmt[] {
  // A lone surrogate: GopherJS pairs it with the next character (facts/unicode.ts).
  if (hasLoneSurrogate(source)) throw new UnsupportedSyntax('command is not well-formed unicode (a lone surrogate)');
  // A carriage return: mvdan-sh reads it as a blank, bash as part of a word, so `ls\rx/evil`
  // is `ls x/evil` to the parser and runs the file `ls\rx/evil` in bash; `bash -c $'ls\rx/evil'` too.
  if (source.includes('\r')) throw new UnsupportedSyntax('command contains a carriage return (bash reads it as part of a word)');
  // `$`, a line continuation, then `'…'` or a name: bash removes the continuation first and
  // reads `$'…'` (ANSI-C quoting: `$\<newline>'\x2eenv'` is `.env`) or `$name`; the parser
  // reads a literal `$` and a plain quoted string or name.
  if (source.includes('$\\\n')) throw new UnsupportedSyntax('a `$` followed by a line continuation: bash joins it with what follows (`$\'…\'`, `$name`), the parser reads a literal `$`');
  return parsePlain(source) ?? parseWithMvdan(source, maxDepth);
}

/** parseBash without the plain reader: mvdan-sh's tree, converted. Exported for the differential test. */
export function parseWithMvdan(source: string, maxDepth: number): Stmt[] {
  const { syntax } = loadParser();
  let file: GoNode;
  // Comments are kept so that misreadComment can find the ones mvdan-sh reads unlike bash.
  const parser = idleParser ?? syntax.NewParser(syntax.KeepComments(true));
  idleParser = undefined;
  try {
    file = parser.Parse(source, '');
  } catch (error) {
    if (error instanceof RangeError) throw new DepthExceeded('nesting too deep for the parser');
    const message =
      error && typeof (error as GoNode).Error === 'function' ? String((error as GoNode).Error()) : String(error);
    throw new ShellSyntaxError(message);
  }
  const bytes = Buffer.from(source, 'utf8');
  try {
    const root = goValueOf(file);
    if (typeName(root) !== 'File') throw new UnsupportedSyntax('mvdan-sh returned an unknown tree');
    const converter = new Converter(syntax, bytes, maxDepth);
    const misread = source.includes('#') ? converter.misreadComment(file) : undefined;
    if (misread !== undefined) throw new UnsupportedSyntax(misread);
    const stmts = converter.stmts(root.Stmts, 0);
    idleParser = parser;
    return stmts;
  } catch (error) {
    if (error instanceof RangeError) throw new DepthExceeded('nesting too deep to convert');
    throw error;
  }
}

/** Bytes after which a word starts: blanks, newline and bash's operator characters. */
const WORD_BOUNDARY: ReadonlySet<number> = new Set([...' \t\n;&|()<>'].map((c) => c.charCodeAt(0)));

class Converter {
  /** How many `$(…)` and `<(…)` enclose the node being converted. */
  private substitutionDepth = 0;
  /** Where each `$(…)`, backquote or `<(…)` being read ends, innermost last. */
  private substitutionEnds: number[] = [];

  constructor(
    private readonly syntax: Mvdan['syntax'],
    private readonly bytes: Buffer,
    private readonly maxDepth: number,
  ) {}

  /**
   * Whether a node starts a word: at the start of the input or after a blank or an operator
   * character (backslash-newlines, which bash removes first, skipped). mvdan-sh takes the
   * digits at the end of a word such as `z"q"31>&2` for the descriptor of the redirection;
   * bash takes a descriptor only when the whole word is digits, and runs `zq31`.
   */
  private startsWord(node: GoNode): boolean {
    const { bytes } = this;
    let i = node.Pos().Offset() - 1;
    while (i >= 1 && bytes[i] === 0x0a && bytes[i - 1] === 0x5c) i -= 2;
    return i < 0 || WORD_BOUNDARY.has(bytes[i]!);
  }

  /**
   * Why a comment mvdan-sh found is not one bash would see, if it is not (the walk runs only
   * for sources with a `#`). Bash starts a comment only at a `#` that begins a word, and ends
   * it at the newline whatever precedes it. mvdan-sh also starts one right after a closing
   * quote (`git diff HEAD''#;curl x` hides `curl x`, which bash runs) and continues one past
   * a backslash-newline (`git log #\<newline>curl x` makes `curl x` arguments of `git log`).
   */
  misreadComment(file: GoNode): string | undefined {
    const { syntax } = this;
    let reason: string | undefined;
    syntax.Walk(file, (node) => {
      if (reason !== undefined || node == null) return reason === undefined;
      if (syntax.NodeType(node) !== 'Comment') return true;
      if (String(node.Text).includes('\n')) reason = 'a comment ends in a backslash: bash ends it at the newline, the parser reads on';
      else if (!this.startsWord(goValueOf(node))) reason = 'a `#` glued to a word: bash reads it as part of the word, the parser as a comment';
      return reason === undefined;
    });
    return reason;
  }

  /** Source text of a node; mvdan positions are byte offsets. */
  private source(node: GoNode): string {
    return this.bytes.subarray(node.Pos().Offset(), node.End().Offset()).toString('utf8');
  }

  /** A node's source with its quoted text and escaped characters left out: the operators a shell sees in it. */
  private unquotedSource(node: GoNode): string {
    return this.source(node).replace(/'[^']*'|"(?:[^"\\]|\\.)*"|\\./g, '');
  }

  /** The raw text of a word made of literals (a quoted here-doc body). */
  private literalText(word: GoNode): string {
    return items(word.Parts)
      .map((p) => {
        if (typeName(p) !== 'Lit') throw new UnsupportedSyntax('quoted here-doc body with expansions');
        return text(p.Value);
      })
      .join('');
  }

  stmts(list: GoNode, depth: number): Stmt[] {
    if (depth > this.maxDepth) throw new DepthExceeded(`nesting deeper than ${this.maxDepth}`);
    return items(list).map((s) => this.stmt(s, depth));
  }

  private stmt(node: GoNode, depth: number): Stmt {
    const redirs = items(node.Redirs);
    const each = redirs.map((r) => this.redirect(r, depth));
    const cmd = node.Cmd;
    if (!isNil(cmd) && typeName(cmd) === 'CallExpr') {
      const lastWord = Math.max(-1, ...items(cmd.Args).map((w) => Number(w.Pos().Offset())));
      redirs.forEach((r, i) => {
        for (const redirect of each[i]!) if ((redirect.op === '&>' || redirect.op === '&>>') && lastWord > Number(r.End().Offset())) redirect.wordsAfter = true;
      });
    }
    const redirects = each.flat();
    if (isNil(cmd)) return { redirects };
    const command = this.command(cmd, depth);
    // `! [[ a && b c ]]`: to a POSIX shell the failed command `[[ a` is negated, so `b c ]]` runs.
    // `! a` and `a &` do not go on to what follows as `a` would (`! cd x && y` runs y when
    // the cd failed): each is a group of its own, never a step of an `&&` chain.
    if (node.Negated === true || node.Background === true) {
      const group = compound([{ command, redirects: [] }]) as Extract<Command, { kind: 'compound' }>;
      if (node.Background === true) group.background = true;
      // `! [[ a && b c ]]` (in a pipeline too): to a POSIX shell the failed command `[[ a` is
      // negated, so `b c ]]` runs.
      if (node.Negated === true && /\[\[[^]*&&/.test(this.unquotedSource(cmd))) {
        group.posixHazard = `a POSIX shell runs \`! ${this.source(cmd).slice(0, 80)}\` with the command \`[[\`, negated, then the command after its \`&&\``;
      }
      return { command: group, redirects };
    }
    return { command, redirects };
  }

  /**
   * One redirection; its file word brace-expanded as bash does (`>{/etc/x,}` writes /etc/x):
   * a word that expands to several is one redirection each (bash refuses it as ambiguous, zsh
   * writes every one).
   */
  private redirect(node: GoNode, depth: number): Redirect[] {
    const op = redirectOps?.get(node.Op as number);
    if (op === undefined) throw new UnsupportedSyntax(`unknown redirection operator ${String(node.Op)}`);
    if (!isNil(node.N) && !this.startsWord(node.N)) {
      throw new UnsupportedSyntax('digits glued to a word before a redirection: bash reads them as part of the word');
    }
    // `{NAME}>f` sets NAME to the descriptor bash opens (`{IFS}>/dev/null`, `{PATH}>x`,
    // `{BASH_CMDS[ls]}>x`): an assignment the walk would not see.
    const named = isNil(node.N) ? undefined : /^\{(.*)\}$/s.exec(text(node.N.Value))?.[1];
    if (named !== undefined && (named.includes('[') || named === 'IFS' || isRiskyVariable(named))) throw new UnsupportedSyntax(`\`{${named}}\` before a redirection sets that variable to a descriptor number`);
    if (op !== '<<' && op !== '<<-' && op !== '<<<') {
      const words = this.expandedWords(node.Word, depth);
      // A word the expansion leaves empty (`>{,}`): bash refuses it; its text is checked as written.
      return (words.length > 0 ? words : [this.word(node.Word, depth)]).map((word) => (!isNil(node.N) && op.startsWith('<') ? { op, word, fd: text(node.N.Value) } : { op, word }));
    }
    const redirect: Redirect = { op, word: this.word(node.Word, depth) };
    // Which descriptor an input redirection sets (`3< f` is not standard input).
    if (!isNil(node.N) && op.startsWith('<')) redirect.fd = text(node.N.Value);
    const hdoc = node.Hdoc;
    if (!isNil(hdoc)) redirect.heredoc = this.heredoc(hdoc, node.Word, depth);
    return [redirect];
  }

  private heredoc(body: GoNode, delimiter: GoNode, depth: number): Word {
    // bash removes a line continuation in the delimiter before reading it (`<<E\<newline>OF`
    // is the unquoted delimiter `EOF`): a backslash that only continues a line quotes nothing.
    const delimiterText = this.source(delimiter).replace(/\\\n/g, '');
    // `<<$'EOF'` (or `$"EOF"`) ends at `EOF` to bash and at a line `$EOF` to a POSIX shell
    // (dash reads `$` and a plain string): each reads other lines as commands.
    if (/\$['"]/.test(delimiterText)) throw new UnsupportedSyntax('a here-doc delimiter spelt with `$\'…\'` or `$"…"`: bash and a POSIX shell (dash) end the here-doc at different lines');
    // Inside `$(…)` or backquotes, bash ends a here-doc at a line that starts with the
    // delimiter and holds a `)` (or a backquote) after it (`EOF)`, `EOF x)`), and runs the
    // lines after it as commands; the parser reads on to a line that is the delimiter alone.
    const delimiterValue = delimiterText.replace(/['"\\]/g, ''); // `<<'EOF'` ends at `EOF)` too
    // A here-doc opened in a substitution that closes on its line (`` x=`cat <<A` ``, `$(cat
    // <<A)`): bash (backquotes) or dash gives it no body and runs the lines after as commands,
    // where the parser reads them as its body.
    const closing = this.substitutionEnds.at(-1);
    if (closing !== undefined && Number(body.Pos().Offset()) >= closing) throw new UnsupportedSyntax('a here-doc opened in a `$(…)` or backquotes that close on its line: the shells read the lines after as commands, not as its body');
    const bodyLines = this.source(body).split('\n');
    if (this.substitutionDepth > 0 && bodyLines.slice(0, -1).some((line) => { const l = line.replace(/^\t+/, ''); return l.startsWith(delimiterValue) && /[)`]/.test(l.slice(delimiterValue.length)); })) {
      throw new UnsupportedSyntax('a here-doc body line starts with its delimiter and holds a `)`: inside `$(…)` bash ends the here-doc there');
    }
    // A quoted delimiter (<<'E', <<"E", <<\E) makes the body plain data.
    const quoted = items(delimiter.Parts).some((p) => typeName(p) !== 'Lit') || delimiterText.includes('\\');
    if (quoted) {
      return { parts: [{ kind: 'literal', value: this.literalText(body), quoted: true }] };
    }
    // bash joins a line ending in a backslash with the next before it looks for the delimiter
    // (`EO\` then `F` ends the here-doc): the lines after it are commands, not body.
    const isDelimiter = (line: string): boolean => line === delimiterText || line.replace(/^\t+/, '') === delimiterText;
    const lines = joinedLines(this.source(body));
    // The body's text ends with the delimiter's own line.
    if (lines.length > 0 && isDelimiter(lines.at(-1)!)) lines.pop();
    if (lines.some(isDelimiter)) {
      throw new UnsupportedSyntax('a line continuation in a here-doc body spells its delimiter, where bash ends the here-doc');
    }
    const parts: WordPart[] = [];
    for (const p of items(body.Parts)) {
      if (typeName(p) === 'Lit') {
        parts.push({ kind: 'literal', value: unescapeHeredoc(text(p.Value)), quoted: true });
      } else parts.push(...this.wordPart(p, depth, false));
    }
    return { parts };
  }

  private command(node: GoNode, depth: number): Command {
    const type = typeName(node);
    const inner = depth + 1;
    switch (type) {
      case 'CallExpr':
        return {
          kind: 'call',
          assigns: items(node.Assigns).map((a) => this.assign(a, depth)),
          args: items(node.Args).flatMap((w) => this.expandedWords(w, depth)),
        };
      case 'DeclClause': {
        // `export a=b`, `declare -x a`, `local`, `readonly`: a builtin call whose words
        // are assignments.
        const args: Word[] = [{ parts: [{ kind: 'literal', value: text(node.Variant.Value), quoted: false }] }];
        for (const a of items(node.Args)) args.push(...this.declarationWords(a, depth));
        return { kind: 'call', assigns: [], args };
      }
      case 'BinaryCmd': {
        const body = [this.stmt(node.X, inner), this.stmt(node.Y, inner)];
        if (node.Op === andOp) return { kind: 'compound', body, words: [], nested: [], and: true };
        return pipeOps!.has(node.Op as number) ? { kind: 'compound', body, words: [], nested: [], pipe: true } : compound(body);
      }
      case 'Block':
      case 'Subshell':
        return compound(this.stmts(node.Stmts, inner));
      case 'IfClause': {
        const body: Stmt[] = [];
        for (let clause = node; !isNil(clause); clause = clause.Else) {
          body.push(...this.stmts(clause.Cond, inner), ...this.stmts(clause.Then, inner));
        }
        return compound(body);
      }
      case 'WhileClause':
        return repeated([...this.stmts(node.Cond, inner), ...this.stmts(node.Do, inner)]);
      case 'ForClause': {
        const loop = node.Loop;
        const loopType = typeName(loop);
        const body = this.stmts(node.Do, inner);
        if (loopType === 'WordIter') {
          // bash brace-expands a loop's list (`for o in {-exec,x}`)
          const words = items(loop.Items).flatMap((w) => this.expandedWords(w, depth));
          // `for f in a b` sets f to each item; `for f` (no `in`) to the positional parameters.
          const loopVar = isNil(loop.Name) ? '' : text(loop.Name.Value);
          return { kind: 'compound', body, words, nested: [], loopVar, repeats: true };
        }
        if (loopType === 'CStyleLoop') return { kind: 'compound', body, words: [], nested: this.substitutions(loop, inner), repeats: true };
        throw new UnsupportedSyntax(`unknown loop ${loopType}`);
      }
      case 'CaseClause': {
        const words = [this.word(node.Word, depth)];
        const body: Stmt[] = [];
        for (const item of items(node.Items)) {
          for (const pattern of items(item.Patterns)) words.push(this.word(pattern, depth));
          body.push(...this.stmts(item.Stmts, inner));
        }
        return { kind: 'compound', body, words, nested: [] };
      }
      case 'FuncDecl':
        return { kind: 'compound', body: [this.stmt(node.Body, inner)], words: [], nested: [], repeats: true, function: isNil(node.Name) ? '' : text(node.Name.Value) };
      case 'CoprocClause':
        // mvdan-sh reads the words after `coproc` unlike bash: `coproc bash ls | ls` as a
        // coprocess named `bash` running `ls` (bash runs `bash ls`), `coproc a=b rm x` as the
        // command `a=b rm x`, `coproc x a=b` as `x`, `coproc a=b [[ a ]]` as a test (bash runs
        // a command `[[`). Rare in agents' commands: refused whole.
        throw new UnsupportedSyntax('`coproc`: bash and the parser read the words after it differently');
      case 'TimeClause': {
        const timed: Command & { kind: 'compound' } = { kind: 'compound', body: isNil(node.Stmt) ? [] : [this.stmt(node.Stmt, inner)], words: [], nested: [] };
        // `time -o f ls`: bash's keyword takes only -p (the command is `-o`); dash has no such
        // keyword and runs the program time, which writes f.
        const first = isNil(node.Stmt) || typeName(node.Stmt.Cmd) !== 'CallExpr' ? undefined : items(node.Stmt.Cmd.Args)[0];
        if (first !== undefined && this.source(first).startsWith('-')) timed.posixTime = true;
        return timed;
      }
      case 'ArithmCmd': {
        const source = this.source(node);
        return { kind: 'compound', body: [], words: [], nested: this.substitutions(node, inner), posixReading: source.slice(1, -1) };
      }
      case 'TestClause': {
        // Its operands are words, read as any other (a literal `'x[$(id)]'` that `-eq`
        // evaluates, `${PATH:=x}` assigning): the substitutions are inside them.
        const test: Command = { kind: 'compound', body: [], words: this.operandWords(node, depth), nested: [] };
        // To a POSIX shell `[[` is a command: `<`, `>`, `|`, `&` and `||` between its words are
        // redirections and operators (`[[ a > f ]]` writes f, `[[ a || sh ]]` runs `sh ]]`).
        // `&&` is not: the command `[[` fails, so what follows never runs. Quoted text aside.
        const operators = this.unquotedSource(node).replace(/&&/g, '');
        if (/[<>|&]/.test(operators)) {
          // Only string comparisons `a < b` (`[[ "$ver" < 2.0 ]]`): the command `[[` reading
          // the file b, which no shell runs (dash refuses `[[` as a function name): a read of b.
          const before = this.comparedBefore(node, depth);
          if (!/[>|&]|<[<>&(]/.test(operators) && before.length === (operators.match(/</g) ?? []).length) test.posixReads = before;
          else test.posixHazard = `a POSIX shell runs \`${this.source(node).slice(0, 80)}\` as the command \`[[\` with redirections or further commands`;
        }
        return test;
      }
      case 'LetClause':
        return { kind: 'compound', body: [], words: this.operandWords(node, depth), nested: [] };
      default:
        throw new UnsupportedSyntax(`unsupported construct ${type}`);
    }
  }

  private assign(node: GoNode, depth: number): Assign {
    const name = isNil(node.Name) ? '' : text(node.Name.Value);
    if (!isNil(node.Array) || !isNil(node.Index)) {
      // a=(x $(y)) or a[i]=v: the value is opaque, but its substitutions still run.
      const assign: Assign = { name, value: { parts: [{ kind: 'expansion', source: this.source(node), nested: this.substitutions(node, depth + 1) }] } };
      const elems = isNil(node.Array) ? undefined : items(node.Array.Elems);
      if (isNil(node.Index) && !node.Append && elems && elems.every((e) => isNil(e.Index) && !isNil(e.Value))) {
        // bash brace-expands an array's elements (`a=({-exec,x})`)
        assign.items = elems.flatMap((e) => this.expandedWords(e.Value, depth));
      }
      return assign;
    }
    if (isNil(node.Value)) return { name };
    return node.Append ? { name, value: this.word(node.Value, depth), append: true } : { name, value: this.word(node.Value, depth) };
  }

  private assignAsWord(node: GoNode, depth: number): Word {
    if (node.Naked && isNil(node.Name) && !isNil(node.Value)) return this.word(node.Value, depth);
    const a = this.assign(node, depth);
    const parts: WordPart[] = [{ kind: 'literal', value: a.name, quoted: false }];
    if (!node.Naked && a.value) parts.push({ kind: 'literal', value: a.append ? '+=' : '=', quoted: false }, ...a.value.parts);
    return { parts };
  }

  /**
   * A command's word as bash's brace expansion leaves it, before anything reads it: `find .
   * {-exec,} sh \\;` runs find with `-exec`, `>{/etc/x,}` writes /etc/x. Every reader (wrappers,
   * options that run programs, builtins that set variables) then sees the words the program gets.
   */
  private expandedWords(node: GoNode, depth: number, before = ''): Word[] {
    if (isNil(node)) return [{ parts: [] }];
    const goParts = items(node.Parts);
    const pieces = goParts.map((p) => (typeName(p) === 'Lit' ? text(p.Value) : this.wordPart(p, depth, false)));
    checkQuotedInPattern(goParts);
    const words = braceWords(before === '' ? pieces : [before, ...pieces], MAX_BRACE_WORDS);
    if (words === undefined) throw new UnsupportedSyntax(`brace expansion of \`${this.source(node).slice(0, 80)}\` makes more than ${MAX_BRACE_WORDS} words`);
    return words;
  }

  /**
   * A declaration builtin's argument as the words bash passes it: brace-expanded like any
   * command's (`declare {-n,} r=HOME` is `declare -n r=HOME`; `declare a={x,y}` is `declare a=x
   * a=y`), but for an array value, which stays one opaque word.
   */
  private declarationWords(node: GoNode, depth: number): Word[] {
    if (node.Naked && isNil(node.Name) && !isNil(node.Value)) return this.expandedWords(node.Value, depth);
    if (!node.Naked && !isNil(node.Name) && !isNil(node.Value) && isNil(node.Array) && isNil(node.Index)) {
      return this.expandedWords(node.Value, depth, `${text(node.Name.Value)}${node.Append ? '+=' : '='}`);
    }
    return [this.assignAsWord(node, depth)];
  }

  word(node: GoNode, depth: number): Word {
    if (isNil(node)) return { parts: [] };
    const parts: WordPart[] = [];
    const goParts = items(node.Parts);
    for (const p of goParts) parts.push(...this.wordPart(p, depth, false));
    checkQuotedInPattern(goParts);
    return { parts };
  }

  private wordPart(node: GoNode, depth: number, inDoubleQuotes: boolean): WordPart[] {
    const type = typeName(node);
    switch (type) {
      case 'Lit': {
        const raw = text(node.Value);
        return [{ kind: 'literal', value: inDoubleQuotes ? unescapeDouble(raw) : unescapeUnquoted(raw), quoted: inDoubleQuotes }];
      }
      case 'SglQuoted': {
        if (!node.Dollar) return [{ kind: 'literal', value: text(node.Value), quoted: true }];
        const body = text(node.Value);
        // dash reads `$` and a plain '…' string: `$'\';id;'` ends at the quote, then dash runs
        // `id`; `$'/../x'` is the relative `$/../x` there, which climbs out of where bash's `/x` is.
        return [body.includes("'") || body.includes('..') ? { kind: 'literal', value: decodeAnsiC(body), quoted: true, posixOtherwise: true } : { kind: 'literal', value: decodeAnsiC(body), quoted: true }];
      }
      case 'DblQuoted': {
        // `$"…"` is translated by bash from the message catalog TEXTDOMAIN and TEXTDOMAINDIR
        // name (any text, a command word too), and is `$` and a string to dash.
        if (node.Dollar) throw new UnsupportedSyntax('`$"…"`: bash translates the string through a message catalog, dash reads a `$` before it');
        const parts: WordPart[] = [];
        for (const p of items(node.Parts)) parts.push(...this.wordPart(p, depth, true));
        // "" is an empty literal: it still joins words (r""m is rm).
        return parts.length === 0 ? [{ kind: 'literal', value: '', quoted: true }] : parts;
      }
      case 'CmdSubst':
      case 'ProcSubst': {
        const source = this.source(node);
        if (node.Backquotes && source.includes('\\')) {
          // Bash removes one level of backslashes inside `...` before parsing it again;
          // mvdan keeps them in quoted parts. Re-read the body the way bash does.
          if (depth + 1 > this.maxDepth) throw new DepthExceeded(`nesting deeper than ${this.maxDepth}`);
          const body = parseBash(unescapeBackquoted(source.slice(1, -1)), this.maxDepth - depth - 1);
          return [inDoubleQuotes ? { kind: 'substitution', source, body, quoted: true } : { kind: 'substitution', source, body }];
        }
        const body = this.inSubstitution(Number(node.End().Offset()), () => this.stmts(node.Stmts, depth + 1));
        return [inDoubleQuotes ? { kind: 'substitution', source, body, quoted: true } : { kind: 'substitution', source, body }];
      }
      case 'ParamExp':
        // `$x` and `${x}` hold no word or arithmetic that could hide a substitution: no walk.
        if (isNil(node.Index) && isNil(node.Slice) && isNil(node.Repl) && isNil(node.Exp)) {
          return [inDoubleQuotes ? { kind: 'expansion', source: this.source(node), nested: [], quoted: true } : { kind: 'expansion', source: this.source(node), nested: [] }];
        }
        return [{ kind: 'expansion', source: this.source(node), nested: this.substitutions(node, depth + 1) }];
      case 'ArithmExp':
      case 'ExtGlob':
      case 'BraceExp':
        return [{ kind: 'expansion', source: this.source(node), nested: this.substitutions(node, depth + 1) }];
      default:
        throw new UnsupportedSyntax(`unsupported word part ${type}`);
    }
  }

  /** Converts what `read` converts inside a `$(…)` or `<(…)` (see heredoc), which ends at offset `end`. */
  private inSubstitution<T>(end: number, read: () => T): T {
    this.substitutionDepth++;
    this.substitutionEnds.push(end);
    try {
      return read();
    } finally {
      this.substitutionDepth--;
      this.substitutionEnds.pop();
    }
  }

  /** The right operands of the comparisons `a < b` anywhere in a `[[ … ]]`. */
  private comparedBefore(node: GoNode, depth: number): Word[] {
    const found: GoNode[] = [];
    this.syntax.Walk(wrapperOf(node), (n) => {
      if (n == null) return true;
      if (this.syntax.NodeType(n) !== 'BinaryTest') return true;
      const test = goValueOf(n);
      if (test.Op === testBeforeOp && !isNil(test.Y) && typeName(test.Y) === 'Word') found.push(test.Y);
      return true;
    });
    return found.map((w) => this.word(w, depth));
  }

  /** The words anywhere below `node` (the operands of `[[ … ]]` and `let`), outermost only. */
  private operandWords(node: GoNode, depth: number): Word[] {
    const found: GoNode[] = [];
    this.syntax.Walk(wrapperOf(node), (n) => {
      if (n == null) return true;
      if (this.syntax.NodeType(n) !== 'Word') return true;
      found.push(goValueOf(n));
      return false;
    });
    return found.map((w) => this.word(w, depth));
  }

  /**
   * An indexed array's subscript (`a[…]=`, `([…]=v)`, `${a[…]}`) is arithmetic text to bash,
   * expanded with quotes that do not quote: `a['$(id)']=1` runs id, where the parser reads a
   * quoted literal. Whether the array is indexed or associative is known only at run time.
   */
  private checkSubscript(node: GoNode): void {
    if (isNil(node.Index)) return;
    const index = this.source(node.Index);
    if (index.includes("'") || index.includes('"')) {
      throw new UnsupportedSyntax(`quotes in the array subscript \`[${index.slice(0, 60)}]\`: bash reads an indexed array's subscript as arithmetic text, where they do not quote`);
    }
  }

  /**
   * Command lists of every `$(...)`, backtick and `<(...)` anywhere below `node`. mvdan-sh's
   * own Walk finds them (its order and reach); it takes and hands out wrapped nodes.
   */
  private substitutions(node: GoNode, depth: number): Stmt[][] {
    const found: Stmt[][] = [];
    this.syntax.Walk(wrapperOf(node), (n) => {
      if (n == null) return true;
      const type = this.syntax.NodeType(n);
      if (type === 'CmdSubst' || type === 'ProcSubst') {
        found.push(this.inSubstitution(Number(goValueOf(n).End().Offset()), () => this.stmts(goValueOf(n).Stmts, depth)));
        return false;
      }
      if (type === 'Assign' || type === 'ArrayElem' || type === 'ParamExp') this.checkSubscript(goValueOf(n));
      return true;
    });
    return found;
  }
}

/**
 * A quoted or escaped character inside a brace expansion or a bracket expression (`.{e,"}"}nv`,
 * `sh -c {'rm -rf x',}`, `.[e"]"]nv`): bash expands the pattern around it, where the words
 * are read with their quotes removed first (`.{e,}}nv`), a different pattern. Unverifiable.
 */
function checkQuotedInPattern(parts: GoNode[]): void {
  if (!parts.some((p) => typeName(p) === 'Lit' && /[{[]/.test(text(p.Value)))) return;
  // The word with every quoted or escaped piece written `Q` (expansions `E`): the patterns' own characters stay.
  const skeleton = parts.map((p) => (typeName(p) === 'Lit' ? text(p.Value).replace(/\\[^]/g, 'Q') : typeName(p) === 'SglQuoted' || typeName(p) === 'DblQuoted' ? 'Q' : 'E')).join('');
  for (const m of skeleton.matchAll(/\{([^{}]*)\}/g)) {
    if (m[1]!.includes('Q') && (m[1]!.includes(',') || m[1]!.includes('..'))) throw new UnsupportedSyntax('a brace expansion with quoted or escaped text inside: bash expands it as the shell sees it, before quotes are removed');
  }
  if (/\[[^\]]*Q[^\]]*\]/.test(skeleton)) throw new UnsupportedSyntax('a bracket expression with a quoted or escaped character inside: the shell matches another class than the word read without its quotes');
}

function compound(body: Stmt[]): Command {
  return { kind: 'compound', body, words: [], nested: [] };
}

/** A loop's or a function's body: it may run more than once. */
function repeated(body: Stmt[]): Command {
  return { kind: 'compound', body, words: [], nested: [], repeats: true };
}

/** Inside "...", a backslash quotes only $ ` " \ and newline. */
export function unescapeDouble(raw: string): string {
  return raw.replace(/\\([$`"\\\n])/g, (_, c: string) => (c === '\n' ? '' : c));
}

/** Inside backquotes, a backslash quotes only $ ` and \\ (bash reads the rest again). */
export function unescapeBackquoted(raw: string): string {
  return raw.replace(/\\([$`\\])/g, '$1');
}

/** The lines of an unquoted here-doc body as bash reads them: a backslash-newline joins two lines (an escaped backslash does not). */
function joinedLines(raw: string): string[] {
  let joined = '';
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '\\' && i + 1 < raw.length) {
      if (raw[i + 1] !== '\n') joined += raw[i]! + raw[i + 1]!;
      i++;
    } else joined += raw[i];
  }
  return joined.split('\n');
}

/** In an unquoted here-doc body, a backslash quotes only $ ` \ and newline. */
function unescapeHeredoc(raw: string): string {
  return raw.replace(/\\([$`\\\n])/g, (_, c: string) => (c === '\n' ? '' : c));
}

const ansiSimple: Record<string, string> = {
  a: '\x07', b: '\b', e: '\x1b', E: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
  '\\': '\\', "'": "'", '"': '"', '?': '?',
};

/**
 * Decodes the body of bash's $'...' quoting. `\xHH` and octal escapes are bytes, so
 * `$'cafe\xcc\x81'` is the UTF-8 text `café` (NFD), not `cafeÌ`: bytes are gathered and
 * read as UTF-8 once.
 */
export function decodeAnsiC(body: string): string {
  const bytes: number[] = [];
  const text = (t: string): void => {
    for (const b of Buffer.from(t, 'utf8')) bytes.push(b);
  };
  // `u`: an unknown escape keeps its whole character (`\😀` is two UTF-16 units, one character).
  // `\x{HHH}`: bash 5.2 reads any number of hex digits (the low byte counts), the `}` optional.
  const escape = /\\(x\{[0-9a-fA-F]*\}?|x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c\\\\|c[\s\S]|[\s\S])/gu;
  let last = 0;
  for (let m = escape.exec(body); m !== null; m = escape.exec(body)) {
    text(body.slice(last, m.index));
    last = m.index + m[0].length;
    const esc = m[1]!;
    const head = esc[0]!;
    if (esc === 'x') text('\\x'); // no hex digit: kept as written
    else if (esc.startsWith('x{')) bytes.push(parseInt(`0${esc.slice(2).replace('}', '')}`, 16) & 0xff);
    else if (head === 'x') bytes.push(parseInt(esc.slice(1), 16));
    else if (head === 'u' || head === 'U') {
      const code = parseInt(esc.slice(1), 16);
      text(code <= 0x10ffff ? String.fromCodePoint(code) : m[0]);
    } else if (/[0-7]/.test(head)) bytes.push(parseInt(esc, 8) & 0xff);
    else if (head === 'c' && esc.length > 1) bytes.push(esc.charCodeAt(1) & 0x1f); // `\c\\` is one control-\\
    else text(ansiSimple[head] ?? m[0]);
  }
  text(body.slice(last));
  // bash builds a C string: a NUL ends it (`$'cu\0x'rl` is `curl`).
  const nul = bytes.indexOf(0);
  return Buffer.from(nul === -1 ? bytes : bytes.slice(0, nul)).toString('utf8');
}
