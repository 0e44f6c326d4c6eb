// `toolwarden test PATH...`: run policy tests and report coverage.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import type { CliIO } from '../io.js';
import { runPolicyTests } from '../../testing/run.js';
import { coverageOk, formatHuman, formatJson, formatJunit } from '../../testing/report.js';
import type { TestFormat } from '../../testing/report.js';
import { firstLine } from '../messages.js';

const USAGE = 'usage: toolwarden test PATH... [--format human|json|junit] [--min-coverage N]';

export async function run(argv: string[], io: CliIO): Promise<number> {
  let values: { format?: string; 'min-coverage'?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: { format: { type: 'string' }, 'min-coverage': { type: 'string' } },
      allowPositionals: true,
    }));
  } catch (error) {
    io.stderr(`${firstLine(error)}\n${USAGE}\n`);
    return 1;
  }
  const format = (values.format ?? 'human') as TestFormat;
  if (!['human', 'json', 'junit'].includes(format)) {
    io.stderr(`unknown format \`${values.format}\`\n${USAGE}\n`);
    return 1;
  }
  let minCoverage: number | undefined;
  if (values['min-coverage'] !== undefined) {
    minCoverage = Number(values['min-coverage']);
    if (!/^\d+(\.\d+)?$/.test(values['min-coverage']) || minCoverage > 100) {
      io.stderr(`--min-coverage must be a number from 0 to 100\n${USAGE}\n`);
      return 1;
    }
  }
  if (positionals.length === 0) {
    io.stderr(`no path given\n${USAGE}\n`);
    return 1;
  }
  try {
    const paths = positionals.map((p) => resolve(io.cwd, p));
    const home = io.env.HOME;
    const report = await runPolicyTests(paths, home ? { home } : {});
    const options = { cwd: io.cwd, ...(minCoverage !== undefined ? { minCoverage } : {}) };
    const text = format === 'json' ? formatJson(report, options) : format === 'junit' ? formatJunit(report, options) : formatHuman(report, options);
    io.stdout(text);
    return report.passed && coverageOk(report, minCoverage) ? 0 : 1;
  } catch (error) {
    io.stderr(`toolwarden test failed: ${firstLine(error)}\n`);
    return 1;
  }
}
