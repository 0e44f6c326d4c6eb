// The schema's validators are generated ahead of time (scripts/generate-schema-validator.mjs):
// the committed module must be what the schema gives now, and must decide, with the same
// errors, exactly as ajv compiling the schema in the process does.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { defs, validate } from '../../src/policy/schema-validator.generated.js';
// @ts-expect-error: a plain .mjs script without types
import { OUTPUT_FILE, policyAjv, SCHEMA_FILE, validatorSource } from '../../scripts/generate-schema-validator.mjs';

type Validator = ((data: unknown) => boolean) & { errors?: unknown[] | null };

const schemaText = readFileSync(SCHEMA_FILE, 'utf8');
const schema = JSON.parse(schemaText) as { $id: string; $defs: Record<string, unknown> };
const runtime = policyAjv();
const compiled = runtime.compile(schema) as Validator;
const generated = validate as unknown as Validator;

/** Every policy document in the repository's YAML and JSON policy files, valid or not. */
function documents(): unknown[] {
  const dirs = ['policies', 'examples', 'test/adversarial/policies', 'test/fixtures/policies-good', 'test/fixtures/policies-bad'];
  const out: unknown[] = [];
  for (const dir of dirs) {
    for (const name of readdirSync(dir, { recursive: true }) as string[]) {
      if (!/\.(ya?ml|json)$/.test(name)) continue;
      const text = readFileSync(path.join(dir, name), 'utf8');
      try {
        for (const doc of parseAllDocuments(text, { uniqueKeys: false })) out.push(doc.toJS({ maxAliasCount: 50 }));
      } catch {
        // unreadable on purpose (tabs, alias bombs, binary): nothing to validate
      }
    }
  }
  return out;
}

/** Both validators' verdicts and errors on one document. */
function both(data: unknown, a: Validator, b: Validator): void {
  const expected = a(data);
  expect(b(data)).toBe(expected);
  expect(b.errors ?? null).toEqual(a.errors ?? null);
}

describe('the generated schema validator', () => {
  it('is current: regenerating it from the schema gives the committed module (run `npm run generate`)', () => {
    expect(readFileSync(OUTPUT_FILE, 'utf8')).toBe(validatorSource(schemaText));
  });

  it('decides every policy file of the repository as ajv compiling the schema does, with the same errors', () => {
    const docs = documents();
    expect(docs.length).toBeGreaterThan(50);
    let invalid = 0;
    for (const doc of docs) {
      both(doc, compiled, generated);
      if (!compiled(doc)) invalid++;
    }
    // Both kinds are there.
    expect(invalid).toBeGreaterThan(5);
    expect(invalid).toBeLessThan(docs.length);
  });

  it('decides documents with a random value put anywhere as ajv does', () => {
    const docs = documents().filter((d) => d !== null && typeof d === 'object' && compiled(d));
    const places = (value: unknown, at: string[] = [], out: string[][] = []): string[][] => {
      out.push(at);
      if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) places(v, [...at, k], out);
      return out;
    };
    const mutated = fc.tuple(fc.constantFrom(...docs), fc.nat(), fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('replace', 'add')).map(([doc, pick, value, how]) => {
      const copy = structuredClone(doc) as Record<string, unknown>;
      const all = places(copy);
      const at = all[pick % all.length]!;
      if (at.length === 0) return value;
      let parent: Record<string, unknown> = copy;
      for (const key of at.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
      if (how === 'replace') parent[at[at.length - 1]!] = value;
      else {
        const target = parent[at[at.length - 1]!];
        if (target !== null && typeof target === 'object' && !Array.isArray(target)) (target as Record<string, unknown>).extraKey = value;
        else parent[at[at.length - 1]!] = value;
      }
      return copy;
    });
    fc.assert(fc.property(mutated, (doc) => both(doc, compiled, generated)), { numRuns: 500, seed: 20261130 });
  });

  it('has a validator for every $defs entry, deciding as ajv does', () => {
    expect(Object.keys(defs).sort()).toEqual(Object.keys(schema.$defs).sort());
    for (const name of Object.keys(schema.$defs)) {
      const fromRuntime = runtime.getSchema(`${schema.$id}#/$defs/${name}`) as Validator;
      const fromCode = (defs as unknown as Record<string, Validator>)[name]!;
      for (const value of [{}, [], 'x', 1, null, { id: 'r', decision: 'deny', when: { all: [] } }, { root: '/srv', only: true }]) both(value, fromRuntime, fromCode);
    }
  });
});
