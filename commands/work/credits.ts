/**
 * `/work info`'s Cast & staff button: a paged list of the work's voice cast (character — actor) and
 * staff (role: name), in the work's own order. A page asks for one page of each, both at once;
 * a malformed credit is left out (the client drops it), never the page.
 */
import { z } from 'zod';
import type { Context } from '#src/bot/context.js';
import { listOpeners, pagedList, viewOf } from '#src/bot/paging.js';
import { castLine, staffLine } from '#src/render/credits.js';
import { LIMITS, lines, truncate } from '#src/render/format.js';
import { localTitle } from '#src/render/names.js';
import type { Work } from '#src/service/index.js';

export const creditsQuery = z.object({ workId: z.number().int().positive() });

const FIELDS = [
  'id',
  'name',
  'name_en',
  'sort_number',
  'person.name',
  'person.name_en',
  'character.name',
  'character.name_en',
  'organization.name',
  'organization.name_en',
  'role_text',
  'role_other',
  'role_other_en',
];

/** One embed field of a page's credits, fitted to Discord's field limit, or none when empty. */
function creditField(ctx: Pick<Context, 't'>, name: string, entries: string[]) {
  if (entries.length === 0) return [];
  const value = lines(entries, {
    limit: LIMITS.fieldValue,
    more: (count) => ctx.t('paging.more', { count }),
  });
  return [{ name, value }];
}

const creditList = pagedList({
  query: creditsQuery,
  async fetchPage(ctx, query, page) {
    const call = await ctx.catalogueCall();
    const perPage = ctx.settings.pageSize;
    const params = {
      filter_work_id: query.workId,
      sort_sort_number: 'asc' as const,
      page,
      per_page: perPage,
    };
    const [casts, staffs] = await Promise.all([
      ctx.cache.getOrLoad(`casts:${query.workId}:${page}:${perPage}`, () =>
        ctx.service.casts({ ...params, fields: FIELDS }, call),
      ),
      ctx.cache.getOrLoad(`staffs:${query.workId}:${page}:${perPage}`, () =>
        ctx.service.staffs({ ...params, fields: FIELDS }, call),
      ),
    ]);
    const work = ctx.cache.peek<Work>(`work:${query.workId}`);
    const embed = {
      title: truncate(ctx.t('credits.title', { title: localTitle(work, ctx.t) }), LIMITS.title),
      fields: [
        ...creditField(
          ctx,
          ctx.t('credits.cast'),
          casts.items.flatMap((c) => castLine(c, ctx.t) ?? []),
        ),
        ...creditField(
          ctx,
          ctx.t('credits.staff'),
          staffs.items.flatMap((s) => staffLine(s, ctx.t) ?? []),
        ),
      ],
    };
    // The longer of the two lists sets the pages; the shorter one simply ends first.
    const longer = casts.totalCount >= staffs.totalCount ? casts : staffs;
    return viewOf(longer, page, perPage, embed, { emptyText: ctx.t('credits.empty') });
  },
});

/** /work's credits list, as its module registers it; the Cast & staff button opens it. */
export const creditLists = { credits: creditList };
export const creditOpeners = listOpeners('work', creditLists);
