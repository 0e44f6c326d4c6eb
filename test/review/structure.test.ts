// The structural comparison: what it lists as a possible loosening, and what it knows restricts.
import { describe, expect, it } from 'vitest';
import { structuralLoosenings } from '../../src/review/structure.js';

const base = {
  version: 1,
  id: 'p',
  match: { agents: ['coder'] },
  autonomy: 'supervised',
  workspace: { root: '/srv/ws' },
  paths: { forbidden: ['.env'], writable: ['src/**'] },
  shell: { allow: ['git status'], deny: ['curl *'] },
  limits: { maxToolCalls: 10, rate: [{ id: 'r', limit: 5, window: '1m' }] },
  rules: [{ id: 'big', when: { all: [{ fact: 'toolClass', operator: 'equal', value: 'write' }] }, decision: 'ask', message: 'm' }],
};
const fields = (before: object, after: object[]) => structuralLoosenings([before as never], after as never[]).map((c) => c.field);

describe('structuralLoosenings', () => {
  it('lists nothing for the same text, in any key order', () => {
    expect(fields(base, [JSON.parse(JSON.stringify({ ...base, id: 'p' }))])).toEqual([]);
  });

  it('lists nothing for changes known to restrict', () => {
    const tighter = {
      ...base,
      match: { agents: ['coder', 'other'] },
      autonomy: 'readonly',
      workspace: { root: '/srv/ws' },
      paths: { forbidden: ['.env', '*.pem'], writable: [], allowed: ['src/**'] },
      shell: { allow: [], deny: ['curl *', 'wget *'], enabled: false },
      limits: { maxToolCalls: 5, rate: [{ id: 'r', limit: 4, window: '1h' }, { id: 'new', limit: 1 }] },
      rules: [{ ...base.rules[0], decision: 'deny', message: 'other words' }, { id: 'more', when: {}, decision: 'deny' }],
      scopes: { otherwise: 'deny' },
    };
    expect(fields(base, [tighter, { version: 1, id: 'added', paths: { forbidden: ['*'] } }])).toEqual([]);
  });

  it('case folding turned on restricts deny lists but widens allowlists: flagged only with an allowlist', () => {
    const folded = (paths: object) => ({ ...base, workspace: { root: '/srv/ws', caseInsensitive: true }, paths });
    expect(fields({ ...base, workspace: { root: '/srv/ws' }, paths: { forbidden: ['.env'] } }, [folded({ forbidden: ['.env'] })])).toEqual([]);
    expect(fields({ ...base, workspace: { root: '/srv/ws' }, paths: { writable: ['src/**'] } }, [folded({ writable: ['src/**'] })])).toEqual(['workspace.caseInsensitive']);
    // a rule on `paths` sees folded (or resolved) text: `contains /srv/ws/config/Prod.json` no longer fires
    const rules = [{ id: 'r', when: { any: [{ fact: 'paths', operator: 'contains', value: '/srv/ws/config/Prod.json' }] }, decision: 'deny' }];
    const plain = { version: 1, id: 'p', workspace: { root: '/srv/ws', resolveSymlinks: false }, rules };
    expect(fields(plain, [{ ...plain, workspace: { root: '/srv/ws', resolveSymlinks: false, caseInsensitive: true } }])).toEqual(['workspace.caseInsensitive']);
    expect(fields(plain, [{ ...plain, workspace: { root: '/srv/ws' } }])).toEqual(['workspace.resolveSymlinks']);
  });

  it('lists each loosening by field', () => {
    const looser = {
      ...base,
      match: { agents: ['coder'], channels: ['discord'] },
      toolClasses: { read: ['run_sql'] },
      autonomy: 'full',
      workspace: { root: '/srv', only: false, resolveSymlinks: false },
      paths: { forbidden: [], writable: ['src/**', 'docs/**'] },
      shell: { allow: ['git status', 'git push *'], approve: ['rm *'] },
      limits: { rate: [{ id: 'r', limit: 5, window: '1s' }] },
      rules: [{ ...base.rules[0], when: { all: [] } }],
    };
    expect(fields(base, [looser])).toEqual([
      'match.channels',
      'toolClasses',
      'autonomy',
      'workspace.root',
      'workspace.only',
      'workspace.resolveSymlinks',
      'paths.forbidden',
      'paths.writable',
      'shell.deny',
      'shell.allow',
      'shell.approve',
      'limits.maxToolCalls',
      'limits.rate r',
      'rules big',
    ]);
  });

  it('a policy missing from the new set is a possible loosening', () => {
    expect(fields(base, [{ ...base, id: 'q' }])).toEqual(['(policy)']);
  });
});
