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

async function diff(newText: string): Promise<{ code: number; report: { loosened: number; tightened: number; groups: { direction: string }[] } }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tw-diff-'));
  mkdirSync(path.join(dir, 'old'));
  mkdirSync(path.join(dir, 'new'));
  writeFileSync(path.join(dir, 'old', 'p.yaml'), BASE);
  writeFileSync(path.join(dir, 'new', 'p.yaml'), newText);
  let out = '';
  const io = { stdin: async () => '', stdout: (s: string) => void (out += s), stderr: () => {}, env: {}, cwd: dir };
  const code = await runCli(['diff', path.join(dir, 'old'), path.join(dir, 'new'), '--fail-on', 'loosen', '--format', 'json'], io);
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

  it('a pure tightening reports no loosening and passes --fail-on loosen', async () => {
    const { code, report } = await diff(BASE.replace('".env", "**/.ssh/**"', '".env", "**/.ssh/**", "*.pem"'));
    expect(report.loosened).toBe(0);
    expect(report.tightened).toBeGreaterThan(0);
    expect(code).toBe(0);
  });
});
