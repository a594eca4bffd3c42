/**
 * Seasons as the service names them (`2026-autumn`): the current one from the clock, and the
 * choices `season` options autocomplete (written as words, "Fall 2026" / 「2026年秋」), the
 * current season first, then the coming one, then earlier ones.
 *
 * The service's seasons are Japanese broadcast quarters, so they turn at midnight in Japan: from
 * 00:00 to 09:00 JST on a season's first day it is already the new season, though still the old
 * one in UTC. Japan keeps no summer time, so its offset is a constant.
 */
import type { AutocompleteChoice } from '../bot/command.js';
import type { Translator } from '../i18n/translator.js';
import { localSeason } from '../render/names.js';

const SEASONS = ['winter', 'spring', 'summer', 'autumn'] as const;
/** Seasons offered when nothing narrows them: this one, the coming one and two years back. */
const OFFERED_BACK = 12;
/** Japan Standard Time, UTC+9 all year (Asia/Tokyo). */
export const JST_OFFSET_MS = 9 * 3_600_000;

/** A season as a year and a quarter index (0 winter … 3 autumn). */
interface Quarter {
  year: number;
  index: number;
}

/** The season it is in Japan at `now`: January–March is winter, April–June spring, and so on. */
function quarterAt(now: Date): Quarter {
  const japan = new Date(now.getTime() + JST_OFFSET_MS);
  return { year: japan.getUTCFullYear(), index: Math.floor(japan.getUTCMonth() / 3) };
}

function shifted({ year, index }: Quarter, by: number): Quarter {
  const total = year * SEASONS.length + index + by;
  return { year: Math.floor(total / SEASONS.length), index: total % SEASONS.length };
}

function seasonText({ year, index }: Quarter): string {
  return `${year}-${SEASONS[index]}`;
}

/** The current season in Japan (`2026-winter`): the one every "this season" in kiroku means. */
export function currentSeason(now: Date): string {
  return seasonText(quarterAt(now));
}

/** The season after the current one: what the service lists as coming. */
export function comingSeason(now: Date): string {
  return seasonText(shifted(quarterAt(now), 1));
}

/** "Fall 2026" / 「2026年秋」 for `2026-autumn`; "All of 2026" / 「2026年（通年）」 for `2026-all`. */
export function seasonWords(value: string, t: Translator): string {
  const whole = /^(\d{4})-all$/.exec(value);
  if (whole?.[1]) return t('season.all', { year: whole[1] });
  return localSeason({ season_name: value, season_name_text: value }, t);
}

/** A typed year's seasons, newest first, up to the coming one, then `<year>-all`. */
function seasonsOfYear(now: Date, year: number): string[] {
  const coming = shifted(quarterAt(now), 1);
  if (year > coming.year) return [];
  const upTo = year === coming.year ? coming.index : SEASONS.length - 1;
  const inYear = SEASONS.slice(0, upTo + 1)
    .map((season) => `${year}-${season}`)
    .reverse();
  return [...inYear, `${year}-all`];
}

/**
 * The current season first, then the coming one, then earlier ones; typing a year offers that
 * year's seasons (and `<year>-all`), typing part of a name (in the reader's words or the
 * service's) filters by it. Each choice is named in words and sends the service's value.
 */
export function seasonChoices(now: Date, typed: string, t: Translator): AutocompleteChoice[] {
  const query = typed.trim().toLowerCase();
  const year = /^(\d{4})/.exec(query)?.[1];
  const current = quarterAt(now);
  const candidates = year
    ? seasonsOfYear(now, Number(year))
    : [
        seasonText(current),
        seasonText(shifted(current, 1)),
        ...Array.from({ length: OFFERED_BACK - 1 }, (_, back) => seasonText(shifted(current, -(back + 1)))),
      ];
  return candidates
    .map((value) => ({ name: seasonWords(value, t), value }))
    .filter((choice) => !query || choice.value.includes(query) || choice.name.toLowerCase().includes(query))
    .slice(0, 25);
}
