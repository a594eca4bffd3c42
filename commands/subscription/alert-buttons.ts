/**
 * The airing alert's Watched button and rating menu (posted by the alert job, ids in
 * src/components/alert-ids.ts): record the aired episode for whoever pressed, with their own token.
 */
import type { ComponentHandler, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { ALERT_ACTIONS, type AlertRating, alertEpisodeId, alertRating } from '#src/components/alert-ids.js';
import { plain } from '#src/render/format.js';
import { localEpisodeNumber, localTitle } from '#src/render/names.js';
import { commentsButton } from './comments-button.js';

/** How long an alert's Watched press is remembered: longer than any alert stays relevant. */
const WATCHED_ONCE_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Records an aired episode for whoever pressed, with their own token. The Watched button and the
 * rating menu share one claim per (person, episode): a double click, or Watched then a rating, records
 * once. The claim is keyed on the episode the button names, read as a number, so `1` and `01` (a
 * forged or hand-edited id) are one claim, as they are one episode at the service.
 */
async function recordFromAlert(
  ctx: Context,
  episodeArg: string | undefined,
  rating: AlertRating = {},
): Promise<MessageReply> {
  const episodeId = alertEpisodeId.parse(episodeArg);
  const recorded = await ctx.oncePerUser(
    { scope: 'alert-watched', key: String(episodeId), ttlMs: WATCHED_ONCE_MS },
    async () => {
      const call = await ctx.ownCall('write');
      const record = await ctx.service.createRecord({ episode_id: episodeId, ...rating }, call);
      // Named as the reader reads it; never the internal episode id.
      const episode = record.episode
        ? localEpisodeNumber(record.episode, ctx.t)
        : ctx.t('episode.unnumbered');
      await countInVerdict(ctx, episodeId, rating);
      return record.work?.title
        ? ctx.t('subscription.recordedWork', { work: plain(localTitle(record.work, ctx.t)), episode })
        : ctx.t('subscription.recorded', { episode });
    },
  );
  return { kind: 'message', content: recorded ?? ctx.t('subscription.alreadyRecorded') };
}

/** The press counts at once in the server's verdict on the channel's post of the episode, if it has one. */
async function countInVerdict(ctx: Context, episodeId: number, rating: AlertRating): Promise<void> {
  if (!ctx.verdicts || !ctx.guildId || !ctx.channelId) return;
  const press = {
    guildId: ctx.guildId,
    channelId: ctx.channelId,
    episodeId,
    discordUserId: ctx.user.id,
    rating: ('rating_state' in rating ? rating.rating_state : undefined) ?? null,
  };
  // The record is made: a verdict that cannot be edited now catches up at its next change.
  await ctx.verdicts.pressed(press).catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'verdict: a press was not counted');
  });
}

export const alertButtons: Readonly<Record<string, ComponentHandler>> = {
  [ALERT_ACTIONS.comments]: commentsButton,
  [ALERT_ACTIONS.watched]: {
    answers: 'message',
    handle: (ctx, input) => recordFromAlert(ctx, input.args[0]),
  },
  [ALERT_ACTIONS.rate]: {
    answers: 'message',
    // Async, so that a forged value becomes an answered error, not a synchronous throw.
    handle: async (ctx, input) => recordFromAlert(ctx, input.args[0], alertRating.parse(input.values[0])),
  },
};
