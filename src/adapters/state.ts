// Which counter store an adapter uses: `memory` or `sqlite:PATH`. Hook commands start one
// process per tool call, so their default is a per-user SQLite file; limits only hold
// across calls when state outlives the process.
import path from 'node:path';

export type StateSpec = { kind: 'memory' } | { kind: 'sqlite'; path: string };

/** Parses `memory` | `sqlite:PATH`; anything else is a one-line error message. */
export function parseStateSpec(spec: string, baseDir: string): StateSpec | { error: string } {
  if (spec === 'memory') return { kind: 'memory' };
  if (spec.startsWith('sqlite:')) {
    const file = spec.slice('sqlite:'.length);
    if (file.length === 0) return { error: '`sqlite:` needs a file path, e.g. `sqlite:/var/lib/toolwarden/state.db`' };
    if (file.includes('\0')) return { error: 'state path contains a NUL byte' };
    return { kind: 'sqlite', path: file === ':memory:' ? file : path.resolve(baseDir, file) };
  }
  return { error: `unknown state store \`${spec}\`: use \`memory\` or \`sqlite:PATH\`` };
}

/**
 * The per-user default state file: `$XDG_STATE_HOME/toolwarden/state.db`, else
 * `$HOME/.local/state/toolwarden/state.db`. Undefined when neither is set to an absolute
 * path (the caller then fails closed rather than guessing a shared location).
 */
export function defaultStatePath(env: Record<string, string | undefined>): string | undefined {
  const xdg = env.XDG_STATE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'toolwarden', 'state.db');
  const home = env.HOME;
  if (home && path.isAbsolute(home)) return path.join(home, '.local', 'state', 'toolwarden', 'state.db');
  return undefined;
}
