// `toolwarden diff OLD NEW`: which calls change decision between two versions of a policy set.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadPolicySet } from '../../index.js';
import { diffSets, formatDiffHuman, formatDiffJson, formatDiffMarkdown, probesFor, replayOn } from '../../review/diff.js';
import { readPolicyData } from '../../review/probes.js';
import { structuralLoosenings } from '../../review/structure.js';
import { resettableStore } from '../../testing/store.js';
import type { CliIO } from '../io.js';
import { diagnosticLine, firstLine } from '../messages.js';

const USAGE = 'usage: toolwarden diff OLD NEW [--format human|markdown|json] [--fail-on loosen|any] [--seed N] [--runs N]';

export async function run(argv: string[], io: CliIO): Promise<number> {
  let values: { format?: string; 'fail-on'?: string; seed?: string; runs?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: { format: { type: 'string' }, 'fail-on': { type: 'string' }, seed: { type: 'string' }, runs: { type: 'string' } },
      allowPositionals: true,
    }));
  } catch (error) {
    io.stderr(`${firstLine(error)}\n${USAGE}\n`);
    return 1;
  }
  const format = values.format ?? 'human';
  if (!['human', 'markdown', 'json'].includes(format)) return usage(io, `unknown format \`${format}\``);
  const failOn = values['fail-on'];
  if (failOn !== undefined && failOn !== 'loosen' && failOn !== 'any') return usage(io, `--fail-on must be \`loosen\` or \`any\``);
  const seed = values.seed === undefined ? 42 : Number(values.seed);
  const runs = values.runs === undefined ? 300 : Number(values.runs);
  if (!Number.isSafeInteger(seed)) return usage(io, '--seed must be an integer');
  if (!Number.isSafeInteger(runs) || runs < 0 || runs > 100_000) return usage(io, '--runs must be an integer from 0 to 100000');
  if (positionals.length !== 2) return usage(io, 'give exactly two policy paths: OLD and NEW');
  const [oldPath, newPath] = positionals.map((p) => resolve(io.cwd, p)) as [string, string];

  try {
    const oldState = resettableStore();
    const newState = resettableStore();
    const home = io.env.HOME ? { home: io.env.HOME } : {};
    const oldSet = await loadPolicySet([oldPath], { store: oldState.store, ...home });
    const newSet = await loadPolicySet([newPath], { store: newState.store, ...home });
    if (!oldSet.set || !newSet.set) {
      for (const [label, loaded] of [['old', oldSet], ['new', newSet]] as const) {
        if (loaded.set) continue;
        io.stderr(`the ${label} policies do not load:\n`);
        for (const d of loaded.diagnostics.filter((x) => x.severity === 'error')) io.stderr(diagnosticLine(d, io.cwd) + '\n');
      }
      return 1;
    }
    const oldDocs = await readPolicyData([oldPath]);
    const newDocs = await readPolicyData([newPath]);
    const probes = probesFor(oldDocs, newDocs, { seed, randomRuns: runs });
    const report = await diffSets(replayOn(oldSet.set, oldState.reset), replayOn(newSet.set, newState.reset), probes, structuralLoosenings(oldDocs, newDocs));
    io.stdout(format === 'json' ? formatDiffJson(report) : format === 'markdown' ? formatDiffMarkdown(report) : formatDiffHuman(report));
    // A possible loosening the probes did not show still fails the gate: fail closed.
    if (failOn === 'loosen' && (report.loosened > 0 || report.possibleLoosenings.length > 0)) return 1;
    if (failOn === 'any' && (report.groups.length > 0 || report.possibleLoosenings.length > 0)) return 1;
    return 0;
  } catch (error) {
    io.stderr(`toolwarden diff failed: ${firstLine(error)}\n`);
    return 1;
  }
}

function usage(io: CliIO, message: string): number {
  io.stderr(`${message}\n${USAGE}\n`);
  return 1;
}
