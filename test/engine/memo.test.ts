// The engine remembers pure answers per set (plans by tool name, lexical canonical paths by
// cwd, glob answers by root and path). A set that has seen many calls must decide every
// call exactly as a fresh set does: same decision, reasons, order and trace.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decide, setFrom } from './helpers.js';

const POLICIES = [
  `version: 1
id: fixed-root
workspace: { root: /srv/ws, resolveSymlinks: false }
toolClasses: { read: [lookup], exec: [runner] }
paths:
  forbidden: [".env", "**/.ssh/**", "*.pem", "/etc/**", "secret/**"]
  allowed: ["src/**", "test/**", "/tmp/**", "*.md"]
  writable: ["src/**"]
shell:
  allow: ["ls *", "cat *", "git status"]
---
version: 1
id: cwd-root
match: { agents: ["cwd-*"] }
workspace: { root: "\${cwd}", resolveSymlinks: false }
paths:
  forbidden: ["*.pem", "private/**"]
---
version: 1
id: no-root
toolClasses: { write: [lookup] }
autonomy: supervised
paths:
  forbidden: ["**/.env", "/etc/**"]
shell:
  allow: ["ls *"]
`,
];

const TOOLS = ['read', 'write', 'edit', 'exec', 'lookup', 'runner', 'ls', 'message', 'mystery'];
const PATHS = ['src/a.ts', '.env', 'src/.env', '../x', '/etc/passwd', '/srv/ws/src/b.ts', 'secret/k', 'private/z', 'key.pem', '~/.ssh/id', 'README.md', '/tmp/t', 'src/../../srv/ws/src/c.ts'];
const COMMANDS = ['ls src', 'cat .env', 'cat src/a.ts', 'git status', 'ls ../..', 'cat key.pem', 'rm -rf /'];
const CWDS = [undefined, '/srv/ws', '/srv/ws/src', 'sub', '/tmp', '/srv/other'];

const callArb = fc.record(
  {
    toolName: fc.constantFrom(...TOOLS),
    params: fc.oneof(
      fc.record({ path: fc.constantFrom(...PATHS) }),
      fc.record({ file_path: fc.constantFrom(...PATHS), content: fc.constant('x') }),
      fc.record({ command: fc.constantFrom(...COMMANDS) }),
      // a recipient: the names it may stand for are remembered by the set
      fc.record({ to: fc.constantFrom('alice', 'key.pem', '.env', 'channel:123', 'src/.env'), text: fc.constant('hi') }),
    ),
    agentId: fc.constantFrom('coder', 'cwd-1'),
    cwd: fc.constantFrom(...CWDS),
    requester: fc.constant({ channel: 'discord', senderId: '1', senderIsOwner: true }),
  },
  { requiredKeys: ['toolName', 'params', 'agentId'] },
);

describe('engine: remembered answers', () => {
  it('a warm set decides every call as a fresh set does (decision, reasons, trace)', async () => {
    const warm = await setFrom(POLICIES[0]!);
    await fc.assert(
      fc.asyncProperty(fc.array(callArb, { minLength: 1, maxLength: 6 }), async (calls) => {
        for (const raw of calls) {
          const call = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
          const fresh = await setFrom(POLICIES[0]!);
          expect(decide(warm, call, true)).toEqual(decide(fresh, call, true));
          expect(decide(warm, call)).toEqual(decide(fresh, call));
        }
      }),
      { numRuns: 250 },
    );
  });

  it('the same raw path under another cwd or root is judged again', async () => {
    const set = await setFrom(POLICIES[0]!);
    const read = (path: string, cwd?: string, agentId = 'coder') => decide(set, { toolName: 'read', params: { path }, agentId, ...(cwd !== undefined ? { cwd } : {}) });
    expect(read('x.md', '/srv/ws').decision).toBe('allow');
    expect(read('x.md', '/tmp').decision).toBe('deny'); // outside the workspace
    expect(read('x.md', '/srv/ws').decision).toBe('allow');
    // cwd-root policy: `private/**` is anchored at the call's cwd
    expect(read('private/z', '/srv/ws/src', 'cwd-1').reasons.map((r) => r.check)).toContain('paths.forbidden');
    expect(read('/srv/ws/src/private/z', '/srv/ws', 'cwd-1').reasons.map((r) => r.check)).not.toContain('paths.forbidden');
  });

  it('a tool name classified differently by two policies gets each policy its own class', async () => {
    const set = await setFrom(POLICIES[0]!);
    // `lookup` is read for fixed-root and write for no-root (supervised: writes ask)
    const d = decide(set, { toolName: 'lookup', params: { path: 'src/a.ts' }, agentId: 'coder', cwd: '/srv/ws' });
    expect(d.decision).toBe('ask');
    expect(d.reasons.map((r) => `${r.policy}:${r.check}`)).toEqual(['no-root:autonomy']);
    // `runner` is exec for fixed-root only: its command is checked against the shell allowlist
    const e = decide(set, { toolName: 'runner', params: { command: 'rm -f a.txt' }, agentId: 'coder', cwd: '/srv/ws' });
    expect(e.reasons.map((r) => `${r.policy}:${r.check}`)).toContain('fixed-root:shell.allow');
  });

  it('past its bounds (more distinct paths than any memo keeps, very long paths and cwds) a set still decides as a fresh one', async () => {
    const warm = await setFrom(POLICIES[0]!);
    const fresh = await setFrom(POLICIES[0]!);
    const calls = [];
    // 20,000 distinct paths: more than the largest memo (16,384 entries) holds.
    for (let i = 0; i < 20_000; i++) {
      const long = i % 7 === 0 ? 'd/'.repeat(400) : '';
      const path = [`src/${long}f${i}.ts`, `secret/${long}${i}`, `/etc/${i}`, `${long}k${i}.pem`][i % 4]!;
      // and as many distinct recipients (more than the 4,096 parameter words whose names a set
      // keeps) and parameter names (more than the 4,096 whose kinds it keeps; a `_file` one holds a path)
      const params = i % 2 ? { path, [`opt${i}`]: 1 } : { path, to: `${long}t${i}.pem`, [`x${i}_file`]: `k${i}.pem` };
      calls.push({ toolName: TOOLS[i % TOOLS.length]!, params, agentId: i % 5 ? 'coder' : 'cwd-1', ...(i % 3 ? { cwd: `/srv/ws/c${i % 300}` } : {}) });
    }
    for (const call of calls) decide(warm, call);
    for (let i = 0; i < calls.length; i += 97) expect(decide(warm, calls[i])).toEqual(decide(fresh, calls[i]));
    // and again after the warm set has started over
    for (const call of calls) decide(warm, call);
    for (let i = 5; i < calls.length; i += 101) expect(decide(warm, calls[i], true)).toEqual(decide(fresh, calls[i], true));
  });
});
