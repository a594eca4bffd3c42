import { randomBytes } from 'node:crypto';
import { type APIEmbed, ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { z } from 'zod';
import type { CommandName } from '../components/command-names.js';
import { customId, type ParsedCustomId } from '../components/custom-id.js';
import { growingLru } from '../lib/growing-lru.js';
import { packPages } from '../render/fit-list.js';
import { LIMITS, lines, truncate } from '../render/format.js';
import type { Collection } from '../store/index.js';
import type { Context, ListPager } from './context.js';
import type { MessageReply, UpdateReply } from './interaction-types.js';
import { UserFacingError } from './user-facing-error.js';

/**
 * An "Open…" menu for a page's entries, so nobody retypes an id: `customId` routes the pick to a
 * command's component handler (e.g. `work:open`), each option's value names one entry.
 */
export interface OpenMenu {
  customId: string;
  options: Array<{ label: string; value: string; description?: string }>;
}

/** What a list adds to its page: the empty state (why, and the command that fixes it) and an Open menu. */
export interface PageExtras {
  emptyText?: string;
  open?: OpenMenu;
}

/** One rendered page of a list; the pager adds the footer, the Open menu and the Previous/Next buttons. */
export interface PageView extends PageExtras {
  embed: APIEmbed;
  page: number;
  perPage: number;
  totalCount: number;
  hasNext: boolean;
  /** The real number of pages when pages hold as many entries as fit rather than `perPage`. */
  pages?: number;
}

/** A list whose query is checked with zod each time a stored state is read back. */
export interface PagedList<Q> {
  query: z.ZodType<Q>;
  fetchPage(ctx: Context, query: Q, page: number): Promise<PageView>;
}

export function pagedList<Q>(list: PagedList<Q>): PagedList<Q> {
  return list;
}

/** Opens one of a command's lists with a query of that list's own type. */
export interface ListOpener<Q> {
  /** The id its page states are stored under: `<command>/<list>`. */
  readonly id: string;
  open(ctx: Context, query: Q): Promise<MessageReply>;
}

type QueryOf<L> = L extends PagedList<infer Q> ? Q : never;

/**
 * A command's paged lists, as its module registers them (`lists`), and an opener for each: stored
 * page states name their list `<command>/<list>`, the key the pager registers it under.
 */
export function listOpeners<const L extends Readonly<Record<string, PagedList<unknown>>>>(
  command: CommandName,
  lists: L,
): { readonly [K in keyof L]: ListOpener<QueryOf<L[K]>> } {
  const openers = Object.keys(lists).map((name) => {
    const id = `${command}/${name}`;
    const opener: ListOpener<unknown> = { id, open: (ctx, query) => ctx.pager.open(ctx, id, query) };
    return [name, opener] as const;
  });
  return Object.fromEntries(openers) as { readonly [K in keyof L]: ListOpener<QueryOf<L[K]>> };
}

export const PAGER_PREFIX = 'pg';

/** A Previous/Next button's id: `pg:<state key>:<page to show>`. */
export function pagerButtonId(key: string, page: number): string {
  return customId(PAGER_PREFIX, key, page);
}

/**
 * Reads a pager button's id: undefined when it is not the pager's; `page` is undefined when the
 * page segment is not a whole number from 1 (a forged or mangled id).
 */
export function parsePagerId(id: ParsedCustomId): { key: string; page: number | undefined } | undefined {
  if (id.prefix !== PAGER_PREFIX) return undefined;
  const page = Number(id.args[0]);
  return { key: id.action, page: Number.isInteger(page) && page >= 1 ? page : undefined };
}
const STATE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Pages already shown are kept for a while, so that turning back (or forth again) shows the same
 * page without asking the service, and does not count against the press limit (the limit guards
 * the service budget, which such a turn does not touch). Kept in this process: a guild's
 * interactions all reach the shard that holds it.
 */
const SHOWN_PAGES = 2_000;
const SHOWN_PAGE_TTL_MS = 10 * 60 * 1000;

export const pagerStateSchema = z.object({
  list: z.string(),
  invoker: z.string(),
  query: z.unknown(),
});
export type PagerState = z.infer<typeof pagerStateSchema>;

/** Type-erased view of a list, so that lists of different query types share one registry. */
interface ErasedList {
  render(ctx: Context, query: unknown, page: number): Promise<PageView | undefined>;
}

function erase<Q>(list: PagedList<Q>): ErasedList {
  return {
    async render(ctx, query, page) {
      const parsed = list.query.safeParse(query);
      return parsed.success ? list.fetchPage(ctx, parsed.data, page) : undefined;
    },
  };
}

/**
 * Paged lists with buttons only the invoker can press. The query lives in the store under a short
 * random key (custom ids are limited to 100 characters and a title may be long); the button
 * carries the key and the page to show.
 */
export class Pager implements ListPager {
  private readonly lists = new Map<string, ErasedList>();
  /** State writes still in flight, by key. */
  private readonly pending = new Map<string, Promise<void>>();
  /** Pages shown, by `<state key>:<page>`. */
  private readonly shown = growingLru<string, PageView>(SHOWN_PAGES, { ttl: SHOWN_PAGE_TTL_MS });

  constructor(private readonly states: Collection<PagerState>) {}

  register<Q>(listId: string, list: PagedList<Q>): void {
    if (this.lists.has(listId)) throw new Error(`paged list ${listId} registered twice`);
    this.lists.set(listId, erase(list));
  }

  async open<Q>(ctx: Context, listId: string, query: Q): Promise<MessageReply> {
    const list = this.requireList(listId);
    const view = await list.render(ctx, query, 1);
    if (!view) throw new Error(`query for ${listId} does not match its schema`);
    // A first page with nothing after it has no buttons, so nothing to remember.
    const key = view.hasNext ? this.remember(ctx, { list: listId, invoker: ctx.user.id, query }) : '';
    if (key) this.shown.set(`${key}:1`, view);
    return { kind: 'message', embeds: [withFooter(ctx, view)], components: buttons(ctx, key, view) };
  }

  async turn(ctx: Context, key: string, page: number): Promise<UpdateReply> {
    await this.pending.get(key);
    const state = await this.states.get(key);
    if (!state) throw new UserFacingError('error.expired');
    if (state.invoker !== ctx.user.id) throw new UserFacingError('error.notYourComponent');
    const view =
      this.shown.get(`${key}:${page}`) ?? (await this.lists.get(state.list)?.render(ctx, state.query, page));
    if (!view) throw new UserFacingError('error.expired');
    this.shown.set(`${key}:${page}`, view);
    return { kind: 'update', embeds: [withFooter(ctx, view)], components: buttons(ctx, key, view) };
  }

  /** Whether turning to `page` of the list under `key` is served from a page already shown. */
  hasShownPage(key: string, page: number): boolean {
    return this.shown.has(`${key}:${page}`);
  }

  /**
   * Forgets every list state of a user (on unlink): queries may name what they looked at. A list of
   * someone else's that names the user as its `member` (a comparison with them) goes too, with its
   * pages already shown, so nobody turns to what was shown of them after they unlinked.
   */
  async forget(discordUserId: string): Promise<void> {
    await this.settled();
    for await (const [key, state] of this.states.entries()) {
      if (state.invoker !== discordUserId && memberOf(state.query) !== discordUserId) continue;
      await this.states.delete(key);
      for (const shownKey of this.shown.keys())
        if (shownKey.startsWith(`${key}:`)) this.shown.delete(shownKey);
    }
  }

  /** Resolves once every state write started so far has landed or failed (before the store closes). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending.values()]);
  }

  /**
   * Stores a list state under a new key without holding up the reply: the first page goes out while
   * the write lands. A button pressed meanwhile waits for it (same process: a guild's interactions
   * all reach the shard that holds it). A failed write is logged; its buttons then answer "expired".
   */
  private remember(ctx: Context, state: PagerState): string {
    const key = randomBytes(9).toString('base64url');
    const write = this.states
      .set(key, state, STATE_TTL_MS)
      .catch((error: unknown) => {
        ctx.logger.warn(
          { err: error, list: state.list },
          'could not store a list state; its buttons will expire',
        );
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, write);
    return key;
  }

  private requireList(listId: string): ErasedList {
    const list = this.lists.get(listId);
    if (!list) throw new Error(`unknown paged list ${listId}`);
    return list;
  }
}

/** The Discord user a list's query names as its `member` (a comparison's other person), if any. */
function memberOf(query: unknown): unknown {
  return typeof query === 'object' && query !== null && 'member' in query ? query.member : undefined;
}

export function pageCount(view: Pick<PageView, 'totalCount' | 'perPage' | 'pages'>): number {
  return view.pages ?? Math.max(1, Math.ceil(view.totalCount / view.perPage));
}

/**
 * A page's entries as an embed description: every entry of the page whenever they can share the
 * room, long ones shortened; if not, as many as fit and "…and N more" (see render/fit-list.ts).
 */
export function pageLines(ctx: Pick<Context, 't'>, entries: string[]): string {
  return lines(entries, { more: (count) => ctx.t('paging.more', { count }) });
}

/**
 * One page of a list held whole in memory, its pages sized by content: each holds as many whole
 * entries as fit in a description, an entry too long alone is shortened, none is left out.
 */
export function packedPage(entries: readonly string[], page: number, embed: APIEmbed): PageView {
  const pages = packPages(entries, LIMITS.description);
  const shown = Math.min(Math.max(1, page), Math.max(1, pages.length));
  return {
    embed: { ...embed, description: (pages[shown - 1] ?? []).join('\n') },
    page: shown,
    perPage: Math.max(1, pages[shown - 1]?.length ?? 1),
    totalCount: entries.length,
    hasNext: shown < pages.length,
    pages: Math.max(1, pages.length),
  };
}

function withFooter(ctx: Context, view: PageView): APIEmbed {
  if (view.totalCount === 0)
    return { ...view.embed, description: view.embed.description || view.emptyText || ctx.t('paging.empty') };
  const footer = ctx.t('paging.footer', { page: view.page, pages: pageCount(view), total: view.totalCount });
  return { ...view.embed, footer: { text: footer } };
}

/** Discord's limits for a select menu: 25 options, labels and descriptions of 100 characters. */
const MENU_OPTIONS = 25;
const MENU_TEXT = 100;

function openMenuRow(ctx: Context, menu: OpenMenu | undefined): NonNullable<MessageReply['components']> {
  const options = (menu?.options ?? []).slice(0, MENU_OPTIONS).map((option) => ({
    label: truncate(option.label, MENU_TEXT) || '—',
    value: option.value,
    ...(option.description ? { description: truncate(option.description, MENU_TEXT) } : {}),
  }));
  if (!menu || options.length === 0) return [];
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: menu.customId,
          placeholder: ctx.t('open.placeholder'),
          options,
        },
      ],
    },
  ];
}

function buttons(ctx: Context, key: string, view: PageView): MessageReply['components'] {
  const open = openMenuRow(ctx, view.open);
  if (view.page <= 1 && !view.hasNext) return open;
  return [
    ...open,
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Secondary,
          label: ctx.t('paging.previous'),
          custom_id: pagerButtonId(key, view.page - 1),
          disabled: view.page <= 1,
        },
        {
          type: ComponentType.Button,
          style: ButtonStyle.Secondary,
          label: ctx.t('paging.next'),
          custom_id: pagerButtonId(key, view.page + 1),
          disabled: !view.hasNext,
        },
      ],
    },
  ];
}

/** Builds a page view from a service page: `next_page` alone is not enough, an empty page ends too. */
export function viewOf(
  page: { items: unknown[]; totalCount: number; nextPage: number | null },
  pageNumber: number,
  perPage: number,
  embed: APIEmbed,
  extras: PageExtras = {},
): PageView {
  const hasNext = page.nextPage !== null && page.items.length > 0 && pageNumber * perPage < page.totalCount;
  return { ...extras, embed, page: pageNumber, perPage, totalCount: page.totalCount, hasNext };
}
