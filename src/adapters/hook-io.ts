// What a hook command may touch of the outside world. The CLI entry passes the real
// process streams; tests pass strings and capture what is printed.
export interface HookIO {
  stdin: () => Promise<string>;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  env: Record<string, string | undefined>;
}
