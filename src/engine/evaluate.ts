// Evaluation: phase 1 runs the stateless checks of every policy that governs the call (up to
// the first that denies, unless every reason is wanted) and combines them (deny > ask > allow);
// phase 2 takes a slot in every applicable limit, atomically, only when the result is not deny.
// Any failure is a deny.
import { boundedCache } from '../state/bounded-cache.js';
import type { Approval, Decision, DecisionKind, Reason, Severity, ShellFacts, ToolClass, TraceEntry } from '../types.js';
import type { CallView, Check, CleanCall, CompiledPolicy, CompiledSet, Limit, Sink, Verdict } from '../compile/model.js';
import { carriesCommandFor, classifyTool, mayCarryCommand } from '../facts/classify.js';
import type { ConsumeResult, CounterStore, LimitRequest } from '../state/store.js';
import type { EvaluateOptions, PolicySet } from './api.js';
import { checkToolCall } from './clean-call.js';
import { stricter } from './combine.js';
import { CallFrame, pinRoots, type FrameEnv } from './frame.js';
import { protectionCheck, type ProtectedPaths } from './protected-paths.js';

export interface SetOptions {
  store: CounterStore;
  clock: () => number;
  home: string;
  /** Most parsed commands kept. Default 10,000. */
  shellCacheMax?: number;
  /** How long an asynchronous store may take before the call is denied. Default 2,000 ms. */
  storeTimeoutMs?: number;
  /** Files no call may write, whatever the policies say (engine/protected-paths.ts). */
  protectedPaths?: ProtectedPaths;
}

/** What one policy runs for calls of one tool name: the tool's class and the checks that can object to that class. */
interface PolicyPlan {
  toolClass: ToolClass;
  checks: readonly Check[];
}

/** Everything a set knows of one tool name: a plan per policy (same index), and its built-in class (for the protected paths). */
interface ToolPlans {
  perPolicy: PolicyPlan[];
  /**
   * For a call checked as `exec` because it carries a command: each policy's plan for the
   * tool's own class, where that is not exec (same index; undefined elsewhere). Such a call is
   * checked both ways: a write tool that carries a command still writes (red team 20B).
   */
  ownClass?: (PolicyPlan | undefined)[];
  builtinClass: ToolClass;
  /** The plans for a call of this name that carries a command (classify.ts mayCarryCommand), when they differ: made on the first such call. */
  withCommand: ToolPlans | null | undefined;
}

/** The options of a call that names none: shared, not allocated per call. */
const NO_OPTIONS: EvaluateOptions = Object.freeze({});

/** Most tool names whose plans a set remembers before starting over. */
const MAX_PLANS = 1024;

const SEVERITY_RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, critical: 2 };

/** A deny that explains an internal failure: what every unexpected path ends in. */
export function denyForError(error: unknown, revision = 'unknown'): Decision {
  let detail: string;
  try {
    detail = oneLine(error instanceof Error ? error.message : String(error));
  } catch {
    detail = 'an error that cannot be shown'; // a thrown value whose message or toString throws
  }
  return {
    decision: 'deny',
    reasons: [{ policy: '*', check: 'engine.error', message: `evaluation failed, so the call is denied: ${detail}`, source: 'toolwarden' }],
    revision,
  };
}

export function createPolicySet(compiled: CompiledSet, options: SetOptions): PolicySet {
  const { store, clock } = options;
  const env: FrameEnv = {
    home: options.home,
    shellCache: boundedCache<string, ShellFacts>(options.shellCacheMax ?? 10_000),
    shellPaths: new WeakMap(),
    madeRuns: new WeakMap(),
    lexical: new Map(),
    rootPins: new Map(),
  };
  const { revision, policies } = compiled;
  pinRoots(env, policies.map((p) => p.pathSettings));
  // Tool name → one plan per policy (same index): the class and checks depend on the name only.
  const plans = new Map<string, ToolPlans>();
  const hasLimits = policies.some((p) => p.limits.length > 0);
  const protection = options.protectedPaths === undefined ? undefined : protectionCheck(options.protectedPaths, options.home);

  function planOf(policy: CompiledPolicy, toolClass: ToolClass): PolicyPlan {
    return { toolClass, checks: policy.checks.filter((c) => c.classes === undefined || c.classes.includes(toolClass)) };
  }

  function plansFor(toolName: string): ToolPlans {
    let known = plans.get(toolName);
    if (known === undefined) {
      const perPolicy = policies.map((policy) => planOf(policy, classifyTool(toolName, policy.toolClasses)));
      // The protection reads a tool by its built-in class (a policy's toolClasses cannot make a writer a reader there).
      const builtinClass = classifyTool(toolName);
      // Whether any policy may check a call of it as exec: only if nobody classified the name (a policy listing it only narrows that).
      known = { perPolicy, builtinClass, withCommand: mayCarryCommand(toolName) ? undefined : null };
      if (plans.size >= MAX_PLANS) plans.clear();
      plans.set(toolName, known);
    }
    return known;
  }

  /** A call's plans: an unclassified tool's call that carries a command is checked as `exec` by the policies that did not class it. */
  function plansOf(call: CleanCall): ToolPlans {
    const known = plansFor(call.toolName);
    if (known.withCommand === null || !carriesCommandFor(call.toolName, call.params)) return known;
    return (known.withCommand ??= {
      perPolicy: policies.map((policy, p) => (mayCarryCommand(call.toolName, policy.toolClasses) ? planOf(policy, 'exec') : known.perPolicy[p]!)),
      ownClass: policies.map((policy, p) => (mayCarryCommand(call.toolName, policy.toolClasses) && known.perPolicy[p]!.toolClass !== 'exec' ? known.perPolicy[p] : undefined)),
      builtinClass: mayCarryCommand(call.toolName) ? 'exec' : known.builtinClass,
      withCommand: null,
    });
  }

  function evaluate(input: unknown, opts: EvaluateOptions = NO_OPTIONS): Decision | Promise<Decision> {
    // One function with the try around the whole evaluation: any throw ends in deny.
    try {
      const call = checkToolCall(input);
      if (typeof call === 'string') {
        return { decision: 'deny', reasons: [{ policy: '*', check: 'call.invalid', message: call, source: 'call' }], revision };
      }
      const trace: TraceEntry[] | undefined = opts.explain ? [] : undefined;
      const frame = new CallFrame(call, env);
      const verdicts: Verdict[] = [];
      // The policy id of each verdict, same index: made with the first verdict (most calls have none).
      let owners: string[] | undefined;
      // The governing policies' indexes, kept only for the limits phase (most sets have no limits).
      const governing: number[] | undefined = hasLimits ? [] : undefined;
      const sink = { verdicts, trace };
      const toolPlans = plansOf(call);
      const callPlans = toolPlans.perPolicy;
      // A deny is final (deny beats everything): unless every reason is wanted, evaluation stops at the first.
      const everyReason = trace !== undefined || opts.allReasons === true;

      // Toolwarden's own files first: their refusal is the most telling reason a call can get.
      if (protection !== undefined) {
        const refused = protection(frame, toolPlans.builtinClass);
        trace?.push({ policy: '*', check: 'toolwarden.protected', outcome: refused ? 'deny' : 'allow', saw: refused?.message ?? toolPlans.builtinClass });
        if (refused !== undefined) {
          verdicts.push(refused);
          owners = ['*'];
          if (!everyReason) return finish('deny', verdicts, owners, call, trace);
        }
      }

      let denied = false;
      for (let p = 0; p < policies.length && !denied; p++) {
        const policy = policies[p]!;
        if (!policy.match.governs(call)) {
          trace?.push({ policy: policy.id, check: 'match', outcome: 'skip', saw: 'policy does not govern this call' });
          continue;
        }
        const plan = callPlans[p]!;
        governing?.push(p);
        const view = frame.viewFor(policy, plan.toolClass);
        const traceStart = trace?.length ?? 0;
        trace?.push({ policy: policy.id, check: 'match', outcome: 'allow', saw: { toolClass: view.toolClass } });
        const before = verdicts.length;
        denied = runChecks(view, plan.checks, sink, everyReason);
        const own = toolPlans.ownClass?.[p];
        if (own !== undefined && !denied) denied = runOwnClass(frame.viewFor(policy, own.toolClass), own.checks, sink, before, everyReason);
        for (let i = before; i < verdicts.length; i++) (owners ??= []).push(policy.id);
        if (trace) for (let i = traceStart; i < trace.length; i++) trace[i]!.policy = policy.id;
      }

      let decision: DecisionKind = 'allow';
      for (let i = 0; i < verdicts.length; i++) decision = stricter(decision, verdicts[i]!.decision);
      // Most sets have no limits: nothing more to build or read (not even the clock).
      // An ask no one can approve is a deny to the caller: it takes no slot either.
      if (decision === 'deny' || governing === undefined || (decision === 'ask' && opts.noApprover === true)) return finish(decision, verdicts, owners, call, trace);
      const limits: { policy: string; limit: Limit }[] = [];
      const requests: LimitRequest[] = [];
      for (const p of governing) {
        const policy = policies[p]!;
        if (policy.limits.length === 0) continue;
        const view = frame.viewFor(policy, callPlans[p]!.toolClass);
        for (const limit of policy.limits) {
          if (!limit.applies(call.toolName)) continue;
          const key = limit.keyOf(view);
          if (key === undefined) continue; // phase 1 denied it already; unreachable here
          limits.push({ policy: policy.id, limit });
          // Each shape written whole: a spread builds the object through the runtime.
          requests.push(limit.windowMs !== undefined ? { key, kind: limit.kind, limit: limit.limit, windowMs: limit.windowMs } : { key, kind: limit.kind, limit: limit.limit });
        }
      }
      if (requests.length === 0) return finish(decision, verdicts, owners, call, trace);

      const settle = (result: ConsumeResult): Decision => {
        if (trace) trace.push({ policy: '*', check: 'limits', outcome: result.ok ? 'allow' : 'deny', saw: requests.map((r) => ({ key: r.key, limit: r.limit })), hits: result.ok ? [] : result.full.map((i) => limits[i]!.limit.pointer) });
        if (!result.ok) {
          decision = 'deny';
          for (const i of result.full) {
            const { policy, limit } = limits[i]!;
            verdicts.push({ decision: 'deny', check: limit.check, ...(limit.rule ? { rule: limit.rule } : {}), message: `limit reached: ${limit.label}`, source: limit.source });
            (owners ??= []).push(policy);
          }
        }
        return finish(decision, verdicts, owners, call, trace);
      };
      const now = opts.useCallTime && call.time !== undefined ? call.time : clock();
      const consumed = store.tryConsume(requests, now);
      // `.catch` after `.then`: a failure while settling (a malformed answer) is a deny too, never a rejection.
      if (isPromise(consumed)) {
        return withTimeout(consumed, options.storeTimeoutMs ?? 2_000)
          .then((answer) => settle(storeAnswer(answer, requests.length)))
          .catch((error: unknown) => denyForError(error, revision));
      }
      return settle(storeAnswer(consumed, requests.length));
    } catch (error) {
      return denyForError(error, revision);
    }
  }

  function finish(decision: DecisionKind, verdicts: Verdict[], owners: string[] | undefined, call: CleanCall, trace: TraceEntry[] | undefined): Decision {
    // An array of one for the first reason (most denies have one): growing an empty array is an allocation.
    let reasons: Reason[] | undefined;
    for (let i = 0; i < verdicts.length; i++) {
      const v = verdicts[i]!;
      if (v.decision !== decision) continue;
      // Each shape built whole: adding `rule` afterwards would grow the object (an allocation).
      const rule = v.rule;
      const reason: Reason = rule === undefined ? { policy: owners![i]!, check: v.check, message: v.message, source: v.source } : { policy: owners![i]!, check: v.check, message: v.message, source: v.source, rule };
      if (reasons === undefined) reasons = [reason];
      else reasons.push(reason);
    }
    const out: Decision = { decision, reasons: reasons ?? [], revision };
    // Asks are rare: the governing policies are found again here rather than kept for every call.
    if (decision === 'ask') out.approval = approvalFor(out.reasons, policies.filter((p) => p.match.governs(call)), call.toolName);
    if (trace) out.trace = trace;
    return out;
  }

  return {
    revision,
    policies: policies.map((p) => ({ id: p.id, file: p.file, ...(p.description !== undefined ? { description: p.description } : {}) })),
    coverageItems: compiled.coverageItems,
    evaluate,
    evaluateAsync: async (input, opts) => evaluate(input, opts),
  };
}

/** Runs one policy's checks in order; unless every reason is wanted, stops at the first deny (a deny is final). Whether one denied. */
function runChecks(view: CallView, checks: readonly Check[], sink: Sink, everyReason: boolean): boolean {
  const { verdicts } = sink;
  let denied = false;
  for (let c = 0; c < checks.length && !denied; c++) {
    const seen = verdicts.length;
    checks[c]!.run(view, sink);
    if (!everyReason) for (let i = seen; i < verdicts.length; i++) if (verdicts[i]!.decision === 'deny') denied = true;
  }
  return denied;
}

/**
 * A call checked as exec because it carries a command, checked again under its tool's own
 * class (ToolPlans.ownClass); a reason both readings gave is kept once. Whether it denied.
 */
function runOwnClass(view: CallView, checks: readonly Check[], sink: Sink, policyStart: number, everyReason: boolean): boolean {
  const { verdicts } = sink;
  const start = verdicts.length;
  const denied = runChecks(view, checks, sink, everyReason);
  let kept = start;
  for (let i = start; i < verdicts.length; i++) {
    const v = verdicts[i]!;
    let twice = false;
    for (let j = policyStart; j < start && !twice; j++) twice = verdicts[j]!.check === v.check && verdicts[j]!.message === v.message;
    if (!twice) verdicts[kept++] = v;
  }
  verdicts.length = kept;
  return denied;
}

/** The approval an `ask` carries: the strictest severity and shortest timeout of the policies that asked. */
function approvalFor(reasons: Reason[], governing: CompiledPolicy[], toolName: string): Approval {
  const asking = new Set(reasons.map((r) => r.policy));
  let severity: Severity = 'info';
  let timeoutMs = Infinity;
  for (const p of governing) {
    if (!asking.has(p.id)) continue;
    if (SEVERITY_RANK[p.approval.severity] > SEVERITY_RANK[severity]) severity = p.approval.severity;
    timeoutMs = Math.min(timeoutMs, p.approval.timeoutMs);
  }
  if (asking.size === 0) severity = 'warning';
  return {
    title: `Approve tool call \`${toolName}\`?`,
    description: reasons.map((r) => `${r.policy}: ${r.message}`).join('; '),
    severity,
    timeoutMs: Number.isFinite(timeoutMs) ? timeoutMs : 120_000,
  };
}

const CONSUMED: ConsumeResult = Object.freeze({ ok: true });

/**
 * A store's answer, each field read once and checked: `{ ok: true }`, or `{ ok: false, full }`
 * with `full` naming at least one request by index. Anything else (`{ ok: "no" }`, a missing
 * or malformed `full`, no object at all) comes from a broken store and throws, which denies.
 */
function storeAnswer(answer: unknown, requestCount: number): ConsumeResult {
  if (typeof answer !== 'object' || answer === null) throw new Error('state store gave no answer object');
  const ok: unknown = (answer as { ok?: unknown }).ok;
  if (ok === true) return CONSUMED;
  if (ok !== false) throw new Error('state store answer has no boolean `ok`');
  const full: unknown = (answer as { full?: unknown }).full;
  if (!Array.isArray(full) || full.length === 0 || full.length > requestCount) throw new Error('state store answer has no list of full limits');
  const indexes: number[] = [];
  for (let i = 0; i < full.length; i++) {
    const index: unknown = full[i];
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= requestCount || indexes.includes(index)) {
      throw new Error('state store answer names a limit it was not asked about');
    }
    indexes.push(index);
  }
  return { ok: false, full: indexes };
}

/** A store that does not answer in time is a store outage: the call is denied. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`state store did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown })?.then === 'function';
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
