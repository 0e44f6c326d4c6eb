// Real bash decides: scripts that feed run-time text (a file name, a line of input, a command's
// output) through loops, assignments and reads to arithmetic, in a directory holding a file
// named `a[$(touch PWNED)]` and an input file of that line. Whenever bash ran the payload,
// parseShell must have called the script unverifiable; scripts whose arithmetic reads only
// counters must stay verifiable (else every loop with a counter is denied).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';

await initShellParser();

const PAYLOAD = 'a[$(touch PWNED)]';
// Where run-time text comes from, each with the variable it fills.
const sources: [string, string][] = [
  ['for f in *; do BODY; done', 'f'],
  ['while read -r line; do BODY; done < input.txt', 'line'],
  ['x=$(cat input.txt); BODY', 'x'],
  ['read -r r < input.txt; BODY', 'r'],
  ['mapfile -t L < input.txt; BODY', 'L'],
  ['for f in *; do [[ $f =~ (.*) ]]; BODY; done', 'BASH_REMATCH'],
  ['n=0; for f in *; do BODY; done', 'n'],
];
// How a value moves on before arithmetic reads it (SRC is the source's variable).
const copies = [
  '', 'y=$SRC; ', 'export y=$SRC; ', 'ref=SRC; ', 'declare y="$SRC"; ', 'y=$SRC; z=$y; ', 'n=$((n + 1)); ',
  // assigning expansions, a function's arguments, `set --`, indirection
  ': ${y:=$SRC}; ', ': ${y=$SRC}; ', 'g() { y=$1; }; g "$SRC"; ', 'set -- "$SRC"; y=$1; ', 'ref=SRC; y=${!ref}; ', 'y=("$SRC"); ',
];
const readers = ['y', 'z', 'ref', 'n', 'SRC'];
const uses = ['echo $((VAR)) >/dev/null', ': $((VAR + 1))', '((VAR)) || true', 'n=$((n + VAR))', ': $(( ${VAR} ))'];

const script = fc.tuple(fc.constantFrom(...sources), fc.constantFrom(...copies), fc.constantFrom(...readers), fc.constantFrom(...uses)).map(([[source, variable], copy, reader, use]) => {
  const body = copy.replaceAll('SRC', variable) + use.replaceAll('VAR', reader === 'SRC' ? variable : reader);
  return source.replace('BODY', body);
});

describe('arithmetic over run-time text, against real bash', () => {
  it('property: a script whose arithmetic ran the payload in bash is unverifiable', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tw-arith-'));
    try {
      writeFileSync(path.join(dir, PAYLOAD), '');
      writeFileSync(path.join(dir, 'input.txt'), `${PAYLOAD}\n`);
      const scripts = [...new Set(fc.sample(script, { numRuns: 900, seed: 20261130 }))];
      let ran = 0;
      for (const s of scripts) {
        const marker = path.join(dir, 'PWNED');
        rmSync(marker, { force: true });
        try {
          execFileSync('bash', ['-c', s], { cwd: dir, stdio: 'ignore', timeout: 5000 });
        } catch {
          // arithmetic on a file name is often a syntax error: what matters is whether the payload ran first
        }
        const facts = parseShell(s);
        if (existsSync(marker)) {
          ran++;
          expect(facts.unverifiable, s).toBeDefined();
        }
      }
      // the generator reaches both sides
      expect(ran).toBeGreaterThan(30);
      expect(scripts.length - ran).toBeGreaterThan(30);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it.each([
    'count=0; for f in *; do count=$((count + 1)); done; echo $count',
    'n=0; while read -r line; do ((n++)); done < input.txt; echo $n',
    'for ((i = 0; i < 3; i++)); do echo $i; done',
    'total=0; x=$(cat input.txt); total=$((total + 2))',
  ])('a counter beside run-time text is verifiable: %j', (s) => {
    expect(parseShell(s).unverifiable).toBeUndefined();
  });
});

// Red team 10a: builtins whose operand `NAME[expr]` bash evaluates as arithmetic, and a
// declaration option bash reads once its quotes are gone (`declare -"i" n`).
describe('a name operand with a subscript, against real bash', () => {
  it.each([
    'read -r x < input.txt; a=(1 2); unset a[x]',
    "read -r x < input.txt; a=(1 2); unset 'a[x]'",
    'read -r x < input.txt; a=(1 2); read a[x] <<< 1',
    'read -r x < input.txt; f() { local a[x]=1; }; f',
    'read -r x < input.txt; declare a[x]=1',
    'read -r x < input.txt; printf -v a[x] 1',
    'declare -"i" n; read n < input.txt',
    'declare "-i" n; read n < input.txt',
  ])('bash runs the payload, and %j is unverifiable', (s) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tw-subscript-'));
    try {
      writeFileSync(path.join(dir, 'input.txt'), `${PAYLOAD}\n`);
      try {
        execFileSync('bash', ['-c', s], { cwd: dir, stdio: 'ignore', timeout: 5000 });
      } catch {
        // what matters is whether the payload ran
      }
      expect(existsSync(path.join(dir, 'PWNED')), s).toBe(true);
      expect(parseShell(s).unverifiable, s).toBeDefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a subscript of digits evaluates nothing else: `unset 'a[0]'` stays verifiable", () => {
    expect(parseShell("read -r x < input.txt; a=(1 2); unset 'a[0]'").unverifiable).toBeUndefined();
  });
});
