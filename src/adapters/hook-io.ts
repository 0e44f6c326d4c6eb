// What a hook command may touch of the outside world. The CLI entry passes the real
// process streams; tests pass strings and capture what is printed.
export interface HookIO {
  /** Standard input; with `waitMs`, what came within that time when the writer does not close it. */
  stdin: (waitMs?: number) => Promise<string>;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  env: Record<string, string | undefined>;
}
