// Turning decisions and failures into the one-line texts gateways show to the model and
// the operator. Pure functions; no policy logic.
import type { Decision, Diagnostic } from '../types.js';

/** Longest reason text handed to a gateway: enough for several reasons, never a flood. */
export const MAX_REASON_CHARS = 2000;

/** Collapses whitespace (newlines included) so a reason is always one line. */
export function oneLine(text: string, max = MAX_REASON_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** `policy/check[/rule]: message` for every reason, joined; what the model and the user read. */
export function reasonsText(decision: Decision): string {
  if (decision.reasons.length === 0) return decision.decision === 'deny' ? 'denied by policy' : 'needs approval by policy';
  return decision.reasons
    .map((r) => `${r.policy}/${r.check}${r.rule ? `/${r.rule}` : ''}: ${r.message}${r.source ? ` (${r.source})` : ''}`)
    .join('; ');
}

/** The text a gateway shows for a deny or an ask. */
export function decisionText(decision: Decision): string {
  const verb = decision.decision === 'deny' ? 'denied' : decision.decision === 'ask' ? 'needs approval' : 'allowed';
  return oneLine(`toolwarden ${verb}: ${reasonsText(decision)}`);
}

/** The first few error diagnostics of an invalid policy set, located, on one line. */
export function diagnosticsText(diagnostics: readonly Diagnostic[], max = 5): string {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const shown = (errors.length > 0 ? errors : diagnostics).slice(0, max);
  if (shown.length === 0) return 'policy set is invalid';
  const parts = shown.map((d) => `${d.location.file}:${d.location.line}:${d.location.column} ${d.code}: ${d.message}`);
  const more = errors.length > max ? ` (and ${errors.length - max} more)` : '';
  return `${parts.join('; ')}${more}`;
}

/** A thrown value as a short message, never throwing itself. */
export function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) return error.message || error.name;
    return String(error);
  } catch {
    return 'unprintable error';
  }
}
