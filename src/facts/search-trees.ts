// What a content search tool reads: every file below the directory it searches, as that tool
// walks it. Claude Code's Grep runs ripgrep (hidden names left out, ignore files followed);
// OpenClaw's grep runs it with `--hidden`; both pass their `glob` as `--glob`. Any other
// content search tool (Gemini CLI's, an MCP server's) is read as reading every file below.
import { ripgrepGlobs } from './operands/ripgrep.js';
import type { RipgrepWalk, Tree } from './operands/trees.js';
import { RIPGREP_TYPES } from './ripgrep-types.js';

/** The tools, by exact name, that run ripgrep over the directory they search. */
export const RIPGREP_SEARCH_TOOLS: ReadonlySet<string> = new Set(['Grep', 'grep']);
/** Search tools (lower-cased, MCP servers' by their own name) that read the files they search. */
const CONTENT_SEARCH_TOOLS: ReadonlySet<string> = new Set(['grep', 'grep_search', 'search_file_content']);

/**
 * The tree a content search tool reads (`root`: its directory parameter, else the call's own),
 * or undefined when the tool reads no file contents (Glob, ls).
 */
export function searchTreeOf(toolName: string, searchTool: string, params: Record<string, unknown>, root: string | undefined): Tree | undefined {
  if (!CONTENT_SEARCH_TOOLS.has(searchTool)) return undefined;
  // Links below are read as the policy reads links: the careful side whatever the tool follows.
  const tree: Tree = { root: root ?? '.', followsLinks: true, written: false };
  if (!RIPGREP_SEARCH_TOOLS.has(toolName)) return tree;
  // One glob, or a list a wrapper passes as one `--glob` each; anything else: every file.
  const glob = params.glob;
  const globs = glob === undefined || glob === null || glob === '' ? [] : typeof glob === 'string' ? globReadings(glob) : Array.isArray(glob) && glob.every((g) => typeof g === 'string') ? (glob as string[]) : undefined;
  const filter = globs === undefined ? 'everything' : ripgrepGlobs(globs, false);
  const type = params.type;
  const known = type === undefined || type === null || type === '' ? undefined : typeof type === 'string' ? RIPGREP_TYPES.get(type) : undefined;
  const unknownType = type !== undefined && type !== null && type !== '' && known === undefined;
  const walk: RipgrepWalk = {
    skipsHidden: toolName === 'Grep' && filter !== 'everything',
    honoursIgnores: filter !== 'everything',
    gitignoreAnywhere: false,
    mayLetInHidden: unknownType,
  };
  if (known !== undefined && filter === undefined) walk.types = known;
  if (typeof filter === 'object') tree.names = filter;
  tree.ripgrep = walk;
  return tree;
}

/**
 * A tool's one glob string and the globs a tool may split it into (by spaces, and by commas
 * outside braces: `"*.ts,*.md"`): every reading lets its files in, the careful side.
 */
function globReadings(glob: string): string[] {
  const parts = glob.split(/\s+/).flatMap((part) => (/[{}]/.test(part) ? [part] : part.split(',')));
  return [...new Set([glob, ...parts.filter((part) => part !== '')])];
}
