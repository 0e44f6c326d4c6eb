// awk programs against the real gawk: random programs built of pieces red teams used (print and
// getline redirects to literal, joined and computed names, regular expressions holding `}` or
// `;`, strings, comments, continuation lines, commands run through system and pipes), run
// under strace in a scratch directory. Whenever the awk reading (awk.ts) calls a
// program verifiable, gawk must start no other program, and every file it opens there must be
// one the reading found: otherwise a file is read or written unchecked.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { hiddenCommands } from '../../src/facts/shell/hidden-commands.js';

const has = (program: string): boolean => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
// strace needs ptrace, which some containers refuse: then this test skips, as without gawk.
const TRACES = has('gawk') && has('strace') && spawnSync('strace', ['-qq', '-e', 'trace=openat', 'true']).status === 0;
const DIR = mkdtempSync(path.join(tmpdir(), 'toolwarden-awk-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** What gawk running `program` did, as strace saw it: the files it opened in DIR (by name), and whether it started another program. */
function traced(program: string): { opened: Set<string>; started: boolean } {
  const log = `${DIR}.strace`;
  spawnSync('strace', ['-f', '-qq', '-e', 'trace=openat,execve', '-o', log, 'gawk', program], { cwd: DIR, input: '', timeout: 5000, env: { PATH: process.env.PATH } });
  const opened = new Set<string>();
  let execs = 0;
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (/execve\(/.test(line) && !/ENOENT/.test(line)) execs++;
    const m = /openat\(AT_FDCWD, "([^"]*)"/.exec(line);
    if (m === null) continue;
    const name = m[1]!.startsWith(`${DIR}/`) ? m[1]!.slice(DIR.length + 1) : m[1]!;
    if (!name.startsWith('/')) opened.add(name.replace(/^\.\//, ''));
  }
  rmSync(log, { force: true });
  return { opened, started: execs > 1 };
}

// Targets a redirect may name: a string, one in parentheses (most often), joined strings, a computed name.
const TARGET = fc.oneof(
  { arbitrary: fc.constantFrom('"o1"', '("o4")', '"r6"'), weight: 4 },
  { arbitrary: fc.constantFrom('"o" "2"', '"." "./o3"', 'x', '"o5" x', '("r" "7")', '"o\\0568"'), weight: 1 },
);
const STATEMENT = fc.oneof(
  TARGET.map((t) => `print "a" > ${t}`),
  TARGET.map((t) => `printf("b") >> ${t}`),
  TARGET.map((t) => `while ((getline line < ${t}) > 0) n++`),
  TARGET.map((t) => `getline $/}/ < ${t}`),
  TARGET.map((t) => `print /;/ > ${t}`),
  TARGET.map((t) => `print "a",\n"b" > ${t}`),
  TARGET.map((t) => `print \\\n"c" > ${t}`),
  // A comment ends at its newline, after a backslash, a comma or `&&` too (red team 45).
  fc.constantFrom('\\', ',', ' &&').chain((end) => TARGET.map((t) => `# c${end}\nprint "a" > ${t}`)),
  fc.constantFrom('x = "o8"', 'n = 4 / 2', 'if (/}/) n++', 's = "a;b}c > \\"o9\\""', 'k = n / 2 / 1', '# print > "o10"\nn++', 'close("o1")',
    'x = /"/', 'if (1) /"/', 'n++ / 2', 'y = "/" / 2', '# a " in a comment', 'n = getline / 2', 'if (0) n = 1; else /"/', 'print /"/', 'x = /[[:alpha:]/]"/', 'x = /[]/#]/', 'if (0) exit /#/',
    'x = /[\\]/"]/', 'x = /[\\]]/', 'x = /[a\\/]"/'),
  // What runs a command: rarer, so that most programs stay verifiable.
  fc.constantFrom('system("true")', 'system\\\n("true")', '"true" | getline v', 'print "x" | "cat"', 'f = "system"; @f("true")', 'f = "system"; @ f("true")'),
);

describe('awk programs the reading calls verifiable', () => {
  it.skipIf(!TRACES)('open only the files it found and start no program, in gawk', () => {
    // strace sees what gawk opens and starts: a redirect's file, a system call's shell.
    expect(traced('BEGIN { print "a" > "seen" }').opened.has('seen')).toBe(true);
    expect(traced('BEGIN { system("true") }').started).toBe(true);
    let verifiable = 0;
    fc.assert(
      fc.property(fc.array(STATEMENT, { minLength: 1, maxLength: 3 }), fc.constantFrom('; ', '\n'), (statements, separator) => {
        const program = `BEGIN { ${statements.join(separator)} }`;
        const found = hiddenCommands('awk', [{ text: 'awk', literal: true, pattern: false }, { text: program, literal: true, pattern: false }], 0);
        if (found.some((h) => h.kind === 'unverifiable')) return;
        verifiable++;
        const files = new Set(found.flatMap((h) => (h.kind === 'file' ? [h.path.replace(/^\.\//, '')] : [])));
        const { opened, started } = traced(program);
        expect(started, `${program} starts a program`).toBe(false);
        for (const name of opened) expect(files.has(name), `${program} opens ${name}, found ${[...files].join(', ')}`).toBe(true);
        for (const name of opened) rmSync(path.join(DIR, name), { force: true });
      }),
      { numRuns: 200 },
    );
    // The reading is not vacuous: many programs are verifiable.
    expect(verifiable).toBeGreaterThan(30);
  });
});
