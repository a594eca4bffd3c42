/**
 * Seasons as the service names them (`2026-autumn`): the current one from the clock, and the
 * choices `season` options autocomplete, the current season first, then earlier ones.
 */
import type { AutocompleteChoice } from '../../src/bot/command.js';

const SEASONS = ['winter', 'spring', 'summer', 'autumn'] as const;
/** Seasons offered when nothing narrows them: this one and two years back. */
const OFFERED = 12;

/** January–March is winter, April–June spring, July–September summer, October–December autumn. */
export function currentSeason(now: Date): string {
  return `${now.getUTCFullYear()}-${SEASONS[Math.floor(now.getUTCMonth() / 3)]}`;
}

function seasonsBack(now: Date, count: number): string[] {
  let year = now.getUTCFullYear();
  let index = Math.floor(now.getUTCMonth() / 3);
  const found: string[] = [];
  for (let i = 0; i < count; i++) {
    found.push(`${year}-${SEASONS[index]}`);
    index -= 1;
    if (index < 0) {
      index = SEASONS.length - 1;
      year -= 1;
    }
  }
  return found;
}

/**
 * The current season first, then earlier ones; typing a year offers that year's seasons (and
 * `<year>-all`), typing part of a name filters by it.
 */
export function seasonChoices(now: Date, typed: string): AutocompleteChoice[] {
  const query = typed.trim().toLowerCase();
  const year = /^(\d{4})/.exec(query)?.[1];
  let candidates: string[];
  if (year) {
    const thisYear = Number(year) === now.getUTCFullYear();
    const upTo = thisYear ? Math.floor(now.getUTCMonth() / 3) : SEASONS.length - 1;
    // Newest first; this year's seasons still to come are left out.
    const inYear = SEASONS.slice(0, upTo + 1)
      .reverse()
      .map((season) => `${year}-${season}`);
    candidates = [...inYear, `${year}-all`];
  } else {
    candidates = seasonsBack(now, OFFERED);
  }
  return candidates
    .filter((season) => !query || season.includes(query))
    .slice(0, 25)
    .map((season) => ({ name: season, value: season }));
}
