/** `/record post`: records an episode, by default the next one the person has not recorded. */
import { z } from 'zod';
import type { CommandInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { subcommand, workOption } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { episodeButtons } from '#src/components/episode-buttons.js';
import { episodesOfWork, resolveEpisode } from '#src/lookups/episodes.js';
import { nextEpisodeOf } from '#src/lookups/next-episode.js';
import { resolveWork } from '#src/lookups/works.js';
import { plain } from '#src/render/format.js';
import { hasNoEpisodes, localEpisodeLabel } from '#src/render/names.js';
import { recordEmbed } from '#src/render/record.js';
import {
  commentOption,
  nextEpisodeOption,
  ratingOption,
  recordValueRules,
  shareFlags,
  shareOptions,
  throughOption,
} from './options.js';
import { forgetRecentRecords } from './recent.js';
import { shownRecord } from './shown.js';
import { recordThrough } from './through.js';

const options = [
  workOption(),
  nextEpisodeOption(),
  throughOption(),
  ratingOption(),
  commentOption(),
  ...shareOptions(),
] as const;

export const postSubcommand = () =>
  subcommand(
    'post',
    '投稿',
    { en: 'Record an episode you watched on Annict', ja: '見たエピソードをAnnictに記録' },
    options,
  );

/**
 * The episode given, or the next one the person has not recorded; asks when neither is known, except
 * with `through` (`orFirst`): a run with nothing recent of the work on record starts at its first episode.
 */
async function episodeToRecord(ctx: Context, workId: number, given: string | undefined, orFirst = false) {
  if (given) return { episode: await resolveEpisode(ctx, workId, given), next: false };
  const account = await ctx.linkedAccount();
  const found = account && (await nextEpisodeOf(ctx, workId, account.serviceUserId, await ctx.ownCall()));
  if (found) return { episode: found.episode, next: true };
  const first = orFirst ? (await episodesOfWork(ctx, workId))[0] : undefined;
  if (!first) throw new UserFacingError('record.whichEpisode');
  return { episode: first, next: true };
}

export async function post(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const given = readOptions(options, raw, {
    ...recordValueRules,
    refine: {
      ...recordValueRules.refine,
      /** Left out: the next episode the person has not recorded (src/lookups/next-episode.ts). */
      episode: z.string().trim().min(1, 'reason.required').optional(),
    },
  });
  const call = await ctx.ownCall('write');
  const work = await resolveWork(ctx, given.work);
  // A film has no episode to record: the whole work is rated with /review.
  if (hasNoEpisodes(work)) throw new UserFacingError('record.noEpisodesReview');
  const { episode, next } = await episodeToRecord(ctx, work.id, given.episode, given.through !== undefined);
  const extras = {
    ...(given.comment ? { comment: given.comment } : {}),
    ...(given.rating ? { rating_state: given.rating } : {}),
    ...shareFlags(given),
  };
  const account = await ctx.linkedAccount();
  if (given.through !== undefined) {
    try {
      return await recordThrough(ctx, { work, start: episode, through: given.through, extras, call });
    } finally {
      forgetRecentRecords(ctx, account?.serviceUserId);
    }
  }
  const record = await ctx.service.createRecord({ episode_id: episode.id, ...extras }, call);
  forgetRecentRecords(ctx, account?.serviceUserId);
  const shown = shownRecord(record, work, episode);
  // Without an `episode` option the reply names the episode kiroku chose.
  const content = next
    ? ctx.t('record.recordedNext', { episode: plain(localEpisodeLabel(shown.episode, ctx.t)) })
    : undefined;
  return {
    kind: 'message',
    ...(content ? { content } : {}),
    embeds: [recordEmbed(shown, ctx.t, account?.serviceUsername)],
    // Friends reading the post can record the same episode, or move to its neighbours.
    components: episodeButtons(work.id, episode, ctx.t),
  };
}
