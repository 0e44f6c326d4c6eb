// The policy document as written, after schema validation. These types follow
// schemas/policy.schema.json exactly (one interface per object in its `$defs`, same name);
// test/policy/document-drift.test.ts fails when the two drift apart. No defaults are
// applied here: an absent key is absent.

/** A glob, at most 1024 characters (picomatch semantics, dot files matched). */
export type Glob = string;

export type Autonomy = 'readonly' | 'supervised' | 'full';
export type RatePer = 'sender' | 'session' | 'agent' | 'channel' | 'global';
export type RuleDecision = 'deny' | 'ask';
export type ScopeFallback = 'deny' | 'allow';
export type ApprovalSeverity = 'info' | 'warning' | 'critical';
export type FactName =
  | 'toolName'
  | 'toolClass'
  | 'params'
  | 'agentId'
  | 'sessionId'
  | 'channel'
  | 'requester'
  | 'paths'
  | 'commands';
export type ConditionOperator =
  | 'equal'
  | 'notEqual'
  | 'lessThan'
  | 'lessThanInclusive'
  | 'greaterThan'
  | 'greaterThanInclusive'
  | 'in'
  | 'notIn'
  | 'contains'
  | 'doesNotContain';

export interface PolicyDocument {
  /** For editors only (JSON files); ignored. */
  $schema?: string;
  version: 1;
  id: string;
  description?: string;
  match?: PolicyMatch;
  toolClasses?: ToolClassesSection;
  tools?: ToolsSection;
  autonomy?: Autonomy;
  workspace?: WorkspaceSection;
  paths?: PathsSection;
  shell?: ShellSection;
  limits?: LimitsSection;
  scopes?: ScopesSection;
  rules?: CustomRule[];
  approval?: ApprovalSection;
}

export interface PolicyMatch {
  tools?: Glob[];
  agents?: Glob[];
  channels?: Glob[];
}

export interface ToolClassesSection {
  read?: string[];
  write?: string[];
  exec?: string[];
}

export interface ToolsSection {
  allow?: Glob[];
  approve?: Glob[];
  deny?: Glob[];
}

export interface WorkspaceSection {
  root?: string;
  only?: boolean;
  resolveSymlinks?: boolean;
  caseInsensitive?: boolean;
}

export interface PathsSection {
  forbidden?: Glob[];
  allowed?: Glob[];
  writable?: Glob[];
}

export interface ShellSection {
  enabled?: boolean;
  allow?: Glob[];
  approve?: Glob[];
  deny?: Glob[];
}

export interface LimitsSection {
  maxToolCalls?: number;
  rate?: RateLimit[];
}

export interface RateLimit {
  id: string;
  tools?: Glob[];
  per: RatePer;
  limit: number;
  /** `^[0-9]+[smh]$`, default `1m`. */
  window?: string;
}

export interface ScopesSection {
  /** `all` (default) or a list of tool globs. */
  owner?: 'all' | Glob[];
  missingRequester?: ScopeFallback;
  otherwise?: ScopeFallback;
  rules?: ScopeRule[];
}

export interface ScopeRule {
  id: string;
  channel?: string;
  accountId?: string;
  senderIds?: string[];
  roleIds?: string[];
  tools: Glob[];
  messageActions?: string[];
}

export interface CustomRule {
  id: string;
  when: Condition;
  decision: RuleDecision;
  message?: string;
}

/** A json-rules-engine condition. */
export type Condition = AllCondition | AnyCondition | NotCondition | FactCondition;

export interface AllCondition {
  all: Condition[];
}

export interface AnyCondition {
  any: Condition[];
}

export interface NotCondition {
  not: Condition;
}

export interface FactCondition {
  fact: FactName;
  operator: ConditionOperator;
  value: unknown;
  /** JSONPath into the fact's value, starting with `$`. */
  path?: string;
  params?: Record<string, unknown>;
}

export interface ApprovalSection {
  severity?: ApprovalSeverity;
  timeoutMs?: number;
}
