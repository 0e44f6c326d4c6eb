// `toolwarden init [DIR]`: scaffold a policy folder, its tests, editor schema support and CI.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import type { CliIO } from '../io.js';
import { STARTER_TESTS, starterPolicy } from '../templates/starter.js';
import { policyWorkflow } from '../templates/workflow.js';
import { firstLine } from '../messages.js';

const USAGE = 'usage: toolwarden init [DIR]';
const SCHEMA_IN_PROJECT = 'node_modules/toolwarden/schemas/policy.schema.json';

export interface PlannedFile {
  path: string;
  text: string;
  /** Optional files are skipped, not refused, when they already exist. */
  optional: boolean;
}

function posix(path: string): string {
  return path.split(sep).join('/');
}

/** What `init` writes into `cwd` for a policy folder `dir` (relative to cwd). */
export function plan(cwd: string, dir: string): PlannedFile[] {
  const folder = resolve(cwd, dir);
  const relDir = posix(relative(cwd, folder)) || '.';
  const schema = posix(relative(folder, resolve(cwd, SCHEMA_IN_PROJECT)));
  const settings = {
    'yaml.schemas': { [`./${SCHEMA_IN_PROJECT}`]: [`${relDir}/**/*.yaml`, `!${relDir}/**/*.test.yaml`] },
  };
  return [
    { path: join(folder, 'starter.yaml'), text: starterPolicy(schema), optional: false },
    { path: join(folder, 'starter.test.yaml'), text: STARTER_TESTS, optional: false },
    { path: join(cwd, '.github', 'workflows', 'policies.yml'), text: policyWorkflow(relDir), optional: false },
    { path: join(cwd, '.vscode', 'settings.json'), text: JSON.stringify(settings, null, 2) + '\n', optional: true },
  ];
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args: argv, options: {}, allowPositionals: true }));
  } catch (error) {
    io.stderr(`${firstLine(error)}\n${USAGE}\n`);
    return 1;
  }
  if (positionals.length > 1) {
    io.stderr(`give at most one folder\n${USAGE}\n`);
    return 1;
  }
  const files = plan(io.cwd, positionals[0] ?? 'policies');
  const clashes = files.filter((f) => !f.optional && existsSync(f.path));
  if (clashes.length > 0) {
    for (const f of clashes) io.stderr(`refusing to overwrite \`${posix(relative(io.cwd, f.path))}\`\n`);
    return 1;
  }
  try {
    for (const file of files) {
      const shown = posix(relative(io.cwd, file.path));
      if (file.optional && existsSync(file.path)) {
        io.stdout(`kept     ${shown} (exists; the policy's $schema modeline gives editor support)\n`);
        continue;
      }
      await mkdir(dirname(file.path), { recursive: true });
      await writeFile(file.path, file.text, { flag: 'wx' }); // wx: never overwrite, even in a race
      io.stdout(`created  ${shown}\n`);
    }
  } catch (error) {
    io.stderr(`toolwarden init failed: ${firstLine(error)}\n`);
    return 1;
  }
  const dir = posix(relative(io.cwd, resolve(io.cwd, positionals[0] ?? 'policies'))) || '.';
  io.stdout(`next: npx toolwarden test ${dir}/\n`);
  return 0;
}
