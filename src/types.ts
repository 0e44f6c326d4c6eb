// The data every module shares. Nothing here imports anything: this file is the contract
// between policy loading, facts, the compiler, the engine, state stores and adapters.

export type DecisionKind = 'allow' | 'ask' | 'deny';
export type ToolClass = 'read' | 'write' | 'exec';
export type Severity = 'info' | 'warning' | 'critical';

/** Who asked for the call, as the gateway reports it. Absent fields prove nothing. */
export interface Requester {
  channel?: string;
  accountId?: string;
  senderId?: string;
  senderIsOwner?: boolean;
  roleIds?: string[];
}

/** A tool call as adapters produce it and `toolwarden eval` reads it (LANGUAGE.md). */
export interface ToolCall {
  toolName: string;
  params?: Record<string, unknown>;
  agentId?: string;
  sessionId?: string;
  sessionKey?: string;
  runId?: string;
  cwd?: string;
  derivedPaths?: string[];
  requester?: Requester;
  /** Epoch ms; honoured only when replaying (`toolwarden eval`, policy tests). */
  time?: number;
}

/** A place in a policy file; line and column are 1-based. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** One objection to a call. `source` is `file:line:column` of the YAML node that decided. */
export interface Reason {
  policy: string;
  check: string;
  rule?: string;
  message: string;
  source: string;
}

export interface Approval {
  title: string;
  description: string;
  severity: Severity;
  timeoutMs: number;
}

/** One line of an explain trace: a check that ran and what it saw. */
export interface TraceEntry {
  policy: string;
  check: string;
  outcome: DecisionKind | 'skip';
  saw?: unknown;
  source?: string;
  /** Coverage items (JSON pointers inside the policy, e.g. `/paths/forbidden/0`) that matched. */
  hits?: string[];
}

export interface Decision {
  decision: DecisionKind;
  reasons: Reason[];
  approval?: Approval;
  revision: string;
  trace?: TraceEntry[];
}

/** A user mistake in a policy or test file: data, never an exception. */
export interface Diagnostic {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  location: SourceLocation;
  /** JSON pointer of the offending node inside its document, e.g. `/shell/allow/2`. */
  pointer: string;
  hint?: string;
}

/** One simple command of a shell string, after unwrapping and normalisation. */
export interface SimpleCommand {
  /**
   * Words with quotes removed, assignments stripped and wrappers unwrapped. `words[0]` is the
   * program's base name, as the engine knows the program (`python3.11` is `python3`,
   * `gxargs` is `xargs`: facts/program-names.ts).
   */
  words: string[];
  /** `words` joined by single spaces: what command globs match. */
  text: string;
  /** Redirection targets (`> x`, `< y`, `2>> z`), as written after quote removal. */
  redirects: string[];
  /**
   * The command word as written when it names a path (`/tmp/x/git`), since `words[0]`
   * holds only its base name (`git`). Absent for bare names. (Added by the shell module.)
   */
  commandPath?: string;
  /**
   * The program's base name as written when the engine knows it by another (`python3.11`,
   * `vim.tiny`, `gxargs`). Absent when they are the same. (Added by the shell module.)
   */
  programAs?: string;
  /**
   * The entries of `redirects` opened for writing (`>`, `>>`, `>|`, `&>`, `<>`, `>& file`):
   * written paths for `paths.writable` whatever the command is (`echo x > f` writes f).
   * Absent when none is. (Added by the shell module.)
   */
  writtenRedirects?: string[];
  /**
   * The commands as written around this one, outermost first, when it was found inside a
   * wrapper, a shell's -c string, eval or another program (`sudo -u root ls` for `ls`):
   * deny and approve patterns should match these too (`sudo *`). Absent when none.
   * (Added by the shell module.)
   */
  wrappedBy?: string[];
  /**
   * The program runner's line it was found in (`uv run pytest -q` for `pytest -q`; the
   * outermost when several): allow patterns match that line, as written, instead of the
   * command, so `uv run pytest *` allows it and `pytest *` alone does not (the runner's own
   * work, a virtualenv or a download, is what the policy allows). Absent when none. (Added by
   * the shell module.)
   */
  runBy?: SimpleCommand;
  /** Inside a loop or a function body: it may run more than once. (Added by the shell module.) */
  repeats?: true;
  /**
   * The indices of the words the shell may turn into other words, or several: an expansion
   * whose value is not known (`$x`, `$(cmd)`), an unquoted wildcard (`*.ts`). Absent when
   * none. (Added by the shell module.)
   */
  expandingWords?: number[];
  /**
   * Of those, the indices of the words that are wildcards the shell expands itself (a literal
   * word whose `*`, `?` and brackets are all unquoted: `src/*.ts`, not `'src/*.ts'` or
   * `$x*`): a segment of one starting with `*` or `?` names no dot file (facts/path-glob.ts,
   * the dot rule). Absent when none. (Added by the shell module.)
   */
  shellGlobs?: number[];
  /**
   * The program word may name a function the line defines (by that name, or in a file it
   * sources): that function runs, whatever the name. (Added by the shell module.)
   */
  lineFunction?: true;
  /**
   * The option words of the wrappers it was found inside (`time -o out`, `xargs -a list`):
   * not part of the command's text, but files they name are touched. (Added by the shell module.)
   */
  wrapperOptions?: string[];
  /** Of those, the files the wrappers write (`time -o out`, flock's lock file). (Added by the shell module.) */
  wrapperFiles?: string[];
  /**
   * The directory a wrapper makes it run in (`env -C /etc cat passwd`), nested ones each in the one before;
   * relative to the shell's own. (Added by the shell module.)
   */
  cwd?: string;
}

/** What a shell string is, as far as a real parser can tell. */
export interface ShellFacts {
  commands: SimpleCommand[];
  /**
   * Why the string cannot be verified (parse error, non-literal command word, ...),
   * or undefined when every simple command was read.
   */
  unverifiable?: string;
  /** Which cap was exceeded (`length`, `depth`, `commands`): always a deny. */
  capExceeded?: string;
  /**
   * The string is one `&&` chain (`cd src && make`): the commands run in this order, in one
   * shell, each only when every one before it succeeded. Absent for any other shape.
   */
  sequential?: true;
  /**
   * The string evaluates a variable's text again (arithmetic, `${!x}`, `test -v`, `${x@P}`):
   * text the tool puts in the environment (an `env` parameter) may then run commands.
   */
  reEvaluates?: true;
  /**
   * Files the line runs as programs or scripts, as written (`./a.sh`, `source f`, `python3 x.py`,
   * make's makefile, the package.json and .npmrc a package manager runs scripts from). A line
   * that writes one of them runs what it made, which is not read (command-line-paths.ts).
   */
  scripts?: RunScript[];
}

/** A file a command of the line runs (ShellFacts.scripts): its path as written, and how many of the line's commands (in ShellFacts.commands order) run before it, Infinity in a loop. */
export interface RunScript {
  path: string;
  after: number;
}
