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

/**
 * Whether an input redirection is, to zsh, part of a numeric wildcard `<N-M>` (either number may
 * be left out: `<->` is any number), in a word or alone: bash reads `cat id_ed<->9` as `cat id_ed`
 * reading `-` and writing `9`; zsh as `cat` of every `id_ed…9` with digits between, id_ed25519
 * (zsh 5.9). A target of digits around one `-` is taken so, whatever follows it.
 */
export function zshNumericGlob(op: string, word: Word): boolean {
  if (op !== '<') return false;
  const [only, ...rest] = word.parts;
  return rest.length === 0 && only?.kind === 'literal' && !only.quoted && /^\d*-\d*$/.test(only.value);
}

/** An option's name as zsh compares it: any case, `_` ignored (and `-`, which zsh's command line ignores too). */
export function zshOptionName(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, '');
}

// zsh's single letters (in its own emulation) for options the reading cares about.
const ZSH_OPTION_LETTERS: Readonly<Record<string, string>> = { T: 'cdablevars', J: 'autocd', '4': 'globdots' };

/**
 * The options `set`, `setopt`, `unsetopt` or a zsh command line (`shell`: its words before
 * the script) turn on or off, by zshOptionName: `-o NAME`, `-oNAME`, `+o NAME`, a plain name
 * (setopt, unsetopt), `--NAME` and `+-NAME` (the command line), the letters `-T`, `+J`;
 * unsetopt turns the other way. A name starting with `no` is the option without it turned
 * the other way (`unsetopt nocdablevars` and `set +o nocdablevars` turn cdablevars on), as
 * zsh reads it, when `known` holds the option without it.
 */
export function zshOptionChanges(command: 'set' | 'setopt' | 'unsetopt' | 'shell', args: readonly string[], known: ReadonlySet<string>): Array<{ option: string; on: boolean }> {
  const base = command !== 'unsetopt';
  const changes: Array<{ option: string; on: boolean }> = [];
  const add = (name: string, on: boolean): void => {
    const option = zshOptionName(name);
    if (option.startsWith('no') && known.has(option.slice(2))) changes.push({ option: option.slice(2), on: !on });
    else changes.push({ option, on });
  };
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w === '--' || w === '-') {
      if (command === 'set' || command === 'shell') break;
      continue;
    }
    if (w.startsWith('--') || w.startsWith('+-')) {
      add(w.slice(2), w.startsWith('--') === base);
      continue;
    }
    if (w.startsWith('-') || w.startsWith('+')) {
      const sign = w.startsWith('-') === base;
      for (let k = 1; k < w.length; k++) {
        const letter = w[k]!;
        if (letter === 'o') {
          const name = k + 1 < w.length ? w.slice(k + 1) : args[++i];
          if (name !== undefined) add(name, sign);
          break;
        }
        const option = ZSH_OPTION_LETTERS[letter];
        if (option !== undefined) changes.push({ option, on: sign });
      }
      continue;
    }
    if (command === 'set' || command === 'shell') break; // positional parameters, the script
    add(w, base);
  }
  return changes;
}

/** zsh's options that make `cd d` go to $d (`cdable_vars`) and a directory's name alone change into it (`auto_cd`). */
export const ZSH_CD_OPTIONS: ReadonlySet<string> = new Set(['cdablevars', 'autocd']);

/** Whether a zsh option switch (zshOptionChanges) turns cdable_vars or auto_cd on. */
export function turnsOnZshCdOption(command: 'set' | 'setopt' | 'unsetopt' | 'shell', args: readonly string[]): boolean {
  return zshOptionChanges(command, args, ZSH_CD_OPTIONS).some((c) => c.on && ZSH_CD_OPTIONS.has(c.option));
}
