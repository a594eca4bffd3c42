/** `/record list`: the records people posted for one episode, paged. */
import { z } from 'zod';
import type { CommandInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { booleanOption, episodeOption, stringOption, subcommand, workOption } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { listOpeners, pagedList, pageLines, viewOf } from '#src/bot/paging.js';
import { resolveEpisode } from '#src/lookups/episodes.js';
import { resolveWork } from '#src/lookups/works.js';
import { truncate } from '#src/render/format.js';
import { localEpisodeLabel, localTitle } from '#src/render/names.js';
import { recordLine } from '#src/render/record.js';

const options = [
  workOption(),
  episodeOption(),
  booleanOption('has_comment', 'コメントあり', {
    en: 'Only records with (or without) a comment',
    ja: 'コメントの有無で絞り込む',
  }),
  stringOption(
    'sort',
    '並び順',
    { en: 'Order', ja: '並び順' },
    {
      choices: [
        { value: 'newest', name: { en: 'Newest first', ja: '新しい順' } },
        { value: 'likes', name: { en: 'Most liked', ja: 'いいねが多い順' } },
      ],
    },
  ),
] as const;

export const listSubcommand = () =>
  subcommand(
    'list',
    '一覧',
    { en: 'Records others posted for an episode', ja: 'エピソードへのみんなの記録' },
    options,
  );

/** A stored page state: read back with this schema, so its shape only ever grows. */
const recordListQuery = z.object({
  episodeId: z.number().int().positive(),
  title: z.string(),
  hasComment: z.boolean().optional(),
  sort: z.enum(['likes', 'newest']),
});

const recordList = pagedList({
  query: recordListQuery,
  async fetchPage(ctx, query, page) {
    const call = await ctx.catalogueCall();
    const perPage = ctx.settings.pageSize;
    const result = await ctx.service.records(
      {
        filter_episode_id: query.episodeId,
        ...(query.hasComment === undefined ? {} : { filter_has_record_comment: query.hasComment }),
        ...(query.sort === 'likes' ? { sort_likes_count: 'desc' as const } : { sort_id: 'desc' as const }),
        page,
        per_page: perPage,
        fields: ['id', 'comment', 'rating', 'rating_state', 'likes_count', 'created_at', 'user.username'],
      },
      call,
    );
    return viewOf(
      result,
      page,
      perPage,
      {
        title: truncate(ctx.t('record.listTitleFor', { title: query.title }), 256),
        description: pageLines(
          ctx,
          result.items.map((record) => recordLine(record, ctx.t)),
        ),
      },
      { emptyText: ctx.t('empty.records') },
    );
  },
});

/** The command's paged lists, as its module registers them. */
export const recordLists = { list: recordList };
const lists = listOpeners('record', recordLists);

export async function showList(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const given = readOptions(options, raw, {
    reasons: { work: 'reason.required', episode: 'reason.required' },
    defaults: { sort: 'newest' },
  });
  const work = await resolveWork(ctx, given.work);
  const episode = await resolveEpisode(ctx, work.id, given.episode);
  return lists.list.open(ctx, {
    episodeId: episode.id,
    title: `${localTitle(work, ctx.t)} ${localEpisodeLabel(episode, ctx.t)}`,
    hasComment: given.has_comment,
    sort: given.sort,
  });
}
