// Diagnostics → text for people (human), programs (json), GitHub Actions annotations
// (github) and code-scanning tools (sarif, SARIF 2.1.0).
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { DiagnosticCode } from '../errors.js';
import type { Diagnostic } from '../types.js';

export type DiagnosticFormat = 'human' | 'json' | 'github' | 'sarif';

/** One-line descriptions of every code, for SARIF rules. */
const CODE_DESCRIPTIONS: Record<string, string> = {
  [DiagnosticCode.FileUnreadable]: 'A policy file or directory cannot be read, or is not UTF-8 text.',
  [DiagnosticCode.FileTooLarge]: 'A policy file is larger than the 1 MiB limit.',
  [DiagnosticCode.NoPolicies]: 'A file, directory or the whole set holds no policy documents.',
  [DiagnosticCode.YamlSyntax]: 'The file is not well-formed YAML.',
  [DiagnosticCode.YamlDuplicateKey]: 'A map has the same key twice.',
  [DiagnosticCode.YamlAliasLimit]: 'YAML aliases expand to too many nodes (entity expansion).',
  [DiagnosticCode.YamlTooDeep]: 'YAML nesting is deeper than the limit.',
  [DiagnosticCode.SchemaType]: 'A value has the wrong type.',
  [DiagnosticCode.SchemaRequired]: 'A required key is missing.',
  [DiagnosticCode.SchemaUnknownKey]: 'A key the policy language does not define.',
  [DiagnosticCode.SchemaEnum]: 'A value is not one of the allowed values.',
  [DiagnosticCode.SchemaPattern]: 'A string does not have the required form.',
  [DiagnosticCode.SchemaOther]: 'A value breaks a schema constraint (length, count, range, format).',
  [DiagnosticCode.DuplicatePolicyId]: 'Two policies in the set have the same id.',
  [DiagnosticCode.DuplicateRuleId]: 'Two rules, rate limits or scope rules in one policy have the same id.',
  [DiagnosticCode.BadGlob]: 'A glob does not compile.',
  [DiagnosticCode.GlobTooLong]: 'A glob is longer than 1024 characters.',
  [DiagnosticCode.UnsafeRegex]: 'A glob compiles to a regular expression that can backtrack catastrophically.',
  [DiagnosticCode.EmptyAllowlist]: 'An allowlist is empty, so it allows nothing.',
  [DiagnosticCode.SenderLimitWithoutRequester]: 'A per-sender or per-channel limit in a policy that never checks the requester.',
  [DiagnosticCode.ConflictingSettings]: 'Settings that contradict each other.',
  [DiagnosticCode.UnknownToolClass]: 'A tool class other than read, write or exec.',
  [DiagnosticCode.BadCondition]: 'A custom rule condition is not a valid json-rules-engine condition.',
  [DiagnosticCode.TestInvalid]: 'A policy test file is malformed.',
  [DiagnosticCode.BadWorkspaceRoot]: 'workspace.root is not absolute, ~/... or ${cwd}.',
  [DiagnosticCode.EmptyMatch]: 'A match list is empty, so the policy governs no call.',
  [DiagnosticCode.ScopeRuleWithoutChannel]: 'A scope rule lists sender or role ids but no channel, so the ids match in every channel.',
  [DiagnosticCode.NegationOnMissingFact]: 'A custom rule uses doesNotContain on a fact a call may lack; a missing fact makes it false, so the rule does not fire.',
  [DiagnosticCode.NonCanonicalPathValue]: 'A custom rule compares the `paths` fact (canonical paths) with a value no canonical path equals.',
  [DiagnosticCode.RuleNeverFires]: 'A custom rule compares a fact in a way that never holds as meant: contains on text, equal or in on a list.',
  [DiagnosticCode.LiteralBraces]: 'A glob has braces with one option, which match themselves.',
  [DiagnosticCode.NameGlobCoversDirectories]: 'A file-name glob in an allowlist also allows everything under a directory of a matching name.',
  [DiagnosticCode.CommandPatternAsWritten]: 'A command pattern is written as a shell line (quotes, backslashes, $, a program path) but commands are matched normalised.',
  [DiagnosticCode.StarSpansWords]: 'A * inside a word of an allow pattern also matches further words.',
  [DiagnosticCode.MixedScript]: 'An entry mixes Latin letters with look-alike letters of another script.',
  [DiagnosticCode.BlankAtEdge]: 'An entry starts or ends with a blank, which is part of it.',
  [DiagnosticCode.ListEntryContinues]: 'A list entry continues on the next line: most likely a missing `-`.',
};

export function formatDiagnostics(d: Diagnostic[], format: DiagnosticFormat): string {
  switch (format) {
    case 'human':
      return formatHuman(d);
    case 'json':
      return JSON.stringify(d, null, 2) + '\n';
    case 'github':
      return d.map(formatGithub).join('');
    case 'sarif':
      return JSON.stringify(toSarif(d), null, 2) + '\n';
  }
}

function oneLine(text: string): string {
  return text.replace(/\r?\n|\r/g, ' ');
}

function formatHuman(d: Diagnostic[]): string {
  const lines = d.map((x) => {
    const hint = x.hint !== undefined ? ` (${oneLine(x.hint)})` : '';
    return `${x.location.file}:${x.location.line}:${x.location.column}: ${x.severity} ${x.code}: ${oneLine(x.message)}${hint}`;
  });
  const errors = d.filter((x) => x.severity === 'error').length;
  const warnings = d.length - errors;
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  lines.push(d.length === 0 ? 'no problems' : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`);
  return lines.join('\n') + '\n';
}

/** Workflow-command data: `%`, CR and LF are escaped. */
export function escapeGithubData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Workflow-command property values: also `:` and `,`, which delimit properties. */
export function escapeGithubProperty(text: string): string {
  return escapeGithubData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function formatGithub(x: Diagnostic): string {
  const properties = [
    `file=${escapeGithubProperty(x.location.file)}`,
    `line=${x.location.line}`,
    `col=${x.location.column}`,
    `title=${escapeGithubProperty(x.code)}`,
  ].join(',');
  const message = x.hint !== undefined ? `${x.message} (${x.hint})` : x.message;
  return `::${x.severity} ${properties}::${escapeGithubData(message)}\n`;
}

/** A relative URI reference for a path: forward slashes, each segment percent-encoded. */
function fileUri(file: string): string {
  const segments = file.replace(/\\/g, '/').split('/');
  const encoded = segments.map((s) => encodeURIComponent(s)).join('/');
  return file.startsWith('/') ? `file://${encoded}` : encoded;
}

export function toSarif(d: Diagnostic[]): Log {
  const codes = [...new Set([...Object.values(DiagnosticCode), ...d.map((x) => x.code)])].sort();
  const rules: ReportingDescriptor[] = codes.map((code) => ({
    id: code,
    name: code.replace(/(^|-)([a-z])/g, (_m, _dash: string, c: string) => c.toUpperCase()),
    shortDescription: { text: CODE_DESCRIPTIONS[code] ?? code },
  }));
  const results: Result[] = d.map((x) => ({
    ruleId: x.code,
    ruleIndex: codes.indexOf(x.code),
    level: x.severity,
    message: { text: x.hint !== undefined ? `${x.message} (${x.hint})` : x.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: fileUri(x.location.file) },
          region: { startLine: Math.max(1, x.location.line), startColumn: Math.max(1, x.location.column) },
        },
      },
    ],
  }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'toolwarden', rules } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}
