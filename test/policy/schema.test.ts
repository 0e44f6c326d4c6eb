// The schema itself: the single source of truth for shape, and what editors show.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ts from 'typescript';

const schema = JSON.parse(readFileSync('schemas/policy.schema.json', 'utf8')) as Record<string, unknown>;
const defs = schema.$defs as Record<string, Record<string, unknown>>;

/** Every object schema with `properties`, by `$defs` name. */
function objectDefs(): Array<[string, Record<string, unknown>]> {
  return Object.entries(defs).filter(([, d]) => d.type === 'object' && d.properties !== undefined);
}

describe('policy schema', () => {
  it('is a valid JSON Schema 2020-12 document that compiles in strict mode', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(typeof schema.$id).toBe('string');
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(() => ajv.compile(schema)).not.toThrow();
  });

  it('closes every object and describes every property (editor hover)', () => {
    const objects = objectDefs();
    expect(objects.length).toBeGreaterThanOrEqual(17);
    for (const [name, def] of objects) {
      expect(def.additionalProperties, name).toBe(false);
      expect(typeof def.description, name).toBe('string');
      for (const [key, property] of Object.entries(def.properties as Record<string, Record<string, unknown>>)) {
        expect(typeof property.description, `${name}.${key}`).toBe('string');
      }
    }
  });

  it('pins the language constants', () => {
    const doc = defs.PolicyDocument?.properties as Record<string, Record<string, unknown>>;
    expect(doc.version?.const).toBe(1);
    expect(defs.PolicyDocument?.required).toEqual(['version', 'id']);
    expect(doc.id?.pattern).toBe('^[a-z0-9][a-z0-9._-]*$');
    expect(doc.autonomy?.enum).toEqual(['readonly', 'supervised', 'full']);
    expect(doc.autonomy?.default).toBe('full');
    const rate = defs.RateLimit?.properties as Record<string, Record<string, unknown>>;
    expect(rate.window?.pattern).toBe('^[0-9]+[smh]$');
    expect(rate.window?.default).toBe('1m');
    expect(rate.per?.enum).toEqual(['sender', 'session', 'agent', 'channel', 'global']);
    expect(defs.Glob?.maxLength).toBe(1024);
    const fact = defs.FactCondition?.properties as Record<string, Record<string, unknown>>;
    expect(fact.fact?.enum).toHaveLength(9);
    expect(fact.operator?.enum).toHaveLength(10);
  });
});

/** Interfaces of src/policy/document.ts: name → property → optional?. */
function interfacesOf(file: string): Map<string, Map<string, boolean>> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const out = new Map<string, Map<string, boolean>>();
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node)) return;
    const members = new Map<string, boolean>();
    for (const member of node.members) {
      if (ts.isPropertySignature(member)) members.set(member.name.getText(source), member.questionToken !== undefined);
    }
    out.set(node.name.text, members);
  });
  return out;
}

describe('document types do not drift from the schema', () => {
  const interfaces = interfacesOf('src/policy/document.ts');

  it('has one interface per object schema, with the same keys and the same required keys', () => {
    for (const [name, def] of objectDefs()) {
      const members = interfaces.get(name);
      expect(members, `interface ${name} in document.ts`).toBeDefined();
      const keys = Object.keys(def.properties as object).sort();
      expect([...(members?.keys() ?? [])].sort(), name).toEqual(keys);
      const required = new Set((def.required as string[] | undefined) ?? []);
      for (const [key, optional] of members ?? []) expect(optional, `${name}.${key} optional`).toBe(!required.has(key));
    }
  });

  it('has no interface the schema does not describe', () => {
    const names = new Set(objectDefs().map(([name]) => name));
    for (const name of interfaces.keys()) expect(names.has(name), `$defs/${name} in the schema`).toBe(true);
  });

  it('the brief\'s type names all exist', () => {
    for (const name of ['PolicyDocument', 'PolicyMatch', 'ToolsSection', 'WorkspaceSection', 'PathsSection', 'ShellSection', 'LimitsSection', 'RateLimit', 'ScopesSection', 'ScopeRule', 'CustomRule', 'ApprovalSection']) {
      expect(interfaces.has(name), name).toBe(true);
    }
    expect(readFileSync('src/policy/document.ts', 'utf8')).toMatch(/export type Condition = AllCondition \| AnyCondition \| NotCondition \| FactCondition;/);
  });
});
