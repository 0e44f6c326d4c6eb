// Every deny points at the setting that caused it, and names what the call held as the call held it.
import { describe, expect, it } from 'vitest';
import { decide, setFrom } from './helpers.js';

describe('where an unverifiable command deny points', () => {
  it.each([
    ['autonomy: supervised', '3:11'],
    ['shell:\n  deny: ["rm *"]', '4:3'],
    ['paths:\n  forbidden: [".env"]', '4:3'],
    ['workspace:\n  root: /srv/ws', '4:9'],
    ['rules:\n  - id: no-publish\n    decision: deny\n    when: { all: [{ fact: commands, operator: contains, value: "npm publish" }] }', '6:11'],
  ])('%s', async (section, location) => {
    const set = await setFrom(`version: 1\nid: p\n${section}\n`);
    const d = decide(set, { toolName: 'exec', params: { command: '$CMD x' }, cwd: '/srv/ws' });
    expect(d.decision).toBe('deny');
    const reason = d.reasons.find((r) => r.check === 'shell.unverifiable');
    expect(reason?.source).toBe(`test.yaml:${location}`);
  });
});

describe('a message action a scope does not grant', () => {
  const SCOPES = 'version: 1\nid: s\nscopes:\n  otherwise: deny\n  rules:\n    - { id: ops, channel: discord, senderIds: ["1"], tools: [message], messageActions: [reply] }\n';
  it.each([
    [{}, '(none)'],
    [{ action: ['reply'] }, '["reply"]'],
    [{ action: 'delete' }, 'delete'],
  ])('%j is shown as %s', async (params, shown) => {
    const d = decide(await setFrom(SCOPES), { toolName: 'message', params, requester: { channel: 'discord', senderId: '1' } });
    expect(d.decision).toBe('deny');
    expect(d.reasons.map((r) => r.message)).toContain(`scope \`ops\` does not grant message action \`${shown}\``);
  });
});
