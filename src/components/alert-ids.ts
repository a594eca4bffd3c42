/**
 * The airing alert's components: a "Watched" button and a rating select, posted by the alert job
 * (src/jobs/broadcasts/alert-message.ts) and answered by /subscription (commands/subscription/index.ts). Both sides
 * import this module, so the ids they build and route cannot drift apart; it lives here rather
 * than beside the handler because src/jobs may not import commands/.
 */
import { z } from 'zod';
import { RATING_STATES } from '../service/index.js';
import type { CommandName } from './command-names.js';
import { customIds } from './custom-id.js';

/** The command whose `components` answer the alert's buttons. */
export const ALERT_COMMAND = 'subscription' satisfies CommandName;
/** The alert's ids: each carries the aired episode. */
export const alertIds = customIds(ALERT_COMMAND, {
  watched: ['episodeId'],
  rate: ['episodeId'],
  comments: ['episodeId'],
});
/** Action segments, as keys of that command's `components`. */
export const ALERT_ACTIONS = {
  watched: alertIds.watched.action,
  rate: alertIds.rate.action,
  comments: alertIds.comments.action,
} as const;

/**
 * Select values: the rating states, and 'none' (no rating) that older posted menus offered
 * first (they still arrive from messages posted then); the Record button records without a rating, so today's menus leave it out.
 */
export const RATING_VALUES = ['none', ...RATING_STATES] as const;

/** What a rating menu offers, best first as on Annict's record form and in `/record post`. */
export const RATING_MENU = ['great', 'good', 'average', 'bad'] as const satisfies ReadonlyArray<
  (typeof RATING_STATES)[number]
>;

export function watchedButtonId(episodeId: number): string {
  return alertIds.watched.build(episodeId);
}

/** An airing post's or alert's Comments button (a subscription with `comments`): opens or joins the episode's thread. */
export function commentsButtonId(episodeId: number): string {
  return alertIds.comments.build(episodeId);
}

export function rateSelectId(episodeId: number): string {
  return alertIds.rate.build(episodeId);
}

/** The episode argument of either component; a forged one fails here (and reads as stale). */
export const alertEpisodeId = z.coerce.number().int().positive();

/** A picked select value: a rating state (or none), or a 0–5 rating number. */
export const alertRating = z.union([
  z.enum(RATING_VALUES).transform((value) => (value === 'none' ? {} : { rating_state: value })),
  z.coerce
    .number()
    .int()
    .min(0)
    .max(5)
    .transform((rating) => (rating > 0 ? { rating } : {})),
]);
export type AlertRating = z.output<typeof alertRating>;
