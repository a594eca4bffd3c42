/**
 * `/record post … through:N`: records every episode of the work from the starting one up to episode
 * N that the person's recent activities do not already show, one request each within their share.
 * The rating, comment and shares go on the last episode only (a binge is rated at its end; twelve
 * posts to X would be spam). On the first failure (their share used while others wait, or a fault of
 * the service) nothing more is sent, and the reply lists exactly what was recorded and what was not.
 */
import type { MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { describeError } from '#src/bot/error-reply.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { episodeButtons } from '#src/components/episode-buttons.js';
import { episodesOfWork } from '#src/lookups/episodes.js';
import { recordedEpisodeIds } from '#src/lookups/next-episode.js';
import { LIMITS, plain, truncate } from '#src/render/format.js';
import { localEpisodeNumber } from '#src/render/names.js';
import { recordEmbed } from '#src/render/record.js';
import type { CallOptions, ServiceRecord, Work } from '#src/service/index.js';
import { episodeListText, episodesThrough, MAX_THROUGH, type RunEpisode } from './episode-run.js';
import { shownRecord } from './shown.js';

type RecordParams = Parameters<Context['service']['createRecord']>[0];

interface ThroughRequest {
  work: Work;
  /** Where recording starts: the `episode` given, or the next one not recorded. */
  start: RunEpisode;
  through: number;
  /** Rating, comment and share flags for the last episode. */
  extras: Omit<RecordParams, 'episode_id'>;
  call: CallOptions;
}

interface Outcome {
  recorded: Array<{ episode: RunEpisode; record: ServiceRecord }>;
  notRecorded: RunEpisode[];
  reason?: string;
}

/** The unrecorded episodes of the run, with those left out because they are on the person's record. */
async function episodesToRecord(ctx: Context, request: ThroughRequest) {
  const { work, start, through, call } = request;
  const run = episodesThrough(await episodesOfWork(ctx, work.id), start.id, through);
  if (run.kind === 'missing')
    throw new UserFacingError('record.throughMissing', (t) =>
      t('record.throughMissing', { number: through }),
    );
  if (run.kind === 'before')
    throw new UserFacingError('record.throughBefore', (t) =>
      t('record.throughBefore', { episode: plain(localEpisodeNumber(start, t)) }),
    );
  if (run.kind === 'tooMany')
    throw new UserFacingError('record.throughTooMany', (t) =>
      t('record.throughTooMany', { count: run.count, max: MAX_THROUGH }),
    );
  const account = await ctx.linkedAccount();
  const recorded = new Set<number>();
  if (account)
    for await (const id of recordedEpisodeIds(ctx, work.id, account.serviceUserId, call)) recorded.add(id);
  return {
    toRecord: run.episodes.filter((episode) => !recorded.has(episode.id)),
    skipped: run.episodes.filter((episode) => recorded.has(episode.id)),
  };
}

/** One request per episode, in order; the first failure stops the rest and gives the reason. */
async function recordEach(ctx: Context, request: ThroughRequest, episodes: RunEpisode[]): Promise<Outcome> {
  const outcome: Outcome = { recorded: [], notRecorded: [] };
  for (const [index, episode] of episodes.entries()) {
    const last = index === episodes.length - 1;
    try {
      const record = await ctx.service.createRecord(
        { episode_id: episode.id, ...(last ? request.extras : {}) },
        request.call,
      );
      outcome.recorded.push({ episode, record });
    } catch (error) {
      const described = describeError(error, ctx.t, () => ctx.now().getTime());
      if (described.unexpected) ctx.logger.error({ err: error }, 'record through: a record failed');
      outcome.notRecorded = episodes.slice(index);
      outcome.reason = described.message;
      // Nothing recorded: the person reads the error as for any other command.
      if (outcome.recorded.length === 0) throw error;
      break;
    }
  }
  return outcome;
}

/** Whether the person gave anything that goes on the last episode only. */
function hasExtras(extras: ThroughRequest['extras']): boolean {
  return Boolean(extras.comment || extras.rating_state || extras.share_microblog || extras.share_network);
}

function summary(ctx: Context, outcome: Outcome, skipped: RunEpisode[], extras: boolean): string {
  const list = (episodes: RunEpisode[]) => plain(episodeListText(episodes, ctx.t));
  const recorded = outcome.recorded.map((entry) => entry.episode);
  const lines = [ctx.t('record.throughRecorded', { episodes: list(recorded), count: recorded.length })];
  const last = recorded.at(-1);
  if (extras && last && outcome.notRecorded.length === 0)
    lines.push(ctx.t('record.throughExtrasOn', { episode: plain(localEpisodeNumber(last, ctx.t)) }));
  if (skipped.length > 0) lines.push(ctx.t('record.throughSkipped', { episodes: list(skipped) }));
  if (outcome.notRecorded.length > 0) {
    lines.push(
      ctx.t('record.throughNotRecorded', {
        episodes: list(outcome.notRecorded),
        reason: outcome.reason ?? '',
      }),
    );
    if (extras) lines.push(ctx.t('record.throughExtrasLost'));
  }
  return lines.join('\n');
}

export async function recordThrough(ctx: Context, request: ThroughRequest): Promise<MessageReply> {
  const { toRecord, skipped } = await episodesToRecord(ctx, request);
  if (toRecord.length === 0)
    throw new UserFacingError('record.throughNothing', (t) =>
      t('record.throughNothing', { episodes: plain(episodeListText(skipped, t)) }),
    );
  const outcome = await recordEach(ctx, request, toRecord);
  const newest = outcome.recorded.at(-1);
  if (!newest) throw new Error('record through: nothing recorded and no error');
  const account = await ctx.linkedAccount();
  const { work } = request;
  const shown = shownRecord(newest.record, work, newest.episode);
  return {
    kind: 'message',
    content: truncate(summary(ctx, outcome, skipped, hasExtras(request.extras)), LIMITS.content),
    embeds: [recordEmbed(shown, ctx.t, account?.serviceUsername)],
    components: episodeButtons(work.id, newest.episode, ctx.t),
  };
}
