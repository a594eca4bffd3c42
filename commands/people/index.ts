import { z } from 'zod';
import { defineCommand } from '#src/bot/command.js';
import { slashCommand, stringOption } from '#src/bot/definition.js';
import { parseOptions } from '#src/bot/options.js';
import { listOpeners, pagedList, pageLines, viewOf } from '#src/bot/paging.js';
import { truncate } from '#src/render/format.js';
import { personLine } from '#src/render/person.js';

const peopleQuery = z.object({ name: z.string().trim().min(1, 'reason.required').max(100) });

const peopleList = pagedList({
  query: peopleQuery,
  async fetchPage(ctx, query, page) {
    const call = await ctx.catalogueCall();
    const perPage = ctx.settings.pageSize;
    const result = await ctx.cache.getOrLoad(`people:${query.name}:${page}:${perPage}`, () =>
      ctx.service.people(
        {
          filter_name: query.name,
          sort_id: 'asc',
          page,
          per_page: perPage,
          fields: [
            'id',
            'name',
            'name_kana',
            'name_en',
            'casts_count',
            'staffs_count',
            'favorite_people_count',
          ],
        },
        call,
      ),
    );
    const embed = {
      title: truncate(ctx.t('people.title', { query: query.name }), 256),
      description: pageLines(
        ctx,
        result.items.map((person) => personLine(person, ctx.t, ctx.locale)),
      ),
    };
    return viewOf(result, page, perPage, embed, { emptyText: ctx.t('empty.people') });
  },
});

/** The command's paged lists, as its module registers them. */
const peopleLists = { search: peopleList };
const lists = listOpeners('people', peopleLists);

export const command = defineCommand({
  definition: slashCommand(
    'people',
    '人物',
    { en: 'Search cast and staff by name', ja: '声優やスタッフを名前で検索' },
    [
      stringOption(
        'name',
        '名前',
        { en: 'Part of the name', ja: '名前の一部' },
        { required: true, maxLength: 100 },
      ),
    ],
  ),
  ephemeral: () => false,
  async execute(ctx, input) {
    return lists.search.open(ctx, parseOptions(peopleQuery, input.options));
  },
  lists: peopleLists,
});
