// Package managers' settings files: the files whose settings name a program or code the
// manager's commands run besides the package's own scripts. npm's `.npmrc` (`script-shell`
// runs every `npx X` through a program of the workspace's, `node-options`; yarn classic, pnpm
// and bun read it too), yarn's `.yarnrc` (`yarn-path`) and `.yarnrc.yml` (`yarnPath`,
// plugins), bun's `bunfig.toml` (`preload`), pnpm's `.pnpmfile.cjs`/`.pnpmfile.mjs` (hooks).
// Read two ways: a line that writes one before the manager runs made what it runs
// (shell/scripts.ts), and under a policy that limits commands no call may write one
// (compile/sections/shell.ts, `shell.runnerConfig`).

const NPM = ['.npmrc'];
const PNPM = ['.npmrc', '.pnpmfile.cjs', '.pnpmfile.mjs'];
const YARN = ['.npmrc', '.yarnrc', '.yarnrc.yml'];
const BUN = ['.npmrc', 'bunfig.toml'];

/** Each package manager's program name → the settings files its commands read. */
export const MANAGER_SETTINGS: ReadonlyMap<string, readonly string[]> = new Map([
  ['npm', NPM], ['npx', NPM], ['pnpm', PNPM], ['pnpx', PNPM], ['yarn', YARN], ['bun', BUN], ['bunx', BUN],
]);

/** Every package manager's settings file names. */
export const SETTINGS_FILE_NAMES: ReadonlySet<string> = new Set([...MANAGER_SETTINGS.values()].flat());
