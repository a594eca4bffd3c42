import type { AutocompleteChoice } from '../../src/bot/command.js';
import type { Context } from '../../src/bot/context.js';
import { UserFacingError } from '../../src/bot/user-facing-error.js';
import { plain, truncate } from '../../src/render/format.js';
import { WORK_FIELDS } from '../../src/render/work.js';
import type { Work } from '../../src/service/index.js';

const DIGITS = /^\d{1,10}$/;

/** Finds one work by id, or undefined. Cached: catalogue data is the same for every user. */
export async function workById(ctx: Context, id: number): Promise<Work | undefined> {
  const call = await ctx.catalogueCall();
  return ctx.cache.getOrLoad(`work:${id}`, async () => {
    const page = await ctx.service.works({ filter_ids: [id], fields: WORK_FIELDS, per_page: 1 }, call);
    return page.items[0];
  });
}

/**
 * The `work` option: an id picked from autocomplete, or free text searched by title with the most
 * watched match used.
 */
export async function resolveWork(ctx: Context, value: string): Promise<Work> {
  const query = value.trim();
  if (DIGITS.test(query)) {
    const work = await workById(ctx, Number(query));
    if (work) return work;
  }
  const call = await ctx.catalogueCall();
  const page = await ctx.service.works(
    { filter_title: query, sort_watchers_count: 'desc', per_page: 1, fields: WORK_FIELDS },
    call,
  );
  const best = page.items[0];
  if (!best)
    throw new UserFacingError('match.noWork', (t) =>
      t('match.noWork', { query: plain(truncate(query, 100)) }),
    );
  ctx.cache.set(`work:${best.id}`, best);
  return best;
}

/**
 * A title search goes to the service from this many characters on: one character matches half the
 * catalogue and costs a request per keystroke of everyone typing (the shared budget is ~3/s).
 */
export const MIN_TITLE_SEARCH_CHARS = 2;

/**
 * Autocomplete choices for a title typed so far: from the cache first (repeats cost nothing), from the
 * service only for two characters or more.
 */
export async function workChoices(ctx: Context, typed: string): Promise<AutocompleteChoice[]> {
  const query = typed.trim();
  const key = `ac:work:${query}`;
  const cached = ctx.cache.peek<AutocompleteChoice[]>(key);
  if (cached) return cached;
  if ([...query].length < MIN_TITLE_SEARCH_CHARS) return [];
  const call = await ctx.catalogueCall();
  return ctx.cache.getOrLoad(key, async () => {
    const page = await ctx.service.works(
      {
        filter_title: query,
        sort_watchers_count: 'desc',
        per_page: 25,
        fields: ['id', 'title', 'season_name_text', 'season_name'],
      },
      call,
    );
    return page.items.map((work) => ({
      name: truncate(`${work.title ?? work.id}${seasonSuffix(work)}`, 100),
      value: String(work.id),
    }));
  });
}

function seasonSuffix(work: Work): string {
  const season = work.season_name_text || work.season_name;
  return season ? ` (${season})` : '';
}
