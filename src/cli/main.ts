// The one entry point that touches process: reads argv, runs a command, prints, exits.
// Commands are loaded on demand so a hook process only pays for what it runs.
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { terminalSafe, type CliIO, type Command } from './io.js';

const COMMANDS: Record<string, { summary: string; load: () => Promise<Command> }> = {
  validate: { summary: 'check policy files against the schema and the semantic rules', load: async () => (await import('./commands/validate.js')).run },
  eval: { summary: 'decide one tool call, or replay JSON Lines of calls', load: async () => (await import('./commands/eval.js')).run },
  explain: { summary: 'show every policy and check a call went through, for a person', load: async () => (await import('./commands/explain.js')).run },
  test: { summary: 'run policy tests (*.test.yaml) and report rule coverage', load: async () => (await import('./commands/test.js')).run },
  diff: { summary: 'compare two policy sets by what they decide', load: async () => (await import('./commands/diff.js')).run },
  matrix: { summary: 'show who may do what', load: async () => (await import('./commands/matrix.js')).run },
  hook: { summary: 'run as a gateway hook: `hook claude-code` or `hook exit-code`', load: async () => (await import('./commands/hook.js')).run },
  init: { summary: 'scaffold a policies/ folder with a starter policy, tests and CI', load: async () => (await import('./commands/init.js')).run },
  schema: { summary: 'print the policy JSON Schema', load: async () => (await import('./commands/schema.js')).run },
};

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `usage: toolwarden <command> [options]\n\ncommands:\n${lines.join('\n')}\n`;
}

/** Runs a command line; returns the exit status. Never throws. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage());
    return name === undefined ? 1 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${version()}\n`);
    return 0;
  }
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    io.stderr(`toolwarden: unknown command \`${name}\` (try \`toolwarden --help\`)\n`);
    return 1;
  }
  try {
    const command = await entry.load();
    return await command(rest, io);
  } catch (error) {
    io.stderr(`toolwarden ${name}: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    // A hook that fails must deny: exit 2 is "block" for every gateway we serve.
    return name === 'hook' ? 2 : 1;
  }
}

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Most bytes read from standard input. Past V8's longest string (~512 MiB) the text could not
 * be made at all; well below it, an input this large is no honest tool call or call list.
 */
export const MAX_STDIN_BYTES = 256 * 1024 * 1024;

/**
 * A stream read whole as UTF-8 text; refused past `maxBytes`. With `waitMs`, a caller with the
 * input elsewhere (a hook given its call in the environment) waits this long for a writer
 * that never closes the pipe, then takes what came.
 */
export function readStream(stream: NodeJS.ReadableStream & { destroy(): void }, { waitMs, maxBytes }: { waitMs?: number; maxBytes: number }): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    const done = (): void => {
      clearTimeout(timer);
      try {
        resolve(Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        reject(error);
      }
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else {
        clearTimeout(timer);
        stream.destroy();
        reject(new Error(`standard input is larger than ${maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MiB` : `${maxBytes} bytes`}`));
      }
    });
    stream.on('end', done);
    stream.on('error', reject);
    if (waitMs !== undefined) timer = setTimeout(() => {
      stream.destroy();
      done();
    }, waitMs);
  });
}

export function processIO(): CliIO {
  return {
    stdin: (waitMs?: number) => (process.stdin.isTTY ? Promise.resolve('') : readStream(process.stdin, { waitMs, maxBytes: MAX_STDIN_BYTES })),
    // Whatever a policy or a call holds reaches the terminal escaped (io.ts terminalSafe).
    stdout: (text) => void process.stdout.write(terminalSafe(text)),
    stderr: (text) => void process.stderr.write(terminalSafe(text)),
    env: process.env,
    cwd: process.cwd(),
  };
}

/** Runs the command line and sets the exit status; stdout drains before the process ends. */
export async function main(argv: string[]): Promise<void> {
  // A reader that goes away (`| head`) is not an error worth a stack trace. A hook whose
  // answer cannot be delivered (a closed pipe, a full disk, an I/O error) denies: any other
  // status may be read as "proceed".
  const failClosed = argv[0] === 'hook';
  // Anything thrown outside runCli's try (an event handler, a stray rejection) ends a hook in
  // a deny too: Node's own status for it, 1, reads as "proceed" to Claude Code.
  if (failClosed) {
    const deny = (error: unknown): void => {
      process.stderr.write(`toolwarden hook: internal error: ${terminalSafe(error instanceof Error ? error.message : String(error))}\n`);
      process.exit(2);
    };
    process.on('uncaughtException', deny);
    process.on('unhandledRejection', deny);
  }
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (failClosed) process.exit(2);
      if (error.code !== 'EPIPE') throw error;
      process.exit(Number(process.exitCode ?? 0) || 0);
    });
  }
  const code = await runCli(argv, processIO());
  process.exitCode = code;
}

/**
 * Run as a program itself (`node dist/cli/main.js hook claude-code`, a path a hook setting may
 * name instead of bin/toolwarden.js): without this the module would only define `main`, and a
 * hook that exits 0 with no output lets every call through.
 */
function isProgramEntry(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isProgramEntry()) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`toolwarden: ${terminalSafe(error instanceof Error ? error.message : String(error))}\n`);
    process.exitCode = process.argv[2] === 'hook' ? 2 : 1;
  });
}
