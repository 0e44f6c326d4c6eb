// `toolwarden validate PATH... [--format human|json|github|sarif]`: 0 valid, 1 invalid.
import { loadPolicyFiles } from '../../policy/index.js';
import { formatDiagnostics } from '../format-diagnostics.js';
import { parse } from '../args.js';
import type { CliIO } from '../io.js';

const FORMATS = ['human', 'json', 'github', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

export async function run(argv: string[], io: CliIO): Promise<number> {
  const args = parse(argv, { format: { type: 'string', default: 'human' } });
  if (!args.ok) return usageError(io, args.message);
  const format = args.values.format as Format;
  if (!FORMATS.includes(format)) return usageError(io, `unknown format \`${format}\`: use ${FORMATS.join(', ')}`);
  if (args.positionals.length === 0) return usageError(io, 'give at least one policy file or directory');
  const loaded = await loadPolicyFiles(args.positionals);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error').length;
  const text = formatDiagnostics(loaded.diagnostics, format);
  if (format === 'human') {
    if (text) io.stderr(text.endsWith('\n') ? text : `${text}\n`);
    if (errors === 0) io.stdout(`${loaded.policies.length} ${loaded.policies.length === 1 ? 'policy' : 'policies'} valid\n`);
  } else if (text) io.stdout(text.endsWith('\n') ? text : `${text}\n`);
  return errors === 0 ? 0 : 1;
}

function usageError(io: CliIO, message: string): number {
  io.stderr(`toolwarden validate: ${message}\nusage: toolwarden validate PATH... [--format human|json|github|sarif]\n`);
  return 1;
}
