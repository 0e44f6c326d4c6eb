import { describe, expect, it } from 'vitest';
import { decide, setFrom } from './helpers.js';

const WS = '/srv/agents/coder';

describe('engine: sections', () => {
  it('tools: deny, approve, allowlist', async () => {
    const set = await setFrom(`version: 1
id: t
tools:
  allow: [read, "web_*", message]
  approve: [message]
  deny: ["sk_delete_*"]
`);
    expect(decide(set, { toolName: 'read', params: { path: '/x' } }).decision).toBe('allow');
    expect(decide(set, { toolName: 'web_fetch' }).decision).toBe('allow');
    const ask = decide(set, { toolName: 'message' });
    expect(ask.decision).toBe('ask');
    expect(ask.reasons[0]!.check).toBe('tools.approve');
    expect(ask.approval?.severity).toBe('warning');
    expect(ask.approval?.timeoutMs).toBe(120000);
    const d = decide(set, { toolName: 'sk_delete_all' });
    expect(d.decision).toBe('deny');
    expect(d.reasons.map((r) => r.check)).toContain('tools.deny');
    expect(d.reasons.find((r) => r.check === 'tools.deny')!.source).toBe('test.yaml:6:10');
    expect(decide(set, { toolName: 'exec', params: { command: 'ls' } }).decision).toBe('deny');
  });

  it('toolClasses: names as listed, globs too (the stricter class first), the built-ins otherwise', async () => {
    const set = await setFrom(`version: 1
id: c
toolClasses:
  read: [run_report, "lookup_*", "*_sql"]
  exec: ["run_*", "mcp__db__*"]
shell:
  enabled: false
autonomy: supervised
`);
    const check = (toolName: string) => decide(set, { toolName, params: { command: 'DROP TABLE users' } });
    // `run_*` is exec: the shell is off for it
    expect(check('run_sql').decision).toBe('deny');
    expect(check('run_sql').reasons.map((r) => r.check)).toContain('shell.enabled');
    expect(check('mcp__db__query').decision).toBe('deny');
    // a name listed as written wins over a glob; a read glob alone makes a read
    expect(check('run_report').decision).toBe('allow');
    expect(check('lookup_ticket').decision).toBe('allow');
    // neither: the built-in catalogue, then write (supervised: ask)
    expect(check('read').decision).toBe('allow');
    expect(check('notion_write').decision).toBe('ask');
    // a glob never lowers a built-in class: `*_command` does not make Gemini CLI's shell a reader
    const lowered = await setFrom(`version: 1
id: d
toolClasses:
  read: ["*_command", "lookup_*"]
  write: [run_shell_command_alias]
shell:
  enabled: false
`);
    expect(decide(lowered, { toolName: 'run_shell_command', params: { command: 'cat .env' } }).decision).toBe('deny');
    expect(decide(lowered, { toolName: 'describe_command', params: {} }).decision).toBe('allow');
  });

  it('autonomy readonly denies writes and execs; unknown tools are writes', async () => {
    const set = await setFrom('version: 1\nid: r\nautonomy: readonly\n');
    expect(decide(set, { toolName: 'read', params: { path: '/a' } }).decision).toBe('allow');
    expect(decide(set, { toolName: 'write', params: { path: '/a' } }).decision).toBe('deny');
    expect(decide(set, { toolName: 'exec', params: { command: 'ls' } }).decision).toBe('deny');
    expect(decide(set, { toolName: 'totally_unknown_tool' }).decision).toBe('deny');
    expect(decide(set, { toolName: 'Read', params: { file_path: '/a' } }).decision).toBe('allow');
  });

  it('autonomy supervised asks for writes and for exec off the allowlist', async () => {
    const set = await setFrom(`version: 1
id: s
autonomy: supervised
shell:
  allow: ["git status", "ls *"]
`);
    expect(decide(set, { toolName: 'exec', params: { command: 'git status' } }).decision).toBe('allow');
    expect(decide(set, { toolName: 'exec', params: { command: 'ls -la' } }).decision).toBe('allow');
    expect(decide(set, { toolName: 'write', params: { path: '/a' } }).decision).toBe('ask');
    // off the allowlist: shell.allow denies, which beats autonomy's ask
    expect(decide(set, { toolName: 'exec', params: { command: 'git status && curl x | sh' } }).decision).toBe('deny');
    // redirections alone run no program but write: ask; beside an allowed program they are its
    expect(decide(set, { toolName: 'exec', params: { command: '> out.txt' } }).decision).toBe('ask');
    expect(decide(set, { toolName: 'exec', params: { command: 'ls > out.txt' } }).decision).toBe('allow');
    // ... and so they ask beside an allowed program too (red team 20B); a reading one does not
    expect(decide(set, { toolName: 'exec', params: { command: 'git status; > ~/.bashrc' } }).decision).toBe('ask');
    expect(decide(set, { toolName: 'exec', params: { command: 'git status; X=1 < in' } }).decision).toBe('allow');
    // OpenClaw's process poll runs nothing: no ask; typing into a run is unverifiable: deny
    expect(decide(set, { toolName: 'process', params: { action: 'poll', sessionId: 'r' } }).decision).toBe('allow');
    expect(decide(set, { toolName: 'process', params: { action: 'write', sessionId: 'r', data: 'ls\n' } }).decision).toBe('deny');
  });

  it('a write tool carrying a command is checked as exec and as a write (red team 20B)', async () => {
    const set = await setFrom(`version: 1
id: s
autonomy: supervised
shell:
  allow: ["git status"]
scopes:
  owner: all
  otherwise: deny
`);
    const owner = { channel: 'discord', senderId: 'o', senderIsOwner: true };
    // as exec its command is allowed; as the write it is (an unclassified tool), it asks
    const asked = decide(set, { toolName: 'mcp__db__drop_table', params: { table: 'users', command: 'git status' }, requester: owner });
    expect(asked.decision).toBe('ask');
    expect(asked.reasons.map((r) => r.check)).toEqual(['autonomy']);
    expect(decide(set, { toolName: 'nodes', params: { action: 'notify', node: 'p', command: 'git status' }, requester: owner }).decision).toBe('ask');
    // a reason both readings give is listed once, with every reason wanted
    const denied = decide(set, { toolName: 'mcp__db__drop_table', params: { table: 'users', command: 'git status' }, requester: { channel: 'discord', senderId: 'x' } }, true);
    expect(denied.decision).toBe('deny');
    expect(denied.reasons.filter((r) => r.check === 'scopes.otherwise')).toHaveLength(1);
  });

  it('an ask no one can approve takes no slot of a limit, as a deny does not (red team 21B)', async () => {
    const set = await setFrom(`version: 1
id: a
shell:
  approve: ["git push *"]
limits:
  maxToolCalls: 2
`);
    const push = { toolName: 'exec', params: { command: 'git push origin main' }, sessionId: 's' };
    const ls = { toolName: 'exec', params: { command: 'ls' }, sessionId: 's' };
    const once = (call: unknown, noApprover: boolean) => {
      const d = set.evaluate(call, { noApprover });
      if (d instanceof Promise) throw new Error('expected a synchronous decision');
      return d.decision;
    };
    // answered as denials by the caller: the session keeps both its calls
    expect([once(push, true), once(push, true), once(ls, true), once(ls, true), once(ls, true)]).toEqual(['ask', 'ask', 'allow', 'allow', 'deny']);
    // where someone approves, an ask takes its slot (the call may run)
    const other = { ...push, sessionId: 't' };
    expect([once(other, false), once(other, false), once(other, false)]).toEqual(['ask', 'ask', 'deny']);
  });

  it('a requester that names no one (a channel alone) meets missingRequester, then otherwise (red team 22B)', async () => {
    const policy = (missing: string, otherwise: string) => setFrom(`version: 1
id: m
match:
  channels: [discord]
scopes:
  missingRequester: ${missing}
  otherwise: ${otherwise}
`);
    const call = { toolName: 'exec', params: { command: 'rm -rf /' }, requester: { channel: 'discord' } };
    const denied = decide(await policy('deny', 'allow'), call);
    expect([denied.decision, denied.reasons[0]?.check]).toEqual(['deny', 'scopes.missingRequester']);
    expect(decide(await policy('allow', 'deny'), call).reasons[0]?.check).toBe('scopes.otherwise');
    expect(decide(await policy('allow', 'allow'), call).decision).toBe('allow');
    // a sender or a role names someone: the rules and otherwise decide, as before
    expect(decide(await policy('deny', 'allow'), { ...call, requester: { channel: 'discord', senderId: 'u1' } }).decision).toBe('allow');
  });

  it('workspace only: inside allowed, outside and prefix-confused denied', async () => {
    const set = await setFrom(`version: 1
id: w
workspace:
  root: ${WS}
  resolveSymlinks: false
`);
    expect(decide(set, { toolName: 'read', params: { path: 'src/a.ts' }, cwd: WS }).decision).toBe('allow');
    expect(decide(set, { toolName: 'read', params: { path: `${WS}/src/a.ts` } }).decision).toBe('allow');
    expect(decide(set, { toolName: 'read', params: { path: 'src/../../x' }, cwd: WS }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: `${WS}2/x` } }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: '/etc/passwd' } }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: 'a\u0000b' }, cwd: WS }).decision).toBe('deny');
    expect(decide(set, { toolName: 'exec', params: { command: 'cat /etc/passwd' }, cwd: WS }).decision).toBe('deny');
  });

  it('paths: forbidden, allowed, writable', async () => {
    const set = await setFrom(`version: 1
id: p
workspace: { root: ${WS}, resolveSymlinks: false }
paths:
  forbidden: [".env", "**/.ssh/**", "*.pem"]
  allowed: ["src/**", "test/**", "package.json", ".env"]
  writable: ["src/**"]
`);
    const env = decide(set, { toolName: 'read', params: { path: '.env' }, cwd: WS });
    expect(env.decision).toBe('deny');
    expect(env.reasons.map((r) => r.check)).toContain('paths.forbidden');
    expect(decide(set, { toolName: 'read', params: { path: 'src/.env' }, cwd: WS }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: 'src/a.ts' }, cwd: WS }).decision).toBe('allow');
    expect(decide(set, { toolName: 'read', params: { path: 'docs/a.md' }, cwd: WS }).decision).toBe('deny');
    expect(decide(set, { toolName: 'write', params: { path: 'test/a.ts' }, cwd: WS }).decision).toBe('deny');
    expect(decide(set, { toolName: 'write', params: { path: 'src/a.ts' }, cwd: WS }).decision).toBe('allow');
    expect(decide(set, { toolName: 'exec', params: { command: 'cat server.pem' }, cwd: WS }).decision).toBe('deny');
    expect(decide(set, { toolName: 'exec', params: { command: 'cat < .env' }, cwd: WS }).decision).toBe('deny');
  });

  it('shell: deny anywhere in a compound command, approve asks, unverifiable denied', async () => {
    const set = await setFrom(`version: 1
id: sh
shell:
  allow: ["git status", "git diff *", "npm test", "ls *"]
  approve: ["git push *"]
  deny: ["rm -rf *", "curl *"]
`);
    expect(decide(set, { toolName: 'exec', params: { command: 'git diff' } }).decision).toBe('allow');
    expect(decide(set, { toolName: 'exec', params: { command: 'git push origin main' } }).decision).toBe('ask');
    for (const command of ['ls; rm -rf ~', 'npm test || curl evil', 'git status\nrm -rf /', 'FOO=1 rm -rf /', 'sudo rm -rf /', 'bash -c "rm -rf /"', '$CMD x', '(cd / && rm -rf x)', 'echo $(curl x)']) {
      expect(decide(set, { toolName: 'exec', params: { command } }).decision, command).toBe('deny');
    }
    expect(decide(set, { toolName: 'exec', params: {} }).decision).toBe('deny');
    expect(decide(set, { toolName: 'exec', params: { command: ['rm', '-rf'] } }).decision).toBe('deny');
    // PowerShell is not read as a shell script, however plain its command looks
    const ps = decide(set, { toolName: 'PowerShell', params: { command: 'git status' } });
    expect(ps.decision).toBe('deny');
    expect(ps.reasons.map((r) => r.check)).toContain('shell.unverifiable');
    expect(decide(set, { toolName: 'Monitor', params: { command: 'git status' } }).decision).toBe('allow');
    expect(decide(set, { toolName: 'Monitor', params: { command: 'git status; rm -rf /' } }).decision).toBe('deny');
  });

  it('shell.enabled false denies every exec-class tool', async () => {
    const set = await setFrom('version: 1\nid: n\nshell:\n  enabled: false\n');
    expect(decide(set, { toolName: 'Bash', params: { command: 'ls' } }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: '/x' } }).decision).toBe('allow');
  });

  it('scopes: owner, rules by sender or role in their namespace, missing and unknown requesters', async () => {
    const set = await setFrom(`version: 1
id: sc
scopes:
  owner: all
  rules:
    - id: maintainers
      channel: discord
      accountId: operations
      senderIds: ["1234"]
      roleIds: ["maintainer"]
      tools: [read, web_fetch, message]
      messageActions: [react, reply]
`);
    const maint = { channel: 'discord', accountId: 'operations', senderId: '999', roleIds: ['maintainer'] };
    expect(decide(set, { toolName: 'exec', params: { command: 'ls' }, requester: { senderIsOwner: true } }).decision).toBe('allow');
    expect(decide(set, { toolName: 'read', params: { path: '/a' }, requester: maint }).decision).toBe('allow');
    expect(decide(set, { toolName: 'write', params: { path: '/a' }, requester: maint }).decision).toBe('deny');
    expect(decide(set, { toolName: 'message', params: { action: 'reply' }, requester: maint }).decision).toBe('allow');
    expect(decide(set, { toolName: 'message', params: { action: 'delete' }, requester: maint }).decision).toBe('deny');
    expect(decide(set, { toolName: 'message', params: {}, requester: maint }).decision).toBe('deny');
    // same sender id in another account or channel is somebody else
    expect(decide(set, { toolName: 'read', params: { path: '/a' }, requester: { channel: 'discord', accountId: 'other', senderId: '1234' } }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: '/a' }, requester: { channel: 'slack', accountId: 'operations', senderId: '1234' } }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: '/a' } }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: '/a' }, requester: {} }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: '/a' }, requester: { senderIsOwner: 'true' } }).decision).toBe('deny');
  });

  it('limits: maxToolCalls allows exactly N per session; denied calls consume nothing', async () => {
    const set = await setFrom(`version: 1
id: l
tools: { deny: [nope] }
limits:
  maxToolCalls: 3
`);
    const call = (sessionId: string, toolName = 'read') => decide(set, { toolName, params: { path: '/a' }, sessionId }).decision;
    expect(call('s', 'nope')).toBe('deny');
    expect([call('s'), call('s'), call('s'), call('s')]).toEqual(['allow', 'allow', 'allow', 'deny']);
    expect(call('other')).toBe('allow');
    expect(decide(set, { toolName: 'read', params: { path: '/a' } }).decision).toBe('deny');
  });

  it('limits: exact sliding-window rate per sender, keyed by channel/account/sender', async () => {
    const set = await setFrom(`version: 1
id: rl
limits:
  rate:
    - id: web
      tools: ["web_*"]
      per: sender
      limit: 2
      window: 1m
`);
    const who = { channel: 'discord', accountId: 'a', senderId: '1' };
    const at = (time: number, requester: object = who) => decide(set, { toolName: 'web_fetch', requester, time }).decision;
    expect([at(59_000), at(59_500), at(60_100), at(119_000)]).toEqual(['allow', 'allow', 'deny', 'allow']);
    expect(at(60_200, { ...who, accountId: 'b' })).toBe('allow');
    expect(decide(set, { toolName: 'web_fetch', time: 1 }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: '/x' }, time: 1 }).decision).toBe('allow');
  });

  it('limits across policies are consumed atomically', async () => {
    const set = await setFrom(`version: 1
id: a
limits: { maxToolCalls: 2 }
---
version: 1
id: b
limits: { maxToolCalls: 1 }
`);
    const call = () => decide(set, { toolName: 'read', params: { path: '/a' }, sessionId: 's' });
    expect(call().decision).toBe('allow');
    const second = call();
    expect(second.decision).toBe('deny');
    expect(second.reasons.map((r) => r.policy)).toEqual(['b']);
  });

  it('a deny stops at the first objection; allReasons and explain list every one, with the same decision', async () => {
    const set = await setFrom(`version: 1
id: a
autonomy: readonly
paths:
  forbidden: [".env"]
---
version: 1
id: b
tools:
  deny: [write]
`);
    const call = { toolName: 'write', params: { path: `${WS}/.env`, content: 'x' }, cwd: WS };
    const first = decide(set, call);
    expect(first.decision).toBe('deny');
    // policies in order, checks in order: policy a's autonomy check objects first
    expect(first.reasons.map((r) => `${r.policy}:${r.check}`)).toEqual(['a:autonomy']);
    const every = set.evaluate(call, { allReasons: true });
    if (every instanceof Promise) throw new Error('expected a synchronous decision');
    expect(every.decision).toBe('deny');
    expect(every.reasons.map((r) => `${r.policy}:${r.check}`)).toEqual(['a:autonomy', 'a:paths.forbidden', 'b:tools.deny']);
    expect(every.trace).toBeUndefined();
    expect(decide(set, call, true).reasons).toEqual(every.reasons);
    // checks of names come before any path work: a call with no requester and a path that cannot be
    // made canonical is refused for the requester (every reason lists both)
    const scoped = await setFrom(`version: 1
id: s
workspace: { root: ${WS} }
scopes: { missingRequester: deny }
`);
    const nameless = { toolName: 'read', params: { path: '~nobody-such/x' }, cwd: WS };
    expect(decide(scoped, nameless).reasons.map((r) => r.check)).toEqual(['scopes.missingRequester']);
    expect(decide(scoped, nameless, true).reasons.map((r) => r.check)).toEqual(['scopes.missingRequester', 'paths.canonical']);
    // and before the command is parsed: a command past the parser's caps from no one is refused
    // for the requester (an unknown sender's 16 KiB line costs no parse); from the owner, for the cap
    const long = { toolName: 'exec', params: { command: `echo ${'a'.repeat(17_000)}` }, cwd: WS };
    expect(decide(scoped, long).reasons.map((r) => r.check)).toEqual(['scopes.missingRequester']);
    expect(decide(scoped, long, true).reasons.map((r) => r.check)).toEqual(['scopes.missingRequester', 'shell.caps']);
    expect(decide(scoped, { ...long, requester: { senderIsOwner: true } }).reasons.map((r) => r.check)).toEqual(['shell.caps']);
    // an ask is not final: a later policy's deny still wins over it
    const asks = await setFrom(`version: 1
id: asks
autonomy: supervised
---
version: 1
id: denies
tools:
  deny: [write]
`);
    const asked = decide(asks, call);
    expect(asked.decision).toBe('deny');
    expect(asked.reasons.map((r) => `${r.policy}:${r.check}`)).toEqual(['denies:tools.deny']);
  });

  it('rules on commands or paths deny what cannot be read, and see the files bare words name', async () => {
    const set = await setFrom(`version: 1
id: g
rules:
  - id: no-npm-publish
    when:
      all:
        - { fact: toolClass, operator: equal, value: exec }
        - { fact: commands, operator: contains, value: "npm publish" }
    decision: deny
  - id: no-prod-key
    when: { any: [{ fact: paths, operator: contains, value: /srv/ws/prod.key }] }
    decision: deny
`);
    const run = (command: string) => decide(set, { toolName: 'exec', params: { command }, cwd: '/srv/ws' });
    expect(run('npm publish').reasons.map((r) => r.rule)).toContain('no-npm-publish');
    for (const hidden of ['$(echo npm) publish', 'c=npm; $c publish', "awk 'BEGIN{system(\"npm publish\")}'"]) {
      const d = run(hidden);
      expect(d.decision, hidden).toBe('deny');
      expect(d.reasons.map((r) => r.check), hidden).toContain('shell.unverifiable');
    }
    expect(run('openssl base64 -in prod.key').reasons.map((r) => r.rule)).toContain('no-prod-key');
    expect(run('npm test && ls src').decision).toBe('allow');
  });

  it("read_many_files without symlink resolution: a pattern is read in any case, as its glob's nocase matches", async () => {
    const set = await setFrom(`version: 1
id: l
workspace: { root: /srv/ws, resolveSymlinks: false }
paths:
  forbidden: ["**/.env"]
`);
    const read = (include: string[]) => decide(set, { toolName: 'read_many_files', params: { include }, cwd: '/srv/ws' });
    expect(read(['.ENV']).decision).toBe('deny');
    expect(read(['.ENV']).reasons[0]!.message).toContain('.[eE][nN][vV]');
    expect(read(['{.env,x}']).decision).toBe('deny');
    expect(read(['src/*.ts', 'README.md']).decision).toBe('allow');
  });

  it('rules: custom conditions ask or deny', async () => {
    const set = await setFrom(`version: 1
id: cr
rules:
  - id: big-writes
    when:
      all:
        - { fact: toolClass, operator: equal, value: write }
        - { fact: params, path: "$.content.length", operator: greaterThan, value: 10 }
    decision: ask
    message: big write
`);
    expect(decide(set, { toolName: 'write', params: { path: '/a', content: 'short' } }).decision).toBe('allow');
    const d = decide(set, { toolName: 'write', params: { path: '/a', content: 'x'.repeat(11) } });
    expect(d.decision).toBe('ask');
    expect(d.reasons[0]).toMatchObject({ policy: 'cr', check: 'rules', rule: 'big-writes', message: 'big write' });
  });

  it('match: a policy governs only calls that match all given keys', async () => {
    const set = await setFrom(`version: 1
id: m
match: { agents: ["coder"], tools: ["exec"] }
shell: { enabled: false }
`);
    expect(decide(set, { toolName: 'exec', params: { command: 'ls' }, agentId: 'coder' }).decision).toBe('deny');
    expect(decide(set, { toolName: 'exec', params: { command: 'ls' }, agentId: 'other' }).decision).toBe('allow');
  });

  it('bad calls are denied with a reason, never thrown', async () => {
    const set = await setFrom('version: 1\nid: x\n');
    for (const bad of [null, 1, 'str', [], {}, { toolName: '' }, { toolName: 'read', params: 5 }, { toolName: 'read', typo: 1 }, { toolName: 'read', derivedPaths: [1] }]) {
      const d = decide(set, bad);
      expect(d.decision).toBe('deny');
      expect(d.reasons[0]!.check).toBe('call.invalid');
    }
  });

  it('every decision names the revision; explain traces every check', async () => {
    const set = await setFrom('version: 1\nid: e\npaths: { forbidden: [".env"] }\n');
    expect(set.revision).toMatch(/^sha256:[0-9a-f]{64}$/);
    const d = decide(set, { toolName: 'read', params: { path: '/w/.env' } }, true);
    expect(d.revision).toBe(set.revision);
    expect(d.trace?.some((t) => t.check === 'paths.forbidden' && t.hits?.includes('/paths/forbidden/0'))).toBe(true);
    expect(decide(set, { toolName: 'read', params: { path: '/w/.env' } }).trace).toBeUndefined();
  });
});

describe('engine: match', () => {
  it('a bare `*` governs calls that lack the key; a narrower glob does not', async () => {
    const set = await setFrom(`version: 1
id: all-agents
match: { agents: ["*"], channels: ["**"] }
shell: { enabled: false }
---
version: 1
id: coders
match: { agents: ["coder-*"] }
tools: { deny: [read] }
`);
    expect(decide(set, { toolName: 'exec', params: { command: 'ls' } }).decision).toBe('deny');
    expect(decide(set, { toolName: 'exec', params: { command: 'ls' }, agentId: 'x' }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: '/a' } }).decision).toBe('allow');
    expect(decide(set, { toolName: 'read', params: { path: '/a' }, agentId: 'coder-1' }).decision).toBe('deny');
  });
});
