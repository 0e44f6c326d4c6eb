// The fixed file tree the adversarial path cases (classes 9-15) run against. Idempotent:
// removes and recreates /tmp/toolwarden-adv, so symlinks always point where cases expect.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { writeFiles } from '../write-files.js';

export const ADVERSARIAL_BASE = '/tmp/toolwarden-adv';

export function setupAdversarialFixtures(): void {
  const base = ADVERSARIAL_BASE;
  const ws = path.join(base, 'ws');
  const outside = path.join(base, 'outside');
  fs.rmSync(base, { recursive: true, force: true });
  const files: Record<string, string> = {
    'ws/src/app.ts': 'export {};\n',
    'ws/src/b.ts': 'export {};\n',
    'ws/.env': 'SECRET=1\n',
    'ws/.envrc': 'use nix\n',
    'ws/.gitignore': 'node_modules\n',
    'ws/.secrets/server.pem': 'KEY\n',
    'ws/secrets/key': 'KEY\n',
    'ws/private/x': 'x\n',
    // A repository git takes (HEAD, objects/, refs/: git passes over a `.git` without them, red team gprt).
    'ws/.git/config': '[core]\n',
    'ws/.git/HEAD': 'ref: refs/heads/main\n',
    'ws/.git/objects/.keep': '',
    'ws/.git/refs/heads/.keep': '',
    'ws/ws2/x': 'inside\n',
    'ws/caf\u00e9.txt': 'nfc\n',
    'ws2/x': 'neighbour\n',
    // A monorepo whose top (a repository git accepts: HEAD, objects/, refs/) is above the
    // workspace root of rt-mono-package (packages/app): `git show HEAD:infra/x` there reads the top's infra/x.
    'mono/.git/HEAD': 'ref: refs/heads/main\n',
    'mono/.git/objects/.keep': '',
    'mono/.git/refs/heads/.keep': '',
    'mono/infra/prod.tfvars': 'db_password = "x"\n',
    'mono/packages/app/src/a.ts': 'export {};\n',
    // A directory git takes for a repository with no `.git` in its name (implicit bare
    // discovery), as an agent could fill one, and one named as a repository.
    'ws/planted/HEAD': 'ref: refs/heads/main\n',
    'ws/planted/objects/.keep': '',
    'ws/planted/refs/heads/.keep': '',
    'ws/named.git/HEAD': 'ref: refs/heads/main\n',
    'ws/named.git/objects/.keep': '',
    'ws/named.git/refs/heads/.keep': '',
    // Files named like options (s29a): a wildcard the shell expands hands them to the program as options.
    'ws/optnames/a.txt': 'a\n',
    'ws/optnames/--files0-from=.env': '',
    'ws/optnames/@.env': '',
    // Patch files an agent applies (s30): their headers name the files they write.
    'patches/env.patch': 'diff --git a/.env b/.env\n--- a/.env\n+++ b/.env\n@@ -1 +1 @@\n-SECRET=1\n+SECRET=2\n',
    'patches/src.patch': 'diff --git a/src/app.ts b/src/app.ts\n--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1 +1 @@\n-export {};\n+export const a = 1;\n',
    // Repositories whose untracked files git clean deletes unless their ignore files keep them (red team rwrt).
    ...fakeRepository('rw/ign'),
    'rw/ign/.gitignore': '.env\n*.pem\n',
    'rw/ign/.env': 'SECRET=1\n',
    'rw/ign/k/a.pem': 'KEY\n',
    'rw/ign/src/a.ts': 'export {};\n',
    // git skips a byte order mark at the start of an ignore file: sub/'s `!.env` lets sub/.env in.
    ...fakeRepository('rw/bom'),
    'rw/bom/.gitignore': '.env\n',
    'rw/bom/sub/.gitignore': '\uFEFF!.env\n',
    'rw/bom/sub/.env': 'SECRET=1\n',
    // With core.ignorecase (macOS's default), `!.ENV` lets .env in.
    ...fakeRepository('rw/icase'),
    'rw/icase/.git/config': '[core]\n\tignorecase = true\n',
    'rw/icase/.gitignore': '.env\n!.ENV\n',
    'rw/icase/.env': 'SECRET=1\n',
    // A repository nested in another: `git clean -ffd sub` deletes it whole, whatever its own .gitignore says.
    ...fakeRepository('rw/nested'),
    ...fakeRepository('rw/nested/sub'),
    'rw/nested/sub/.gitignore': '.env\n',
    'rw/nested/sub/.env': 'SECRET=1\n',
    // With -X git deletes the ignored d/ whole, from d/sub too.
    ...fakeRepository('rw/ignx'),
    'rw/ignx/.gitignore': 'd/\n',
    'rw/ignx/d/other/k.pem': 'KEY\n',
    'rw/ignx/d/sub/x.txt': 'x\n',
    // A repository whose work tree (core.worktree) is the workspace: git clean deletes there.
    ...fakeRepository('rw/wt'),
    'rw/wt/.git/config': '[core]\n\tworktree = /tmp/toolwarden-adv/ws\n',
    'outside/passwd': 'root:x:0:0\n',
    'outside/secret.txt': 'secret\n',
  };
  writeFiles(base, files);
  fs.mkdirSync(outside, { recursive: true });
  const links: Array<[string, string]> = [
    ['ws/link-out', outside], // a link inside the workspace pointing outside
    ['ws/secret-link', path.join(ws, '.env')], // a link to a denied file
    ['ws/pem-link', '.secrets/server.pem'], // relative link to a denied file
    ['ws/src-link', 'src'], // relative link staying inside
    ['ws/in-link', path.join(ws, 'src')], // absolute link staying inside
    ['ws/dangling', path.join(outside, 'not-yet')], // target does not exist yet
    // Other spellings of a name that OpenClaw's read opens when the one asked for is missing.
    ['ws/variants/cafe\u0301', path.join(outside, 'secret.txt')], // NFD
    ['ws/variants/my notes', path.join(outside, 'secret.txt')], // ASCII space
    ["ws/variants/it's", path.join(outside, 'secret.txt')], // straight quote
  ];
  fs.mkdirSync(path.join(ws, 'variants'), { recursive: true });
  // Roots with look-alike siblings: names equal only after NFC or the case fold (threat 13).
  for (const dir of ['w\u00e9/src', 'we\u0301', 'ciss/src', 'ci\u00df', 'CISS']) fs.mkdirSync(path.join(base, dir), { recursive: true });
  for (const dir of ['we\u0301', 'ci\u00df', 'CISS']) fs.writeFileSync(path.join(base, dir, 'data'), 'look-alike\n');
  links.push(['w\u00e9/x', '../we\u0301'], ['ciss/esz', '../ci\u00df'], ['ciss/up', '../CISS']);
  // A cwd reached through a link, beside a directory laid out like the workspace (`a/ws`).
  fs.mkdirSync(path.join(base, 'a/ws/src'), { recursive: true });
  fs.writeFileSync(path.join(base, 'a/ws/src/app.ts'), 'outside\n');
  links.push(['a/wslink', '../ws']);
  // A system directory reached through a link, as /var/run is /run (red team 11): `varrun/daemon.sock` is outside/daemon.sock.
  fs.writeFileSync(path.join(outside, 'daemon.sock'), '');
  links.push(['varrun', 'outside']);
  // A second workspace (`lws`) whose relative links are harmless where they are and lead
  // elsewhere once moved or copied as links (red team 8): a/b/k -> ../secrets/key is
  // lws/a/secrets/key from a/b, lws/secrets/key from a/; a/b/r leaves the workspace from a/.
  writeFiles(base, { 'lws/.env': 'SECRET=1\n', 'lws/secrets/key': 'KEY\n', 'lws/src/app.ts': 'export {};\n', 'lws/a/b/x': 'x\n' });
  links.push(['lws/a/b/k', '../secrets/key'], ['lws/a/b/r', '../../outside/secret.txt'], ['lws/out', '../outside']);
  for (const [rel, target] of links) fs.symlinkSync(target, path.join(base, rel));
  // A link whose name is no UTF-8 (`r` and the byte 0xff): Node reads it back as `r\uFFFD`.
  fs.symlinkSync('.', Buffer.concat([Buffer.from(path.join(base, 'lws', 'r')), Buffer.from([0xff])]));
  setupRedTeam15Fixtures(path.join(base, 'rt15a'));
  // Red team 15C's: a shell script of its own (it runs git as a user would), built below rt15c.
  execFileSync('sh', [path.join(import.meta.dirname, 'fixtures-rt15c.sh'), path.join(base, 'rt15c', 'scratch')], { stdio: 'ignore' });
}

/** The files that make `dir` a repository git takes (HEAD, objects/, refs/), with no index. */
function fakeRepository(dir: string): Record<string, string> {
  return { [`${dir}/.git/HEAD`]: 'ref: refs/heads/main\n', [`${dir}/.git/objects/.keep`]: '', [`${dir}/.git/refs/heads/.keep`]: '' };
}

/**
 * Red team 15A's trees (its cases in 07 and 09): names holding backslashes with links behind
 * them, and repositories git finds without `.git` in their names (a `--separate-git-dir`
 * gitfile, a work tree whose top is also a bare repository's, a `commondir`, a branch holding
 * a bare repository's files), each given a textconv or fsmonitor that writes PWNED. Built
 * with the real git (.ci/run installs it); without git the repositories are left out.
 */
function setupRedTeam15Fixtures(dir: string): void {
  fs.mkdirSync(path.join(dir, 'scratch'), { recursive: true });
  const script = String.raw`set -e
A="$1"
mkdir -p $A/lws/secrets $A/lws/src "$A/lws/d\e" "$A/lws/q\..\.."
echo SECRET > $A/lws/secrets/key; echo hi > $A/lws/src/a.ts
ln -s secrets/key "$A/lws/x\k"; ln -s /etc/passwd "$A/lws/y\p"; ln -s /etc/passwd "$A/lws/d\e/p"
command -v git >/dev/null || exit 0
export GIT_CONFIG_NOSYSTEM=1 HOME="$A/scratch" GIT_AUTHOR_NAME=n GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=n GIT_COMMITTER_EMAIL=a@b
TEXTCONV='[diff "x"]
	textconv = id >'"$A"'/scratch/PWNED && cat
'
mkdir -p $A/scratch/g1 && cd $A/scratch/g1 && git init -q && mkdir secrets src && echo TOPSECRET > secrets/key && echo a > src/a.ts && git add . && git commit -qm init
git clone -q $A/scratch/g1 $A/gws && cd $A/gws && git clone -q --separate-git-dir=p . w && printf "$TEXTCONV" >> p/config && echo '* diff=x' > p/info/attributes
git clone -q $A/scratch/g1 $A/scratch/b1 && cd $A/scratch/b1 && git clone -q --bare . x && cp -r x/. . && rm -rf x && printf "$TEXTCONV" >> config && mkdir -p info && echo '* diff=x' > info/attributes
git clone -q $A/scratch/g1 $A/scratch/s1 && cd $A/scratch/s1 && git init -q --separate-git-dir=p && printf '[core]
	fsmonitor = id >'"$A"'/scratch/PWNED && echo
' >> p/config
git clone -q $A/scratch/g1 $A/scratch/c1 && cd $A/scratch/c1 && git clone -q --bare . q && mkdir p && mv q/HEAD p/HEAD && echo ../q > p/commondir && printf "$TEXTCONV" >> q/config && echo '* diff=x' > q/info/attributes
git clone -q $A/scratch/g1 $A/scratch/t4 && cd $A/scratch/t4 && git checkout -q -b pr && git clone -q --bare . evil && rm -rf evil/hooks && printf "$TEXTCONV" >> evil/config && echo '* diff=x' > evil/info/attributes && find evil -type d -empty -exec touch {}/.keep \; && git add evil && git commit -qm 'add evil' && git checkout -q -
`;
  execFileSync('sh', ['-c', script, 'sh', dir], { stdio: 'ignore' });
}
