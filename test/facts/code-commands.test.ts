// Commands a one-line program starts (src/facts/shell/code-commands.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandsInCode, inlineCode, interpreterScript, languageOf, pythonModuleCode, readsInputAsCodeToo, type Language } from '../../src/facts/shell/code-commands.js';
import { initShellParser, parseShell } from '../../src/facts/shell/index.js';

await initShellParser();

const lit = (text: string) => ({ text, literal: true, pattern: false });

describe('inlineCode', () => {
  it('takes the program text from each language\'s options, up to the script', () => {
    expect(inlineCode('python', [lit('-I'), lit('-c'), lit('print(1)')])).toBe('print(1)');
    expect(inlineCode('python', [lit('-cprint(1)')])).toBe('print(1)');
    expect(inlineCode('python', [lit('x.py'), lit('-c'), lit('print(1)')])).toBeUndefined();
    expect(inlineCode('node', [lit('--eval=1+1')])).toBe('1+1');
    expect(inlineCode('perl', [lit('-e'), lit('a'), lit('-e'), lit('b')])).toBe('a\nb');
    expect(inlineCode('php', [lit('-r'), lit('echo 1;')])).toBe('echo 1;');
    expect(inlineCode('python', [lit('-c'), { text: '$CODE', literal: false, pattern: false }])).toBeNull();
    // past the options that take another value
    expect(inlineCode('python', [lit('-W'), lit('ignore'), lit('-c'), lit('x')])).toBe('x');
    expect(inlineCode('python', [lit('-Wignore'), lit('-c'), lit('x')])).toBe('x');
    expect(inlineCode('node', [lit('--require'), lit('./h.js'), lit('-e'), lit('x')])).toBe('x');
    expect(inlineCode('perl', [lit('-I'), lit('lib'), lit('-e'), lit('x')])).toBe('x');
    // php's code before, for and after each input line
    expect(inlineCode('php', [lit('-B'), lit('a'), lit('-R'), lit('b'), lit('-E'), lit('c')])).toBe('a\nb\nc');
    expect(inlineCode('julia', [lit('-t'), lit('4'), lit('-e'), lit('x')])).toBe('x');
  });

  it('finds program text in the other places interpreters take it (red team 13)', () => {
    const words = (...texts: string[]) => texts.map(lit);
    // node's -pe is --print --eval; a data: URL module is code, decoded.
    expect(inlineCode('node', words('-pe', 'x()'))).toBe('x()');
    expect(inlineCode('node', words('--import', 'data:text/javascript,a%28%29', 'app.js'))).toBe('a()');
    expect(inlineCode('node', words('--import=data:text/javascript;base64,YSgp', 'app.js'))).toBe('a()');
    expect(inlineCode('node', words('--import', './register.js', 'app.js'))).toBeUndefined();
    // perl's -M text is `use TEXT;`.
    expect(inlineCode('perl', words('-M', 'strict;system("id")', '-e', '1'))).toBe('use strict;system("id");\n1');
    // python modules that run their arguments, and interactive modes that read the input too.
    expect(pythonModuleCode(words('-m', 'timeit', '-n1', 'os.system("id")'))).toBe('-n1\nos.system("id")');
    expect(pythonModuleCode(words('-m', 'pytest', '-q'))).toBeUndefined();
    expect(readsInputAsCodeToo('python', words('-i', '-c', '1'))).toBe(true);
    expect(readsInputAsCodeToo('python', words('-i'))).toBe(true);
    expect(readsInputAsCodeToo('python', words('-m', 'code'))).toBe(true);
    expect(readsInputAsCodeToo('python', words('-c', '1', '-i'))).toBe(false); // -i after the code is sys.argv
    expect(readsInputAsCodeToo('perl', words('-de1'))).toBe(true);
    expect(readsInputAsCodeToo('node', words('-i', '-e', '1'))).toBe(true);
  });

  it('knows the interpreters by name', () => {
    expect(languageOf('python3')).toBe('python');
    expect(languageOf('lua')).toBe('lua');
    expect(languageOf('Rscript')).toBe('r');
    expect(languageOf('julia')).toBe('julia');
    expect(languageOf('bash')).toBeUndefined();
  });
});

describe('commandsInCode', () => {
  it('reads literal command lines and argument lists', () => {
    expect(commandsInCode('python', 'import os; os.system("curl x")')).toEqual({ lines: ['curl x'], argvs: [] });
    expect(commandsInCode('python', 'import subprocess; subprocess.run(["ls", "-la"], check=True)')).toEqual({ lines: [], argvs: [['ls', '-la']] });
    expect(commandsInCode('python', 'import subprocess as s; s.Popen("id", shell=True)').lines).toEqual(['id']);
    expect(commandsInCode('node', 'require("child_process").spawn("curl", ["-s", "x"], {stdio: "inherit"})').argvs).toEqual([['curl', '-s', 'x']]);
    expect(commandsInCode('perl', 'print `id`; my $x = qx{uname -a}; system "ls", "-l";')).toEqual({ lines: ['id', 'uname -a'], argvs: [['ls', '-l']] });
    expect(commandsInCode('perl', 'open(F, "ps aux |")').lines).toEqual(['ps aux ']);
    expect(commandsInCode('ruby', 'puts %x(date); system("whoami")').lines).toEqual(['date', 'whoami']);
    expect(commandsInCode('php', 'echo shell_exec("id");').lines).toEqual(['id']);
    expect(commandsInCode('lua', 'os.execute("id")').lines).toEqual(['id']);
    expect(commandsInCode('r', 'readLines(pipe("id")); system("whoami")').lines).toEqual(['id', 'whoami']);
    expect(commandsInCode('julia', 'run(`id`); run(Cmd(["ls", "-l"]))')).toEqual({ lines: ['id'], argvs: [['ls', '-l']] });
    expect(commandsInCode('julia', 'run(`rm $f`)').unverifiable).toBeDefined();
    expect(commandsInCode('r', 'system2("curl", c("-s", u))').unverifiable).toBeDefined();
    // a callback, options or a variable for the output after the command
    expect(commandsInCode('node', 'require("child_process").exec("id", (e, o) => console.log(o))').lines).toEqual(['id']);
    expect(commandsInCode('php', 'exec("id", $out); print_r($out);').lines).toEqual(['id']);
    // escapes read as the language reads them, and as written
    expect(commandsInCode('python', 'import os; os.system("ls\\ncurl x")').lines).toEqual(['ls\ncurl x', 'ls\\ncurl x']);
    expect(commandsInCode('python', 'import os; os.system("\\x63url x")').lines).toContain('curl x');
    expect(commandsInCode('python', 'import os; os.system("ls\\0")').unverifiable).toMatch(/NUL/);
    // reached without a plain name
    expect(commandsInCode('python', '__import__("os").system("id")').lines).toEqual(['id']);
    expect(commandsInCode('node', 'require("child_process")["execSync"]("id")').lines).toEqual(['id']);
  });

  it('is unverifiable for a command built when the code runs', () => {
    for (const [language, code] of [
      ['python', 'os.system(cmd)'], ['python', 'os.system("curl " + u)'], ['python', 'os.system("curl %s" % u)'], ['python', 'os.system(f"curl {u}")'],
      ['node', 'require("child_process").exec(`curl ${u}`)'], ['perl', 'system "curl $u"'], ['perl', 'open(F, $cmd)'], ['ruby', 'system("curl #{u}")'],
    ] as const) {
      expect(commandsInCode(language, code).unverifiable, code).toMatch(/built when it runs/);
    }
  });

  it('leaves code that starts nothing alone', () => {
    expect(commandsInCode('python', 'print("system(")')).toEqual({ lines: [], argvs: [] });
    expect(commandsInCode('python', 'import asyncio; asyncio.run(main())')).toEqual({ lines: [], argvs: [] });
    expect(commandsInCode('node', 'exec("x")')).toEqual({ lines: [], argvs: [] }); // no child_process
    expect(commandsInCode('perl', 'open(F, "<", "a.txt")')).toEqual({ lines: [], argvs: [] });
  });

  it('does not read a call\'s string arguments as calls (CI seed 556493596)', () => {
    expect(commandsInCode('perl', "system('qx-_');")).toEqual({ lines: ['qx-_'], argvs: [] });
    expect(commandsInCode('perl', "system('qx-_', 'a');")).toEqual({ lines: [], argvs: [['qx-_', 'a']] });
    expect(commandsInCode('ruby', 'system("echo %x(a)")')).toEqual({ lines: ['echo %x(a)'], argvs: [] });
    expect(commandsInCode('python', 'import os; os.system("echo os.system(x)")')).toEqual({ lines: ['echo os.system(x)'], argvs: [] });
    // the code after the arguments is still read
    expect(commandsInCode('perl', "system('ls'); my $x = qx{id};")).toEqual({ lines: ['ls', 'id'], argvs: [] });
  });
});

describe('interpreterScript', () => {
  it('is the first operand, unless program text, a module or the input is run', () => {
    expect(interpreterScript('python', [lit('-u'), lit('-W'), lit('ignore'), lit('x.py'), lit('a')])).toBe('x.py');
    expect(interpreterScript('python', [lit('-m'), lit('pytest')])).toBeUndefined();
    expect(interpreterScript('python', [lit('-c'), lit('print(1)')])).toBeUndefined();
    expect(interpreterScript('python', [lit('-')])).toBeUndefined();
    expect(interpreterScript('node', [lit('--require'), lit('./h.js'), lit('server.js')])).toBe('server.js');
  });
});

describe('a file the line writes, then runs', () => {
  it.each([
    "cat > a.sh <<'EOF'\ncurl x\nEOF\nbash a.sh",
    'echo x > a.py && python3 a.py',
    'echo x | tee a.sh; ./a.sh',
    'printf x > Makefile; make',
    'echo x > f; source f',
    'echo x > /tmp/a.sh; cd /tmp && sh ./a.sh',
  ])('%j is unverifiable', (line) => {
    expect(parseShell(line).unverifiable).toMatch(/a file it writes itself/);
  });

  it.each(['bash build.sh > build.log', 'python3 gen.py > out.json && python3 check.py out.json', 'make > make.log', 'echo x > a.txt; cat a.txt'])('%j is not', (line) => {
    expect(parseShell(line).unverifiable).toBeUndefined();
  });
});

describe('a literal process call is read whatever its words (property)', () => {
  // Words without quotes, backslashes, `$`, `@`, `#{`, backquotes or closing brackets: text any call form can hold literally.
  const word = fc.stringMatching(/^[A-Za-z0-9_.\/:=+-]{1,12}$/);
  const forms: Array<{ language: Language; make: (words: string[]) => string; argv: boolean }> = [
    { language: 'python', make: (w) => `import os; os.system("${w.join(' ')}")`, argv: false },
    { language: 'python', make: (w) => `import subprocess\nsubprocess.run([${w.map((x) => `'${x}'`).join(', ')}], check=True)`, argv: true },
    { language: 'python', make: (w) => `from subprocess import check_output as co; import subprocess as sp; sp.check_output("${w.join(' ')}", shell=True)`, argv: false },
    { language: 'node', make: (w) => `const cp = require("child_process"); cp.execSync('${w.join(' ')}', { stdio: "inherit" })`, argv: false },
    { language: 'node', make: (w) => `require("child_process").spawnSync("${w[0]}", [${w.slice(1).map((x) => `"${x}"`).join(', ')}])`, argv: true },
    { language: 'perl', make: (w) => `my $out = qx{${w.join(' ')}}; print $out;`, argv: false },
    { language: 'perl', make: (w) => `system(${w.map((x) => `'${x}'`).join(', ')});`, argv: true },
    { language: 'ruby', make: (w) => `puts %x(${w.join(' ')})`, argv: false },
    { language: 'php', make: (w) => `echo shell_exec("${w.join(' ')}");`, argv: false },
    { language: 'lua', make: (w) => `os.execute("${w.join(' ')}")`, argv: false },
    { language: 'r', make: (w) => `x <- system("${w.join(' ')}", intern = TRUE)`, argv: false },
    { language: 'r', make: (w) => `system2(${w.map((x) => `"${x}"`).join(', ')})`, argv: true },
    { language: 'julia', make: (w) => `println(read(\`${w.join(' ')}\`, String))`, argv: false },
    { language: 'julia', make: (w) => `run(Cmd([${w.map((x) => `"${x}"`).join(', ')}]))`, argv: true },
  ];

  it('gives back the command line or the argument list', () => {
    fc.assert(
      fc.property(fc.nat(forms.length - 1), fc.array(word, { minLength: 1, maxLength: 6 }), (k, words) => {
        const form = forms[k]!;
        const found = commandsInCode(form.language, form.make(words));
        expect(found.unverifiable).toBeUndefined();
        if (form.argv && words.length > 1) expect(found.argvs).toEqual([words]);
        else expect([...found.lines, ...found.argvs.map((a) => a.join(' '))]).toEqual([words.join(' ')]);
      }),
      { numRuns: Number(process.env.CODE_RUNS ?? 2000) },
    );
  });
});
