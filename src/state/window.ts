// Exact sliding windows, shared by every store that keeps call times.
//
// The rule: never more than `limit` calls in ANY half-open interval [s, s + w). Calls
// normally arrive in time order, but replays may not; the check below is exact either way
// for calls no older than `newest - w`, and denies older ones (their windows may involve
// times already pruned, so we cannot prove there is room).

/**
 * Whether one more call at `t` keeps every window of length `w` at or under `limit`.
 * `times` is sorted ascending and holds every recorded call newer than `newest - 2w`.
 */
export function windowRoom(times: readonly number[], t: number, w: number, limit: number): boolean {
  if (limit <= 0) return false;
  const n = times.length;
  if (n === 0) return true;
  const newest = times[n - 1]!;
  if (t >= newest) return countAfter(times, t - w) < limit; // the common, in-order case
  if (t < newest - w) return false; // too far back to judge: fail closed
  // Out of order: every window containing t starts at some s in (t - w, t]; the fullest
  // such window starts at a recorded call (or at t itself).
  const starts = [t];
  for (let i = lowerBound(times, t - w, true); i < n && times[i]! <= t; i++) starts.push(times[i]!);
  for (const s of starts) {
    const inWindow = lowerBound(times, s + w, false) - lowerBound(times, s, false);
    if (inWindow + 1 > limit) return false;
  }
  return true;
}

/** Drops call times that can no longer share a window with any call we would judge. */
export function pruneWindow(times: number[], w: number): void {
  const newest = times[times.length - 1];
  if (newest === undefined) return;
  const drop = lowerBound(times, newest - 2 * w, true);
  if (drop > 0) times.splice(0, drop);
}

/** How many times are strictly greater than `after`. */
function countAfter(times: readonly number[], after: number): number {
  return times.length - lowerBound(times, after, true);
}

/** First index whose time is > x (strict) or >= x (not strict). */
function lowerBound(times: readonly number[], x: number, strict: boolean): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = times[mid]!;
    if (strict ? v <= x : v < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
