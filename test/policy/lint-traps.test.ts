// Policy text that reads one way and works another, caught by the loader: a scope rule whose
// ids have no channel, a `doesNotContain`, `equal false` or `equal null` that a missing fact
// turns false (the rule does not fire), tool globs no tool name can match (`Bash(rm:*)`), and
// an unquoted `*.pem` that YAML reads as an alias.
import { describe, expect, it } from 'vitest';
import { loadPolicyText } from '../../src/policy/index.js';

async function warningsOf(yaml: string): Promise<string[]> {
  const result = await loadPolicyText(yaml, 'p.yaml');
  return result.diagnostics.map((d) => `${d.location.line}:${d.location.column} ${d.severity} ${d.code} ${d.pointer}`);
}

const SCOPES = (rule: string) => `version: 1
id: s
scopes:
  rules:
    - ${rule}
`;

describe('scope rules without a channel', () => {
  it.each([
    ['{ id: admins, roleIds: [admin], tools: ["*"] }'],
    ['{ id: one, senderIds: ["42"], tools: [read] }'],
    ['{ id: one, accountId: ops, senderIds: ["42"], tools: [read] }'],
  ])('%s is a located warning', async (rule) => {
    expect(await warningsOf(SCOPES(rule))).toEqual(['5:7 warning scope-rule-without-channel /scopes/rules/0']);
  });

  it('names the rule and says what to add', async () => {
    const result = await loadPolicyText(SCOPES('{ id: admins, roleIds: [admin], tools: ["*"] }'), 'p.yaml');
    expect(result.diagnostics[0]?.message).toMatch(/scope rule `admins` .*no `channel`.*every channel/);
  });

  it('control: a rule with a channel, or with no ids (already an empty-allowlist warning), gets no such warning', async () => {
    expect(await warningsOf(SCOPES('{ id: admins, channel: discord, roleIds: [admin], tools: ["*"] }'))).toEqual([]);
    expect(await warningsOf(SCOPES('{ id: nobody, tools: [read] }'))).toEqual(['5:7 warning empty-allowlist /scopes/rules/0']);
  });
});

const RULE = (when: string) => `version: 1
id: r
rules:
  - id: exec-needs-admin
    decision: deny
    when: ${when}
`;

describe('doesNotContain on a fact a call may lack', () => {
  it.each([
    ['{ fact: requester, path: "$.roleIds", operator: doesNotContain, value: admin }', '/rules/0/when/operator'],
    ['{ all: [{ fact: toolClass, operator: equal, value: exec }, { fact: requester, path: "$.roleIds", operator: doesNotContain, value: admin }] }', '/rules/0/when/all/1/operator'],
    ['{ any: [{ fact: params, path: "$.tags", operator: doesNotContain, value: safe }] }', '/rules/0/when/any/0/operator'],
    ['{ not: { not: { fact: requester, path: "$.roleIds", operator: doesNotContain, value: admin } } }', '/rules/0/when/not/not/operator'],
  ])('%s is a located warning', async (when, pointer) => {
    const warnings = await warningsOf(RULE(when));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^6:\\d+ warning negation-on-missing-fact ${pointer}$`));
  });

  it('says why and gives the positive form', async () => {
    const result = await loadPolicyText(RULE('{ fact: requester, path: "$.roleIds", operator: doesNotContain, value: admin }'), 'p.yaml');
    expect(result.diagnostics[0]?.message).toMatch(/rule `exec-needs-admin`: `doesNotContain` on `requester` `\$\.roleIds` is false when a call lacks that fact .*`not: \{ fact: requester, path: "\$\.roleIds", operator: contains/);
  });

  it.each([
    // The positive form under `not` fires when the list is missing: the safe way to write it.
    ['{ not: { fact: requester, path: "$.roleIds", operator: contains, value: admin } }'],
    // Under `not`, a false doesNotContain fires the rule.
    ['{ not: { fact: requester, path: "$.roleIds", operator: doesNotContain, value: admin } }'],
    // notEqual and notIn are true on a missing fact: the rule fires.
    ['{ fact: requester, path: "$.senderId", operator: notEqual, value: "42" }'],
    ['{ fact: agentId, operator: notIn, value: [coder] }'],
    // Facts every call has.
    ['{ fact: commands, operator: doesNotContain, value: "git status" }'],
    ['{ fact: toolName, operator: equal, value: exec }'],
  ])('control: %s gets no warning', async (when) => {
    expect(await warningsOf(RULE(when))).toEqual([]);
  });
});

describe('equal false / equal null on a fact a call may lack', () => {
  it.each([
    ['{ fact: requester, path: "$.senderIsOwner", operator: equal, value: false }', '/rules/0/when/operator'],
    ['{ all: [{ fact: agentId, operator: equal, value: null }] }', '/rules/0/when/all/0/operator'],
  ])('%s is a located warning', async (when, pointer) => {
    const warnings = await warningsOf(RULE(when));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^6:\\d+ warning negation-on-missing-fact ${pointer}$`));
  });

  it('says why and gives the form that fires for a missing field', async () => {
    const result = await loadPolicyText(RULE('{ fact: requester, path: "$.senderIsOwner", operator: equal, value: false }'), 'p.yaml');
    expect(result.diagnostics[0]?.message).toMatch(/`equal false` on `requester` `\$\.senderIsOwner` is false when a call lacks that fact .*`operator: notEqual, value: true`/);
  });

  it.each([
    ['{ fact: requester, path: "$.senderIsOwner", operator: notEqual, value: true }'],
    ['{ not: { fact: requester, path: "$.senderIsOwner", operator: equal, value: false } }'],
    ['{ fact: requester, path: "$.senderIsOwner", operator: equal, value: true }'],
    ['{ fact: toolName, operator: equal, value: null }'],
  ])('control: %s gets no warning', async (when) => {
    expect(await warningsOf(RULE(when))).toEqual([]);
  });
});

describe('tool globs that can match no tool name', () => {
  it.each([
    ['tools:\n  deny: ["Bash(rm:*)"]', '4:10 error bad-glob /tools/deny/0'],
    ['match:\n  tools: ["exec|bash"]', '4:11 error bad-glob /match/tools/0'],
    ['toolClasses:\n  exec: ["run shell"]', '4:10 error bad-glob /toolClasses/exec/0'],
    ['tools:\n  allow: ["read,write"]', '4:11 error bad-glob /tools/allow/0'],
  ])('%s is refused with a location', async (section, expected) => {
    expect(await warningsOf(`version: 1\nid: t\n${section}\n`)).toEqual([expected]);
  });

  it('names Claude Code permission syntax and where commands go instead', async () => {
    const result = await loadPolicyText('version: 1\nid: t\ntools:\n  deny: ["Bash(rm:*)"]\n', 'p.yaml');
    expect(result.diagnostics[0]?.message).toMatch(/`Bash\(rm:\*\)` can match no tool name.*permission syntax.*shell\.deny/);
  });

  it('control: brace alternatives, MCP and namespaced names are tool globs', async () => {
    expect(await warningsOf('version: 1\nid: t\ntools:\n  deny: ["{exec,bash}", "mcp__*__write_*", "default_api:apply_patch"]\nshell:\n  allow: ["git status"]\n')).toEqual([]);
  });
});

describe('YAML aliases', () => {
  it('an unquoted `*.pem` aliasing a text anchored elsewhere is refused where it is written', async () => {
    const result = await loadPolicyText('version: 1\nid: a\ndescription: &.pem "baseline"\npaths:\n  forbidden: [.env, *.pem]\n', 'p.yaml');
    expect(result.policies).toEqual([]);
    expect(result.diagnostics.map((d) => `${d.location.line}:${d.location.column} ${d.code}`)).toEqual(['5:21 yaml-syntax']);
    expect(result.diagnostics[0]?.message).toMatch(/`\*\.pem` is a YAML alias .*to a text.*quote it if it is a glob: `"\*\.pem"`/);
  });

  it('an alias with no anchor says so', async () => {
    const result = await loadPolicyText('version: 1\nid: a\npaths:\n  forbidden:\n    - *.pem\n', 'p.yaml');
    expect(result.diagnostics[0]?.message).toMatch(/`\*\.pem` is a YAML alias .*with no anchor/);
  });

  it('control: an alias to a list is read as that list', async () => {
    const result = await loadPolicyText('version: 1\nid: a\nshell:\n  allow: &ok ["git push *"]\n  approve: *ok\n', 'p.yaml');
    expect(result.diagnostics).toEqual([]);
    expect(result.policies[0]?.doc.shell?.approve).toEqual(['git push *']);
  });
});

describe('a `paths` rule value no canonical path equals (red team 11)', () => {
  const PATHS_RULE = (value: string, workspace = '') => `version: 1
id: r
${workspace}rules:
  - id: no-prod-env
    decision: deny
    when: { fact: paths, operator: contains, value: ${JSON.stringify(value)} }
`;
  it.each([
    ['config/prod.env', ''],
    ['/srv/app/../app/config/prod.env', ''],
    ['/srv//app/prod.env', ''],
    ['/srv/app/Config/Prod.env', 'workspace: { root: /srv/app, caseInsensitive: true }\n'],
  ])('%s is a located warning', async (value, workspace) => {
    const warnings = await warningsOf(PATHS_RULE(value, workspace));
    expect(warnings).toEqual([expect.stringMatching(/ warning non-canonical-path-value \/rules\/0\/when\/value$/)]);
  });

  it('names the canonical form, and an `in` list is read item by item', async () => {
    const result = await loadPolicyText(PATHS_RULE('/srv/app/Config/Prod.env', 'workspace: { root: /srv/app, caseInsensitive: true }\n'), 'p.yaml');
    expect(result.diagnostics[0]?.message).toMatch(/`\/srv\/app\/config\/prod\.env`/);
    const list = `version: 1\nid: r\nrules:\n  - id: x\n    decision: deny\n    when: { not: { fact: paths, operator: in, value: ["/a/b", "c"] } }\n`;
    // (`in` on the list as a whole is a warning of its own: rule-never-fires, below.)
    expect(await warningsOf(list)).toEqual([expect.stringMatching(/rule-never-fires \/rules\/0\/when\/not\/operator$/), expect.stringMatching(/non-canonical-path-value \/rules\/0\/when\/not\/value\/1$/)]);
  });

  it('control: canonical values, and comparisons under a `path`, get no warning', async () => {
    expect(await warningsOf(PATHS_RULE('/srv/app/config/prod.env'))).toEqual([]);
    expect(await warningsOf(PATHS_RULE('/srv/app/Config/Prod.env'))).toEqual([]);
    expect(await warningsOf(`version: 1\nid: r\nrules:\n  - id: x\n    decision: deny\n    when: { fact: paths, path: "$[0]", operator: equal, value: "rel" }\n`)).toEqual([]);
  });
});

describe('deny and approve patterns of several words with no `*` (red team 15B)', () => {
  const SHELL = (list: string) => `version: 1\nid: s\nshell:\n  ${list}\n`;
  it('is a located warning that offers the pattern with ` *`', async () => {
    expect(await warningsOf(SHELL('deny: ["rm -rf", "curl *"]'))).toEqual(['4:10 warning exact-command-pattern /shell/deny/0']);
    expect(await warningsOf(SHELL('approve: ["git push"]'))).toEqual(['4:13 warning exact-command-pattern /shell/approve/0']);
    const result = await loadPolicyText(SHELL('deny: ["rm -rf"]'), 'p.yaml');
    expect(result.diagnostics[0]?.message).toContain('write `rm -rf *`');
  });
  it('control: one word (`sh`, a shell reading a pipe), a pattern with `*`, and allow lists get none', async () => {
    expect(await warningsOf(SHELL('deny: ["sh", "git push --force*"]'))).toEqual([]);
    expect(await warningsOf(SHELL('allow: ["git status", "npm test"]'))).toEqual([]);
  });
});

describe('text that validates but is looser than it reads (red team 21A)', () => {
  // Severity, code and pointer, in no particular order.
  const codesOf = async (yaml: string) => (await warningsOf(yaml)).map((w) => w.split(' ').slice(1).join(' ')).sort();
  const RULE_ON = (cond: string) => `version: 1\nid: r\nrules:\n  - id: x\n    decision: deny\n    when: ${cond}\n`;

  it('a rule comparing text with `contains`, a list with `equal`/`in`, or toolClass with no class', async () => {
    expect(await codesOf(RULE_ON('{ fact: params, path: "$.command", operator: contains, value: "rm -rf" }'))).toEqual(['warning rule-never-fires /rules/0/when/operator']);
    expect(await codesOf(RULE_ON('{ fact: toolName, operator: doesNotContain, value: delete }'))).toEqual(['warning rule-never-fires /rules/0/when/operator']);
    expect(await codesOf(RULE_ON('{ fact: commands, operator: in, value: ["npm publish"] }'))).toEqual(['warning rule-never-fires /rules/0/when/operator']);
    expect(await codesOf(RULE_ON('{ fact: toolClass, operator: in, value: [Exec, write] }'))).toEqual(['error unknown-tool-class /rules/0/when/value/0']);
    // controls: a list tested with contains, a class that is one, a parameter of unknown type
    expect(await codesOf(RULE_ON('{ all: [{ fact: commands, operator: contains, value: "npm publish" }, { fact: toolClass, operator: equal, value: exec }, { fact: params, path: "$.tags", operator: contains, value: x }] }'))).toEqual([]);
  });

  it('path globs: a variable or ~user (errors), one-option braces, a file-name glob in an allowlist', async () => {
    const codes = await codesOf('version: 1\nid: p\npaths:\n  forbidden: ["$HOME/.ssh/**", "${HOME}/.aws/**", "~root/.ssh/**", "*.{pem}"]\n  writable: ["*.md", "src/**/*.ts", docs]\nworkspace: { root: /srv/app }\n');
    expect(codes).toEqual([
      'error bad-glob /paths/forbidden/0',
      'error bad-glob /paths/forbidden/1',
      'error bad-glob /paths/forbidden/2',
      'warning literal-braces /paths/forbidden/3',
      'warning name-glob-covers-directories /paths/writable/0',
    ].sort());
    // controls: ~/ is expanded, two options are braces, forbidden may cover directories
    expect(await codesOf('version: 1\nid: p\npaths:\n  forbidden: ["~/.ssh/**", "*.{pem,key}", "*.env"]\n')).toEqual([]);
  });

  it('command patterns written as a shell line, or with a * inside a word of an allow pattern', async () => {
    const codes = await codesOf(`version: 1\nid: s\nshell:\n  deny: ["psql * -c 'DROP *'", "find * -exec rm * \\\\;", "cat $HOME/.aws/*", "/usr/bin/curl *"]\n  allow: ["cat *.md", "git log *", "./scripts/test.sh *"]\n`);
    expect(codes).toEqual([
      'warning command-pattern-as-written /shell/deny/0',
      'warning command-pattern-as-written /shell/deny/1',
      'warning command-pattern-as-written /shell/deny/2',
      'warning command-pattern-as-written /shell/deny/3',
      'warning star-spans-words /shell/allow/0',
    ].sort());
  });

  it('look-alike letters of another script, a blank at an edge, a missing `-`', async () => {
    const codes = await codesOf('version: 1\nid: t\npaths:\n  forbidden: [".\u0435nv", ".env "]\ntools:\n  deny: ["B\u0430sh"]\nshell:\n  deny:\n    - curl *\n      wget *\n');
    expect(codes).toEqual([
      'warning list-entry-continues ',
      'warning mixed-script /paths/forbidden/0',
      'warning blank-at-edge /paths/forbidden/1',
      'warning mixed-script /tools/deny/0',
    ].sort());
    // controls: a word all in one script, a description over two lines
    expect(await codesOf('version: 1\nid: t\ndescription: a policy\n  described over two lines\npaths:\n  forbidden: ["секрет.txt", ".env"]\n')).toEqual([]);
  });

  it('a built-in shell tool classed as a reader or writer, a rate limit counting no tool', async () => {
    const codes = await codesOf('version: 1\nid: c\ntoolClasses:\n  read: [Bash, lookup]\nlimits:\n  rate:\n    - { id: r, limit: 1, window: 1m, per: session, tools: [] }\n');
    expect(codes).toEqual(['warning conflicting-settings /toolClasses/read/0', 'warning empty-allowlist /limits/rate/0/tools'].sort());
  });
});
