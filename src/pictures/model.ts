/**
 * What the pictures show, as plain data (no Discord, no service calls): checked with zod where it
 * comes in, so that one malformed entry (a negative count, a missing title) is left out instead of
 * failing the picture.
 */
import { z } from 'zod';
import { RATING_STATES } from '../service/index.js';

const count = z.number().int().min(0).max(1_000_000_000);

/** Each entry checked on its own: an entry that does not read is dropped, the rest kept. */
function entries<T extends z.ZodType>(entry: T) {
  return z
    .array(z.unknown())
    .max(1000)
    .transform((list) =>
      list.flatMap((item) => {
        const parsed = entry.safeParse(item);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );
}

/** A calendar date, `2026-11-16`. */
const isoDate = z.iso.date();

const work = z.object({
  /** The service's title (Japanese). */
  title: z.string().trim().min(1),
  /** Its English title, shown to English readers when there is one. */
  titleEn: z.string().nullish(),
  /** The cover's address (http or https); none draws a placeholder. */
  coverUrl: z.string().nullish(),
});

export const weeklySummarySchema = z.object({
  server: z.object({ name: z.string() }),
  /** The week's first and last days, in the subscription's time zone. */
  week: z.object({ start: isoDate, end: isoDate }),
  /** Everyone counted, whether or not they share: only totals show those who do not. */
  totals: z.object({ episodes: count, members: count }),
  /** Members who share their viewing record, by name, most episodes first. */
  sharers: entries(z.object({ name: z.string().trim().min(1), episodes: count })),
  /** The week's most-watched works, most first. */
  topWorks: entries(work.extend({ episodes: count, members: count })),
  /** Records of the week by rating (records without one are not counted). */
  ratings: z.object({ great: count, good: count, average: count, bad: count }),
  mostCommented: z
    .object({
      work,
      episode: z.object({
        number: z.number().nullish(),
        numberText: z.string().nullish(),
        title: z.string().nullish(),
      }),
      comments: count,
    })
    .nullish(),
});

export const SEASON_NAMES = ['winter', 'spring', 'summer', 'autumn'] as const;

export const seasonCardSchema = z.object({
  user: z.object({ name: z.string() }),
  season: z.object({ year: z.number().int().min(1900).max(2200), name: z.enum(SEASON_NAMES) }),
  /** Episodes the person recorded of the season's works. */
  episodes: count,
  /** Works of the season on their list, and how many of those they finished. */
  works: z.object({ finished: count, watched: count }),
  /** Their best-rated works of the season, best first. */
  topRated: entries(work.extend({ rating: z.enum(RATING_STATES) })),
});

/** What the drawing code reads, checked. */
export type WeeklySummary = z.output<typeof weeklySummarySchema>;
export type SeasonCard = z.output<typeof seasonCardSchema>;
