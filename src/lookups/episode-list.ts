import { z } from 'zod';
import { listOpeners, pagedList, pageLines, viewOf } from '../bot/paging.js';
import { episodeIds } from '../components/episode-buttons.js';
import { formatNumber } from '../i18n/translator.js';
import { plain, truncate } from '../render/format.js';
import { localEpisodeLabel, localTitle } from '../render/names.js';
import type { Work } from '../service/index.js';

export const episodeListQuery = z.object({ workId: z.number().int().positive() });

/** A work's episodes in broadcast order (sort_sort_number asc), page by page. */
const episodeList = pagedList({
  query: episodeListQuery,
  async fetchPage(ctx, query, page) {
    const call = await ctx.catalogueCall();
    const perPage = ctx.settings.pageSize;
    const result = await ctx.cache.getOrLoad(`episode-list:${query.workId}:${page}:${perPage}`, () =>
      ctx.service.episodes(
        {
          filter_work_id: query.workId,
          sort_sort_number: 'asc',
          page,
          per_page: perPage,
          fields: [
            'id',
            'number',
            'number_text',
            'title',
            'records_count',
            'work.id',
            'work.title',
            'work.title_en',
          ],
        },
        call,
      ),
    );
    // Each episode carries its work, which saves a request for the title.
    const work = result.items[0]?.work ?? ctx.cache.peek<Work>(`work:${query.workId}`);
    const embed = {
      title: truncate(ctx.t('episode.listTitle', { title: localTitle(work, ctx.t) }), 256),
      description: pageLines(
        ctx,
        result.items.map((e) => {
          const records = ctx.t('count.records', { count: formatNumber(ctx.locale, e.records_count ?? 0) });
          return `${plain(localEpisodeLabel(e, ctx.t))} · ${records}`;
        }),
      ),
    };
    return viewOf(result, page, perPage, embed, {
      emptyText: ctx.t('empty.episodes'),
      open: {
        customId: episodeIds.open.build(query.workId),
        options: result.items.map((e) => ({ label: localEpisodeLabel(e, ctx.t), value: String(e.id) })),
      },
    });
  },
});

/** /episode's paged list, as its module registers it; /work's Episodes button opens it too. */
export const episodeLists = { list: episodeList };
export const episodeListOpeners = listOpeners('episode', episodeLists);
