/**
 * How often a verdict is counted from the service after its episode airs: most records come in the
 * first hours, so every 15 minutes for two hours, then hourly until a day has passed, then never
 * again (presses in Discord still count at once). At most 4 requests per post in any hour, 30 in all.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const VERDICT_CADENCE = [
  { until: 2 * HOUR, everyMs: 15 * MINUTE },
  { until: 24 * HOUR, everyMs: HOUR },
] as const;

/** The most service requests one post makes in an hour (docs/usage.md states it). */
export const VERDICT_REQUESTS_PER_POST_HOUR = HOUR / VERDICT_CADENCE[0].everyMs;

/** The refresh after `now` for an episode that aired at `airedAt`; null: none any more. */
export function nextVerdictRefresh(airedAt: number, now: number): number | null {
  const age = Math.max(0, now - airedAt);
  for (const step of VERDICT_CADENCE) {
    if (age >= step.until) continue;
    const next = airedAt + (Math.floor(age / step.everyMs) + 1) * step.everyMs;
    return Math.min(next, airedAt + step.until);
  }
  return null;
}
