// Invariants of the engine, checked with fast-check over generated policies and calls.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import path from 'node:path';
import { stringify } from 'yaml';
import { compilePolicies, loadPolicyText } from '../../src/index.js';
import { initShellParser } from '../../src/facts/shell/index.js';
import { readVariants } from '../../src/facts/extract-paths.js';
import type { PolicySet } from '../../src/engine/api.js';
import type { Decision, DecisionKind } from '../../src/types.js';

const RANK: Record<DecisionKind, number> = { allow: 0, ask: 1, deny: 2 };
const ROOT = '/srv/ws';

beforeAll(() => initShellParser());

/**
 * Compiles with a fresh limit state. Generated documents skip the YAML loader (a test of
 * its own below shows they are all valid), which keeps hundreds of runs fast.
 */
function compile(docs: object[]): PolicySet {
  const policies = docs.map((doc, i) => ({ doc: doc as never, file: `p${i}.yaml`, locate: () => ({ file: `p${i}.yaml`, line: 1, column: 1 }) }));
  return compilePolicies(policies, { home: '/home/u' });
}

function validate(doc: object): void {
  const loaded = loadPolicyText(stringify(doc), 'generated.yaml');
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(`generated policy invalid: ${errors.map((e) => e.message).join('; ')}\n${stringify(doc)}`);
}

function decide(set: PolicySet, call: unknown): Decision {
  const d = set.evaluate(call, { useCallTime: true });
  if (d instanceof Promise) throw new Error('memory store must answer synchronously');
  return d;
}

// ---- generators -------------------------------------------------------------------------
const TOOLS = ['read', 'write', 'edit', 'exec', 'web_fetch', 'message', 'Bash', 'Read', 'apply_patch', 'mystery_tool'];
const PATHS = ['src/a.ts', '.env', 'src/../../etc/passwd', '/etc/hosts', `${ROOT}/test/x.ts`, '~/.ssh/id_rsa', 'keys/server.pem', `${ROOT}2/x`, 'docs/readme.md'];
const COMMANDS = ['git status', 'ls -la', 'npm test', 'git status && curl x | sh', 'rm -rf /', 'cat .env', 'FOO=1 git push origin', 'bash -c "ls"', '$CMD', 'echo $(whoami)', 'git diff HEAD'];
const REQUESTERS = [undefined, { senderIsOwner: true }, { channel: 'discord', accountId: 'ops', senderId: '1', roleIds: ['maintainer'] }, { channel: 'discord', accountId: 'ops', senderId: '2' }, { channel: 'slack', senderId: '1' }];
const sub = <T>(xs: readonly T[]) => fc.subarray([...xs], { minLength: 0, maxLength: Math.min(3, xs.length) });

const policyArb = (id: string) =>
  fc.record(
    {
      tools: fc.record({ allow: sub(TOOLS), approve: sub(TOOLS), deny: sub(TOOLS) }, { requiredKeys: [] }),
      autonomy: fc.constantFrom('readonly', 'supervised', 'full'),
      workspace: fc.record({ root: fc.constant(ROOT), only: fc.boolean(), resolveSymlinks: fc.constant(false) }),
      paths: fc.record({ forbidden: sub(['.env', '**/.ssh/**', '*.pem', '/etc/**']), allowed: sub(['src/**', 'test/**', '**']), writable: sub(['src/**', 'test/**']) }, { requiredKeys: [] }),
      shell: fc.record({ allow: sub(['git status', 'ls *', 'npm test', 'git diff *']), approve: sub(['git push *']), deny: sub(['rm -rf *', 'curl *', 'cat *']) }, { requiredKeys: [] }),
      scopes: fc.record({
        owner: fc.constantFrom('all', ['read', 'exec']),
        missingRequester: fc.constantFrom('deny', 'allow'),
        otherwise: fc.constantFrom('deny', 'allow'),
        rules: fc.constant([{ id: 'maint', channel: 'discord', roleIds: ['maintainer'], tools: ['read', 'message'] }]),
      }),
      rules: fc.constant([{ id: 'no-big', when: { all: [{ fact: 'toolClass', operator: 'equal', value: 'write' }] }, decision: 'ask' }]),
      limits: fc.record({ maxToolCalls: fc.integer({ min: 1, max: 3 }) }),
    },
    { requiredKeys: [] },
  ).map((sections) => ({ version: 1, id, ...sections }));

const callArb = fc.record(
  {
    toolName: fc.constantFrom(...TOOLS),
    params: fc.oneof(fc.record({ path: fc.constantFrom(...PATHS) }), fc.record({ command: fc.constantFrom(...COMMANDS) }), fc.record({ file_path: fc.constantFrom(...PATHS) })),
    cwd: fc.constantFrom(ROOT, `${ROOT}/src`),
    sessionId: fc.constantFrom('s1', 's2'),
    requester: fc.constantFrom(...REQUESTERS),
  },
  { requiredKeys: ['toolName', 'params', 'cwd'] },
).map((c) => (c.requester === undefined ? (({ requester, ...rest }) => rest)(c) : c));

// ---- properties -------------------------------------------------------------------------
describe('engine properties', () => {
  it('the policy generator only produces valid policies', () => {
    fc.assert(fc.property(policyArb('gen'), (doc) => validate(doc)), { numRuns: 100 });
  });

  it('restrict-only: adding any policy never loosens a decision', () => {
    fc.assert(
      fc.property(fc.array(policyArb('base'), { minLength: 0, maxLength: 2 }), policyArb('extra'), callArb, (base, extra, call) => {
        const docs = base.map((d, i) => ({ ...d, id: `base-${i}` }));
        const before = decide(compile(docs), call).decision;
        const after = decide(compile([...docs, extra]), call).decision;
        return RANK[after] >= RANK[before];
      }),
      { numRuns: 1500 },
    );
  });

  it('restrict-only: adding a deny entry never loosens a decision', () => {
    const denyEntry = fc.oneof(
      fc.constantFrom(...TOOLS).map((t) => ['tools', 'deny', t] as const),
      fc.constantFrom('rm *', 'git *', '*', 'ls *').map((c) => ['shell', 'deny', c] as const),
      fc.constantFrom('src/**', '*.ts', '**', '/etc/**').map((g) => ['paths', 'forbidden', g] as const),
    );
    fc.assert(
      fc.property(policyArb('p'), denyEntry, callArb, (doc, [section, list, entry], call) => {
        const before = decide(compile([doc]), call).decision;
        const d = structuredClone(doc) as unknown as Record<string, Record<string, string[]>>;
        d[section] = { ...(d[section] ?? {}), [list]: [...(d[section]?.[list] ?? []), entry] };
        const after = decide(compile([d]), call).decision;
        return RANK[after] >= RANK[before];
      }),
      { numRuns: 1500 },
    );
  });

  it('determinism: the same call on the same policies decides the same, with the same reasons', () => {
    fc.assert(
      fc.property(fc.array(policyArb('p'), { minLength: 1, maxLength: 3 }), callArb, (docs, call) => {
        const named = docs.map((d, i) => ({ ...d, id: `p-${i}` }));
        const a = decide(compile(named), call);
        const b = decide(compile(named), call);
        expect(b).toEqual(a);
      }),
      { numRuns: 500 },
    );
  });

  it('stopping at the first deny decides as evaluating everything, and keeps the first reasons', () => {
    fc.assert(
      fc.property(fc.array(policyArb('p'), { minLength: 1, maxLength: 3 }), callArb, (docs, call) => {
        const named = docs.map((d, i) => ({ ...d, id: `p-${i}` }));
        const first = decide(compile(named), call);
        const every = compile(named).evaluate(call, { useCallTime: true, allReasons: true }) as Decision;
        expect(first.decision).toBe(every.decision);
        if (first.decision !== 'deny') expect(first).toEqual(every);
        else {
          // the first check that denied, with every reason it gave (one check may object twice: two commands)
          expect(first.reasons.length).toBeGreaterThan(0);
          expect(every.reasons.slice(0, first.reasons.length)).toEqual(first.reasons);
          expect(new Set(first.reasons.map((r) => `${r.policy} ${r.check}`)).size).toBe(1);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws, whatever the call looks like; anything malformed is denied', async () => {
    const set = compile([{ version: 1, id: 'all', autonomy: 'supervised', workspace: { root: ROOT }, paths: { forbidden: ['.env'] }, shell: { allow: ['ls *'] }, scopes: { owner: 'all' }, limits: { maxToolCalls: 1000 }, rules: [{ id: 'r', when: { any: [{ fact: 'params', path: '$.content.length', operator: 'greaterThan', value: 5 }] }, decision: 'ask' }] }]);
    const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'path', 'command', 'file_path', 'paths', 'cwd', 'derivedPaths', 'requester', 'hasOwnProperty');
    const value = fc.anything({ key: fc.oneof(fc.string(), hostileKey), withNullPrototype: true, withBigInt: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withObjectString: true, maxDepth: 3 });
    const callish = fc.oneof(
      value,
      fc.record({ toolName: fc.oneof(fc.constantFrom(...TOOLS, '__proto__', 'constructor'), fc.string({ maxLength: 300 })), params: value }, { requiredKeys: ['toolName'] }),
      fc.record({ toolName: fc.constantFrom('exec', 'read', 'apply_patch'), params: fc.dictionary(hostileKey, value), requester: value, derivedPaths: value, cwd: value, sessionId: value }, { requiredKeys: ['toolName'] }),
      fc.record({ toolName: fc.constantFrom('exec', 'Bash', 'read'), params: fc.record({ command: fc.string({ unit: 'binary', maxLength: 2000 }), path: fc.string({ unit: 'binary', maxLength: 2000 }) }), cwd: fc.constant(ROOT) }),
    );
    fc.assert(
      fc.property(callish, (call) => {
        const d = decide(set, call);
        expect(['allow', 'ask', 'deny']).toContain(d.decision);
        expect(d.revision).toBe(set.revision);
        if (d.decision !== 'allow') expect(d.reasons.length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
    // huge strings: a 1 MB command and a 1 MB path
    expect(decide(set, { toolName: 'exec', params: { command: 'ls '.repeat(350_000) }, cwd: ROOT }).decision).toBe('deny');
    expect(decide(set, { toolName: 'read', params: { path: 'a/'.repeat(500_000) }, cwd: ROOT }).decision).toBe('deny');
  });

  it('workspace containment: a generated path is denied exactly when it resolves outside the root', () => {
    const set = compile([{ version: 1, id: 'ws', workspace: { root: ROOT, resolveSymlinks: false } }]);
    const segment = fc.constantFrom('..', '.', '', 'a', 'b', 'ws', 'ws2', 'srv', '...', 'é', 'e\u0301');
    const rawPath = fc.tuple(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 8 })).map(([abs, segs]) => (abs ? '/' : '') + segs.join('/'));
    fc.assert(
      fc.property(rawPath, fc.constantFrom(ROOT, `${ROOT}/a`, `${ROOT}/a/b`), (p, cwd) => {
        // OpenClaw's read also opens other spellings of a missing file's name (readVariants):
        // each reading must be inside (with a trailing `/`, its prefix is cut by the name's length).
        const inside = [p, ...readVariants(p)].every((reading) => {
          const resolved = path.posix.resolve(cwd, reading);
          return resolved === ROOT || resolved.startsWith(`${ROOT}/`);
        });
        const d = decide(set, { toolName: 'read', params: { path: p }, cwd });
        if (p === '' || p.length === 0) return d.decision === 'deny';
        return (d.decision === 'deny') === !inside;
      }),
      // The example: a non-ASCII name and a trailing `/`, whose read variant leaves the root.
      { numRuns: 1000, examples: [[`${ROOT.slice(0, ROOT.lastIndexOf('/'))}/é/./../ws/`, ROOT]] },
    );
  });

  it('maxToolCalls allows exactly N calls per session', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 40 }), (n, m) => {
        const set = compile([{ version: 1, id: 'max', limits: { maxToolCalls: n } }]);
        let allowed = 0;
        for (let i = 0; i < m; i++) if (decide(set, { toolName: 'read', params: { path: '/a' }, sessionId: 's' }).decision === 'allow') allowed++;
        return allowed === Math.min(n, m);
      }),
      { numRuns: 200 },
    );
  });

  it('rate limits never exceed their limit in any window under random call times', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 60 }), (limit, times) => {
        const set = compile([{ version: 1, id: 'rate', limits: { rate: [{ id: 'r', per: 'global', limit, window: '1m' }] } }]);
        const admitted = times.filter((time) => decide(set, { toolName: 'read', params: { path: '/a' }, time }).decision === 'allow').sort((a, b) => a - b);
        return admitted.every((s) => admitted.filter((t) => t >= s && t < s + 60_000).length <= limit);
      }),
      { numRuns: 300 },
    );
  });
});
