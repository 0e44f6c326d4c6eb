import { describe, expect, it } from 'vitest';
import { extractPaths, patternBase } from '../../src/facts/extract-paths.js';
import { canonicalPath } from '../../src/facts/paths.js';

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
    // Grep's `pattern` is a regular expression, not a path
    expect(extractPaths('Grep', 'read', { pattern: '/etc/passwd' }, undefined).paths).toEqual([]);
  });
});
