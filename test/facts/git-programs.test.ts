// Red team 44: the programs git starts of itself (gpg to sign, the editor: git-programs.ts), and
// `git config --includes`.
import { describe, expect, it } from 'vitest';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';

await initShellParser();

const texts = (s: string): string[] => parseShell(s).commands.map((c) => c.text).sort();

describe('git starts gpg to sign', () => {
  it.each([
    ['git commit -S -m x', 'gpg'],
    ['git commit -m x --gpg-sign', 'gpg'],
    ['git commit --gpg-sign=KEY -m x', 'gpg'],
    ['git commit -aSKEY -m x', 'gpg'],
    ['git tag -s v1 -m x', 'gpg'],
    ['git tag -u KEY v1 -m x', 'gpg'],
    ['git tag --local-user=KEY v1 -m x', 'gpg'],
    ['git -c commit.gpgsign=true commit -m x', 'gpg'],
    ['git -c commit.gpgSign commit -m x', 'gpg'],
    ['git -c tag.gpgsign=yes tag -a v1 -m x', 'gpg'],
    ['git merge -S main', 'gpg'],
    ['git rebase -S main', 'gpg'],
    ['git cherry-pick -S abc', 'gpg'],
    ['git revert --gpg-sign abc', 'gpg'],
    ['git pull -S', 'gpg'],
    ['git am -S x.patch', 'gpg'],
    ['git commit-tree -S HEAD^{tree} -m x', 'gpg'],
    ['git push --signed origin main', 'gpg'],
    ['git log --show-signature -1', 'gpg'],
    ['git tag -v v1', 'gpg'],
    ['git -c gpg.format=ssh commit -S -m x', 'ssh-keygen'],
    ['git -c gpg.format=x509 tag -s v1 -m x', 'gpgsm'],
    // (a command word is read by its base name too)
    ['git -c gpg.program=./sign.sh commit -S -m x', 'sign.sh'],
    ['git -c gpg.ssh.program=/opt/x -c gpg.format=ssh commit -S -m x', 'x'],
  ])('%j starts %j', (src, program) => {
    expect(parseShell(src).unverifiable).toBeUndefined();
    expect(texts(src)).toContain(program);
  });

  it.each([
    'git commit -m x',
    'git commit -sm x',
    'git commit --signoff -m x',
    'git log -Sfoo',
    'git log -S foo --oneline',
    'git diff -S x',
    'git tag v1',
    'git tag -a v1 -m x',
    'git -c commit.gpgsign=false commit -m x',
    'git merge main',
    'git push --signed=false origin main',
    'git commit -m -S',
  ])('%j starts no signing program', (src) => {
    expect(texts(src).filter((t) => /^(?:gpg|gpgsm|ssh-keygen)\b/.test(t))).toEqual([]);
  });

  it.each(["git -c 'gpg.program=a b' commit -S -m x", 'git -c gpg.program=$P commit -S -m x', 'git -c gpg.format=nope commit -S -m x', 'git -c gpg.program commit -S', 'git -c gpg.ssh.defaultKeyCommand=x commit -S'])(
    '%j is unverifiable',
    (src) => expect(parseShell(src).unverifiable).toBeDefined(),
  );
});

describe('git starts the editor', () => {
  it.each([
    'git commit',
    'git commit --amend',
    'git commit -e -m x',
    'git commit --edit -m x',
    'git commit -c HEAD',
    'git commit --author -m',
    'git commit --fixup=reword:HEAD',
    'git tag -a v1',
    'git tag -s v1',
    'git tag -m x -e v1',
    'git -c tag.gpgsign=true tag v1',
    'git rebase -i HEAD~2',
    'git rebase --interactive main',
    'git rebase --edit-todo',
    'git rebase --continue',
    'git merge --edit main',
    'git merge --continue',
    'git cherry-pick -e abc',
    'git revert --edit abc',
    'git pull --rebase=interactive',
    'git pull -e',
    'git notes add HEAD',
    'git notes edit',
    'git branch --edit-description',
    'git add -e',
    'git replace --edit HEAD',
    'EDITOR=true git commit',
  ])('%j starts `editor`', (src) => {
    expect(parseShell(src).unverifiable).toBeUndefined();
    expect(texts(src)).toContain('editor');
  });

  it.each([
    'git commit -m x',
    'git commit -am x',
    'git commit --amend --no-edit',
    'git commit -F msg.txt',
    'git commit -C HEAD',
    'git commit --fixup=HEAD',
    'git commit --dry-run',
    'git tag -a v1 -m x',
    'git rebase main',
    'git merge main',
    'git notes add -m x HEAD',
    'GIT_EDITOR=true git commit --amend',
    'env GIT_EDITOR=: git commit',
    'GIT_EDITOR=true git rebase -i HEAD~2',
    'git status',
  ])('%j starts no editor', (src) => {
    expect(texts(src)).not.toContain('editor');
  });

  it('`-c core.editor=CMD` is that command', () => {
    expect(texts("git -c core.editor='vim -n' commit")).toContain('vim -n');
    expect(texts("git -c core.editor='vim -n' commit")).not.toContain('editor');
    expect(texts('git -c sequence.editor=./seq.sh rebase -i HEAD~2')).toContain('seq.sh');
    expect(texts("git -c core.editor='rm -rf /' status")).toContain('rm -rf /');
  });

  it('an editor not read is unverifiable', () => {
    expect(parseShell('git -c core.editor=$E commit').unverifiable).toBeDefined();
    expect(parseShell("git -c core.editor='$(id)' commit").unverifiable).toBeDefined();
  });
});

describe('git config --includes', () => {
  it.each([
    'git config -f cfg --includes --get a.b',
    'git config --file=cfg --inc --list',
    'git config --blob HEAD:cfg --includes --list',
    'git config --global --includes -l',
    'git config -lf cfg --includes',
  ])('%j is unverifiable', (src) => {
    expect(parseShell(src).unverifiable).toMatch(/includes/);
  });
  it.each(['git config -f cfg --get a.b', 'git config --includes --get a.b', 'git config -f cfg --includes --no-includes --get a.b'])('%j is not', (src) => {
    expect(parseShell(src).unverifiable).toBeUndefined();
  });
});
