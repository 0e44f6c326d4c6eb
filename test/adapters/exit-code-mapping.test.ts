import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { exitCodeAnswer, phaseOf, readExitCodeInput } from '../../src/adapters/exit-code/mapping.js';
import { decision } from './fixtures.js';

describe('readExitCodeInput', () => {
  it('reads env only (empty stdin)', () => {
    const input = readExitCodeInput({ HOOK_TOOL_NAME: 'exec', HOOK_TOOL_INPUT: '{"command":"ls"}', HOOK_EVENT: 'preToolUse' }, '');
    expect(input).toEqual({ ok: true, phase: 'pre', call: { toolName: 'exec', params: { command: 'ls' } } });
  });

  it('reads stdin only, in toolwarden or Claude-style names, with its context', () => {
    expect(readExitCodeInput({}, JSON.stringify({ toolName: 'read', params: { path: 'a' }, sessionId: 's', cwd: '/w', requester: { senderId: 'u' } }))).toEqual({
      ok: true,
      phase: 'pre',
      call: { toolName: 'read', params: { path: 'a' }, sessionId: 's', cwd: '/w', requester: { senderId: 'u' } },
    });
    expect(readExitCodeInput({}, JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' }, session_id: 's' }))).toMatchObject({
      ok: true,
      call: { toolName: 'Bash', params: { command: 'ls' }, sessionId: 's' },
    });
  });

  it('takes context from stdin when env names the tool and both agree', () => {
    const input = readExitCodeInput(
      { HOOK_TOOL_NAME: 'exec', HOOK_TOOL_INPUT: '{"command":"ls"}' },
      JSON.stringify({ toolName: 'exec', params: { command: 'ls' }, sessionId: 's-9', agentId: 'coder' }),
    );
    expect(input).toMatchObject({ ok: true, call: { toolName: 'exec', sessionId: 's-9', agentId: 'coder' } });
  });

  it('denies when env and stdin disagree about the tool or its input', () => {
    expect(readExitCodeInput({ HOOK_TOOL_NAME: 'read' }, JSON.stringify({ toolName: 'exec' }))).toMatchObject({ ok: false, message: expect.stringContaining('disagree') });
    expect(
      readExitCodeInput({ HOOK_TOOL_NAME: 'exec', HOOK_TOOL_INPUT: '{"command":"ls"}' }, JSON.stringify({ toolName: 'exec', params: { command: 'rm -rf /' } })),
    ).toMatchObject({ ok: false, message: expect.stringContaining('disagree') });
  });

  it('denies when two spellings of one field on stdin disagree, and reads them when they agree', () => {
    const two = { toolName: 'read', params: { path: 'src/a.ts' }, tool_input: { path: '.env' } };
    expect(readExitCodeInput({}, JSON.stringify(two))).toEqual({ ok: false, message: 'stdin `params` and `tool_input` disagree' });
    expect(readExitCodeInput({}, JSON.stringify({ tool_name: 'Bash', name: 'Read', tool_input: {} }))).toMatchObject({ ok: false, message: expect.stringContaining('disagree') });
    expect(readExitCodeInput({}, JSON.stringify({ toolName: 'read', cwd: '/a', workdir: '/b' }))).toMatchObject({ ok: false });
    const same = readExitCodeInput({}, JSON.stringify({ toolName: 'read', tool_name: 'read', params: { path: 'a' }, tool_input: { path: 'a' } }));
    expect(same).toMatchObject({ ok: true, call: { toolName: 'read', params: { path: 'a' } } });
  });

  it.each([
    [{}, '', 'no tool name'],
    [{ HOOK_TOOL_NAME: 'exec', HOOK_TOOL_INPUT: 'not json' }, '', 'not valid JSON'],
    [{ HOOK_TOOL_NAME: 'exec', HOOK_TOOL_INPUT: '"ls"' }, '', 'JSON object'],
    [{ HOOK_TOOL_NAME: 'exec' }, '{bad', 'stdin is not valid JSON'],
    [{}, '{"toolName":"exec","params":{"command":"curl x"},"params":{"command":"ls"}}', 'key `params` twice'],
    [{ HOOK_TOOL_NAME: 'exec', HOOK_TOOL_INPUT: '{"command":"curl x","command":"ls"}' }, '', 'key `command` twice'],
    [{ HOOK_TOOL_NAME: 'exec' }, '[]', 'JSON object'],
    [{}, JSON.stringify({ toolName: 'x', sessionId: 5 }), '`sessionId`'],
    [{}, JSON.stringify({ toolName: 'x', requester: { senderIsOwner: 'yes' } }), 'senderIsOwner'],
  ])('rejects env %j with stdin %s', (env, stdin, fragment) => {
    const input = readExitCodeInput(env, stdin);
    expect(input.ok).toBe(false);
    if (!input.ok) expect(input.message).toContain(fragment);
  });

  it('post events skip evaluation only when every source says post', () => {
    expect(readExitCodeInput({ HOOK_TOOL_NAME: 'exec', HOOK_EVENT: 'postToolUse' }, '')).toMatchObject({ ok: true, phase: 'post' });
    expect(readExitCodeInput({ HOOK_TOOL_NAME: 'exec', HOOK_TOOL_INPUT: '{}', HOOK_EVENT: 'postToolUse' }, JSON.stringify({ event: 'preToolUse' }))).toMatchObject({ phase: 'pre' });
    expect(readExitCodeInput({ HOOK_TOOL_NAME: 'exec', HOOK_TOOL_INPUT: '{}' }, '')).toMatchObject({ phase: 'pre' });
  });

  it('a call whose input came nowhere is refused (stdin is read for a moment only when the name is in the environment)', () => {
    expect(readExitCodeInput({ HOOK_TOOL_NAME: 'write' }, '')).toMatchObject({ ok: false, message: expect.stringContaining('no tool input') });
    expect(readExitCodeInput({ HOOK_TOOL_NAME: 'write' }, JSON.stringify({ session_id: 's' }))).toMatchObject({ ok: false, message: expect.stringContaining('no tool input') });
    expect(readExitCodeInput({ HOOK_TOOL_NAME: 'write' }, JSON.stringify({ tool_input: { path: 'a' } }))).toMatchObject({ ok: true, call: { params: { path: 'a' } } });
    expect(readExitCodeInput({ HOOK_TOOL_NAME: 'write', HOOK_TOOL_INPUT: '{}' }, '')).toMatchObject({ ok: true, call: { params: {} } });
    // Named on stdin with its input under a key the hook does not read: refused, not judged with none (red team 11).
    expect(readExitCodeInput({}, JSON.stringify({ tool_name: 'write', parameters: { path: '/etc/cron.d/x' } }))).toMatchObject({ ok: false, message: expect.stringContaining('no tool input') });
    expect(readExitCodeInput({}, JSON.stringify({ toolName: 'web_search', params: {} }))).toMatchObject({ ok: true, call: { params: {} } });
  });

  it('phaseOf: post/after spellings are post, anything else (unknown too) is pre', () => {
    for (const e of ['postToolUse', 'PostToolUse', 'post_tool_use', 'post', 'after', 'tool:after', 'afterToolCall']) expect(phaseOf(e)).toBe('post');
    for (const e of ['preToolUse', 'PreToolUse', 'pre', 'before', 'tool:before', 'weird', '', 'poster']) expect(phaseOf(e)).toBe('pre');
  });

  it('property: a call is produced only when a tool name exists, no two sources disagree, and its input came from one of them', () => {
    fc.assert(
      fc.property(
        fc.option(fc.constantFrom('exec', 'read'), { nil: undefined }),
        fc.option(fc.constantFrom('exec', 'read'), { nil: undefined }),
        fc.option(fc.constantFrom({ command: 'ls' }, { command: 'rm -rf /' }), { nil: undefined }),
        fc.option(fc.constantFrom({ command: 'ls' }, { command: 'rm -rf /' }), { nil: undefined }),
        (envName, stdinName, envInput, stdinInput) => {
          const env: Record<string, string | undefined> = {};
          if (envName) env.HOOK_TOOL_NAME = envName;
          if (envInput) env.HOOK_TOOL_INPUT = JSON.stringify(envInput);
          const stdin = JSON.stringify({ ...(stdinName ? { toolName: stdinName } : {}), ...(stdinInput ? { params: stdinInput } : {}) });
          const input = readExitCodeInput(env, stdin);
          const disagree = (envName && stdinName && envName !== stdinName) || (envInput && stdinInput && envInput.command !== stdinInput.command);
          const inputMissing = envInput === undefined && stdinInput === undefined;
          expect(input.ok).toBe(Boolean((envName ?? stdinName) && !disagree && !inputMissing));
          if (input.ok) expect(input.call.params).toEqual(envInput ?? stdinInput);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('exitCodeAnswer', () => {
  it('allow: exit 0, nothing printed', () => {
    expect(exitCodeAnswer(decision('allow'))).toEqual({ exitCode: 0, stdout: '' });
  });
  it('deny: exit 2 with the reason on stdout', () => {
    expect(exitCodeAnswer(decision('deny'))).toEqual({ exitCode: 2, stdout: 'toolwarden denied: p1/paths.forbidden: deny because `x` (p.yaml:3:5)\n' });
  });
  it('ask: exit 2, saying approval is required (the protocol cannot ask)', () => {
    const answer = exitCodeAnswer(decision('ask'));
    expect(answer.exitCode).toBe(2);
    expect(answer.stdout).toContain('needs a human');
    expect(answer.stdout).toContain('shell.approve');
  });
});
