// jq programs: the files their `import` and `include` directives read (under -L's directories or
// jq's own); a directive not read here (metadata, a comment) or a program in a file is unverifiable.
import { unverifiable, type Hidden } from './script-text.js';
import type { WordValue } from './words.js';

/** A JSON string's content (`s\u0065c` is `sec`), or undefined when it is no valid JSON string. */
function jsonString(raw: string): string | undefined {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return undefined;
  }
}

// jq's module directives: `import "P" as $d;` reads P.json, `import "P" as m;` and `include "P";`
// read P.jq (relative to the directory jq runs in, or absolute); metadata may name where to search.
// (Blanks and comments may stand between the keyword and its path, or none: `import"P"as $d`.)
const JQ_MODULE = /(?<![.\w"$])(?:import|include)(?:\s|#[^\n]*\n)*"((?:[^"\\]|\\.)*)"(?:\s+as\s+(\$?)[A-Za-z_][A-Za-z0-9_]*)?(?:\s|#[^\n]*\n)*(\{)?/g;
/** A jq module directive's text from its keyword at `at` to its `;` (or the program's end). */
function directiveText(program: string, at: number): string {
  const end = program.indexOf(';', at);
  return program.slice(at, end < 0 ? program.length : end);
}

const JQ_DEFAULT_LIBRARIES = ['~/.jq', '../lib/jq', '../lib'];
// A directive's keyword, not a field or a string (`.import`, `"import"`).
const JQ_MODULE_KEYWORD = /(?<![.\w"$])(?:import|include)\b/g;

/** The files a jq program's `import` and `include` directives read (any argument word is scanned: the program is one). */
export function jqHidden(args: WordValue[]): Hidden[] {
  const found: Hidden[] = [];
  const libraryDirs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!.text;
    if (w === '-L' || w === '--library-path') libraryDirs.push(args[++i]?.text ?? '');
    else if (/^-L./.test(w)) libraryDirs.push(w.slice(2));
    else if (w.startsWith('--library-path=')) libraryDirs.push(w.slice(15));
  }
  for (const arg of args) {
    // A program in a file (`-f F`, `--from-file F`) is not read here, as sed's `-f` is not (red team 39).
    if (/^-[A-Za-z]*f[A-Za-z]*$|^--from-file(?:=|$)/.test(arg.text)) return [unverifiable('jq runs the program in a file (`-f`), which is not read here (it may import modules)')];
    const keywords = arg.text.match(JQ_MODULE_KEYWORD)?.length ?? 0;
    if (keywords === 0) continue;
    if (!arg.literal) return [unverifiable(`a jq program that imports modules is not a literal: \`${arg.text.slice(0, 80)}\``)];
    const directives = [...arg.text.matchAll(JQ_MODULE)];
    // Every `import` and `include` is a directive read here, or the program is not verifiable.
    if (directives.length !== keywords) return [unverifiable('a jq program names a module in a way not read here')];
    // A comment inside a directive may hide its metadata (`import "x" #c⏎ as $d {search: …}`: red team 41).
    if ([...arg.text.matchAll(JQ_MODULE_KEYWORD)].some((m) => directiveText(arg.text, m.index).includes('#'))) return [unverifiable('a jq module directive holds a comment, which may hide where it searches')];
    for (const [, path, data, metadata] of directives) {
      if (metadata !== undefined) return [unverifiable('a jq module directive with metadata (`{search: …}`) may read any directory')];
      const file = jsonString(path!);
      if (file === undefined) return [unverifiable(`a jq module path that cannot be read: \`${path!.slice(0, 80)}\``)];
      // A relative module is searched for under each -L directory too, or with none under jq's
      // own (`~/.jq`, and `$ORIGIN/../lib/jq` and `$ORIGIN/../lib`, where jq 1.6 takes `.` for
      // `$ORIGIN` when run by name: red team 40).
      const dirs = libraryDirs.length > 0 ? libraryDirs : JQ_DEFAULT_LIBRARIES;
      const places = file.startsWith('/') ? [file] : [file, ...dirs.map((dir) => `${dir.replace(/\/$/, '')}/${file}`)];
      for (const place of places) for (const suffix of data === '$' ? ['.json'] : ['.jq', '/jq/main.jq']) found.push({ kind: 'file', path: place + suffix, write: false });
    }
  }
  return found;
}
