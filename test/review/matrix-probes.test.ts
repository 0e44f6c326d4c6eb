import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import picomatch from 'picomatch';
import { join } from 'node:path';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { agentName, nearMisses, synthesise } from '../../src/review/probes.js';
import { run } from '../../src/cli/commands/matrix.js';
import type { CliIO } from '../../src/cli/io.js';

function io(): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, cwd: join(__dirname, '..', '..'), env: {}, stdin: async () => '', stdout: (s) => out.push(s), stderr: (s) => err.push(s) };
}

const segment = fc.stringMatching(/^[a-z0-9._-]{1,6}$/).filter((s) => !s.includes('..') && s !== '.');
const globPart = fc.oneof(segment, fc.constant('*'), fc.constant('**'), segment.map((s) => `${s}*`), segment.map((s) => `*.${s}`), segment.map((s) => `{${s},zz}`));

describe('probe synthesis', () => {
  it('a synthesised string matches its glob (picomatch, dot files matched)', () => {
    fc.assert(
      fc.property(fc.array(globPart, { minLength: 1, maxLength: 4 }), fc.boolean(), (parts, absolute) => {
        const glob = (absolute ? '/' : '') + parts.join('/');
        expect(picomatch(glob, { dot: true })(synthesise(glob))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('near misses of a literal file name do not match it', () => {
    fc.assert(
      fc.property(segment, (name) => {
        for (const miss of nearMisses(name)) expect(picomatch(name, { dot: true, basename: true })(miss)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('agent names are readable and match their glob', () => {
    expect(agentName('research*')).toBe('research');
    expect(agentName('web-*')).toBe('web-agent');
    expect(agentName('coder')).toBe('coder');
    fc.assert(
      fc.property(segment, fc.constantFrom('', '*', '-*'), (base, tail) => {
        expect(picomatch(base + tail, { dot: true })(agentName(base + tail))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('access matrix', () => {
  it('shows who may do what for the example policies', async () => {
    const cli = io();
    expect(await run(['policies/', '--by', 'class'], cli)).toBe(0);
    const text = cli.out.join('');
    const table = (agent: string) => {
      const block = text.split('\n\n').find((b) => b.startsWith(agent))!;
      const lines = block.split('\n');
      const header = lines[1]!.trim().split(/\s{2,}/);
      const cell = (tool: string, column: string) => lines.find((l) => l.trim().startsWith(tool + ' '))!.trim().split(/\s{2,}/)[header.indexOf(column)];
      return { header, cell };
    };
    const discord = table('agent `discord-agent`');
    expect(discord.header).toEqual(['tool', 'owner@cli', 'owner@discord', 'maintainers', 'helpers', 'unknown@cli', 'unknown@discord', 'no requester']);
    expect(discord.cell('exec', 'owner@discord')).toBe('allow');
    expect(discord.cell('read', 'maintainers')).toBe('allow');
    expect(discord.cell('read', 'helpers')).toBe('deny');
    expect(discord.cell('exec', 'maintainers')).toBe('deny');
    expect(discord.cell('read', 'unknown@discord')).toBe('deny');
    expect(discord.cell('read', 'no requester')).toBe('deny');
    const coder = table('agent `coder`');
    expect(coder.cell('write', 'owner@cli')).toBe('ask');
    expect(coder.cell('read', 'no requester')).toBe('allow');
    const research = table('agent `research`');
    expect(research.cell('write', 'owner@cli')).toBe('deny');
    expect(research.cell('read', 'owner@cli')).toBe('allow');
    const web = table('agent `web-agent`');
    expect(web.cell('read', 'owner@cli')).toBe('deny');
    expect(text).toContain('any other agent: autonomy full; policies org-baseline');
  });

  it('prints markdown tables and lists literal tool names by default', async () => {
    const cli = io();
    expect(await run(['policies/', '--format', 'markdown'], cli)).toBe(0);
    const text = cli.out.join('');
    expect(text).toContain('### agent `web-agent`: autonomy full; policies org-baseline, web-agent');
    expect(text).toMatch(/\| `browser` \| ask \| ask \|/);
    expect(text).toContain('| `web_fetch` | allow | allow | allow | allow | allow | allow | deny |');
    expect(text).not.toContain('web_x');
  });

  it('a cell is allow when some call of that tool is allowed (not only the first one tried)', async () => {
    // The first action, command and path the policies name are denied here; others are not.
    const dir = mkdtempSync(join(tmpdir(), 'tw-matrix-'));
    writeFileSync(
      join(dir, 'bot.yaml'),
      `version: 1
id: bot
match: { agents: [bot] }
tools: { allow: [message, exec, read] }
paths: { allowed: ["secrets/**", "src/**", "/srv/workspace"], forbidden: ["secrets/**"] }
shell: { allow: ["curl *", "git status"], deny: ["curl *"] }
scopes:
  owner: all
  rules:
    - { id: maintainers, channel: discord, accountId: ops, roleIds: [maintainer], tools: [message], messageActions: [reply] }
    - { id: helpers, channel: discord, accountId: ops, senderIds: ["42"], tools: [message, exec, read], messageActions: [react] }
`,
    );
    const cli = { ...io(), cwd: dir };
    expect(await run([dir], cli)).toBe(0);
    const lines = cli.out.join('').split('\n');
    const header = lines[1]!.trim().split(/\s{2,}/);
    const cell = (tool: string, column: string) => lines.find((l) => l.trim().startsWith(tool + ' '))!.trim().split(/\s{2,}/)[header.indexOf(column)];
    expect(cell('message', 'helpers')).toBe('allow');
    expect(cell('message', 'maintainers')).toBe('allow');
    expect(cell('exec', 'helpers')).toBe('allow');
    expect(cell('read', 'helpers')).toBe('allow');
    expect(cell('exec', 'maintainers')).toBe('deny');
  });

  it('rejects bad usage', async () => {
    const cli = io();
    expect(await run([], cli)).toBe(1);
    expect(await run(['policies/', '--by', 'person'], cli)).toBe(1);
    expect(cli.err.join('')).not.toMatch(/\n\s+at /);
  });
});
