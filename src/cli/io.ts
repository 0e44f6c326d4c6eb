// What a command may touch of the outside world. Commands get it as an argument so tests
// can run them with argument arrays and capture what they print.
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
