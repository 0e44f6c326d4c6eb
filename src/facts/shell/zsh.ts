// What zsh reads differently from bash in a word the bash parser accepts. Claude Code's Bash
// tool runs zsh on macOS, so a word whose zsh reading names other files or runs code than
// its bash reading makes the command unverifiable. Checked in real zsh
// (test/facts/zsh-vs-zsh.test.ts).
import type { Word } from './ast.js';

// A group ending a glob word (`*(…)`, read as an extended glob by bash): zsh's glob
// qualifiers, where `e:…:`, `oe:…:` and `+cmd` run code for each file.
const CODE_QUALIFIER = /^[?*+@!]\([^]*[e+][^]*\)$/;
// `$=x`, `$^x`, `$~x`: literal to bash, an expansion of x to zsh (split, joined, globbed).
const FLAGGED_EXPANSION = /\$[=^~][A-Za-z_{]/;
// zsh's modifiers after `$x:` or `${x:` (`:r` drops an extension, `:l` lowers, `:s/a/b/` substitutes).
const MODIFIER = /^:[aAcefFghlpPqQrstuwWx&]/;
// A parameter without braces (`$x`, `$1`, `$@`), and one in braces with a modifier (`${x:r}`, `${1:r}`).
const PLAIN_PARAMETER = /^\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])$/;
const BRACED_MODIFIER = /^\$\{(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-]):[aAcefFghlpPqQrstuwWx&]/;

// `=cmd` at the start of a word: zsh puts the program's path there (`cat =bash` reads /usr/bin/bash).
const EQUALS_EXPANSION = /^=[A-Za-z0-9_.+-]/;

/** Why zsh would read `word` otherwise than bash does, or undefined. */
export function zshReading(word: Word): string | undefined {
  const parts = word.parts;
  const first = parts[0];
  if (first?.kind === 'literal' && !first.quoted && EQUALS_EXPANSION.test(first.value)) return `zsh expands \`${first.value.slice(0, 40)}\` to the path of a program`;
  const last = parts[parts.length - 1];
  if (last?.kind === 'expansion' && CODE_QUALIFIER.test(last.source)) return `zsh runs code in the glob qualifiers of \`${last.source.slice(0, 80)}\``;
  let literal = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part.kind === 'literal') {
      literal += part.value;
      if (FLAGGED_EXPANSION.test(literal)) return `zsh expands \`${literal.slice(literal.search(FLAGGED_EXPANSION), 80)}\`, which bash reads as text`;
      continue;
    }
    literal = '';
    if (part.kind !== 'expansion') continue;
    if (BRACED_MODIFIER.test(part.source)) return `zsh applies a modifier in \`${part.source.slice(0, 80)}\``;
    const next = parts[i + 1];
    if (PLAIN_PARAMETER.test(part.source) && next?.kind === 'literal') {
      if (MODIFIER.test(next.value)) return `zsh applies the modifier \`${next.value.slice(0, 20)}\` to \`${part.source}\``;
      if (next.value.startsWith('[')) return `zsh reads \`${part.source}${next.value.slice(0, 20)}\` as a subscript`;
    }
  }
  return undefined;
}

/**
 * The file zsh writes for an output redirection whose word starts with an unquoted `!`:
 * `>!f`, `>>!f`, `&>!f` are zsh's clobbering forms of `>f` (bash writes the file `!f`).
 * Undefined when the redirection is no such one.
 */
export function zshClobberTarget(op: string, word: Word): string | undefined {
  if (op !== '>' && op !== '>>' && op !== '&>' && op !== '&>>') return undefined;
  const first = word.parts[0];
  if (first?.kind !== 'literal' || first.quoted || !first.value.startsWith('!')) return undefined;
  const rest = [first.value.slice(1), ...word.parts.slice(1).map((p) => (p.kind === 'literal' ? p.value : p.source))].join('');
  return rest === '' ? undefined : rest;
}
