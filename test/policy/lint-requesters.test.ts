// Lint warnings for requester mistakes the language allows: a scope rule whose ids have no
// channel, and a `doesNotContain` that a missing fact turns false (the rule does not fire).
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
