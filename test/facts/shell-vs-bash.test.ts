// parseShell against the real bash, character by character. Each template puts one odd
// character (controls, Unicode blanks, non-ASCII) where a reading could go wrong: inside and
// between words, quotes, `$'...'`, comments, assignments, next to operators. Bash runs the
// command with every command name unknown, so its `command_not_found_handle` prints the argv
// of each simple command it would run; parseShell must find exactly those, or call the
// command unverifiable (which denies it). This is how the carriage-return reading was found.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/facts/shell/index.js';

// \x1e and \x1f separate commands and arguments in bash's output, so they are not tried.
const CODE_POINTS = [
  ...Array.from({ length: 29 }, (_, i) => i + 1).filter((c) => c !== 0x0a), // C0 controls but NUL, newline, \x1e, \x1f
  0x20, 0x7f, 0x85, 0xa0, 0x1680, 0x2000, 0x200b, 0x2028, 0x2029, 0x3000, 0xfeff, 0xe9, 0x1f600,
];
const CHARS = CODE_POINTS.map((c) => String.fromCodePoint(c));

const TEMPLATES: ((c: string) => string)[] = [
  (c) => `zq1 a${c}b`,
  (c) => `zq1 "a${c}b"`,
  (c) => `zq1 'a${c}b'`,
  (c) => `zq1 a\\${c}b`,
  (c) => `zq1 "a\\${c}b"`,
  (c) => `zq1${c}zq2`,
  (c) => `${c}zq1 x`,
  (c) => `zq1 a${c};zq2 b`,
  (c) => `zq1 a${c}||zq2 b`,
  (c) => `zq1 #${c}zq2 x`,
  (c) => `zq1 a${c}#b`,
  (c) => `zq1 a=${c} zq2`,
  (c) => `A=${c} zq1 x`,
  (c) => `zq1 ${c}${c} x`,
  (c) => `zq1 "${c}\\"" x`,
  (c) => `zq1 a\\${c}\nzq2 b`,
];
// $'...' with the character itself, and after a backslash (bash keeps unknown escapes).
// \x01 is bash's internal quoting byte, which it doubles inside $'\...': left out there.
const ANSI_C: ((c: string) => string)[] = [(c) => `zq1 $'a${c}b'`, (c) => `zq1 $'\\${c}'`];

// Every command name is unknown: the handler prints the argv (name first) and fails, so
// `a || b` runs both.
const HANDLER = `command_not_found_handle() { local a; for a in "$@"; do printf '%s\\x1f' "$a"; done; printf '\\x1e'; return 1; }\n`;

function bashRuns(source: string): string[][] {
  let out: string;
  try {
    out = execFileSync('bash', ['--norc', '--noprofile', '-c', HANDLER + source], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], env: { PATH: '/usr/bin:/bin', LC_ALL: 'C.UTF-8' } });
  } catch (error) {
    out = (error as { stdout?: string }).stdout ?? '';
  }
  return out.split('\x1e').slice(0, -1).map((cmd) => cmd.split('\x1f').slice(0, -1));
}

describe('parseShell reads commands as bash runs them', () => {
  const cases = [
    ...TEMPLATES.flatMap((t) => CHARS.map((c) => t(c))),
    ...ANSI_C.flatMap((t) => CHARS.filter((c) => c !== '\x01').map((c) => t(c))),
  ];

  it('finds exactly the argv bash runs, or calls the command unverifiable', () => {
    const wrong: string[] = [];
    let compared = 0;
    for (const source of cases) {
      const facts = parseShell(source);
      if (facts.unverifiable !== undefined || facts.capExceeded !== undefined) continue;
      compared++;
      const ours = facts.commands.map((c) => c.words);
      const bash = bashRuns(source);
      if (JSON.stringify(ours) !== JSON.stringify(bash)) wrong.push(`${JSON.stringify(source)}: bash ran ${JSON.stringify(bash)}, parseShell read ${JSON.stringify(ours)}`);
    }
    expect(wrong).toEqual([]);
    // Most cases are read, not refused: the comparison means something.
    expect(compared).toBeGreaterThan(cases.length * 0.8);
  }, 120_000);
});
