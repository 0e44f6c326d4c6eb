// Structural comparison of two policy sets, by policy id and field: every change that may
// let a call through that the old text stopped. Probes cannot be complete (a glob matches
// paths no probe names; symlinks, case folding, windows and big limits are beyond any
// probe), so a CI gate that trusted them alone would pass loosenings. A change listed here
// is a *possible* loosening: the reviewer decides. Only changes known to restrict (an entry
// added to a deny list, a lower limit, a stricter autonomy, a new policy) are not listed.
import { isObject, section, strings } from './probes.js';
import type { PolicyData } from './probes.js';

export interface StructuralChange {
  /** The policy id (of the old text). */
  policy: string;
  /** The field that changed, e.g. `workspace.resolveSymlinks`; `(policy)` for the whole policy. */
  field: string;
  message: string;
}

/** JSON with object keys sorted, so equal data gives equal text whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

function show(value: unknown): string {
  return value === undefined ? '(absent)' : canonical(value);
}

const AUTONOMY_RANK: Record<string, number> = { full: 0, supervised: 1, readonly: 2 };
const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000 };

function windowOf(value: unknown): number {
  const m = /^([0-9]+)([smh])$/.exec(typeof value === 'string' ? value : '1m');
  return m ? Number(m[1]) * UNIT_MS[m[2]!]! : Number.NaN;
}

/** Entries of `before` missing from `after` (a deny-like list losing entries loosens). */
/** The entries of `before` that `after` lacks (swapped, the entries added). */
function removed(before: unknown, after: unknown): string[] {
  const kept = new Set(strings(after));
  return strings(before).filter((g) => !kept.has(g));
}

/** Compares the policies of both sets by id; lists the changes that may loosen. */
export function structuralLoosenings(oldDocs: PolicyData[], newDocs: PolicyData[]): StructuralChange[] {
  const byId = new Map<string, PolicyData>();
  for (const doc of newDocs) if (typeof doc.id === 'string') byId.set(doc.id, doc);
  const out: StructuralChange[] = [];
  for (const before of oldDocs) {
    if (typeof before.id !== 'string') continue;
    const after = byId.get(before.id);
    const add = (field: string, message: string) => out.push({ policy: before.id as string, field, message });
    if (!after) {
      add('(policy)', 'the policy is no longer in the set (removed, renamed, or its file left out)');
      continue;
    }
    compareMatch(before, after, add);
    if (canonical(before.toolClasses ?? {}) !== canonical(after.toolClasses ?? {})) {
      add('toolClasses', `tools reclassified: ${show(before.toolClasses)} → ${show(after.toolClasses)}`);
    }
    compareGate(section(before, 'tools'), section(after, 'tools'), 'tools', add);
    const autonomy = (d: PolicyData) => AUTONOMY_RANK[typeof d.autonomy === 'string' ? d.autonomy : 'full'] ?? 0;
    if (autonomy(after) < autonomy(before)) add('autonomy', `autonomy relaxed: ${show(before.autonomy)} → ${show(after.autonomy)}`);
    compareWorkspace(section(before, 'workspace'), section(after, 'workspace'), { allowlists: hasAllowlist(section(after, 'paths')), pathRules: rulesReadPaths(after) }, add);
    comparePaths(section(before, 'paths'), section(after, 'paths'), add);
    compareShell(section(before, 'shell'), section(after, 'shell'), add);
    // Under supervised autonomy the shell allowlist is also what is exempt from asking: an entry
    // added (or a whole list where there was none) lets those commands run without approval.
    if (after.autonomy === 'supervised') {
      const gained = removed(section(after, 'shell').allow, section(before, 'shell').allow);
      if (gained.length > 0) add('shell.allow', `under supervised autonomy these run without approval now: ${gained.map((g) => `\`${g}\``).join(', ')}`);
    }
    compareLimits(section(before, 'limits'), section(after, 'limits'), add);
    if (before.scopes !== undefined && canonical(before.scopes) !== canonical(after.scopes)) {
      // First-match rules: removing or reordering a rule can grant a requester more, too.
      add('scopes', after.scopes === undefined ? 'the scopes section was removed' : 'scopes changed (rules are first-match: any change may grant a requester more)');
    }
    compareRules(before, after, add);
  }
  return out;
}

type Add = (field: string, message: string) => void;

function compareMatch(before: PolicyData, after: PolicyData, add: Add): void {
  const a = section(before, 'match');
  const b = section(after, 'match');
  for (const key of ['tools', 'agents', 'channels']) {
    if (b[key] === undefined) continue; // absent governs every call: wider
    const globs = strings(b[key]);
    if (globs.includes('*') || globs.includes('**')) continue;
    if (a[key] === undefined || removed(a[key], b[key]).length > 0) {
      add(`match.${key}`, `the policy governs fewer calls: match.${key} ${show(a[key])} → ${show(b[key])}`);
    }
  }
}

/** An allowlist loosens when it gains an entry or disappears. */
function compareAllowlist(a: unknown, b: unknown, field: string, add: Add): void {
  if (a === undefined) return;
  if (b === undefined) add(field, `the allowlist was removed: ${show(a)}`);
  else {
    const old = new Set(strings(a));
    const gained = strings(b).filter((g) => !old.has(g));
    if (gained.length > 0) add(field, `allowed more: ${gained.map((g) => `\`${g}\``).join(', ')}`);
  }
}

function compareDenylist(a: unknown, b: unknown, field: string, add: Add): void {
  const lost = removed(a, b);
  if (lost.length > 0) add(field, `no longer listed: ${lost.map((g) => `\`${g}\``).join(', ')}`);
}

/** `tools` and `shell` share the allow/approve/deny shape; approve asks, and with an allowlist it also admits. */
function compareGate(a: Record<string, unknown>, b: Record<string, unknown>, name: string, add: Add): void {
  compareDenylist(a.deny, b.deny, `${name}.deny`, add);
  compareAllowlist(a.allow, b.allow, `${name}.allow`, add);
  const lost = removed(a.approve, b.approve);
  if (lost.length > 0) add(`${name}.approve`, `no longer asks for: ${lost.map((g) => `\`${g}\``).join(', ')}`);
  if (b.allow !== undefined) {
    const gained = removed(b.approve, a.approve);
    if (gained.length > 0) add(`${name}.approve`, `with an allowlist, approve admits (ask instead of deny): ${gained.map((g) => `\`${g}\``).join(', ')}`);
  }
}

/** Whether a `paths` section lists what is allowed or writable (case folding widens those). */
function hasAllowlist(paths: Record<string, unknown>): boolean {
  return paths.allowed !== undefined || paths.writable !== undefined;
}

/** Whether a document's custom rules read the `paths` fact, whose text folding and link resolution change. */
function rulesReadPaths(doc: Record<string, unknown>): boolean {
  return Array.isArray(doc.rules) && JSON.stringify(doc.rules).includes('"fact":"paths"');
}

function compareWorkspace(a: Record<string, unknown>, b: Record<string, unknown>, { allowlists, pathRules }: { allowlists: boolean; pathRules: boolean }, add: Add): void {
  // A root set where there was none moves where relative globs are anchored (from the call's directory) too.
  if (canonical(a.root) !== canonical(b.root)) add('workspace.root', a.root === undefined ? `workspace root set: ${show(b.root)} (relative globs are anchored there now, not at the call's directory)` : `workspace root moved: ${show(a.root)} → ${show(b.root)}`);
  const only = (w: Record<string, unknown>) => (typeof w.only === 'boolean' ? w.only : w.root !== undefined);
  if (only(a) && !only(b)) add('workspace.only', 'paths outside the workspace are no longer refused');
  const resolve = (w: Record<string, unknown>) => w.resolveSymlinks !== false;
  if (resolve(a) && !resolve(b)) add('workspace.resolveSymlinks', 'symlinks are no longer resolved (a link inside may reach anywhere)');
  if (a.caseInsensitive === true && b.caseInsensitive !== true) add('workspace.caseInsensitive', 'paths are no longer case-folded (`.ENV` no longer meets `.env`)');
  if ((allowlists || pathRules) && a.caseInsensitive !== true && b.caseInsensitive === true) {
    add('workspace.caseInsensitive', 'paths are case-folded now: an allowed or writable glob admits every case (`SRC/x` meets `src/**`), and a rule on `paths` sees folded text');
  }
  if (pathRules && !resolve(a) && resolve(b)) add('workspace.resolveSymlinks', 'symlinks are resolved now: a rule on `paths` sees where links lead, not the path named');
}

function comparePaths(a: Record<string, unknown>, b: Record<string, unknown>, add: Add): void {
  compareDenylist(a.forbidden, b.forbidden, 'paths.forbidden', add);
  compareAllowlist(a.allowed, b.allowed, 'paths.allowed', add);
  compareAllowlist(a.writable, b.writable, 'paths.writable', add);
}

function compareShell(a: Record<string, unknown>, b: Record<string, unknown>, add: Add): void {
  if (a.enabled === false && b.enabled !== false) add('shell.enabled', 'exec tools are enabled again');
  compareGate(a, b, 'shell', add);
}

function compareLimits(a: Record<string, unknown>, b: Record<string, unknown>, add: Add): void {
  if (typeof a.maxToolCalls === 'number' && !(typeof b.maxToolCalls === 'number' && b.maxToolCalls <= a.maxToolCalls)) {
    add('limits.maxToolCalls', `session cap raised: ${show(a.maxToolCalls)} → ${show(b.maxToolCalls)}`);
  }
  const rates = (l: Record<string, unknown>) => (Array.isArray(l.rate) ? l.rate.filter(isObject) : []);
  const newRates = rates(b);
  for (const [i, rate] of rates(a).entries()) {
    const id = typeof rate.id === 'string' ? rate.id : undefined;
    const field = `limits.rate ${id ?? `#${i}`}`;
    const next = id !== undefined ? newRates.find((r) => r.id === id) : newRates[i];
    if (!next) {
      add(field, 'the rate limit was removed');
      continue;
    }
    const { limit: l1, window: w1, ...rest1 } = rate;
    const { limit: l2, window: w2, ...rest2 } = next;
    const tighter = typeof l1 === 'number' && typeof l2 === 'number' && l2 <= l1 && windowOf(w2) >= windowOf(w1);
    if (!tighter || canonical(rest1) !== canonical(rest2)) add(field, `rate limit changed: ${canonical(rate)} → ${canonical(next)}`);
  }
}

function compareRules(before: PolicyData, after: PolicyData, add: Add): void {
  const rules = (d: PolicyData) => (Array.isArray(d.rules) ? d.rules.filter(isObject) : []);
  const newRules = rules(after);
  for (const rule of rules(before)) {
    const id = typeof rule.id === 'string' ? rule.id : '?';
    const next = newRules.find((r) => r.id === rule.id);
    if (!next) add(`rules ${id}`, 'the custom rule was removed');
    else {
      // The message says nothing about the decision; ask → deny on the same condition restricts.
      const { message: _m1, ...a } = rule;
      const { message: _m2, ...b } = next;
      if (canonical(a) === canonical(b)) continue;
      const onlyStricter = canonical({ ...a, decision: 'deny' }) === canonical(b) && b.decision === 'deny';
      if (!onlyStricter) add(`rules ${id}`, 'the custom rule changed');
    }
  }
}
