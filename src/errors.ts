// Stable diagnostic codes. A code, once published, never changes meaning.
export const DiagnosticCode = {
  // reading files
  FileUnreadable: 'file-unreadable',
  FileTooLarge: 'file-too-large',
  NoPolicies: 'no-policies',
  // YAML syntax and structure
  YamlSyntax: 'yaml-syntax',
  YamlDuplicateKey: 'yaml-duplicate-key',
  YamlAliasLimit: 'yaml-alias-limit',
  YamlTooDeep: 'yaml-too-deep',
  // schema
  SchemaType: 'schema-type',
  SchemaRequired: 'schema-required',
  SchemaUnknownKey: 'schema-unknown-key',
  SchemaEnum: 'schema-enum',
  SchemaPattern: 'schema-pattern',
  SchemaOther: 'schema-invalid',
  // semantics
  DuplicatePolicyId: 'duplicate-policy-id',
  DuplicateRuleId: 'duplicate-rule-id',
  BadGlob: 'bad-glob',
  GlobTooLong: 'glob-too-long',
  UnsafeRegex: 'unsafe-regex',
  EmptyAllowlist: 'empty-allowlist',
  SenderLimitWithoutRequester: 'sender-limit-without-requester',
  ConflictingSettings: 'conflicting-settings',
  UnknownToolClass: 'unknown-tool-class',
  BadCondition: 'bad-condition',
  // policy tests
  TestInvalid: 'test-invalid',
  // appended by src/policy
  BadWorkspaceRoot: 'bad-workspace-root',
  EmptyMatch: 'empty-match',
  ScopeRuleWithoutChannel: 'scope-rule-without-channel',
  NegationOnMissingFact: 'negation-on-missing-fact',
  NonCanonicalPathValue: 'non-canonical-path-value',
  InvisibleCharacter: 'invisible-character',
  ExactCommandPattern: 'exact-command-pattern',
  RuleNeverFires: 'rule-never-fires',
  LiteralBraces: 'literal-braces',
  NameGlobCoversDirectories: 'name-glob-covers-directories',
  CommandPatternAsWritten: 'command-pattern-as-written',
  StarSpansWords: 'star-spans-words',
  MixedScript: 'mixed-script',
  BlankAtEdge: 'blank-at-edge',
  ListEntryContinues: 'list-entry-continues',
} as const;
export type DiagnosticCode = (typeof DiagnosticCode)[keyof typeof DiagnosticCode];

/** A bug or an impossible state: thrown, never returned. The engine turns it into deny. */
export class InternalError extends Error {
  override name = 'InternalError';
}
