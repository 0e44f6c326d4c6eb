// ripgrep's built-in file types (`rg -t ts`, Claude Code's Grep `type`), for the common ones:
// the names a type selects, as ripgrep 13 lists them (`rg --type-list`) with the names ripgrep
// 14 added. A type selects only files matching these (and lets such a file in even when its
// name is hidden); a type not listed here is read as letting in anything (trees.ts).
export const RIPGREP_TYPES: ReadonlyMap<string, readonly string[]> = new Map([
  ['c', ['*.[chH]', '*.[chH].in', '*.cats']],
  ['cpp', ['*.[ChH]', '*.[ChH].in', '*.[ch]pp', '*.[ch]pp.in', '*.[ch]xx', '*.[ch]xx.in', '*.cc', '*.cc.in', '*.hh', '*.hh.in', '*.inl']],
  ['css', ['*.css', '*.scss']],
  ['go', ['*.go']],
  ['html', ['*.ejs', '*.htm', '*.html']],
  ['java', ['*.java', '*.jsp', '*.jspx', '*.properties']],
  ['js', ['*.js', '*.jsx', '*.vue', '*.cjs', '*.mjs']],
  ['json', ['*.json', 'composer.lock', '*.sarif']],
  ['markdown', ['*.markdown', '*.md', '*.mdown', '*.mdwn', '*.mkd', '*.mkdn', '*.mdx']],
  ['md', ['*.markdown', '*.md', '*.mdown', '*.mdwn', '*.mkd', '*.mkdn', '*.mdx']],
  ['py', ['*.py', '*.pyi']],
  ['rust', ['*.rs']],
  ['toml', ['*.toml', 'Cargo.lock']],
  ['ts', ['*.ts', '*.tsx', '*.cts', '*.mts']],
  ['txt', ['*.txt']],
  ['yaml', ['*.yaml', '*.yml']],
]);
