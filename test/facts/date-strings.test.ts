// Red team 44: time zones that date strings (`date -d 'TZ="/etc/x" now'`, touch, find, tar) and
// the TZ variable name (date-strings.ts).
import { describe, expect, it } from 'vitest';
import { dateStringRead, dateStringReads, partialDateStringRead, zoneRead } from '../../src/facts/date-strings.js';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';

await initShellParser();

describe('date strings (date-strings.ts)', () => {
  it.each([
    ['TZ="/etc/shadow" now', { kind: 'path', path: '/etc/shadow' }],
    [' \tTZ=":/etc/shadow" now', { kind: 'path', path: '/etc/shadow' }],
    ['TZ="/etc/ho\\"st" now', { kind: 'path', path: '/etc/ho"st' }],
    ['TZ="/etc/a\\\\b"', { kind: 'path', path: '/etc/a\\b' }],
    ['TZ="Europe/Paris" now', { kind: 'zone' }],
    ['TZ="EST5EDT,M3.2.0/2,M11.1.0/2" now', { kind: 'zone' }],
    ['now TZ="/etc/shadow"', { kind: 'zone' }],
    ['tz="/etc/shadow"', { kind: 'zone' }],
    ['tomorrow', { kind: 'zone' }],
  ])('%j reads %j', (text, read) => {
    expect(dateStringRead(text)).toEqual(read);
  });
  it.each(['TZ="../../../etc/shadow" now', 'TZ="a/../../x"', 'TZ="/etc/x\\n"', 'TZ="/etc/unclosed'])('%j is unverifiable', (text) => {
    expect(dateStringRead(text).kind).toBe('unverifiable');
  });
  it('zone values', () => {
    expect(zoneRead(':Europe/Paris')).toEqual({ kind: 'zone' });
    expect(zoneRead('../x').kind).toBe('unverifiable');
    expect(zoneRead('~/x', true)).toEqual({ kind: 'path', path: '~/x' });
    expect(zoneRead('~/x')).toEqual({ kind: 'zone' });
  });
  it('a string made at run time', () => {
    expect(partialDateStringRead('').kind).toBe('unverifiable');
    expect(partialDateStringRead(' T').kind).toBe('unverifiable');
    expect(partialDateStringRead('TZ="x').kind).toBe('unverifiable');
    expect(partialDateStringRead('@').kind).toBe('zone');
  });
  const word = (text: string) => ({ text, literal: true, prefix: text });
  it('options of date, touch, find, tar', () => {
    expect(dateStringReads('date', ['-d', 'TZ="/a" now'].map(word))).toEqual({ paths: ['/a'] });
    expect(dateStringReads('date', ['--da=TZ="/a"'].map(word))).toEqual({ paths: ['/a'] });
    expect(dateStringReads('date', ['-us', 'TZ="/a"'].map(word))).toEqual({ paths: ['/a'] });
    expect(dateStringReads('date', ['-f', 'dates'].map(word)).unverifiable).toBeDefined();
    expect(dateStringReads('touch', ['-cd', 'TZ="/a"', 'f'].map(word))).toEqual({ paths: ['/a'] });
    expect(dateStringReads('find', ['.', '-newerBt', 'TZ="/a"'].map(word))).toEqual({ paths: ['/a'] });
    expect(dateStringReads('find', ['.', '-newer', 'TZ="/a"'].map(word))).toEqual({ paths: [] });
    expect(dateStringReads('tar', ['-cf', 'x.tar', '-N', './ref', 'src'].map(word))).toEqual({ paths: ['./ref'] });
    expect(dateStringReads('tar', ['--after=TZ="/a"', '-cf', 'x.tar'].map(word))).toEqual({ paths: ['/a'] });
    expect(dateStringReads('tar', ['--newer-mtime', '/etc/x'].map(word))).toEqual({ paths: ['/etc/x'] });
    expect(dateStringReads('tar', ['--newer=2024-01-01', '-cf', 'x.tar', 'src'].map(word))).toEqual({ paths: [] });
    expect(dateStringReads('tar', [{ text: '--newer=$d', literal: false, prefix: '--newer=' }]).unverifiable).toBeDefined();
  });
});

describe('date strings and TZ in command lines', () => {
  const opened = (src: string) => parseShell(src).commands.flatMap((c) => c.redirects);
  it.each([
    ["date -d 'TZ=\"/etc/shadow\" now'", '/etc/shadow'],
    ["date --set='TZ=\"/etc/shadow\" now'", '/etc/shadow'],
    ["touch -d 'TZ=\"/etc/shadow\" now' f", '/etc/shadow'],
    ["find . -newermt 'TZ=\"/etc/shadow\" now'", '/etc/shadow'],
    ["tar --newer='TZ=\"/etc/shadow\" now' -cf x.tar src", '/etc/shadow'],
    ['tar -cf x.tar -N ./secrets/k src', './secrets/k'],
  ])('%j opens %j', (src, path) => {
    expect(parseShell(src).unverifiable).toBeUndefined();
    expect(opened(src)).toContain(path);
  });
  it.each([
    "date -d 'TZ=\"../../../../tmp/toolwarden-adv/ws/.env\" now'",
    'date -d "$when"',
    'date -f dates.txt',
    "find . -newerat \"$(cat f)\"",
    'TZ=../../../etc/shadow date',
    'TZ=:../x date',
    'env TZ=a/../../x date',
    'export TZ=../../x',
    'TZDIR=. date',
    'export TZDIR=/tmp',
  ])('%j is unverifiable', (src) => {
    expect(parseShell(src).unverifiable).toBeDefined();
  });
  it.each(['date -d tomorrow', "date -d 'TZ=\"Europe/Paris\" now'", "touch -d '2 days ago' f", 'tar --newer=2024-01-01 -cf x.tar src', 'TZ=UTC date', 'TZ=Europe/Paris date', 'date -d "@$ts" +%s', 'date +%s'])(
    '%j is read',
    (src) => {
      expect(parseShell(src).unverifiable).toBeUndefined();
    },
  );
});
