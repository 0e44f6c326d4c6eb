// `toolwarden matrix PATH...`: who may do what, as a table per agent.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadPolicySet } from '../../index.js';
import { buildMatrix, formatMatrixMarkdown, formatMatrixText } from '../../review/matrix.js';
import { readPolicyData } from '../../review/probes.js';
import { resettableStore } from '../../testing/store.js';
import type { CliIO } from '../io.js';
import { diagnosticLine, firstLine } from '../messages.js';

const USAGE = 'usage: toolwarden matrix PATH... [--by tool|class] [--format text|markdown]';

export async function run(argv: string[], io: CliIO): Promise<number> {
  let values: { by?: string; format?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: { by: { type: 'string' }, format: { type: 'string' } },
      allowPositionals: true,
    }));
  } catch (error) {
    io.stderr(`${firstLine(error)}\n${USAGE}\n`);
    return 1;
  }
  const by = values.by ?? 'tool';
  const format = values.format ?? 'text';
  if (by !== 'tool' && by !== 'class') return usage(io, '--by must be `tool` or `class`');
  if (format !== 'text' && format !== 'markdown') return usage(io, `unknown format \`${format}\``);
  if (positionals.length === 0) return usage(io, 'no path given');
  const paths = positionals.map((p) => resolve(io.cwd, p));
  try {
    const state = resettableStore();
    const loaded = await loadPolicySet(paths, { store: state.store, ...(io.env.HOME ? { home: io.env.HOME } : {}) });
    if (!loaded.set) {
      for (const d of loaded.diagnostics.filter((x) => x.severity === 'error')) io.stderr(diagnosticLine(d, io.cwd) + '\n');
      return 1;
    }
    const set = loaded.set;
    const tables = await buildMatrix(
      await readPolicyData(paths),
      async (call) => {
        state.reset();
        return (await set.evaluateAsync(call, { useCallTime: true })).decision;
      },
      { by },
    );
    io.stdout(format === 'markdown' ? formatMatrixMarkdown(tables) : formatMatrixText(tables));
    return 0;
  } catch (error) {
    io.stderr(`toolwarden matrix failed: ${firstLine(error)}\n`);
    return 1;
  }
}

function usage(io: CliIO, message: string): number {
  io.stderr(`${message}\n${USAGE}\n`);
  return 1;
}
