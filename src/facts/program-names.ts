// The names under which systems install a program the engine knows, read as that program:
// versioned interpreters (Debian's `python3.11`, `perl5.36.0`, `ruby3.1`), Debian's builds of
// one program (`vim.basic`, `vim.tiny`, `nodejs`) and the GNU tools Homebrew installs with a `g`
// in front on macOS (`gxargs`, `genv`, `gsed`), Windows builds WSL runs (`curl.exe`). (Compilers are known by a pattern of their own,
// grammars.ts COMPILER_DRIVER; shells by isShellInterpreter.) Otherwise `python3.11 <<< 'open(".env")'` or `gxargs cat` would be
// an unknown program, and everything the engine knows of python3 and xargs would be skipped.
// Only names that are the same program are here: `gtest` (Google Test) is not `test`.

const SAME_PROGRAM: ReadonlyMap<string, string> = new Map([
  ['nodejs', 'node'],
  ['pypy', 'python3'], ['pypy3', 'python3'],
  ['luajit', 'lua'],
  ['gtar', 'tar'], ['bsdtar', 'tar'],
  ['gawk', 'awk'], ['mawk', 'awk'], ['nawk', 'awk'], ['original-awk', 'awk'],
  ['gmake', 'make'],
  ['wget2', 'wget'],
  ['yarnpkg', 'yarn'],
  // Debian's netcat builds and alternatives name, ssh's old link.
  ['nc.openbsd', 'nc'], ['nc.traditional', 'nc'], ['netcat', 'nc'],
  ['slogin', 'ssh'],
  ...['basic', 'tiny', 'nox', 'gtk', 'gtk3', 'athena', 'motif'].map((build): [string, string] => [`vim.${build}`, 'vim']),
  // Homebrew's coreutils, findutils, gnu-sed, grep, gnu-tar and make, prefixed with `g`.
  ...[
    'cp', 'mv', 'ln', 'rm', 'rmdir', 'install', 'env', 'nice', 'nohup', 'timeout', 'stdbuf', 'chroot', 'cat', 'head', 'tail',
    'tee', 'dd', 'split', 'csplit', 'sort', 'uniq', 'shred', 'touch', 'mkdir', 'mktemp', 'chmod', 'chown', 'chgrp', 'truncate',
    'find', 'xargs', 'locate', 'updatedb', 'sed', 'grep', 'egrep', 'fgrep', 'ls', 'dir', 'date', 'readlink', 'realpath', 'stat',
    'du', 'df', 'base64', 'base32', 'cut', 'tr', 'wc', 'tac', 'shuf', 'paste', 'join', 'comm', 'nl', 'fold', 'fmt', 'pr', 'od',
    'md5sum', 'sha1sum', 'sha256sum', 'sha512sum', 'cksum', 'b2sum', 'basename', 'dirname', 'printf', 'echo', 'seq', 'expr',
    'patch', 'link', 'unlink', 'mkfifo', 'mknod', 'sync', 'whoami', 'uname', 'nproc', 'printenv', 'tsort', 'ptx', 'numfmt',
  ].map((name): [string, string] => [`g${name}`, name]),
]);

/** A version after the name (`python3.11`, `perl5.36.0`, `ruby3.1`, `php8.2`, `lua5.4`, `pip3.11`): the program it is. */
const VERSIONED = /^(python[23]|python|perl|ruby|php|lua|pip[23]?|pypy3?)\d*(?:\.\d+)+$/;

const VERSIONED_FAMILY: Readonly<Record<string, string>> = {
  python: 'python3', python2: 'python2', python3: 'python3', perl: 'perl', ruby: 'ruby', php: 'php', lua: 'lua',
  pip: 'pip3', pip2: 'pip3', pip3: 'pip3', pypy: 'python3', pypy3: 'python3',
};

/**
 * The program a command's base name is to the engine: the name itself, or the program it is
 * another install of (`python3.11` → `python3`, `vim.tiny` → `vim`, `gxargs` → `xargs`).
 */
export function programName(baseName: string): string {
  const same = SAME_PROGRAM.get(baseName);
  if (same !== undefined) return same;
  // A version or a Windows suffix always has a dot: most names have none, and are what they say.
  if (!baseName.includes('.')) return baseName;
  // A Windows build, which WSL runs as any other (`curl.exe`, `git.exe`), its name in any case
  // (Windows' drives are case-insensitive there: `CURL.EXE` is curl.exe).
  if (/\.exe$/i.test(baseName) && baseName.length > 4) return programName(baseName.slice(0, -4).toLowerCase());
  const family = VERSIONED.exec(baseName)?.[1];
  return family === undefined ? baseName : VERSIONED_FAMILY[family]!;
}
