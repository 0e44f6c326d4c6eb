// `toolwarden eval --policy PATH... [--input FILE|-] [--explain] [--state memory|sqlite:PATH]`
// One JSON object in → one decision out (exit 0 allow, 2 deny, 3 ask). JSON Lines in →
// one output line per non-blank line, in order, sharing limit state (exit 0, or 1 if a line
// was not JSON or not a tool call: each such line is named on stderr).
import { loadPolicySet } from '../../index.js';
import type { Decision } from '../../types.js';
import { openStore } from '../../adapters/decide.js';
import { formatDiagnostics } from '../format-diagnostics.js';
import { parse, policyPaths } from '../args.js';
import { readInputFile, type CliIO } from '../io.js';

const EXIT: Readonly<Record<Decision['decision'], number>> = { allow: 0, deny: 2, ask: 3 };

export async function run(argv: string[], io: CliIO): Promise<number> {
  const args = parse(argv, {
    policy: { type: 'string', multiple: true, short: 'p' },
    input: { type: 'string', short: 'i' },
    explain: { type: 'boolean', default: false },
    state: { type: 'string', default: 'memory' },
  });
  if (!args.ok) return usageError(io, args.message);
  const paths = policyPaths(args.values, args.positionals);
  if (paths.length === 0) return usageError(io, 'give the policies with `--policy PATH`');

  let text: string;
  try {
    const input = args.values.input;
    text = input === undefined || input === '-' ? await io.stdin() : await readInputFile(input);
  } catch (error) {
    io.stderr(`toolwarden eval: cannot read input: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const calls = splitInput(text);
  if ('error' in calls) {
    io.stderr(`toolwarden eval: ${calls.error}\n`);
    return 1;
  }

  // The same store opening as the hooks, but in-memory unless asked: a replay is its own world.
  const store = openStore({ state: args.values.state ?? 'memory', env: io.env, cwd: io.cwd });
  if ('error' in store) {
    io.stderr(`toolwarden eval: ${store.error}\n`);
    return 1;
  }
  try {
    const loaded = await loadPolicySet(paths, { store });
    if (!loaded.set) {
      io.stderr(formatDiagnostics(loaded.diagnostics, 'human'));
      io.stderr('toolwarden eval: the policy set is invalid, nothing was evaluated\n');
      return 1;
    }
    const set = loaded.set;
    const explain = args.values.explain === true;
    if (calls.single !== undefined) {
      const decision = await set.evaluateAsync(calls.single, { explain, allReasons: true, useCallTime: true });
      io.stdout(`${JSON.stringify(decision, null, 2)}\n`);
      return EXIT[decision.decision];
    }
    let bad = 0;
    for (const line of calls.lines) {
      if ('error' in line) {
        bad++;
        io.stderr(`toolwarden eval: line ${line.line}: ${line.error}\n`);
        io.stdout(`${JSON.stringify({ line: line.line, error: line.error })}\n`);
        continue;
      }
      const decision = await set.evaluateAsync(line.call, { explain, allReasons: true, useCallTime: true });
      // A line of JSON that is no tool call (`null`, `42`, `{}`) is decided (deny) and counted bad.
      const invalid = decision.reasons.find((r) => r.check === 'call.invalid');
      if (invalid !== undefined) {
        bad++;
        io.stderr(`toolwarden eval: line ${line.line}: ${invalid.message}\n`);
      }
      io.stdout(`${JSON.stringify(decision)}\n`);
    }
    return bad === 0 ? 0 : 1;
  } finally {
    await store.close?.();
  }
}

type Line = { line: number; call: unknown } | { line: number; error: string };

/** One JSON value (possibly pretty-printed) or JSON Lines. */
function splitInput(text: string): { single: unknown; lines: Line[] } | { single: undefined; lines: Line[] } | { error: string } {
  if (text.trim() === '') return { error: 'no input: give a tool call as JSON (or JSON Lines) on stdin or with --input FILE' };
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return { error: 'the input must be a JSON object (a tool call) or JSON Lines of them' };
    return { single: value, lines: [] };
  } catch {
    // not one JSON value: JSON Lines
  }
  const lines: Line[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      lines.push({ line: i + 1, call: JSON.parse(raw) });
    } catch (error) {
      lines.push({ line: i + 1, error: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` });
    }
  });
  if (lines.length === 1 && 'error' in lines[0]!) return { error: lines[0].error };
  return { single: undefined, lines };
}

function usageError(io: CliIO, message: string): number {
  io.stderr(`toolwarden eval: ${message}\nusage: toolwarden eval --policy PATH... [--input FILE|-] [--explain] [--state memory|sqlite:PATH]\n`);
  return 1;
}
