// What a container run may touch on the host: its bind mounts, devices and files named by
// docker's, podman's and nerdctl's options, or the whole host. (Which command the container
// runs is shell/containers.ts's.)
import { longName } from '../options.js';
import { NO_ROLES, type WordRoles } from './word-roles.js';

// Programs that run containers with docker's options.
export const CONTAINER_PROGRAMS: ReadonlySet<string> = new Set(['docker', 'podman', 'nerdctl']);

// The options whose value may name a host path: bind mounts, devices, files read or written.
const CONTAINER_PATH_OPTIONS = ['--volume', '--mount', '--device', '--env-file', '--cidfile', '--label-file'];
// The options that give a container the host itself: its processes and their files
// (`--pid=host` and /proc/1/root, `--userns=host`), capabilities past the file permissions
// (`--cap-add=DAC_READ_SEARCH` opens any host file by handle; `SYS_ADMIN` mounts), or another
// container's mounts, which may bind anything (`--volumes-from`).
const CONTAINER_HOST_OPTIONS = ['--privileged', '--pid', '--userns', '--cap-add', '--volumes-from'];
const CONTAINER_OPTIONS = [...CONTAINER_PATH_OPTIONS, ...CONTAINER_HOST_OPTIONS];
// docker run's short options that take a value (`-e`, `-p`, `-w`, ...): in a cluster
// (`-itv/etc:/x`, pflag's reading) the rest of the word after one is its value.
const CONTAINER_VALUED = 'acehlmpuvw';

/**
 * docker, podman and nerdctl running a container (`run`, `create`, `container run`): the host
 * side of a bind mount is read and written by whatever runs inside (`-v HOST:CTR[:ro]`,
 * `-itvHOST:CTR`, `--volume`, `--mount type=bind,source=HOST[,readonly]`; `:ro` and
 * `readonly` only read); a source that is no path (`-v data:/x`, `-v /x` alone) is a named
 * or anonymous volume. A device is written; `--env-file` and `--label-file` are read,
 * `--cidfile` written. An option that reaches the host (CONTAINER_HOST_OPTIONS) is the whole
 * host (`/`). Every word is read, the container's own command's too (the image is not told
 * apart from an option's value): the safe side. What a compose file binds (`docker compose
 * up`) is in the file, as what `make` runs is in the Makefile: not read (README, out of scope).
 */
export function containerRoles(words: readonly string[]): WordRoles {
  // Past the global options (`docker -H tcp://h run`, `podman --root d run`), whose values are not known: any `run` or `create` word.
  if (!words.some((w) => w === 'run' || w === 'create')) return NO_ROLES;
  const files: string[] = [];
  const reads: string[] = [];
  const plain: string[] = [];
  // A volume's name is `[A-Za-z0-9][A-Za-z0-9_.-]*`: any other source is a host path (`/x`,
  // `./x`, `~/x`, and `$PWD/..` once the shell expands it).
  const hostPath = (source: string): boolean => source !== '' && !/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(source);
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const mountAt = w.startsWith('--') ? -1 : shortVolumeAt(w);
    const long = w.startsWith('--') ? longName(w, CONTAINER_OPTIONS) : undefined;
    if (mountAt < 0 && (long === undefined || !CONTAINER_OPTIONS.includes(long))) continue;
    if (long === '--privileged') {
      if (!/=false$/i.test(w)) files.push('/');
      continue;
    }
    const attached = mountAt >= 0 ? w.slice(mountAt).replace(/^=/, '') : w.includes('=') ? w.slice(w.indexOf('=') + 1) : '';
    const value = attached !== '' ? attached : words[++i];
    if (value === undefined) break;
    plain.push(attached !== '' ? w : value);
    if (long !== undefined && CONTAINER_HOST_OPTIONS.includes(long)) {
      // `--pid=container:c` shares another container's; only `host` is the host's.
      if ((long !== '--pid' && long !== '--userns') || value.toLowerCase() === 'host') files.push('/');
    } else if (mountAt >= 0 || long === '--volume') {
      const [source = '', target, options = ''] = value.split(':');
      if (target !== undefined && hostPath(source)) (options.split(',').includes('ro') ? reads : files).push(source);
    } else if (long === '--mount') {
      const fields = new Map(value.split(',').map((field) => {
        const [key = '', ...rest] = field.split('=');
        return [key.toLowerCase(), rest.join('=')] as const;
      }));
      const source = fields.get('source') ?? fields.get('src');
      const readonly = value.split(',').some((field) => /^(readonly|ro)(=(1|true))?$/i.test(field));
      if (fields.get('type') === 'bind' && source !== undefined) (readonly ? reads : files).push(source);
    } else if (long === '--device') {
      files.push(value.split(':')[0]!);
    } else if (long === '--cidfile') files.push(value);
    else reads.push(value);
  }
  return { files: [...files, ...reads], plain, reads };
}

/** Where a short option cluster's `-v` value starts (`-v/x:/y` 2, `-itv/x:/y` 4), or -1 when the cluster has no `-v` before another valued letter. */
function shortVolumeAt(word: string): number {
  if (!word.startsWith('-') || word.length < 2) return -1;
  for (let k = 1; k < word.length; k++) {
    if (word[k] === 'v') return k + 1;
    if (CONTAINER_VALUED.includes(word[k]!)) return -1;
  }
  return -1;
}
