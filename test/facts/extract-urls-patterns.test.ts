import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { braceAlternatives, extractPaths, fileUrlReading, patternBase, patternBases, underSearchRoot, wildcardClimb } from '../../src/facts/extract-paths.js';
import { canonicalPath } from '../../src/facts/paths.js';
import { anyCaseGlob } from '../../src/facts/path-glob.js';

const ctx = { root: '/srv/ws', cwd: '/srv/ws', home: '/home/u', resolveSymlinks: false, caseInsensitive: false };

describe('file: URLs and search patterns', () => {
  it('a file: URL anywhere in params is a touched path; other URLs and text are not', () => {
    const values = (params: unknown) => extractPaths('web_fetch', 'read', params, undefined).paths.map((p) => p.value);
    expect(values({ url: 'file:///etc/passwd' })).toEqual(['file:///etc/passwd']);
    expect(values({ deep: { list: [{ href: 'FILE:///x' }] } })).toEqual(['FILE:///x']);
    expect(values({ url: 'https://example.com/etc/passwd' })).toEqual([]);
    expect(values({ text: 'file: notes.txt' })).toEqual([]);
  });

  it('a file: URL canonicalises to the file it names, percent-decoded', () => {
    expect(canonicalPath('file:///etc/passwd', ctx)).toEqual({ ok: true, path: '/etc/passwd' });
    expect(canonicalPath('file:///srv/ws/%2Eenv', ctx)).toEqual({ ok: true, path: '/srv/ws/.env' });
    expect(canonicalPath('file:///srv/ws/a/%2E%2E/%2E%2E/etc', ctx)).toEqual({ ok: true, path: '/srv/etc' });
    expect(canonicalPath('file://remote-host/share/x', ctx).ok).toBe(false);
  });

  it('search patterns touch the directory they start from', () => {
    expect(patternBase('src/**/*.ts')).toBe('src');
    expect(patternBase('/etc/*')).toBe('/etc');
    expect(patternBase('**/.env')).toBe('.');
    expect(patternBase('/*')).toBe('/');
    expect(patternBase('../x/{a,b}/c')).toBe('../x');
    expect(patternBase('docs/readme.md')).toBe('docs/readme.md');
    const glob = extractPaths('Glob', 'read', { pattern: '/etc/**/*.conf', path: 'src' }, undefined).paths.map((p) => p.value);
    expect(glob.sort()).toEqual(['/etc', 'src']);
    const grep = extractPaths('Grep', 'read', { pattern: 'password', glob: '../../etc/*' }, undefined).paths.map((p) => p.value);
    expect(grep).toEqual(['../../etc']);
    // Grep's `pattern` is a regular expression, not a path; with no `path` it searches the call's directory
    expect(extractPaths('Grep', 'read', { pattern: '/etc/passwd' }, undefined).paths.map((p) => p.value)).toEqual(['.']);
    expect(extractPaths('Grep', 'read', { pattern: '/etc/passwd', path: 'src' }, undefined).paths.map((p) => p.value)).toEqual(['src']);
    for (const tool of ['grep', 'ls', 'LS', 'grep_search', 'search_file_content', 'list_directory', 'mcp__x__grep']) {
      expect(extractPaths(tool, 'read', {}, undefined).paths.map((p) => p.value), tool).toEqual(['.']);
    }
    // a file pattern says where the search starts; a tool that searches nothing by default adds nothing
    expect(extractPaths('Grep', 'read', { pattern: 'x', glob: 'src/**/*.ts' }, undefined).paths.map((p) => p.value)).toEqual(['src']);
    expect(extractPaths('read', 'read', {}, undefined).paths).toEqual([]);
    expect(extractPaths('greps', 'read', {}, undefined).paths).toEqual([]);
  });

  it("a relative search pattern starts under the directory the tool searches (red team 5)", () => {
    const values = (tool: string, params: unknown) => extractPaths(tool, 'read', params, undefined).paths.map((p) => p.value).sort();
    // Glob, MCP search_files and OpenClaw's find match their pattern under `path` (Gemini: `dir_path`).
    expect(values('Glob', { pattern: 'etc/*', path: '/' })).toEqual(['/', '/etc']);
    expect(values('search_files', { pattern: 'ws/secrets/**', path: '..' })).toEqual(['..', '../ws/secrets']);
    expect(values('find', { pattern: '{.env,x}', path: 'src/' })).toEqual(['src/', 'src/.env', 'src/x']);
    expect(values('glob', { pattern: '*.ts', dir_path: 'src' })).toEqual(['src', 'src']);
    expect(values('Glob', { pattern: '**/*.ts', path: '@src' })).toEqual(['@src', '@src', 'src', 'src']);
    // An absolute or `~` pattern is not under it; without a path the call's directory is.
    expect(values('Glob', { pattern: '~/.ssh/*', path: 'src' })).toEqual(['src', '~/.ssh']);
    expect(values('Glob', { pattern: 'src/*' })).toEqual(['src']);
    // ripgrep matches a Grep `glob` with a `/` from its own directory: both readings; one without a `/` matches names.
    expect(values('Grep', { pattern: 'x', path: '..', glob: 'secrets/*' })).toEqual(['..', '../secrets', 'secrets']);
    expect(values('Grep', { pattern: 'x', path: 'src', glob: '*.ts' })).toEqual(['src', 'src']);
    expect(underSearchRoot('src', '.')).toBe('src');
    expect(underSearchRoot('/', 'etc')).toBe('/etc');
    expect(underSearchRoot('src', 'C:/x')).toBe('C:/x');
  });

  it('a list of search patterns is read one by one; any other value is a problem (red team 5)', () => {
    const r = (params: unknown) => extractPaths('Grep', 'read', params, undefined);
    expect(r({ pattern: 'K', glob: ['*.pem', '/etc/*'] }).paths.map((p) => p.value)).toEqual(['.', '/etc']);
    expect(r({ pattern: 'K', glob: ['*.pem'] }).words).toEqual(['*.pem']);
    expect(r({ pattern: 'K', glob: [1] }).problems).toHaveLength(1);
    expect(extractPaths('Glob', 'read', { pattern: { 0: '/etc/*' } }, undefined).problems).toHaveLength(1);
    expect(r({ pattern: 'K', glob: null }).problems).toEqual([]);
  });

  it("a file tool's `include` patterns are paths it reads, under the directory searched (red team 5)", () => {
    const r = (tool: string, params: unknown) => extractPaths(tool, 'write', params, undefined);
    expect(r('read_many_files', { paths: ['README.md'], include: ['.env'] }).paths.map((p) => p.value)).toEqual(['README.md', '.env']);
    expect(r('search_file_content', { pattern: 'K', dir_path: 'src', include: '../*.pem' }).paths.map((p) => p.value)).toEqual(['src', 'src/../*.pem']);
    expect(r('read_many_files', { include: [1] }).problems).toHaveLength(1);
    // Elsewhere `include` is no path.
    expect(r('web_search', { query: 'x', include: ['../news'] }).paths).toEqual([]);
  });

  it('an `include` pattern is read as a glob library reads it: each brace alternative, expanded by the tool (red team 12)', () => {
    const r = (tool: string, params: unknown) => extractPaths(tool, 'read', params, undefined);
    const braces = r('read_many_files', { include: ['{.env,x}', 'src/*.ts'] });
    expect(braces.paths.map((p) => p.value).sort()).toEqual(['.env', 'src/*.ts', 'x']);
    // read_many_files matches every name in any case: each pattern is expanded; elsewhere only wildcard ones
    expect(braces.expanded?.map((e) => `${e.pattern} ${e.anyCase}`).sort()).toEqual(['.env true', 'src/*.ts true', 'x true']);
    expect(r('search_file_content', { pattern: 'K', include: ['a.ts', '*.md'] }).expanded).toEqual([{ pattern: '*.md', anyCase: false }]);
    // its older `paths` are patterns too
    expect(r('read_many_files', { paths: ['{a,b}.md'] }).paths.map((p) => p.value).sort()).toEqual(['a.md', 'b.md']);
    expect(r('read_many_files', { include: ['{' + 'a,'.repeat(300) + 'b}'] }).problems[0]).toMatch(/brace alternatives/);
    // Gemini CLI's grep_search: `include_pattern` is ripgrep's --glob, like Grep's `glob`
    const grep = r('grep_search', { pattern: 'K', dir_path: 'src', include_pattern: '.env' });
    expect(grep.paths.map((p) => p.value)).toEqual(['src', 'src/.env']);
    expect(grep.words).toEqual(['.env']);
  });

  it('anyCaseGlob: each letter in both cases, brackets and ranges too', () => {
    expect(anyCaseGlob('.ENV')).toBe('.[eE][nN][vV]');
    expect(anyCaseGlob('src/*.ts')).toBe('[sS][rR][cC]/*.[tT][sS]');
    expect(anyCaseGlob('[a-c]x[!Q]')).toBe('[a-cA-C][xX][!Qq]');
    expect(anyCaseGlob('a\\*')).toBe('[aA]\\*');
    const re = picomatch(anyCaseGlob('**/.ENV'), { dot: true });
    expect(re('x/.env') && re('.Env') && !re('.envx')).toBe(true);
  });

  it("a file tool's own working directory places its relative paths there too (red team 5)", () => {
    const values = (tool: string, cls: 'read' | 'write', params: unknown) => extractPaths(tool, cls, params, undefined).paths.map((p) => p.value);
    expect(values('read', 'read', { path: 'shadow', cwd: '/etc' })).toEqual(['shadow', '/etc', '/etc/shadow']);
    expect(values('apply_patch', 'write', { input: '*** Add File: k.txt\n+x', workdir: 'private' })).toEqual(['k.txt', 'private', 'private/k.txt']);
    // Absolute, `~` and `file:` paths stay as they are; without a working directory nothing is added.
    expect(values('read', 'read', { path: '/etc/hosts', cwd: 'src' })).toEqual(['/etc/hosts', 'src']);
    expect(values('read', 'read', { path: '~/x', cwd: 'src' })).toEqual(['~/x', 'src']);
    expect(values('read', 'read', { path: 'a.ts' })).toEqual(['a.ts']);
    // A written path stays written under the directory.
    const r = extractPaths('write', 'write', { path: 'a.ts', cwd: 'src' }, undefined);
    expect(r.writes[r.paths.findIndex((p) => p.value === 'src/a.ts')]).toBe(true);
  });

  it('a path with `..` after a wildcard cannot be bounded (red team 5)', () => {
    for (const p of ['**/../../etc/passwd', 'src/*/../../x', '{a,*/..}/x', '.*/../x']) expect(wildcardClimb(p), p).toBe(true);
    // A tool's glob expansion (node-glob, Python's glob) never makes `.*` of `..`: only a written `..` climbs.
    for (const p of ['../src/*.ts', 'a/../b', 'src/**/*.ts', 'x/.*', '..', '.*/x']) expect(wildcardClimb(p), p).toBe(false);
    expect(extractPaths('read_many_files', 'write', { paths: ['**/../../../etc/passwd'] }, undefined).problems).toHaveLength(1);
    expect(extractPaths('read_many_files', 'write', { include: ['src/*/../../../../etc/shadow'] }, undefined).problems).toHaveLength(1);
    expect(extractPaths('read', 'read', { path: '../src/*.ts' }, undefined).problems).toEqual([]);
  });

  it('a pattern starts from the base of each brace alternative', () => {
    expect(braceAlternatives('{/etc/*,x}')).toEqual(['x', '/etc/*']);
    expect(braceAlternatives('{a,{b,c}}/d')?.sort()).toEqual(['a/d', 'b/d', 'c/d']);
    expect(braceAlternatives('{,x}/y')?.sort()).toEqual(['/y', 'x/y']);
    expect(braceAlternatives('{{a,b}')?.sort()).toEqual(['{a', '{b']); // an unclosed brace is literal, as in bash
    expect(braceAlternatives('f{1..3}.ts')).toEqual(['f{1..3}.ts']); // a range, not an alternation
    expect(braceAlternatives('\\{/etc,x}')).toEqual(['\\{/etc,x}']); // escaped
    expect(braceAlternatives('{a,b}'.repeat(7))).toBeUndefined(); // 128 alternatives
    expect(patternBases('{/etc/*,x}')?.sort()).toEqual(['/etc', 'x']);
    expect(patternBases('{..,x}/outside/*')?.sort()).toEqual(['../outside', 'x/outside']);
    expect(patternBases('src/**/*.{ts,tsx}')).toEqual(['src']);
  });

  it("a pattern's reach is unbounded when it may climb after a wildcard", () => {
    for (const p of ['*/../../etc/passwd', '**/../x/*', 'src/*/..', '.*/etc/passwd', 'a/.?/b', 'a/*/..*/b', '{x,*/..}/y']) expect(patternBases(p), p).toBeUndefined();
    // `..` before the first wildcard is an ordinary path; a last `.*` only lists names.
    for (const p of ['../x/*', 'src/**/.*', '**/.env', '.github/*', 'src/.git*/x']) expect(patternBases(p), p).toBeDefined();
    expect(patternBases('x'.repeat(5000))).toBeUndefined();
    const r = extractPaths('Glob', 'read', { pattern: '*/../../etc/*' }, undefined);
    expect(r.problems).toHaveLength(1);
  });

  it('property: a string matches a brace pattern iff it matches one of its alternatives (picomatch)', () => {
    // No `*`: two joined by an expansion would make a globstar `**`, which picomatch reads otherwise.
    const atom = fc.constantFrom('a', 'b', '/', '?', 'ab');
    const pattern: fc.Arbitrary<string> = fc.letrec<{ p: string }>((tie) => ({
      p: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        atom,
        fc.array(tie('p'), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('')),
        fc.array(tie('p'), { minLength: 2, maxLength: 3 }).map((alts) => `{${alts.join(',')}}`),
      ),
    })).p;
    // Paths of non-empty segments (picomatch lets `*` match a lone trailing `/`).
    const subject = fc.array(fc.constantFrom('a', 'b', 'ab', 'ba'), { minLength: 1, maxLength: 3 }).map((c) => c.join('/'));
    fc.assert(fc.property(pattern, subject, (p, s) => {
      const alternatives = braceAlternatives(p);
      fc.pre(alternatives !== undefined);
      expect(alternatives!.some((a) => picomatch.isMatch(s, a))).toBe(picomatch.isMatch(s, p));
    }), { numRuns: 2000 });
  });

  it('a file: URL is read in every spelling a WHATWG URL parser accepts', () => {
    const values = (params: unknown) => extractPaths('web_fetch', 'read', params, undefined).paths.map((p) => p.value);
    for (const url of [' file:///etc/passwd', 'file:etc/passwd', 'fi\tle:///etc/passwd', 'file:\\\\\\etc\\passwd', '\u0000file:///etc/passwd', 'FiLe:\n/etc/passwd ']) {
      expect(values({ url }), JSON.stringify(url)).toEqual(['file:///etc/passwd']);
    }
    // Under a path key the value is also a path as written (and trimmed, as Claude Code opens it).
    expect(extractPaths('read', 'read', { path: ' file:///etc/x' }, undefined).paths.map((p) => p.value)).toEqual([' file:///etc/x', 'file:///etc/x', 'file:///etc/x']);
    expect(values({ url: 'file://[x/' })).toEqual(['file://[x/']); // canonicalPath refuses it
    expect(extractPaths('web_fetch', 'read', { url: ' file://[x/' }, undefined).problems).toHaveLength(1);
    // Prose is not a URL.
    expect(values({ text: 'File: notes.txt' })).toEqual([]);
  });

  it('property: a file: URL reading names what Node\'s URL parser reads in the value', () => {
    const piece = fc.constantFrom(' ', '\t', '\n', '\r', '\u0000', '\u001f', 'f', 'i', 'l', 'e', 'F', 'I', 'L', 'E', 'file', ':', '/', '\\', 'etc', '%2e', '..', '?', '#', 'x');
    const text = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''));
    const parsed = (v: string): URL | undefined => {
      try {
        return new URL(v);
      } catch {
        return undefined;
      }
    };
    fc.assert(fc.property(text, (v) => {
      const reading = fileUrlReading(v);
      const url = parsed(v);
      if (typeof reading === 'string') expect(parsed(reading)?.href).toBe(url?.href);
      if (url?.protocol === 'file:') {
        // Only prose (`file: x`) is let go.
        if (reading === undefined) expect(v.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '')).toMatch(/^file: /i);
      } else expect(typeof reading === 'string').toBe(false);
    }), { numRuns: 5000 });
  });
});
