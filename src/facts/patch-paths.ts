// The files a patch body names: apply_patch's `*** Add/Update/Delete File:` and `*** Move to:`
// headers, unified diff `---`/`+++` lines and git's extended headers. What a header line says
// it touches is a path; a header that cannot be read is a problem (the call is denied).

// A path runs to the end of its line, a \r inside it included (`.` would stop there).
const PATCH_FILE_LINE = /^\*\*\*\s*(?:(?:add|update|delete)\s+file|move\s+to)\s*:([^\n\u2028\u2029]*)$/i;
// (Codex's newer patches open with `*** Environment ID: ID`, which names no file.)
const PATCH_FRAME_LINE = /^\*\*\*\s*(?:begin\s+patch|end\s+patch|end\s+of\s+file|environment\s+id\s*:[^\n\u2028\u2029/\\]*)\s*$/i;
const DIFF_FILE_LINE = /^(?:---|\+\+\+)\s+([^\n\u2028\u2029]*)$/;

/**
 * A header line in the exact form patch tools write: null for a frame line (`*** Begin Patch`,
 * `*** End Patch`, `*** End of File`), the text after the colon for a file header, undefined
 * for anything else (then the regexes decide). One comparison per line, picked by its fifth character.
 */
function exactHeader(line: string): string | null | undefined {
  let header: string;
  switch (line.charCodeAt(4)) {
    case 0x42 /* B */: return line === '*** Begin Patch' ? null : undefined;
    case 0x45 /* E */: return line === '*** End Patch' || line === '*** End of File' ? null : undefined;
    case 0x55 /* U */: header = '*** Update File:'; break;
    case 0x41 /* A */: header = '*** Add File:'; break;
    case 0x44 /* D */: header = '*** Delete File:'; break;
    case 0x4d /* M */: header = '*** Move to:'; break;
    default: return undefined;
  }
  if (!line.startsWith(header)) return undefined;
  const rest = line.slice(header.length);
  // A line holds no \n (it ends lines); the regexes do not take the other two line
  // terminators either: a value holding one is left to them (which then refuse it).
  return rest.includes('\u2028') || rest.includes('\u2029') ? undefined : rest;
}

/**
 * The files an apply_patch body names (`*** Add File:`, `*** Update File:`, `*** Delete
 * File:`, `*** Move to:`, and unified-diff `---`/`+++` headers). A `***` line that is none
 * of these is a problem: an unknown header could hide a file.
 */
export function patchPaths(body: string, gnu = false): { paths: string[]; problems: string[] } {
  const paths: string[] = [];
  const problems: string[] = [];
  // As GNU patch reads a patch too (`gnu`): headers after a run of spaces, tabs and `X`s
  // (pch.c intuit_diff_type, `(Patch is indented 1 space.)`), names ending at a space, C-quoted
  // `Index:` names; and as git am reads a mailbox, a body in base64 or quoted-printable
  // (red team gprt). A patch file on disk or given to `patch` is read so.
  if (gnu) gnuPatchLines(body, paths, problems);
  // Lines end at \n, and one \r before it is dropped (\r\n), as OpenClaw's and Codex's patch
  // parsers split them: a lone \r stays in the line, so `*** Add File: a\r/../../x` names the
  // one path `a\r/../../x` (refused for its control character), not `a`. Lines are found by
  // index, not split: most lines are body text, and a line that starts with a visible ASCII
  // character other than `*`, `-` or `+` is skipped without building its string (it is
  // neither a header nor a diff file line).
  let pos = 0;
  while (pos < body.length) {
    const newline = body.indexOf('\n', pos);
    const next = newline < 0 ? body.length : newline + 1;
    let end = newline < 0 ? body.length : newline;
    if (newline > pos && body.charCodeAt(newline - 1) === 0x0d /* \r */) end -= 1;
    const first = body.charCodeAt(pos);
    const plain = first > 0x20 && first < 0x7f && first !== 0x2a /* * */ && first !== 0x2d /* - */ && first !== 0x2b /* + */ &&
      first !== 0x64 /* d */ && first !== 0x72 /* r */ && first !== 0x63 /* c */ && first !== 0x49; /* I */
    if (end > pos && !plain) patchLine(body.slice(pos, end), paths, problems);
    pos = next;
  }
  return { paths, problems };
}

// git's extended headers name files too, and `git apply` (and GNU patch) follow them: a pure
// rename or copy has no `---`/`+++` lines (`rename from .env` / `rename to notes.txt` moves
// .env), nor has a mode change or an empty file's deletion (only `diff --git a/x b/x`).
// git apply also takes the old spellings `rename old NAME` and `rename new NAME` (apply.c's
// optable), which override the `diff --git` line's names (red team 46).
const GIT_RENAME_LINE = /^(?:rename (?:from|to|old|new)|copy (?:from|to)) ([^\n\u2028\u2029]*)$/;
const GIT_DIFF_LINE = /^diff --git ([^\n\u2028\u2029]*)$/;
// A `diff --git` line is split at each space (names may hold spaces): past this many it is refused.
const MAX_GIT_DIFF_SPACES = 32;

/**
 * The files a git extended header line names, into `paths`: `rename`/`copy` `from`/`to` its
 * name; `diff --git a/x b/y` the one name when a split at a space gives it on both sides (as
 * git reads it), else both names at every space it may be split at, without the `a/`/`b/` prefixes. A quoted name (git's C
 * quoting) or too many spaces is a problem. Whether the line was such a header.
 */
function gitHeaderLine(line: string, paths: string[], problems: string[]): boolean {
  const rename = GIT_RENAME_LINE.exec(line);
  if (rename === null && !line.startsWith('diff --git ')) return false;
  const names = rename !== null ? rename[1]! : GIT_DIFF_LINE.exec(line)?.[1];
  if (names === undefined) return false; // a line terminator inside: left to the other readings
  if (names.includes('"') || names.split(' ').length - 1 > MAX_GIT_DIFF_SPACES) {
    problems.push(`git patch header that cannot be read \`${line.slice(0, 80)}\``);
    return true;
  }
  if (rename !== null) {
    if (names !== '') paths.push(names);
    return true;
  }
  const splits: [string, string][] = [];
  for (let i = names.indexOf(' '); i >= 0; i = names.indexOf(' ', i + 1)) {
    const left = names.slice(0, i);
    const right = names.slice(i + 1);
    splits.push([left.startsWith('a/') ? left.slice(2) : left, right.startsWith('b/') ? right.slice(2) : right]);
  }
  // The same name on both sides is the split git takes (`a/my file b/my file`); else every one.
  const same = splits.find(([left, right]) => left === right);
  for (const [left, right] of same !== undefined ? [same] : splits) {
    for (const name of [left, right]) if (name !== '' && name !== '/dev/null' && !paths.includes(name)) paths.push(name);
  }
  return true;
}

/** One line of a patch body: a file it names goes to `paths`, an unknown header to `problems`. */
function patchLine(rawLine: string, paths: string[], problems: string[]): void {
  const c0 = rawLine.charCodeAt(0);
  if ((c0 === 0x64 /* d */ || c0 === 0x72 /* r */ || c0 === 0x63) /* c */ && gitHeaderLine(rawLine, paths, problems)) return;
  if (c0 === 0x49 /* I */ && indexLine(rawLine, paths)) return;
  // A line that starts with a visible ASCII character has nothing to trim.
  const line = c0 > 0x20 && c0 < 0x7f ? rawLine : trimStartAsRust(rawLine);
  // Every header starts with `***` and every diff file line with `---` or `+++`: most lines are neither.
  const first = line.charCodeAt(0);
  if (first !== 0x2a /* * */ && c0 !== 0x2d /* - */ && c0 !== 0x2b /* + */) return;
  // The headers as patch tools write them are read without a regex (same answer as the regexes).
  const exact = first === 0x2a ? exactHeader(line) : undefined;
  if (exact === null) return;
  const file = exact !== undefined ? exact : first === 0x2a ? PATCH_FILE_LINE.exec(line)?.[1] : undefined;
  if (file !== undefined) {
    const path = trimAsRust(file);
    paths.push(path);
    // OpenClaw reads a leading `@` as a marker (`@~/x` is `~/x`): check both readings.
    if (path.startsWith('@')) paths.push(path.slice(1));
    return;
  }
  if (line.startsWith('***')) {
    if (!PATCH_FRAME_LINE.test(line)) problems.push(`unrecognised patch header \`${line.slice(0, 80)}\``);
    return;
  }
  // DIFF_FILE_LINE needs `---` or `+++` first: `-a`/`+b` body lines skip the regex.
  if (!rawLine.startsWith('---') && !rawLine.startsWith('+++')) return;
  const diff = DIFF_FILE_LINE.exec(rawLine);
  if (diff) diffFileName(trimAsRust((diff[1] ?? '').split('\t')[0]!), rawLine, paths, problems);
}

/** An ed-style or GNU patch `Index: NAME` line: GNU patch takes the file from it. */
function indexLine(line: string, paths: string[]): boolean {
  if (!line.startsWith('Index:')) return false;
  const name = trimAsRust(line.slice(6));
  if (name !== '' && !paths.includes(name)) paths.push(name);
  return true;
}

// A timestamp after a diff file name and spaces (`+++ b/x 2024-01-01 00:00:00`, `Mon Jan  1`):
// git and GNU patch drop it whether a tab or spaces come before it.
const DIFF_TIMESTAMP = /\s+(?:\d{4}-\d{2}-\d{2}|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s)/;

/**
 * The file a unified diff's `---`/`+++` line names, in every reading a patch tool may take:
 * without its first directory (`-p1`: git's `a/`, `b/` or any other), and as written when
 * that directory is not `a` or `b`; before a timestamp too. A C-quoted name (`"b/\\056env"`)
 * is a problem, as in a `diff --git` line.
 */
function diffFileName(written: string, line: string, paths: string[], problems: string[]): void {
  if (written === '/dev/null' || written === '') return;
  if (written.startsWith('"')) {
    problems.push(`patch file line with a quoted name that cannot be read \`${line.slice(0, 80)}\``);
    return;
  }
  const stamp = DIFF_TIMESTAMP.exec(written);
  for (const name of stamp === null ? [written] : [written, written.slice(0, stamp.index)]) {
    const slash = name.indexOf('/');
    const readings = slash < 0 ? [name] : name.startsWith('a/') || name.startsWith('b/') ? [name.slice(2)] : [name, name.slice(slash + 1)];
    for (const path of readings) if (path !== '' && !paths.includes(path)) paths.push(path);
  }
}

/** Rust's `trim_start` (Codex's patch parser): JavaScript's, and NEL (U+0085) too, which JavaScript keeps. */
function trimStartAsRust(text: string): string {
  let t = text.trimStart();
  while (t.charCodeAt(0) === 0x85) t = t.slice(1).trimStart();
  return t;
}

function trimAsRust(text: string): string {
  let t = text.trim();
  while (t.charCodeAt(0) === 0x85 || t.charCodeAt(t.length - 1) === 0x85) t = t.replace(/^\u0085+|\u0085+$/g, '').trim();
  return t;
}

/** A name's tails after each `/` (`a/b/c`: `b/c` and `c`), as written: what a patch stripped by another count than one writes. */
export function nameTails(path: string): string[] {
  const out: string[] = [];
  for (let i = path.indexOf('/'); i >= 0 && i < path.length - 1; i = path.indexOf('/', i + 1)) out.push(path.slice(i + 1));
  return out;
}

// A header GNU patch finds after its indentation (spaces, tabs, `X`s).
const GNU_INDENTED_HEADER = /^[ \t]*X[ \tX]*(?=---|\+\+\+|\*\*\*|Index:|diff --git |rename |copy )|^[ \t]+(?=---|\+\+\+|\*\*\*|Index:|diff --git |rename |copy )/;
// A mail part git am decodes before it applies the patch in it (mailinfo.c): any encoding but the plain ones.
const ENCODED_PART = /^content-transfer-encoding[ \t]*:(?![ \t]*(?:7bit|8bit|binary)[ \t]*\r?$)/im;

/**
 * The readings GNU patch and git am give a patch file beyond patchLine's: each indented header
 * line read without its indentation; each `---`/`+++`/`Index:` name also cut at each space
 * (GNU patch ends a name at a space unless a tab follows); a quoted `Index:` name, or an
 * encoded mail part (base64, quoted-printable), is a problem.
 */
function gnuPatchLines(body: string, paths: string[], problems: string[]): void {
  if (ENCODED_PART.test(body)) problems.push('a mail part in an encoding git am decodes (`Content-Transfer-Encoding`), whose patch is not read here');
  for (const raw of body.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const indent = GNU_INDENTED_HEADER.exec(line);
    const bare = indent === null ? line : line.slice(indent[0].length);
    if (indent !== null) patchLine(bare, paths, problems);
    let name: string | undefined;
    if (bare.startsWith('--- ') || bare.startsWith('+++ ')) name = bare.slice(4);
    else if (bare.startsWith('Index:')) name = bare.slice(6);
    if (name === undefined) continue;
    name = name.replace(/^[ \t]+/, '');
    if (name.startsWith('"')) {
      problems.push(`patch file line with a quoted name that cannot be read \`${line.slice(0, 80)}\``);
      continue;
    }
    const cut = name.split('\t')[0]!;
    let spaces = 0;
    for (let i = cut.indexOf(' '); i > 0; i = cut.indexOf(' ', i + 1)) {
      if (++spaces > MAX_GIT_DIFF_SPACES) {
        problems.push(`patch file line with too many spaces to read \`${line.slice(0, 80)}\``);
        break;
      }
      diffFileName(cut.slice(0, i), line, paths, problems);
    }
  }
}
