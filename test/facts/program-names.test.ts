import { beforeAll, describe, expect, it } from 'vitest';
import { programName } from '../../src/facts/program-names.js';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';
import { decide, setFrom } from '../engine/helpers.js';
import { packageProgram } from '../../src/facts/shell/wrappers.js';

beforeAll(async () => {
  await initShellParser();
});

describe('programName', () => {
  it.each([
    ['python3.11', 'python3'],
    ['python3.12', 'python3'],
    ['python2.7', 'python2'],
    ['python3.10.4', 'python3'],
    ['pypy3', 'python3'],
    ['pypy3.10', 'python3'],
    ['pip3.11', 'pip3'],
    ['perl5.36.0', 'perl'],
    ['ruby3.1', 'ruby'],
    ['php8.2', 'php'],
    ['lua5.4', 'lua'],
    ['nodejs', 'node'],
    ['wget2', 'wget'],
    ['yarnpkg', 'yarn'],
    ['curl.exe', 'curl'],
    ['CURL.EXE', 'curl'],
    ['python3.11.exe', 'python3'],
    ['vim.basic', 'vim'],
    ['vim.tiny', 'vim'],
    ['gxargs', 'xargs'],
    ['genv', 'env'],
    ['gfind', 'find'],
    ['gsed', 'sed'],
    ['gtar', 'tar'],
    ['bsdtar', 'tar'],
    ['gawk', 'awk'],
    ['mawk', 'awk'],
    ['gmake', 'make'],
    ['gtimeout', 'timeout'],
  ])('%s is %s', (name, program) => expect(programName(name)).toBe(program));

  it.each(['python3', 'python', 'perl', 'vim', 'vi', 'ex', 'nvim', 'xargs', 'git', 'gpg', 'gzip', 'grep', 'gtest', 'gm', 'python3-config', 'pydoc3.11', 'perl.old', 'clang-format', 'x.py', '.exe', ''])(
    '%j stays itself',
    (name) => expect(programName(name)).toBe(name),
  );
});

describe('the shell module names a program as the engine knows it', () => {
  it('keeps the name as written beside it', () => {
    const [cmd] = parseShell('/usr/bin/python3.11 -m pytest').commands;
    expect(cmd).toMatchObject({ words: ['python3', '-m', 'pytest'], text: 'python3 -m pytest', programAs: 'python3.11', commandPath: '/usr/bin/python3.11' });
    expect(parseShell('python3 x.py').commands[0]!.programAs).toBeUndefined();
  });

  it('reads a wrapper under another name as the wrapper', () => {
    expect(parseShell('genv -i gxargs rm -rf /').commands.map((c) => c.text)).toEqual(['rm -rf /']);
  });
});

describe('command patterns see both names', () => {
  const call = (command: string) => ({ toolName: 'exec', params: { command }, cwd: '/srv/ws' });
  const policy = (shell: string) => `version: 1\nid: p\nautonomy: full\nworkspace: { root: /srv/ws }\nshell:\n${shell}\n`;

  it('an allow pattern for the program allows another install of it, and one for the name as written allows it too', async () => {
    const set = await setFrom(policy('  allow: ["python3 -m pytest *", "vim.tiny *"]'));
    expect(decide(set, call('python3.11 -m pytest -q')).decision).toBe('allow');
    expect(decide(set, call('vim.tiny notes.txt')).decision).toBe('allow');
    expect(decide(set, call('vim notes.txt')).decision).toBe('deny');
    expect(decide(set, call('python3.11 x.py')).decision).toBe('deny');
  });

  it('a deny pattern for either name denies it', async () => {
    const set = await setFrom(policy('  deny: ["python3 *", "gxargs *"]'));
    expect(decide(set, call('python3.12 x.py')).decision).toBe('deny');
    expect(decide(set, call('pypy3 x.py')).decision).toBe('deny');
    expect(decide(set, call('echo a | gxargs echo')).decision).toBe('deny');
    expect(decide(set, call('echo a | xargs echo')).decision).toBe('allow');
  });
});

describe('program runners', () => {
  it.each([
    ['prettier@3', 'prettier'],
    ['@biomejs/biome@1.9', 'biome'],
    ['@scope/tool', 'tool'],
    ['ruff==0.5.0', 'ruff'],
    ['httpie[socks]', 'httpie'],
    ['eslint', 'eslint'],
  ])('the package %s runs %s', (spec, program) => expect(packageProgram(spec)).toBe(program));

  it.each(['./bin/tool', 'github:user/repo', 'https://example.test/x.tgz', '../x'])('%s names no package program', (spec) => expect(packageProgram(spec)).toBeUndefined());

  it('reads the command a runner runs, with the runner kept as its line, and the line as written too', () => {
    const [cmd, line] = parseShell('npx --yes prettier@3 --check src').commands;
    expect(cmd).toMatchObject({ words: ['prettier', '--check', 'src'], runBy: { text: 'npx --yes prettier@3 --check src' } });
    // the name may be the project's own script or bin: every word of the line is checked as written
    expect(line).toMatchObject({ text: 'npx --yes prettier@3 --check src' });
    expect(line!.runBy).toBeUndefined();
    expect(parseShell('uv run --with rich python x.py').commands.map((c) => c.text)).toEqual(['python x.py', 'uv run --with rich python x.py']);
    expect(parseShell('aws-vault exec prod -- aws s3 ls').commands.map((c) => c.text)).toEqual(['aws s3 ls', 'aws-vault exec prod -- aws s3 ls']);
  });

  it('reads a runner as written when its command is hidden or missing', () => {
    expect(parseShell('npx -c "eslint ."').commands[0]!.runBy).toBeUndefined();
    expect(parseShell('uv run').commands.map((c) => c.text)).toEqual(['uv run']);
    expect(parseShell('pdm run --list').commands.map((c) => c.text)).toEqual(['pdm run --list']);
  });
});
