// Which paths a call's parameters touch: path-like parameters of any tool, the gateway's
// derivedPaths, the files named in an apply_patch body (a shell command's paths are read by
// word-paths.ts and command-line-paths.ts). Anything of an unexpected type is a problem,
// which the engine denies.
import type { ToolClass } from '../types.js';
import { builtinClassOf, isFileTool, isGitTool, isMcpToolName, mcpOwnName, normalizeKey } from './classify.js';
import { lexicallyNormalised } from './within.js';
import { patchPaths } from './patch-paths.js';
import { JSON_ARGUMENT_KEYS, jsonValueOf, mayBeJsonText } from './json-text.js';
import { hasShellWildcard } from './path-glob.js';
import { fileURLToPath } from 'node:url';
import { isAbsolute } from 'node:path';
import type { Tree } from './operands/trees.js';
import { searchTreeOf } from './search-trees.js';

export interface RawPath {
  value: string;
  /** Where it came from: `params.path`, `params.paths[1]`, `derivedPaths[0]`, `apply_patch`, ... */
  from: string;
}

export interface ExpandedPattern {
  pattern: string;
  anyCase: boolean;
  /** Directories the tool's glob never enters (Gemini CLI's default excludes: `node_modules`, `.git`, ...). */
  skipDirectories?: ReadonlySet<string>;
}

// Gemini CLI's read_many_files ignores these directories unless `useDefaultExcludes: false`
// (its COMMON_IGNORE_PATTERNS and COMMON_DIRECTORY_EXCLUDES): its glob never walks into them.
const READ_MANY_FILES_SKIPPED: ReadonlySet<string> = new Set(['node_modules', '.git', 'bower_components', '.svn', '.hg', '.vscode', '.idea', 'dist', 'build', 'coverage', '__pycache__']);

export interface ExtractedPaths {
  paths: RawPath[];
  /**
   * File-name patterns that select files whose contents the tool reads (Grep's `glob`):
   * file-name globs are tried on them as on shell arguments (`**\/.env` meets `.env`).
   */
  words?: string[];
  /** Same index as `paths`: is this path written? */
  writes: boolean[];
  problems: string[];
  /** For exec: the directories the tool starts its shell in (OpenClaw's `workdir`); undefined for none. */
  workdirs?: string[];
  /** The directories a content search tool reads whole (Grep: every file below that ripgrep does not leave out). */
  trees?: Tree[];
  /**
   * For exec: a working directory was given under a spelling the tool may not read (`workDir`
   * for `workdir`), so its shell may start in the call's own directory as well.
   */
  hereToo?: boolean;
  /**
   * Of `paths`, the patterns the tool itself expands against the file system, reading every
   * match (a file tool's `include` list): each match is a touched path, a link followed as the
   * tool will follow it (`include: ["envl?nk"]`, a link to `.env`). `anyCase`: the tool
   * matches names in any case (Gemini CLI's read_many_files: `.ENV` opens `.env`).
   */
  expanded?: ExpandedPattern[];
  /**
   * Relative paths the tool opens only if they exist: otherwise it edits another file it finds
   * (Gemini CLI's `replace` edits any file whose path ends with the one given). The frame
   * refuses the call when such a path is missing.
   */
  mustExist?: string[];
  // An empty list may be one shared frozen array: copy before adding to it.
}

const MAX_DEPTH = 8;
const MAX_VALUES = 2000;
// Most parameter names one call may hold: walking millions takes seconds, and a gateway that
// times out may let the call through (the OpenClaw.NET bridge after 5 s).
const MAX_KEYS = 100_000;

// Keys compared after lower-casing and dropping `_` and `-`. These always hold paths.
const PATH_KEYS = new Set([
  'path', 'paths', 'filepath', 'filepaths', 'file', 'files', 'filename', 'filenames',
  'notebookpath', 'oldpath', 'newpath', 'dir', 'dirs', 'directory', 'directories', 'cwd',
  'workdir', 'workingdirectory', 'workingdir', 'folder', 'root', 'sourcepath', 'targetpath',
  'destinationpath', 'destpath', 'outputpath', 'inputpath', 'savepath', 'downloadpath',
  'outfile', 'infile', 'outputfile', 'inputfile', 'attachment', 'attachments',
  // MCP file servers' other spellings (red team 12): `pathname`, `fname`, `pathList`, `files_to_read`, `notebook`.
  'pathname', 'pathnames', 'fname', 'pathlist', 'filelist', 'filestoread', 'notebook',
]);
// Keys that hold a path for file tools but a recipient or id elsewhere (`message.to`):
// taken when the value looks like a path.
const MAYBE_PATH_KEYS = new Set(['source', 'sources', 'src', 'destination', 'dest', 'dst', 'target', 'from', 'to', 'output', 'location', 'uri', 'uris', 'fileuri', 'resource', 'resourceuri']);
// `source_path`, `outputFile`, `log-dir`: a path word at a word boundary (not `profile`).
const PATH_KEY_SUFFIX = /(?:[_-](?:path|paths|dir|directory|file|files|filename)|[a-z0-9](?:Path|Paths|Dir|Directory|File|Files|FileName|Filename))$/;
// Keys of media a tool loads and sends on (OpenClaw's `pdf`, `image`, `video_generate` and
// `message` tools): a local path or a URL. Taken as a path unless the value is a URL
// (`https://…`, `data:…`; a `file:` URL is a path).
const MEDIA_KEYS = new Set([
  'pdf', 'pdfs', 'image', 'images', 'video', 'videos', 'audio', 'audioref', 'audiorefs', 'media', 'mediaurl', 'mediaurls',
  'photo', 'photos', 'voice', 'thumbnail',
]);
// `scheme://`: a URL, not a file.
export const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
// A URL scheme of two or more characters (one letter and a colon is a drive, refused as a path).
const NON_FILE_URL = /^(?!file:)[A-Za-z][A-Za-z0-9+.-]+:/i;
// Objects whose keys are variable names, not parameter names (`env.PATH` is a search list).
const NOT_PARAMETER_KEYS = new Set(['env', 'environment']);
// Keys whose text is a patch body when the tool is apply_patch.
// (opencode's apply_patch takes `patchText`.) Every one given is read: a tool reads one of them.
const PATCH_BODY_KEYS = ['input', 'patch', 'content', 'patchText', 'patch_text', 'diff'];
const PATCH_BODY_KEY_SET: ReadonlySet<string> = new Set(PATCH_BODY_KEYS);

// Names written as one word (`dirpath`, `outdir`, `savefile`: mcp-obsidian's `dirpath`), by
// their normalised end; `profile` is no path. And names that start with a path word and say
// whose (`pathInProject`, `pathsInProject`, `directoryToSearch`: JetBrains' MCP server).
const PATH_WORD_END = /^[a-z0-9]{2,}(?:path|paths|dir|dirs|directory|file|files|filename|filenames|folder)$/;
const NOT_PATH_WORDS: ReadonlySet<string> = new Set(['profile', 'profiles']);
const PATH_WORD_START = /^(?:path|paths|file|files|dir|directory|folder)(?:In|To|Of|For|From)[A-Z]/;

function isPathKey(key: string, normalized: string): boolean {
  if (PATH_KEYS.has(normalized)) return true;
  if ((PATH_WORD_END.test(normalized) && !NOT_PATH_WORDS.has(normalized) && !FILE_PATTERN_KEYS.has(normalized)) || PATH_WORD_START.test(key)) return true;
  // Every suffix PATH_KEY_SUFFIX knows ends in one of these letters: skip the regex otherwise.
  const last = key.charCodeAt(key.length - 1);
  if (last !== 0x68 /* h */ && last !== 0x73 /* s */ && last !== 0x72 /* r */ && last !== 0x79 /* y */ && last !== 0x65 /* e */) return false;
  return PATH_KEY_SUFFIX.test(key);
}

const READ_MANY_FILES_KEYS: ReadonlySet<string> = new Set(['paths']);
// Keys that name the files a search reads, whatever the tool (Desktop Commander's
// `start_search { filePattern }` is ripgrep's `-g`): read as Grep's `glob`.
const FILE_PATTERN_KEYS: ReadonlySet<string> = new Set(['filepattern', 'filepatterns', 'fileglob', 'fileglobs', 'filemask', 'filemasks']);
// Keys of a file tool that hold path patterns of files it reads, like `paths` (Gemini CLI's
// read_many_files `include`, OpenCode's grep `include`): paths under the searched directory.
const INCLUDE_KEYS: ReadonlySet<string> = new Set(['include', 'includes']);
// The top-level parameters that put a tool in a directory (an exec tool's shell, a file tool's
// relative paths). `dir_path` (`directory` before): Gemini CLI's run_shell_command runs its command there.
const WORKDIR_KEYS: readonly string[] = ['workdir', 'cwd', 'working_directory', 'workingDirectory', 'workingDir', 'working_dir', 'directory', 'dir_path'];
const WORKDIR_KEY_SET: ReadonlySet<string> = new Set(WORKDIR_KEYS);
// The same in any case or spelling a case-insensitive decoder fills them from (`workDir`,
// `Cwd`, `work_dir`), normalised (classify.ts normalizeKey). A spelling not in WORKDIR_KEYS
// may be one the tool does not read: the call's own directory is then a place too.
const WORKDIR_NAMES: ReadonlySet<string> = new Set([...WORKDIR_KEYS.map(normalizeKey), 'currentworkingdirectory']);

/** Whether a path came from a top-level working-directory parameter (`from` is `params.KEY`). */
function isWorkdirFrom(from: string): boolean {
  return from.startsWith('params.') && WORKDIR_NAMES.has(normalizeKey(from.slice(7)));
}

/** What walkParams needs to know of a parameter name. */
interface KeyKind {
  normalized: string;
  /** Names variables, not parameters (`env`): skipped. */
  notParameter: boolean;
  /** Always holds a path. */
  path: boolean;
  /** Holds a path when the value looks like one. */
  maybe: boolean;
  /** Holds a path or a URL (MEDIA_KEYS). */
  media: boolean;
  /** None of path, maybe and media: a plain value under it names no file (one load on the hot path). */
  plain: boolean;
  /** A content filter of any search tool (FILE_PATTERN_KEYS: MCP servers' `filePattern`). */
  pattern: boolean;
  /** A file tool's `include` patterns (INCLUDE_KEYS): files it reads. */
  include: boolean;
  /** At the top level, a directory the tool works in (WORKDIR_KEYS). */
  workdir: boolean;
  /** A git object name, whose `REV:PATH` form reads a file (REVISION_KEYS). */
  revision: boolean;
  /** Where a top-level value under this key comes from (`params.path`): built once for the common keys. */
  top: string | undefined;
}

function kindOf(key: string): KeyKind {
  const normalized = normalizeKey(key);
  const path = isPathKey(key, normalized);
  const maybe = MAYBE_PATH_KEYS.has(normalized);
  const media = MEDIA_KEYS.has(normalized);
  const revision = REVISION_KEYS.has(normalized);
  return { normalized, notParameter: NOT_PARAMETER_KEYS.has(normalized), path, maybe, media, plain: !path && !maybe && !media && !revision, pattern: FILE_PATTERN_KEYS.has(normalized), include: INCLUDE_KEYS.has(normalized), workdir: WORKDIR_NAMES.has(normalized), revision, top: undefined };
}

// Keys of a git object name (the MCP git server's `git_show { revision }`): `HEAD:.env` and
// `:0:.env` read the file .env as committed or staged.
const REVISION_KEYS: ReadonlySet<string> = new Set(['revision', 'revisions', 'rev', 'revs', 'treeish', 'objectname', 'commitish']);
// `REV:PATH`, `:PATH`, `:N:PATH` (a stage), not a URL (`https://...`).
const REVISION_PATH = /^[^:\s]*:(?:[0-3]:)?(?!\/\/)(.+)$/s;
// The parameter beside it that names the repository, whose top a `REV:PATH` path is under.
const REPOSITORY_KEYS = ['repo_path', 'repoPath', 'repository_path', 'repositoryPath', 'repo', 'repository'] as const;

/**
 * A git object name: the path of its `REV:PATH` form is read, under the repository's top
 * (`record`'s repo_path) and, as `./x` is, in the working directory (the careful side: the
 * top is not known without one).
 */
function addRevisionValue(c: Collector, record: Record<string, unknown>, value: unknown, from: string): void {
  const names = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  for (const name of names) {
    if (URL_SCHEME.test(name)) continue;
    const path = REVISION_PATH.exec(name)?.[1];
    if (path === undefined) continue;
    addPathReadings(c, path, from);
    for (const key of REPOSITORY_KEYS) {
      const top = record[key];
      if (typeof top === 'string' && top !== '' && !path.startsWith('/')) addPathReadings(c, `${top.replace(/\/+$/, '')}/${path}`, from);
    }
  }
}

/** Where a value comes from, for messages (`params.path`, `params.edits[0].file`). */
function whereFrom(kind: KeyKind, from: string, key: string, depth: number): string {
  return depth === 0 && kind.top !== undefined ? kind.top : `${from}.${key}`;
}

// Parameter names tools send on nearly every call, classified once at load by kindOf itself
// (other names are classified as they come, and remembered: see keyKind).
const COMMON_KEYS = [
  'path', 'paths', 'file_path', 'filePath', 'notebook_path', 'cwd', 'workdir', 'command', 'cmd', 'script', 'commandLine',
  'content', 'contents', 'oldText', 'newText', 'old_string', 'new_string', 'replace_all', 'edits', 'query', 'url', 'action',
  'text', 'message', 'id', 'input', 'patch', 'pattern', 'glob', 'limit', 'offset', 'timeout', 'description', 'prompt',
  'to', 'target', 'channel', 'name', 'args', 'env', 'background', 'type', 'mode', 'recursive',
];
const COMMON_KEY_KINDS: ReadonlyMap<string, KeyKind> = new Map(COMMON_KEYS.map((k) => [k, { ...kindOf(k), top: `params.${k}` }]));

// The commonest of them, found by a switch before the Map: a few constant string compares cost
// less than hashing (~2% of a decision). Tested to match TOP_KEYS (test/facts/extract.test.ts).
export const TOP_KEYS = ['path', 'command', 'content', 'file_path', 'url', 'action', 'text', 'id', 'input', 'query', 'oldText', 'newText', 'workdir'] as const;
const TOP_KINDS: readonly KeyKind[] = TOP_KEYS.map((k) => COMMON_KEY_KINDS.get(k)!);

/** The index of `key` in TOP_KEYS, or -1. */
export function topKeyIndex(key: string): number {
  switch (key) {
    case 'path': return 0;
    case 'command': return 1;
    case 'content': return 2;
    case 'file_path': return 3;
    case 'url': return 4;
    case 'action': return 5;
    case 'text': return 6;
    case 'id': return 7;
    case 'input': return 8;
    case 'query': return 9;
    case 'oldText': return 10;
    case 'newText': return 11;
    case 'workdir': return 12;
    default: return -1;
  }
}

/**
 * Kinds of the parameter names seen, the common ones included: tools send a small vocabulary
 * (`maxChars`, `run_in_background`, `yieldMs`, ...), and classifying a name costs a
 * lower-casing, a regex and an object. Owned by a policy set (FrameEnv.keyKinds) and bounded,
 * since the model writes the names: when full it starts over from the common ones.
 */
export type KeyKindMemo = Map<string, KeyKind>;
const MAX_KEY_KINDS = 4096;
const MAX_REMEMBERED_KEY = 64;

export function newKeyKindMemo(): KeyKindMemo {
  return new Map(COMMON_KEY_KINDS);
}

function keyKind(memo: KeyKindMemo | undefined, key: string): KeyKind {
  const top = topKeyIndex(key);
  if (top >= 0) return TOP_KINDS[top]!;
  if (memo === undefined) return COMMON_KEY_KINDS.get(key) ?? kindOf(key);
  let kind = memo.get(key);
  if (kind === undefined) {
    kind = kindOf(key);
    if (key.length <= MAX_REMEMBERED_KEY) {
      if (memo.size >= MAX_KEY_KINDS) {
        memo.clear();
        for (const [k, v] of COMMON_KEY_KINDS) memo.set(k, v);
      }
      memo.set(key, kind);
    }
  }
  return kind;
}

/** Looks like a path: contains `/` (or `\`), or starts with `.` or `~`. */
export function looksLikePath(word: string): boolean {
  return word.includes('/') || word.includes('\\') || word.startsWith('.') || word.startsWith('~');
}

/** For keys that only sometimes hold paths: one line that looks like a path. */
function looksLikeSinglePath(value: string): boolean {
  return looksLikePath(value) && !/[\r\n]/.test(value) && !URL_SCHEME.test(value);
}

// apply_patch by name, under a namespace too: an MCP server's (`mcp__codex__apply_patch`), a
// bridge's (`codex_apply_patch`), a function namespace's (`functions.apply_patch`, `default_api:apply_patch`).
const APPLY_PATCH_NAME = /(?:^|[_.:/-])apply[_-]?patch$/i;

function isApplyPatch(toolName: string): boolean {
  // Only names of 10 characters or more ending in `patch` (any case) can match: skip the regex
  // for the others (`web_search` ends in `h` too, so the `p` five from the end is tested as well).
  const n = toolName.length;
  return n >= 10 && (toolName.charCodeAt(n - 1) | 0x20) === 0x68 /* h */ && (toolName.charCodeAt(n - 5) | 0x20) === 0x70 /* p */ && APPLY_PATCH_NAME.test(toolName);
}

interface Collector {
  paths: RawPath[];
  writes: boolean[];
  problems: string[];
  written: boolean;
  /** Keys that hold path patterns for this tool (Glob's `pattern`, Grep's `glob`). */
  patternKeys?: ReadonlySet<string>;
  /** Keys other than `include` whose patterns name files the tool reads (read_many_files' `paths`). */
  readKeys?: ReadonlySet<string>;
  /** File-name patterns of files the tool reads (see ExtractedPaths.words). */
  words: string[] | undefined;
  /** See ExtractedPaths.workdirs. */
  workdirs: string[] | undefined;
  /** See ExtractedPaths.trees. */
  trees: Tree[] | undefined;
  /** See ExtractedPaths.expanded. */
  expanded: ExpandedPattern[] | undefined;
  toolName: string;
  toolClass: ToolClass;
  /** isFileTool of the call, found when first needed (undefined until then). */
  fileTool: boolean | undefined;
  /** Whether no built-in class knows the tool (an MCP server's, a plugin's), found when first needed. */
  unknownTool: boolean | undefined;
  /** A top-level workdir parameter was seen: only then are paths placed under it (most calls have none). */
  sawWorkdir: boolean;
  /** See ExtractedPaths.hereToo. */
  hereToo: boolean;
  /** Parameter names walked so far (MAX_KEYS). */
  keys: number;
  /** A search pattern was read, with where it starts: the directory searched is then read through it. */
  patterned: boolean;
  /** See ExtractedPaths.mustExist. */
  mustExist: string[] | undefined;
  /** The caller's memo of parameter names' kinds, if it keeps one. */
  keyKinds: KeyKindMemo | undefined;
}

// Search tools whose pattern names files: the directory the search starts from (the
// pattern up to its first wildcard) is a touched path, so `/etc/*` leaves the workspace
// and `~/.ssh/*` meets a forbidden `.ssh`. Such tools list or search files; the files
// they then read are named by later calls. A relative pattern is relative to the directory
// the tool searches (SEARCH_ROOT_KEYS: Glob's and find's `path`, MCP search_files' `path`).
const PATTERN_KEYS_BY_TOOL: Readonly<Record<string, ReadonlySet<string>>> = {
  glob: new Set(['pattern']),
  grep: new Set(['glob']),
  search_files: new Set(['pattern', 'glob']),
  find: new Set(['pattern']),
  // Gemini CLI's grep: `include_pattern` is ripgrep's `--glob`, as Grep's `glob`.
  grep_search: new Set(['includepattern']),
};
// ripgrep matches a `--glob` with a `/` from its own working directory, not the directory it
// searches (`rg x .. -g 'secrets/*'` run in `ws/sub` reads nothing): such a Grep `glob` is
// read from the call's directory too (one without a `/` matches names at any depth).
const PATTERNS_ALSO_FROM_CWD: ReadonlySet<string> = new Set(['glob', 'includepattern']);
// Keys of a content filter (ripgrep's `--glob`): the files whose names match are read.
const CONTENT_FILTER_KEYS: ReadonlySet<string> = new Set(['glob', 'includepattern', ...FILE_PATTERN_KEYS]);
// Content-search and listing tools that search the call's directory when given none (Claude
// Code's and OpenClaw's grep and ls, Gemini CLI's grep_search, search_file_content and
// list_directory), names lower-cased. (A file-pattern tool, Glob or find, reads where its
// pattern starts: that is read from the pattern.)
const DEFAULT_ROOT_TOOLS: ReadonlySet<string> = new Set(['grep', 'ls', 'grep_search', 'search_file_content', 'list_directory']);
/** By length, whether a tool name may be a search tool's (above, or PATTERN_KEYS_BY_TOOL). */
const SEARCH_TOOL_LENGTH: readonly boolean[] = [...DEFAULT_ROOT_TOOLS, ...Object.keys(PATTERN_KEYS_BY_TOOL)].reduce<boolean[]>((byLength, name) => ((byLength[name.length] = true), byLength), []);
// The parameters naming the directory a search tool searches (Gemini CLI's `dir_path`).
const SEARCH_ROOT_KEYS = ['path', 'dir_path', 'dirPath'] as const;

/** The directory a search tool searches (SEARCH_ROOT_KEYS), when a non-empty string; undefined otherwise (the call's directory). */
function searchRoot(record: Record<string, unknown>): string | undefined {
  for (const key of SEARCH_ROOT_KEYS) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/**
 * A pattern or its base as the tool reads it, under the directory it searches: `src` and
 * `*.ts` is `src/*.ts`, `src` and `.` is `src`; an absolute or `~` one stays as it is.
 */
export function underSearchRoot(root: string, relative: string): string {
  const first = relative.charCodeAt(0);
  if (first === 0x2f /* / */ || first === 0x7e /* ~ */ || first === 0x5c /* \ */ || /^[A-Za-z]:/.test(relative)) return relative;
  if (relative === '.' || relative === '') return root;
  return root.endsWith('/') ? root + relative : `${root}/${relative}`;
}

/** The readings of a searched directory: as written, and without a leading `@` (OpenClaw's tools drop it). */
function rootReadings(root: string | undefined): readonly (string | undefined)[] {
  if (root === undefined) return [undefined];
  return root.length > 1 && root.charCodeAt(0) === 0x40 /* @ */ ? [root, root.slice(1)] : [root];
}

/**
 * Whether a path value holds a wildcard segment followed by a written `..`
 * (`**\/../../etc/x`): a tool that expands wildcards (Gemini CLI's read_many_files) reaches
 * places a lexical reading does not (`**` matching no directory), so where it ends cannot be
 * bounded. A tool's glob library never makes `.*` of `..` (bash before 5.2 does: shell words
 * are read elsewhere), so a value without `..` is left alone.
 */
export function wildcardClimb(value: string): boolean {
  return value.includes('..') && WILDCARD.test(value) && patternBases(value) === undefined;
}
// canonicalPath reads a value in this form as a `file:` URL itself.
const FILE_URL_START = /^file:\//i;
// WHATWG URL parsing drops C0 controls and spaces around a URL, and tabs and newlines in it.
const URL_OUTER_JUNK = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const URL_INNER_JUNK = /[\t\n\r]/g;
// Prose that starts `File: notes.txt` is no URL (a parser would read the space as part of a name).
const FILE_SCHEME = /^file:(?! )/i;
const FILE_COLON = [0x66, 0x69, 0x6c, 0x65, 0x3a]; // f i l e :

/**
 * A cheap test before fileUrlReading, without copying the text (a long `content` may start
 * with `f`): past C0 controls and spaces it spells `file:` in any case, tabs and newlines
 * between the letters skipped.
 */
function mayBeFileUrl(text: string): boolean {
  // Most values start with neither a blank nor an `f` (nor a `v` or `j`, see unwrappedUrl): one test.
  const first = text.charCodeAt(0);
  if (first > 0x20 && (first | 0x20) !== 0x66) {
    if ((first | 0x20) !== 0x76 && (first | 0x20) !== 0x6a) return false;
    const inner = unwrappedUrl(text);
    return inner !== text && mayBeFileUrl(inner);
  }
  let i = 0;
  while (i < text.length && text.charCodeAt(i) <= 0x20) i++;
  for (const wanted of FILE_COLON) {
    let c = text.charCodeAt(i);
    while (c === 0x09 || c === 0x0a || c === 0x0d) c = text.charCodeAt(++i);
    if ((c | 0x20) !== wanted) return false; // `| 0x20` lower-cases a letter and keeps `:`
    i++;
  }
  return true;
}

// Schemes that show another URL's resource: a browser opens `view-source:file:///etc/x` (the
// file as text) and Firefox `jar:file:///x.zip!/entry` (an entry of the archive x.zip).
const WRAPPER_SCHEME = /^[\u0000-\u0020]*(view-source|jar)[\t\n\r]*:/i;

/** The URL a wrapper scheme shows (for `jar:`, the archive's), wrappers nested too; the text itself when it has none. */
function unwrappedUrl(text: string): string {
  // A URL parser drops tabs and newlines anywhere, the scheme's letters included (`view-so\turce:`).
  let inner = /[\t\n\r]/.test(text) ? text.replace(URL_INNER_JUNK, '') : text;
  for (let match = WRAPPER_SCHEME.exec(inner); match !== null; match = WRAPPER_SCHEME.exec(inner)) {
    inner = inner.slice(match[0].length);
    if (match[1]!.toLowerCase() === 'jar') {
      const entry = inner.indexOf('!/');
      if (entry >= 0) inner = inner.slice(0, entry);
    }
  }
  return inner;
}

/**
 * A value as a WHATWG URL parser reads it (Node's `new URL`, browsers, Playwright), when that
 * makes it a `file:` URL: ` file:///etc/x`, `file:etc/x`, `fi\tle:///etc/x` and
 * `FILE:\\\etc\x` all name /etc/x. The value itself when canonicalPath reads it so already
 * (`file:/…`), else the URL's href; undefined for no `file:` URL; null for one that does not parse.
 */
export function fileUrlReading(value: string): string | null | undefined {
  if (!mayBeFileUrl(value)) return undefined;
  value = unwrappedUrl(value);
  if (FILE_URL_START.test(value) && !/[\u0000-\u0020]/.test(value)) return value;
  const cleaned = value.replace(URL_OUTER_JUNK, '').replace(URL_INNER_JUNK, '');
  if (!FILE_SCHEME.test(cleaned)) return undefined;
  try {
    return new URL(cleaned).href;
  } catch {
    return null;
  }
}

/**
 * A value's `file:` URL reading (fileUrlReading) as a touched path, unless it is `except` (a
 * reading already taken); one that does not parse is a problem. Whether it is a `file:` URL.
 */
function addFileUrl(c: Collector, value: string, from: string, written = c.written, except?: string): boolean {
  const url = fileUrlReading(value);
  if (url === null) problem(c, `\`${from}\` is a \`file:\` URL that cannot be parsed`);
  else if (url !== undefined && url !== except) add(c, url, from, written);
  return url !== undefined;
}
const WILDCARD = /[*?[{]/;
// A wildcard segment that may match `..` (bash before 5.2 expands `.*` and `.?` to it too).
const MAY_MATCH_DOT_DOT = /^\.[.*?[{]/;
const MAX_PATTERN_LENGTH = 4096;
const MAX_BRACE_ALTERNATIVES = 64;

/**
 * The directory a file pattern without brace alternatives starts from: its segments before
 * the first wildcard. undefined when a later segment may climb back out of it (`*\/../..`,
 * `.*\/x`), since where a wildcard went cannot be known.
 */
export function patternBase(pattern: string): string | undefined {
  const segments = pattern.split('/');
  const fixed: string[] = [];
  let i = 0;
  while (i < segments.length && !WILDCARD.test(segments[i]!)) fixed.push(segments[i++]!);
  if (i === segments.length) return pattern; // no wildcard: the pattern is a path
  for (let j = i; j < segments.length; j++) {
    const segment = segments[j]!;
    // A last segment like `.*` only names entries, `..` among them; one before it enters `..`.
    if (segment === '..' || (j < segments.length - 1 && WILDCARD.test(segment) && MAY_MATCH_DOT_DOT.test(segment))) return undefined;
  }
  const base = fixed.join('/');
  return base === '' ? (pattern.startsWith('/') ? '/' : '.') : base;
}

/** The innermost `{…}` that closes first and holds a comma at its own level (an alternation), with those commas. */
function firstAlternation(pattern: string): { open: number; close: number; commas: number[] } | undefined {
  const opens: number[] = [];
  const commas: number[][] = [];
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern.charCodeAt(i);
    if (ch === 0x5c /* \ */) i++; // an escaped character is literal
    else if (ch === 0x7b /* { */) {
      opens.push(i);
      commas.push([]);
    } else if (ch === 0x2c /* , */ && opens.length > 0) commas[commas.length - 1]!.push(i);
    else if (ch === 0x7d /* } */ && opens.length > 0) {
      const open = opens.pop()!;
      const at = commas.pop()!;
      if (at.length > 0) return { open, close: i, commas: at };
    }
  }
  return undefined;
}

/**
 * The patterns brace expansion makes of one (`{/etc/*,x}` is `/etc/*` and `x`), as bash,
 * minimatch and picomatch expand `{a,b}`, nested too; a brace without a comma at its own
 * level (`{1..3}`, `{x}`) is left as written (a wildcard segment). undefined past
 * MAX_BRACE_ALTERNATIVES.
 */
export function braceAlternatives(pattern: string): string[] | undefined {
  const done: string[] = [];
  const pending = [pattern];
  while (pending.length > 0) {
    const p = pending.pop()!;
    const alternation = firstAlternation(p);
    if (alternation === undefined) {
      if (!done.includes(p)) done.push(p);
      if (done.length > MAX_BRACE_ALTERNATIVES) return undefined;
      continue;
    }
    const { open, close, commas } = alternation;
    if (pending.length + done.length + commas.length > MAX_BRACE_ALTERNATIVES) return undefined;
    let start = open + 1;
    for (const end of [...commas, close]) {
      pending.push(p.slice(0, open) + p.slice(start, end) + p.slice(close + 1));
      start = end + 1;
    }
  }
  return done;
}

/**
 * The directories a file pattern starts from, one per brace alternative; undefined when its
 * reach cannot be bounded (a climb after a wildcard, too many alternatives, too long).
 */
export function patternBases(pattern: string): string[] | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return undefined;
  const alternatives = braceAlternatives(pattern);
  if (alternatives === undefined) return undefined;
  const bases: string[] = [];
  for (const alternative of alternatives) {
    const base = patternBase(alternative);
    if (base === undefined) return undefined;
    if (!bases.includes(base)) bases.push(base);
  }
  return bases;
}

// Most calls name no path and have no problem: the collector's lists start as this shared
// empty one and become arrays of their own on the first entry (see add and problem).
const NONE = Object.freeze([]) as unknown as never[];

function problem(c: Collector, message: string): void {
  if (c.problems === NONE) c.problems = [];
  c.problems.push(message);
}

function add(c: Collector, value: string, from: string, written = c.written): void {
  if (c.paths.length >= MAX_VALUES) {
    if (c.problems.length === 0) problem(c, `more than ${MAX_VALUES} paths in one call`);
    return;
  }
  if (c.paths === NONE) {
    // Arrays of one from the start: most calls name one path, and growing an empty array costs an allocation.
    c.paths = [{ value, from }];
    c.writes = [written];
    return;
  }
  c.paths.push({ value, from });
  c.writes.push(written);
}

/**
 * One path parameter's value, in every reading a tool may open: as written, with its
 * file-reference marker dropped (markerReadings), and percent-decoded: Gemini CLI's file
 * tools decode a path before opening it (`secrets%2Fkey` opens `secrets/key`). Each reading must pass.
 */
function addPathReadings(c: Collector, value: string, from: string): void {
  addMarkerReadings(c, value, from);
  if (value.includes('%')) {
    const decoded = percentDecoded(value);
    if (decoded !== undefined && decoded !== value) addMarkerReadings(c, decoded, from);
  }
  // Trimmed too: Claude Code trims a file tool's path before opening it (`.env ` opens `.env`;
  // red team 23), as a gateway may. The trimmed value has no blank at its edges: no recursion.
  if (mayHaveBlankAtEdge(value)) {
    const trimmed = value.trim();
    if (trimmed !== value && trimmed !== '') addPathReadings(c, trimmed, from);
  }
}

/** Whether the first or last character may be one `String.prototype.trim` removes (tested equal to it on every blank). */
export function mayHaveBlankAtEdge(value: string): boolean {
  return value.length > 0 && (isTrimBlankCandidate(value.charCodeAt(0)) || isTrimBlankCandidate(value.charCodeAt(value.length - 1)));
}

function isTrimBlankCandidate(code: number): boolean {
  return code <= 0x20 || code === 0xa0 || code >= 0x1680;
}

/**
 * A value as written and without one leading `@`: OpenClaw's read, write, edit and ls strip
 * that file-reference marker first (`@/etc/passwd` opens `/etc/passwd`, `@@x` opens `./@x`);
 * Gemini CLI's strips the slashes after it too (`@/secrets/key` opens `secrets/key` in the project).
 */
function addMarkerReadings(c: Collector, value: string, from: string): void {
  addPathReading(c, value, from);
  if (value.length <= 1 || value.charCodeAt(0) !== 0x40 /* @ */) return;
  const unmarked = value.slice(1);
  addPathReading(c, unmarked, from);
  const relative = unmarked.replace(/^[\\/]+/, '');
  if (relative !== unmarked && relative !== '') addPathReading(c, relative, from);
}

/** `decodeURIComponent` of a value, as Gemini CLI reads a path; undefined when it is no valid encoding (then Gemini keeps it as written). */
function percentDecoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * The paths a `file:` URL names, given what follows `file:`: as written after `//` (the old
 * reading, kept: the careful side), and as curl, git and libxml2 open it, percent escapes
 * decoded (`%2e%2e` is `..`, `.e%6ev` is `.env`, `%2f` a `/`): without its host (git drops
 * any; curl takes only `localhost` and `127.0.0.1`), with and without its query and fragment
 * (curl cuts them off, git keeps them).
 */
export function fileUrlPaths(rest: string): string[] {
  const out = [rest.startsWith('//') ? rest.slice(2) : rest];
  const path = /^(?:\/\/[^/]*)?(\/.*)$/s.exec(rest)?.[1];
  if (path === undefined) return out;
  for (const reading of [path, path.replace(/[?#].*$/s, '')]) {
    const decoded = percentDecodedBytes(reading);
    if (!out.includes(decoded)) out.push(decoded);
  }
  return out;
}

const UTF8 = new TextDecoder();

/** Percent escapes decoded as curl, git and libxml2 decode them: each `%XX` a byte (a run read as UTF-8), any other `%` kept as it is. */
export function percentDecodedBytes(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => UTF8.decode(Uint8Array.from(run.slice(1).split('%'), (hex) => parseInt(hex, 16))));
}

/**
 * One reading of a path: as written, and as a URL parser reads it when that is a `file:` URL
 * (` file:///etc/x`); for a file tool also each other spelling of its file name that the
 * tool may open instead (readVariants).
 */
function addPathReading(c: Collector, value: string, from: string): void {
  add(c, value, from);
  let path = value;
  // Most paths start with neither a blank nor an `f`: mayBeFileUrl says no at once.
  if (mayBeFileUrl(value)) {
    addFileUrl(c, value, from, c.written, value);
    try {
      path = fileURLToPath(fileUrlReading(value) ?? value);
    } catch {
      return; // canonicalPath refuses it (or addFileUrl noted the problem)
    }
  }
  if (!mayHaveReadVariants(path)) return;
  c.fileTool ??= isFileTool(c.toolName, c.toolClass);
  if (!c.fileTool) return;
  // Unicode spaces as plain ones in the whole path (pi's and older OpenClaw's expandPath), and
  // the spellings OpenClaw's read tries for the last name.
  const spaced = withPlainSpaces(path);
  if (spaced !== undefined) add(c, spaced, from);
  for (const variant of readVariants(path)) if (variant !== spaced) add(c, variant, from);
}

/** Whether readVariants may respell the path: one pass over its characters, the regex only when one may matter. */
function mayHaveReadVariants(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c > 0x7f || c === 0x27 || c === 0x20) return MAY_HAVE_READ_VARIANTS.test(path);
  }
  return false;
}

// Characters readVariants may respell: any non-ASCII, a straight quote, ` AM`/` PM`.
const MAY_HAVE_READ_VARIANTS = /[^\u0000-\u007f]|'| (?:am|pm)\b/i;
const UNICODE_SPACES = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g;
const CURLY_QUOTES = /[\u2018\u2019]/g;
const OPENING_OR_STRAIGHT_QUOTES = /['\u2018]/g;
// macOS names screenshots `… 10.02.03\u202fAM.png` (a narrow no-break space).
const SPACE_BEFORE_AM_PM = / (?=(?:am|pm)\b)/gi;

/**
 * When the file a path names is missing, OpenClaw's `read` opens another spelling of its name
 * that exists (getReadPathVariants, tools' resolveReadToolPathFromAbsolute): Unicode spaces
 * as ASCII spaces, ASCII spaces before AM/PM as narrow no-break spaces, curly quotes as
 * straight ones and the other way, each in NFC and NFD. Such a spelling may be a link
 * Toolwarden would otherwise never resolve (`caf\u00e9` missing, `cafe\u0301` a link out), so
 * each is a touched path too. The name is the last segment both as Node's path.resolve
 * leaves it (a relative path) and of the raw text (an absolute one is not normalised: its
 * `basename` ignores a trailing `/`, and the prefix is cut by the name's length).
 */
export function readVariants(path: string): string[] {
  const out: string[] = [];
  if (!mayHaveReadVariants(path)) return out;
  const trimmed = path.replace(/\/+$/, '');
  const cleanName = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  const normalised = lexicallyNormalised(path);
  for (const [prefix, name] of [
    [path.slice(0, path.length - cleanName.length), cleanName],
    [normalised.slice(0, normalised.lastIndexOf('/') + 1), normalised.slice(normalised.lastIndexOf('/') + 1)],
  ] as const) {
    if (name === '' || name === '.' || name === '..') continue;
    const spaced = name.replace(UNICODE_SPACES, ' ');
    for (const spacing of [spaced, spaced.replace(SPACE_BEFORE_AM_PM, '\u202f')]) {
      for (const quoting of [spacing.replace(CURLY_QUOTES, "'"), spacing.replace(OPENING_OR_STRAIGHT_QUOTES, '\u2019')]) {
        for (const spelling of [quoting.normalize('NFC'), quoting.normalize('NFD')]) {
          const variant = prefix + spelling;
          if (variant !== path && !out.includes(variant)) out.push(variant);
        }
      }
    }
  }
  return out;
}

/**
 * An attachment given inline (OpenClaw's `sessions_spawn { attachments: [{ name, content }] }`):
 * an object carrying the file's text itself, under a key that otherwise names files.
 */
function isInlineFile(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const { content, data, base64 } = value as Record<string, unknown>;
  return typeof content === 'string' || typeof data === 'string' || typeof base64 === 'string';
}

/** A path parameter's value: a string, or an array of strings (or of inline files, whose own keys are walked). */
function addPathValue(c: Collector, value: unknown, from: string, strict: boolean, depth = 0): void {
  if (value === undefined || value === null) return; // absent
  if (typeof value === 'string') {
    if (wildcardClimb(value)) problem(c, `the reach of the path \`${from}\` cannot be bounded (\`..\` after a wildcard)`);
    if (strict || looksLikeSinglePath(value)) addPathReadings(c, value, from);
    else if (!addFileUrl(c, value, from)) addMaybeName(c, value, from);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (typeof item === 'string') {
        if (wildcardClimb(item)) problem(c, `the reach of the path \`${from}[${i}]\` cannot be bounded (\`..\` after a wildcard)`);
        if (strict || looksLikeSinglePath(item)) addPathReadings(c, item, `${from}[${i}]`);
        else if (!addFileUrl(c, item, `${from}[${i}]`)) addMaybeName(c, item, `${from}[${i}]`);
      } else if (isInlineFile(item)) walkParams(c, item, `${from}[${i}]`, depth + 1);
      else if (strict) problem(c, `\`${from}[${i}]\` is not a string`);
    });
    return;
  }
  if (strict) problem(c, `\`${from}\` is not a string`);
}

/**
 * A value under a key that holds a path only sometimes (`source`, `to`), not path-like. For a
 * file tool (isFileTool) it is a file name in the working directory (`move_file {
 * destination: "package.json" }`): a path, held to the allowlists like any other. Elsewhere
 * it is a recipient or an id, kept as a word: forbidden globs and containment see the names
 * it may stand for, allowlists do not (as for a bare shell argument).
 */
function addMaybeName(c: Collector, value: string, from: string): void {
  if (value === '' || /[\r\n]/.test(value) || URL_SCHEME.test(value)) return;
  c.fileTool ??= isFileTool(c.toolName, c.toolClass);
  if (c.fileTool) addPathReadings(c, value, from);
  else (c.words ??= []).push(value);
}

// OpenClaw's legacy media prefix (`MEDIA:./scan.pdf`, any case, spaces around the colon).
const MEDIA_PREFIX = /^\s*MEDIA\s*:\s*/i;
const MEDIA_STORE_URL = /^media:\/\//i;

/**
 * A media reference as OpenClaw's loaders clean it before reading it as a path or a URL
 * (normalizeMediaReferenceSource): trimmed, without a `MEDIA:` prefix; a `media://` store
 * URL is kept.
 */
function cleanMediaReference(value: string): string {
  const trimmed = value.trim();
  return MEDIA_STORE_URL.test(trimmed) ? trimmed : trimmed.replace(MEDIA_PREFIX, '').trim();
}

/**
 * One media value in every reading a loader may open: as written, as OpenClaw cleans it
 * (` /etc/x`, `MEDIA:/etc/x` open `/etc/x`), and cleaned after dropping a leading `@`
 * (loadMediaToolReferences). Each reading that is not a URL is a path, read not written; a
 * `file:` URL is the path a URL parser reads in it (fileUrlReading).
 */
function addMediaReadings(c: Collector, value: string, from: string): void {
  const readings: string[] = [];
  for (const text of [value, cleanMediaReference(value), cleanMediaReference(value.trim().replace(/^@\s*/, ''))]) {
    if (text === '') continue;
    const url = fileUrlReading(text);
    if (url === null) problem(c, `\`${from}\` is a \`file:\` URL that cannot be parsed`);
    const reading = url ?? text;
    if (url === null || (url === undefined && NON_FILE_URL.test(text)) || readings.includes(reading)) continue;
    readings.push(reading);
  }
  for (const reading of readings) add(c, reading, from, false);
}

/**
 * A media parameter's value: each string that is not a URL is a path the tool reads (to send
 * it on), never one it writes; other types name nothing (`video_generate`'s `audio: true`).
 */
function addMediaValue(c: Collector, value: unknown, from: string): void {
  if (typeof value === 'string') addMediaReadings(c, value, from);
  else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (typeof item === 'string') addMediaReadings(c, item, `${from}[${i}]`);
    });
  }
}

/**
 * One search pattern: the directories it starts from (patternBases), under each reading of the
 * directory searched (`Glob { path: "/", pattern: "etc/*" }` lists /etc); for Grep's `glob`
 * also the file names it selects.
 */
function addPattern(c: Collector, written: string, at: string, normalized: string, roots: readonly (string | undefined)[]): void {
  // A glob library, ripgrep and grep read `\x` as `x` (`.en\v` is `.env`); the backslash may also be a separator: both readings.
  for (const pattern of escapeReadings(written)) addPatternReading(c, pattern, at, normalized, roots);
}

/** A pattern as written and, when it holds a backslash, with each `\x` read as `x`. */
function escapeReadings(pattern: string): string[] {
  if (!pattern.includes('\\')) return [pattern];
  const unescaped = pattern.replace(/\\(.)/gs, '$1');
  return unescaped === pattern ? [pattern] : [pattern, unescaped];
}

function addPatternReading(c: Collector, pattern: string, at: string, normalized: string, roots: readonly (string | undefined)[]): void {
  const bases = patternBases(pattern);
  if (bases === undefined) problem(c, `the reach of the pattern \`${at}\` cannot be bounded (\`..\` after a wildcard, or too many brace alternatives)`);
  else {
    c.patterned = true;
    for (const base of bases) {
      for (const root of roots) add(c, root === undefined ? base : underSearchRoot(root, base), at);
      if (roots[0] !== undefined && PATTERNS_ALSO_FROM_CWD.has(normalized) && pattern.includes('/')) add(c, base, at);
    }
  }
  // A content filter (Grep's `glob`) selects files to read: their names meet file-name globs
  // (also where the tree it reads is not on this disk: a gateway may check calls run elsewhere).
  if (CONTENT_FILTER_KEYS.has(normalized)) (c.words ??= []).push(pattern.slice(pattern.lastIndexOf('/') + 1));
}

/** Walks params (nested objects and arrays too) for path-named keys. */
function walkParams(c: Collector, value: unknown, from: string, depth: number, skip?: ReadonlySet<string>): void {
  if (depth > MAX_DEPTH) {
    problem(c, `\`${from}\` is nested too deeply to inspect`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (item !== null && typeof item === 'object') walkParams(c, item, `${from}[${i}]`, depth + 1);
      else if (typeof item === 'string' && isAnchoredPath(item) && isUnknownTool(c)) addPathReadings(c, item, `${from}[${i}]`);
    });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  // Inherited enumerable keys (a polluted prototype) are walked too: a tool reading
  // `params.path` would see them, so checking them is the safe side (and skips a hasOwn per key).
  for (const key in record) {
    if (++c.keys > MAX_KEYS) {
      problem(c, `the parameters hold more than ${MAX_KEYS} names`);
      return;
    }
    const child = record[key];
    // A git tool's value that starts with `-` is an option to git (`git_diff { target:
    // "--output=/x" }` writes /x), not a name: its effect is not read.
    if (depth === 0 && typeof child === 'string' && child.charCodeAt(0) === 0x2d /* - */ && isGitTool(c.toolName) && !GIT_TEXT_KEYS.has(key)) {
      problem(c, `\`${from}.${key}\` starts with \`-\`: git would read it as an option`);
      continue;
    }
    const kind = keyKind(c.keyKinds, key);
    if (kind.notParameter || skip?.has(key)) continue;
    if (kind.workdir && depth === 0) {
      c.sawWorkdir = true;
      if (!WORKDIR_KEY_SET.has(key)) c.hereToo = true;
    }
    // Search patterns and `include` lists (rare): read apart, keeping this loop small.
    if ((c.patternKeys !== undefined || c.readKeys !== undefined || kind.include || kind.pattern) && addSearchParam(c, record, child, kind, from, key, depth)) continue;
    const pathKey = kind.path;
    // JSON text a tool decodes (json-text.ts): a proxy's arguments, a path key's list, any
    // value of a tool no built-in class knows (`opts: '{"input":"/etc/shadow"}'`).
    if (typeof child === 'string' && mayBeJsonText(child) && (pathKey || JSON_ARGUMENT_KEYS.has(key) || (isUnknownTool(c) && !STORED_TEXT_KEYS.has(kind.normalized)))) {
      const decoded = jsonValueOf(child);
      if (decoded !== undefined) {
        const at = `${whereFrom(kind, from, key, depth)} (as JSON)`;
        if (pathKey && Array.isArray(decoded)) addPathValue(c, decoded, at, true, depth);
        else walkParams(c, decoded, at, depth + 1);
      }
    }
    // A plain value under a key that never holds a path: nothing to do (most keys), unless
    // it is a `file:` URL (`web_fetch { url: "file:///etc/passwd" }` reads a local file).
    if (kind.plain && (child === null || typeof child !== 'object')) {
      if (typeof child === 'string' && child.length >= 5 && mayBeFileUrl(child) && !isStoredText(c, kind)) addFileUrl(c, child, whereFrom(kind, from, key, depth));
      else if (typeof child === 'string' && isAnchoredPath(child) && isUnknownTool(c) && mayHoldPath(kind, child)) addPathReadings(c, child, whereFrom(kind, from, key, depth));
      continue;
    }
    const at = whereFrom(kind, from, key, depth);
    if (pathKey) {
      // A path key holding an object: look inside it rather than guess what it means.
      if (child !== null && typeof child === 'object' && !Array.isArray(child)) {
        const before = c.paths.length;
        walkParams(c, child, at, depth + 1);
        if (c.paths.length === before && !isInlineFile(child)) problem(c, `\`${at}\` is not a string`);
      } else addPathValue(c, child, at, true, depth);
    } else if (kind.media) {
      addMediaValue(c, child, at);
      if (child !== null && typeof child === 'object') walkParams(c, child, at, depth + 1);
    } else if (kind.maybe) {
      addPathValue(c, child, at, false);
      if (child !== null && typeof child === 'object') walkParams(c, child, at, depth + 1);
    } else if (kind.revision) {
      addRevisionValue(c, record, child, at);
      if (child !== null && typeof child === 'object') walkParams(c, child, at, depth + 1);
    } else if (child !== null && typeof child === 'object') {
      walkParams(c, child, at, depth + 1);
    }
  }
}

/**
 * A search tool's pattern (the directories it starts from; a list is read as one pattern each,
 * as a wrapper may pass each as its own `--glob`; any other value cannot be read), or a file
 * tool's `include` patterns (files it reads, under the directory searched). Whether `child`
 * was one of them (then walkParams reads it no further).
 */
function addSearchParam(c: Collector, record: Record<string, unknown>, child: unknown, kind: KeyKind, from: string, key: string, depth: number): boolean {
  const normalized = kind.normalized;
  const pattern = (c.patternKeys?.has(normalized) === true || kind.pattern) && child !== undefined && child !== null;
  if (!pattern) {
    if (!kind.include && c.readKeys?.has(normalized) !== true) return false;
    c.fileTool ??= isFileTool(c.toolName, c.toolClass);
    if (!c.fileTool) return false;
  }
  const at = whereFrom(kind, from, key, depth);
  // Both are read under the directory the tool searches (its `path`), at the top level.
  const roots = depth === 0 ? rootReadings(searchRoot(record)) : [undefined];
  if (!pattern) addIncludeValue(c, child, at, roots, depth === 0 && record.useDefaultExcludes !== false);
  else if (typeof child === 'string') addPattern(c, child, at, normalized, roots);
  else if (Array.isArray(child)) {
    child.forEach((item, i) => {
      if (typeof item === 'string') addPattern(c, item, `${at}[${i}]`, normalized, roots);
      else problem(c, `the pattern \`${at}[${i}]\` is not a string`);
    });
  } else problem(c, `the pattern \`${at}\` is not a string`);
  return true;
}

/**
 * A file tool's `include` patterns: files it reads, each as a glob library matches them:
 * every brace alternative (`{.env,x}`), under the directory searched; each wildcard one, and
 * for Gemini CLI's read_many_files every one (its glob runs with `nocase`, so `.ENV` opens
 * `.env` on any disk), is expanded by the frame too (ExtractedPaths.expanded).
 */
function addIncludeValue(c: Collector, value: unknown, at: string, roots: readonly (string | undefined)[], defaultExcludes: boolean): void {
  if (value === undefined || value === null) return;
  const items: [unknown, string][] = typeof value === 'string' ? [[value, at]] : Array.isArray(value) ? value.map((item, i) => [item, `${at}[${i}]`]) : [];
  if (items.length === 0 && !Array.isArray(value)) problem(c, `\`${at}\` is not a string`);
  const anyCase = c.toolName === 'read_many_files';
  for (const [item, from] of items) {
    if (typeof item !== 'string') {
      problem(c, `\`${from}\` is not a string`);
      continue;
    }
    // Gemini CLI's read_many_files turns `\` into `/`; other tools' globs read `\x` as `x`: both.
    const perReading = item.length > MAX_PATTERN_LENGTH ? [undefined] : escapeReadings(item).map(braceAlternatives);
    const alternatives = perReading.every((a) => a !== undefined) ? perReading.flat() as string[] : undefined;
    if (alternatives === undefined) {
      problem(c, `the reach of the pattern \`${from}\` cannot be bounded (too many brace alternatives)`);
      continue;
    }
    for (const alternative of alternatives) {
      for (const root of roots) {
        const placed = root === undefined ? alternative : underSearchRoot(root, alternative);
        addPathValue(c, placed, from, true);
        if (anyCase || hasShellWildcard(placed)) (c.expanded ??= []).push(anyCase && defaultExcludes ? { pattern: placed, anyCase, skipDirectories: READ_MANY_FILES_SKIPPED } : { pattern: placed, anyCase });
      }
    }
  }
}

// A git tool's parameters whose text git takes as text (a commit message), not as a word of its command line.
const GIT_TEXT_KEYS: ReadonlySet<string> = new Set(['message', 'msg', 'title', 'body', 'description']);

// What a file tool writes into a file or looks for in one (Write's `content`, Edit's
// `old_string`/`new_string`, the text editor tool's `file_text`, `old_str`, `new_str`,
// `insert_text`): stored text, never opened, so a `file:` URL there names no file it touches.
const STORED_TEXT_KEYS: ReadonlySet<string> = new Set(['content', 'contents', 'oldstring', 'newstring', 'oldstr', 'newstr', 'filetext', 'inserttext']);

/**
 * A tool no built-in class knows takes its files under names no list holds (an MCP converter's
 * `input`, a PDF reader's `url`: red team 25), in lists too: such a tool's value that names an
 * absolute, home or dot-relative path (`/etc/shadow`, `//etc/shadow`, `~/.ssh/id_rsa`,
 * `~root/x`, `../../etc/x`, `/.env`; one line, a directory and a name, so `/help` or a
 * sentence is not one) is a path it touches.
 */
const ANCHORED_PATH = /^(?:~[^/\s]*(?:\/|$)|\.\.?\/|\/+\.|\/+[^/\r\n]+\/)[^\r\n]*$/;

/** A path from the root, the home directory or the current one (ANCHORED_PATH). */
function isAnchoredPath(value: string): boolean {
  const first = value.charCodeAt(0);
  return (first === 0x2f /* / */ || first === 0x7e /* ~ */ || first === 0x2e) /* . */ && ANCHORED_PATH.test(value);
}

// An unknown tool's parameters that name no file (false denials found by an audit of MCP
// calls): Context7's library id (`libraryId: "/vercel/next.js"`), text it stores or sends (`content`
// of a file written to a remote repository), and a message starting with a slash command
// (`text: "/deploy/prod now"`: a path is read there only as one word).
const MESSAGE_TEXT_KEYS: ReadonlySet<string> = new Set(['text', 'message', 'body', 'comment', 'description', 'title', 'prompt', 'query', 'summary', 'note']);

function mayHoldPath(kind: KeyKind, value: string): boolean {
  const name = kind.normalized;
  // (Only Context7's library ids: a document server's `doc_id` is joined to its folder, red team 28.)
  if (name === 'context7compatiblelibraryid' || name === 'libraryid' || STORED_TEXT_KEYS.has(name)) return false;
  return !MESSAGE_TEXT_KEYS.has(name) || !/\s/.test(value);
}

function isUnknownTool(c: Collector): boolean {
  return (c.unknownTool ??= builtinClassOf(c.toolName) === undefined);
}

function isStoredText(c: Collector, kind: KeyKind): boolean {
  if (!STORED_TEXT_KEYS.has(kind.normalized)) return false;
  c.fileTool ??= isFileTool(c.toolName, c.toolClass);
  return c.fileTool;
}

function addPatch(c: Collector, params: unknown): void {
  if (typeof params === 'string') {
    addPatchBody(c, params);
    return;
  }
  const bodies: string[] = [];
  if (params !== null && typeof params === 'object' && !Array.isArray(params)) {
    // Wrong types first (bodyOrProblem), then the bodies. One pass over the keys given: reading
    // each body key by name costs more where most are absent.
    const record = params as Record<string, unknown>;
    for (const key in record) {
      if (!PATCH_BODY_KEY_SET.has(key)) continue;
      const body = bodyOrProblem(c, record[key], key);
      if (body !== undefined) bodies.push(body);
    }
  }
  if (bodies.length === 0) {
    if (c.problems.length === 0) problem(c, 'apply_patch without a patch body');
    return;
  }
  for (const body of bodies) addPatchBody(c, body);
}

/** A patch body parameter's string; a problem (and undefined) when it is set but not a string. */
function bodyOrProblem(c: Collector, body: unknown, key: string): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  problem(c, `\`params.${key}\` of apply_patch is not a string`);
  return undefined;
}

function addPatchBody(c: Collector, body: string): void {
  const found = patchPaths(body);
  for (const message of found.problems) problem(c, message);
  for (const p of found.paths) {
    add(c, p, 'apply_patch', true);
    const spaced = withPlainSpaces(p);
    if (spaced !== undefined) add(c, spaced, 'apply_patch', true);
  }
}

/**
 * The path with each Unicode space written as a plain one, as pi's and OpenClaw's file tools
 * (read, write, edit, apply_patch) expand a path before opening it; undefined when it has none.
 */
function withPlainSpaces(path: string): string | undefined {
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) >= 0xa0) return UNICODE_SPACE.test(path) ? path.replace(UNICODE_SPACES, ' ') : undefined;
  return undefined;
}
const UNICODE_SPACE = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/;

/** The paths a call touches, whether each is written, and what could not be read. */
export function extractPaths(toolName: string, toolClass: ToolClass, params: unknown, derivedPaths: unknown, keyKinds?: KeyKindMemo): ExtractedPaths {
  // Every field set up front: one object shape for every call (patternKeys included).
  const c: Collector = { paths: NONE, writes: NONE, problems: NONE, written: toolClass !== 'read', patternKeys: undefined, words: undefined, workdirs: undefined, trees: undefined, expanded: undefined, toolName, toolClass, fileTool: undefined, unknownTool: undefined, sawWorkdir: false, hereToo: false, readKeys: undefined, keys: 0, patterned: false, mustExist: undefined, keyKinds };
  // Search and listing tools by name: the keys holding their patterns, and whether they search
  // the call's directory when no directory is named. Only names of 2 (`ls`), 4 (`glob`, `grep`,
  // `find`), 11, 12, 14 or 19 characters starting with g/G, f/F, s/S or l/L can be one: `read`,
  // `edit` skip the lower-casing.
  let searchTool: string | undefined;
  if (typeof toolName === 'string' && SEARCH_TOOL_LENGTH[toolName.length] === true) {
    const first = toolName.charCodeAt(0) | 0x20;
    if (first === 0x67 || first === 0x73 || first === 0x66 || first === 0x6c) searchTool = toolName.toLowerCase();
  }
  if (searchTool === undefined && typeof toolName === 'string' && isMcpToolName(toolName)) {
    // An MCP server's search tool by its own name (`mcp__fs__search_files`, `mcp__x__grep`, OpenClaw's `fs__grep`).
    searchTool = mcpOwnName(toolName).toLowerCase();
  }
  if (searchTool !== undefined && Object.hasOwn(PATTERN_KEYS_BY_TOOL, searchTool)) c.patternKeys = PATTERN_KEYS_BY_TOOL[searchTool];
  // Gemini CLI's read_many_files took its patterns as `paths` before `include`.
  if (toolName === 'read_many_files') c.readKeys = READ_MANY_FILES_KEYS;
  const patchTool = typeof toolName === 'string' && isApplyPatch(toolName);
  if (patchTool) addPatch(c, params);
  if (params !== undefined && params !== null) {
    // An apply_patch body is read by addPatch, not taken as one path.
    const skip = patchTool ? PATCH_BODY_KEY_SET : undefined;
    if (typeof params === 'object' && !Array.isArray(params)) walkParams(c, params, 'params', 0, skip);
    else if (!(patchTool && typeof params === 'string')) problem(c, 'params is not an object');
  }
  // A search or listing tool given no directory searches the call's own (`Grep { pattern }`
  // is `rg PATTERN .`): that directory is read, as it is when named, unless a file pattern
  // said where the search starts (`glob: "src/**"`: read from there).
  if (searchTool !== undefined && !c.patterned && DEFAULT_ROOT_TOOLS.has(searchTool) && (params === null || typeof params !== 'object' || searchRoot(params as Record<string, unknown>) === undefined)) {
    add(c, '.', 'the directory searched (none named: the call\'s own)', false);
  }
  // A content search tool reads the files below the directory it searches (facts/search-trees.ts).
  if (searchTool !== undefined && params !== null && typeof params === 'object' && !Array.isArray(params)) {
    const tree = searchTreeOf(toolName, searchTool, params as Record<string, unknown>, searchRoot(params as Record<string, unknown>));
    if (tree !== undefined) c.trees = [tree];
  }
  // Gemini CLI's replace, given a relative path that is not there, edits a file it finds
  // whose path ends with it (pathCorrector's correctPath): anywhere in its workspaces.
  if (toolName === 'replace' && params !== null && typeof params === 'object') {
    const file = (params as Record<string, unknown>).file_path;
    if (typeof file === 'string' && !isAbsolute(file) && !file.startsWith('~')) c.mustExist = [file];
  }
  // Gemini CLI's save_memory appends its fact to the global memory file every later session
  // loads as context (red team 34): a written path no parameter names.
  if (toolName === 'save_memory') add(c, '~/.gemini/GEMINI.md', 'the memory file the tool appends to', true);
  // Claude Code's worktrees: `EnterWorktree { name }` and `Agent { isolation: "worktree" }`
  // check the repository out under .claude/worktrees/ and register it in .git/worktrees/, paths
  // no parameter names (red team 15D).
  if ((toolName === 'EnterWorktree' || ((toolName === 'Agent' || toolName === 'Task') && (params as Record<string, unknown> | null)?.isolation === 'worktree')) && params !== null && typeof params === 'object') {
    const name = (params as Record<string, unknown>).name;
    const below = typeof name === 'string' && name !== '' ? `/${name}` : '';
    add(c, `.claude/worktrees${below}`, 'the worktree the tool checks out', true);
    add(c, `.git/worktrees${below}`, 'the worktree the tool registers', true);
  }
  if (derivedPaths !== undefined && derivedPaths !== null) {
    if (!Array.isArray(derivedPaths)) problem(c, 'derivedPaths is not an array');
    else {
      derivedPaths.forEach((p, i) => {
        if (typeof p === 'string') add(c, p, `derivedPaths[${i}]`);
        else problem(c, `\`derivedPaths[${i}]\` is not a string`);
      });
    }
  }
  if (!c.sawWorkdir) return c;
  if (toolClass !== 'exec' && c.paths.length > 1) addUnderWorkdirs(c);
  if (toolClass === 'exec' && c.paths.length > 0) {
    c.workdirs = workdirsOf(c.paths);
    // The directory the shell starts in is not written by being named, as the call's own `cwd`
    // is not: what the commands write there is read from the commands (`tar x`, `>`, `npm i`).
    if (c.workdirs !== undefined) for (let i = 0; i < c.paths.length; i++) if (isWorkdirFrom(c.paths[i]!.from)) c.writes[i] = false;
  }
  // The collector is the answer (its working fields are harmless extras): no copy.
  return c;
}


/**
 * A file tool given its own working directory (`read { path: "shadow", cwd: "/etc" }`, a
 * patch tool's `workdir`) may open a relative path there: each relative path is also read
 * under each such directory (it is read as it is too, from the call's directory).
 */
function addUnderWorkdirs(c: Collector): void {
  // A file tool's `dir_path` is the directory it searches: its patterns are placed there already (addSearchParam).
  const dirs = workdirsOf(c.paths.filter((p) => p.from !== 'params.dir_path'));
  if (dirs === undefined) return;
  const count = c.paths.length;
  for (let i = 0; i < count; i++) {
    const { value, from } = c.paths[i]!;
    if (isWorkdirFrom(from) || value === '' || mayBeFileUrl(value)) continue;
    for (const dir of dirs) {
      const joined = underSearchRoot(dir, value);
      if (joined !== value) add(c, joined, from, c.writes[i]);
    }
  }
}

/** The non-empty working directories among an exec call's parameter paths; undefined for none. */
function workdirsOf(paths: readonly RawPath[]): string[] | undefined {
  let dirs: string[] | undefined;
  for (const p of paths) if (isWorkdirFrom(p.from) && p.value !== '') (dirs ??= []).push(p.value);
  return dirs;
}
