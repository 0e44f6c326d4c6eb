// Schema validation against schemas/policy.schema.json, with ajv's errors turned into one
// short message per problem. The validators are the schema compiled ahead of time
// (schema-validator.generated.ts, from scripts/generate-schema-validator.mjs): compiling it
// in the process would cost ~75 ms before the first policy could be checked.
import { readFileSync } from 'node:fs';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { DiagnosticCode } from '../errors.js';
import { InternalError } from '../errors.js';
import { fieldName, quoted, shown } from './issue.js';
import type { Issue } from './issue.js';
import { defs as defValidators, validate as validateDocument } from './schema-validator.generated.js';

type SchemaObject = Record<string, unknown>;

/** A generated validator: true when valid, else false with its `errors` set (as ajv's own). */
type ValidateFunction = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

interface Validators {
  validate: ValidateFunction;
  /** Validators for `$defs` entries, for re-checking one branch of an `anyOf`. */
  def(name: string): ValidateFunction;
}

const validators: Validators = {
  validate: validateDocument as unknown as ValidateFunction,
  def(name) {
    const fn = Object.hasOwn(defValidators, name) ? (defValidators as unknown as Record<string, ValidateFunction>)[name] : undefined;
    if (fn === undefined) throw new InternalError(`schema has no $defs/${name}`);
    return fn;
  },
};

export const SCHEMA_URL = new URL('../../schemas/policy.schema.json', import.meta.url);

let schema: SchemaObject | undefined;

/** The schema itself (read when a message needs its descriptions, not to validate). */
export function policySchema(): SchemaObject {
  if (schema !== undefined) return schema;
  try {
    schema = JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as SchemaObject;
  } catch (error) {
    throw new InternalError(`cannot read the policy schema at ${SCHEMA_URL.pathname}: ${String(error)}`);
  }
  return schema;
}

function getValidators(): Validators {
  return validators;
}

/** Schema problems of one document's data; empty when valid. */
export function schemaIssues(data: unknown): Issue[] {
  const v = getValidators();
  if (v.validate(data)) return [];
  return dedupe(mapErrors(v, v.validate.errors ?? [], data, ''));
}

function dedupe(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.pointer}\u0000${issue.code}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function isWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(ancestor + '/');
}

function valueAt(data: unknown, pointer: string): unknown {
  if (pointer === '') return data;
  let value: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (value === null || typeof value !== 'object') return undefined;
    value = Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/**
 * ajv reports every failing branch of an `anyOf`; we pick the branch the user evidently
 * meant (by type, then by its first required key) and report only that branch's errors,
 * re-validated on their own. When no branch is evidently meant, one summary message.
 */
function mapErrors(v: Validators, errors: ErrorObject[], data: unknown, base: string): Issue[] {
  const composites = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const outer = composites.filter(
    (c) => !composites.some((o) => o !== c && o.instancePath !== c.instancePath && isWithin(c.instancePath, o.instancePath)),
  );
  const issues: Issue[] = [];
  for (const error of errors) {
    if (outer.some((c) => isWithin(error.instancePath, c.instancePath))) continue;
    issues.push(describe(error, base));
  }
  for (const composite of outer) {
    const pointer = base + composite.instancePath;
    const value = valueAt(data, pointer);
    const branches = (composite.schema as SchemaObject[]).map((b) => refName(b));
    const chosen = chooseBranch(v, branches, value);
    if (chosen === undefined) {
      issues.push(summarise(v, branches, value, pointer));
      continue;
    }
    const fn = v.def(chosen);
    if (!fn(value)) issues.push(...mapErrors(v, fn.errors ?? [], data, pointer));
  }
  return issues;
}

function refName(branch: SchemaObject): string {
  const ref = branch.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) {
    throw new InternalError('every anyOf branch in the policy schema must be a $ref to $defs');
  }
  return ref.slice('#/$defs/'.length);
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function defOf(name: string): SchemaObject {
  return ((policySchema().$defs as Record<string, SchemaObject>)[name] ?? {}) as SchemaObject;
}

function chooseBranch(v: Validators, branches: string[], value: unknown): string | undefined {
  const type = jsonType(value);
  const byType = branches.filter((name) => {
    const def = defOf(name);
    return def.type === type || (def.type === 'number' && type === 'integer');
  });
  if (byType.length === 1) return byType[0];
  if (type !== 'object' || value === null) return undefined;
  const keys = Object.keys(value as object);
  const byKey = byType.filter((name) => {
    const first = (defOf(name).required as string[] | undefined)?.[0];
    return first !== undefined && keys.includes(first);
  });
  return byKey.length === 1 ? byKey[0] : undefined;
}

function summarise(v: Validators, branches: string[], value: unknown, pointer: string): Issue {
  const defs = branches.map((name) => defOf(name));
  const field = fieldName(pointer);
  if (defs.every((d) => d.type === 'object' && Array.isArray(d.required))) {
    const keys = defs.map((d) => (d.required as string[])[0]);
    const isCondition = branches.includes('FactCondition');
    const got =
      jsonType(value) === 'object'
        ? Object.keys(value as object).length === 0
          ? 'an empty map'
          : `keys ${quoted(Object.keys(value as object))}`
        : shown(value);
    return {
      code: isCondition ? DiagnosticCode.BadCondition : DiagnosticCode.SchemaType,
      severity: 'error',
      message: `\`${field}\` must be a map with exactly one of ${quoted(keys)}, got ${got}`,
      pointer,
    };
  }
  const kinds = defs.map((d) => (d.const !== undefined ? '`' + String(d.const) + '`' : typeName(String(d.type))));
  return {
    code: DiagnosticCode.SchemaType,
    severity: 'error',
    message: `\`${field}\` must be ${kinds.join(' or ')}, got ${shown(value)}`,
    pointer,
  };
}

function typeName(type: string): string {
  switch (type) {
    case 'string':
      return 'a string';
    case 'integer':
      return 'an integer';
    case 'number':
      return 'a number';
    case 'boolean':
      return '`true` or `false`';
    case 'array':
      return 'a list';
    case 'object':
      return 'a map';
    case 'null':
      return '`null`';
    default:
      return type;
  }
}

function describe(error: ErrorObject, base: string): Issue {
  const pointer = base + error.instancePath;
  const field = fieldName(pointer);
  const params = error.params as Record<string, unknown>;
  const parent = (error.parentSchema ?? {}) as SchemaObject;
  const issue = (code: string, message: string, at = pointer, atKey = false): Issue => ({
    code,
    severity: 'error',
    message,
    pointer: at,
    ...(atKey ? { atKey } : {}),
  });
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const known = Object.keys((parent.properties ?? {}) as object);
      if (pointer.endsWith('/toolClasses') && pointer.split('/').length === 2) {
        return issue(
          DiagnosticCode.UnknownToolClass,
          `unknown tool class \`${key}\` (tool classes are ${quoted(known)})`,
          at,
          true,
        );
      }
      const suggestion = closest(key, known);
      const hint = suggestion !== undefined ? ` (did you mean \`${suggestion}\`?)` : '';
      const where = pointer === '' ? '' : ` in \`${field}\``;
      return issue(DiagnosticCode.SchemaUnknownKey, `unknown key \`${key}\`${where}${hint}`, at, true);
    }
    case 'required': {
      const key = String(params.missingProperty);
      const message =
        pointer === '' ? `missing required key \`${key}\`` : `\`${field}\` is missing required key \`${key}\``;
      return issue(DiagnosticCode.SchemaRequired, message);
    }
    case 'type':
      return issue(
        DiagnosticCode.SchemaType,
        `\`${field}\` must be ${typeName(String(params.type))}, got ${shown(error.data)}`,
      );
    case 'enum':
      return issue(
        DiagnosticCode.SchemaEnum,
        `\`${field}\` must be one of ${quoted(params.allowedValues as unknown[])}, got ${shown(error.data)}`,
      );
    case 'const':
      return issue(
        DiagnosticCode.SchemaEnum,
        `\`${field}\` must be \`${String(params.allowedValue)}\`, got ${shown(error.data)}`,
      );
    case 'pattern':
      return issue(
        DiagnosticCode.SchemaPattern,
        `\`${field}\` must match \`${String(params.pattern)}\`, got ${shown(error.data)}`,
      );
    case 'maxLength': {
      // By where the limit is in the schema: the generated validators carry copies of its objects.
      const isGlob = error.schemaPath === '#/$defs/Glob/maxLength';
      return issue(
        isGlob ? DiagnosticCode.GlobTooLong : DiagnosticCode.SchemaOther,
        `\`${field}\` is longer than ${String(params.limit)} characters`,
      );
    }
    case 'minLength':
      return issue(DiagnosticCode.SchemaOther, `\`${field}\` must not be empty`);
    case 'maxItems':
      return issue(DiagnosticCode.SchemaOther, `\`${field}\` has more than ${String(params.limit)} items`);
    case 'minimum':
      return issue(DiagnosticCode.SchemaOther, `\`${field}\` must be at least ${String(params.limit)}, got ${shown(error.data)}`);
    case 'maximum':
      return issue(DiagnosticCode.SchemaOther, `\`${field}\` must be at most ${String(params.limit)}, got ${shown(error.data)}`);
    case 'format':
      return issue(
        DiagnosticCode.SchemaOther,
        `\`${field}\` must be a valid ${String(params.format)}, got ${shown(error.data)}`,
      );
    default:
      return issue(
        DiagnosticCode.SchemaOther,
        `\`${field}\` ${String(error.message ?? 'is invalid').replace(/\.$/, '')}`,
      );
  }
}

/** The known key nearest to a misspelt one (edit distance at most 2, or a case slip). */
export function closest(key: string, known: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = candidate.toLowerCase() === key.toLowerCase() ? 0 : editDistance(key, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const limit = Math.min(2, Math.floor(key.length / 3) + 1);
  return bestDistance <= limit ? best : undefined;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3 || a.length > 64 || b.length > 64) return Infinity;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? Infinity;
}
