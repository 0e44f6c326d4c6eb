// Commands that run another command given in their arguments. Each entry says how to
// skip the wrapper's own options to find where the wrapped command starts. The tables
// are data: adding a wrapper is adding a line.
import { zoneRead } from '../date-strings.js';
import { forwardsCompilerChoosing } from '../grammars.js';
import { abbreviatedName, longName, optionValues, type OptionSpelling } from '../options.js';
import { nameOf } from '../within.js';
import type { WordValue } from './words.js';
import { turnsOnZshCdOption } from './zsh.js';

export interface WrapperSpec {
  /** Short options that take a value, attached (`-uroot`) or as the next word. */
  shortWithValue: string;
  /** Short options whose value can only be attached (`xargs -i{}`). */
  shortOptionalValue?: string;
  /** Long options that take a value as the next word unless written `--opt=value`. */
  longWithValue?: string[];
  /** Long options that take none, named where one begins another's name (strace's `--summary`, not `--summary-sort-by`). */
  longFlags?: string[];
  /** Options whose value sets a variable for the command (`strace -E NAME=value`): held to the risky-variable check, as `env`'s assignments are. */
  environment?: OptionSpelling;
  /** Words to skip after the options (timeout's duration, chroot's new root). */
  operands?: number;
  /** Options after which the rest is not a command (`command -v rm`, `sudo -e file`). */
  notACommand?: string[];
  /** Options that hide a command where we cannot read it (`env -S 'rm -rf /'`). */
  opaque?: string[];
  /**
   * `env` and `sudo` also take NAME=value words before the command: any word with a `=`
   * (GNU env puts `x.y=1` and `BASH_FUNC_ls%%=() { ..; }` in the environment too), once the
   * options end (a `-x=1` after an assignment is one more).
   */
  assignments?: boolean;
  /** A lone `-` is an option (`env -` is `env -i`), not the command. */
  dashIsOption?: boolean;
  /** Options whose value is the directory the command runs in (`env -C DIR`, `sudo --chdir=DIR`). */
  chdir?: OptionSpelling;
  /** Options whose value is a file the wrapper writes (`time -o FILE`). */
  files?: OptionSpelling;
  /**
   * Options whose value is never a file (xargs's delimiter and counts, time's format): left out
   * of the option words checked as paths (`xargs -d '\n'` names no file `\n`). Only options
   * that always take a value: one that takes it only attached would swallow the next option.
   */
  notFiles?: OptionSpelling;
  /** Its `operands` are files it opens, creating them when missing (flock's lock file). */
  fileOperands?: true;
  /** The command word names a package to fetch, maybe scoped or versioned (`npx prettier@3`): its program is the package's name. */
  packageSpec?: true;
  /** The command word may name the environment it runs in first (`hatch run test:pytest` runs pytest). */
  envPrefix?: true;
  /**
   * The command starts only after one of these words (`mise exec node@20 -- CMD`, `nix develop
   * -c CMD`); the words before are the runner's own (tools, packages, options). Without one it
   * runs no command from its words.
   */
  commandAfter?: string[];
  /** Options whose value is a shell command line (`nix-shell --run STR`, `mise exec -c STR`). */
  commandString?: string[];
  /** The word where the command would start is a shell command line (`sops exec-env FILE STR`). */
  stringOperand?: true;
  /**
   * The word where the command would start is a Nix installable whose attribute names the
   * program (`nix run nixpkgs#curl -- ARGS` runs curl with ARGS): its arguments follow a `--`.
   */
  installable?: true;
}

/** The program a Nix installable's attribute names (`nixpkgs#curl`, `.#app`, `nixpkgs#python3Packages.black`); undefined without one. */
export function installableProgram(installable: string): string | undefined {
  return /#(?:[^#]*\.)?([A-Za-z0-9_+-][A-Za-z0-9_.+-]*)$/.exec(installable)?.[1];
}

/** The program a runner's package spec runs: `prettier@3` and `@scope/prettier@3` run `prettier`, `ruff==0.5` runs `ruff`; undefined for a path or URL. */
export function packageProgram(spec: string): string | undefined {
  return /^(?:@[A-Za-z0-9._-]+\/)?([A-Za-z0-9._-]+)(?:\[[^\]]*\])?(?:(?:@|==|>=|~=)\S*)?$/.exec(spec)?.[1];
}

/**
 * The long names a wrapper's table holds: an abbreviated long option (`env --ch=DIR`,
 * `timeout --sig KILL`) is read as the one of them it begins (longName). Built once a spec.
 */
function longNamesOf(spec: WrapperSpec): readonly string[] {
  let names = LONG_NAMES.get(spec);
  if (names === undefined) {
    names = [...(spec.longWithValue ?? []), ...(spec.longFlags ?? []), ...(spec.notACommand ?? []), ...(spec.opaque ?? []), ...(spec.chdir?.long ?? []), ...(spec.files?.long ?? [])].filter((name) => name.startsWith('--'));
    LONG_NAMES.set(spec, names);
  }
  return names;
}
const LONG_NAMES = new WeakMap<WrapperSpec, readonly string[]>();

export const wrappers: ReadonlyMap<string, WrapperSpec> = new Map<string, WrapperSpec>([
  ['sudo', {
    shortWithValue: 'ugpCUrtThDR',
    longWithValue: ['--user', '--group', '--host', '--prompt', '--close-from', '--chdir', '--chroot', '--role', '--type', '--command-timeout', '--other-user'],
    notACommand: ['-e', '--edit', '-l', '--list', '-v', '--validate', '-V', '--version', '-K', '--remove-timestamp'],
    chdir: { letters: 'D', long: ['--chdir'] },
    assignments: true,
  }],
  ['doas', { shortWithValue: 'uC' }],
  ['env', {
    shortWithValue: 'uCa',
    longWithValue: ['--unset', '--chdir', '--argv0'],
    opaque: ['-S', '--split-string'],
    assignments: true,
    dashIsOption: true,
    chdir: { letters: 'C', long: ['--chdir'] },
  }],
  ['flock', { shortWithValue: 'wEc', longWithValue: ['--timeout', '--conflict-exit-code', '--command'], operands: 1, fileOperands: true }],
  ['nice', { shortWithValue: 'n', longWithValue: ['--adjustment'] }],
  ['nohup', { shortWithValue: '' }],
  ['setsid', { shortWithValue: '' }],
  // openvt runs its command on a new virtual console (`openvt -c 3 -- CMD`).
  ['openvt', { shortWithValue: 'c', longWithValue: ['--console'] }],
  ['timeout', { shortWithValue: 'sk', longWithValue: ['--signal', '--kill-after'], operands: 1 }],
  ['time', { shortWithValue: 'fo', longWithValue: ['--format', '--output'], files: { letters: 'o', long: ['--output'] }, notFiles: { letters: 'f', long: ['--format'] } }],
  ['command', { shortWithValue: '', notACommand: ['-v', '-V'] }],
  ['builtin', { shortWithValue: '' }],
  ['exec', { shortWithValue: 'a' }],
  ['xargs', {
    shortWithValue: 'adEILnPs',
    shortOptionalValue: 'eil',
    // --max-lines, --eof and --replace take a value only with `=`: `xargs --max-lines rm -rf /` runs rm.
    longWithValue: ['--arg-file', '--delimiter', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'],
    notFiles: { letters: 'dEILnPs', long: ['--delimiter', '--max-args', '--max-procs', '--max-chars', '--process-slot-var'] },
  }],
  ['stdbuf', { shortWithValue: 'ioe', longWithValue: ['--input', '--output', '--error'] }],
  ['ionice', { shortWithValue: 'cnp', longWithValue: ['--class', '--classdata', '--pid', '--pgid', '--uid'], notACommand: ['-p', '-P', '-u', '--pid', '--pgid', '--uid'] }],
  ['chroot', { shortWithValue: '', longWithValue: ['--userspec', '--groups'], operands: 1 }],
  ['taskset', { shortWithValue: '', notACommand: ['-p', '--pid'], operands: 1 }],
  ['busybox', { shortWithValue: '' }],
  // zsh's precommand modifiers: `noglob CMD`, `nocorrect CMD`, `- CMD` run CMD; the short
  // loop `repeat N CMD` runs it N times.
  ['noglob', { shortWithValue: '' }],
  ['nocorrect', { shortWithValue: '' }],
  ['-', { shortWithValue: '' }],
  ['repeat', { shortWithValue: '', operands: 1 }],
  ['toybox', { shortWithValue: '' }],
  // Namespaces, schedulers, tracers, privilege and proxy runners: each runs the command
  // after its options, so each is a wrapper like `nice`.
  ['unshare', { shortWithValue: 'SGRw', longWithValue: ['--setuid', '--setgid', '--root', '--wd', '--propagation', '--setgroups', '--map-user', '--map-group', '--map-users', '--map-groups', '--monotonic', '--boottime'], chdir: { letters: 'w', long: ['--wd'] } }],
  // -W/--wdns DIR: the directory the command starts in, inside the namespace (red team 32).
  ['nsenter', { shortWithValue: 'tSGW', shortOptionalValue: 'muinpUCTrw', longWithValue: ['--target', '--setuid', '--setgid', '--wdns'], chdir: { letters: 'wW', long: ['--wd', '--wdns'] } }],
  ['chrt', { shortWithValue: 'TPD', longWithValue: ['--sched-runtime', '--sched-period', '--sched-deadline'], notACommand: ['-p', '--pid', '-m', '--max'], operands: 1 }],
  ['prlimit', { shortWithValue: 'o', shortOptionalValue: 'bcdefilmnqrstuvxy', longWithValue: ['--output'], notACommand: ['-p', '--pid'] }],
  ['strace', {
    shortWithValue: 'abeEIoOpPSsuUX',
    // strace 6's options that take a value (`--signal none tar …` runs tar), and its flags that begin another's name.
    longWithValue: [
      '--output', '--attach', '--user', '--env', '--string-limit', '--columns', '--trace-path', '--summary-sort-by', '--trace', '--signal',
      '--status', '--abbrev', '--verbose', '--raw', '--read', '--write', '--kvm', '--inject', '--fault', '--const-print-style',
      '--summary-columns', '--summary-syscall-overhead', '--interruptible', '--detach-on', '--decode-pids',
    ],
    // `--secontext[=FORMAT]` takes a value only after `=` (red team 35).
    longFlags: ['--secontext', '--summary', '--summary-only', '--summary-wall-clock', '--successful-only', '--failed-only', '--follow-forks', '--output-separately', '--output-append-mode', '--stack-traces', '--syscall-number', '--no-abbrev', '--instruction-pointer', '--seccomp-bpf', '--debug'],
    environment: { letters: 'E', long: ['--env'] },
  }],
  ['ltrace', { shortWithValue: 'aADeFlnopsuwx', longWithValue: ['--output', '--library', '--config'] }],
  ['pkexec', { shortWithValue: '', longWithValue: ['--user'] }],
  ['runuser', { shortWithValue: 'ugGsw', longWithValue: ['--user', '--group', '--supp-group', '--shell', '--whitelist-environment'] }],
  ['setpriv', {
    shortWithValue: '',
    longWithValue: [
      '--reuid', '--regid', '--ruid', '--euid', '--rgid', '--egid', '--groups', '--inh-caps', '--ambient-caps', '--bounding-set', '--securebits',
      '--pdeathsig', '--selinux-label', '--apparmor-profile', '--landlock-access', '--landlock-rule', '--seccomp-filter',
    ],
  }],
  ['fakeroot', { shortWithValue: 'lsib', longWithValue: ['--lib', '--faked'] }],
  ['firejail', { shortWithValue: '' }],
  ['torsocks', { shortWithValue: 'upaP' }],
  ['proxychains', { shortWithValue: 'f' }],
  ['proxychains4', { shortWithValue: 'f' }],
  ['unbuffer', { shortWithValue: '' }],
  ['chronic', { shortWithValue: '' }],
  ['catchsegv', { shortWithValue: '' }],
  ['dbus-launch', { shortWithValue: '' }],
  ['numactl', { shortWithValue: 'CNimp', notACommand: ['-H', '--hardware', '-s', '--show'] }],
  ['cgexec', { shortWithValue: 'g' }],
  ['caffeinate', { shortWithValue: 'tw' }],
  // Debuggers, test harnesses and init shims that run the command after their options.
  ['valgrind', { shortWithValue: '' }],
  ['xvfb-run', { shortWithValue: 'nsfepw', longWithValue: ['--server-num', '--server-args', '--auth-file', '--error-file', '--xauth-protocol', '--wait'] }],
  ['dbus-run-session', { shortWithValue: '', longWithValue: ['--config-file'], opaque: ['--dbus-daemon'] }],
  ['entr', { shortWithValue: '', opaque: ['-s'] }],
  ['rlwrap', { shortWithValue: 'bCDefFgHlMOPqsStwz', shortOptionalValue: 'amp', opaque: ['-z', '--filter'] }],
  ['faketime', { shortWithValue: '', opaque: ['--date-prog'], operands: 1 }],
  ['eatmydata', { shortWithValue: '' }],
  ['tini', { shortWithValue: 'ep' }],
  ['dumb-init', { shortWithValue: 'r', longWithValue: ['--rewrite'] }],
  ['ssh-agent', { shortWithValue: 'aEtPO', notACommand: ['-k', '-l', '-D', '-T'] }],
  ['systemd-inhibit', { shortWithValue: '', longWithValue: ['--what', '--who', '--why', '--mode'], notACommand: ['--list'] }],
  ['daemonize', { shortWithValue: 'ceoplEu' }],
  ['softlimit', { shortWithValue: 'madopfcrtls' }],
  ['setuidgid', { shortWithValue: '', operands: 1 }],
  ['envuidgid', { shortWithValue: '', operands: 1 }],
  // Resource limiters and compiler launchers (`ccache gcc -c x.c`, `cpulimit -l 50 -- make`).
  ['cpulimit', { shortWithValue: 'lpePc', longWithValue: ['--limit', '--pid', '--exe', '--path', '--cpu'], notACommand: ['-p', '-e', '-P', '--pid', '--exe', '--path'] }],
  ['trickle', { shortWithValue: 'duwtln' }],
  ['ccache', { shortWithValue: 'MFodkX', longWithValue: ['--max-size', '--max-files', '--set-config', '--dir', '--config-path', '--recompress', '--evict-older-than', '--evict-namespace', '--trim-dir', '--trim-max-size', '--trim-method'] }],
  ['sccache', { shortWithValue: '' }],
  ['distcc', { shortWithValue: '' }],
  ['icecc', { shortWithValue: '' }],
  // cross-env sets NAME=value words for the command after them, as env does.
  ['cross-env', { shortWithValue: '', assignments: true }],
  // systemd's run0 (sudo's successor), and setarch's personalities by name (`linux64 CMD`).
  ['run0', { shortWithValue: 'ugD', longWithValue: ['--user', '--group', '--nice', '--chdir', '--setenv', '--unit', '--property', '--description', '--slice', '--background', '--machine', '--area'], chdir: { letters: 'D', long: ['--chdir'] } }],
  ...['linux32', 'linux64', 'i386', 'x86_64', 'uname26'].map((name): [string, WrapperSpec] => [name, { shortWithValue: '' }]),
  // sshpass types a password into the ssh (or other program) it runs.
  ['sshpass', { shortWithValue: 'pfdP' }],
  // Node's corepack runs the package manager it is given (`corepack pnpm curl x`); its own
  // commands (`corepack enable`) are read as programs of those names, which run nothing.
  ['corepack', { shortWithValue: '' }],
  ['systemd-run', {
    shortWithValue: 'upEMH',
    longWithValue: ['--unit', '--property', '--setenv', '--machine', '--host', '--description', '--slice', '--uid', '--gid', '--nice', '--working-directory', '--on-active', '--on-boot', '--on-startup', '--on-unit-active', '--on-unit-inactive', '--on-calendar', '--timer-property', '--path-property', '--socket-property', '--service-type'],
  }],
]);

/** The home directory (runTimeValue): set only where the line says so, which is refused (not `$PWD`, which a `cd 'a curl x'` sets: red team 28). */
const OWN_PLACES: ReadonlySet<string> = new Set(['$HOME', '${HOME}']);
/** The wrappers' specs (not the runners'): their option values must be literal (skipWrapperOptions). */
const WRAPPER_SPECS: ReadonlySet<WrapperSpec> = new Set(wrappers.values());

/**
 * Program runners: each runs the command after its options, in an environment it sets up
 * first (a virtualenv synced, a package downloaded, secrets injected). The command is read as
 * a wrapped one: deny and approve patterns and the path checks see `pytest` in `uv run
 * pytest`, and `curl *` denies `uv run curl`. Allow patterns match the runner's line as
 * written (`uv run pytest *`; SimpleCommand.runBy), since what the runner does first is the
 * policy's to allow. Keyed by the program and the subcommand that runs, or the program alone.
 * A runner whose command is not found plainly (an option that hides it) is read as written.
 */
export const runners: ReadonlyMap<string, WrapperSpec> = new Map<string, WrapperSpec>([
  // npm's runners; `npx -c CMD` (a command string) is read by hidden-commands.ts as written.
  ['npx', { packageSpec: true, shortWithValue: 'pw', longWithValue: ['--package', '--workspace', '--prefix', '--registry', '--cache', '--userconfig'], notACommand: ['-c', '--call'] }],
  ['pnpm exec', { shortWithValue: 'C', longWithValue: ['--filter', '--dir', '--resume-from', '--reporter'], opaque: ['-c', '--shell-mode'], chdir: { letters: 'C', long: ['--dir'] } }],
  ['pnpm dlx', { packageSpec: true, shortWithValue: 'C', longWithValue: ['--package', '--dir', '--reporter'], opaque: ['-c', '--shell-mode'], chdir: { letters: 'C', long: ['--dir'] } }],
  ['yarn exec', { shortWithValue: '', longWithValue: ['--cwd'], chdir: { letters: '', long: ['--cwd'] } }],
  ['yarn dlx', { packageSpec: true, shortWithValue: 'p', longWithValue: ['--package'] }],
  ['bunx', { packageSpec: true, shortWithValue: 'p', longWithValue: ['--package'] }],
  ['bun x', { packageSpec: true, shortWithValue: 'p', longWithValue: ['--package', '--cwd'], chdir: { letters: '', long: ['--cwd'] } }],
  // Python's environment managers.
  ['uv run', {
    shortWithValue: 'pifCPw',
    longWithValue: ['--with', '--with-editable', '--with-requirements', '--python', '--project', '--directory', '--package', '--extra', '--group', '--only-group', '--no-group', '--env-file', '--index', '--index-url', '--default-index', '--extra-index-url', '--find-links', '--index-strategy', '--keyring-provider', '--resolution', '--prerelease', '--exclude-newer', '--link-mode', '--config-setting', '--config-file', '--cache-dir', '--color', '--python-preference', '--refresh-package', '--reinstall-package', '--upgrade-package', '--no-binary-package', '--no-build-package', '--allow-insecure-host'],
    chdir: { letters: '', long: ['--directory'] },
  }],
  ['uvx', { packageSpec: true, shortWithValue: 'pw', longWithValue: ['--from', '--with', '--with-editable', '--with-requirements', '--python', '--index', '--index-url', '--default-index', '--extra-index-url', '--find-links', '--cache-dir', '--config-file', '--directory'], chdir: { letters: '', long: ['--directory'] } }],
  ['poetry run', { shortWithValue: 'CP', longWithValue: ['--directory', '--project'], chdir: { letters: 'C', long: ['--directory'] } }],
  ['pipenv run', { shortWithValue: '' }],
  ['pdm run', { shortWithValue: 'p', longWithValue: ['--project', '--venv'], notACommand: ['-l', '--list'] }],
  ['rye run', { shortWithValue: '', longWithValue: ['--pyproject'], notACommand: ['-l', '--list'] }],
  ['conda run', { shortWithValue: 'np', longWithValue: ['--name', '--prefix', '--cwd'], chdir: { letters: '', long: ['--cwd'] } }],
  ['mamba run', { shortWithValue: 'np', longWithValue: ['--name', '--prefix', '--cwd'], chdir: { letters: '', long: ['--cwd'] } }],
  ['micromamba run', { shortWithValue: 'npa', longWithValue: ['--name', '--prefix', '--cwd', '--attach'], chdir: { letters: '', long: ['--cwd'] } }],
  // Ruby's, and the version managers' shims.
  ['bundle exec', { shortWithValue: '', longWithValue: ['--gemfile'] }],
  ['asdf exec', { shortWithValue: '' }],
  ['rbenv exec', { shortWithValue: '' }],
  ['pyenv exec', { shortWithValue: '' }],
  ['rustup run', { shortWithValue: '', operands: 1 }],
  ['volta run', { shortWithValue: '', longWithValue: ['--node', '--npm', '--yarn', '--pnpm'], opaque: ['--env'] }],
  // Environments and secrets injected into the command (direnv loads DIR's .envrc, a bash script).
  ['direnv exec', { shortWithValue: '', operands: 1 }],
  ['op run', { shortWithValue: '', longWithValue: ['--env-file', '--account', '--config', '--session', '--encoding'] }],
  ['doppler run', { shortWithValue: 'pc', longWithValue: ['--project', '--config', '--token', '--scope', '--fallback', '--mount', '--mount-format', '--name-transformer'], opaque: ['--command'] }],
  ['aws-vault exec', { shortWithValue: 'dt', longWithValue: ['--duration', '--mfa-token', '--region', '--prompt'], notACommand: ['-s', '--server', '--ec2-server', '--ecs-server'], operands: 1 }],
  ['dotenv', { shortWithValue: 'ec', opaque: ['-v'], notACommand: ['-p'] }],
  ['dotenvx run', { shortWithValue: 'f', longWithValue: ['--env-file', '--env-keys-file', '--convention'], opaque: ['--env', '-e'] }],
  ['infisical run', { shortWithValue: '', longWithValue: ['--env', '--path', '--projectId', '--token', '--tags', '--domain'], opaque: ['--command'] }],
  // `yarn run X` and `bun run X` run a script of that name, else the bin (bun: or the file) X,
  // and `yarn workspace WS X` does so in the workspace WS;
  // `bun exec STRING` runs a command line in Bun's shell.
  ['yarn workspace', { shortWithValue: '', longWithValue: ['--cwd'], operands: 1, chdir: { letters: '', long: ['--cwd'] } }],
  ['yarn run', { shortWithValue: '', longWithValue: ['--cwd'], chdir: { letters: '', long: ['--cwd'] } }],
  ['bun run', { shortWithValue: 'r', longWithValue: ['--cwd', '--preload', '--filter', '--env-file', '--config', '--shell'], chdir: { letters: '', long: ['--cwd'] } }],
  ['bun exec', { shortWithValue: '', stringOperand: true }],
  // Monorepo tools running a command in each package (`lerna exec -- CMD`, `nx exec -- CMD`),
  // and env-cmd, which loads an env file first (as dotenv).
  ['lerna exec', { shortWithValue: '', longWithValue: ['--scope', '--ignore', '--concurrency', '--since', '--exclude-dependents', '--include-dependents', '--include-dependencies', '--loglevel'] }],
  ['nx exec', { shortWithValue: '', longWithValue: ['--projects', '--exclude', '--parallel', '--output-style', '--configuration'] }],
  ['env-cmd', { shortWithValue: 'fer', longWithValue: ['--file', '--environments', '--rc-file'], opaque: ['--use-shell'] }],
  // Commands run elsewhere on this machine: in a network namespace (`ip netns exec NS CMD`), as
  // another user or in a process's bootstrap (macOS's `launchctl asuser UID CMD`, `bsexec PID
  // CMD`, `submit -l L -- CMD`), in a local container's shell (`machinectl shell M CMD`), and a
  // cloud VM's command line (`gcloud compute ssh VM --command STR`).
  ['ip netns exec', { shortWithValue: '', operands: 1 }],
  ['launchctl asuser', { shortWithValue: '', operands: 1 }],
  ['launchctl bsexec', { shortWithValue: '', operands: 1 }],
  ['launchctl submit', { shortWithValue: '', commandAfter: ['--'] }],
  ['machinectl shell', { shortWithValue: 'ME', longWithValue: ['--machine', '--uid', '--setenv'], operands: 1 }],
  ['gcloud compute ssh', { shortWithValue: '', commandAfter: [], commandString: ['--command'] }],
  ['sops exec-env', { shortWithValue: '', longWithValue: ['--user'], operands: 1, stringOperand: true }],
  ['sops exec-file', { shortWithValue: '', longWithValue: ['--user', '--filename', '--output-type', '--input-type'], operands: 1, stringOperand: true }],
  // More of npm's and Python's: pnpm's `npx`, hatch's environments (`hatch run test:pytest`
  // runs pytest in the env `test`), pixi's, pipx's one-off apps.
  ['pnpx', { packageSpec: true, shortWithValue: 'C', longWithValue: ['--package', '--dir'], chdir: { letters: 'C', long: ['--dir'] } }],
  ['hatch run', { envPrefix: true, shortWithValue: 'eixp', longWithValue: ['--env', '--include', '--exclude', '--filter', '--project', '--data-dir', '--cache-dir', '--config', '--color'] }],
  ['hatch env run', { shortWithValue: '', commandAfter: ['--'] }],
  ['pixi run', { shortWithValue: 'e', longWithValue: ['--manifest-path', '--environment', '--executable', '--color', '--concurrent-downloads', '--concurrent-solves', '--tls-root-certs', '--pinned-environment'] }],
  ['pixi exec', { packageSpec: true, shortWithValue: 'sc', longWithValue: ['--spec', '--channel', '--platform', '--with', '--color'] }],
  ['pipx run', { packageSpec: true, shortWithValue: '', longWithValue: ['--spec', '--python', '--pip-args', '--index-url', '--backend'] }],
  // Haskell's stack, the version manager mise (`mise x node@20 -- node x.js`), Nix, and the
  // environments of devbox, flox, guix and tox: the command after their options, or after `--`
  // or `-c` where their own words (tools, packages) come first.
  ['stack exec', { shortWithValue: '', longWithValue: ['--package', '--rts-options', '--cwd', '--stack-yaml', '--resolver', '--snapshot', '--work-dir', '--verbosity', '--arch', '--compiler', '--docker-image'], chdir: { letters: '', long: ['--cwd'] } }],
  ...['mise exec', 'mise x', 'rtx exec', 'rtx x'].map((key): [string, WrapperSpec] => [key, { shortWithValue: 'CEj', longWithValue: ['--cd', '--env', '--jobs'], commandAfter: ['--'], commandString: ['-c', '--command'], chdir: { letters: 'C', long: ['--cd'] } }]),
  ['nix develop', { shortWithValue: '', commandAfter: ['-c', '--command'] }],
  ['nix shell', { shortWithValue: '', commandAfter: ['-c', '--command'] }],
  ['nix run', { shortWithValue: '', longWithValue: ['--profile', '--override-input', '--inputs-from', '--reference-lock-file', '--output-lock-file', '--eval-store', '--store', '--arg', '--argstr', '--expr', '--file'], installable: true }],
  ['nix-shell', { shortWithValue: '', commandAfter: [], commandString: ['--run', '--command'] }],
  ['devbox run', { shortWithValue: 'ce', longWithValue: ['--config', '--env', '--env-file', '--environment'] }],
  ['flox activate', { shortWithValue: '', commandAfter: ['--'], commandString: ['-c', '--command'] }],
  ['guix shell', { shortWithValue: '', commandAfter: ['--'] }],
  ['tox exec', { shortWithValue: '', commandAfter: ['--'] }],
]);

/**
 * Programs that run any word that is not one of their own commands as a command: `pnpm eslint`
 * is `pnpm exec eslint` (a script of that name first), `yarn jest` runs the bin (or script),
 * `bun x.ts` runs the file. (`yarn node ARGS` runs node: not among yarn's own, so read so.)
 * Read as their runner (the value) with the command at that word.
 */
export const defaultRunners: ReadonlyMap<string, { runner: string; own: ReadonlySet<string> }> = new Map([
  ['pnpm', {
    runner: 'pnpm exec',
    own: new Set(['add', 'install', 'i', 'update', 'up', 'upgrade', 'remove', 'rm', 'uninstall', 'un', 'link', 'ln', 'unlink', 'import', 'rebuild', 'rb', 'prune', 'fetch', 'install-test', 'it', 'dedupe', 'patch', 'patch-commit', 'patch-remove', 'audit', 'list', 'ls', 'll', 'la', 'outdated', 'why', 'licenses', 'run', 'run-script', 'test', 't', 'tst', 'exec', 'dlx', 'create', 'start', 'publish', 'pack', 'recursive', 'multi', 'm', 'server', 'store', 'root', 'bin', 'setup', 'init', 'deploy', 'doctor', 'config', 'c', 'get', 'set', 'env', 'cat-file', 'cat-index', 'find-hash', 'self-update', 'approve-builds', 'ignored-builds', 'help', 'restart', 'stop', 'completion', 'version', 'login', 'logout', 'whoami', 'owner', 'dist-tag', 'view', 'info', 'search', 'docs', 'home', 'repo', 'bugs', 'ping', 'token', 'profile', 'team', 'access', 'adduser', 'unpublish', 'deprecate', 'undeprecate', 'star', 'stars', 'unstar', 'pkg', 'sbom', 'catalog']),
  }],
  ['yarn', {
    runner: 'yarn exec',
    own: new Set(['access', 'add', 'audit', 'autoclean', 'bin', 'cache', 'check', 'config', 'constraints', 'create', 'dedupe', 'dlx', 'exec', 'explain', 'generate-lock-entry', 'global', 'help', 'import', 'info', 'init', 'install', 'licenses', 'link', 'list', 'login', 'logout', 'npm', 'outdated', 'owner', 'pack', 'patch', 'patch-commit', 'plugin', 'policies', 'publish', 'rebuild', 'remove', 'run', 'search', 'set', 'stage', 'tag', 'team', 'test', 'unlink', 'unplug', 'up', 'upgrade', 'upgrade-interactive', 'version', 'versions', 'why', 'workspace', 'workspaces', 'start']),
  }],
  ['bun', {
    runner: 'bun x',
    own: new Set(['run', 'test', 'x', 'repl', 'exec', 'install', 'i', 'add', 'a', 'remove', 'rm', 'update', 'outdated', 'link', 'unlink', 'pm', 'build', 'init', 'create', 'c', 'upgrade', 'publish', 'patch', 'patch-commit', 'audit', 'info', 'why', 'completions', 'discord', 'help', 'getcompletes']),
  }],
]);

/**
 * Options a runner's program takes before its subcommand (`uv -q run`, `poetry -C dir run`,
 * `bundle -V exec`): skipped to find the subcommand. Those that change directory are also
 * in the runner's own entry (`chdir`), so its command runs there: `poetry -C /etc run cat
 * passwd` reads /etc/passwd.
 */
export const runnerGlobals: ReadonlyMap<string, WrapperSpec> = new Map<string, WrapperSpec>([
  ['uv', { shortWithValue: '', longWithValue: ['--cache-dir', '--directory', '--project', '--config-file', '--color', '--python-preference', '--allow-insecure-host'] }],
  ['poetry', { shortWithValue: 'CP', longWithValue: ['--directory', '--project'] }],
  ['pdm', { shortWithValue: 'c', longWithValue: ['--config'] }],
  ['pipenv', { shortWithValue: '', longWithValue: ['--python'] }],
  ['rye', { shortWithValue: '', longWithValue: [] }],
  ['conda', { shortWithValue: '', longWithValue: [] }],
  ['mamba', { shortWithValue: '', longWithValue: [] }],
  ['micromamba', { shortWithValue: 'r', longWithValue: ['--root-prefix', '--rc-file', '--log-level'] }],
  ['bundle', { shortWithValue: 'r', longWithValue: ['--retry'] }],
  ['pnpm', { shortWithValue: 'CF', longWithValue: ['--dir', '--filter', '--reporter', '--loglevel', '--workspace-concurrency', '--resume-from'] }],
  ['yarn', { shortWithValue: '', longWithValue: ['--cwd', '--cache-folder', '--modules-folder', '--global-folder', '--link-folder', '--network-timeout', '--network-concurrency', '--registry', '--mutex'] }],
  // `bun -e CODE` runs program text (code-commands.ts), not a command.
  ['bun', { shortWithValue: 'rc', longWithValue: ['--cwd', '--preload', '--config', '--env-file'], notACommand: ['-e', '--eval', '-p', '--print'] }],
  ['hatch', { shortWithValue: 'ep', longWithValue: ['--env', '--project', '--data-dir', '--cache-dir', '--config', '--color'] }],
  ['pixi', { shortWithValue: '', longWithValue: ['--color'] }],
  ['pipx', { shortWithValue: '', longWithValue: [] }],
  ['stack', { shortWithValue: '', longWithValue: ['--stack-yaml', '--resolver', '--snapshot', '--work-dir', '--verbosity', '--arch', '--compiler', '--docker-image'] }],
  ['mise', { shortWithValue: 'CEj', longWithValue: ['--cd', '--env', '--jobs', '--log-level'] }],
  ['rtx', { shortWithValue: 'CEj', longWithValue: ['--cd', '--env', '--jobs', '--log-level'] }],
  ['nix', { shortWithValue: '', longWithValue: ['--extra-experimental-features', '--experimental-features', '--log-format', '--store', '--eval-store', '--max-jobs', '--cores', '--builders', '--extra-substituters', '--substituters'] }],
  ['sops', { shortWithValue: '', longWithValue: ['--config', '--input-type', '--output-type'] }],
  ['devbox', { shortWithValue: '', longWithValue: [] }],
  ['flox', { shortWithValue: '', longWithValue: [] }],
  ['guix', { shortWithValue: '', longWithValue: [] }],
  ['tox', { shortWithValue: 'c', longWithValue: ['--conf', '--workdir', '--root'] }],
  ['op', { shortWithValue: '', longWithValue: ['--account', '--config', '--session', '--encoding', '--format'] }],
  ['doppler', { shortWithValue: '', longWithValue: ['--config-dir', '--token', '--api-host', '--dashboard-host'] }],
  ['dotenvx', { shortWithValue: '', longWithValue: ['--log-level'] }],
  ['infisical', { shortWithValue: '', longWithValue: ['--domain', '--log-level'] }],
  ['volta', { shortWithValue: '', longWithValue: [] }],
  ['rustup', { shortWithValue: '', longWithValue: [] }],
  ['asdf', { shortWithValue: '', longWithValue: [] }],
  ['direnv', { shortWithValue: '', longWithValue: [] }],
  ['ip', { shortWithValue: 'n' }],
  ['launchctl', { shortWithValue: '', longWithValue: [] }],
  ['machinectl', { shortWithValue: 'ME', longWithValue: ['--machine', '--uid', '--setenv'] }],
  ['gcloud', { shortWithValue: '', longWithValue: ['--project', '--account', '--configuration', '--verbosity', '--impersonate-service-account'] }],
  ['aws-vault', { shortWithValue: '', longWithValue: ['--backend', '--keychain', '--pass-dir', '--pass-cmd', '--pass-prefix', '--file-dir'] }],
]);

/**
 * Shells of a language of their own (Nushell, xonsh, Elvish, Ion, Plan 9's rc, es, Oils' ysh,
 * murex, PowerShell): what they run, from their words (`nu -c 'curl x'`, a script) or their
 * input (`echo 'curl x' | xonsh`), is not read, so either is unverifiable.
 */
export const foreignShells: ReadonlySet<string> = new Set(['nu', 'xonsh', 'elvish', 'ion', 'rc', 'es', 'ysh', 'oil', 'murex', 'pwsh', 'powershell']);

// Programs that build the command they run from their input (`parallel rm ::: a b`), and
// those whose command is in a language of their own or among many options: expect's Tcl
// (`spawn`), hyperfine's and gdb's shell commands, MPI and Slurm launchers, daemontools' chpst
// and envdir (which set the environment from files), perf, start-stop-daemon.
export const opaqueRunners: ReadonlySet<string> = new Set([
  'parallel', 'sem', 'cmd', 'osascript', // `cmd.exe` is `cmd` (program-names.ts)
  'expect', 'hyperfine', 'gdb', 'lldb', 'mpirun', 'mpiexec', 'srun', 'chpst', 'envdir', 'perf', 'start-stop-daemon',
  // Terminal multiplexers and schedulers: their commands run later or elsewhere, in their own
  // syntax (`tmux new 'CMD'`, `screen -dm CMD`, `at now <<< CMD`, `crontab - <<< '* * * * * CMD'`).
  'tmux', 'screen', 'at', 'batch', 'crontab',
  // Sandboxes and fake roots whose many options (binds, mounts, a root) come among the command's words.
  'nsjail', 'proot', 'fakechroot',
  // Watchers and process managers that run a command line (or several) when something changes
  // or in the background (`watchexec 'CMD'`, `nodemon --exec CMD`, `concurrently 'A' 'B'`, `pm2
  // start 'CMD'`), WSL's launcher (`wsl CMD` runs it in the Linux side's shell), configuration
  // managers' ad-hoc commands (`ansible localhost -m shell -a CMD`, `salt-call cmd.run CMD`).
  'watchexec', 'nodemon', 'concurrently', 'chokidar', 'onchange', 'pm2', 'forever', 'cross-env-shell',
  'wsl', 'ansible', 'salt-call', 'salt',
  // mosh runs a remote command after its host, and the local program its `--ssh` names;
  // setarch's options come after its first word (`setarch x86_64 -R CMD`).
  'mosh', 'setarch',
  ...foreignShells,
  // `gpg-agent --daemon CMD` runs CMD, and its options name programs it starts later (`--pinentry-program`).
  'gpg-agent',
]);

/** Shells that run a command string given with -c (or read commands from stdin). */
export const shellInterpreters: ReadonlySet<string> = new Set([
  'sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'yash', 'posh', 'rbash', 'fish', 'csh', 'tcsh', 'ksh93', 'pdksh', 'oksh', 'lksh',
  // Oils' bash-compatible shell and BusyBox's hush.
  'osh', 'hush',
]);


/** A shell by name, versioned or not: `bash5`, `bash-5.2`, `zsh-5.9`, `ksh93`. */
export function isShellInterpreter(name: string): boolean {
  if (shellInterpreters.has(name)) return true;
  const bare = /^([a-z]+?)-?\d[\d.]*$/.exec(name)?.[1];
  return bare !== undefined && shellInterpreters.has(bare);
}

/** Variables that change which program runs or inject code into the one that does. */
// HOME and XDG_CONFIG_HOME move `~` (which path checks expand to the real home) and the
// configuration files programs read commands from (~/.gitconfig's core.pager). CDPATH,
// OLDPWD, PWD and DIRSTACK move where `cd`, `cd -` and `popd` go, and so every relative path.
// RIPGREP_CONFIG_PATH names a file of rg options (`--pre` runs a program); GREP_OPTIONS adds
// options to older GNU greps and BSD grep (`-f FILE` reads a file, and makes the first operand one).
// BASH_CMDS is the command hash table (`BASH_CMDS[ls]=/tmp/x; ls` runs /tmp/x), BASH_ALIASES
// the aliases, EXECIGNORE hides programs from the PATH search. The prompts PS0-PS4 run the
// substitutions in them (PS3 in `select` even without -i, PS4 under `set -x`). LESSKEY and LESSKEYIN name
// less's key file, which can set LESSOPEN (LESSKEY_CONTENT is one); cargo runs RUSTC_WRAPPER, RUSTC, RUSTDOC and the
// CARGO_TARGET_<triple>_RUNNER it is given. zsh (Claude Code's Bash tool on macOS) ties
// `path`, `cdpath`, `fpath` and `module_path` to PATH, CDPATH, FPATH and MODULE_PATH, runs
// the functions named in `chpwd_functions` (and the other hook arrays) on `cd`, and runs
// NULLCMD/READNULLCMD for a redirection without a command (`> f`, `< f`). vim runs the Ex
// commands of VIMINIT and EXINIT and sources MYVIMRC and scripts under VIMRUNTIME (and VIM) at
// start-up; m4 and awk look their input files up in M4PATH and AWKPATH. gcc finds cc1, as
// and ld in COMPILER_PATH and GCC_EXEC_PREFIX, compiles again with GCC_COMPARE_DEBUG's
// options, writes dependency files to DEPENDENCIES_OUTPUT's and SUNPRO_DEPENDENCIES's; clang
// edits its arguments by CCC_OVERRIDE_OPTIONS. psql reads PSQLRC's start-up file even with
// -c (since 9.6), whose `\!` lines run any program; PSQL_HISTORY names a file it writes.
// R sources R_PROFILE(_USER) and reads R_ENVIRON(_USER) at start-up; php loads the php.ini
// PHPRC and PHP_INI_SCAN_DIR find (`auto_prepend_file`); ELECTRON_RUN_AS_NODE makes an
// Electron app a Node.js that runs its argument as a script; the sanitizers' *SAN_OPTIONS
// name a symbolizer program they run (`external_symbolizer_path`; red team 15D). man-db
// reads pages from MANPATH's directories (a page's `.so` includes any file) and hands
// MANROFFOPT to groff (`-U`: unsafe mode, whose `.sy` runs any command); groff runs
// GROFF_COMMAND_PREFIX's `troff` (`./x` runs ./xtroff; red team 46). Also (red team 46) the
// editors, pagers, diff programs and remote shells other programs start (kubectl's KUBE_EDITOR
// and KUBECTL_EXTERNAL_DIFF, psql's, Mercurial's, Subversion's, CVS's, borg's, restic's), the
// modules, libraries and profilers runtimes load before their program (Node's REPL module,
// .NET's CoreCLR profiler and extra dependencies, Lua's, Tcl's, GHC's, Julia's, R's library
// paths, coverage's start-up), the start-up files of irb and gem, Docker's configuration (its
// credential helpers) and daemon, and the browsers test runners start by path. gcc's
// CXX_MODULE_MAPPER is `-fmodule-mapper` (`|PROG` starts PROG; red team 47). A non-null
// GLOBIGNORE turns bash's dotglob on, and ksh's FIGNORE lets wildcards match dot files: the
// dot rule (facts/path-glob.ts) would no longer hold.
const riskyVariable = /^(COMPILER_PATH|GCC_EXEC_PREFIX|GCC_COMPARE_DEBUG|DEPENDENCIES_OUTPUT|SUNPRO_DEPENDENCIES|CCC_OVERRIDE_OPTIONS|path|cdpath|fpath|FPATH|module_path|MODULE_PATH|NULLCMD|READNULLCMD|(?:chpwd|precmd|preexec|periodic|zshexit|zshaddhistory)_functions|PATH|CDPATH|OLDPWD|PWD|DIRSTACK|BASH_CMDS|BASH_ALIASES|EXECIGNORE|BASH_LOADABLES_PATH|LD_[A-Z_]*|DYLD_[A-Z_]*|BASH_ENV|ENV|IFS|BASH_FUNC_.*|PROMPT_COMMAND|SHELLOPTS|BASHOPTS|GLOBIGNORE|FIGNORE|PS0|PS1|PS2|PS3|PS4|GIT_SSH_COMMAND|GIT_SSH|GIT_EXEC_PATH|GIT_EXTERNAL_DIFF|GIT_PAGER|GIT_EDITOR|GIT_ASKPASS|GIT_CONFIG|GIT_CONFIG_[A-Z_0-9]*|GIT_DIR|GIT_WORK_TREE|GIT_SEQUENCE_EDITOR|GIT_PROXY_COMMAND|GIT_TEMPLATE_DIR|PAGER|EDITOR|VISUAL|SSH_ASKPASS|SUDO_ASKPASS|SUDO_EDITOR|FCEDIT|NODE_OPTIONS|NODE_PATH|PYTHONSTARTUP|PYTHONPATH|PYTHONHOME|PERL5OPT|PERL5LIB|PERLLIB|PERL5DB|RUBYOPT|RUBYLIB|LUA_INIT|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|DOTNET_STARTUP_HOOKS|HOME|XDG_CONFIG_HOME|ZDOTDIR|SHELL|LESSOPEN|LESSCLOSE|MANPAGER|MANOPT|MANPATH|MANROFFOPT|MANROFFSEQ|MANPL|GROFF_COMMAND_PREFIX|SYSTEMD_PAGER|BROWSER|TAR_OPTIONS|GREP_OPTIONS|RIPGREP_CONFIG_PATH|RSYNC_RSH|RSYNC_CONNECT_PROG|GCONV_PATH|OPENSSL_CONF|LESSKEY|LESSKEYIN|LESSKEY_CONTENT|SIMPLE_BACKUP_SUFFIX|RUSTC_WRAPPER|RUSTC_WORKSPACE_WRAPPER|CARGO_BUILD_RUSTC_WRAPPER|CARGO_BUILD_RUSTC|RUSTC|RUSTDOC|RUSTFLAGS|AWKPATH|AWKLIBPATH|M4PATH|VIMINIT|EXINIT|MYVIMRC|VIMRUNTIME|VIM|MAGICK_CONFIGURE_PATH|MAGICK_CODER_MODULE_PATH|MAGICK_CODER_FILTER_PATH|MAGICK_FILTER_MODULE_PATH|MAGICK_HOME|RUSTDOCFLAGS|CARGO_ENCODED_RUSTFLAGS|CC|CXX|CPP|LD|AR|AS|MAKEFLAGS|MFLAGS|GNUMAKEFLAGS|MAKEFILES|GNUPGHOME|KUBECONFIG|AWS_CONFIG_FILE|JDK_JAVA_OPTIONS|MAVEN_OPTS|GRADLE_OPTS|CLASSPATH|JAVA_HOME|GEM_HOME|GEM_PATH|[Nn][Pp][Mm]_[Cc][Oo][Nn][Ff][Ii][Gg]_.*|PSQLRC|PSQL_HISTORY|PGSYSCONFDIR|RM|YACC|LEX|M2C|PC|CO|GET|MAKEINFO|TEX|TEXI2DVI|WEAVE|CWEAVE|TANGLE|CTANGLE|RANLIB|INSTALL|MAKE|MAKESHELL|FC|(?:COMPILE|LINK|PREPROCESS|LINT)\..*|\.SHELLFLAGS|OUTPUT_OPTION|GROFF_BIN_PATH|GROFF_FONT_PATH|GROFF_TMAC_PATH|LESSKEYIN_SYSTEM|LESSKEY_SYSTEM|RUSTUP_TOOLCHAIN|RUSTUP_HOME|CARGO_HOME|JDK_JAVAC_OPTIONS|R_PROFILE|R_PROFILE_USER|R_ENVIRON|R_ENVIRON_USER|PHPRC|PHP_INI_SCAN_DIR|ELECTRON_RUN_AS_NODE|[AMLTU]SAN_OPTIONS|UBSAN_OPTIONS|KUBE_EDITOR|KUBECTL_EXTERNAL_DIFF|PSQL_EDITOR|PSQL_PAGER|HGEDITOR|SVN_EDITOR|CVSEDITOR|CVS_RSH|HGRCPATH|BORG_RSH|RESTIC_PASSWORD_COMMAND|NODE_REPL_EXTERNAL_MODULE|CORECLR_[A-Z_]*|DOTNET_ADDITIONAL_DEPS|DOTNET_SHARED_STORE|DOTNET_ROOT|MONO_ENV_OPTIONS|LUA_INIT_5_[0-9]|LUA_PATH(?:_5_[0-9])?|LUA_CPATH(?:_5_[0-9])?|TCL_LIBRARY|TCLLIBPATH|PYTEST_PLUGINS|COVERAGE_PROCESS_START|GHC_ENVIRONMENT|GHC_PACKAGE_PATH|JULIA_LOAD_PATH|JULIA_DEPOT_PATH|R_LIBS|R_LIBS_USER|R_LIBS_SITE|PERL5SHELL|IRBRC|GEMRC|HELM_PLUGINS|DOCKER_CONFIG|DOCKER_HOST|EMACSLOADPATH|CHROME_PATH|PUPPETEER_EXECUTABLE_PATH|CYPRESS_RUN_BINARY|ELECTRON_OVERRIDE_DIST_PATH|SWIFT_EXEC|MYSQL_HOME|CXX_MODULE_MAPPER)$/;

// Build tools and package managers read their whole configuration from variables of one
// family, and much of it chooses what runs: cargo's CARGO_TARGET_<triple>_LINKER and
// CARGO_HOME (its config.toml), the Go toolchain's GOENV, GOROOT, GOTOOLCHAIN, GOPROXY and
// CGO_LDFLAGS, Python's PYTHONUSERBASE (the user site it imports usercustomize from), pip's PIP_INDEX_URL, uv's, yarn's and bundler's settings. A family is risky but for
// the names that only tune a build (targets, verbosity, garbage collector) and the directories
// it writes (writtenPathVariable). Compilers and flags (CC, RUSTFLAGS' `-C linker=`, MAKEFILES,
// GNUPGHOME's pinentry, KUBECONFIG's and AWS_CONFIG_FILE's credential commands) are in riskyVariable.
const toolchainVariable = /^(CARGO_[A-Z0-9_]*|GO[A-Z0-9_]*|CGO_[A-Z0-9_]*|PYTHON[A-Z0-9_]*|PIP_[A-Z0-9_]*|UV_[A-Z0-9_]*|YARN_[A-Z0-9_]*|BUNDLE_[A-Z0-9_]*)$/;
const harmlessToolchainVariable = /^(CARGO_TERM_[A-Z_]*|CARGO_INCREMENTAL|CARGO_BUILD_JOBS|CARGO_NET_OFFLINE|CARGO_LOG|GOOS|GOARCH|GOAMD64|GOARM|GOARM64|GO386|GOMIPS|GOMIPS64|GOPPC64|GORISCV64|GOWASM|GOEXPERIMENT|GOMAXPROCS|GOGC|GOMEMLIMIT|GOTRACEBACK|GODEBUG|CGO_ENABLED|PYTHONDONTWRITEBYTECODE|PYTHONUNBUFFERED|PYTHONHASHSEED|PYTHONIOENCODING|PYTHONUTF8|PYTHONFAULTHANDLER|PYTHONDEVMODE|PYTHONOPTIMIZE|PYTHONVERBOSE|PYTHONNOUSERSITE|PYTHONSAFEPATH|PIP_NO_INPUT|PIP_QUIET|PIP_DISABLE_PIP_VERSION_CHECK|PIP_NO_CACHE_DIR|PIP_PROGRESS_BAR)$/;

// git reads dozens of GIT_* variables, and many change what it runs, reads or writes beyond
// what its words show: GIT_TEST_FSMONITOR is run through the shell by `git status` (as
// core.fsmonitor is), GIT_TEST_MAINT_SCHEDULER=crontab:CMD makes `git maintenance start` run
// CMD, GIT_ALLOW_PROTOCOL=ext enables `ext::` URLs (which run a command), GIT_ICASE_PATHSPECS
// makes every pathspec match names in any case (`.ENV` reads `.env`), GIT_ATTR_SOURCE,
// GIT_REPLACE_REF_BASE, GIT_NAMESPACE, GIT_SHALLOW_FILE... So the family is risky, as
// cargo's and Go's are (toolchainVariable), but for the names that only label or tune what
// it does (identities and dates, prompts, verbosity, locks) and the pathspec modes that only
// narrow what a pattern matches (literal, glob: `*` no longer crosses `/`). GIT_TRACE* (a
// file it writes) and GIT_INDEX_FILE & co. are read as optionVariable says.
const gitVariable = /^GIT_[A-Z0-9_]*$/;
const harmlessGitVariable = /^GIT_(?:AUTHOR_(?:NAME|EMAIL|DATE)|COMMITTER_(?:NAME|EMAIL|DATE)|TERMINAL_PROMPT|FLUSH|OPTIONAL_LOCKS|MERGE_VERBOSITY|MERGE_AUTOEDIT|PROGRESS_DELAY|REDACT_COOKIES|NO_REPLACE_OBJECTS|LITERAL_PATHSPECS|GLOB_PATHSPECS|NOGLOB_PATHSPECS|CEILING_DIRECTORIES|ADVICE|REFLOG_ACTION)$/;

// Variables holding options or flags for a program (`*_OPTS`, `*_OPTIONS`, `*ADDOPTS`, `*_FLAGS`).
const OPTIONS_VARIABLE = /^[A-Za-z][A-Za-z0-9_]*(?:_OPTS|_OPTIONS|ADDOPTS|_FLAGS)$/;

// The variables naming a compiler, linker or archiver (CC, CXX, ...), and the programs of a
// toolchain by name, bare or in /usr/bin (a cross compiler's prefix and a version too).
const TOOLCHAIN_PROGRAM_VARIABLE = /^(?:CC|CXX|CPP|LD|AR|AS)$/;
// The flags make's built-in rules (and configure scripts) hand the compiler driver, from the
// environment or make's command line: risky when they choose what it runs (`CFLAGS=-B./x`).
const COMPILER_FLAGS_VARIABLE = /^(?:CFLAGS|CXXFLAGS|CPPFLAGS|LDFLAGS|LDLIBS|FFLAGS|FCFLAGS|ASFLAGS|OBJCFLAGS|TARGET_ARCH)$/;
const TOOLCHAIN_PROGRAM = /^(?:\/usr(?:\/local)?\/bin\/)?(?:[A-Za-z0-9_.]+-)*(?:gcc|g\+\+|cc|c\+\+|clang|clang\+\+|cpp|ld|ld\.bfd|ld\.gold|ld\.lld|lld|mold|ar|gcc-ar|llvm-ar|as|llvm-as)(?:-\d+(?:\.\d+)*)?$/;

/** Whether a value names a compiler, linker or archiver of the system (`gcc`, `/usr/bin/clang-17`). */
export function isToolchainProgram(value: string): boolean {
  return TOOLCHAIN_PROGRAM.test(value);
}

// Variables a program reads as more options or operands (unzip's UNZIP, zip's ZIPOPT,
// bzip2's BZIP2, xz's XZ_OPT): `-d DIR`, `-O FILE`, `-m`, `-:` or a file name there writes
// what the command line does not show. wget and curl read their settings (an output file)
// from the files WGETRC and CURL_HOME name. Git writes its index, objects and traces where
// GIT_INDEX_FILE, GIT_OBJECT_DIRECTORY, GIT_COMMON_DIR and GIT_TRACE* say. zip reads ZIP as
// ZIPOPT. OpenSSL and NSS (curl, wget, python, node) append TLS secrets to SSLKEYLOGFILE's file;
// bash and less write their history to HISTFILE's and LESSHISTFILE's (see writtenFileVariable).
// less reads LESS (and systemd's pager SYSTEMD_LESS) as options: `+!cmd` runs cmd when it
// starts (git pages through less on a pty), `-k`/`-o` name a key file read or a log written.
const optionVariable = /^(LESS|SYSTEMD_LESS|GOFLAGS|ZIP|SSLKEYLOGFILE|HISTFILE|LESSHISTFILE|UNZIP|UNZIPOPT|ZIPOPT|ZIPINFO|ZIPINFOOPT|GZIP|PIGZ|BZIP|BZIP2|XZ_OPT|XZ_DEFAULTS|LZOP|WGETRC|SYSTEMWGETRC|CURL_HOME|GIT_INDEX_FILE|GIT_OBJECT_DIRECTORY|GIT_ALTERNATE_OBJECT_DIRECTORIES|GIT_COMMON_DIR|GIT_TRACE[A-Z0-9_]*)$/;
// Of those, the compressors' may give a compression level and threads alone (`XZ_OPT=-9`,
// `GZIP=-1`, `XZ_OPT='-T0 -9e'`): that value names no file and changes no output.
const compressorVariable = /^(GZIP|PIGZ|BZIP|BZIP2|XZ_OPT|XZ_DEFAULTS)$/;
const compressionLevel = /^\s*(?:(?:-[0-9eT]+|--(?:best|fast|extreme|threads=\d+))\s*)*$/;
// Of those, the ones naming a file the program writes: empty, `-` (less: none) or /dev/null writes nothing.
const writtenFileVariable = /^(SSLKEYLOGFILE|HISTFILE|LESSHISTFILE)$/;
// The pagers programs start through the shell (`sh -c "$GIT_PAGER"`).
const PAGER_VARIABLE = /^(?:PAGER|GIT_PAGER|MANPAGER|SYSTEMD_PAGER)$/;
// The editors programs start through the shell (`sh -c "$GIT_EDITOR FILE"`).
const EDITOR_VARIABLE = /^(?:EDITOR|VISUAL|GIT_EDITOR|GIT_SEQUENCE_EDITOR)$/;

// zsh's special hashes and arrays (zsh/parameter, loaded by default, and zsh/mapfile): an
// element assigned defines a function (`functions[ls]=CMD`), hashes a command
// (`commands[ls]=PROG`, as BASH_CMDS), an alias, an option (`options[caseglob]=off`), a named
// directory, writes a file (`mapfile[f]=x`); `dis_*` are their disabled twins.
const zshSpecialVariable = /^(functions|commands|aliases|galiases|saliases|options|nameddirs|mapfile|reswords|builtins|dis_[a-z_]+)$/;

/**
 * Whether setting `name` (to `value`, when its literal text is known) changes what a command
 * runs or writes beyond what its words show.
 */
export function isRiskyVariable(name: string, value?: string): boolean {
  if (zshSpecialVariable.test(name)) return true;
  // TZDIR moves the directory every zone name is read from (`TZDIR=. date -d 'TZ="x" now'`);
  // a TZ climbing out of it with `..` reads a file its word does not place (date-strings.ts).
  if (name === 'TZDIR') return true;
  if (name === 'TZ' && value !== undefined && zoneRead(value, true).kind === 'unverifiable') return true;
  // Set to a literal, a variable naming a file read is read as a path; set otherwise (`read TZ`), it is not known.
  if (readPathVariable.test(name)) return value === undefined;
  // `CC=gcc`, `CXX=clang++-17`: a compiler from the system's PATH, not one the agent wrote.
  if (value !== undefined && TOOLCHAIN_PROGRAM_VARIABLE.test(name) && isToolchainProgram(value)) return false;
  // `GIT_PAGER=cat git log`, `PAGER= man x`: no pager at all, the commonest setting an agent makes;
  // `GIT_EDITOR=true git commit --amend`: no editor (`true` and `:` only succeed).
  if (value !== undefined && PAGER_VARIABLE.test(name) && (value === '' || value === 'cat')) return false;
  if (value !== undefined && EDITOR_VARIABLE.test(name) && (value === 'true' || value === ':')) return false;
  if (riskyVariable.test(name)) return true;
  if (COMPILER_FLAGS_VARIABLE.test(name)) return value === undefined || forwardsCompilerChoosing(value);
  if (toolchainVariable.test(name) && !optionVariable.test(name)) return !harmlessToolchainVariable.test(name) && !writtenPathVariable.test(name);
  if (gitVariable.test(name) && !optionVariable.test(name)) return !harmlessGitVariable.test(name);
  // Options a program reads from its environment (`PYTEST_ADDOPTS=--basetemp=..` removes the
  // directory above; `JAVA_OPTS`, `ERL_FLAGS`): what they do is not read, so any value is risky (red team 46).
  if (OPTIONS_VARIABLE.test(name) && !optionVariable.test(name)) return value === undefined || value.trim() !== '';
  if (!optionVariable.test(name)) return false;
  if (value === undefined) return true;
  if (compressorVariable.test(name)) return !compressionLevel.test(value);
  if (writtenFileVariable.test(name)) return !/^(|-|\/dev\/null)$/.test(value);
  // `LESS=-FRX` only sets flags; `+cmd`, `-k FILE`, `-o FILE` or a long option do more.
  // (Nor `-p`, `-t`, `-T`, `-j`, `-P`, which take the rest of the value, newlines too: `-px⏎-Jv` runs the editor, red team 41.)
  if (name === 'LESS' || name === 'SYSTEMD_LESS') return !/^ *(?:-[A-IL-NQ-SU-Za-il-nq-su-z0-9#]* *)*$/.test(value);
  // `GOFLAGS=-toolexec=CMD` (or -exec) makes go run CMD; `GOFLAGS=-mod=mod` does not.
  if (name === 'GOFLAGS') return /exec|overlay|modfile/i.test(value);
  // `GIT_TRACE=1` traces to standard error (a digit is a descriptor); a path is a file it writes.
  if (name.startsWith('GIT_TRACE')) return !/^(?:[0-9]?|true|false|yes|no|on|off)$/i.test(value);
  return true;
}

// Variables naming a directory or file a program writes into: temporary files (TMPDIR, TMP,
// TEMP), caches, data and state (XDG_CACHE_HOME, XDG_DATA_HOME, XDG_STATE_HOME,
// XDG_RUNTIME_DIR), git's traces (GIT_TRACE*: a path it appends to), build outputs and caches
// (CARGO_TARGET_DIR, GOCACHE, GOPATH, PYTHONPYCACHEPREFIX, pip's, yarn's, mypy's, ruff's). Set for one command to a
// literal value, the value is checked as a path that command writes (writtenVariablePath), so
// `TMPDIR=./tmp npm test` is fine where `TMPDIR=/tmp/x npm test` writes outside the workspace.
// (HOME and XDG_CONFIG_HOME stay risky: they move configuration files that run commands.)
// Node writes coverage files into NODE_V8_COVERAGE's directory and its compile cache into
// NODE_COMPILE_CACHE's, its warnings to NODE_REDIRECT_WARNINGS's file (red team 46).
const writtenPathVariable = /^(NODE_V8_COVERAGE|NODE_COMPILE_CACHE|NODE_REDIRECT_WARNINGS|NODE_REPL_HISTORY|MYSQL_HISTFILE|SQLITE_HISTORY|TMPDIR|TMP|TEMP|XDG_CACHE_HOME|XDG_DATA_HOME|XDG_STATE_HOME|XDG_RUNTIME_DIR|GIT_TRACE[A-Z0-9_]*|TAPE|KUBECACHEDIR|PYTHONPYCACHEPREFIX|CARGO_TARGET_DIR|CARGO_BUILD_TARGET_DIR|GOCACHE|GOMODCACHE|GOTMPDIR|GOBIN|GOPATH|PIP_CACHE_DIR|YARN_CACHE_FOLDER|MYPY_CACHE_DIR|RUFF_CACHE_DIR)$/;

// Variables naming a file (or directory of files) programs read (red teams 37 and 38): file(1)'s
// magic, the C library's time zone, locales and message catalogues, terminfo, readline's inputrc;
// the certificate files TLS libraries load, the resolver's host aliases (red team 46).
// A literal value is read as a path where the variable is set; any other is not known.
const readPathVariable = /^(MAGIC|TZ|TZDIR|LOCPATH|NLSPATH|TERMINFO|TERMINFO_DIRS|INPUTRC|NODE_EXTRA_CA_CERTS|SSL_CERT_FILE|SSL_CERT_DIR|CURL_CA_BUNDLE|REQUESTS_CA_BUNDLE|HOSTALIASES)$/;

/** Whether `name` names a file programs read (readPathVariable). */
export function isReadPathVariable(name: string): boolean {
  return readPathVariable.test(name);
}

/** Whether `name` names a place a program writes into (writtenPathVariable). */
export function isWrittenPathVariable(name: string): boolean {
  return writtenPathVariable.test(name);
}

/**
 * The path a written-path variable set to the literal `value` makes a command write: the
 * value, without git's `af_unix:` socket prefix; undefined when it writes none (empty, or a
 * GIT_TRACE* that is a descriptor or a boolean: `GIT_TRACE=1`) or `name` is no such variable.
 */
export function writtenVariablePath(name: string, value: string): string | undefined {
  if (!writtenPathVariable.test(name) || value === '') return undefined;
  if (!name.startsWith('GIT_TRACE')) return value;
  if (/^(?:[0-9]|true|false|yes|no|on|off)$/i.test(value)) return undefined;
  return value.replace(/^af_unix:(?:stream:|dgram:)?/, '');
}

export type SkipResult =
  /** The wrapped command starts at `start` (== words.length when nothing is left); `options`: the wrapper's words before it, as read. */
  | { kind: 'command'; start: number; options: WrapperOption[] }
  /** The wrapper was used in a way that runs no command from its arguments. */
  | { kind: 'none' }
  | { kind: 'unverifiable'; reason: string };

/**
 * One of a wrapper's words before its command, as read: an option and the value it takes, or
 * a word that is none (an assignment, an operand, `--`, a runner's subcommand).
 */
export interface WrapperOption {
  /** As written without its value: `-u`, `-fo` (a cluster up to the letter taking the value), `--output`, `--output=`; else the whole word. */
  text: string;
  /** The letter (`-o`) or long name, spelled out (`--output`), whose value `value` is. */
  name?: string;
  /** Attached to the cluster's letter (`-fo../x`), after `=` (`--output=x`), or the next word (`-o x`). */
  value?: WordValue;
  valueIn?: 'attached' | 'equals' | 'next';
}

const assignment = /^([^=]*)=/;

/**
 * Reads the option word `words[i]` (`-…` or `--…`) as `spec` spells options: a long name, maybe
 * abbreviated, with its value after `=` or, for one of `longWithValue`, in the next word; a
 * cluster of letters, where the first letter taking a value takes the rest of the word, or the
 * next word when the rest is empty (not a `shortOptionalValue` letter, whose value is only attached).
 */
function readOption(spec: WrapperSpec, words: readonly WordValue[], i: number): WrapperOption {
  const word = words[i]!;
  const w = word.text;
  if (w.startsWith('--')) {
    const name = longName(w, longNamesOf(spec));
    const eq = w.indexOf('=');
    if (eq >= 0) return { text: w.slice(0, eq + 1), name, value: { ...word, text: w.slice(eq + 1) }, valueIn: 'equals' };
    const next = spec.longWithValue?.includes(name) === true ? words[i + 1] : undefined;
    return next === undefined ? { text: w, name } : { text: w, name, value: next, valueIn: 'next' };
  }
  for (let k = 1; k < w.length; k++) {
    const c = w[k]!;
    const optional = spec.shortOptionalValue?.includes(c) === true;
    if (!optional && !spec.shortWithValue.includes(c)) continue;
    const text = w.slice(0, k + 1);
    if (k + 1 < w.length) return { text, name: `-${c}`, value: { ...word, text: w.slice(k + 1) }, valueIn: 'attached' };
    const next = optional ? undefined : words[i + 1];
    return next === undefined ? { text, name: `-${c}` } : { text, name: `-${c}`, value: next, valueIn: 'next' };
  }
  return { text: w };
}

/** Skips the options of wrapper `spec` whose name is at `words[at]`. */
export function skipWrapperOptions(spec: WrapperSpec, words: WordValue[], at: number): SkipResult {
  if (spec.commandAfter !== undefined) return skipToMarker(spec, words, at);
  const options: WrapperOption[] = [];
  let i = at + 1;
  let assigned = false;
  while (i < words.length) {
    const word = words[i]!;
    if (!word.literal) return { kind: 'unverifiable', reason: `option of \`${words[at]!.text}\` is not a literal: \`${word.text}\`` };
    const w = word.text;
    if (w === '--') {
      options.push({ text: w });
      i++;
      break;
    }
    if (spec.assignments) {
      const m = assignment.exec(w);
      if (m && (assigned || !w.startsWith('-'))) {
        if (!isWrittenPathVariable(m[1]!) && isRiskyVariable(m[1]!, w.slice(m[0].length))) return { kind: 'unverifiable', reason: `\`${m[1]}\` set for the command changes what runs` };
        // `env A=1 -C=/etc cmd` sets a variable `-C`; the directory option it looks like was read before as the place cmd runs.
        if (w.startsWith('-') && spec.chdir !== undefined && valuesOf([readOption(spec, words, i)], spec.chdir).length > 0) return { kind: 'unverifiable', reason: `\`${w}\` after an assignment is a variable that looks like \`${words[at]!.text}\`'s directory option` };
        options.push({ text: w });
        assigned = true;
        i++;
        continue;
      }
      if (assigned) break; // the options ended at the first assignment
    }
    if (w === '-' && spec.dashIsOption) {
      options.push({ text: w });
      i++;
      continue;
    }
    if (!w.startsWith('-') || w === '-') break;
    if (!w.startsWith('--') && OUTSIDE_BMP.test(w)) return refusedLetters(words, at, w);
    const option = readOption(spec, words, i);
    const name = w.startsWith('--') ? option.name : w.includes('=') ? w.slice(0, w.indexOf('=')) : w;
    const hiding = spec.opaque?.find((opt) => name === opt || (opt.length === 2 && !w.startsWith('--') && w.includes(opt[1]!)));
    if (hiding !== undefined) return { kind: 'unverifiable', reason: `\`${words[at]!.text} ${hiding}\` hides the command it runs` };
    if (endsCommand(spec, option)) return { kind: 'none' };
    // `nsenter -pW/`: -p's value is `W/` (only attached), which was read before as `-W /`, the directory.
    if (option.valueIn === 'attached' && spec.shortOptionalValue?.includes(option.name![1]!) && [...(spec.chdir?.letters ?? '')].some((c) => option.value!.text.includes(c))) {
      return { kind: 'unverifiable', reason: `\`${w}\`: \`${words[at]!.text}\` takes the rest as ${option.name}'s value, not as its directory option` };
    }
    // `nsenter -w`, `--wd` with no directory: the target's, not known here (read before as the next word).
    if (option.value === undefined && spells(spec.chdir, option.name) && i + 1 < words.length) {
      return { kind: 'unverifiable', reason: `\`${words[at]!.text} ${w}\` runs the command in a directory not named` };
    }
    const refused = option.valueIn === 'next' ? runTimeValue(words, at, i + 1, spec) : undefined;
    if (refused !== undefined) return refused;
    options.push(option);
    i += option.valueIn === 'next' ? 2 : 1;
  }
  // Variables the wrapper sets for the command (`strace -E NAME=value`), as env's assignments.
  for (const value of spec.environment === undefined ? [] : valuesOf(options, spec.environment)) {
    const m = assignment.exec(value);
    if (m !== null && !isWrittenPathVariable(m[1]!) && isRiskyVariable(m[1]!, value.slice(m[0].length))) return { kind: 'unverifiable', reason: `\`${m[1]}\` set for the command changes what runs` };
  }
  // The wrapper's own operands (timeout's duration): a run-time one may split into the command.
  for (let k = i; k < i + (spec.operands ?? 0); k++) {
    const refused = runTimeValue(words, at, k, spec);
    if (refused !== undefined) return refused;
    if (words[k]?.text.startsWith('-') && OUTSIDE_BMP.test(words[k]!.text)) return refusedLetters(words, at, words[k]!.text);
  }
  const end = Math.min(i + (spec.operands ?? 0), words.length);
  return { kind: 'command', start: end, options: [...options, ...readWords(spec, words, i, end)] };
}

/**
 * A character outside the BMP is no option letter (the program refuses the word), and the
 * path checks once read such a cluster's letters apart from skipWrapperOptions (`-😀l$HOME/x`).
 */
const OUTSIDE_BMP = /[\ud800-\udfff]/;

function refusedLetters(words: readonly WordValue[], at: number, w: string): SkipResult {
  return { kind: 'unverifiable', reason: `\`${words[at]!.text} ${w}\`: a character no option letter is` };
}

/** Whether `option` is one after which the rest is not a command (WrapperSpec.notACommand): its long name, or a letter of its cluster up to the one taking a value. */
function endsCommand(spec: WrapperSpec, option: WrapperOption): boolean {
  if (spec.notACommand === undefined) return false;
  if (option.text.startsWith('--')) return option.name !== undefined && spec.notACommand.includes(option.name);
  for (let k = 1; k < option.text.length; k++) if (spec.notACommand.includes(`-${option.text[k]}`)) return true;
  return false;
}

/**
 * `words[from…to)` read as a wrapper's words wherever options stand among them: a runner's
 * words before its command marker (`mise exec node@20 -C dir --`), its program's before the
 * subcommand (`poetry -C /etc run`), an operand after `--` written as an option (`timeout --
 * -s../x`: its attached rest is read as a path, as a value of the option it spells).
 */
export function readWords(spec: WrapperSpec, words: readonly WordValue[], from: number, to: number): WrapperOption[] {
  const span = words.slice(from, to);
  const options: WrapperOption[] = [];
  for (let i = 0; i < span.length; i++) {
    const w = span[i]!.text;
    const option = w.startsWith('-') && w !== '-' ? readOption(spec, span, i) : { text: w };
    if (option.valueIn === 'next') i++;
    options.push(option);
  }
  return options;
}

/** The values the options `spelling` names take among `options`, in order, up to a `--`. */
function valuesOf(options: readonly WrapperOption[], spelling: OptionSpelling): string[] {
  const values: string[] = [];
  for (const option of options) {
    if (option.text === '--') break;
    if (option.value !== undefined && spells(spelling, option.name)) values.push(option.value.text);
  }
  return values;
}

/** Whether an option's name (`-C`, `--chdir`) is one of `spelling`'s. */
function spells(spelling: OptionSpelling | undefined, name: string | undefined): boolean {
  if (spelling === undefined || name === undefined) return false;
  return name.startsWith('--') ? spelling.long.includes(name) : spelling.letters.includes(name[1]!);
}

/** The words an option was read from, as written: one, or the option and the value after it. */
function writtenWords(option: WrapperOption): string[] {
  if (option.value === undefined) return [option.text];
  return option.valueIn === 'next' ? [option.text, option.value.text] : [option.text + option.value.text];
}

/**
 * Why the option value or operand at `k` is refused: made at run time, it may split into words
 * and the rest be the command (`nice -n $(echo 5 curl) x`); undefined for a literal one, a
 * missing one, or a runner's naming the home directory (`docker run -v $HOME/.cache:/c`).
 */
function runTimeValue(words: readonly WordValue[], at: number, k: number, spec: WrapperSpec): SkipResult | undefined {
  const value = words[k];
  if (value === undefined || value.literal) return undefined;
  if (!WRAPPER_SPECS.has(spec) && value.word?.parts.every((p) => p.kind === 'literal' || (p.kind === 'expansion' && OWN_PLACES.has(p.source)))) return undefined;
  return { kind: 'unverifiable', reason: `a value of \`${words[at]!.text}\`'s options is made at run time (\`${value.text.slice(0, 80)}\`): split into words, the rest would be the command it runs` };
}

/**
 * Where the subcommand after a program's own options (`globals`) is (`docker -H h run`: `run`,
 * `uv -q run`: `run`); why it cannot be found (an option word not literal); undefined when
 * the line has none.
 */
export function subcommandAt(globals: WrapperSpec, words: WordValue[], at: number): number | { kind: 'unverifiable'; reason: string } | undefined {
  const skip = skipWrapperOptions(globals, words, at);
  if (skip.kind !== 'command') return skip.kind === 'unverifiable' ? skip : undefined;
  return skip.start < words.length ? skip.start : undefined;
}

/**
 * A runner whose command follows a marker (WrapperSpec.commandAfter): the command starts after
 * the first marker; a word not literal before it might be one (`mise exec $X rm -rf /`).
 */
function skipToMarker(spec: WrapperSpec, words: WordValue[], at: number): SkipResult {
  const markers = spec.commandAfter ?? [];
  for (let i = at + 1; i < words.length; i++) {
    const word = words[i]!;
    if (!word.literal) return { kind: 'unverifiable', reason: `argument of \`${words[at]!.text}\` is not a literal: \`${word.text}\`` };
    if (word.text.startsWith('-') && OUTSIDE_BMP.test(word.text)) return refusedLetters(words, at, word.text);
    if (markers.includes(word.text)) return { kind: 'command', start: i + 1, options: [...readWords(spec, words, at + 1, i), { text: word.text }] };
  }
  return { kind: 'none' };
}

/**
 * Commands whose `-c STRING` (or `--command STRING`) option is a shell command line:
 * `su -c 'rm x' root`, `runuser -u u -c ...`, `script -qc ...`, `flock file -c ...`.
 */
export const commandOptionRunners: ReadonlySet<string> = new Set(['su', 'runuser', 'script', 'flock', 'sg']);

export type CommandOption =
  | { kind: 'none' }
  /** The command line, and where its word is among the line's. */
  | { kind: 'string'; text: string; at: number }
  | { kind: 'unverifiable'; reason: string };

/** su's, runuser's, script's, flock's and sg's options for a command line. */
const COMMAND_OPTION_NAMES: readonly string[] = ['-c', '--command', '--session-command'];

/**
 * Finds the command string one of `names` gives after `words[at]`, up to a `--` (what follows
 * is another program's): a long name as `--name STR` or `--name=STR`, a short `-x` also at the
 * end of a cluster (`script -qc STR`).
 */
export function findCommandOption(words: WordValue[], at: number, names: readonly string[] = COMMAND_OPTION_NAMES): CommandOption {
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i]!;
    if (!w.literal) continue;
    if (w.text === '--') break;
    const eq = w.text.indexOf('=');
    const long = eq === -1 ? w.text : w.text.slice(0, eq);
    let value: WordValue | undefined;
    let place = i + 1;
    // getopt_long takes any prefix of a long name (`script --c STR`, `su --comm STR`): one that
    // begins a command option is read as it (where it is ambiguous the program refuses it).
    if (abbreviatedName(w.text, names) !== undefined) {
      if (eq !== -1) {
        value = { ...w, text: w.text.slice(eq + 1) };
        place = i;
      } else value = words[i + 1];
    } else if (!w.text.startsWith('--') && names.some((n) => n.length === 2 && new RegExp(`^-[A-Za-z]*${n[1]}$`).test(w.text))) value = words[i + 1];
    else continue;
    if (value === undefined) return { kind: 'unverifiable', reason: `\`${words[at]!.text} ${w.text}\` without a command string` };
    if (!value.literal) return { kind: 'unverifiable', reason: `command string of \`${words[at]!.text}\` is not a literal: \`${value.text}\`` };
    return { kind: 'string', text: value.text, at: place };
  }
  return { kind: 'none' };
}

/**
 * The files a command-option runner writes of its other words (`others`: its words without
 * the command string): script's typescript (its operand, else `./typescript` unless a log
 * option takes the output) and its logs (`-O FILE`, `--log-io=FILE`, ...), flock's lock file
 * (its operand, created when missing). The command string is no longer among `others`, so
 * `-c` takes no word here.
 */
export function runnerFiles(name: string, others: readonly string[]): string[] {
  const runner = RUNNER_FILES[name];
  if (runner === undefined) return [];
  const words = ['', ...others];
  const logs = optionValues(words, runner.files, runner.valued, 1, runner.long);
  let operand: string | undefined;
  for (let i = 1; i < words.length && operand === undefined; i++) {
    const w = words[i]!;
    if (!w.startsWith('-') || w === '-') operand = w;
    else if (w.startsWith('--')) i += !w.includes('=') && runner.long.includes(longName(w, runner.long)) && runner.longValued.includes(longName(w, runner.long)) ? 1 : 0;
    else for (let k = 1; k < w.length; k++) {
      if (!runner.valued.includes(w[k]!)) continue;
      if (k === w.length - 1) i++;
      break;
    }
  }
  if (operand !== undefined) return [...logs, operand];
  return runner.defaultFile !== undefined && logs.length === 0 ? [runner.defaultFile] : logs;
}

const RUNNER_FILES: Readonly<Record<string, { valued: string; long: string[]; longValued: string[]; files: OptionSpelling; defaultFile?: string }>> = {
  script: {
    valued: 'EIOBTmo',
    long: ['--echo', '--log-in', '--log-out', '--log-io', '--log-timing', '--logging-format', '--output-limit', '--command', '--append', '--quiet', '--flush', '--force', '--return', '--timing'],
    longValued: ['--echo', '--log-in', '--log-out', '--log-io', '--log-timing', '--logging-format', '--output-limit'],
    files: { letters: 'IOBT', long: ['--log-in', '--log-out', '--log-io', '--log-timing'] },
    defaultFile: 'typescript',
  },
  flock: { valued: 'wE', long: ['--timeout', '--conflict-exit-code', '--command', '--shared', '--exclusive', '--nonblock', '--unlock', '--close', '--no-fork', '--verbose'], longValued: ['--timeout', '--conflict-exit-code'], files: { letters: '', long: [] } },
};

/**
 * A name that may be the shared standard input itself: `-` (to a command), `/dev/stdin`,
 * `/dev/fd/0`, `/proc/self/fd/0` or any process's (`/proc/$$/fd/0`), and relative names
 * ending so (after `cd /dev`: `stdin`, `fd/0`), however spelled (`//`, `./`). A program's
 * script or input operand so named is read as `-` (`m4 /dev/stdin`, `python3 /dev/fd/0`).
 */
export function namesStandardInput(path: string): boolean {
  const last = nameOf(path);
  return path === '-' || last === 'stdin' || /^0+$/.test(last);
}

export type ShellInvocation =
  /** `bash -c STRING`: the command string (a literal) is at `words[index]`. */
  | { kind: 'string'; index: number }
  /** `bash script.sh`: an ordinary command that runs a file, the word at `index`. */
  | { kind: 'script'; index: number }
  /**
   * `bash`, `bash -s`: commands come from standard input. `history`: an option that turns on
   * history expansion of the lines read (`-i`, `-H`, `-o history`, `-o histexpand`).
   */
  | { kind: 'stdin'; history?: true }
  | { kind: 'unverifiable'; reason: string };

/** How the shell interpreter at `words[at]` is asked to run something. */
export function readShellInvocation(words: WordValue[], at: number): ShellInvocation {
  let i = at + 1;
  let stringMode = false;
  let stdinMode = false;
  let history = false;
  const shell = words[at]!.text;
  // zsh's cdable_vars and auto_cd however spelled: `--cdablevars`, `-ocdablevars`, `-T`,
  // `+o nocdablevars` (a `no` name turned off).
  if (turnsOnZshCdOption('shell', words.slice(at + 1).map((w) => w.text))) {
    return { kind: 'unverifiable', reason: `\`${shell} ${words.slice(at + 1, at + 4).map((w) => w.text).join(' ')}\` makes \`cd\` go where a variable says` };
  }
  while (i < words.length) {
    const word = words[i]!;
    if (!word.literal) {
      return { kind: 'unverifiable', reason: `argument of \`${words[at]!.text}\` is not a literal: \`${word.text}\`` };
    }
    const w = word.text;
    if (w === '--' || w === '-') {
      i++;
      break;
    }
    if (w.startsWith('--')) {
      // `--rcfile FILE`, `--init-file FILE`: a script the shell sources before the commands.
      if (w === '--rcfile' || w === '--init-file' || w.startsWith('--rcfile=') || w.startsWith('--init-file=')) {
        return { kind: 'unverifiable', reason: `\`${shell} ${w}\` runs the commands of a file first` };
      }
      if (w === '--interactive') history = true; // zsh's long spelling of -i
      i++;
      continue;
    }
    if (!(w.startsWith('-') || w.startsWith('+')) || w.length === 1) break;
    const on = w.startsWith('-');
    let consumed = 1;
    for (const c of w.slice(1)) {
      if (c === 'c') stringMode = true;
      else if (c === 's') stdinMode = true;
      else if (c === 'o' || c === 'O') {
        // zsh takes the name attached too (`zsh -ocdablevars`); bash takes the next word
        // whatever follows in the cluster (checked in bash 5.2: `-ohistory -c` names `-c`).
        const attached = /zsh$/.test(shell) ? w.slice(w.indexOf(c) + 1) : '';
        if (attached === '') consumed = 2;
        const option = attached === '' ? words[i + 1]?.text ?? '' : attached;
        const why = on ? riskyShellOption(c, option) : undefined;
        if (why === 'history') history = true;
        else if (why !== undefined) return { kind: 'unverifiable', reason: `\`${shell} -${c} ${option}\` ${why}` };
        if (attached !== '') break;
      } else if (on && c === 'k') return { kind: 'unverifiable', reason: `\`${shell} -k\` puts every NAME=value word of a command into its environment` };
      else if (on && (c === 'i' || c === 'H')) history = true;
    }
    i += consumed;
  }
  if (stringMode) {
    if (i >= words.length) return { kind: 'unverifiable', reason: `\`${words[at]!.text} -c\` without a command string` };
    return { kind: 'string', index: i };
  }
  if (stdinMode || i >= words.length || namesStandardInput(words[i]!.text)) return history ? { kind: 'stdin', history: true } : { kind: 'stdin' };
  return { kind: 'script', index: i };
}

/**
 * What turning on the shell option `name` (`-o NAME`, or `-O NAME` for shopt's) does that
 * the reading cannot follow: `history` when it turns on history expansion (with `-i` or both
 * options, `!` rewrites the lines read), else why it is unverifiable, or undefined.
 */
export function riskyShellOption(letter: string, name: string): string | undefined {
  if (letter === 'o' && name === 'keyword') return 'puts every NAME=value word of a command into its environment';
  if (letter === 'o' && (name === 'history' || name === 'histexpand')) return 'history';
  // `cdable_vars`: `cd d` goes to $d when there is no directory d (as `shopt -s cdable_vars`).
  if (letter === 'O' && (name === 'cdable_vars' || name === 'autocd')) return 'makes `cd` go where a variable says';
  // zsh's `-o cdablevars` (any case, `_` anywhere): the same.
  if (letter === 'o' && /^(?:cdablevars|autocd)$/.test(name.toLowerCase().replace(/_/g, ''))) return 'makes `cd` go where a variable says';
  return undefined;
}

/**
 * The files a wrapper writes of its own words (`options`: its words before the command, as
 * read): `time -o FILE`'s, flock's lock file, the place `env TMPDIR=DIR` makes it write into.
 * They are written paths of the command it runs, held to `paths.writable` like any file
 * operand (`time -o notes.txt make` writes `./notes.txt`).
 */
export function wrapperFiles(spec: WrapperSpec, options: readonly WrapperOption[]): string[] {
  const files = spec.files === undefined ? [] : valuesOf(options, spec.files);
  if (!spec.fileOperands && !spec.assignments) return files;
  const words = options.flatMap(writtenWords);
  if (spec.fileOperands && spec.operands !== undefined) files.push(...words.slice(Math.max(0, words.length - spec.operands)));
  // `env TMPDIR=out cmd`: the place the variable makes the command write into (any word so written).
  if (spec.assignments) {
    for (const word of words) {
      const m = assignment.exec(word);
      const path = m === null ? undefined : writtenVariablePath(m[1]!, word.slice(m[0].length));
      if (path !== undefined) files.push(path);
    }
  }
  return files;
}

/**
 * A wrapper's option words that may name files: each as written, but a value attached in a
 * cluster is a word of its own (`xargs -ra.env` names `.env`, `strace -fo../x` names `../x`;
 * red team 31), and the values of its `notFiles` options are left out (`xargs -d '\n'` names
 * no file `\n`), unless one holds a `/` (no delimiter or count does; a lone `/` is a delimiter).
 */
export function wrapperPathWords(spec: WrapperSpec, options: readonly WrapperOption[]): string[] {
  const words: string[] = [];
  for (const option of options) {
    const { name, value } = option;
    if (value === undefined || name === undefined) words.push(option.text);
    else if (spells(spec.notFiles, name) && (!value.text.includes('/') || value.text === '/')) words.push(option.text);
    else words.push(...(option.valueIn === 'equals' ? [option.text + value.text] : [option.text, value.text]));
  }
  return words;
}

/**
 * The directory a wrapper's options make its command run in (`env -C /etc`, `sudo -D x`,
 * `env --chdir=x`), the last one given; undefined when none does.
 */
export function wrapperChdir(spec: WrapperSpec, options: readonly WrapperOption[]): string | undefined {
  return spec.chdir === undefined ? undefined : valuesOf(options, spec.chdir).at(-1);
}
