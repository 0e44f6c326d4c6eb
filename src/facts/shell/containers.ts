// The command a container runs: `docker run IMAGE CMD`, `docker exec C CMD`, `docker compose
// run|exec SERVICE CMD` (podman and nerdctl alike), `kubectl exec|run|debug ... -- CMD`. Each
// table says how to skip the program's options to find the command, as wrappers.ts does for
// wrappers. (What the container may touch on the host, its binds, is operands/container-binds.ts's.)
import type { WordValue } from './words.js';
import { skipWrapperOptions, subcommandAt, type WrapperOption, type WrapperSpec } from './wrappers.js';

/** Where a container's command starts, and the program `--entrypoint` puts before it. */
export type ContainerCommand =
  | { kind: 'command'; start: number; entrypoint?: WordValue }
  | { kind: 'none' }
  | { kind: 'unverifiable'; reason: string };

const CONTAINER_PROGRAMS: ReadonlySet<string> = new Set(['docker', 'podman', 'nerdctl']);

// docker's (podman's, nerdctl's) options before the subcommand that take a value.
const DOCKER_GLOBALS: WrapperSpec = { shortWithValue: 'Hcl', longWithValue: ['--host', '--context', '--config', '--log-level', '--tlscacert', '--tlscert', '--tlskey', '--root', '--runroot', '--storage-driver', '--url', '--connection', '--namespace', '--address'] };

// `docker run` and `create`'s options that take a value (the short ones as operands/container-binds.ts reads them).
const RUN_VALUED = [
  '--add-host', '--annotation', '--attach', '--blkio-weight', '--blkio-weight-device', '--cap-add', '--cap-drop', '--cgroup-parent', '--cgroupns', '--cidfile',
  '--cpu-period', '--cpu-quota', '--cpu-rt-period', '--cpu-rt-runtime', '--cpu-shares', '--cpus', '--cpuset-cpus', '--cpuset-mems', '--detach-keys', '--device',
  '--device-cgroup-rule', '--device-read-bps', '--device-read-iops', '--device-write-bps', '--device-write-iops', '--dns', '--dns-option', '--dns-search',
  '--domainname', '--entrypoint', '--env', '--env-file', '--expose', '--gpus', '--group-add', '--health-cmd', '--health-interval', '--health-retries',
  '--health-start-period', '--health-start-interval', '--health-timeout', '--hostname', '--ip', '--ip6', '--ipc', '--isolation', '--kernel-memory', '--label',
  '--label-file', '--link', '--link-local-ip', '--log-driver', '--log-opt', '--mac-address', '--memory', '--memory-reservation', '--memory-swap',
  '--memory-swappiness', '--mount', '--name', '--network', '--net', '--network-alias', '--net-alias', '--oom-score-adj', '--pid', '--pids-limit', '--platform',
  '--publish', '--pull', '--restart', '--runtime', '--security-opt', '--shm-size', '--stop-signal', '--stop-timeout', '--storage-opt', '--sysctl', '--tmpfs',
  '--ulimit', '--user', '--userns', '--uts', '--volume', '--volume-driver', '--volumes-from', '--workdir', '--pod', '--arch', '--os', '--variant',
];
const RUN: WrapperSpec = { shortWithValue: 'acehlmpuvw', longWithValue: RUN_VALUED, operands: 1 };
const EXEC: WrapperSpec = { shortWithValue: 'euw', longWithValue: ['--env', '--env-file', '--user', '--workdir', '--detach-keys'], operands: 1 };
// docker compose's own options before `run` or `exec`, and theirs.
const COMPOSE_GLOBALS: WrapperSpec = { shortWithValue: 'fp', longWithValue: ['--file', '--project-name', '--profile', '--env-file', '--project-directory', '--ansi', '--parallel', '--progress'] };
const COMPOSE_RUN: WrapperSpec = { shortWithValue: 'elpuvw', longWithValue: ['--cap-add', '--cap-drop', '--env', '--env-from-file', '--entrypoint', '--label', '--name', '--publish', '--pull', '--user', '--volume', '--workdir'], operands: 1 };
const COMPOSE_EXEC: WrapperSpec = { shortWithValue: 'euw', longWithValue: ['--env', '--index', '--user', '--workdir'], operands: 1 };
// kubectl's exec, run and debug run what follows their `--`.
const KUBECTL_SUBCOMMANDS: ReadonlySet<string> = new Set(['exec', 'run', 'debug']);
const KUBECTL_GLOBALS: WrapperSpec = { shortWithValue: 'ns', longWithValue: ['--namespace', '--context', '--kubeconfig', '--server', '--cluster', '--user', '--token', '--as', '--as-group', '--request-timeout', '--cache-dir', '--certificate-authority', '--client-certificate', '--client-key', '--tls-server-name', '--profile', '--profile-output'] };

/** The command the container line at `values[at]` (a program `name`) runs, if it is one. */
export function containerCommand(name: string, values: WordValue[], at: number): ContainerCommand | undefined {
  if (name === 'kubectl') return kubectlCommand(values, at);
  if (!CONTAINER_PROGRAMS.has(name)) return undefined;
  let sub = subcommandAt(DOCKER_GLOBALS, values, at);
  if (typeof sub !== 'number') return sub;
  // `docker container run` is `docker run`.
  if (values[sub]?.text === 'container') sub++;
  const word = values[sub]?.text;
  if (word === 'run') return commandAfterOptions(RUN, values, sub);
  if (word === 'exec') return commandAfterOptions(EXEC, values, sub);
  if (word !== 'compose') return undefined;
  const composeSub = subcommandAt(COMPOSE_GLOBALS, values, sub);
  if (typeof composeSub !== 'number') return composeSub;
  const compose = values[composeSub]?.text;
  if (compose === 'run') return commandAfterOptions(COMPOSE_RUN, values, composeSub);
  if (compose === 'exec') return commandAfterOptions(COMPOSE_EXEC, values, composeSub);
  return undefined;
}

/** The command after a subcommand's options and its one operand (the image, container or service), and `--entrypoint`'s program. */
function commandAfterOptions(spec: WrapperSpec, values: WordValue[], sub: number): ContainerCommand {
  const skip = skipWrapperOptions(spec, values, sub);
  if (skip.kind !== 'command') return skip;
  const entrypoint = entrypointOf(skip.options);
  if (entrypoint !== undefined && !entrypoint.literal) return { kind: 'unverifiable', reason: `the entrypoint of the container is not a literal: \`${entrypoint.text}\`` };
  const first = values[skip.start];
  if (first !== undefined && !first.literal) return { kind: 'unverifiable', reason: `the command the container runs is not a literal: \`${first.text}\`` };
  // `--entrypoint ""` resets it to the image's.
  const program = entrypoint !== undefined && entrypoint.text !== '' ? entrypoint : undefined;
  if (skip.start >= values.length && program === undefined) return { kind: 'none' };
  return program === undefined ? { kind: 'command', start: skip.start } : { kind: 'command', start: skip.start, entrypoint: program };
}

/**
 * The value of the last `--entrypoint` among a subcommand's options, up to a `--`; spelled in
 * full, as docker's flag parser takes no abbreviation (`--entry x` is refused, not read as it).
 */
function entrypointOf(options: readonly WrapperOption[]): WordValue | undefined {
  let value: WordValue | undefined;
  for (const option of options) {
    if (option.text === '--') break;
    if (option.text === '--entrypoint' || option.text === '--entrypoint=') value = option.value ?? value;
  }
  return value;
}

/** `kubectl exec POD -- CMD`, `kubectl run NAME --image=I -- CMD`, `kubectl debug ... -- CMD`. */
function kubectlCommand(values: WordValue[], at: number): ContainerCommand | undefined {
  const sub = subcommandAt(KUBECTL_GLOBALS, values, at);
  if (typeof sub !== 'number') return sub;
  if (!KUBECTL_SUBCOMMANDS.has(values[sub]!.text)) return undefined;
  return skipWrapperOptions({ shortWithValue: '', commandAfter: ['--'] }, values, sub);
}
