import { describe, it, expect } from 'vitest';
import { loadPolicyFiles } from '../../src/policy/index.js';

const BAD = 'test/fixtures/policies-bad';
const GOOD = 'test/fixtures/policies-good';

/** `line:column severity code` of each diagnostic of one file, in order. */
async function diagnosticsOf(file: string): Promise<string[]> {
  const result = await loadPolicyFiles([`${BAD}/${file}`]);
  return result.diagnostics.map((d) => `${d.location.line}:${d.location.column} ${d.severity} ${d.code} ${d.pointer}`);
}

describe('good policies', () => {
  it('load without diagnostics, every document of every file', async () => {
    const result = await loadPolicyFiles([GOOD]);
    expect(result.diagnostics).toEqual([]);
    expect(result.policies.map((p) => p.doc.id).sort()).toEqual(['coding-agent', 'discord-bot', 'quiet-hours', 'support-bot']);
    expect(result.policies.find((p) => p.doc.id === 'quiet-hours')?.file).toBe(`${GOOD}/chat-bots.yaml`);
  });

  it('keeps documents exactly as written (no defaults)', async () => {
    const result = await loadPolicyFiles([`${GOOD}/support-bot.json`]);
    const doc = result.policies[0]?.doc;
    expect(doc?.workspace).toEqual({ root: '${cwd}', only: true });
    expect(doc?.shell).toBeUndefined();
    expect(doc?.limits?.rate?.[0]).toEqual({ id: 'per-session', per: 'session', limit: 10, window: '30s' });
  });

  it('locates nodes in the second document of a file and in JSON', async () => {
    const result = await loadPolicyFiles([GOOD]);
    const quiet = result.policies.find((p) => p.doc.id === 'quiet-hours');
    expect(quiet?.locate('/limits/rate/0/window')).toEqual({ file: `${GOOD}/chat-bots.yaml`, line: 36, column: 15 });
    const json = result.policies.find((p) => p.doc.id === 'support-bot');
    expect(json?.locate('/scopes/rules/0/tools/1')).toMatchObject({ line: 13, column: 98 });
    const coding = result.policies.find((p) => p.doc.id === 'coding-agent');
    expect(coding?.locate('/shell/allow/2')).toMatchObject({ line: 35, column: 39 });
    expect(coding?.locate('/rules/1/when/any/1/not/value/2')).toMatchObject({ line: 54, column: 68 });
    // missing keys fall back to the nearest existing ancestor
    expect(coding?.locate('/shell/nothing/here')).toEqual(coding?.locate('/shell'));
    expect(coding?.locate('/shell')).toMatchObject({ line: 34, column: 3 });
    expect(coding?.locate('')).toMatchObject({ line: 2, column: 1 });
  });
});

describe('bad policies: exact locations and codes', () => {
  const cases: Array<[string, string[]]> = [
    ['unknown-keys.yaml', [
      '3:1 error schema-unknown-key /shel',
      '6:3 error schema-unknown-key /paths/forbiden',
      '8:3 error unknown-tool-class /toolClasses/admin',
    ]],
    ['wrong-types.yaml', [
      '1:10 error schema-enum /version',
      '2:5 error schema-pattern /id',
      '3:11 error schema-enum /autonomy',
      '5:10 error schema-type /tools/allow',
      '7:17 error schema-type /limits/maxToolCalls',
      '12:15 error schema-pattern /limits/rate/0/window',
      '14:10 error schema-type /scopes/owner',
    ]],
    ['missing-required.yaml', [
      '1:1 error schema-required ',
      '1:1 error schema-required ',
      '4:7 error schema-required /limits/rate/0',
    ]],
    ['bad-conditions.yaml', [
      '5:15 error schema-enum /rules/0/decision',
      '8:40 error schema-enum /rules/0/when/all/0/operator',
      '9:19 error schema-enum /rules/0/when/all/1/fact',
      '10:11 error bad-condition /rules/0/when/all/2',
      '11:11 error bad-condition /rules/0/when/all/3',
      '13:11 error bad-condition /rules/1/when',
    ]],
    ['semantic.yaml', [
      '5:10 warning empty-match /match/tools',
      '8:10 error conflicting-settings /toolClasses/exec/0',
      '10:10 warning empty-allowlist /tools/allow',
      '11:10 error unsafe-regex /tools/deny/0',
      '11:21 error unsafe-regex /tools/deny/1',
      '11:34 error bad-glob /tools/deny/2',
      '13:9 error conflicting-settings /workspace/only',
      '15:13 warning conflicting-settings /paths/writable',
      '15:14 warning conflicting-settings /paths/writable/0',
      '17:12 warning conflicting-settings /shell/enabled',
      '21:13 error duplicate-rule-id /limits/rate/0/id',
      '21:23 warning sender-limit-without-requester /limits/rate/0/per',
    ]],
    ['windows.yaml', ['6:51 error schema-invalid /limits/rate/0/window', '7:54 error schema-invalid /limits/rate/1/window', '11:7 warning empty-allowlist /scopes/rules/0']],
    ['bad-root.yaml', ['4:9 error bad-workspace-root /workspace/root']],
    ['duplicate-keys.yaml', ['5:3 error yaml-duplicate-key ']],
    ['tabs.yaml', ['4:1 error yaml-syntax ']],
    ['alias-bomb.yaml', ['4:8 error yaml-alias-limit ']],
    ['duplicate-ids.yaml', ['5:5 error duplicate-policy-id /id']],
    ['binary.yaml', ['1:1 error file-unreadable ']],
    ['empty.yaml', ['1:1 error no-policies ']],
    ['bad.json', ['1:82 error schema-unknown-key /shell/alow']],
  ];
  for (const [file, expected] of cases) {
    it(file, async () => {
      expect(await diagnosticsOf(file)).toEqual(expected);
    });
  }

  it('messages are one line, lowercase, without a final period, with user values in backticks', async () => {
    const result = await loadPolicyFiles([BAD]);
    expect(result.diagnostics.length).toBeGreaterThan(30);
    for (const d of result.diagnostics) {
      expect(d.message).not.toMatch(/[\r\n]/);
      expect(d.message).not.toMatch(/\.$/);
      expect(d.message[0]).toBe(d.message[0]?.toLowerCase());
    }
    const messages = result.diagnostics.map((d) => d.message);
    expect(messages).toContain('unknown key `shel` (did you mean `shell`?)');
    expect(messages).toContain('unknown key `forbiden` in `paths` (did you mean `forbidden`?)');
    expect(messages).toContain('`autonomy` must be one of `readonly`, `supervised`, `full`, got `yolo`');
    expect(messages).toContain('`scopes.owner` must be `all` or a list, got `everyone`');
    expect(messages).toContain('`limits.rate[0]` is missing required key `per`');
    expect(messages).toContain('duplicate key `allow`');
    expect(messages).toContain(
      `duplicate policy id \`same\` (first defined at ${BAD}/duplicate-ids.yaml:2:5)`,
    );
  });

  it('keeps policies with warnings only, drops those with errors, keeps the first of two duplicates', async () => {
    const result = await loadPolicyFiles([BAD]);
    expect(result.policies.map((p) => p.doc.id)).toEqual(['same']);
    expect(result.policies[0]?.locate('/id')).toMatchObject({ line: 2, column: 5 });
  });

  it('sorts the diagnostics of a directory by file, line, column and code', async () => {
    const result = await loadPolicyFiles([BAD]);
    const keys = result.diagnostics.map((d) => [d.location.file, d.location.line, d.location.column, d.code] as const);
    const sorted = [...keys].sort((a, b) =>
      a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2] || (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0),
    );
    expect(keys).toEqual(sorted);
  });
});
