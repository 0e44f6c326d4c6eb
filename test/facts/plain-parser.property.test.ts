// The plain reader must build exactly the tree the converter builds from mvdan-sh, for every
// input it accepts; everything else it must leave to mvdan-sh. Checked on random commands
// made of the subset's pieces and of pieces just outside it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePlain } from '../../src/facts/shell/plain-parser.js';
import { parseWithMvdan } from '../../src/facts/shell/parser.js';
import { parseShell } from '../../src/facts/shell/index.js';
import { loadCorpus } from '../adversarial/corpus.js';

// PLAIN_RUNS=200000 for a long hunt; the suite's runs take about a second.
const RUNS = Number(process.env.PLAIN_RUNS ?? 4000);

const PLAIN_WORDS = ['FOO=1', 'A=', 'PATH=/tmp', 'B=a=b', 'C="x y"', "D=''", 'E=~/x', '_x=1', '~/.ssh/id', 'a~b', '~', 'git', 'status', 'ls', '-la', 'file?.txt', 'https://x/?a=1', '$HOME', '${HOME}', '$HOME/x', 'a$b.c', '$_x1', 'FOO=$BAR', '$CMD', 'src/a.ts', 'cat', '.env', '../x', '/etc/passwd', 'npm', 'run', 'build', '--format=%H:%s', 'a=b', 'x,y', 'u@h:p', '*.ts', '12', '2', 'a2', 'rm', '-rf', '/', 'sudo', 'bash', '-c', 'eval', 'xargs', 'env', 'tail', '-5'];
const QUOTED = ['"a\\(.*\\)"', '"\\w+\\s"', '"x\\|y"', '"\\.env"', '"a\\ b"', '"\\$x"', '"\\\\"', '"a\\"b"', '"\\`"', '"\\!"', '"\\\n"', '"\\*"', '"$x\\."', '"\\"', '"$x"', '"a $x b"', '"${y}z"', '"$HOME/$f"', 'a"$x"b', '"hi there"', "'x y'", '""', "''", '"a\'b"', "'$HOME'", "'a\\b'", '"src/*.ts"', 'a"b"c', "r''m", '"rm"', "'ls; rm x'"];
const OPERATORS = [' && ', ' || ', ' | ', '; ', ';', '&&', '||', '|', ' ; ', '\n', ' \n', ';\n', '\n\n', '\n ', '&&\n', '|\n', ' # c\n', ';# rm x\n', '\n# a line\n', ' #\\\n', '#x\n', ' # \'q\n', ' && # c\n', ' | # c\n'];
const REDIRECTS = [' > out', ' >> log', ' < in', ' 2>&1', ' >&2', ' 2> err', '>f', ' 1>&2', ' 2>"e f"'];
// Pieces just outside the subset (and a few that are in it only in some places, like `\n`):
// each must send the input to mvdan-sh, or be read alike.
const NEAR = ['$1', '$@', '$', '${x:-y}', '${#x}', '"$"', '"$1"', '$x[0]', '${x', '[abc]', 'a[1]', '[', ']', '$(id)', '`id`', '(', ')', '{', '}', '#', '!', '\n', '\t', '\\', '<<EOF', '<<<', '&', '|&', ' >| f', ' >&f', ' >&-', 'if', 'then', 'fi', 'for', 'in', 'do', 'done', 'time', 'export', 'declare', 'let', 'local', 'FOO+=1', '1A=x', 'a[1]=x', '"a\\"b"', '"!"', "$'x'", '[[', ']]', 'é', '"', "'", '<(x)', ';;', '&&', '||'];

const word = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...PLAIN_WORDS) }, { weight: 2, arbitrary: fc.constantFrom(...QUOTED) }, { weight: 1, arbitrary: fc.constantFrom(...NEAR) });
const simple = fc.tuple(fc.array(word, { minLength: 1, maxLength: 5 }), fc.array(fc.constantFrom(...REDIRECTS), { maxLength: 2 })).map(([ws, rs]) => ws.join(' ') + rs.join(''));
const command = fc.tuple(fc.constantFrom('', '\n', ' \n ', ';', '# first\n', '#!/bin/sh\n'), simple, fc.array(fc.tuple(fc.constantFrom(...OPERATORS), simple), { maxLength: 4 }), fc.constantFrom('', ';', ' ', ' ;', '&', '\n', ';\n', '\n;', '\\\n', ' # end', ' #\\', '\n# last'))
  .map(([start, first, rest, end]) => start + first + rest.map(([op, s]) => op + s).join('') + end);

/** How deeply objects and arrays nest in a value, found without recursion. */
function nesting(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** mvdan-sh's reading, or the error it raised. */
function viaMvdan(source: string): unknown {
  try {
    return parseWithMvdan(source, 32);
  } catch (error) {
    return `error: ${(error as Error).name}`;
  }
}

describe('plain shell reader', () => {
  it('builds the converter’s tree for every command it accepts (random commands near the subset)', () => {
    let accepted = 0;
    let runs = 0;
    fc.assert(
      fc.property(command, (source) => {
        runs++;
        const plain = parsePlain(source);
        if (plain === undefined) return;
        accepted++;
        expect(plain).toEqual(viaMvdan(source));
      }),
      { numRuns: RUNS },
    );
    // The property means something only if the reader accepts a good share of the inputs
    // (~10–14% by seed; seed 2110015553 gave 9.9%, found by test:explore's kind of run).
    expect(accepted / runs).toBeGreaterThan(0.06);
  });

  it('builds the converter’s tree for every string of operator and quote characters it accepts', () => {
    const chars = fc.constantFrom('a', 'b', '1', '2', 'A', '_', ' ', ' ', '\n', '|', '&', ';', '>', '<', '"', "'", '=', '-', '/', '.', '*', '?', '[', ']', '{', '}', '~', '+', '$', '$', '(', '#', '\\');
    fc.assert(
      fc.property(fc.array(chars, { minLength: 1, maxLength: 14 }).map((cs) => cs.join('')), (source) => {
        const plain = parsePlain(source);
        if (plain !== undefined) expect(plain).toEqual(viaMvdan(source));
      }),
      { numRuns: RUNS },
    );
  });

  it('reads comments as bash does: from a `#` that starts a word to the newline', () => {
    const words = (source: string) => parseShell(source).commands.map((c) => c.words.join(' '));
    expect(parsePlain('ls # rm x')).toBeDefined();
    expect(words('# run the tests\nnpm test # quietly\nls;# c\ngit status')).toEqual(['npm test', 'ls', 'git status']);
    // a comment ends at the newline whatever it holds: the next line runs
    expect(words('ls # x; y && z\nrm -rf /')).toEqual(['ls', 'rm -rf /']);
  });

  it('leaves everything outside the subset to mvdan-sh', () => {
    const outside = [
      'FOO+=1 rm -rf /', 'FOO=1', 'A=1 > f ls', '1A=x ls', 'if true; then rm x; fi', 'ls & rm x', 'ls |& cat', 'echo $(id)', 'echo `id`',
      'ls #\\\nrm x', 'ls#rm', "ls ''#rm", 'ls &&\nrm x', 'ls\\\nrm x', 'ls\n;rm', 'ls\r\nrm', 'ls\trm', '[[ -f x ]] && rm x', 'echo "$1"', 'echo "a\\"b"', 'echo ${x:-y}', 'echo $', 'echo "a$"', '{ ls; }', '(ls)', 'export A=b',
      'cat <<EOF\nx\nEOF', 'ls >| f', 'ls >&f', '>f ls', 'echo a>&-', 'time rm x', '! rm x', 'echo $\'\\x72m\'', '\\rm x',
      'ls;;', '; ls', 'ls &&', '| ls', 'ls | | rm', '', '   ', 'cat <(id)', 'echo "unterminated', "echo 'unterminated", 'a=(x y)',
      'let x=1', '[[ -f x ]]', 'ls *(x)', 'echo é',
    ];
    for (const source of outside) expect(parsePlain(source), source).toBeUndefined();
  });

  it('builds the converter’s tree for every command string of the adversarial corpus it accepts', () => {
    const commands = new Set<string>();
    const collect = (value: unknown): void => {
      if (typeof value === 'string') return;
      if (Array.isArray(value)) value.forEach(collect);
      else if (value !== null && typeof value === 'object') {
        for (const [key, v] of Object.entries(value)) {
          if (typeof v === 'string' && /^(command|cmd|script|commandLine)$/.test(key)) commands.add(v);
          else collect(v);
        }
      }
    };
    for (const c of loadCorpus()) if (c.kind === 'call') for (const step of c.steps) collect(step.call);
    let accepted = 0;
    for (const source of commands) {
      const plain = parsePlain(source);
      if (plain === undefined) continue;
      accepted++;
      const mvdan = viaMvdan(source);
      // (mvdan-sh builds the tree when its stack allows, and then toEqual's recursion may not.)
      if (mvdan === 'error: DepthExceeded' || nesting(plain) > 1000) {
        // `ls | cat | … ` 2,000 times: mvdan-sh runs out of stack, the reader builds the tree
        // (by a loop), and the walk stops at maxDepth. Both end in the same facts: denied.
        expect(parseShell(source).capExceeded, source).toBe('depth');
        continue;
      }
      expect(plain, source).toEqual(mvdan);
    }
    // The corpus is mostly attacks past the subset; some are plain (`git status; rm -rf ~`).
    expect(commands.size).toBeGreaterThan(100);
    expect(accepted).toBeGreaterThan(20);
  });

  it('gives parseShell the same facts as mvdan-sh on the commands agents run most', () => {
    const common = ['git status', 'git diff HEAD~1', 'git status && git diff', 'npm test 2>&1 | tail -20', 'ls -la src | grep ts', 'cat README.md', 'git log -1; git status', 'sudo rm -rf /', 'bash -c "ls; rm x"', 'xargs rm < list', 'env rm x', 'eval "rm x"', 'echo hi > /etc/passwd', 'r""m -rf /', "'rm' x"];
    for (const source of common) {
      const plain = parsePlain(source);
      if (plain !== undefined) expect(plain, source).toEqual(parseWithMvdan(source, 32));
    }
    // `sudo rm`, `bash -c`, `eval`: the reader builds the tree; the walk still unwraps them.
    expect(parseShell('sudo rm -rf /').commands.map((c) => c.words[0])).toContain('rm');
    expect(parseShell('bash -c "ls; rm x"').commands.map((c) => c.words[0])).toEqual(expect.arrayContaining(['ls', 'rm']));
    expect(parseShell('eval "rm x"').commands.map((c) => c.words[0])).toContain('rm');
  });
});
