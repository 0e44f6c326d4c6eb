// The OpenClaw.NET bridge plugin, driven through the bridge protocol as documented for
// clawdotnet/openclaw.net: newline-delimited JSON requests `{method, id, params}` on the
// bridge's stdin, responses `{id, result}` / `{id, error}` on stdout; `init` awaits the
// plugin's register(api); `hook_before` calls every `tool:before` handler with
// `{toolName, arguments, phase}` and answers `{allow}`. The host below is our own minimal
// rendering of that protocol, so the plugin is exercised exactly as the bridge calls it.
import { describe, it, expect } from 'vitest';
import { PassThrough } from 'node:stream';
import { createInterface } from 'node:readline';
import { createDotnetBridgePlugin, dotnetAnswer, dotnetCall, type BridgeApi } from '../../src/adapters/openclaw-dotnet/entry.js';
import { decision, fakeEngine, badDiagnostic, type FakeEngine } from './fixtures.js';

function startHost(engine: FakeEngine) {
  const input = new PassThrough();
  const output = new PassThrough();
  const handlers = new Map<string, Array<(e: unknown) => unknown>>();
  const lines = createInterface({ input });
  lines.on('line', async (line) => {
    const req = JSON.parse(line) as { id: string; method: string; params?: Record<string, unknown> };
    let response: unknown;
    try {
      if (req.method === 'init') {
        const api: BridgeApi = {
          config: req.params?.config,
          logger: { info: () => {}, error: () => {} },
          on: (name, handler) => handlers.set(name, [...(handlers.get(name) ?? []), handler]),
        };
        await createDotnetBridgePlugin(engine).register(api);
        response = { id: req.id, result: { eventSubscriptions: [...handlers.keys()] } };
      } else if (req.method === 'hook_before') {
        let allow = true;
        for (const handler of handlers.get(String(req.params?.eventName)) ?? []) {
          const result = (await handler({ toolName: req.params?.toolName, arguments: req.params?.arguments, phase: 'before' })) as { allow?: boolean } | boolean;
          if (result === false || (typeof result === 'object' && result?.allow === false)) {
            allow = false;
            break;
          }
        }
        response = { id: req.id, result: { allow } };
      } else throw new Error(`unknown method ${req.method}`);
    } catch (error) {
      response = { id: req.id, error: { code: -1, message: String(error) } };
    }
    output.write(`${JSON.stringify(response)}\n`);
  });
  const replies = createInterface({ input: output });
  const waiting = new Map<string, (v: unknown) => void>();
  replies.on('line', (line) => {
    const msg = JSON.parse(line) as { id: string };
    waiting.get(msg.id)?.(msg);
  });
  let next = 0;
  return {
    send(method: string, params: unknown): Promise<{ id: string; result?: Record<string, unknown>; error?: unknown }> {
      const id = String(++next);
      return new Promise((resolve) => {
        waiting.set(id, resolve as (v: unknown) => void);
        input.write(`${JSON.stringify({ method, id, params })}\n`);
      });
    },
  };
}

const hookBefore = (toolName: string, args: unknown) => ({ eventName: 'tool:before', toolName, arguments: JSON.stringify(args) });

describe('OpenClaw.NET bridge plugin', () => {
  it('init subscribes to tool:before; hook_before denies what the policy denies and allows the rest', async () => {
    const engine = fakeEngine((call) => {
      const c = call as { params: { command?: string } };
      return decision(c.params.command?.startsWith('rm') ? 'deny' : 'allow');
    });
    const host = startHost(engine);
    const init = await host.send('init', { entryPath: '/x/bridge.js', pluginId: 'toolwarden', config: { policy: '/p' } });
    expect(init.result).toEqual({ eventSubscriptions: ['tool:before'] });
    expect(engine.loadedPaths).toEqual([['/p']]);
    expect((await host.send('hook_before', hookBefore('shell', { command: 'rm -rf /' }))).result).toEqual({ allow: false });
    expect((await host.send('hook_before', hookBefore('shell', { command: 'ls' }))).result).toEqual({ allow: true });
    // only name and arguments reach the engine: no session, no requester
    expect(engine.calls.at(-1)).toEqual({ toolName: 'shell', params: { command: 'ls' } });
  });

  it("keeps calls from writing its policies, its state and its code, as the JS plugin does (red team 22B)", async () => {
    const engine = fakeEngine(() => decision('allow'));
    await startHost(engine).send('init', { config: { policy: '/etc/toolwarden/policies', state: 'sqlite:/var/lib/toolwarden/state.db' } });
    const paths = engine.protectedPaths[0] ?? [];
    expect(paths).toContain('/etc/toolwarden/policies');
    expect(paths).toContain('/var/lib/toolwarden/state.db');
    expect(paths.some((p) => p.endsWith('/dist') || p.endsWith('/src') || p.includes('toolwarden'))).toBe(true);
  });

  it('ask is denied: the bridge cannot ask a human', async () => {
    const host = startHost(fakeEngine(() => decision('ask')));
    await host.send('init', { config: { policy: '/p' } });
    expect((await host.send('hook_before', hookBefore('git', { cwd: '/w' }))).result).toEqual({ allow: false });
  });

  it('an invalid policy set or config still subscribes, and denies everything', async () => {
    const invalid = startHost(fakeEngine(() => decision('allow'), async () => [badDiagnostic]));
    expect((await invalid.send('init', { config: { policy: '/p' } })).result).toEqual({ eventSubscriptions: ['tool:before'] });
    expect((await invalid.send('hook_before', hookBefore('read_file', { path: 'a' }))).result).toEqual({ allow: false });

    const noConfig = startHost(fakeEngine(() => decision('allow')));
    expect((await noConfig.send('init', { config: {} })).result).toEqual({ eventSubscriptions: ['tool:before'] });
    expect((await noConfig.send('hook_before', hookBefore('read_file', { path: 'a' }))).result).toEqual({ allow: false });
  });

  it('unreadable arguments and engine failures deny', async () => {
    const host = startHost(fakeEngine(() => Promise.reject(new Error('store down'))));
    await host.send('init', { config: { policy: '/p' } });
    expect((await host.send('hook_before', { eventName: 'tool:before', toolName: 'shell', arguments: '{not json' })).result).toEqual({ allow: false });
    expect((await host.send('hook_before', hookBefore('shell', { command: 'ls' }))).result).toEqual({ allow: false });
  });

  it('dotnetCall and dotnetAnswer', () => {
    expect(dotnetCall({ toolName: 'write_file', arguments: '{"path":"a","content":"x"}', phase: 'before' })).toEqual({
      toolName: 'write_file',
      params: { path: 'a', content: 'x' },
    });
    expect(dotnetCall({ toolName: 'x', arguments: '' })).toEqual({ toolName: 'x', params: {} });
    expect(dotnetCall({ toolName: 'x', arguments: { a: 1 } })).toEqual({ toolName: 'x', params: { a: 1 } });
    expect(() => dotnetCall({ toolName: 'x', arguments: '[1]' })).toThrow();
    expect(() => dotnetCall({ arguments: '{}' })).toThrow();
    expect(dotnetAnswer(decision('allow'))).toEqual({ allow: true });
    expect(dotnetAnswer(decision('deny'))).toMatchObject({ allow: false });
    expect(dotnetAnswer(decision('ask'))).toMatchObject({ allow: false, reason: expect.stringContaining('approval required') });
  });
});
