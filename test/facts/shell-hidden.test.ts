// Red-team findings in shell parsing: commands hidden in wrappers, xargs input, other
// programs' options, and brace expansion.
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';
import { expandBraces } from '../../src/facts/shell/words.js';
import { runnerFiles } from '../../src/facts/shell/wrappers.js';

await initShellParser();

const texts = (s: string): string[] => parseShell(s).commands.map((c) => c.text);

describe('xargs runs what its input names', () => {
  it.each([
    'echo rm -rf / | xargs sudo',
    'echo rm -rf / | xargs xargs',
    'echo rm -rf / | xargs env',
    'echo rm -rf / | xargs -r timeout 5',
    'echo rm -rf / | xargs -0 nice -n 5',
    "echo x | xargs -I% sh -c %",
    "echo x | xargs -I{} bash -c 'echo {}'",
    "echo x | xargs --replace=@ sh -c '@'",
    'echo rm | xargs -i {} -rf /',
    'echo /tmp/x.sh | xargs bash',
    'find . -exec {} \\;',
    "xargs cat <<< '\".env\"'",
    'bash <<< "ls" < evil.sh',
    'xargs cat <<< .env < list',
    'bash < evil.sh <<EOF\nls\nEOF',
    "find . -exec sh -c 'cat {}' \\;",
  ])('%j is unverifiable', (src) => {
    expect(parseShell(src).unverifiable).toBeDefined();
  });

  it.each([
    ['ls | xargs rm -f', ['ls', 'rm -f']],
    ['ls | xargs -I{} cp {} dst/', ['cp {} dst/', 'ls']],
    ['ls | xargs sudo rm', ['ls', 'rm']],
    // `{}` is each path found: the starting points, known before find runs, are put there too.
    ['find . -exec grep -l x {} +', ['find . -exec grep -l x {} +', 'grep -l x {} .']],
    ['find . src -maxdepth 0 -exec cat {}env \\;', ['find . src -maxdepth 0 -exec cat {}env ;', 'cat {}env .env srcenv']],
    ['find -maxdepth 0 -execdir cat {}/.env \\;', ['find -maxdepth 0 -execdir cat {}/.env ;', 'cat {}/.env ./.env ././.env']],
    // A literal here-string or here-doc is the input: its words are the arguments xargs appends.
    ['xargs cat <<< .env', ['cat .env']],
    ['xargs -n1 rm <<EOF\na b\nc\nEOF', ['rm a b c']],
    // -0 and -d split at their separator, -I at lines, and put each item where its string is.
    ['xargs -0 cat <<< .env', ['cat .env']],
    ['xargs -d , cat <<< a,.env', ['cat a .env']],
    ["xargs -d '\\n' cat <<< /etc/passwd", ['cat /etc/passwd']],
    ['xargs -I{} cat {} <<< .env', ['cat {} .env']],
    ['xargs -i cat config/{} <<EOF\n  prod.key\nb\nEOF', ['cat config/{} config/prod.key config/b']],
    ['xargs -a list cat <<< .env', ['cat']],
    // options read as xargs reads them: in clusters, abbreviated, optional values attached only
    ['xargs -rI{} cat {}env <<< .', ['cat {}env .env']],
    ['xargs -tiQ cat Qenv <<< .', ['cat Qenv .env']],
    ['xargs --repl=Q cat Qenv <<< .', ['cat Qenv .env']],
    ['xargs --replace cat {}env <<< .', ['cat {}env .env']],
    ['xargs -rd, cat <<< a,.env', ['cat a .env']],
    ['xargs --delim=, cat <<< a,.env', ['cat a .env']],
    ['xargs -r0 cat <<< .env', ['cat .env']],
    ['xargs -a /dev/stdin cat <<< .env', ['cat .env']],
    ['xargs --arg-file=/dev/fd/0 cat <<< .env', ['cat .env']],
    ['xargs -ra list -I{} cat {} <<< .env', ['cat {}']],
    ['xargs --max-lines rm -rf / < /dev/null', ['rm -rf /']],
    ['xargs -l rm -rf / < /dev/null', ['rm -rf /']],
    ['xargs --max-lines=2 -n 1 echo hi < /dev/null', ['echo hi']],
  ])('%j stays verifiable', (src, expected) => {
    const facts = parseShell(src);
    expect(facts.unverifiable).toBeUndefined();
    expect(texts(src).sort()).toEqual([...expected].sort());
  });
});

describe('more wrappers are unwrapped', () => {
  it.each([
    ['toybox rm -rf /', 'rm -rf /'],
    ['unshare -r rm -rf /', 'rm -rf /'],
    ['nsenter -t 1 -m -- rm -rf /', 'rm -rf /'],
    ['chrt -f 50 rm x', 'rm x'],
    ['prlimit --nofile=10 -n5 rm x', 'rm x'],
    ['strace -f -o /dev/null rm x', 'rm x'],
    ['ltrace -o log curl x', 'curl x'],
    ['pkexec --user root rm x', 'rm x'],
    ['runuser -u root -- rm x', 'rm x'],
    ["runuser root --session-command='rm x'", 'rm x'],
    ['fakeroot -- rm x', 'rm x'],
    ['firejail --noprofile curl x', 'curl x'],
    ['torsocks -u a curl x', 'curl x'],
    ['proxychains4 -f conf curl x', 'curl x'],
    ['unbuffer rm x', 'rm x'],
    ['chronic rm x', 'rm x'],
    ['systemd-run --user -p MemoryMax=1G --unit u rm x', 'rm x'],
    ['numactl -N 0 rm x', 'rm x'],
    ["sg wheel 'rm x'", 'rm x'],
    ["bash5.2 -c 'rm x'", 'rm x'],
    ["zsh-5.9 -c 'rm x'", 'rm x'],
    ["tcsh -c 'rm x'", 'rm x'],
  ])('%j runs %j', (src, inner) => {
    expect(texts(src)).toContain(inner);
  });

  it.each(['parallel rm ::: a', "pwsh -c 'rm x'", 'su -s /bin/rm root -- -rf /', 'enable -f /tmp/x.so ls'])(
    '%j is unverifiable',
    (src) => expect(parseShell(src).unverifiable).toBeDefined(),
  );
});

describe('ssh and ripgrep configuration', () => {
  it('is unverifiable when read from a file, and not for other options', () => {
    expect(parseShell('RIPGREP_CONFIG_PATH=./rg.conf rg TODO').unverifiable).toContain('RIPGREP_CONFIG_PATH');
    expect(parseShell('ssh -F ./cfg host').unverifiable).toContain('-F');
    expect(parseShell('scp -vF cfg a host:').unverifiable).toContain('-F');
    expect(parseShell('ssh -oForwardAgent=yes host').unverifiable).toBeUndefined();
    expect(parseShell('ssh -o ProxyCommand=none -i key host').unverifiable).toBeUndefined();
  });
});

describe('the command line ssh has the remote shell run', () => {
  it('is read after the destination and the options around it, its words joined', () => {
    expect(texts('ssh host uptime')).toEqual(['uptime', 'ssh host uptime']);
    expect(texts('ssh -p22 -lroot -i key host -t ls -la')).toContain('ls -la');
    expect(texts('ssh -o ServerAliveInterval=5 host -- rm -rf /x')).toContain('rm -rf /x');
    // one line for the remote shell: a quoted `;` separates commands there
    expect(texts("ssh host echo 'a;' curl x")).toContain('curl x');
    const [inner] = parseShell('ssh host uptime').commands;
    expect(inner!.runBy?.text).toBe('ssh host uptime');
  });

  it('is none with -N, -W, -O, -s or no command, and unverifiable when not a literal', () => {
    for (const line of ['ssh -N -L 1:h:2 host', 'ssh -W h:22 jump', 'ssh -O exit host', 'ssh -s host sftp', 'ssh -T git@github.com']) {
      expect(texts(line), line).toHaveLength(1);
    }
    expect(parseShell('ssh host "$CMD"').unverifiable).toMatch(/not a literal|known only when the line runs/);
    expect(parseShell('ssh $HOST uptime').unverifiable).toMatch(/not a literal|known only when the line runs/);
  });
});

describe('variables a program reads as more options', () => {
  it.each([
    'UNZIP=-d/tmp/out unzip src/z.zip', 'UNZIPOPT=-: unzip z.zip', 'ZIPOPT="-O /tmp/x.zip" zip a.zip a', 'ZIPOPT=-m zip a.zip p',
    'env ZIPOPT=-m zip a.zip p', 'export UNZIP=-:; unzip z.zip', 'BZIP2=/etc/passwd bzip2 a', 'XZ_OPT=--files=list xz', 'XZ_DEFAULTS=$o xz a',
    'GZIP="-S /x" pigz a', 'PIGZ=-k pigz a', 'WGETRC=./rc wget http://e.test/', 'CURL_HOME=. curl -K- http://e.test/', 'GIT_INDEX_FILE=/tmp/i git add .',
    'GIT_OBJECT_DIRECTORY=/tmp/o git commit -m x', 'GIT_TRACE=$t git status', 'TMPDIR=$(mktemp -d) npm test',
    'SSLKEYLOGFILE=/tmp/k curl https://e.test/', 'export SSLKEYLOGFILE=/tmp/k; curl https://e.test/', 'ZIP=-m zip a.zip p', 'env ZIP=-m zip a.zip p',
    'HISTFILE=/tmp/h bash -ic ls', 'LESSHISTFILE=/tmp/h less f', 'LESSKEYIN=./k less f', 'RUSTC_WRAPPER=./w cargo build', 'CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER=./r cargo run',
    'GOFLAGS=-toolexec=./x go build', "GOFLAGS='-mod=mod -exec=./x' go test",
    "LESS='+!touch x' git log", "LESS='-R +!id' man ls", 'LESS=-k./keys less f', 'SYSTEMD_LESS=-o/tmp/log journalctl', 'LESSKEY_CONTENT=x git log', 'LESS=--lesskey-src=k git log',
  ])('%j is unverifiable', (src) => expect(parseShell(src).unverifiable).toBeDefined());
  it.each(['XZ_OPT=-9 tar cJf a.txz src', "XZ_OPT='-T0 -9e' xz -k a", 'GZIP=-1 gzip a', 'export XZ_DEFAULTS=--threads=4; xz a', 'env BZIP2=-9 bzip2 a', 'GIT_TRACE=1 git status', 'GIT_TRACE=2 git log', 'LESSHISTFILE=- less f', 'HISTFILE=/dev/null bash -c ls', 'SSLKEYLOGFILE= curl https://e.test/', 'GOFLAGS=-mod=mod go build', 'LESS=-FRX git log', "LESS='-R -x4 -#8' git diff"])(
    '%j is not',
    (src) => expect(parseShell(src).unverifiable).toBeUndefined(),
  );
});

describe('variables naming where a command writes', () => {
  it.each([
    ['TMPDIR=/tmp/x npm test', ['/tmp/x']],
    ['TMPDIR=./tmp TMP=t2 TEMP= npm test', ['./tmp', 't2']],
    ['XDG_CACHE_HOME=c XDG_DATA_HOME=d XDG_STATE_HOME=s XDG_RUNTIME_DIR=r make', ['c', 'd', 's', 'r']],
    ['GIT_TRACE=/tmp/t git status', ['/tmp/t']],
    ['GIT_TRACE_PACKET=/tmp/t git fetch', ['/tmp/t']],
    ['GIT_TRACE2_EVENT=af_unix:stream:/tmp/s git status', ['/tmp/s']],
    ['GIT_TRACE=1 GIT_TRACE2=true git status', []],
    ['env TMPDIR=out npm test', ['out']],
  ])('%j writes into %j', (src, places) => {
    const facts = parseShell(src);
    expect(facts.unverifiable).toBeUndefined();
    expect(facts.commands.at(-1)?.wrapperFiles ?? []).toEqual(places);
  });
});

describe('commands hidden in other programs', () => {
  it.each([
    ["tar -xf a --to-command='rm x'", 'rm x'],
    ["tar -cf a --checkpoint=1 --checkpoint-action=exec='rm x' .", 'rm x'],
    ["tar -I 'rm x' -cf a .", 'rm x'],
    ["tar cIf 'rm x' a .", 'rm x'],
    ["zip -q -T -TT 'rm x' o.zip a", 'rm x'],
    ["tar cfI a 'rm x' .", 'rm x'],
    ["rsync -e 'rm x' a b:", 'rm x'],
    ["rsync --rsh='rm x' a b:", 'rm x'],
    ["rsync -ave 'rm x' a b:", 'rm x'],
    ["sort --compress-program='rm x' f", 'rm x'],
    ['rg --pre ./unzip.sh TODO .', 'unzip.sh'],
    ['rg --pre=rm TODO .', 'rm'],
    ["ssh -o ProxyCommand='rm x' host", 'rm x'],
    ["scp -o 'proxycommand rm x' a host:", 'rm x'],
    ["ssh -oLocalCommand='rm x' -o PermitLocalCommand=yes host", 'rm x'],
    ["man -P 'rm x' ls", 'rm x'],
    ["git rebase -x 'rm x' main", 'rm x'],
    ["split --filter='rm x' -l 1 f", 'rm x'],
    ['scp -S ./ev.sh a host:b', 'ev.sh'],
    ['scp -qS./ev.sh a host:b', 'ev.sh'],
    ['sftp -D ./ev.sh host', 'ev.sh'],
    // -o inside a cluster of flags is still -o, with the next word or the rest as its value
    ["scp -qo ProxyCommand='rm x' a host:b", 'rm x'],
    ["scp -qoProxyCommand='rm x' a host:b", 'rm x'],
    ["ssh -vo 'ProxyCommand rm x' host", 'rm x'],
    ["sftp -Co LocalCommand='rm x' host", 'rm x'],
    // scp's -O, -p and -R are flags (ssh's take values)
    ["scp -Oo ProxyCommand='rm x' a host:b", 'rm x'],
    ["scp -pRo ProxyCommand='rm x' a host:b", 'rm x'],
    ["sftp -qS './ev.sh' host", 'ev.sh'],
    ["npx -c 'rm x'", 'rm x'],
    ["npx --yes --call='rm x'", 'rm x'],
    ["npx -p cowsay -c 'rm x'", 'rm x'],
    ["git rebase -x'rm x' main", 'rm x'],
    ["git rebase -ix 'rm x' main", 'rm x'],
    ["git rebase -sours -x 'rm x' main", 'rm x'],
    ["trap -- 'rm x' EXIT", 'rm x'],
  ])('%j runs %j', (src, inner) => {
    expect(texts(src)).toContain(inner);
  });

  it.each([
    "git -c alias.x='!rm -rf /' x",
    'git -c alias.p=push p origin',
    "git -c core.pager='rm x' log",
    "git -ccore.sshCommand='rm x' fetch",
    "git fetch --upload-pack='rm x' origin",
    "git clone -u 'rm x' repo",
    // settings that run commands (git archive, interpret-trailers and commit --trailer, add -p, push, imap-send)
    "git -c tar.evil.command='rm x' archive --format=evil HEAD",
    "git -c trailer.s.key=S -c trailer.s.cmd='rm x' interpret-trailers --trailer s=x",
    "git -c trailer.s.command='rm x' commit --trailer s=y -m m",
    "git -c interactive.diffFilter='rm x' add -p",
    "git -c core.alternateRefsCommand='rm x' push",
    "git -c imap.tunnel='rm x' imap-send",
    // clone sets -c in the new repository before it fetches; -u in a cluster
    "git clone -c core.sshCommand='rm x' ssh://h/r",
    "git clone -qc core.sshCommand='rm x' ssh://h/r",
    "git clone -qu 'rm x' /srv/r",
    "git clone 'ext::sh -c rm% x' d",
    "git submodule foreach 'rm x'",
    // red team 8: an ext:: URL anywhere in a word, subcommands and helpers that run a program, help.autocorrect
    "git -c branch.main.remote='ext::sh -c rm% x' fetch", 'git push --repo=ext::sh%20x main',
    "git remote-ext o 'sh -c rm% x'", 'git remote-fd o 3', "git submodule--helper foreach 'rm x'", 'git merge-index sh -a', "git difftool--helper a b",
    'git -c help.autocorrect=immediate psuh', 'git config help.autocorrect 1',
    // settings persisted for a later git call: any file, legacy or 2.46 syntax, abbreviated options
    "git config core.pager 'rm x'", 'git config --global alias.st status', 'git config --system core.sshCommand ssh', 'git config -f .git/config core.hooksPath h',
    'git config --add diff.x.textconv cat', "git config set filter.a.smudge 'rm x'", 'git config --repl sequence.editor vim', 'git config --local include.path ../c',
    'git config core.worktree /etc', 'git config trace2.eventTarget /tmp/t', 'git config --rename-section foo alias', 'git config -e', 'git config edit', 'git config $k x',
    "git -c hook.pre.command='rm x' commit -m m", 'git -c core.worktree=/etc checkout .',
    'git --exec-path=/tmp/evil status',
    "awk 'BEGIN{system(\"rm x\")}'",
    "awk 'BEGIN{print \"x\" | \"sh\"}'",
    "awk '{print |& \"sh\"}'",
    "gawk -e 'BEGIN{\"id\" | getline}'",
    "gawk -i inplace 'BEGIN{system(\"rm x\")}' f",
    "gawk -l filefuncs --include inplace 'BEGIN{system(\"rm x\")}' f",
    "sed -n '1e rm x' f",
    "sed 's/.*/rm x/e' f",
    "sed -e '$e id' f",
    "vim -c '!rm x' f",
    "vim -Nesc '!rm x' f",
    "vim -Nes -c'!rm x' f",
    "sqlite3 app.db '.shell rm x'",
    "sqlite3 app.db '.sys rm x'",
    "sqlite3 app.db 'select 1;' '.once |rm x' 'select 2;'",
    "sqlite3 app.db \".read '|rm x'\"",
    "sqlite3 -cmd '.load ./evil' app.db 'select 1;'",
    "sqlite3 app.db \"select edit('x', 'rm')\"",
    "sqlite3 app.db \"select load_extension('./evil')\"",
    "sqlite3 -init setup.sql app.db",
    "sqlite3 app.db '.excel'",
    "sqlite3 app.db \"$SQL\"",
    // sed's valued options before the script, and options after an operand (getopt moves operands aside)
    "sed -l 5 'e rm x' f",
    "sed -s -l 80 's/x/rm/e' f",
    "sed --line-length 5 'e rm x' f",
    "sed --line 5 'e rm x' f",
    "sed p -e 'e rm x' f",
    "sed -n f --expression='1e rm x'",
    // sed and awk scripts read from standard input: a literal is checked, anything else is not known
    "sed -f - f <<< 'e rm x'",
    "sed --file=/dev/stdin f <<< 's/x/rm/e'",
    "sed -f/dev/fd/0 f <<EOF\ne rm x\nEOF",
    "echo 's/a/b/' | sed -f - f",
    "sed -f - f < script.sed",
    // a sed script file is not read: its `e` and `w` commands are out of sight (--sandbox refuses them)
    "sed -f script.sed f",
    "sed -n -f notes.sed README",
    "sed --file=x.sed -n f",
    "sed -nf x.sed f",
    // awk: -W takes a value (mawk -W interactive, gawk -Wsource=PROG), clusters end at a valued letter
    "awk -W interactive 'BEGIN{system(\"rm x\")}'",
    "awk -Wsource='BEGIN{system(\"rm x\")}'",
    "gawk -W source 'BEGIN{system(\"rm x\")}'",
    "gawk -bv x=1 'BEGIN{system(\"rm x\")}'",
    "gawk -bF : 'BEGIN{system(\"rm x\")}'",
    "mawk -W interactive,exec /dev/stdin <<< 'BEGIN{system(\"rm x\")}'",
    "awk -W random=5,exec - <<< 'BEGIN{system(\"rm x\")}'",
    "awk -f - <<< 'BEGIN{system(\"rm x\")}'",
    "echo 'BEGIN{}' | awk -f /dev/stdin",
    // sqlite3: SQL from standard input when no SQL argument follows the database, and .read
    "sqlite3 app.db <<< '.shell rm x'",
    "sqlite3 -vfs unix app.db <<< '.sys rm x'",
    "sqlite3 -cmd '.mode csv' app.db <<EOF\n.sh rm x\nEOF",
    "echo 'select 1;' | sqlite3 app.db",
    "sqlite3 app.db < schema.sql",
    "sqlite3 app.db '.read s.sql'",
    "sqlite3 app.db 'select 1;' '.rea s.sql'",
    "nvim '+:!id' f",
    'source "$f"',
    '. <(echo rm x)',
  ])('%j is unverifiable', (src) => {
    expect(parseShell(src).unverifiable).toBeDefined();
  });

  it.each([
    'git -c user.name=x commit -m y',
    'git -c tar.umask=022 archive --format=tar.gz HEAD',
    'git -c trailer.sign.key=Signed-off-by commit --trailer sign=a -m y',
    'git clone -c user.name=x -b main -q https://h/r',
    'git push -u origin main',
    'git switch -c feat',
    'git config user.name bob', 'git config --global user.email a@b.c', 'git config core.autocrlf input', 'git config --get core.pager', 'git config core.pager',
    'git config --unset core.pager', 'git config -l', 'git config get alias.st', 'git config --get-regexp alias', 'git config -f .gitmodules --get submodule.a.url',
    'git -C sub log --oneline',
    'tar -czf x.tgz src',
    "sed -i 's/a/b/g' f",
    "sed -e 's/e/f/' -e '/^$/d' f",
    "awk -F'|' '{print $1}' f",
    "awk '$1 == \"x\" || $2 > 3' f",
    'rsync -av src/ dst/',
    "vim -c 'set number' f",
    "vim -Nesc 'set number' -u NONE f",
    "vim -u ./vimrc.c f",
    '. ./env.sh',
    "sqlite3 -header -csv app.db 'select * from users;' '.show' '.tables' '.mode box'",
    "sqlite3 app.db 'select a || b from t;'",
    'split -l 100 big.txt part-',
    'scp -i id_ed25519 -P 2222 a host:b',
    'ssh -S ctl host ls',
    // a value that holds an `o` or an `F` is no option: `-l root`, `-i ~/.ssh/Foo`
    'ssh -lroot -p22 host',
    'scp -iFoo_key -P 22 a host:b',
    'ssh -o ProxyJump=bastion -vo ServerAliveInterval=5 host',
    "sed -l 80 -n l f",
    "sed -i -l 5 's/a/b/' f",
    "sed -ie 's/a/b/' f",
    "sed -f - f <<< 's/a/b/'",
    "sed --sandbox -f script.sed f",
    "awk -W interactive '{print $1}' f",
    "gawk -bv x=1 '{print x}' f",
    "awk -f - f <<< '{print $1}'",
    "awk -F: -v OFS=, '{print $1}' f",
    "sqlite3 app.db <<< 'select 1;'",
    "sqlite3 -separator , app.db <<EOF\n.tables\nselect 1;\nEOF",
    "sqlite3 -A -t app.db",
    'npx eslint -c .eslintrc.json src',
    'npx -p typescript tsc -p tsconfig.json',
  ])('%j stays verifiable', (src) => {
    expect(parseShell(src).unverifiable).toBeUndefined();
  });
});

describe('options that name a program to run (red team 14)', () => {
  it.each(["npm run test --node-options='--import=data:x'", 'npm test --script-shell=./x', 'go test -exec ./x ./...', 'go build -toolexec=./x .', "cargo --config 'target.x.runner=\"id\"' test"])('%j is unverifiable', (src) => {
    expect(parseShell(src).unverifiable).toMatch(/chooses what (?:its scripts )?runs?/);
  });
  it.each(['npm run build --silent', 'go test ./...', 'cargo test --release'])('%j stays verifiable', (src) => {
    expect(parseShell(src).unverifiable).toBeUndefined();
  });
});

describe('sed delimiters (red team 14): any GNU sed takes is read, as sed-script.ts reads it', () => {
  it.each(["sed 'sxrxid #xe' f", "sed 's\\r\\id #\\e' f", "sed '\\%e%e id' f", "sed -n '3,5s1a1b1e' f"])('%j runs a command: unverifiable', (src) => {
    expect(parseShell(src).unverifiable).toMatch(/runs a command|not read here/);
  });
  it.each(["sed 's/x/sample/' f", "sed '/x/s/a/b/' f", "sed -n '/start/,/end/p' f", "sed -e '/^#/d' -e 's|a|b|g' f", "sed 's/a\\/b/c/' f", "sed '/re/sxaxbx' f", "sed '/a/,/b/!sxaxbx' f", "sed -n '3,5s1a1b1p' f"])('%j stays verifiable', (src) => {
    expect(parseShell(src).unverifiable).toBeUndefined();
  });
});

describe('options that belong to the program a runner starts', () => {
  it.each([
    'npx eslint -c .eslintrc.json src',
    'npx -p typescript tsc -p tsconfig.json',
    'npx --yes prettier -c src',
  ])('%j runs nothing hidden: the program it starts, its line kept for allow patterns', (src) => {
    const { commands, unverifiable } = parseShell(src);
    expect(unverifiable).toBeUndefined();
    // the program it starts, and the line as written (checked as an unknown program's)
    expect(commands).toHaveLength(2);
    expect(src.endsWith(commands[0]!.text)).toBe(true);
    expect(commands[0]!.runBy?.text).toBe(src);
    expect(commands[1]!.text).toBe(src);
  });
});

describe('brace expansion of arguments', () => {
  it.each([
    ['cat {.e,x}nv', ['cat .env xnv']],
    ['rm {-rf,/}', ['rm -rf /']],
    ['echo {a,b}{c,d}', ['echo ac ad bc bd']],
    ['echo f{1..3}', ['echo f1 f2 f3']],
    ['echo {01..03}', ['echo 01 02 03']],
    ['echo {5..1..2}', ['echo 5 3 1']],
    ['echo {a..e..2}', ['echo a c e']],
    ['echo {x}', ['echo {x}']],
    ['echo {x{a,b}}', ['echo {xa} {xb}']],
    ['echo {a,b', ['echo {a,b']],
  ])('%j', (src, expected) => {
    expect(parseShell(src).unverifiable).toBeUndefined();
    expect(texts(src)).toEqual(expected);
  });

  it('a brace expansion past the cap is unverifiable, not truncated', () => {
    expect(parseShell('echo {1..100000}').unverifiable).toMatch(/brace/);
    expect(parseShell('echo {a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}').unverifiable).toMatch(/brace/);
  });

  const alternative = fc.stringMatching(/^[a-z.\/_-]{0,6}$/);

  it('property: a comma list expands to each alternative between the same prefix and suffix', () => {
    fc.assert(
      fc.property(alternative, fc.array(alternative, { minLength: 2, maxLength: 6 }), alternative, (pre, alts, post) => {
        expect(expandBraces(`${pre}{${alts.join(',')}}${post}`, 256)).toEqual(alts.map((a) => pre + a + post));
      }),
      { numRuns: 500 },
    );
  });

  it('property: a hidden forbidden word is always among the expanded arguments', () => {
    fc.assert(
      fc.property(fc.array(alternative, { minLength: 1, maxLength: 4 }), fc.nat(4), (others, at) => {
        const alts = [...others];
        alts.splice(Math.min(at, alts.length), 0, '.env');
        const facts = parseShell(`cat {${alts.join(',')}}`);
        expect(facts.unverifiable).toBeUndefined();
        expect(facts.commands[0]!.words).toContain('.env');
      }),
      { numRuns: 300 },
    );
  });

  it('property: a sequence has |to - from| / step + 1 words and never throws', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }), fc.integer({ min: 1, max: 7 }), (a, b, step) => {
        const words = expandBraces(`{${a}..${b}..${step}}`, 256);
        expect(words).toHaveLength(Math.floor(Math.abs(b - a) / step) + 1);
        expect(words![0]).toBe(String(a));
      }),
      { numRuns: 500 },
    );
  });
});

describe('property: new wrappers never hide the wrapped command', () => {
  const wrapper = fc.constantFrom(
    'toybox', 'unshare -r', 'nsenter -t 1 -m', 'chrt -f 5', 'prlimit --nofile=9', 'strace -f', 'ltrace', 'pkexec',
    'runuser -u root --', 'fakeroot', 'firejail', 'torsocks', 'proxychains4 -q', 'unbuffer', 'chronic', 'systemd-run --user',
    'numactl -N 0', 'catchsegv', 'sudo', 'nice -n 3', 'timeout 9',
  );
  it('any chain of them around `rm -rf /` still yields `rm -rf /`', () => {
    fc.assert(
      fc.property(fc.array(wrapper, { minLength: 1, maxLength: 5 }), (chain) => {
        const facts = parseShell(`${chain.join(' ')} rm -rf /`);
        expect(facts.commands.map((c) => c.text)).toContain('rm -rf /');
      }),
      { numRuns: 300 },
    );
  });
  it('under xargs with nothing after them, they are unverifiable', () => {
    fc.assert(
      fc.property(fc.array(wrapper, { minLength: 1, maxLength: 3 }), (chain) => {
        expect(parseShell(`echo rm -rf / | xargs ${chain.join(' ')}`).unverifiable).toBeDefined();
      }),
      { numRuns: 200 },
    );
  });
});

describe('redirections opened for writing are marked', () => {
  it.each([
    ['echo x > README', ['README']],
    ['cat a >> log 2>&1', ['log']],
    ['ls &> out', ['out']],
    ['cat <> f', ['f']],
    ['echo x >| f', ['f']],
    ['cat < in > out', ['out']],
    ['{ echo a; } > grouped', ['grouped']],
  ])('%j writes %j', (src, written) => {
    const cmds = parseShell(src).commands;
    expect(cmds.flatMap((c) => c.writtenRedirects ?? [])).toEqual(written);
  });
  it('a read-only redirection is not marked', () => {
    expect(parseShell('cat < .env').commands[0]!.writtenRedirects).toBeUndefined();
    expect(parseShell('cat <<< x').commands[0]!.writtenRedirects).toBeUndefined();
  });
  it('a bare redirection statement (`> f` truncates f) is marked', () => {
    expect(parseShell('> f').commands[0]!.writtenRedirects).toEqual(['f']);
  });
});

describe('arithmetic evaluates variables again', () => {
  it.each([
    "x='a[$(rm -rf /)]'; echo $((x))",
    "x='a[`id`]'; (( x > 1 ))",
    "export x='a[$(id)]'; [[ $x -eq 1 ]]",
    "declare -i n; n='a[$(id)]'",
    "idx='$(id)'; echo ${arr[$idx]}",
    "read x <<< 'a[$(id)]'; echo $((x))",
    'read x < payload; echo $((x + 1))',
    "x=$'a[\\x24(id)]'; let y=x",
    "bash -c \"x='a[\\$(id)]'; echo \\$((x))\"",
  ])('%j is unverifiable', (src) => {
    expect(parseShell(src).unverifiable).toMatch(/arithmetic|subscript/);
  });
  it.each(['echo $((1 + 2))', 'for ((i = 0; i < 3; i++)); do echo $i; done', "echo 'use $(pwd)'", 'read x; echo $x', "bash -c 'echo $((2 * 3))'"])(
    '%j stays verifiable',
    (src) => expect(parseShell(src).unverifiable).toBeUndefined(),
  );
  it('property: any payload spelled as a literal and evaluated in arithmetic is unverifiable', () => {
    const quote = fc.constantFrom((s: string) => `'${s}'`, (s: string) => `"${s.replace(/[$`]/g, '\\$&')}"`);
    const use = fc.constantFrom('echo $((x))', '(( x ))', '[[ $x -lt 2 ]]', 'echo ${a[$x]}', 'let y=x+1');
    const cmd = fc.constantFrom('$(id)', '`id`', '$(rm -rf /)');
    fc.assert(
      fc.property(quote, cmd, use, fc.constantFrom('; ', '\n', ' && '), (q, c, u, sep) => {
        expect(parseShell(`x=${q(`a[${c}]`)}${sep}${u}`).unverifiable).toBeDefined();
      }),
      { numRuns: 300 },
    );
  });
});

describe('arithmetic that assigns a risky variable', () => {
  it.each([
    '((PATH=0)); ls',
    'let PATH+=1; ls',
    'echo $((HOME=0)); cat ~/x',
    '((++PWD)); ls',
    'a[PATH=0]=1; ls',
    '[[ PATH=0 -eq 0 ]]; ls',
    "bash -c '((PATH=0)); ls'",
  ])('%j is unverifiable', (src) => expect(parseShell(src).unverifiable).toMatch(/assign `(PATH|HOME|PWD)`/));
  it.each(["x=PA; y='TH=0'; z=$x$y; ((z)); ls", 'x=++PA; y=TH; z=$x$y; ((z))', "set -- 'TH=0'; z=PA$1; ((z))", "for v in 'TH=0'; do z=PA$v; ((z)); done"])(
    '%j (a value spelling an assignment) is unverifiable',
    (src) => expect(parseShell(src).unverifiable).toMatch(/spells an assignment/),
  );
  it.each(['i=0; ((i++)); echo $i', 'local i=0; ((i++))', 'make CC=gcc; echo $((1+2))', 'git log --oneline; echo $((1+2))', 'echo $(( PATH == 0 ))', 'f() { local n=$1; echo $((n+1)); }; f 2'])(
    '%j stays verifiable',
    (src) => expect(parseShell(src).unverifiable).toBeUndefined(),
  );
});

describe('arithmetic evaluates text known only at run time', () => {
  it.each([
    'x=$(cat f); echo $((x))',
    'x=`cat f`; (( x ))',
    'echo $(( $(cat f) ))',
    'for x in $(cat f); do echo $((x)); done',
    'for x in *; do echo $((x)); done',
    'set -- $(cat f); echo $(($1))',
    'a=($(cat f)); echo $((a))',
    'a[0]=$(cat f); echo $((a[0]))',
    'declare x=$(cat f); let y=x',
    "x=$'\\n'; y=${x@Q}; d=${y:0:1}; z=\"a[${d}(id)]\"; echo $((z))",
    'x=$(cat f); [[ $x -eq 1 ]]',
    'n=$(cat f); s=abc; echo ${s:n}',
    'x=$(cat f); echo ${@:1:x}',
    'x=$(cat f); echo ${!x}',
    'x=$(cat f); echo "${x@P}"',
    'x=$(cat f); [[ -v $x ]]',
    'x=$(cat f); test -v "$x"',
    'x=$(cat f); printf -v "$x" 1',
    'x=$(cat f); read "$x" <<< 1',
    'x=$(cat f); declare "$x"=1',
  ])('%j is unverifiable', (src) => expect(parseShell(src).unverifiable).toMatch(/run time|when the line runs/));
  it.each([
    "x='a[$'; y='(id)]'; z=$x$y; echo $((z))",
    'x=\\$; y="a[$x(id)]"; echo $((y))',
    "x=\"a[$\"'(id)]'; echo $((x))",
  ])('%j (a `$` joined at run time) is unverifiable', (src) => expect(parseShell(src).unverifiable).toMatch(/arithmetic/));
  it.each(["x='\\044(id)'; echo ${x@P}", "x='\\44(id)'; echo \"${x@P}\""])('%j (an octal `$` in a prompt) is unverifiable', (src) =>
    expect(parseShell(src).unverifiable).toMatch(/octal/),
  );
  it.each([
    'n=$(grep -c x f); test "$n" -eq 0',
    'i=0; i=$((i+1)); echo $i',
    'x=1; echo ${x:-2} $((x+1))',
    's=abcdef; echo ${s:1:2}',
    'echo "$(ls)" $((6+7))',
    'for i in 1 2 3; do echo $((i*2)); done',
    "awk '{print $1}' f; echo $((1+2))",
    'x=$(git rev-parse HEAD); echo ${x:0:7} ${x: -3}',
    "x='\\u@\\h'; echo ${x@P}",
    'echo "\\033[0m"; echo $((1+2))',
  ])('%j stays verifiable', (src) => expect(parseShell(src).unverifiable).toBeUndefined());
});

describe('variables that move home or name programs', () => {
  it.each([
    'HOME=/etc; cat ~/shadow',
    'export HOME=/etc; cat $HOME/shadow',
    'HOME=/tmp/evil git log',
    'XDG_CONFIG_HOME=/tmp/e git log',
    'LESSOPEN="|rm -rf / %s" less x',
    'npm_config_script_shell=/tmp/x npm test',
    'NPM_CONFIG_SCRIPT_SHELL=/tmp/x npm test',
    'env SHELL=/tmp/x script -q out',
    'declare -x MANPAGER=id; man ls',
    // man-db's pages from a directory of the agent's, groff's unsafe mode, groff's troff (red team 46)
    'MANPATH=./m man evil', 'export MANPATH=m; man evil', 'MANROFFOPT=-U man ls', 'MANROFFSEQ=p man ls', 'GROFF_COMMAND_PREFIX=./x groff -man f',
    // options from the environment (pytest's --basetemp removes its directory), programs other programs start (red team 46)
    'PYTEST_ADDOPTS=--basetemp=.. uv run pytest -q', 'JAVA_OPTS=-javaagent:x.jar mvn test', 'ERL_FLAGS="-eval x" mix test',
    'KUBE_EDITOR="sh -c id" kubectl edit cm x', 'PSQL_EDITOR=./e psql -c x', 'CORECLR_PROFILER_PATH=./p.so dotnet build', 'DOCKER_CONFIG=./d docker ps',
  ])('%j is unverifiable', (src) => {
    expect(parseShell(src).unverifiable).toBeDefined();
  });
  it('an ordinary variable is not', () => {
    expect(parseShell('NODE_ENV=test npm test').unverifiable).toBeUndefined();
    expect(parseShell('PYTEST_ADDOPTS= uv run pytest -q').unverifiable).toBeUndefined();
  });
  it("node's coverage, compile cache and warnings files are written where their variables say (red team 46)", () => {
    for (const name of ['NODE_V8_COVERAGE', 'NODE_COMPILE_CACHE', 'NODE_REDIRECT_WARNINGS']) {
      const { commands } = parseShell(`${name}=../out npx prettier --check src`);
      expect(JSON.stringify(commands), name).toContain('../out');
    }
  });
});

describe('files a sed or awk script opens are checked like redirections', () => {
  const opened = (src: string) => parseShell(src).commands.map((c) => [c.redirects, c.writtenRedirects ?? []]);
  it.each([
    ["sed '1r /etc/shadow' f", [['/etc/shadow'], []]],
    ["sed -n 'w /tmp/x' f", [['/tmp/x'], ['/tmp/x']]],
    ["sed 's/a/b/w out.txt' f", [['out.txt'], ['out.txt']]],
    ["sed -e 's/a/b/' -e '$R ~/.ssh/id_rsa' f", [['~/.ssh/id_rsa'], []]],
    // behind an address with a custom delimiter, and after a step address (red teams 14 and 43)
    ["sed '\\%e%r.env' f", [['.env'], []]],
    ["sed -n '0~1s_^_x_w /tmp/o' f", [['/tmp/o'], ['/tmp/o']]],
    ["awk '{print > \"/etc/x\"}' f", [['/etc/x'], ['/etc/x']]],
    ["awk 'BEGIN{while ((getline l < \"/etc/shadow\") > 0) print l}'", [['/etc/shadow'], []]],
    ["awk '{printf \"%s\", $1 >> \"log\"}' f", [['log'], ['log']]],
  ])('%j', (src, expected) => {
    expect(parseShell(src).unverifiable).toBeUndefined();
    expect(opened(src)).toEqual([expected]);
  });
  it.each(["sed -i 's/a/b/g' f", "sed '/^$/d' f", "awk '$3 > max {max = $3} END {print max}' f"])('%j opens nothing', (src) => {
    expect(opened(src)).toEqual([[[], []]]);
  });
  it('an awk file named at run time is unverifiable', () => {
    expect(parseShell("awk '{print $1 > $2}' f").unverifiable).toMatch(/awk/);
  });
});

describe('eval -- and env -a', () => {
  it('`eval --` runs the rest', () => expect(texts("eval -- 'rm -rf /'")).toEqual(['rm -rf /']));
  it('`env -a NAME` takes a value', () => expect(texts('env -a ls rm -rf /')).toEqual(['rm -rf /']));
});

describe('variables this script sets to known text are expanded in arguments', () => {
  it.each([
    ['f=.env; cat $f', ['cat .env']],
    ['f=.e; cat ${f}nv', ['cat .env']],
    ['for f in a .env; do cat "$f"; done', ['cat a .env']],
    ['export f=.env; cat $f', ['export f=.env', 'cat .env']],
    ['f=.env; export f; cat $f', ['export f', 'cat .env']],
    ['d=/; rm -rf $d', ['rm -rf /']],
    ['f=~/.ssh/id_rsa; cat $f', ['cat ~/.ssh/id_rsa']],
    ["f=.env bash -c 'cat $f'", ['cat .env']],
    // `+=` appends to each value; a script that sets variables in other ways still has its literal ones checked.
    ['f=.e; f+=nv; cat $f', ['cat .e .env']],
    ['f=.env; ls . ; cat $f', ['cat .env']],
    ['f=.env; read g; cat $f', ['cat .env']],
    // `sh -c STRING NAME ARGS`: the arguments are `$0`, `$1`, `$@` inside the string.
    ["bash -c 'cat \"$1\"' _ .env", ['cat .env']],
    ["sh -c 'cat $0 \"$@\"' .env a b", ['cat .env a b']],
    ["find . -maxdepth 0 -exec sh -c 'cat \"$0\"env' {} \\;", ['cat {}env .env']],
    ["xargs sh -c 'cat \"$1\"' _ <<< .env", ['cat .env']],
    // a variable made of others: their texts, however spelled; `${!x}` names one
    ['g=.env; f=$g; cat $f', ['cat .env']],
    ['g=.e; f="${g}nv"; cat $f', ['cat .env']],
    ['g=.env; x=g; cat ${!x}', ['cat .env']],
    ['g=.env; f=${g:-x}; cat $f', ['cat .env x']],
    ['x=.env; cat ${x:+$x}', ['cat .env']], // `.env` or nothing (an empty word, not in the text)
    ['x=.env; cat ${HOME:+"$x"}', ['cat .env']],
    // a loop's body is read until nothing new is learnt: the second time round, f is .env
    ['for i in 1 2; do g=.env; cat $f; f=$g; done', ['cat .env']],
    // what is known only at run time is a placeholder no path check accepts
    ['f=$(cmd)/x; cat $f', ['cat $(…)/x']],
  ])('%j is also checked as %j', (src, expected) => {
    // In addition to the command as written: the assignment may not have run.
    const all = texts(src);
    expect(all).toEqual(expect.arrayContaining(expected));
    expect(all.some((t) => t.includes('$'))).toBe(true);
  });
  it.each([
    // its known value is checked too; the run-time one is a placeholder no path check accepts
    ['f=x; f=$(ls); cat $f', ['ls', 'cat $f', 'cat x $(…)']],
    ['read f; cat $f', ['read f', 'cat $f']],
    // a name reference is refused on its own (`declare -n`), whatever it names
    ['cat ${HOME:-$(pwd)}', ['pwd', 'cat ${HOME:-$(pwd)}']],
    ['cat $USER', ['cat $USER']],
  ])('%j is left as written when the value is not known', (src, expected) => {
    expect(texts(src)).toEqual(expected);
  });
  const branches = (name: string, first: string) => `${name}=${first}; case $1 in ${Array.from({ length: 16 }, (_, i) => `${i + 1}) ${name}=${i + 1};;`).join(' ')} esac`;
  it.each([
    // 17 × 17 texts: too many to check one by one
    [`${branches('a', '.e')}; ${branches('b', 'nv')}; cat $a$b`],
    // a variable this script sets, in a word not read here
    ['x=..; cat ${x:+$x/etc/passwd}'],
    ['x=..; cat ${HOME:-"$x/a"}'],
    // still growing after every pass over the loop
    ['for i in 1 2 3; do x=$x/a; done; ls $x'],
    // y is made from x before x is set: x may be set by then (a loop, a function called again)
    ['y=$x; x=.env; cat $y'],
    ['f() { y=$x; }; f; x=.env; f; cat $y'],
    // bash cases beyond ASCII by the C library: `İD_RSA` lowers to `id_rsa` there, not in JavaScript
    ['x=İD_RSA; cat "${x,,}"'],
    // an offset bash reads as octal
    ['x=AAAAAAAA.envXXXX; cat "${x:010:4}"'],
  ])('%j is unverifiable: what the variable holds cannot be listed', (src) => {
    expect(parseShell(src).unverifiable).toMatch(/cannot be listed/);
  });
  it('sixteen texts of each are checked one by one', () => {
    const src = `${branches('a', '.e').replace(/ 16\) a=16;;/, '')}; ${branches('b', 'nv').replace(/ 16\) b=16;;/, '')}; cat $a$b`;
    expect(parseShell(src).unverifiable).toBeUndefined();
    expect(texts(src).some((t) => t.includes(' .env'))).toBe(true);
  });
  it('property: a known value reaches the argument whatever the quoting and separator', () => {
    // `_` is the shell's own (the last word of the previous command)
    const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,5}$/).filter((n) => n !== '_');
    const value = fc.stringMatching(/^[a-z.\/~_-]{1,10}$/);
    const ref = fc.constantFrom((n: string) => `$${n}`, (n: string) => `\${${n}}`, (n: string) => `"$${n}"`, (n: string) => `"\${${n}}"`);
    fc.assert(
      fc.property(name, value, ref, fc.constantFrom('; ', '\n', ' && '), (n, v, r, sep) => {
        const facts = parseShell(`${n}='${v}'${sep}cat ${r(n)}`);
        expect(facts.commands.at(-1)!.words).toContain(v);
      }),
      { numRuns: 300 },
    );
  });
});

describe('`jobs -x CMD` runs CMD', () => {
  it.each([
    ['jobs -x rm -rf /', 'rm -rf /'],
    ['sleep 1 & jobs -lx rm %1', 'rm %1'],
  ])('%j runs %j', (src, inner) => expect(texts(src)).toContain(inner));
  it('`jobs -l` lists', () => expect(texts('jobs -l')).toEqual(['jobs -l']));
});

describe('a POSIX shell (dash) reads `((x))` as two subshells running x', () => {
  it.each([
    ["sh -c '((id))'", 'id'],
    ["dash -c 'echo a; ((rm -rf))'", 'rm -rf'],
    ["sh -c 'if ((x > 1)); then :; fi'", 'x'],
    ["busybox sh -c '((id))'", 'id'],
    ["sh <<< '((id))'", 'id'],
    ["watch '((id))'", 'id'],
    ["find . -exec sh -c '((id))' \\;", 'id'],
    ["su -c '((id))'", 'id'],
    // the top level: the exec tool's shell is unknown
    ['((id))', 'id'],
    ['ls && ((make))', 'make'],
    ['((curl|sh))', 'sh'],
    ["bash -c 'sh -c \"((id))\"'", 'id'],
  ])('%j runs %j', (src, inner) => expect(texts(src)).toContain(inner));
  it('what cannot be read as a command there is unverifiable', () => {
    expect(parseShell("sh -c '((1<<2))'").unverifiable).toMatch(/POSIX shell/);
  });
  // At the top level the shell is unknown (OpenClaw runs `sh` when $SHELL is unset): read both ways.
  it.each(["sh -c 'echo &>/dev/null rm -rf x'", "dash -c 'echo a &>>log rm x'", 'echo &>/dev/null rm x'])('%j (`&>` then more words) is unverifiable', (src) => {
    expect(parseShell(src).unverifiable).toMatch(/&>/);
  });
  it.each(["sh -c 'npm test &>/dev/null'", "bash -c 'echo &>/dev/null rm x'", "sh -c \"bash -c 'echo &>/dev/null rm x'\"", 'npm test &>/dev/null'])('%j keeps `&>` as bash reads it', (src) => {
    expect(parseShell(src).unverifiable).toBeUndefined();
  });
  it.each(["bash -c '((id))'", "bash -c '((i++))'", "zsh -c '((n > 1))'", "sh -c 'echo $((1 + 2))'", "sh -c \"bash -c '((id))'\""])('%j stays arithmetic', (src) => {
    expect(texts(src).filter((t) => /^(id|i\+\+|n)(\s|$)/.test(t))).toEqual([]);
    expect(parseShell(src).unverifiable).toBeUndefined();
  });
});

describe('an operator on a known value is read as bash applies it', () => {
  const words = (src: string) => parseShell(src).commands.at(-1)!.words;
  it.each([
    ['x=.envx; cat ${x%x}', '.env'],
    ['x=a.env; cat ${x#a}', '.env'],
    ['x=.envx; cat ${x%?}', '.env'],
    ['x=.ENV; cat ${x,,}', '.env'],
    ['x=.ENV; cat ${x@L}', '.env'],
    ['x=.eXv; cat ${x/X/n}', '.env'],
    ['x=.e; cat ${x/e/&nv}', '.env'],
    ['x=.eXX; cat ${x/X*/nv}', '.env'],
    ['x=ab.envcd; cat ${x:2:4}', '.env'],
    ['x=ab.envcd; cat ${x: -6:4}', '.env'],
    ['n=2; x=ab.envcd; cat ${x:n:4}', '.env'],
    ["x='.e\\x6ev'; cat ${x@E}", '.env'],
    ['declare -l x=.ENV; cat $x', '.env'],
  ])('%j reads %j', (src, file) => expect(words(src)).toContain(file));
  it('property: what bash makes of a known value is among the words checked', () => {
    const value = fc.stringMatching(/^[a-zA-Z.]{1,8}$/);
    const op = fc.constantFrom('%x', '%%.*', '#?', '##*.', ',,', '^^', '^', '@L', '@U', ':1', ':1:3', ': -3:2', '/e/E', '//./_', '/#./&&', '/%v/&x', '/[a-z]/Q');
    fc.assert(
      fc.property(value, op, (v, o) => {
        const bash = execFileSync('bash', ['--norc', '--noprofile', '-c', `x='${v}'; printf %s "\${x${o}}"`], { encoding: 'utf8' });
        if (bash === '') return; // an empty word names no file
        expect(words(`x='${v}'; cat \${x${o}}`)).toContain(bash);
      }),
      { numRuns: 150 },
    );
  });
});

describe('git global options before the subcommand', () => {
  it.each([
    ['git -C . push origin main', 'git push origin main'],
    ['git --git-dir=.git --work-tree . push', 'git push'],
    ['git --no-pager -c color.ui=never push --force', 'git push --force'],
    ['git -P log', 'git log'],
  ])('%j is also checked as %j', (src, plain) => {
    expect(texts(src)).toContain(plain);
    expect(texts(src)).toContain(src);
  });
  it('a plain git command is not doubled', () => expect(texts('git status')).toEqual(['git status']));
});

describe('brace expansion under a budget', () => {
  it('thousands of groups are unverifiable, not expanded', () => {
    expect(parseShell(`echo ${'{a,b}'.repeat(3000)}`).unverifiable).toMatch(/brace/);
  });
  it('deep nesting of braces that never close (bash reads them one after another) is unverifiable within a budget, not read for long', () => {
    const start = performance.now();
    const facts = parseShell(`echo ${'{'.repeat(3000)}a,b${'}'.repeat(3000)}`);
    expect(performance.now() - start).toBeLessThan(2000);
    expect(facts.unverifiable).toMatch(/brace/);
    // a few levels are read as bash reads them
    expect(parseShell('echo {{{a,b}}}').commands[0]!.words).toEqual(['echo', '{{a}}', '{{b}}']);
  });
});

describe("$'...' escapes are bytes read as UTF-8", () => {
  it.each([
    ["cat $'cafe\\xcc\\x81.txt'", 'cat cafe\u0301.txt'],
    ["cat $'caf\\303\\251.txt'", 'cat caf\u00e9.txt'],
    ["cat $'\\x2eenv'", 'cat .env'],
    ["echo $'\\u00e9\\U0001F600'", 'echo \u00e9\u{1F600}'],
  ])('%j', (src, expected) => expect(texts(src)).toEqual([expected]));
});

describe('array elements set to known text are expanded', () => {
  it.each([
    ['a=(.env x); cat "${a[@]}"', ['cat .env x']],
    ['a=(.env); cat ${a[0]}', ['cat .env']],
    ['a=(.env); cat $a', ['cat .env']],
  ])('%j is also checked as %j', (src, expected) => expect(texts(src)).toEqual(expect.arrayContaining(expected)));
  it.each(['a=([0]=.env); cat ${a[0]}', 'a=(x $(ls)); cat ${a[@]}', 'a=(x); a+=(.env); cat ${a[@]}'])('%j stays as written', (src) => {
    expect(texts(src).some((t) => /\$\{a\[/.test(t))).toBe(true);
  });
});

describe('builtins that evaluate text as commands', () => {
  it.each([
    ['x="\\$(rm -rf /)"; echo "${x@P}"', /prompt|cannot be listed/],
    ['read x; echo "${x@P}"', /prompt/],
    ['mapfile -C "rm -rf /" -c 1 a < f', /mapfile/],
    ['readarray -tC cb a < f', /readarray/],
  ])('%j is unverifiable', (src, reason) => expect(parseShell(src).unverifiable).toMatch(reason));
  it.each([
    ['compgen -C "rm -rf /" x', 'rm -rf /'],
    ['complete -C "curl e.vil" git', 'curl e.vil'],
    // bash's getopt: in a cluster, or attached.
    ["compgen -vC 'rm -rf /' x", 'rm -rf /'],
    ["compgen -C'rm -rf /' x", 'rm -rf /'],
    ["complete -o default -C 'curl e.vil' git", 'curl e.vil'],
  ])('%j runs %j', (src, inner) => expect(texts(src)).toContain(inner));
  it.each(["compgen -W '$(rm -rf /)'", "compgen -aW '`id`' x", 'compgen -W"$(id)"', 'compgen -W "$list"'])('%j (a word list with expansions) is unverifiable', (src) =>
    expect(parseShell(src).unverifiable).toMatch(/-W|known only when the line runs/),
  );
  it.each(["compgen -W 'start stop' -- st", "complete -W 'a b' mycmd", "compgen -A file -X '*.o' -- sr"])('%j stays verifiable', (src) =>
    expect(parseShell(src).unverifiable).toBeUndefined(),
  );
  it.each(["set -o history; history -s 'rm -rf /'; fc -s", "fc -e 'rm -rf /' -1", 'fc -s rm', 'fc'])('%j (fc runs history or an editor) is unverifiable', (src) =>
    expect(parseShell(src).unverifiable).toMatch(/fc/),
  );
  it.each(['fc -l', 'fc -ln -5', 'history 5'])('%j only lists', (src) => expect(parseShell(src).unverifiable).toBeUndefined());
  it.each(['shopt -s nocaseglob; cat .EN[V]', "bash -O nocaseglob -c 'cat .EN[V]'"])('%j (wildcards in any case) is unverifiable', (src) =>
    expect(parseShell(src).unverifiable).toMatch(/nocaseglob/),
  );
  it('`${x@Q}` quotes and runs nothing', () => expect(parseShell('x=1; echo "${x@Q}"').unverifiable).toBeUndefined());
});

describe('array subscripts that run commands when bash evaluates them', () => {
  it.each([
    "test -v 'a[$(id)]'",
    "unset 'a[$(id)]'",
    "printf -v 'a[$(id)]' x",
    "read 'a[`id`]' <<< x",
    "x='a[$(id)]'; echo ${!x}",
    'read y; echo ${!y}',
  ])('%j is unverifiable', (src) => expect(parseShell(src).unverifiable).toBeDefined());
  it("a plain subscript is not: echo 'x[1]'", () => expect(parseShell("echo 'x[1]'").unverifiable).toBeUndefined());
});

describe('a substituted command never replaces the command as written', () => {
  it.each(['(d=/srv/ws/src); rm -rf $d/', 'true || d=/srv/ws; rm -rf $d/', 'f() { local d=x; }; rm -rf $d/'])('%j keeps `rm -rf $d/`', (src) => {
    expect(texts(src)).toContain('rm -rf $d/');
  });
});

describe('quoted braces keep the word as written', () => {
  it("`cat '{a,b}'{c,d}` is `cat {a,b}c {a,b}d`: the quoted braces stay, the others expand", () => {
    expect(parseShell("cat '{a,b}'{c,d}").commands[0]!.words).toEqual(['cat', '{a,b}c', '{a,b}d']);
    expect(parseShell('cat \\{a,b\\}').commands[0]!.words).toEqual(['cat', '{a,b}']);
  });
  it('unquoted braces are replaced by their expansion', () => {
    expect(parseShell('cat x{c,d}').commands[0]!.words).toEqual(['cat', 'xc', 'xd']);
  });
});

describe('wrappedBy keeps the commands as written around an unwrapped one', () => {
  const wrapped = (src: string) => parseShell(src).commands.map((c) => [c.text, c.wrappedBy ?? []]);
  it.each([
    ['sudo -u root ls', [['ls', ['sudo -u root ls']]]],
    ['timeout 5 nice ls', [['ls', ['timeout 5 nice ls', 'nice ls']]]],
    ["bash -c 'ls; pwd'", [['ls', ['bash -c ls; pwd']], ['pwd', ['bash -c ls; pwd']]]],
    ['/usr/bin/sudo ls', [['ls', ['sudo ls', '/usr/bin/sudo ls']]]],
    ['ls | xargs rm', [['ls', []], ['rm', ['xargs rm']]]],
    ['ls -la', [['ls -la', []]]],
  ])('%j', (src, expected) => expect(wrapped(src)).toEqual(expected));
  it('property: every wrapper of a chain appears, outermost first', () => {
    const wrapper = fc.constantFrom('sudo', 'nice -n 3', 'timeout 9', 'strace -f', 'env A=1', 'nohup', 'unshare -r');
    fc.assert(
      fc.property(fc.array(wrapper, { minLength: 1, maxLength: 5 }), (chain) => {
        const cmd = parseShell(`${chain.join(' ')} ls`).commands.find((c) => c.text === 'ls')!;
        expect(cmd.wrappedBy![0]).toBe(`${chain.join(' ')} ls`);
        expect(cmd.wrappedBy).toHaveLength(chain.length);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the files a command-option runner writes', () => {
  it.each([
    [['-qc', 'out.log'], 'script', ['out.log']],
    [['-qc'], 'script', ['typescript']],
    [['-q', '-c', '-O', 'o.log'], 'script', ['o.log']],
    [['--log-io=io.log', '-E', 'never', 'ts'], 'script', ['io.log', 'ts']],
    [['-c', 'build.lock'], 'flock', ['build.lock']],
    [['-w', '5', 'l', '-c'], 'flock', ['l']],
    [['-c', '-u', 'x'], 'su', []],
  ])('%j of %s', (others, name, files) => expect(runnerFiles(name as string, others as string[])).toEqual(files));
});


describe('sqlite3 reading SQL from a pipe (red team 21B)', () => {
  it('is unverifiable, and still names the database its arguments open', () => {
    const f = parseShell("echo 'DELETE FROM counters;' | sqlite3 -cmd '.open /home/u/.local/state/toolwarden/state.db'");
    expect(f.unverifiable).toMatch(/reads SQL from standard input/);
    expect(f.commands.flatMap((c) => c.writtenRedirects ?? [])).toEqual(['/home/u/.local/state/toolwarden/state.db']);
  });
});

describe('options and files whose contents choose what runs or what is read (red team 45)', () => {
  it.each([
    'curl -K c.cfg', 'curl -sK c.cfg', 'curl -Kc.cfg', 'curl -q -K c.cfg', 'curl --config c.cfg https://e.test/', 'curl --conf=c.cfg',
    'wget --config=r https://e.test/', 'wget --conf r https://e.test/',
    'man -l x.1', 'man -l -', 'man --local-file x.1', 'man ./x.1', 'man 1 /tmp/x.1', 'man -Pcat ./x.1',
    'javac @opts j/A.java', 'javac @/dev/stdin j/A.java', 'javac -cp proc j/A.java', 'javac -classpath proc j/A.java', 'javac --class-path=proc j/A.java',
    'javac -proc:none -cp proc -proc:only j/A.java',
    // a manual path of the line's own: its pages' `.so` include any file (red team 46)
    'man -M ./m evil', 'man -Mm evil', 'man -aM m evil', 'man --manpath=./m evil', 'man --manp m evil', 'man -M /usr/share/man:./m evil', 'man -M /usr/../tmp/m evil', 'man -M $D evil',
  ])('%j is unverifiable', (src) => {
    expect(parseShell(src).unverifiable).toBeDefined();
  });
  it.each([
    'javac -J-Xmx512m -d out A.java', 'javac -J-Dfile.encoding=UTF-8 -J-Duser.language=en -J-Xss4m -J-XX:+UseSerialGC A.java',
    'curl -fsSL https://e.test/ -o out.txt', 'curl -h all', 'wget --no-config -q https://e.test/', 'man ls', 'man 5 crontab', 'man -P cat ls', 'man -M /usr/share/man ls', 'man --manpath=/usr/share/man:/usr/local/share/man ls',
    'javac -d out src/A.java', 'javac -proc:none -cp lib -d out src/A.java',
  ])('%j stays verifiable', (src) => {
    expect(parseShell(src).unverifiable).toBeUndefined();
  });
  it('zip -T starts `unzip -t` (its default test command), a command of the line', () => {
    for (const src of ['zip -T a.zip f', 'zip -qT a.zip f', 'zip --test a.zip f']) expect(texts(src), src).toContain('unzip -t');
    expect(texts('zip -r a.zip src')).not.toContain('unzip -t');
    expect(texts('zip -tt 2020-01-01 a.zip src')).not.toContain('unzip -t');
  });
  it('`git apply` after git\'s own options reads the literal patch', () => {
    const patch = "<<'EOF'\n--- /dev/null\n+++ b/secrets/new\n@@ -0,0 +1 @@\n+x\nEOF";
    for (const git of ['git -P apply', 'git --no-pager apply', 'git -c k=v apply', 'git apply']) {
      const { commands } = parseShell(`${git} ${patch}`);
      expect(commands.flatMap((c) => c.wrapperFiles ?? []), git).toContain('secrets/new');
    }
  });
});

describe('compiler options, and curl\'s engine, that start a program or load code (red team 47)', () => {
  it.each([
    "gcc -x c++ -fmodules-ts '-fmodule-mapper=|cp .env /tmp/x' -c a.cc", "g++ '-fmodule-mapper=|id' -c a.cc", "make CXXFLAGS='-fmodule-mapper=|id'",
    'rustc -Zcodegen-backend=./x.so a.rs', 'rustc -Z codegen-backend=x.so a.rs', 'rustc -Z codegen-backend=/opt/b a.rs', 'rustc -Zllvm-plugins=./x.so a.rs', 'rustc -Z llvm-plugins=p a.rs',
    'javac -J-Djava.system.class.loader=Evil -J-cp -Jjl A.java', 'javac -J-Xbootclasspath/a:jl A.java', 'javac -J--patch-module=java.base=. A.java', 'javac -J-XX:AOTLibrary=./x.so A.java', 'javac -J-Duser.dir=/tmp A.java',
    'curl --engine ../../../../srv/ws/x.so https://e.test/', 'curl --eng=x https://e.test/', 'curl -s --engine=pkcs11 https://e.test/',
    'rustc -C linker-plugin-lto=./x.so a.rs', 'rustc -Clinker-plugin-lto=x.so a.rs', 'rustc --codegen=linker-plugin-lto=p a.rs', 'cargo rustc -- -C linker-plugin-lto=x.so',
  ])('%j is unverifiable', (src) => {
    expect(parseShell(src).unverifiable).toBeDefined();
  });
  it.each([
    'g++ -fmodules-ts -fmodule-mapper=mapper.txt -c a.cc', 'g++ -fmodules-ts -c a.cc',
    'javac -J-Xmx512m -d out A.java', 'javac -J-Dfile.encoding=UTF-8 -J-Duser.language=en -J-Xss4m -J-XX:+UseSerialGC A.java',
    'curl -fsSL https://e.test/ -o out.txt', 'curl -s --etag-save e.txt https://e.test/',
    'rustc -Z codegen-backend=cranelift a.rs', 'rustc -C linker-plugin-lto a.rs', 'rustc -Clinker-plugin-lto=yes a.rs', 'rustc -C linker-plugin-lto=off a.rs', 'cargo rustc --release -- -C opt-level=3',
  ])('%j stays verifiable', (src) => {
    expect(parseShell(src).unverifiable).toBeUndefined();
  });
});
