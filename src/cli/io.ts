// What a command may touch of the outside world. Commands get it as an argument so tests
// can run them with argument arrays and capture what they print.
import { readBoundedFile } from '../policy/read-bounded.js';

export interface CliIO {
  /** All of standard input; with `waitMs`, what came within that time when the writer does not close it. */
  stdin(waitMs?: number): Promise<string>;
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  cwd: string;
}

/** A command: argument array in, exit status out. Only `main.ts` calls process.exit. */
export type Command = (argv: string[], io: CliIO) => Promise<number>;

/** Largest file of tool calls `eval` and `explain` read. */
export const MAX_INPUT_FILE_BYTES = 64 * 1024 * 1024;

/** A file of tool calls: a regular file of at most MAX_INPUT_FILE_BYTES (policy/read-bounded.ts); throws a one-line reason otherwise. */
export async function readInputFile(file: string): Promise<string> {
  const read = readBoundedFile(file, MAX_INPUT_FILE_BYTES);
  if (!read.ok) throw new Error(read.reason === 'not-a-file' ? `\`${file}\` is not a regular file (a pipe or a device is not read)` : `\`${file}\` is larger than ${MAX_INPUT_FILE_BYTES} bytes`);
  return read.bytes.toString('utf8');
}

// Control characters other than tab and newline, C1 controls and the Unicode line separators.
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Text for a terminal: a control character a policy or a call carries (`\u001b[2K` erases a
 * line) is written as its `\uXXXX` escape, which is also its meaning inside a JSON string.
 */
export function terminalSafe(text: string): string {
  return text.replace(TERMINAL_CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
