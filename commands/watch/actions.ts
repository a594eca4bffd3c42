/**
 * What the buttons of a `/watch` message do: record an entry with the presser's own token (plain,
 * with a rating, or with a comment), undo the last record within a minute, turn pages. Each answer
 * re-renders the message in place from the stored copy; no list is fetched again.
 */
import { z } from 'zod';
import type { ComponentInput, UpdateReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { episodeLabel, plain } from '#src/render/format.js';
import type { RatingState } from '#src/service/index.js';
import { orderBacklog, type WatchList } from '#src/viewing/watch-lists.js';
import { entryWorkTitle, ratingPicker, shortEpisode, UNDO_MS, watchPage } from './page.js';

const args = z.tuple([
  z.string().regex(/^[\w-]{6,24}$/),
  z.coerce.number().int().positive(),
  z.coerce.number().int().positive().max(1000),
]);

/** The list key, episode id and page a component carries; a forged id reads as expired. */
export function parseArgs(input: Pick<ComponentInput, 'args'>) {
  const parsed = args.safeParse(input.args.slice(0, 3));
  if (!parsed.success) throw new UserFacingError('error.expired');
  const [key, episodeId, page] = parsed.data;
  return { key, episodeId, page };
}

async function ownList(ctx: Context, key: string): Promise<WatchList> {
  const list = await ctx.watchLists.get(key);
  if (!list) throw new UserFacingError('error.expired');
  if (list.invoker !== ctx.user.id) throw new UserFacingError('error.notYourComponent');
  return list;
}

interface RecordExtras {
  rating_state?: RatingState;
  comment?: string;
}

/**
 * Takes the entry out of the stored list first (compare-and-set: of two presses, one records),
 * then records it; a refused record puts the entry back and the refusal is told privately.
 */
export async function recordEntry(
  ctx: Context,
  input: Pick<ComponentInput, 'args'>,
  extras: RecordExtras = {},
): Promise<UpdateReply> {
  const { key, episodeId, page } = parseArgs(input);
  await ownList(ctx, key);
  const call = await ctx.ownCall('write');
  const taken = await ctx.watchLists.change(key, (list) => {
    const entry = list.entries.find((e) => e.episodeId === episodeId);
    if (!entry) return undefined;
    return { next: { ...list, entries: list.entries.filter((e) => e !== entry) }, result: entry };
  });
  const entry = taken.result;
  if (!entry) throw new UserFacingError('watch.gone');
  let recordId: number;
  try {
    const record = await ctx.service.createRecord({ episode_id: episodeId, ...extras }, call);
    recordId = record.id;
  } catch (error) {
    await ctx.watchLists.change(key, (list) => ({
      next: { ...list, entries: orderBacklog([...list.entries, entry]) },
      result: true,
    }));
    throw error;
  }
  const at = ctx.now().toISOString();
  const { list } = await ctx.watchLists.change(key, (current) => ({
    next: { ...current, recorded: [...current.recorded, { entry, recordId, at }].slice(-20) },
    result: true,
  }));
  if (!list) throw new UserFacingError('error.expired');
  const label = `${plain(entryWorkTitle(entry, ctx.t))} ${plain(episodeLabel(labelOf(entry), ctx.t))}`.trim();
  return {
    kind: 'update',
    content: ctx.t('watch.recorded', { episode: label }),
    ...watchPage(ctx, key, list, page),
  };
}

function labelOf(entry: WatchList['entries'][number]) {
  return { number: entry.number, number_text: entry.numberText, title: entry.title };
}

/** Deletes the record made from this list and puts the entry back, within a minute of recording. */
export async function undoEntry(ctx: Context, input: Pick<ComponentInput, 'args'>): Promise<UpdateReply> {
  const { key, episodeId, page } = parseArgs(input);
  await ownList(ctx, key);
  const call = await ctx.ownCall('write');
  const now = ctx.now().getTime();
  const taken = await ctx.watchLists.change(key, (list) => {
    const recorded = list.recorded.find((r) => r.entry.episodeId === episodeId);
    if (!recorded || now - Date.parse(recorded.at) >= UNDO_MS) return undefined;
    return { next: { ...list, recorded: list.recorded.filter((r) => r !== recorded) }, result: recorded };
  });
  const recorded = taken.result;
  if (!recorded) {
    const stillThere = taken.list?.recorded.some((r) => r.entry.episodeId === episodeId);
    throw new UserFacingError(stillThere ? 'watch.undoTooLate' : 'watch.gone');
  }
  try {
    await ctx.service.deleteRecord({ id: recorded.recordId }, call);
  } catch (error) {
    await ctx.watchLists.change(key, (list) => ({
      next: { ...list, recorded: [...list.recorded, recorded] },
      result: true,
    }));
    throw error;
  }
  const { list } = await ctx.watchLists.change(key, (current) => ({
    next: { ...current, entries: orderBacklog([...current.entries, recorded.entry]) },
    result: true,
  }));
  if (!list) throw new UserFacingError('error.expired');
  const episode =
    `${plain(entryWorkTitle(recorded.entry, ctx.t))} ${plain(shortEpisode(recorded.entry, ctx.t))}`.trim();
  return { kind: 'update', content: ctx.t('watch.undone', { episode }), ...watchPage(ctx, key, list, page) };
}

/** Rate…: the entry's rating menu in place of the list's buttons (nothing is recorded yet). */
export async function showRatingPicker(
  ctx: Context,
  input: Pick<ComponentInput, 'args'>,
): Promise<UpdateReply> {
  const { key, episodeId, page } = parseArgs(input);
  const list = await ownList(ctx, key);
  const entry = list.entries.find((e) => e.episodeId === episodeId);
  if (!entry) throw new UserFacingError('watch.gone');
  return { kind: 'update', content: '', ...ratingPicker(ctx, key, list, page, entry) };
}

const pageArgs = z.tuple([z.string().regex(/^[\w-]{6,24}$/), z.coerce.number().int().positive().max(1000)]);

export async function turnPage(ctx: Context, input: Pick<ComponentInput, 'args'>): Promise<UpdateReply> {
  const parsed = pageArgs.safeParse(input.args.slice(0, 2));
  if (!parsed.success) throw new UserFacingError('error.expired');
  const [key, page] = parsed.data;
  const list = await ownList(ctx, key);
  return { kind: 'update', content: '', ...watchPage(ctx, key, list, page) };
}
