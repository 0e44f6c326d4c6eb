// The commands npm itself runs from its words (`npm run env -- CMD`, `npm exec CMD`, `npm
// explore PKG -- CMD`), its options read as nopt reads them.
import { abbreviatedName } from '../options.js';
import { npmCallsCommandLine, npmOwnWords } from './hidden-commands.js';
import type { WordValue } from './words.js';

// npm's built-in `env` script (when package.json has none of that name) runs its arguments
// as a command: `npm run env -- nc host 443`; `npm exec CMD` (`npm x`) runs CMD, a package's
// program or any on PATH; `npm explore PKG -- CMD` runs CMD's words joined, through the shell,
// in the package's folder. The command is read as any other, so `npm run *` does not let it
// through. (`npx X` runs a package's program: an allowlist names it as it is written.)
const NPM_RUN = new Set(['run', 'run-script', 'rum', 'urn']);

// npm's settings that take a value (npm 11's definitions, `--browser` too; nopt reads any
// other option as a flag), its flags that a valued one's name begins (`--global`, not an
// abbreviation of `--globalconfig`), its one-letter shorthands, of which `-w WS`, `-C DIR`,
// `-L LOC`, `-c CMD`, `-m MSG` take a value, and its flags spelled with more than one letter.
const NPM_VALUED: ReadonlySet<string> = new Set(
  ('_auth access allow-directory allow-file allow-git allow-remote allow-scripts also audit-level auth-type before ca cache cache-max cache-min cafile call cert cidr cpu depth diff ' +
    'diff-dst-prefix diff-src-prefix diff-unified editor expect-result-count expires fetch-retries fetch-retry-factor fetch-retry-maxtimeout fetch-retry-mintimeout fetch-timeout git ' +
    'globalconfig heading https-proxy include init-author-email init-author-name init-author-url init-license init-module init-type init-version init.author.email init.author.name ' +
    'init.author.url init.license init.module init.version install-strategy key libc local-address location lockfile-version loglevel logs-dir logs-max name maxsockets message ' +
    'min-release-age min-release-age-exclude node-gyp node-options noproxy omit only orgs os otp package pack-destination packages prefix preid provenance-file proxy registry ' +
    'replace-registry-host save-prefix sbom-format sbom-type scope scopes packages-and-scopes-permission orgs-permission password token-description script-shell searchexclude ' +
    'searchlimit searchopts searchstaleness shell tag tag-version-prefix umask user-agent userconfig viewer which workspace browser reg enjoy-by').split(' '),
);

const NPM_PREFIX_FLAGS: ReadonlySet<string> = new Set(['all', 'audit', 'global', 'provenance', 'save']);

const NPM_SHORT = 'dqsnacfgLlmpCSBDEOP?Hhvwy';

const NPM_VALUED_SHORT = 'wCLcm';

const NPM_FLAG_SHORTHANDS: ReadonlySet<string> = new Set(['dd', 'ddd', 'quiet', 'silent', 'verbose', 'desc', 'help', 'local', 'porcelain', 'readonly', 'iwr', 'ws', 'no']);

// Options that put the package folder `npm explore` runs in elsewhere (the global one, another prefix or workspace).
const NPM_ELSEWHERE = /^(?:-[A-Za-z]*[gCLw]|--(?:global|prefix|location|workspace|workspaces|package)(?:=|$)|-ws$)/;

const NPM_ELSEWHERE_NAMES: readonly string[] = ['--global', '--prefix', '--location', '--workspace', '--workspaces', '--package'];

// For `npm exec`, those that run a program other than the one its command word names: a package
// (`--package=SPEC`, `-p SPEC`: npx's), another prefix or workspace (`--global` does not: npm
// exec looks for the program in the global folder whether it is given or not).
const NPM_EXEC_ELSEWHERE = /^(?:-[A-Za-z]*[Cwp]|--(?:prefix|workspace|workspaces|package)(?:=|$)|-ws$)/;

const NPM_EXEC_ELSEWHERE_NAMES: readonly string[] = ['--prefix', '--workspace', '--workspaces', '--package'];

/**
 * Whether an npm word puts what runs elsewhere (NPM_ELSEWHERE; NPM_EXEC_ELSEWHERE for `npm
 * exec`), the options in any abbreviation nopt may expand (`--packa=X`, `--prefi DIR`; an
 * ambiguous one too, to be safe): `npm exec --package=SPEC eslint` runs SPEC's eslint.
 */
function npmElsewhere(w: string, exec: boolean): boolean {
  if ((exec ? NPM_EXEC_ELSEWHERE : NPM_ELSEWHERE).test(w)) return true;
  return abbreviatedName(w.split('=')[0]!.replace(/_/g, '-').toLowerCase(), exec ? NPM_EXEC_ELSEWHERE_NAMES : NPM_ELSEWHERE_NAMES) !== undefined;
}

/**
 * Where the operands among npm's words are, its options and their values skipped as nopt reads
 * them (an option may come anywhere; `--` ends them); a reason when an option word may or may
 * not take the next word (an abbreviation a setting with a value begins: `--regi URL`).
 */
function npmOperands(args: readonly string[]): number[] | string {
  const operands: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === '--') {
      for (let k = i + 1; k < args.length; k++) operands.push(k);
      break;
    }
    if (!w.startsWith('-') || w === '-') {
      operands.push(i);
      continue;
    }
    if (w.includes('=')) continue;
    const name = w.replace(/^--?/, '').replace(/_/g, '-');
    if (!w.startsWith('--')) {
      if (NPM_FLAG_SHORTHANDS.has(name)) continue;
      // One-letter shorthands, alone or in a cluster (`-gy`): the last one may take the next word.
      if ([...name].every((c) => NPM_SHORT.includes(c))) {
        if (NPM_VALUED_SHORT.includes(name.at(-1)!)) i++;
        continue;
      }
    }
    if (NPM_VALUED.has(name)) i++;
    else if (!name.startsWith('no-') && !NPM_PREFIX_FLAGS.has(name) && [...NPM_VALUED].some((v) => v.startsWith(name))) return `npm's \`${w}\` may take the next word as its value`;
  }
  return operands;
}

type NpmCommand = { kind: 'words'; start: number } | { kind: 'shell'; text: string; dir: string } | { kind: 'unverifiable'; reason: string };

const NPM_RUNNERS: ReadonlySet<string> = new Set([...NPM_RUN, 'exec', 'x', 'explore']);

/** The command npm's words (after `npm`) run (`npm run env`, `npm exec`, `npm explore`), or undefined for none. */
export function npmCommand(args: readonly WordValue[]): NpmCommand | undefined {
  const texts = args.map((a) => a.text);
  const operands = npmOperands(texts);
  if (typeof operands === 'string') return texts.some((w) => NPM_RUNNERS.has(w)) ? { kind: 'unverifiable', reason: operands } : undefined;
  const sub = texts[operands[0] ?? -1] ?? '';
  if (NPM_RUN.has(sub)) return texts[operands[1] ?? -1] === 'env' && operands[2] !== undefined ? { kind: 'words', start: operands[2] } : undefined;
  if (sub === 'explore') {
    const command = operands.slice(2);
    if (command.length === 0) return undefined;
    const pkg = args[operands[1]!]!;
    const text = command.map((k) => texts[k]).join(' ');
    // The folder is node_modules/PKG of npm's prefix (the nearest one with a package.json): a
    // command that climbs out of it (`..`, `$PWD`) or a folder elsewhere is not placed here.
    if (!pkg.literal || command.some((k) => !args[k]!.literal) || /\.\.|PWD/.test(text) || npmOwnWords(texts).some((w) => npmElsewhere(w, false))) {
      return { kind: 'unverifiable', reason: `\`npm explore\` runs a command in a package folder not known here: \`${text.slice(0, 80)}\`` };
    }
    return { kind: 'shell', text, dir: `node_modules/${pkg.text}` };
  }
  // `npm exec -c CMD` is a command line (hidden-commands.ts); npm before 11 puts the program's word into the script unquoted.
  const start = operands[1];
  if ((sub !== 'exec' && sub !== 'x') || start === undefined || npmCallsCommandLine(texts)) return undefined;
  if (!/^[\w@%+:,./-]+$/.test(texts[start]!)) return { kind: 'unverifiable', reason: `\`npm ${sub}\` runs a command word the shell reads again: \`${texts[start]!.slice(0, 80)}\`` };
  // `npm exec --package=SPEC eslint` (`-p`, `--prefix DIR`, `-C DIR`, `-w WS`, ...) runs an `eslint` from elsewhere: not the one the allowlist names.
  const elsewhere = npmOwnWords(texts).find((w) => npmElsewhere(w, true));
  if (elsewhere !== undefined) return { kind: 'unverifiable', reason: `\`npm ${sub} ${elsewhere.slice(0, 80)}\` runs a program from a package or folder not known here` };
  return { kind: 'words', start };
}
