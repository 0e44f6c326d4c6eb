// The paths one parsed simple command's words name: path-like arguments and their readings
// (`-o/x`, `@file`, `file://`), the files its program's grammar says it reads or writes,
// redirect targets, git's `REV:path`, and the bare names other words may stand for.
import type { SimpleCommand } from '../types.js';
import { PATH_FRAGMENT_SPLIT, WORD_SPLIT, hasShellWildcard, mayExpandTo, withoutTextWildcards } from './path-glob.js';
import { wordRoles } from './file-operands.js';
import { gitSubcommandAt } from './operands/git.js';
import { optionValues, type OptionSpelling } from './options.js';
import { fileUrlPaths, looksLikePath, URL_SCHEME } from './extract-paths.js';
import { arithmeticEnd } from './shell/words.js';
import { textWordsAt } from './search-patterns.js';
import { isSystemProgram } from './read-only-commands.js';

// `>&2`, `>&-` duplicate or close descriptors; a plain `> 2` writes a file named `2`.
const FD_DUPLICATE = /^(?:&\d+|&?-)$/;
// The command's own streams and the null device (`2>/dev/null`, `| tee /dev/stderr`): no file
// of anyone's is read or written there, so they are no touched path (nor outside the workspace).
const STANDARD_STREAM = /^\/dev\/(?:null|stdin|stdout|stderr|fd\/[012])$|^\/proc\/(?:self|thread-self)\/fd\/[012]$/;

// git subcommands whose `a:b` words are refspecs or settings, not object names.
const GIT_REFSPEC_COMMANDS: ReadonlySet<string> = new Set(['push', 'fetch', 'pull', 'ls-remote', 'remote', 'clone', 'config']);

// `key=` or `file:` before a value (kubectl's `--from-file=key=PATH`, openssl's `file:PATH`).
const KEYED_VALUE = /^(?:[A-Za-z_][A-Za-z0-9_.-]*=|file:(?!\/\/))/i;

/**
 * The path readings of one shell word: itself, an option's value, `@file` and `<file` (curl
 * `-d @f`, `-F name=@f;type=x`, `-F 'name=<f'`), `file:` URLs (fileUrlPaths), and the word with a wildcard
 * segment that may expand to `..` taken as `..` (`.?/x` is `../x` for dash).
 */
function pathCandidates(word: string): string[] {
  const out: string[] = [];
  const consider = (w: string): void => {
    if (w.length === 0) return;
    if (/^file:\//i.test(w)) {
      for (const p of fileUrlPaths(w.slice(5))) if (!out.includes(p)) out.push(p);
      return;
    }
    if (URL_SCHEME.test(w)) return; // a URL, not a file
    if (looksLikePath(w) && !out.includes(w)) {
      out.push(w);
      const up = withParentSegments(w);
      if (up !== undefined && !out.includes(up)) out.push(up);
    }
    if (w[0] === '@' || w[0] === '<') consider(w.slice(1));
    const semicolon = w.indexOf(';');
    if (semicolon > 0 && (w[0] === '@' || w[0] === '<')) consider(w.slice(1, semicolon));
    // A value naming a file after a key or a `file:` scheme: `--from-file=key=.ssh/id_rsa`,
    // `-pass file:.ssh/id_rsa` (openssl), `-o IdentityFile=x` read by the rest too.
    const keyed = KEYED_VALUE.exec(w);
    if (keyed !== null) consider(w.slice(keyed[0].length));
  };
  consider(word);
  // `release.zip#label` (gh's upload label), `a.txt#frag`: the file is the part before `#`.
  const hash = word.indexOf('#');
  if (hash > 0) consider(word.slice(0, hash));
  if (word.startsWith('-')) {
    const eq = word.indexOf('=');
    if (eq > 0) consider(word.slice(eq + 1));
    // `--inject:FILE` (esbuild), `-J-javaagent:/x.jar` (a JVM option): a value after a colon.
    const colon = word.indexOf(':');
    if (colon > 1 && !word.startsWith('//', colon + 1)) consider(word.slice(colon + 1));
    // `-o/etc/x`, `-I../x`: a short option with its value attached
    const attached = /^-[A-Za-z0-9]([/.~].+)$/.exec(word);
    if (attached?.[1] !== undefined) consider(attached[1]);
  } else {
    const eq = word.indexOf('=');
    if (eq > 0 && /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(word.slice(0, eq))) consider(word.slice(eq + 1)); // `of=/dev/x`, `file=@x`
  }
  return out;
}

/**
 * The path of a git object name `REV:path` (`HEAD:a/b`, `main~2:x`, `origin/main:.env`,
 * `HEAD^{/fix: x}:y`), of the index's `:path` and `:0:path`; undefined for other words
 * (options, URLs; `host:path` of a remote is read as a path too, which only adds a check).
 * As git's get_oid_with_context reads it: the path follows the first `:` outside braces, and
 * the revision before it may hold `/` (a ref) and anything inside `{…}` (`^{/regex}`), but no
 * blank outside them. Relative to the work tree's top, unless it starts with `./` or `../`.
 */
function revisionPath(word: string): string | undefined {
  if (word.startsWith('-') || word.includes('://')) return undefined;
  if (word.startsWith(':')) {
    const index = /^:(?:[0-3]:)?(.+)$/s.exec(word);
    // `:/x`, `:(top)x`, `:!x`, `:^x` are pathspec magic (operands/git-pathspecs.ts, pathspecTarget), or `:/text` a commit search.
    if (index === null || /^[/(!^]/.test(index[1]!)) return undefined;
    return index[1];
  }
  let depth = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (depth === 0 && /\s/.test(c)) return undefined;
    else if (depth === 0 && c === ':') return i + 1 < word.length ? word.slice(i + 1) : undefined;
  }
  return undefined;
}

/**
 * Files git opens from the work tree's top, wherever it runs, since the option is no file name
 * to its option parser (tested with git 2.39 in a subdirectory): `blame --contents F`,
 * `--ignore-revs-file F`, `-S F` and `-c blame.ignoreRevsFile=F`, `notes add|append -F F`,
 * `grep -f F`. `at`: the subcommand's index. `./x` and `../x` are from the top too.
 */
function gitFilesFromTop(words: readonly string[], at: number): string[] {
  const out: string[] = [];
  for (const setting of optionValues(words.slice(0, at), { letters: 'c', long: [] }, 'cC')) {
    const m = /^blame\.ignorerevsfile=(.+)$/is.exec(setting);
    if (m !== null) out.push(m[1]!);
  }
  const spelling = GIT_TOP_FILE_OPTIONS.get(words[at] ?? '');
  if (spelling !== undefined) out.push(...optionValues(words, spelling, spelling.valued, at + 1));
  return out.filter((file) => file !== '' && file !== '-');
}

// The options of `GIT_TOP_FILE_OPTIONS`' subcommands whose value is a file git opens from the
// top, with the subcommand's short letters that take a value (so a cluster is read right).
const GIT_TOP_FILE_OPTIONS: ReadonlyMap<string, OptionSpelling & { valued: string }> = new Map([
  ['blame', { letters: 'S', long: ['--contents', '--ignore-revs-file'], valued: 'LS' }],
  ['notes', { letters: 'F', long: ['--file'], valued: 'mFcC' }],
  ['grep', { letters: 'f', long: [], valued: 'efABCm' }],
]);

/** The path with every wildcard segment that may expand to `..` written as `..`; undefined when there is none. */
export function withParentSegments(path: string): string | undefined {
  // A segment that may expand to `..` holds a wildcard: most paths hold none, and are not split.
  if (!path.includes('.') || !hasShellWildcard(path)) return undefined;
  const segments = path.split('/');
  let changed = false;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    // A leading dot must be matched literally, so only segments starting with one can be `..`.
    if (s.length > 1 && s[0] === '.' && s !== '..' && mayExpandTo(s, '..')) {
      segments[i] = '..';
      changed = true;
    }
  }
  return changed ? segments.join('/') : undefined;
}

/**
 * A word is split into at most this many names (inline code names its files somewhere in a
 * long word: `python -c '...open(".env")...'`); with symlinks resolved each is an `lstat`.
 */
const MAX_WORD_NAMES = 64;

/**
 * The file names an argument word that is not path-like may stand for, relative to the
 * working directory: the word itself (`cat "server key.pem"`), and the fragments between
 * separators (`grep --include=*.pem` selects `./*.pem`, `user@host:key.pem`), bounded by
 * MAX_WORD_NAMES. `cat innocent` reads whatever the link `innocent` points to. Options
 * (`-la`) and `.`/`..` are left out; so is anything starting with `~` (expanded only as a
 * path-like word), `/` or `\` (absolute).
 */
export function bareNames(word: string): string[] {
  const out: string[] = [];
  const hash = word.indexOf('#');
  const consider = (name: string): void => {
    if (name === '' || name === '.' || name === '..') return;
    const first = name.charCodeAt(0);
    // An absolute word names no file in the working directory: where it is a path it is read
    // as one; where a grammar calls it no file it is a pattern or a script (`grep -e /api/v1`,
    // `sed '/^#/d'`), whose fragments still count. A leading `\` is absolute read the Windows
    // way, and to a POSIX shell part of a name (`tr -d '\r'`, `grep '\.ts$'`): no name either.
    if (first === 0x2d /* - */ || first === 0x7e /* ~ */ || first === 0x2f /* / */ || first === 0x5c /* \ */) return;
    if (!out.includes(name)) out.push(name);
  };
  consider(word);
  if (hash > 0) consider(word.slice(0, hash)); // `server.pem#label`: gh uploads `server.pem`
  // A wildcard standing alone in text (`select * from t`, `.a * 2`) is no name: it would stand
  // for every file here (path-glob.ts withoutTextWildcards).
  for (const fragment of withoutTextWildcards(word).split(WORD_SPLIT)) {
    // Past the bound, fragments that look like file names (a dot or a wildcard) still count.
    if (out.length >= MAX_WORD_NAMES && !/[.*?[]/.test(fragment)) continue;
    consider(fragment);
    if (out.length >= 4 * MAX_WORD_NAMES) break;
  }
  // A relative path of several parts inside a longer word (`open(".git/config")`, `-Dx=conf/a.key`)
  // names a file there too: a glob of several parts (`**/.git/config`) sees it whole. (Not in
  // a URL, whose path and query are the server's: `file:` URLs are read by fileUrlPaths.)
  if (word.includes('/') && !URL_SCHEME.test(word) && out.length < 4 * MAX_WORD_NAMES) {
    for (const fragment of withoutTextWildcards(word).split(PATH_FRAGMENT_SPLIT)) {
      if (fragment !== word && fragment.includes('/')) consider(fragment.replace(/\/+$/, ''));
      if (out.length >= 4 * MAX_WORD_NAMES) break;
    }
  }
  return out;
}

/** The text a `data:` URL holds (`data:text/javascript,CODE`, `;base64,`), as node decodes it; undefined when it cannot be decoded. */
export function dataUrlText(url: string): string | undefined {
  const comma = url.indexOf(',');
  if (comma < 0) return undefined;
  const data = url.slice(comma + 1);
  if (/;base64$/i.test(url.slice(0, comma))) return Buffer.from(data, 'base64').toString('utf8');
  try {
    return decodeURIComponent(data);
  } catch {
    return undefined;
  }
}

const NO_CANDIDATES: readonly string[] = Object.freeze([]);

/** The text of an inline configuration: a `--config` value that is JSON or TOML's `key = …`; undefined for others (a file name). */
function inlineConfig(word: string, previous: unknown): string | undefined {
  const value = previous === '--config' ? word : word.startsWith('--config=') ? word.slice(9) : undefined;
  return value !== undefined && (/^\s*[[{]/.test(value) || /^\s*[A-Za-z0-9_.-]+\s*=/.test(value)) ? value : undefined;
}

/** The contents of the quoted strings in a text (`"a"`, `'b'`, JSON escapes left as written). */
function quotedStrings(text: string): string[] {
  return [...text.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]!);
}

/** The word with each arithmetic expansion `$((…))` written as the number it makes (`0`); as it is when one does not close. */
export function arithmeticAsNumber(word: string): string {
  let out = '';
  let i = 0;
  while (i < word.length) {
    const open = word.indexOf('$((', i);
    if (open < 0) break;
    const end = arithmeticEnd(word, open + 3);
    if (end < 0) return word;
    out += word.slice(i, open) + '0';
    i = end + 2;
  }
  return out + word.slice(i);
}

/**
 * Words checked as paths even where a grammar files them as no file (a pattern, a script, an
 * option's value): `~…`, `$HOME…` and `..`, `../…` are almost never patterns or values, and a
 * grammar mistake (`od -s ~/.bashrc` read as `-s`'s value) would leave them unchecked: bare
 * names leave `~` and `..` out, and absolute words are checked as names already.
 */
const PATH_EVEN_IF_PLAIN = /^(?:~[A-Za-z0-9._-]*|\$HOME|\$\{HOME\}|\.\.)(?:\/|$)/;

/**
 * The rests of a short option cluster after its second letter on (`-uf.env`: `f.env`, `.env`;
 * `-s#T/etc/x`: `T/etc/x`, `/etc/x`), up to MAX_CLUSTER characters in: where a value attached
 * to some letter of it may start. The rest after the first letter is pathCandidates' own (`-f.env`).
 */
function clusterRests(word: string): string[] {
  if (word.length < 4 || word.charCodeAt(0) !== 0x2d /* - */ || word.charCodeAt(1) === 0x2d) return NO_RESTS;
  let rests: string[] | undefined;
  // Past a mark too (rg's `-.` is `--hidden`: `-i.f.env` reads .env), within the first characters, where clusters end.
  for (let k = 3; k < word.length && k <= MAX_CLUSTER; k++) (rests ??= []).push(word.slice(k));
  return rests ?? NO_RESTS;
}
const NO_RESTS: string[] = [];
// How far into an option word a value may start: option letters in one cluster (`-rqyDO`,
// `-uuuf`; rg takes some forty distinct ones: `-inHabFLzuw.f.env`, red team 36).
const MAX_CLUSTER = 64;

/**
 * A word read on its own (a wrapper's option word, a value detached from its cluster): held to
 * the file-name globs as written (pushed to `words`), its path candidates that `keep` keeps, or,
 * when there are none, the names it may stand for (pushed to `names`).
 */
function wordAlone(word: string, words: string[], names: string[], keep: (path: string) => boolean = () => true): string[] {
  words.push(word);
  const candidates = pathCandidates(word).filter(keep);
  if (candidates.length === 0) names.push(...bareNames(word));
  return candidates;
}

/** The pathLike entries a file word of a program's grammar stands for: its path candidates, or the bare word itself (`package.json`). */
function fileEntries(file: string): readonly string[] {
  const candidates = pathCandidates(file);
  return candidates.length === 0 ? [file] : candidates;
}

/**
 * For exec: from one parsed simple command, the path-like arguments (contain `/`, start with
 * `.` or `~`), the words its program reads or writes as files (file-operands.ts: `rm x`),
 * and redirect targets; the names other arguments may stand for (bareNames: for forbidden
 * globs and containment, not for allowlists, since most are not files); and every
 * word, for file-name globs. An absolute command word (`/usr/bin/env`) runs a program and is
 * not a touched path; a relative one (`./build.sh`, `../x`) is; a bare one (`cat`) is looked
 * up on PATH, so it names no file here.
 */
export function commandPaths(cmd: SimpleCommand): { pathLike: string[]; redirects: string[]; optionPaths: string[]; names: string[]; words: string[]; reads: readonly string[]; writesOnly: readonly string[] | undefined; fromTop: readonly string[]; readFromTop: readonly string[]; dotRule: ReadonlySet<string> } {
  const pathLike: string[] = [];
  const names: string[] = [];
  const words: string[] = [];
  const seen = new Set<string>();
  // The dot rule (path-glob.ts): the paths and words read only as a shell wildcard a known program opens as it is.
  const ruled = new Set<string>();
  const notRuled = new Set<string>();
  const push = (p: string, dotRule = false): void => {
    (dotRule ? ruled : notRuled).add(p);
    if (!seen.has(p) && !STANDARD_STREAM.test(p)) { seen.add(p); pathLike.push(p); }
  };
  const pushWord = (w: string, dotRule = false): void => {
    (dotRule ? ruled : notRuled).add(w);
    words.push(w);
  };
  // Words that are files by their program's grammar (`rm package.json`). One with a variable
  // (`cat $f`) stays a name: the parser checks what the variable was set to. Words the grammar
  // knows are no file (`sed 's/a/b/'`, `grep -e a/b`) are only names, whatever they look like.
  const roles = wordRoles(cmd.words);
  // A configuration written inline (`ruff --config 'lint.select = ["E"]'`) is no file: its strings are read below.
  const inlines = cmd.words.map((w, i) => (typeof w === 'string' ? inlineConfig(w, i > 0 ? cmd.words[i - 1] : undefined) : undefined));
  const inlineValues = new Set<string>();
  inlines.forEach((inline, i) => inline !== undefined && inlineValues.add(inline).add(cmd.words[i] as string));
  // A file with a variable (`cat $f`) is left to the parser's substitution, unless it looks like a path (below).
  const files: string[] = [];
  const variableFiles: string[] = [];
  for (const file of roles.files) if (!inlineValues.has(file)) (/[$`]/.test(file) ? variableFiles : files).push(file);
  // grep's and rg's pattern is matched against text: it names no file, not even in part, and
  // no file-name glob is held to it (search-patterns.ts says where that is certain).
  const patterns = textWordsAt(cmd);
  const shellGlobs = dotRuleWords(cmd, roles);
  cmd.words.forEach((given, i) => {
    if (typeof given !== 'string' || patterns?.includes(i) === true) return;
    // An assigned value with a wildcard is text, no pattern (`export DEBUG=app:*`), and names
    // no file a deny list names unless one is called so: nothing to check in it.
    if (i > 0 && isDeclaredPatternText(cmd, given)) return;
    // `$((n * 2))` is a number: its `*` is no wildcard, its names no files.
    const word = given.includes('$((') ? arithmeticAsNumber(given) : given;
    const dotRule = shellGlobs?.has(i) === true;
    pushWord(word, dotRule);
    if (i === 0 && word.startsWith('/')) return;
    // A configuration written inline names its files in its strings (`--config
    // '{"cacheDirectory":"/x"}'`, ruff's `--config 'cache-dir = "/x"'`), not as a whole.
    const inline = inlines[i];
    const candidates = inline !== undefined || (roles.plain.includes(word) && !files.includes(word) && !PATH_EVEN_IF_PLAIN.test(word)) ? NO_CANDIDATES : pathCandidates(word);
    // Only the word itself: a reading of a part of it (`a=src/*`) is no segment the shell expands.
    for (const p of candidates) push(p, dotRule && p === word);
    // A value attached after several option letters, where the grammar did not say which takes
    // it (`date -uf.env`, `git commit -qF/etc/x`, `ssh-keygen -yf.ssh/k`; red team 32): each
    // rest of the cluster may be it, a path when it looks like one, else a name.
    if (i > 0 && inline === undefined && !roles.plain.includes(word) && !files.includes(word)) {
      for (const rest of clusterRests(word)) {
        // An absolute rest only after a few letters (`-uf/etc/x`, `-qp/tmp`): further in, a
        // slash is more likely inside the value (`-Isrc/include`, `-dout/classes`).
        const far = rest.startsWith('/') && word.length - rest.length > 4;
        const found = far ? NO_CANDIDATES : pathCandidates(rest);
        for (const p of found) push(p);
        // Further in, still held to the absolute forbidden globs as written (`date -uuuf/etc/passwd`; red team 33).
        if (far) pushWord(rest);
        if (found.length === 0 && rest.includes('/') && !rest.startsWith('/')) names.push(...bareNames(rest));
      }
    }
    if (inline !== undefined) for (const text of quotedStrings(inline)) for (const p of pathCandidates(text)) push(p);
    if (i > 0 && candidates.length === 0 && !files.includes(word)) names.push(...bareNames(word));
    // A `data:` URL's text is code or a document to the program (`node --import
    // data:text/javascript,CODE`): the names in it, decoded, are names too.
    if (i > 0 && /^data:/i.test(word)) names.push(...bareNames(dataUrlText(word) ?? word.slice(word.indexOf(',') + 1)));
  });
  // An opaque value attached in a cluster (`make -pf.env`) is checked as its own word would be.
  for (const value of roles.detached ?? NO_CANDIDATES) {
    notRuled.add(value);
    for (const p of wordAlone(value, words, names)) push(p);
  }
  // Such a bare word is the path `./package.json`: held to the allowlists too. So is an
  // option's attached file value (`sort -oout`), which no word shows alone.
  const ruledFiles = shellGlobs === undefined ? undefined : new Set([...shellGlobs].map((i) => cmd.words[i]));
  for (const file of files) for (const p of fileEntries(file)) push(p, ruledFiles?.has(file) === true && p === file);
  // A file with a variable that looks like a path (`docker run -v "$PWD/..":/x`, a value inside
  // a word) is one, as such a word is (`cat $d/x`): the checks refuse what cannot be made canonical.
  for (const file of variableFiles) for (const p of pathCandidates(file)) push(p);
  // A file name made with a variable the line never sets, the environment's (`cp x
  // ${Q}.npmrc`), is, with the variable unset, the file it names: a path too (red team 29b).
  const unset = new Map<string, string>();
  for (const file of variableFiles) {
    const name = unsetName(file);
    if (name === undefined) continue;
    unset.set(file, name);
    for (const p of fileEntries(name)) push(p);
  }
  const withUnset = (file: string): readonly string[] => (unset.has(file) ? [...fileEntries(file), ...fileEntries(unset.get(file)!)] : fileEntries(file));
  // git reads a file's committed or staged content by `REV:path` (`git show HEAD:.env`): a
  // path from the work tree's top unless it starts with `./` or `../`; read here too.
  const readFromTop: string[] = [];
  if (cmd.words[0] === 'git') {
    // After the subcommand (git's own `-c a.b=x:y` names no object); not in the refspecs of
    // the commands that move refs (`git fetch origin 'refs/heads/*:refs/remotes/origin/*'`).
    const at = gitSubcommandAt(cmd.words as string[]);
    const sub = cmd.words[at];
    const words = typeof sub === 'string' && GIT_REFSPEC_COMMANDS.has(sub) ? [] : cmd.words.slice(at + 1);
    for (const word of words) {
      if (typeof word !== 'string') continue;
      const path = revisionPath(word);
      if (path === undefined || /[$`]/.test(path)) continue;
      const candidates = pathCandidates(path);
      for (const p of candidates) push(p);
      if (candidates.length === 0) names.push(...bareNames(path));
      if (!/^\.\.?\//.test(path)) readFromTop.push(path);
    }
    // Pathspecs from the top (`git grep x -- :/infra`, operands/git-pathspecs.ts) and files git opens there.
    for (const file of [...(roles.readsFromTop ?? []), ...gitFilesFromTop(cmd.words, at)]) if (!/[$`]/.test(file) && !readFromTop.includes(file)) readFromTop.push(file);
  }
  // A wrapper's option words name files as arguments do (`time -o out`, `xargs -a list`,
  // `script -c cmd out`); some are outputs, so all count as written.
  const optionPaths: string[] = [];
  // Each as written too, as the command's own words are (`xargs -a /etc/os-release`, a link out of /etc).
  for (const word of cmd.wrapperOptions ?? []) {
    notRuled.add(word);
    optionPaths.push(...wordAlone(word, words, names, (p) => !STANDARD_STREAM.test(p)));
  }
  // The files a wrapper writes are paths even when bare (`time -o notes.txt`: `./notes.txt`).
  for (const file of cmd.wrapperFiles ?? []) for (const p of fileEntries(file)) if (!optionPaths.includes(p) && !STANDARD_STREAM.test(p)) optionPaths.push(p);
  // Redirect targets apart: the shell opens them in its own directory, not in one the command changes into (`env -C d cmd > out`).
  const redirects: string[] = [];
  for (const target of cmd.redirects) {
    if (typeof target !== 'string' || FD_DUPLICATE.test(target)) continue;
    pushWord(target);
    if (!redirects.includes(target) && !STANDARD_STREAM.test(target)) redirects.push(target);
  }
  // An interpreter's script is read, not written (what the script then does is out of sight),
  // unless it is also one of the script's own arguments (`python3 fix.py fix.py`).
  const script = roles.script;
  const scriptRead = script !== undefined && cmd.words.indexOf(script) === cmd.words.lastIndexOf(script) ? [pathCandidates(script)[0] ?? script] : NO_CANDIDATES;
  // The files the program only reads (`cp a b` reads `a`), as they appear in pathLike.
  const reads = roles.reads === undefined ? scriptRead : [...roles.reads.flatMap(withUnset), ...scriptRead];
  // All it writes of what it names, when the grammar knows (`find . -fprint out`), as in pathLike.
  const writesOnly = roles.writesOnly?.flatMap(withUnset);
  // Written from the top of git's work tree (WordRoles.fromTop); one with a variable is left to the parser, as above.
  const fromTop = roles.fromTop?.filter((file) => !/[$`]/.test(file)) ?? NO_CANDIDATES;
  let dotRule: ReadonlySet<string> = NO_RULED;
  if (ruled.size > 0) {
    for (const p of notRuled) ruled.delete(p);
    dotRule = ruled;
  }
  return { pathLike, redirects, optionPaths, names, words, reads, writesOnly, fromTop, readFromTop, dotRule };
}

// Builtins that take NAME=VALUE as an assignment: bash, dash and zsh expand no wildcard in
// VALUE (`export DEBUG=app:*` sets `app:*`, whatever files are there; checked in bash 5.2,
// dash 0.5.12, zsh 5.9), and were one globbed, every name it made would start with `NAME=`:
// still an assignment, and these open no file.
const DECLARATION_BUILTINS: ReadonlySet<string> = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);
// A plain NAME= or NAME+= (an array `NAME=(…)` is globbed: not one).
const PLAIN_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=(?!\()/;

/**
 * Whether `word` is a plain assignment given to a declaration builtin (no function of the line
 * by that name, no program by path) whose value holds a wildcard character: text the variable
 * holds as it is. (Where the variable is used, `cat $X`, the parser substitutes the text and
 * that command's words are checked.)
 */
function isDeclaredPatternText(cmd: SimpleCommand, word: string): boolean {
  if (!DECLARATION_BUILTINS.has(cmd.words[0] ?? '') || cmd.lineFunction === true || cmd.commandPath !== undefined || !PLAIN_ASSIGNMENT.test(word)) return false;
  return /[*?[]/.test(word.slice(word.indexOf('=') + 1));
}

const NO_RULED: ReadonlySet<string> = new Set();

/**
 * Programs that open their operands as the names they are and match no pattern in them
 * themselves. The shell leaves a wildcard that matches nothing as it is written (without
 * nullglob or failglob), so a program that globs its operands itself (git's pathspecs,
 * `find -name`, prettier, eslint, `tar --wildcards`, `unzip`, rsync, zip) gets `*.env` and may
 * match `.env`: for those the dot rule does not hold, only for these, which then open a
 * file named `*.env`, or fail.
 */
const LITERAL_OPERAND_PROGRAMS: ReadonlySet<string> = new Set([
  'cat', 'tac', 'nl', 'head', 'tail', 'wc', 'ls', 'stat', 'file', 'du', 'sed', 'grep', 'egrep', 'fgrep', 'rg',
  'sort', 'uniq', 'cut', 'paste', 'diff', 'cmp', 'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'cksum',
  'xxd', 'od', 'hexdump', 'strings', 'less', 'more', 'basename', 'dirname', 'realpath', 'readlink', 'echo',
  'printf', 'touch', 'rm', 'cp', 'mv', 'mkdir', 'rmdir', 'chmod', 'tee', 'column', 'fold', 'fmt',
]);

/**
 * The indices of the words of `cmd` the dot rule holds for (path-glob.ts): wildcards the shell
 * expands itself (SimpleCommand.shellGlobs), given as operands (no option word, no pattern or
 * script the grammar names) to a program of LITERAL_OPERAND_PROGRAMS, not to a function the
 * line defines by that name nor to a program of that name outside the system's directories
 * (`./cat`). Undefined for none.
 */
function dotRuleWords(cmd: SimpleCommand, roles: { plain: readonly string[] }): ReadonlySet<number> | undefined {
  const globs = cmd.shellGlobs;
  if (globs === undefined || cmd.lineFunction === true || !LITERAL_OPERAND_PROGRAMS.has(cmd.words[0] ?? '')) return undefined;
  if (cmd.commandPath !== undefined && !isSystemProgram(cmd.commandPath)) return undefined;
  let out: Set<number> | undefined;
  for (const i of globs) {
    const word = cmd.words[i];
    if (word === undefined || word.startsWith('-') || roles.plain.includes(word)) continue;
    (out ??= new Set()).add(i);
  }
  return out;
}

/** `text` with each plain variable (`$Q`, `${Q}`) removed, as if it were unset. */
export function withoutVariables(text: string): string {
  return text.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Za-z_][A-Za-z0-9_]*/g, '');
}

/**
 * A file word's name with the variables of its last segment unset (`${Q}.npmrc` → `.npmrc`),
 * when only that segment holds any and a name remains; undefined otherwise (`$HOME/x`, `$f`).
 */
export function unsetName(file: string): string | undefined {
  if (file.includes('`')) return undefined;
  const slash = file.lastIndexOf('/');
  if (file.slice(0, slash + 1).includes('$')) return undefined;
  const name = withoutVariables(file.slice(slash + 1));
  if (name === '' || name.includes('$') || name === '.' || name === '..') return undefined;
  return file.slice(0, slash + 1) + name;
}
