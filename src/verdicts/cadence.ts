/**
 * When a verdict is counted from the service after its episode airs: most records come in the first
 * hours, so 15 and 30 minutes after airing, then at 1, 2, 4, 8, 16 and 24 hours, then never again
 * (presses in Discord still count at once). Spacing that doubles keeps the first hours prompt and
 * the day cheap: 8 requests per post in all, at most 3 in any hour, a third of one an hour on average.
 * One request serves every server's post of the episode due within VERDICT_SHARE_WINDOW_MS of it
 * (jobs/verdict/refresh.ts), so an episode is asked at most 4 times in any hour however many post it.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Offsets after airing at which the service is asked, in order. */
export const VERDICT_REFRESH_OFFSETS = [
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  16 * HOUR,
  24 * HOUR,
] as const;

/** One request counts every post of its episode due up to this long after it (an episode: ≤ 4 an hour). */
export const VERDICT_SHARE_WINDOW_MS = 15 * MINUTE;

/** The most service requests one post makes in any hour (docs/usage.md states it). */
export const VERDICT_REQUESTS_PER_POST_HOUR = 3;

/** The service requests one post makes in all. */
export const VERDICT_REQUESTS_PER_POST = VERDICT_REFRESH_OFFSETS.length;

/** The refresh after `now` for an episode that aired at `airedAt`; null: none any more. */
export function nextVerdictRefresh(airedAt: number, now: number): number | null {
  const age = Math.max(0, now - airedAt);
  const offset = VERDICT_REFRESH_OFFSETS.find((step) => step > age);
  return offset === undefined ? null : airedAt + offset;
}
