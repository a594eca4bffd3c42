/**
 * One page of a `/watch` message: the count per work over the whole backlog, then this page's
 * entries, each with a Record button named for its episode, a Comment button and a rating menu
 * (two rows per entry, so two entries and the row of Previous / Next / Undo fit Discord's five).
 */
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';
import type { MessageComponents } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { RATING_MENU } from '#src/components/alert-ids.js';
import { customIds } from '#src/components/custom-id.js';
import type { Translator } from '#src/i18n/translator.js';
import { discordTime, LIMITS, lines, plain, ratingStateText, truncate } from '#src/render/format.js';
import { localTitle } from '#src/render/names.js';
import { shortEpisode as shortOf } from '#src/viewing/episode-short.js';
import type { BacklogEntry, RecordedEntry, WatchList } from '#src/viewing/watch-lists.js';

/** The entry's work as the reader names it: its English title for English readers when it has one. */
export function entryWorkTitle(entry: BacklogEntry, t: Translator): string {
  return localTitle({ title: entry.workTitle, title_en: entry.workTitleEn ?? null }, t);
}

/** One row of buttons per entry, and a row for paging and Undo: Discord allows five rows. */
const ENTRIES_PER_PAGE = 4;
/** How long after recording an entry its Undo button is offered (and honoured). */
export const UNDO_MS = 60_000;

export const watchIds = customIds('watch', {
  /** Record the entry as it is. */
  rec: ['key', 'episodeId', 'page'],
  /** Record it with the rating picked in the menu. */
  rate: ['key', 'episodeId', 'page'],
  /** Show the rating menu of one entry in place of the list's buttons. */
  pick: ['key', 'episodeId', 'page'],
  /** Open the comment form (and, as the form's id, record with the comment sent). */
  note: ['key', 'episodeId', 'page'],
  undo: ['key', 'episodeId', 'page'],
  /** Previous or next page; the direction keeps the two buttons' ids apart on page 1. */
  page: ['key', 'page', 'direction'],
});

export function shortEpisode(entry: Pick<BacklogEntry, 'number' | 'numberText'>, t: Translator): string {
  return shortOf(entry, t);
}

function pageCount(list: WatchList): number {
  return Math.max(1, Math.ceil(list.entries.length / ENTRIES_PER_PAGE));
}

/** The page to show: the one asked for, or the last one left after entries were recorded. */
function clampPage(list: WatchList, page: number): number {
  return Math.min(Math.max(1, page), pageCount(list));
}

function counts(list: WatchList, t: Translator): string {
  const byWork = new Map<number, { title: string; count: number }>();
  for (const entry of list.entries) {
    const seen = byWork.get(entry.workId);
    if (seen) seen.count += 1;
    else byWork.set(entry.workId, { title: entryWorkTitle(entry, t), count: 1 });
  }
  return lines(
    [...byWork.values()].map((work) => t('watch.countLine', { work: plain(work.title), count: work.count })),
  );
}

function entryField(entry: BacklogEntry, t: Translator) {
  const title = entry.title?.trim() ? ` ${plain(entry.title)}` : '';
  return {
    name: truncate(entryWorkTitle(entry, t), LIMITS.fieldName),
    value: truncate(
      `${plain(shortEpisode(entry, t))}${title} · ${discordTime(entry.startedAt, 'R')}`,
      LIMITS.fieldValue,
    ),
  };
}

function embed(list: WatchList, page: number, t: Translator): APIEmbed {
  const start = (page - 1) * ENTRIES_PER_PAGE;
  const shown = list.entries.slice(start, start + ENTRIES_PER_PAGE);
  return {
    title: t('watch.title'),
    description: list.entries.length > 0 ? counts(list, t) : t('watch.allDone'),
    fields: shown.map((entry) => entryField(entry, t)),
    ...(list.entries.length > 0
      ? { footer: { text: t('paging.footer', { page, pages: pageCount(list), total: list.entries.length }) } }
      : {}),
  };
}

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

/** An entry's row: Record, Rate… (opens its rating menu) and Comment (opens the form). */
function entryRow(key: string, page: number, entry: BacklogEntry, t: Translator): Row {
  const episode = shortEpisode(entry, t);
  return {
    type: ComponentType.ActionRow,
    components: [
      {
        type: ComponentType.Button,
        style: ButtonStyle.Success,
        label: truncate(t('watch.recordButton', { episode }), 80),
        custom_id: watchIds.rec.build(key, entry.episodeId, page),
      },
      {
        type: ComponentType.Button,
        style: ButtonStyle.Primary,
        label: truncate(t('watch.rateButton', { episode }), 80),
        custom_id: watchIds.pick.build(key, entry.episodeId, page),
      },
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        label: t('watch.commentButton'),
        custom_id: watchIds.note.build(key, entry.episodeId, page),
      },
    ],
  };
}

/** One entry's rating menu (best first, as in `/record post`) and a Back button to the list's page. */
export function ratingPicker(
  ctx: Context,
  key: string,
  list: WatchList,
  page: number,
  entry: BacklogEntry,
): { embeds: APIEmbed[]; components: MessageComponents } {
  const { t } = ctx;
  const episode = shortEpisode(entry, t);
  const shownPage = clampPage(list, page);
  return {
    embeds: [embed(list, shownPage, t)],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.StringSelect,
            custom_id: watchIds.rate.build(key, entry.episodeId, shownPage),
            placeholder: truncate(
              t('watch.ratePlaceholder', {
                episode: `${entryWorkTitle(entry, t)} ${episode}`,
              }),
              150,
            ),
            min_values: 1,
            max_values: 1,
            options: RATING_MENU.map((state) => ({
              value: state,
              label: ratingStateText(state, t) ?? state,
            })),
          },
        ],
      },
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            label: t('watch.backButton'),
            custom_id: watchIds.page.build(key, shownPage, 'b'),
          },
        ],
      },
    ],
  };
}

/** The most recent record still within its minute of Undo. */
function undoable(list: WatchList, now: Date): RecordedEntry | undefined {
  const last = list.recorded.at(-1);
  return last && now.getTime() - Date.parse(last.at) < UNDO_MS ? last : undefined;
}

function navRow(ctx: Context, key: string, list: WatchList, page: number): Row | undefined {
  const components: Row['components'] = [];
  if (pageCount(list) > 1) {
    components.push(
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        label: ctx.t('paging.previous'),
        custom_id: watchIds.page.build(key, Math.max(1, page - 1), 'p'),
        disabled: page <= 1,
      },
      {
        type: ComponentType.Button,
        style: ButtonStyle.Secondary,
        label: ctx.t('paging.next'),
        custom_id: watchIds.page.build(key, page + 1, 'n'),
        disabled: page >= pageCount(list),
      },
    );
  }
  const undo = undoable(list, ctx.now());
  if (undo) {
    components.push({
      type: ComponentType.Button,
      style: ButtonStyle.Danger,
      label: truncate(ctx.t('watch.undoButton', { episode: shortEpisode(undo.entry, ctx.t) }), 80),
      custom_id: watchIds.undo.build(key, undo.entry.episodeId, page),
    });
  }
  return components.length > 0 ? { type: ComponentType.ActionRow, components } : undefined;
}

export function watchPage(
  ctx: Context,
  key: string,
  list: WatchList,
  requestedPage: number,
): { embeds: APIEmbed[]; components: MessageComponents } {
  const page = clampPage(list, requestedPage);
  const start = (page - 1) * ENTRIES_PER_PAGE;
  const rows = list.entries
    .slice(start, start + ENTRIES_PER_PAGE)
    .map((entry) => entryRow(key, page, entry, ctx.t));
  const nav = navRow(ctx, key, list, page);
  return { embeds: [embed(list, page, ctx.t)], components: nav ? [...rows, nav] : rows };
}
