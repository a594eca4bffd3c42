/** `/work info`: one work with its Episodes button, status menu and links; and what they answer. */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { z } from 'zod';
import type { CommandInput, ComponentHandler, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { subcommand, workOption } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { episodeListOpeners, episodeListQuery } from '#src/lookups/episode-list.js';
import { resolveWork } from '#src/lookups/works.js';
import { hasNoEpisodes, localTitle } from '#src/render/names.js';
import { statusLabel } from '#src/render/status.js';
import { workEmbed } from '#src/render/work.js';
import type { Work } from '#src/service/index.js';
import { STATUS_KINDS, statusKindSchema } from '#src/service/index.js';
import { creditOpeners, creditsQuery } from './credits.js';
import { nextEpisodeField, workLinkRow } from './extras.js';
import { workIds } from './ids.js';
import { backlogField, type Progress, progressOf, recordNextButton } from './progress.js';
import { workReviewsField } from './reviews.js';

const options = [workOption()] as const;

export const infoSubcommand = () =>
  subcommand('info', '詳細', { en: 'Show one work', ja: '作品の詳細を表示' }, options);

/** The row under a work: Record the next unrecorded episode, Episodes (not for movies), Cast & staff. */
function buttonRow(ctx: Context, work: Work, progress: Progress | undefined) {
  const button = (label: string, customId: string, style: ButtonStyle.Primary | ButtonStyle.Secondary) => ({
    type: ComponentType.Button as const,
    style,
    label,
    custom_id: customId,
  });
  const record = progress ? recordNextButton(ctx, progress) : undefined;
  return {
    type: ComponentType.ActionRow as const,
    components: [
      ...(record ? [record] : []),
      ...(hasNoEpisodes(work)
        ? []
        : [button(ctx.t('work.showEpisodes'), workIds.episodes.build(work.id), ButtonStyle.Primary)]),
      button(ctx.t('credits.button'), workIds.credits.build(work.id), ButtonStyle.Secondary),
    ],
  };
}

/**
 * One work with the person's progress (status selected in the menu, aired episodes left, the next
 * airing), a few reviews, its buttons and links. The person's calls run at once; a refused or
 * failing one leaves its part out, never the work.
 */
async function workInfoReply(ctx: Context, work: Work): Promise<MessageReply> {
  const [next, progress, reviews] = await Promise.all([
    nextEpisodeField(ctx, work).catch((error: unknown) => {
      ctx.logger.info({ err: error }, 'work info: next episode unavailable');
      return undefined;
    }),
    progressOf(ctx, work.id),
    workReviewsField(ctx, work),
  ]);
  const embed = workEmbed(work, ctx.t, ctx.locale);
  const backlog = progress ? backlogField(ctx, progress) : undefined;
  const movie = hasNoEpisodes(work)
    ? { name: ctx.t('work.noEpisodesTitle'), value: ctx.t('work.noEpisodesReview') }
    : undefined;
  embed.fields = [...(embed.fields ?? []), ...[backlog, next, movie, reviews].flatMap((f) => (f ? [f] : []))];
  const links = workLinkRow(work, ctx);
  return {
    kind: 'message',
    embeds: [embed],
    components: [
      buttonRow(ctx, work, progress),
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.StringSelect,
            custom_id: workIds.status.build(work.id),
            placeholder: ctx.t('work.setStatusPlaceholder'),
            options: STATUS_KINDS.map((kind) => ({
              label: statusLabel(kind, ctx.t),
              value: kind,
              ...(kind === progress?.status ? { default: true } : {}),
            })),
          },
        ],
      },
      ...(links ? [links] : []),
    ],
  };
}

export async function info(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const { work: value } = readOptions(options, raw, { reasons: { work: 'reason.required' } });
  return workInfoReply(ctx, await resolveWork(ctx, value));
}

export const infoComponents: Readonly<Record<string, ComponentHandler>> = {
  /** A work picked in an "Open…" menu (search, library): its info, privately. */
  [workIds.open.action]: {
    answers: 'message',
    async handle(ctx, input) {
      const workId = z.coerce.number().int().positive().parse(input.values[0]);
      return workInfoReply(ctx, await resolveWork(ctx, String(workId)));
    },
  },
  [workIds.episodes.action]: {
    answers: 'message',
    async handle(ctx, input) {
      const workId = z.coerce.number().int().positive().parse(input.args[0]);
      return episodeListOpeners.list.open(ctx, episodeListQuery.parse({ workId }));
    },
  },
  [workIds.credits.action]: {
    answers: 'message',
    async handle(ctx, input) {
      const workId = z.coerce.number().int().positive().parse(input.args[0]);
      return creditOpeners.credits.open(ctx, creditsQuery.parse({ workId }));
    },
  },
  [workIds.status.action]: {
    answers: 'message',
    async handle(ctx, input) {
      const workId = z.coerce.number().int().positive().parse(input.args[0]);
      const kind = statusKindSchema.parse(input.values[0]);
      const call = await ctx.ownCall('write');
      await ctx.service.setStatus({ work_id: workId, kind }, call);
      const work = ctx.cache.peek<{ title?: string | null; title_en?: string | null }>(`work:${workId}`);
      const title = work ? localTitle(work, ctx.t) : String(workId);
      return {
        kind: 'message',
        content: ctx.t('status.set', { title, status: statusLabel(kind, ctx.t) }),
      };
    },
  },
};
