// `toolwarden hook claude-code|exit-code --policy PATH... [--state memory|sqlite:PATH]`.
// Every failure here exits 2: gateways read other non-zero codes as "proceed".
import { parse, policyPaths } from '../args.js';
import type { CliIO } from '../io.js';

const HOOKS = {
  'claude-code': async () => (await import('../../adapters/claude-code/hook.js')).runClaudeCodeHook,
  'exit-code': async () => (await import('../../adapters/exit-code/hook.js')).runExitCodeHook,
} as const;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const [kind, ...rest] = argv;
  if (kind !== 'claude-code' && kind !== 'exit-code') {
    io.stderr(`toolwarden hook: unknown hook \`${kind ?? ''}\`: use \`claude-code\` or \`exit-code\` (denying)\n`);
    return 2;
  }
  const args = parse(rest, { policy: { type: 'string', multiple: true, short: 'p' }, state: { type: 'string' } });
  if (!args.ok) {
    io.stderr(`toolwarden hook ${kind}: ${args.message} (denying)\n`);
    return 2;
  }
  const paths = policyPaths(args.values, args.positionals);
  if (paths.length === 0) {
    io.stderr(`toolwarden hook ${kind}: no policy given: use --policy PATH (denying)\n`);
    return 2;
  }
  const hook = await HOOKS[kind]();
  const options = args.values.state !== undefined ? { state: args.values.state } : {};
  return hook(io, paths, options);
}
