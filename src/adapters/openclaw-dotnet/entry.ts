// OpenClaw.NET plugin-bridge plugin: the .NET gateway spawns its Node bridge, which imports
// this module, awaits `register(api)` and later sends `hook_before` requests that call our
// `tool:before` handler with `{ toolName, arguments, phase }` (`arguments` is the raw JSON
// string). A handler result of `false` or `{ allow: false }` denies. Built over an engine
// handed in, so tests can drive it; `bridge.ts` wires the real one.
//
// Limits we cannot fix from here (see docs/adapters.md): the bridge passes no session and
// no requester, so per-session limits and scopes fail closed (deny); and the .NET side
// ALLOWS when the bridge does not answer within 5 seconds, or answers with an error.
import path from 'node:path';
import type { Decision, ToolCall } from '../../types.js';
import type { EngineDeps } from '../openclaw/entry.js';
import { parsePluginConfig } from '../openclaw/mapping.js';
import type { PolicySet } from '../../engine/api.js';
import { decisionText, diagnosticsText, errorMessage, oneLine } from '../text.js';
import { jsonInputMessage, parseJsonInput } from '../json-input.js';
import { ownFiles, stateFiles } from '../own-files.js';

/** What the .NET bridge hands `register`: `config` is the plugin's own config. */
export interface BridgeApi {
  config?: unknown;
  pluginConfig?: unknown;
  logger?: { info?: (...a: unknown[]) => void; warn?: (...a: unknown[]) => void; error?: (...a: unknown[]) => void };
  on: (eventName: string, handler: (event: unknown) => unknown) => void;
}

/** What our handler answers: the bridge reads only `allow`; `reason` is for people reading logs. */
export type BridgeAnswer = { allow: true } | { allow: false; reason: string };

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The ToolCall for one `tool:before` event: tool name and arguments are all the bridge sends. */
export function dotnetCall(event: unknown): ToolCall {
  if (!isObject(event) || typeof event.toolName !== 'string' || event.toolName === '') {
    throw new Error('tool:before event without a tool name');
  }
  let params: unknown = event.arguments;
  if (typeof params === 'string') {
    const parsed = params.trim() === '' ? { ok: true as const, value: {} } : parseJsonInput(params);
    if (!parsed.ok) throw new Error(jsonInputMessage('tool arguments', parsed));
    params = parsed.value;
  }
  if (params === undefined || params === null) params = {};
  if (!isObject(params)) throw new Error('tool arguments are not a JSON object');
  return { toolName: event.toolName, params };
}

export function dotnetAnswer(decision: Decision): BridgeAnswer {
  if (decision.decision === 'allow') return { allow: true };
  if (decision.decision === 'ask') {
    // The bridge has no way to ask a human: fail closed.
    return { allow: false, reason: oneLine(`toolwarden: approval required and OpenClaw.NET cannot ask, so denied: ${decisionText(decision)}`) };
  }
  return { allow: false, reason: decisionText(decision) };
}

export function createDotnetBridgePlugin(engine: EngineDeps) {
  return {
    id: 'toolwarden',
    name: 'Toolwarden',
    description: 'Denies OpenClaw.NET tool calls that the configured toolwarden policies do not allow.',
    async register(api: BridgeApi): Promise<void> {
      const log = (level: 'info' | 'error', message: string) => {
        try {
          api.logger?.[level]?.(`[toolwarden] ${message}`);
        } catch {
          // a broken logger must not stop registration
        }
      };
      let set: PolicySet | undefined;
      let failure = 'toolwarden: policy set not loaded';
      try {
        const parsed = parsePluginConfig(api.pluginConfig ?? api.config, (p) => path.resolve(p));
        if (!parsed.ok) failure = parsed.message;
        else {
          const { state } = parsed.config;
          const stateFile = state === 'memory' ? undefined : state.slice('sqlite:'.length);
          const store = stateFile === undefined ? engine.createMemoryStore() : engine.createSqliteStore(stateFile);
          // No call may write the policies, the state or the bridge's code, as in the JS plugin
          // (red team 22B: a rewritten policy took effect at the bridge's next start).
          const base = process.cwd();
          const protectedPaths = { paths: ownFiles(parsed.config.policy, base, stateFile === undefined ? [] : stateFiles(stateFile), []), base };
          const loaded = await engine.loadPolicySet(parsed.config.policy, { store, protectedPaths });
          if (loaded.set) set = loaded.set;
          else failure = `toolwarden: invalid policy set: ${diagnosticsText(loaded.diagnostics)}`;
        }
      } catch (error) {
        failure = `toolwarden: cannot load policies: ${errorMessage(error)}`;
      }
      if (set) log('info', `loaded ${set.policies.length} policies (${set.revision})`);
      else log('error', `${failure}; every tool call is denied`);

      const loadedSet = set;
      // Subscribed whatever happened above: a plugin that fails to subscribe is never asked.
      api.on('tool:before', async (event: unknown): Promise<BridgeAnswer> => {
        try {
          if (!loadedSet) return { allow: false, reason: oneLine(failure) };
          const answer = dotnetAnswer(await loadedSet.evaluateAsync(dotnetCall(event)));
          if (!answer.allow) log('info', answer.reason);
          return answer;
        } catch (error) {
          return { allow: false, reason: oneLine(`toolwarden: evaluation failed: ${errorMessage(error)}`) };
        }
      });
    },
  };
}
