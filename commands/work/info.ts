/** `/work info`: one work with its Episodes button, status menu and links; and what they answer. */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { z } from 'zod';
import type { CommandInput, ComponentHandler, MessageReply } from '../../src/bot/command.js';
import type { Context } from '../../src/bot/context.js';
import { subcommand, workOption } from '../../src/bot/definition.js';
import { readOptions } from '../../src/bot/option-values.js';
import { hasNoEpisodes } from '../../src/render/names.js';
import { statusLabel } from '../../src/render/status.js';
import { workEmbed } from '../../src/render/work.js';
import type { Work } from '../../src/service/index.js';
import { STATUS_KINDS, statusKindSchema } from '../../src/service/index.js';
import { episodeListOpeners, episodeListQuery } from '../catalogue/episode-list.js';
import { resolveWork } from '../catalogue/works.js';
import { nextEpisodeField, workLinkRow } from './extras.js';
import { workIds } from './ids.js';

const options = [workOption()] as const;

export const infoSubcommand = () =>
  subcommand('info', '詳細', { en: 'Show one work', ja: '作品の詳細を表示' }, options);

/** One work with the person's next episode, its Episodes button (not for movies), status menu and link buttons. */
async function workInfoReply(ctx: Context, work: Work): Promise<MessageReply> {
  // The person's own schedule: a refused or failing call leaves the countdown out, not the work.
  const next = await nextEpisodeField(ctx, work).catch((error: unknown) => {
    ctx.logger.info({ err: error }, 'work info: next episode unavailable');
    return undefined;
  });
  const episodes = hasNoEpisodes(work)
    ? []
    : [
        {
          type: ComponentType.ActionRow as const,
          components: [
            {
              type: ComponentType.Button as const,
              style: ButtonStyle.Primary as const,
              label: ctx.t('work.showEpisodes'),
              custom_id: workIds.episodes.build(work.id),
            },
          ],
        },
      ];
  const embed = workEmbed(work, ctx.t, ctx.locale);
  if (next) embed.fields = [...(embed.fields ?? []), next];
  const links = workLinkRow(work, ctx);
  return {
    kind: 'message',
    embeds: [embed],
    components: [
      ...episodes,
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.StringSelect,
            custom_id: workIds.status.build(work.id),
            placeholder: ctx.t('work.setStatusPlaceholder'),
            options: STATUS_KINDS.map((kind) => ({ label: statusLabel(kind, ctx.t), value: kind })),
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
  [workIds.status.action]: {
    answers: 'message',
    async handle(ctx, input) {
      const workId = z.coerce.number().int().positive().parse(input.args[0]);
      const kind = statusKindSchema.parse(input.values[0]);
      const call = await ctx.ownCall('write');
      await ctx.service.setStatus({ work_id: workId, kind }, call);
      const work = ctx.cache.peek<{ title?: string | null }>(`work:${workId}`);
      const title = work?.title ?? String(workId);
      return {
        kind: 'message',
        content: ctx.t('status.set', { title, status: statusLabel(kind, ctx.t) }),
      };
    },
  },
};
