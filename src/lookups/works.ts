import type { AutocompleteChoice } from '../bot/command.js';
import type { Context } from '../bot/context.js';
import { UserFacingError } from '../bot/user-facing-error.js';
import type { Translator } from '../i18n/translator.js';
import { plain, truncate } from '../render/format.js';
import { localSeason, localTitle } from '../render/names.js';
import { WORK_FIELDS } from '../render/work.js';
import { BudgetBusy, type CallOptions, type Work } from '../service/index.js';
import { foldTitle, isLatinQuery } from '../titles/match.js';
import { type TitleEntry, workOf } from '../titles/title-index.js';

const DIGITS = /^\d{1,10}$/;

/** Finds one work by id, or undefined. Cached: catalogue data is the same for every user. */
export async function workById(ctx: Context, id: number): Promise<Work | undefined> {
  const call = await ctx.catalogueCall();
  return ctx.cache.getOrLoad(`work:${id}`, async () => {
    const page = await ctx.service.works({ filter_ids: [id], fields: WORK_FIELDS, per_page: 1 }, call);
    noteTitles(ctx, page.items);
    return page.items[0];
  });
}

/**
 * Keeps the English titles of works a page brought in the title index (no request of its own). The
 * answer does not wait for the store: a page of works new to the index is up to 25 writes, one at a
 * time on the store's connection, and this process's copy has them at once (the stop waits for the
 * writes, `TitleIndex.settled`). The index only helps finding: a store that fails here is logged.
 */
export function noteTitles(ctx: Context, works: readonly Work[]): void {
  ctx.titles.note(works).catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'titles: could not keep English titles');
  });
}

/**
 * The works whose English title holds a Latin-script text, most watched first, from the local index
 * (the service matches only the Japanese title and its reading); none for Japanese text.
 */
export async function englishTitleMatches(
  ctx: Context,
  query: string,
  limit: number,
  season?: string,
): Promise<TitleEntry[]> {
  if (!isLatinQuery(query)) return [];
  return ctx.titles.match(query, limit, season).catch((error: unknown) => {
    ctx.logger.warn({ err: error }, 'titles: could not read the English title index');
    return [];
  });
}

/**
 * Whether a Latin-script text found nothing only because the English title index has not had its
 * first read yet (a new install, its first minute or two): the reply then says so, where "no work
 * matched" would send an English reader looking for another spelling.
 */
export async function englishTitlesPending(ctx: Context, query: string): Promise<boolean> {
  if (!isLatinQuery(query)) return false;
  // A store that cannot say is not a reason to tell the reader to wait.
  return ctx.titles.firstRefreshPending().catch(() => false);
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
  const [english] = await englishTitleMatches(ctx, query, 1);
  const byEnglish = english ? await workById(ctx, english.id) : undefined;
  if (byEnglish) return byEnglish;
  const call = await ctx.catalogueCall();
  const page = await ctx.service.works(
    { filter_title: query, sort_watchers_count: 'desc', per_page: 1, fields: WORK_FIELDS },
    call,
  );
  noteTitles(ctx, page.items);
  const best = page.items[0];
  if (!best) {
    const key = (await englishTitlesPending(ctx, query)) ? 'match.noWorkYet' : 'match.noWork';
    throw new UserFacingError(key, (t) => t(key, { query: plain(truncate(query, 100)) }));
  }
  ctx.cache.set(`work:${best.id}`, best);
  return best;
}

/**
 * A title search goes to the service from this many characters on: one character matches half the
 * catalogue and costs a request per keystroke of everyone typing (the shared budget is ~3/s).
 */
const MIN_TITLE_SEARCH_CHARS = 2;

/**
 * Requests of a person's share an autocomplete leaves for the command it prepares (a lookup and its
 * episodes): keystrokes alone cannot use up what the command then needs.
 */
const AUTOCOMPLETE_SHARE_RESERVE = 2;

/**
 * The call an autocomplete makes: the catalogue call, which does not wait when it would take the person
 * beyond their share (less the reserve) while others wait: the choices then come from the cache.
 */
export async function autocompleteCall(ctx: Context): Promise<CallOptions> {
  return { ...(await ctx.catalogueCall()), yieldOverShare: true, shareReserve: AUTOCOMPLETE_SHARE_RESERVE };
}

/** True for the refusal of a person beyond their share while others wait: answered from the cache alone. */
export function isShareUsed(error: unknown): boolean {
  return error instanceof BudgetBusy && error.reason === 'share';
}

/**
 * Autocomplete choices for a title typed so far, from two characters on: works found by their English
 * title in the local index first (Latin-script text only), then the service's matches, from the cache
 * first (repeats cost nothing). Beyond the person's share while others wait, never a request:
 * the cached choices of what they typed before, narrowed to this text.
 */
export async function workChoices(ctx: Context, typed: string): Promise<AutocompleteChoice[]> {
  const query = typed.trim();
  if ([...query].length < MIN_TITLE_SEARCH_CHARS) return [];
  const english = (await englishTitleMatches(ctx, query, AUTOCOMPLETE_CHOICES)).map((entry) =>
    workChoice(workOf(entry), ctx.t),
  );
  const found = await serviceChoices(ctx, query);
  // English-title matches first (the service cannot find them), then the service's own.
  const offered = new Set(english.map((choice) => choice.value));
  return [...english, ...found.filter((choice) => !offered.has(choice.value))].slice(0, AUTOCOMPLETE_CHOICES);
}

/** The service's matches of a title: cached, or cache-only beyond the person's share while others wait. */
async function serviceChoices(ctx: Context, query: string): Promise<AutocompleteChoice[]> {
  const works = await serviceMatches(ctx, query);
  // Named per reader (English title, season in words); the cache keeps the works, for every language.
  return works.map((work) => workChoice(work, ctx.t));
}

async function serviceMatches(ctx: Context, query: string): Promise<Work[]> {
  const cached = ctx.cache.peek<Work[]>(matchesKey(query));
  if (cached) return cached;
  const call = await autocompleteCall(ctx);
  return searchWorks(ctx, query, call).catch((error: unknown) => {
    if (isShareUsed(error)) return narrowedFromCache(ctx, query);
    throw error;
  });
}

/** Discord's most choices an autocomplete offers. */
const AUTOCOMPLETE_CHOICES = 25;

/**
 * The cached matches of the longest shorter text this one starts with, keeping those whose Japanese
 * or English title holds it. Partial (the service also matches kana readings, and kept only the 25
 * most watched), so used only when the service may not be asked.
 */
function narrowedFromCache(ctx: Context, query: string): Work[] {
  const chars = [...query];
  const wanted = foldTitle(query);
  const holds = (title: string | null | undefined) => !!title && foldTitle(title).includes(wanted);
  for (let length = chars.length - 1; length >= MIN_TITLE_SEARCH_CHARS; length--) {
    const shorter = ctx.cache.peek<Work[]>(matchesKey(chars.slice(0, length).join('')));
    if (shorter) return shorter.filter((work) => holds(work.title) || holds(work.title_en));
  }
  return [];
}

function matchesKey(query: string): string {
  return `ac:works:${query}`;
}

function searchWorks(ctx: Context, query: string, call: CallOptions): Promise<Work[]> {
  return ctx.cache.getOrLoad(matchesKey(query), async () => {
    const page = await ctx.service.works(
      {
        filter_title: query,
        sort_watchers_count: 'desc',
        per_page: AUTOCOMPLETE_CHOICES,
        fields: ['id', 'title', 'title_en', 'season_name_text', 'season_name', 'watchers_count'],
      },
      call,
    );
    noteTitles(ctx, page.items);
    return page.items;
  });
}

/** "Frieren: Beyond Journey's End (Fall 2023)" / 「葬送のフリーレン (2023年秋)」: the reader's title and season. */
function workChoice(work: Work, t: Translator): AutocompleteChoice {
  const season = work.season_name || work.season_name_text ? ` (${localSeason(work, t)})` : '';
  return { name: truncate(`${localTitle(work, t)}${season}`, 100), value: String(work.id) };
}

/**
 * The work a title typed into the `work` option stands for, as the command will resolve it (the most
 * watched match), for the options that depend on it (the episode list). Any length: the title is the
 * person's choice, not a search as they type. Undefined when nothing matches, or beyond the person's
 * share while others wait and the cache does not know it.
 */
export async function workIdForTitle(ctx: Context, title: string): Promise<number | undefined> {
  const query = title.trim();
  if (!query) return undefined;
  const [english] = await englishTitleMatches(ctx, query, 1);
  if (english) return english.id;
  const call = await autocompleteCall(ctx);
  return ctx.cache
    .getOrLoad(`ac:work-by-title:${query}`, async () => {
      const page = await ctx.service.works(
        { filter_title: query, sort_watchers_count: 'desc', per_page: 1, fields: ['id'] },
        call,
      );
      return page.items[0]?.id ?? null;
    })
    .then(
      (id) => id ?? undefined,
      (error: unknown) => {
        if (isShareUsed(error)) return undefined;
        throw error;
      },
    );
}
