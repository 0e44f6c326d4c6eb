// sed scripts against the real GNU sed: random scripts built of the pieces red teams used
// (addresses with steps, flags and custom delimiters, brackets holding delimiters, labels ended
// by blanks, text that continues, comments, `e`, `r`, `w` and the flags of `s`). Whenever the
// reading (sed-script.ts) accepts a script, sed must start no program it did not find, open no
// file it did not find, and, where it found neither, run under --sandbox too (which refuses
// every `e`, `r` and `w`, reached or not).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readSedScript } from '../../src/facts/shell/sed-script.js';

const has = (program: string): boolean => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
const GNU_SED = has('sed') && /GNU sed/.test(spawnSync('sed', ['--version'], { encoding: 'utf8' }).stdout ?? '');
// strace needs ptrace, which some containers refuse: then the traced test skips.
const TRACES = GNU_SED && has('strace') && spawnSync('strace', ['-qq', '-e', 'trace=openat', 'true']).status === 0;
const DIR = mkdtempSync(path.join(tmpdir(), 'toolwarden-sed-'));
const INPUT = 'a\nb\nab\n';
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

function sed(args: string[]): number | null {
  return spawnSync('sed', args, { cwd: DIR, input: '', timeout: 5000, env: { PATH: process.env.PATH } }).status;
}

/** What sed running `script` over three lines did, as strace saw it: the files it opened in DIR, whether it started a program, its exit status. */
function traced(script: string): { opened: Set<string>; started: boolean; status: number | null } {
  writeFileSync(path.join(DIR, 'in'), INPUT);
  const log = `${DIR}.strace`;
  const { status } = spawnSync('strace', ['-f', '-qq', '-s', '4096', '-e', 'trace=openat,execve', '-o', log, 'sed', '-n', '-e', script, 'in'], { cwd: DIR, input: '', timeout: 5000, env: { PATH: process.env.PATH } });
  const opened = new Set<string>();
  let execs = 0;
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (/execve\(/.test(line) && !/ENOENT/.test(line)) execs++;
    const m = /openat\(AT_FDCWD, "((?:[^"\\]|\\.)*)"/.exec(line);
    if (m === null) continue;
    const opens = unescaped(m[1]!);
    const name = opens.startsWith(`${DIR}/`) ? opens.slice(DIR.length + 1) : opens;
    if (!name.startsWith('/') && name !== 'in') opened.add(name);
  }
  rmSync(log, { force: true });
  return { opened, started: execs > 1, status };
}

/** A string as strace prints it (C escapes) as it was. */
function unescaped(text: string): string {
  return text.replace(/\\(x[0-9a-fA-F]{2}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e[0] === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    return ({ n: '\n', t: '\t', r: '\r', v: '\v', f: '\f' } as Record<string, string>)[e] ?? e;
  });
}

function clearDir(): void {
  for (const name of readdirSync(DIR)) rmSync(path.join(DIR, name), { recursive: true, force: true });
}

const ADDRESS = fc.constantFrom('', '', '', '1', '$', '0~1', '1~2 ', '/a/', '/a/I', '/a/ M', '\\%a%', '\\,a,I', '\\_a_', '/[/]/', '/[\\]/]/', '/x\\/y/', '1,+1', '2,~4', '0,/a/', '/a/,$', '1 , 3', '/[[:alpha:]]/', '/[]/]/');
const BANG = fc.constantFrom('', '', '!', ' ! ');
const COMMAND = fc.oneof(
  { arbitrary: fc.constantFrom('p', 'd', '=', 'n', 'l 5', 'l', 'q', 'Q 3', 'x', 'N', 'P', 'D', 'F', 'z', 'y/ab/ba/', 'y,a,b,', 's/a/b/', 's_a_b_', 's a b ', 'sxaxbx', 's/a/b/g', 's/a/b/2p', 's/a/b/#c', 's/a/\\\n/', 's;a;b;', '{p}', '{ s/a/b/ }', 'a text', 'a\\\ntext', 'c bye', 'i\\ x', 'b x', 't', 'T x', 'v 4.2', 's/a\\/b/c/', 's/[a]/b/', 's/\\c//x/'), weight: 6 },
  // What runs a command or opens a file, and pieces that hide one from a careless reader.
  { arbitrary: fc.constantFrom('s/a/b/ e', 's/a/true/e', 's_a_true_e', 's a true e', 'sxaxtruexe', 's|[|]|x|e', 's/[/]/x/w w1', 's/a/b/w w2', 's/a/b/ gw w3', 'e true', 'e', 'r r1', 'R r2', 'w w4', 'W w5', 'a foo\\\ne true', 'i\\ foo; e true', '# c \\\ne true', '{ s/a/true/e }', 'b x;e true', ':y e true', 'c\\\n\\\ne true', 's/a/b/w w6 ; p', 'y/a/b/;w w7'), weight: 2 },
);
const STATEMENT = fc.tuple(ADDRESS, BANG, COMMAND).map(([a, b, c]) => `${a}${b}${c}`);
const SCRIPT = fc.tuple(fc.boolean(), fc.array(STATEMENT, { minLength: 1, maxLength: 3 }), fc.constantFrom(';', '\n', ' ; ', '; ')).map(([label, statements, separator]) => `${statements.join(separator)}${label ? '\n:x' : ''}`);
// (The label comes last, so that every branch goes forward: no script loops.)

describe('sed scripts the reading accepts', () => {
  it.skipIf(!TRACES)('start and open only what it found, in GNU sed', () => {
    // strace sees what sed opens and starts.
    expect(traced('w seen').opened.has('seen')).toBe(true);
    expect(traced('1e true').started).toBe(true);
    let checked = 0;
    fc.assert(
      fc.property(SCRIPT, (script) => {
        const reading = readSedScript(script);
        if (!reading.ok || reading.runs) return; // refused: what a refused script does is not checked
        clearDir();
        const { opened, started, status } = traced(script);
        if (status !== 0) return; // sed refused the script: nothing of it ran
        checked++;
        expect(started, `${JSON.stringify(script)} starts a program`).toBe(false);
        const files = new Set(reading.files.map((f) => f.path));
        for (const name of opened) expect(files.has(name), `${JSON.stringify(script)} opens ${name}, found ${[...files].join(', ')}`).toBe(true);
        if (reading.files.length === 0) {
          // --sandbox refuses `e`, `r` and `w` wherever they stand, reached or not.
          expect(sed(['--sandbox', '-n', '-e', script, '/dev/null']), `${JSON.stringify(script)} is refused by --sandbox`).toBe(0);
        }
      }),
      { numRuns: 300 },
    );
    // The reading is not vacuous: many scripts are read, and sed accepts them.
    expect(checked).toBeGreaterThan(100);
  });
});

describe('readSedScript', () => {
  it.each([
    // red team 43: addresses the patterns did not know, before an `s` with `_` as delimiter
    ['0~1s_^_id #_e', true],
    ['/o/Is_^_id #_e', true],
    ['1,+1s_^_id #_e', true],
    [':x s_^_id #_e', true],
    ['1e id', true],
    ['$e', true],
    ['s/a/b/ e', true],
    ['s|a|b|ge', true],
    // a comment ends at its newline, backslash or not; text of `a` continues past an escaped one
    ['# c \\\ne id', true],
    ['a foo\\\ne id', false],
    ['a\\\ne id', false],
    ['s/a\\/e/b/', false],
    ['s/e/f/g', false],
    ['y/abc/xyz/', false],
    ['/^$/d', false],
    ['0~2p', false],
    ['/o/Is/o/0/;1,+1s/n/N/', false],
    ['sxaxbx', false],
  ])('%j runs a command: %s', (script, runs) => {
    const reading = readSedScript(script as string);
    expect(reading.ok && reading.runs).toBe(runs);
  });

  it.each([
    ['0~1s_^_x_w /tmp/out', [{ path: '/tmp/out', write: true }]],
    ['1r /etc/shadow', [{ path: '/etc/shadow', write: false }]],
    ['s/a/b/w out.txt', [{ path: 'out.txt', write: true }]],
    ['$R ~/.ssh/id_rsa', [{ path: '~/.ssh/id_rsa', write: false }]],
    ['/x/I,+2{w o ; p\n}', [{ path: 'o ; p', write: true }]],
    ['s/a/b/', []],
  ])('%j opens %j', (script, files) => {
    expect(readSedScript(script as string)).toEqual({ ok: true, runs: false, files });
  });

  it.each(['s/[/]/x/', 's|[|]|x|', 's/[\\]/]/x/', '1!!p', '}', '{p', 'b x}', 's/a/b', 'w', 'p x', '1#c', 's/a/b/k', ':a}e id', 'a'])('%j is refused', (script) => {
    expect(readSedScript(script).ok).toBe(false);
  });
});
