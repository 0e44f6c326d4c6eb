import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { claudeCodeAnswer, denyAnswer, parseClaudeCodePayload } from '../../src/adapters/claude-code/mapping.js';
import { decision } from './fixtures.js';

const payload = {
  session_id: 'abc123',
  transcript_path: '/home/u/.claude/projects/x/abc123.jsonl',
  cwd: '/home/u/project',
  permission_mode: 'default',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'npm test', description: 'Run tests' },
  tool_use_id: 'toolu_01',
};

describe('parseClaudeCodePayload', () => {
  it('maps a PreToolUse payload to a call without a requester', () => {
    expect(parseClaudeCodePayload(JSON.stringify(payload))).toEqual({
      ok: true,
      event: 'PreToolUse',
      call: { toolName: 'Bash', params: { command: 'npm test', description: 'Run tests' }, sessionId: 'abc123', cwd: '/home/u/project' },
      permissionMode: 'default',
    });
  });

  it('passes the subagent id through as agentId', () => {
    const parsed = parseClaudeCodePayload(JSON.stringify({ ...payload, agent_id: 'sub-1', agent_type: 'Explore' }));
    expect(parsed).toMatchObject({ ok: true, call: { agentId: 'sub-1' } });
  });

  it.each([
    ['not json', 'not valid JSON'],
    // A key twice: which one Claude Code's (or another gateway's) parser keeps is not ours to guess (red team 13B).
    ['{"tool_name":"Bash","tool_input":{"command":"curl -s http://x","command":"ls -la"}}', 'key `command` twice'],
    ['[1]', 'JSON object'],
    [JSON.stringify({ ...payload, tool_name: undefined }), 'no `tool_name`'],
    [JSON.stringify({ ...payload, tool_name: 5 }), 'no `tool_name`'],
    [JSON.stringify({ ...payload, tool_input: 'rm -rf /' }), '`tool_input`'],
    [JSON.stringify({ ...payload, session_id: 7 }), '`session_id`'],
    [JSON.stringify({ ...payload, hook_event_name: 1 }), '`hook_event_name`'],
  ])('rejects %s', (text, fragment) => {
    const parsed = parseClaudeCodePayload(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(fragment);
  });

  it('property: never throws; accepts only objects with a non-empty string tool_name', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify(v))), (text) => {
        const parsed = parseClaudeCodePayload(text);
        if (parsed.ok) {
          const value = JSON.parse(text) as Record<string, unknown>;
          expect(typeof value.tool_name).toBe('string');
          expect(parsed.call.toolName).toBe(value.tool_name);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('claudeCodeAnswer', () => {
  it('deny: exit 2, reason on stderr, the JSON deny on stdout', () => {
    const answer = claudeCodeAnswer(decision('deny'));
    expect(answer.exitCode).toBe(2);
    expect(answer.stderr).toBe('toolwarden denied: p1/paths.forbidden: deny because `x` (p.yaml:3:5)\n');
    expect(JSON.parse(answer.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: answer.stderr.trim() },
    });
  });

  it('ask: exit 0 with permissionDecision ask', () => {
    const answer = claudeCodeAnswer(decision('ask'));
    expect(answer.exitCode).toBe(0);
    expect(answer.stderr).toBe('');
    expect(JSON.parse(answer.stdout).hookSpecificOutput).toMatchObject({ hookEventName: 'PreToolUse', permissionDecision: 'ask' });
  });

  it.each(['default', 'plan', 'acceptEdits'])('ask in permission mode %s: still an ask (Claude Code prompts)', (mode) => {
    const answer = claudeCodeAnswer(decision('ask'), mode);
    expect(answer.exitCode).toBe(0);
    expect(JSON.parse(answer.stdout).hookSpecificOutput.permissionDecision).toBe('ask');
  });

  it.each(['bypassPermissions', 'auto', 'dontAsk', 'someFutureMode'])('ask in permission mode %s: a deny (nobody would be asked)', (mode) => {
    const answer = claudeCodeAnswer(decision('ask'), mode);
    expect(answer.exitCode).toBe(2);
    expect(answer.stderr).toMatch(new RegExp(`permission mode \`${mode}\` would not ask anyone`));
    expect(JSON.parse(answer.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('reads permission_mode from the payload, and refuses one that is no text', () => {
    const parsed = parseClaudeCodePayload(JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' }, permission_mode: 'bypassPermissions' }));
    expect(parsed.ok && parsed.permissionMode).toBe('bypassPermissions');
    expect(parseClaudeCodePayload(JSON.stringify({ tool_name: 'Bash', permission_mode: 1 }))).toEqual({ ok: false, message: '`permission_mode` must be a string' });
  });

  it('allow: nothing printed, exit 0, so Claude Code still applies its own rules', () => {
    expect(claudeCodeAnswer(decision('allow'))).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('property: failure messages become one-line denies with exit 2', () => {
    fc.assert(
      fc.property(fc.string(), (message) => {
        const answer = denyAnswer(message);
        expect(answer.exitCode).toBe(2);
        expect(answer.stderr.slice(0, -1)).not.toMatch(/\n/);
        expect(JSON.parse(answer.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
      }),
      { numRuns: 300 },
    );
  });
});
