// Policy text that validates but is looser than it reads (red team 21A): each a located
// warning (an error where the entry can never mean what it says), so `validate` in CI says so.
import { DiagnosticCode } from '../errors.js';
import type { PolicyDocument } from './document.js';
import { shown } from './issue.js';
import type { Issue } from './issue.js';
import { builtinClassOf } from '../facts/classify.js';

type Report = (code: string, message: string, pointer: string) => void;

const TOOL_CLASSES: ReadonlySet<unknown> = new Set(['read', 'write', 'exec']);
// Facts that are always text: `contains` (list membership, in json-rules-engine) never holds on them.
const TEXT_FACTS: ReadonlySet<unknown> = new Set(['toolName', 'toolClass', 'agentId', 'sessionId', 'channel']);
// Parameters that are text in every tool that has them.
const TEXT_PARAMS = /\.(?:command|cmd|path|file_path|filePath|url|content|query|pattern)$/;
// Facts that are lists: `equal`, `in` and the order comparisons never hold on them.
const LIST_FACTS: ReadonlySet<unknown> = new Set(['paths', 'commands']);
const SCALAR_OPERATORS: ReadonlySet<unknown> = new Set(['equal', 'notEqual', 'in', 'notIn', 'lessThan', 'lessThanInclusive', 'greaterThan', 'greaterThanInclusive']);

export interface Comparison {
  pointer: string;
  fact: unknown;
  path: unknown;
  operator: unknown;
  value: unknown;
  /** Under an odd number of `not`s: the comparison being false fires the rule. */
  negated: boolean;
}

/** Every comparison of a condition, wherever it sits (under `all`, `any`, `not`). */
export function comparisons(node: unknown, pointer: string, negated = false): Comparison[] {
  if (node === null || typeof node !== 'object') return [];
  const n = node as Record<string, unknown>;
  if (Array.isArray(n.all) || Array.isArray(n.any)) {
    const key = Array.isArray(n.all) ? 'all' : 'any';
    return (n[key] as unknown[]).flatMap((child, i) => comparisons(child, `${pointer}/${key}/${i}`, negated));
  }
  if (n.not !== undefined) return comparisons(n.not, `${pointer}/not`, !negated);
  return [{ pointer, fact: n.fact, path: n.path, operator: n.operator, value: n.value, negated }];
}

function ruleTraps(doc: PolicyDocument, warn: Report, error: Report): void {
  (doc.rules ?? []).forEach((rule, i) => {
    for (const c of comparisons(rule.when, `/rules/${i}/when`)) {
      const fact = `\`${String(c.fact)}\`${typeof c.path === 'string' ? ` \`${c.path}\`` : ''}`;
      const onText = (TEXT_FACTS.has(c.fact) && c.path === undefined) || (c.fact === 'params' && typeof c.path === 'string' && TEXT_PARAMS.test(c.path));
      if ((c.operator === 'contains' || c.operator === 'doesNotContain') && onText) {
        warn(DiagnosticCode.RuleNeverFires, `rule \`${rule.id}\`: \`${c.operator}\` tests whether a list holds an item (json-rules-engine), and ${fact} is text, so it ${c.operator === 'contains' ? 'never holds' : 'always fails'}; for a part of a command or a file name use \`shell.deny\`, \`tools.deny\` or \`paths.forbidden\``, `${c.pointer}/operator`);
      }
      if (LIST_FACTS.has(c.fact) && c.path === undefined && SCALAR_OPERATORS.has(c.operator)) {
        warn(DiagnosticCode.RuleNeverFires, `rule \`${rule.id}\`: ${fact} is a list, and \`${String(c.operator)}\` compares it whole with ${shown(c.value)}, so it never holds as meant; test an item with \`contains\``, `${c.pointer}/operator`);
      }
      if (c.fact === 'toolClass' && c.path === undefined) {
        const values = Array.isArray(c.value) ? c.value : [c.value];
        values.forEach((v, j) => {
          if (TOOL_CLASSES.has(v)) return;
          const at = Array.isArray(c.value) ? `${c.pointer}/value/${j}` : `${c.pointer}/value`;
          error(DiagnosticCode.UnknownToolClass, `rule \`${rule.id}\`: ${shown(v)} is no tool class (\`read\`, \`write\` or \`exec\`), so this comparison never holds as meant`, at);
        });
      }
    }
  });
}

// `$HOME/.ssh/**`, `${HOME}/x`: a glob is not a shell word, so the variable stays text.
const VARIABLE = /^\$|\$\{/;
// `~root/.ssh/**`: another user's home is not expanded either.
const TILDE_USER = /^~[^/]/;
// Braces with one option (`*.{pem}`): literal, as in bash.
const ONE_OPTION_BRACES = /(?<!\$)\{[^{},]*\}/;

function pathGlobTraps(doc: PolicyDocument, warn: Report, error: Report): void {
  for (const key of ['forbidden', 'allowed', 'writable'] as const) {
    (doc.paths?.[key] ?? []).forEach((glob, i) => {
      const at = `/paths/${key}/${i}`;
      if (VARIABLE.test(glob)) error(DiagnosticCode.BadGlob, `glob ${shown(glob)} starts with a variable, which globs do not expand: it is a relative glob naming a directory \`$…\`; write \`~/…\` for the home directory, or the absolute path`, at);
      else if (TILDE_USER.test(glob)) error(DiagnosticCode.BadGlob, `glob ${shown(glob)} names another user's home (\`~user\`), which globs do not expand: write the absolute path (\`/root/…\`, \`/home/user/…\`)`, at);
      if (ONE_OPTION_BRACES.test(glob)) warn(DiagnosticCode.LiteralBraces, `glob ${shown(glob)} has braces with one option, which match themselves (as in bash): write the option alone, or list two (\`{a,b}\`)`, at);
      // In an allowlist a file-name glob with a wildcard also allows everything under a
      // directory of a matching name (as in .gitignore): `*.js` allows node_modules/chart.js/*.
      if (key !== 'forbidden' && !glob.includes('/') && /[*?[]/.test(glob)) {
        warn(DiagnosticCode.NameGlobCoversDirectories, `\`paths.${key}\` glob ${shown(glob)} has no \`/\`, so it matches a directory of that name too, and everything in it (as in .gitignore: \`*.js\` allows \`node_modules/chart.js/package.json\`); anchor it where you mean (\`src/**/*.js\`)`, at);
      }
    });
  }
}

function commandPatternTraps(doc: PolicyDocument, warn: Report): void {
  for (const list of ['allow', 'approve', 'deny'] as const) {
    (doc.shell?.[list] ?? []).forEach((pattern, i) => {
      const at = `/shell/${list}/${i}`;
      // Commands are matched normalised: quotes and backslashes removed, `$HOME` read as `~`.
      if (/['"\\]|\$/.test(pattern)) {
        warn(DiagnosticCode.CommandPatternAsWritten, `\`shell.${list}\` pattern ${shown(pattern)} holds a quote, a backslash or a \`$\`, but commands are matched as normalised words (quotes and backslashes removed, \`$HOME\` read as \`~\`), so it may match nothing; write it as \`toolwarden explain\` shows the command`, at);
      }
      const program = pattern.trimStart().split(/\s/, 1)[0] ?? '';
      if (list !== 'allow' && program.includes('/') && !program.includes('*')) {
        warn(DiagnosticCode.CommandPatternAsWritten, `\`shell.${list}\` pattern ${shown(pattern)} names the program by a path, which matches only a program run by that path: the same program run by its name (\`${program.slice(program.lastIndexOf('/') + 1)}\`) is not matched; add a pattern for the name`, at);
      }
      // In an allowlist a `*` inside a word matches across words: `cat *.md` allows `cat /etc/shadow x.md`.
      if (list === 'allow' && /[^\s*]\*|\*[^\s*]/.test(pattern)) {
        warn(DiagnosticCode.StarSpansWords, `\`shell.allow\` pattern ${shown(pattern)} has a \`*\` inside a word, and \`*\` matches any characters, blanks too: it allows further words before or after (\`cat *.md\` allows \`cat /etc/shadow x.md\`); the paths checks still see every file`, at);
      }
    });
  }
}

// Letters of scripts with Latin look-alikes (`е`, `с`, `а`, `ο`), beside Latin letters in one word.
const LATIN = /\p{Script=Latin}/u;
const LOOK_ALIKE_SCRIPTS = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}]/u;

/** A word of `text` mixing Latin letters with letters that look like them, or undefined. */
function mixedScriptWord(text: string): string | undefined {
  for (const word of text.split(/[^\p{L}]+/u)) if (LATIN.test(word) && LOOK_ALIKE_SCRIPTS.test(word)) return word;
  return undefined;
}

function textTraps(lists: ReadonlyArray<{ pointer: string; globs: readonly string[] }>, warn: Report): void {
  for (const { pointer, globs } of lists) {
    globs.forEach((text, i) => {
      const at = `${pointer}/${i}`;
      const mixed = mixedScriptWord(text);
      if (mixed !== undefined) warn(DiagnosticCode.MixedScript, `${shown(text)} mixes Latin letters with Cyrillic, Greek or Armenian ones in \`${mixed}\`, which look alike: it matches none of the names it looks like; retype it`, at);
      if (text !== text.trim()) warn(DiagnosticCode.BlankAtEdge, `${shown(text)} starts or ends with a blank, which is part of the entry: it matches no name without it; remove it`, at);
    });
  }
}

function classTraps(doc: PolicyDocument, warn: Report): void {
  for (const cls of ['read', 'write'] as const) {
    (doc.toolClasses?.[cls] ?? []).forEach((tool, i) => {
      if (builtinClassOf(tool) !== 'exec') return;
      warn(DiagnosticCode.ConflictingSettings, `\`${tool}\` runs commands (a built-in exec tool), and as \`${cls}\` its commands are not checked: \`shell\` and \`autonomy\` rules for commands no longer see it`, `/toolClasses/${cls}/${i}`);
    });
  }
  (doc.limits?.rate ?? []).forEach((rate, i) => {
    if (rate.tools !== undefined && rate.tools.length === 0) warn(DiagnosticCode.EmptyAllowlist, `rate limit \`${rate.id}\` has an empty \`tools\` list: it counts no call`, `/limits/rate/${i}/tools`);
  });
}

/** The traps of one schema-valid document (lint.ts runs this with its own checks). */
export function authoringTraps(doc: PolicyDocument, lists: ReadonlyArray<{ pointer: string; globs: readonly string[] }>): Issue[] {
  const issues: Issue[] = [];
  const warn: Report = (code, message, pointer) => issues.push({ code, severity: 'warning', message, pointer });
  const error: Report = (code, message, pointer) => issues.push({ code, severity: 'error', message, pointer });
  ruleTraps(doc, warn, error);
  pathGlobTraps(doc, warn, error);
  commandPatternTraps(doc, warn);
  textTraps(lists, warn);
  classTraps(doc, warn);
  return issues;
}
