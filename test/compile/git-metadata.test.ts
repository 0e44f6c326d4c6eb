// shell.gitMetadata (red team 8 F4): under a policy that limits commands, writing into any
// `.git` (a nested one too) plants commands git runs; reading it does not.
import { describe, expect, it } from 'vitest';
import { isGitMetadataPath, isRunnerConfigPath } from '../../src/compile/sections/shell.js';
import { compilePolicies, loadPolicyText } from '../../src/index.js';
import { initShellParser } from '../../src/facts/shell/index.js';

describe('isGitMetadataPath', () => {
  it.each([
    ['/ws/.git/config', true], ['/ws/src/x/.git/HEAD', true], ['/ws/src/x/.git', true], ['/ws/.GIT/hooks/pre-commit', true], ['/ws/.g?t/config', true],
    // A bare repository (`NAME.git`), a hook in a `hooks` directory, and the user's configuration
    ['/ws/repo.git/config', true], ['/ws/repo.git/HEAD', true], ['/ws/src/x/hooks/pre-commit', true], ['/ws/src/x/Hooks/pre-commit', true], ['/home/u/.gitconfig', true], ['/home/u/.config/git/config', true],
    // (husky's hooks: husky 9 points core.hooksPath at .husky/_, whose hooks run them; red team 15C)
    // Names that are everyday work (`mkdir src/config`, a component `Head`): no longer metadata by name alone
    ['/ws/src/config', false], ['/ws/src/x/HEAD', false], ['/ws/src/components/Head', false],
    ['/ws/.gitignore', false], ['/ws/src/.gitkeep', false], ['/ws/.github/workflows/ci.yml', false], ['/ws/src/a.ts', false], ['/ws/docs/README.md', false],
    ['/ws/src/config.ts', false], ['/ws/src/hooks/useThing.ts', false], ['/ws/src/header', false], ['/ws/.husky/pre-commit', true], ['/ws/.husky/_/h', true],
  ])('%s: %s', (path, expected) => expect(isGitMetadataPath(path)).toBe(expected));
});

describe('shell.gitMetadata', () => {
  const policy = (extra: string) => {
    const loaded = loadPolicyText(`version: 1\nid: p\nworkspace:\n  root: /srv/ws\n${extra}`, 'p.yaml');
    return compilePolicies(loaded.policies);
  };
  const call = (toolName: string, params: Record<string, unknown>) => ({ toolName, params, cwd: '/srv/ws', sessionId: 's' });

  it('denies writes into .git under a shell allowlist, a deny list or supervised autonomy', async () => {
    await initShellParser();
    for (const extra of ['shell:\n  allow: ["echo *", "cat *"]\n', 'shell:\n  deny: ["rm *"]\n']) {
      const set = policy(extra);
      expect((await set.evaluateAsync(call('write', { path: 'src/x/.git/config', content: 'x' }))).decision).toBe('deny');
      expect((await set.evaluateAsync(call('exec', { command: 'echo x >> .git/config' }))).decision).toBe('deny');
      expect((await set.evaluateAsync(call('exec', { command: 'cat .git/config' }))).decision).toBe('allow');
      expect((await set.evaluateAsync(call('write', { path: 'src/.gitignore', content: 'x' }))).decision).toBe('allow');
    }
    const supervised = await policy('autonomy: supervised\n').evaluateAsync(call('write', { path: '.git/hooks/pre-commit', content: 'x' }));
    expect(supervised.decision).toBe('deny');
    expect(supervised.reasons.map((r) => r.check)).toContain('shell.gitMetadata');
  });

  it('denies git after an archive is extracted on the same line, which may plant a repository no word names', async () => {
    await initShellParser();
    for (const symlinks of [false, true]) {
      const set = policy(`  resolveSymlinks: ${symlinks}\nshell:\n  allow: ["tar *", "git *"]\n`);
      const after = await set.evaluateAsync(call('exec', { command: 'tar xf vendor.tgz && git -C vendor log -p' }), { allReasons: true });
      expect(after.decision).toBe('deny');
      // With symlinks resolved the line is refused before that: a path below what tar extracts may lead through a link it made.
      expect(after.reasons.map((r) => r.check)).toContain(symlinks ? 'paths.canonical' : 'shell.gitMetadata');
      expect((await set.evaluateAsync(call('exec', { command: 'git log -p && tar xf vendor.tgz' }))).decision).toBe('allow');
    }
  });

  it('denies git run where the same line writes a HEAD, at or below it (a repository made on the spot)', async () => {
    await initShellParser();
    for (const symlinks of [false, true]) {
      const set = policy(`  resolveSymlinks: ${symlinks}\nshell:\n  allow: ["echo *", "cp *", "mkdir *", "cd *", "git *"]\n`);
      const deny = async (command: string) => {
        const d = await set.evaluateAsync(call('exec', { command }), { allReasons: true });
        expect(d.decision, command).toBe('deny');
        expect(d.reasons.map((r) => r.check), command).toContain('shell.gitMetadata');
      };
      await deny('mkdir -p p/refs && cp -r .git/objects p/ && echo "ref: refs/heads/main" > p/HEAD && git -C p log -p');
      await deny('echo "ref: refs/heads/main" > p/HEAD && git -C p/refs log -p');
      await deny('cd p && echo "ref: refs/heads/main" > head && git log -p');
      // git at the top does not look in p: nothing there is its repository.
      expect((await set.evaluateAsync(call('exec', { command: 'echo x > p/HEAD && git log -p' }))).decision).toBe('allow');
    }
  });

  it('leaves a policy that limits no command alone', async () => {
    await initShellParser();
    expect((await policy('paths:\n  forbidden: [".env"]\n').evaluateAsync(call('write', { path: '.git/config', content: 'x' }))).decision).toBe('allow');
  });
});

describe('shell.runnerConfig (red team 46)', () => {
  // An allowed `npx prettier` runs through the `script-shell` of a `.npmrc` an earlier call wrote.
  it.each([
    ['/ws/.npmrc', true], ['/ws/sub/pkg/.npmrc', true], ['/ws/.NPMRC', true], ['/ws/.npm?c', true], ['/ws/.yarnrc.yml', true], ['/ws/.yarnrc', true], ['/ws/bunfig.toml', true], ['/ws/.pnpmfile.cjs', true],
    ['/ws/package.json', false], ['/ws/src/npmrc.ts', false], ['/ws/.npmignore', false], ['/ws/docs/.npmrc.md', false],
  ])('%s: %s', (path, expected) => expect(isRunnerConfigPath(path)).toBe(expected));

  it('denies writes to them under a policy that limits commands, not reads', async () => {
    await initShellParser();
    const set = compilePolicies(loadPolicyText('version: 1\nid: p\nworkspace:\n  root: /srv/ws\nshell:\n  allow: ["npx prettier *", "cat *", "echo *"]\n', 'p.yaml').policies);
    const call = (toolName: string, params: Record<string, unknown>) => ({ toolName, params, cwd: '/srv/ws', sessionId: 's' });
    const written = await set.evaluateAsync(call('write', { path: '.npmrc', content: 'script-shell=./evil.sh' }));
    expect(written.decision).toBe('deny');
    expect(written.reasons.map((r) => r.check)).toContain('shell.runnerConfig');
    expect((await set.evaluateAsync(call('exec', { command: 'echo script-shell=./e >> sub/.npmrc' }))).decision).toBe('deny');
    expect((await set.evaluateAsync(call('exec', { command: 'cat .npmrc' }))).decision).toBe('allow');
    expect((await set.evaluateAsync(call('write', { path: 'package.json', content: '{}' }))).decision).toBe('allow');
    // A policy that limits no command keeps allowing it.
    const open = compilePolicies(loadPolicyText('version: 1\nid: o\nworkspace:\n  root: /srv/ws\n', 'o.yaml').policies);
    expect((await open.evaluateAsync(call('write', { path: '.npmrc', content: 'x' }))).decision).toBe('allow');
  });
});
