/**
 * The seasons the refresh reads: this one in Japan (the service's seasons are Japanese broadcast
 * quarters, see src/lookups/seasons.ts), the coming one and the two before it.
 */
const NAMES = ['winter', 'spring', 'summer', 'autumn'] as const;
const JAPAN_MS = 9 * 3_600_000;

export function recentSeasons(now: Date): string[] {
  const japan = new Date(now.getTime() + JAPAN_MS);
  const quarter = japan.getUTCFullYear() * 4 + Math.floor(japan.getUTCMonth() / 3);
  return [0, 1, -1, -2].map((by) => `${Math.floor((quarter + by) / 4)}-${NAMES[(quarter + by) % 4]}`);
}
