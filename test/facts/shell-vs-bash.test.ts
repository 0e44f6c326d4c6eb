// parseShell against the real bash. Bash runs each command with recording stand-ins for
// every program it names, so we learn the argv of every simple command it runs; parseShell
// must list each of them (word for word, an expansion standing for what it may become), or
// call the input unverifiable, which denies it. Two kinds of input: one odd character
// (controls, Unicode blanks, non-ASCII) in places where a reading could go wrong, and random
// commands of every construct. These found the carriage-return, comment, glued-digit,
// `coproc`, xargs and input-redirection readings (docs/decisions/shell-parser.md).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseShell } from '../../src/facts/shell/index.js';

// \x1f separates arguments in the handler's output, so it is not tried (nor \x1e, kept out
// as well).
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

// The commands zq1, zq2 and zq3 are scripts on PATH, so programs that run others (`env`,
// `nice`, `xargs`, `find -exec`) reach them too; every other unknown name goes to bash's
// `command_not_found_handle`. Both write the argv (name first) of the command to a file of its
// own (commands run at once, `a & b` and pipelines, cannot interleave) and fail, so `a || b`
// runs both; `bash -c` strings run with the handler too (exported). Every process keeps
// bash's stdout open as fd 3, so execFileSync returns only when the last of them, background
// ones too, has finished. The recorders use builtins and /usr/bin/mktemp only: a command line
// that empties PATH must not send them to the handler, which would record by calling them.
const RECORD = `s=''; for a in "$@"; do s+="$a"$'\\x1f'; done; printf '%s' "$s" > "$(/usr/bin/mktemp "$OUT/argv.XXXXXXXX")"`;
const HANDLER = `exec 3>&1 1>/dev/null 2>/dev/null\ncommand_not_found_handle() { local a s; ${RECORD}; return 1; }\nexport -f command_not_found_handle\n`;
const BIN = mkdtempSync(path.join(tmpdir(), 'toolwarden-bin-'));
for (const name of ['zq1', 'zq2', 'zq3']) {
  writeFileSync(path.join(BIN, name), `#!/bin/bash\nset -- "\${0##*/}" "$@"\n${RECORD}\nexit 1\n`, { mode: 0o755 });
}
// The same names in another directory, recording themselves as `zq1!`: a command line that
// makes bash run one of these instead (through PATH or the hash table) runs a program no
// allowlist saw, so parseShell must call it unverifiable.
const HIJACK = mkdtempSync(path.join(tmpdir(), 'toolwarden-hijack-'));
for (const name of ['zq1', 'zq2', 'zq3']) {
  writeFileSync(path.join(HIJACK, name), `#!/bin/bash\nset -- "\${0##*/}!" "$@"\n${RECORD}\nexit 1\n`, { mode: 0o755 });
}
afterAll(() => {
  rmSync(BIN, { recursive: true, force: true });
  rmSync(HIJACK, { recursive: true, force: true });
});

/** The argv of every command bash runs for `source`, in a fresh empty directory (so `*` stays `*`). */
function bashRuns(source: string): string[][] {
  const out = mkdtempSync(path.join(tmpdir(), 'toolwarden-argv-'));
  const cwd = mkdtempSync(path.join(tmpdir(), 'toolwarden-cwd-'));
  try {
    try {
      execFileSync('bash', ['--norc', '--noprofile', '-c', `${HANDLER}${source}\nwait`], { cwd, timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'], env: { PATH: `${BIN}:/usr/bin:/bin`, LC_ALL: 'C.UTF-8', OUT: out } });
    } catch (error) {
      // A command that fails is expected (the handler fails); one that does not finish is not.
      if ((error as { signal?: string }).signal) throw new Error(`bash did not finish: ${JSON.stringify(source)}`);
    }
    return readdirSync(out).map((f) => readFileSync(path.join(out, f), 'utf8').split('\x1f').slice(0, -1));
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(cwd, { recursive: true, force: true });
  }
}

describe('the bash harness', () => {
  it('sees every command bash runs: in sequence, in the background, in subshells, in bash -c and under env, nice and xargs', () => {
    expect(bashRuns('zq1 a; zq2 "b c" & (zq3 &) ; bash -c "zq1 d" | zq2 $(zq3 e)').sort()).toEqual(
      [['zq1', 'a'], ['zq1', 'd'], ['zq2'], ['zq2', 'b c'], ['zq3'], ['zq3', 'e']],
    );
    expect(bashRuns('env A=1 zq1 f; nice zq2 g; xargs zq3 h; m n').sort()).toEqual([['m', 'n'], ['zq1', 'f'], ['zq2', 'g'], ['zq3', 'h']]);
  });
});

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
      // In order of the files' names, not of running: both sides sorted.
      const ours = facts.commands.map((c) => c.words).sort();
      const bash = bashRuns(source).sort();
      if (JSON.stringify(ours) !== JSON.stringify(bash)) wrong.push(`${JSON.stringify(source)}: bash ran ${JSON.stringify(bash)}, parseShell read ${JSON.stringify(ours)}`);
    }
    expect(wrong).toEqual([]);
    // Most cases are read, not refused: the comparison means something.
    expect(compared).toBeGreaterThan(cases.length * 0.8);
  }, 120_000);
});

// Random commands made of quoting, operators, grouping, keywords, functions, here-docs and
// comments (no `$`, which would run substitutions, no loop bash could not leave, and no brace
// expansion or globs, which words keep as written: path checks widen them). The
// security property: every command bash runs is one parseShell lists, word for word (it may
// list more: branches that did not run), unless it calls the command unverifiable.
const WORDS = ['zq1', 'zq2', 'zq3', 'a', 'b c', '"d e"', "'f g'", 'h\\ i', '"j\\"k"', "'l\\'", 'm"n"o', "p''q", '\\zq1', "'zq2'", 'z"q"3', '-x', '--y=z', 'é', 'a\\\nb', '#c', 'a#b', 'a=b', '@', ':', "$'zq\\x31'", "$'a\\nb'", "$'\\''", '>/dev/null', '2>&1', '<<<x', '1>&2', '</dev/null', '!', '\\#', '"#"', "'#'", 'a\\#b', '2>f', 'x>&2', "$'\\x23'", "a''2>f", 'f()', '{', '}', '((1))', '[[ a ]]'];
const JOIN = [' ', ' ', ' ', ';', ' ; ', '\n', ' || ', ' && ', ' | ', ' & ', ' |& ', '\\\n'];
const WRAP = [
  (s: string) => s,
  // Every way to point PATH or the hash table elsewhere (HIJACK).
  (s: string) => `BASH_CMDS[zq1]=${HIJACK}/zq1; BASH_CMDS[zq2]=${HIJACK}/zq2; ${s}`,
  (s: string) => `for PATH in ${HIJACK}; do ${s}; done`,
  (s: string) => `printf -v PATH ${HIJACK}; ${s}`,
  (s: string) => `read PATH <<< ${HIJACK}; ${s}`,
  (s: string) => `mapfile -t PATH <<< ${HIJACK}; ${s}`,
  (s: string) => `declare -n r=PATH; r=${HIJACK}; ${s}`,
  (s: string) => `unset PATH; : \${PATH:=${HIJACK}}; ${s}`,
  (s: string) => `export PATH=${HIJACK}; ${s}`,
  (s: string) => `{ ${s}; }`,
  (s: string) => `(${s})`,
  (s: string) => `if ${s}; then zq2 x; else zq3 y; fi`,
  (s: string) => `while ${s}; false; do zq2; done`, // the condition always ends false: no endless loop
  (s: string) => `for v in a b; do ${s}; done`,
  (s: string) => `case a in a) ${s};; *) zq2;; esac`,
  (s: string) => `f() { ${s}; }; f`,
  (s: string) => `eval '${s.replace(/['$]/g, '')}'`, // no quotes or `$` inside: no expansions
  (s: string) => `bash -c '${s.replace(/['$]/g, '')}'`, // the child bash inherits the handler
  (s: string) => `zq2 && bash -c "${s.replace(/["$`\\]/g, '')}" x || zq3`,
  (s: string) => `time ${s}`,
  (s: string) => `env ${s}`,
  (s: string) => `env -u C B=2 ${s}`,
  (s: string) => `nice -n 1 ${s}`,
  (s: string) => `nohup ${s}`,
  (s: string) => `timeout 5 ${s}`,
  (s: string) => `stdbuf -o0 ${s}`,
  (s: string) => `xargs ${s}`,
  (s: string) => `find . -maxdepth 0 -exec ${s} {} \\;`,
  (s: string) => `command ${s}`,
  (s: string) => `exec ${s}`,
  (s: string) => `trap 'zq2 t' EXIT; ${s}`,
  (s: string) => `coproc ${s}`,
  (s: string) => `zq1 <<E\n$(zq2 h)\nE\n${s}`,
  (s: string) => `zq1 <<-E\n\t\`zq3 h\`\n\tE\n${s}`,
  (s: string) => `[[ $(zq2) ]] || ${s}`,
  (s: string) => `(( $(zq3) )) || ${s}`,
  (s: string) => `case $(zq1) in *) ${s};; esac`,
  (s: string) => `for v in $(zq1); do ${s}; done; for w in x; do ${s}; done`,
  (s: string) => `a=$(zq2) ${s}`,
  (s: string) => `${s} <<< $(zq3)`,
  (s: string) => `zq1 <<"E"\n$(zq2 q)\nE\n${s}`,
  (s: string) => `zq1 <<E\n\\$(zq2 q) $(zq3 r)\nE\n${s}`,
  (s: string) => `zq1 < <(zq2 p); ${s}`,
  (s: string) => `a[$(zq2 i)]=1; ${s}`,
  (s: string) => `declare -a a=($(zq3 d)); ${s}`,
  (s: string) => `[[ -n $(zq2) || x == $(zq3) ]]; ${s}`,
  (s: string) => `(( x = $(zq1) )); ${s}`,
  (s: string) => `for ((i=$(zq2); i<0; i++)); do ${s}; done`,
  (s: string) => `function g { ${s}; }; g`,
  (s: string) => `${s} # zq2 hidden`,
  (s: string) => `zq1 <<E\n${s}\nE\nzq2`,
  (s: string) => `zq1 <<'E'\nzq2\nE\n${s}`,
  // a line continuation in the body spells the delimiter: bash ends the here-doc there
  (s: string) => `zq1 <<E\nx\nE\\\n\nzq2 y\nE\n${s}`,
  (s: string) => `zq1 <<E\nx \\\nzq2 y\nE\n${s}`,
  (s: string) => `A=1 ${s}`,
  (s: string) => `export B=2; ${s}`,
  (s: string) => `[[ -n x ]] && ${s}`,
];

// The suite's runs use a fixed seed (CI stays deterministic); `BASH_RUNS=20000` hunts with a
// fresh seed each time (`BASH_SEED` to replay one). The long hunts found the readings that
// parseShell now refuses (docs/decisions/shell-parser.md).
const BASH_RUNS = process.env.BASH_RUNS
  ? { numRuns: Number(process.env.BASH_RUNS), ...(process.env.BASH_SEED ? { seed: Number(process.env.BASH_SEED) } : {}) }
  : { numRuns: 600, seed: 20261130 };

/**
 * Whether a listed command's words can be the argv bash ran. A word holding an expansion
 * (`$(zq2)`, `` `zq2` ``, `${x:-$(zq2)}`, `<(zq2)`, kept as written; `find`'s `{}`) may stand for no bash word or one:
 * variables are unset and every substitution prints nothing here. Other words must be equal.
 */
function couldBe(words: readonly string[], argv: readonly string[]): boolean {
  const expands = (w: string): boolean => w.includes('$') || w.includes('`') || w.includes('<(') || w.includes('>(') || w === '{}';
  const match = (i: number, j: number): boolean => {
    if (i === words.length) return j === argv.length;
    const w = words[i]!;
    if (expands(w)) return match(i + 1, j) || (j < argv.length && match(i + 1, j + 1));
    return j < argv.length && w === argv[j] && match(i + 1, j + 1);
  };
  return match(0, 0);
}

/** Why a command bash runs for `source` is missing from parseShell's list; null when the input is refused. */
function missingRun(source: string): string | undefined | null {
  const facts = parseShell(source);
  if (facts.unverifiable !== undefined || facts.capExceeded !== undefined) return null;
  for (const argv of bashRuns(source)) {
    if (!facts.commands.some((c) => couldBe(c.words, argv))) return `${JSON.stringify(source)}: bash ran ${JSON.stringify(argv)}, parseShell listed ${JSON.stringify(facts.commands.map((c) => c.words))}`;
  }
  return undefined;
}

// Substitutions of every kind, which bash runs (the handler prints nothing, so they expand to
// nothing) and parseShell must list.
const SUBSTITUTIONS = ['$(zq2 a)', '"$(zq3)"', '`zq2 b`', 'a$(zq1)b', '<(zq2)', '>(zq3 c)', '${x:-$(zq2)}', '${x:+$(zq3)}', '"${x:-`zq1`}"', '$((1+$(zq2)))', "$'\\x24(zq1)'", '$(zq1 $(zq2))', '"a`zq3`"', '$(<f)', '$( (zq2) )', '$(zq1;zq2)', '$(# c\nzq3)', '`zq1 \\`zq2\\``',
  '"$(zq2 ")")"', '$(case x in x) zq2;; esac)', '$(( $(zq2) + 1 ))', '${x:-"$(zq2)"}', '${x//a/$(zq3)}', '${x[$(zq1)]}', '<(zq2 <(zq3))',
  '$(zq1 <<E\n$(zq2)\nE\n)', '"$(zq3 \'a)b\')"', '$(zq1 #)\n)', '$(zq2 \\))'];

/** Simple commands joined by operators, wrapped in one construct: no command bash runs may be missed. */
function missesNone(simple: fc.Arbitrary<string>): void {
  const list = fc.tuple(simple, fc.array(fc.tuple(fc.constantFrom(...JOIN), simple), { maxLength: 3 })).map(([first, rest]) => first + rest.map(([j, s]) => j + s).join(''));
  const command = fc.tuple(fc.constantFrom(...WRAP), list).map(([wrap, body]) => wrap(body));
  let runs = 0;
  let read = 0;
  fc.assert(
    fc.property(command, (source) => {
      const missing = missingRun(source);
      runs++;
      if (missing === null) return;
      read++;
      expect(missing).toBeUndefined();
    }),
    BASH_RUNS,
  );
  // Most inputs are read, not refused (the PATH hijacks always are): the property means something.
  // (At the top level a POSIX reading refuses `$'\''` and `[[ … || … ]]` too.)
  expect(read / runs).toBeGreaterThan(0.35);
}

describe('parseShell lists every command bash runs (random commands)', () => {
  it('misses none', () => {
    missesNone(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' ')));
  }, 300_000);

  it('misses none with substitutions', () => {
    const word = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...WORDS) }, { weight: 1, arbitrary: fc.constantFrom(...SUBSTITUTIONS) });
    missesNone(fc.tuple(fc.constantFrom('zq1', 'zq2', '\\zq3', "'zq1'"), fc.array(word, { maxLength: 4 })).map(([name, ws]) => [name, ...ws].join(' ')));
  }, 300_000);
});

// Red team 8c: lines where bash runs a command (zq1) that the parser's first reading did not
// list. Each must be refused; bash is run to show the reading is real.
const MISREAD_8C = [
  "a['$(zq1)']=1", // a quoted subscript is arithmetic text: quotes do not quote
  "arr=(['$(zq1)']=1)",
  "[[ ${a['$(zq1)']} ]]",
  "let 'x[$(zq1)]'", // let and -eq evaluate a literal
  "[[ 'x[$(zq1)]' -eq 1 ]]",
  'echo $(echo <<EOF\na\nEOF)\nzq1\nEOF\n)', // inside $( a here-doc ends at `EOF)`
  'echo $(echo <<EOF\na\nEOF x)\nzq1\nEOF\n)',
  'echo <<E\\\nOF\nx\nE\\\nOF\nzq1\nEOF', // the delimiter's line continuation quotes nothing
  "$\\\n'zq\\x31'", // `$`, a line continuation and '…' are $'…'
  "bash <<'EOF'\nread -n 5 x\necho zq1\nEOF", // the script's input is the command's input
  "bash -H -o history -s <<'EOF'\necho zq1\n!:1\nEOF", // history expansion
  "bash -s <<'EOF'\nset -H -o history\necho zq1\n!:1\nEOF",
  "bash -H -o history -s <<'EOF'\necho zq1\n^echo ^\nEOF", // quick substitution
];

describe('readings red team 8c found', () => {
  it.each(MISREAD_8C)('%j: bash runs zq1, and the line is refused', (source) => {
    expect(bashRuns(source).some((argv) => argv[0] === 'zq1')).toBe(true);
    expect(parseShell(source).unverifiable).toBeDefined();
  });
});
