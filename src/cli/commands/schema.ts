// `toolwarden schema`: print the policy JSON Schema (for editors and other tools).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIO } from '../io.js';

/** Finds `schemas/policy.schema.json` above this module: works from `src/` and from `dist/`. */
export function schemaPath(from: string = fileURLToPath(import.meta.url)): string | undefined {
  let dir = dirname(from);
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'schemas', 'policy.schema.json');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  if (argv.length > 0) {
    io.stderr('usage: toolwarden schema\n');
    return 1;
  }
  const path = schemaPath();
  if (!path) {
    io.stderr('cannot find schemas/policy.schema.json next to toolwarden\n');
    return 1;
  }
  try {
    const text = await readFile(path, 'utf8');
    io.stdout(text.endsWith('\n') ? text : text + '\n');
    return 0;
  } catch {
    io.stderr(`cannot read \`${path}\`\n`);
    return 1;
  }
}
