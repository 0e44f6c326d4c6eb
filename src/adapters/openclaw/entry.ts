// The OpenClaw plugin, built over an engine handed in (so tests can drive it without the
// real loader). `plugin.ts` wires the real engine. No runtime import of `openclaw`.
import path from 'node:path';
import type { Decision } from '../../types.js';
import { homedir } from 'node:os';
import type { LoadedSet, PolicySet, ProtectedPaths } from '../../engine/api.js';
import { openClawConfigFiles, ownFiles, stateFiles } from '../own-files.js';
import type { CounterStore } from '../../state/store.js';
import { diagnosticsText, errorMessage } from '../text.js';
import {
  blockResult,
  openClawCall,
  openClawResult,
  parsePluginConfig,
  type OpenClawPolicyResult,
  type PluginConfig,
} from './mapping.js';

export const PLUGIN_ID = 'toolwarden';
/** The trusted tool policy id; the manifest lists it in `contracts.trustedToolPolicies`. */
export const POLICY_ID = 'toolwarden';

/** What the plugin needs from the library. */
export interface EngineDeps {
  loadPolicySet(paths: string[], options?: { store?: CounterStore; protectedPaths?: ProtectedPaths }): Promise<LoadedSet>;
  createMemoryStore(): CounterStore;
  createSqliteStore(file: string): CounterStore;
}

/** The slice of `OpenClawPluginApi` we use. */
export interface PluginApi {
  pluginConfig?: Record<string, unknown>;
  logger?: { info?: (m: string) => void; warn?: (m: string) => void; error?: (m: string) => void };
  resolvePath?: (input: string) => string;
  registerTrustedToolPolicy: (policy: {
    id: string;
    description: string;
    evaluate: (event: unknown, ctx: unknown) => OpenClawPolicyResult | Promise<OpenClawPolicyResult>;
  }) => void;
}

type State =
  | { status: 'loading'; ready: Promise<void> }
  | { status: 'ready'; set: PolicySet; config: PluginConfig }
  | { status: 'failed'; reason: string };

export interface PluginDefinition {
  id: string;
  name: string;
  description: string;
  register: (api: PluginApi) => void;
}

export function createOpenClawPlugin(engine: EngineDeps): PluginDefinition {
  return {
    id: PLUGIN_ID,
    name: 'Toolwarden',
    description: 'Allows, asks about or denies every tool call by the policies you configure, before it runs.',
    register(api: PluginApi): void {
      const log = (level: 'info' | 'error', message: string) => {
        try {
          api.logger?.[level]?.(`[toolwarden] ${message}`);
        } catch {
          // a broken logger must not stop registration
        }
      };
      let state: State = { status: 'failed', reason: 'toolwarden: policy set not loaded' };
      try {
        const resolvePath = (p: string) => {
          const resolved = typeof api.resolvePath === 'function' ? api.resolvePath(p) : path.resolve(p);
          return path.resolve(resolved);
        };
        const parsed = parsePluginConfig(api.pluginConfig, resolvePath);
        if (!parsed.ok) {
          state = { status: 'failed', reason: parsed.message };
          log('error', `${parsed.message}; every tool call is blocked`);
        } else {
          const config = parsed.config;
          const stateFile = config.state === 'memory' ? undefined : config.state.slice('sqlite:'.length);
          const store = stateFile === undefined ? engine.createMemoryStore() : engine.createSqliteStore(stateFile);
          // No call may write the policies, the state, the plugin's code or OpenClaw's config (which loads the plugin).
          const base = config.cwd ?? process.cwd();
          const protectedPaths = { paths: ownFiles(config.policy, base, stateFile === undefined ? [] : stateFiles(stateFile), openClawConfigFiles(process.env, homedir())), base };
          const ready = engine.loadPolicySet(config.policy, { store, protectedPaths }).then(
            (loaded) => {
              if (!loaded.set) {
                const reason = `toolwarden: invalid policy set, every tool call is blocked: ${diagnosticsText(loaded.diagnostics)}`;
                state = { status: 'failed', reason };
                log('error', reason);
                return;
              }
              state = { status: 'ready', set: loaded.set, config };
              log('info', `loaded ${loaded.set.policies.length} policies (${loaded.set.revision})`);
            },
            (error: unknown) => {
              state = { status: 'failed', reason: `toolwarden: cannot load policies, every tool call is blocked: ${errorMessage(error)}` };
              log('error', state.reason);
            },
          );
          state = { status: 'loading', ready };
        }
      } catch (error) {
        state = { status: 'failed', reason: `toolwarden: plugin setup failed, every tool call is blocked: ${errorMessage(error)}` };
        log('error', state.reason);
      }

      function decide(event: unknown, ctx: unknown): OpenClawPolicyResult | Promise<OpenClawPolicyResult> {
        try {
          if (state.status === 'failed') return blockResult(state.reason);
          if (state.status === 'loading') {
            // OpenClaw awaits trusted policies without a timeout: calls made while the
            // policies load wait for them rather than pass unchecked.
            return state.ready.then(() => (state.status === 'loading' ? blockResult('toolwarden: policy set not loaded') : decide(event, ctx)));
          }
          const { set, config } = state;
          const call = openClawCall(event, ctx, config.cwd);
          const answer = (decision: Decision) => openClawResult(decision, call, config.approval);
          const decision = set.evaluate(call);
          if (decision instanceof Promise) {
            return decision.then(answer, (error: unknown) => blockResult(`toolwarden: evaluation failed: ${errorMessage(error)}`));
          }
          return answer(decision);
        } catch (error) {
          return blockResult(`toolwarden: evaluation failed: ${errorMessage(error)}`);
        }
      }

      api.registerTrustedToolPolicy({
        id: POLICY_ID,
        description: 'Toolwarden policy engine: deny, ask or allow each tool call by policy',
        evaluate(event: unknown, ctx: unknown) {
          // Belt and braces: `decide` never throws, and a rejected promise still blocks.
          try {
            const result = decide(event, ctx);
            return result instanceof Promise ? result.catch((error: unknown) => blockResult(`toolwarden: evaluation failed: ${errorMessage(error)}`)) : result;
          } catch (error) {
            return blockResult(`toolwarden: evaluation failed: ${errorMessage(error)}`);
          }
        },
      });
    },
  };
}
