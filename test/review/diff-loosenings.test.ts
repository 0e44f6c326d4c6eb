// One change that loosens access, each kind the diff must find; and a pure tightening.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/main.js';

const BASE = `version: 1
id: p
match: { agents: ["coder", "review-*"] }
autonomy: supervised
tools: { deny: ["sk_delete_*"], approve: ["message"] }
workspace: { root: /srv/ws }
paths:
  forbidden: [".env", "**/.ssh/**"]
  writable: ["src/**"]
shell:
  allow: ["git status"]
  approve: ["git push *"]
scopes:
  owner: all
  missingRequester: deny
  rules:
    - { id: maint, channel: discord, roleIds: [maintainer], tools: [read, exec] }
limits:
  rate: [{ id: r, per: session, limit: 3, window: 1m }]
rules:
  - id: no-big
    when: { all: [{ fact: toolClass, operator: equal, value: write }, { fact: params, path: "$.content.length", operator: greaterThan, value: 100 }] }
    decision: deny
`;

interface Report {
  loosened: number;
  tightened: number;
  groups: { direction: string }[];
  possibleLoosenings: { policy: string; field: string; message: string }[];
}

function diff(newText: string): Promise<{ code: number; report: Report }> {
  return diffPair(BASE, newText);
}

async function diffPair(oldText: string, newText: string, extra: string[] = []): Promise<{ code: number; report: Report }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-diff-'));
  mkdirSync(path.join(dir, 'old'));
  mkdirSync(path.join(dir, 'new'));
  writeFileSync(path.join(dir, 'old', 'p.yaml'), oldText);
  writeFileSync(path.join(dir, 'new', 'p.yaml'), newText);
  let out = '';
  const io = { stdin: async () => '', stdout: (s: string) => void (out += s), stderr: () => {}, env: {}, cwd: dir };
  const code = await runCli(['diff', path.join(dir, 'old'), path.join(dir, 'new'), '--fail-on', 'loosen', '--format', 'json', ...extra], io);
  return { code, report: JSON.parse(out) };
}

describe('toolwarden diff finds the one loosening', () => {
  const loosenings: [string, string, string][] = [
    ['a narrower match', 'match: { agents: ["coder", "review-*"] }', 'match: { agents: ["coder"] }'],
    ['a tools.deny entry removed', 'deny: ["sk_delete_*"], ', ''],
    ['a custom rule threshold raised', 'value: 100 }', 'value: 1000 }'],
    ['a custom rule turned from deny to ask', 'decision: deny', 'decision: ask'],
    ['a role added to a scope rule', 'roleIds: [maintainer]', 'roleIds: [maintainer, helper]'],
    ['a forbidden glob removed', '".env", "**/.ssh/**"', '".env"'],
    ['a rate limit raised', 'limit: 3,', 'limit: 4,'],
    ['autonomy relaxed', 'autonomy: supervised', 'autonomy: full'],
  ];
  for (const [name, from, to] of loosenings) {
    it(name, async () => {
      expect(BASE).toContain(from);
      const { code, report } = await diff(BASE.replace(from, to));
      expect(report.loosened, name).toBeGreaterThan(0);
      expect(report.groups[0]?.direction).toBe('loosened');
      expect(code).toBe(1);
    });
  }

  // Loosenings no probe can show (symlinks, case folding, globs past the synthesised path,
  // limits past the probe sequence cap, windows, second channels): the structural
  // comparison reports them as possible loosenings, so the gate fails closed.
  // [name, old text, new text]: the new text loosens the old one.
  const edit = (from: string, to: string) => {
    expect(BASE).toContain(from);
    return BASE.replace(from, to);
  };
  const unprobed: [string, () => string, () => string][] = [
    ['symlink resolution turned off', () => BASE, () => edit('workspace: { root: /srv/ws }', 'workspace: { root: /srv/ws, resolveSymlinks: false }')],
    ['case folding turned off', () => edit('root: /srv/ws }', 'root: /srv/ws, caseInsensitive: true }'), () => BASE],
    // red team 12: folding case admits other cases to an allowlist (`SRC/x` meets `src/**`)
    ['case folding turned on', () => BASE, () => edit('root: /srv/ws }', 'root: /srv/ws, caseInsensitive: true }')],
    // red team 12: relative globs were anchored at the call's directory, now at the root
    ['a workspace root set where there was none', () => edit('workspace: { root: /srv/ws }', ''), () => BASE],
    ["the workspace root made the call's cwd", () => BASE, () => edit('root: /srv/ws }', 'root: "${cwd}" }')],
    ['a forbidden glob narrowed below the probed depth', () => BASE, () => edit('"**/.ssh/**"', '"**/.ssh/*"')],
    ['a brace alternative dropped from a forbidden glob', () => edit('".env",', '"{.env,.npmrc}",'), () => edit('".env",', '"{.env}",')],
    ['a rate window shortened', () => BASE, () => edit('window: 1m', 'window: 1s')],
    ['a rate limit changed from per session to per sender', () => BASE, () => edit('per: session', 'per: sender')],
    ['a custom rule on commands removed', () => edit('    decision: deny\n', '    decision: deny\n  - id: no-curl\n    when: { all: [{ fact: commands, operator: contains, value: "curl evil.example" }] }\n    decision: deny\n'), () => BASE],
    ['a tool reclassified', () => edit('autonomy: supervised', 'autonomy: supervised\ntoolClasses: { exec: [run_sql] }'), () => edit('autonomy: supervised', 'autonomy: supervised\ntoolClasses: { read: [run_sql] }')],
    ['a second channel dropped from match', () => edit('match: { agents: ["coder", "review-*"] }', 'match: { agents: ["coder", "review-*"], channels: [discord, slack] }'), () => edit('match: { agents: ["coder", "review-*"] }', 'match: { agents: ["coder", "review-*"], channels: [discord] }')],
    ['a session cap raised past the probe cap', () => edit('limits:', 'limits:\n  maxToolCalls: 2500'), () => edit('limits:', 'limits:\n  maxToolCalls: 5000')],
    // red team 22A: under supervised autonomy an allow entry is also an exemption from asking
    ['a shell allow entry added under supervised autonomy', () => BASE, () => edit('allow: ["git status"]', 'allow: ["git status", "make *"]')],
  ];
  for (const [name, oldText, newText] of unprobed) {
    it(name, async () => {
      const { code, report } = await diffPair(oldText(), newText());
      expect(code, name).toBe(1);
      expect(report.possibleLoosenings.length, name).toBeGreaterThan(0);
    });
  }

  it("probes a changed policy's own agents, however many agents the set names (red team 22A)", async () => {
    // Eleven other policies name eleven agents first; the changed one's agent comes last.
    const others = Array.from({ length: 11 }, (_, i) => `version: 1\nid: a${i}\nmatch: { agents: ["agent-${i}"] }\nautonomy: full\n`).join('---\n');
    const release = (mode: string) => `version: 1\nid: zz\nmatch: { agents: ["zz-release"] }\nautonomy: ${mode}\n`;
    // No random probes: only the deterministic ones, which must include the policy's own agent.
    const { code, report } = await diffPair(`${others}---\n${release('readonly')}`, `${others}---\n${release('full')}`, ['--runs', '0']);
    expect(report.loosened).toBeGreaterThan(0);
    expect(code).toBe(1);
  });

  it('a policy removed from the set is a possible loosening', async () => {
    const { code, report } = await diffPair(BASE, BASE.replace('id: p', 'id: q'));
    expect(report.possibleLoosenings.map((c) => c.field)).toContain('(policy)');
    expect(code).toBe(1);
  });

  it('a pure tightening reports no loosening and passes --fail-on loosen', async () => {
    const { code, report } = await diff(BASE.replace('".env", "**/.ssh/**"', '".env", "**/.ssh/**", "*.pem"'));
    expect(report.loosened).toBe(0);
    expect(report.possibleLoosenings).toEqual([]);
    expect(report.tightened).toBeGreaterThan(0);
    expect(code).toBe(0);
  });
});
