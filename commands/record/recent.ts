/**
 * The `record` option of `/record edit` and `/record delete`: autocomplete lists the person's recent
 * records ("Frieren Ep 5 · Great · 2 hr. ago"), and a typed id (`998877` or `#998877`) still works.
 * The records come from the person's own activities on Annict (the one list of what they recorded),
 * read again each minute (the keystrokes of one choice share a read) and at once after they post, edit
 * or delete a record here; one made elsewhere (a /watch button, Annict itself) shows within a minute.
 */
import type { AutocompleteChoice } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { badOption } from '#src/bot/user-facing-error.js';
import { autocompleteCall, isShareUsed } from '#src/lookups/works.js';
import { truncate } from '#src/render/format.js';
import { localEpisodeNumber, localTitle } from '#src/render/names.js';
import { recordRating } from '#src/render/record.js';
import { relativeTime } from '#src/render/relative-time.js';
import { type Activity, isCreateRecordActivity } from '#src/service/index.js';

/** One page of the person's newest record activities: Discord shows at most 25 choices. */
const RECENT_RECORDS = 25;
/** Discord's limit on a choice's name. */
const CHOICE_NAME_MAX = 100;
const RECORD_ID = /^#?\s*(\d{1,15})$/;

const FRESH_MS = 60_000;

function recentPrefix(serviceUserId: number): string {
  return `ac:my-records:${serviceUserId}:`;
}

function recentKey(serviceUserId: number, now: Date): string {
  return `${recentPrefix(serviceUserId)}${Math.floor(now.getTime() / FRESH_MS)}`;
}

/** After a post, an edit or a delete, the next autocomplete reads the records again. */
export function forgetRecentRecords(ctx: Context, serviceUserId: number | undefined): void {
  if (serviceUserId === undefined) return;
  const prefix = recentPrefix(serviceUserId);
  ctx.cache.deleteWhere((k) => k.startsWith(prefix));
}

function ago(createdAt: string | null | undefined, now: Date, locale: string): string {
  const then = Date.parse(createdAt ?? '');
  return Number.isFinite(then) ? relativeTime(Math.min(0, then - now.getTime()), locale) : '';
}

async function recentRecords(ctx: Context, serviceUserId: number): Promise<Activity[]> {
  const call = await autocompleteCall(ctx);
  return ctx.cache.getOrLoad(recentKey(serviceUserId, ctx.now()), async () => {
    const page = await ctx.service.activities(
      {
        filter_user_id: serviceUserId,
        filter_actions: 'create_record',
        sort_id: 'desc',
        page: 1,
        per_page: RECENT_RECORDS,
      },
      call,
    );
    return page.items;
  });
}

/** Autocomplete for `record`: the person's recent records whose text contains what they typed. */
export async function recentRecordChoices(ctx: Context, typed: string): Promise<AutocompleteChoice[]> {
  const account = await ctx.linkedAccount();
  if (!account) return [];
  const activities = await recentRecords(ctx, account.serviceUserId).catch((error: unknown) => {
    if (isShareUsed(error)) return [];
    throw error;
  });
  const now = ctx.now();
  const query = typed.trim().toLowerCase();
  const choices: AutocompleteChoice[] = [];
  for (const activity of activities) {
    if (!isCreateRecordActivity(activity)) continue;
    const id = activity.record?.id;
    if (typeof id !== 'number') continue;
    const name = [
      [localTitle(activity.work, ctx.t), activity.episode ? localEpisodeNumber(activity.episode, ctx.t) : '']
        .filter(Boolean)
        .join(' '),
      activity.record ? recordRating(activity.record, ctx.t) : undefined,
      ago(activity.record?.created_at ?? activity.created_at, now, ctx.locale),
    ]
      .filter(Boolean)
      .join(' · ');
    if (query && !name.toLowerCase().includes(query) && !String(id).includes(query.replace(/^#/, '')))
      continue;
    choices.push({ name: truncate(name, CHOICE_NAME_MAX), value: String(id) });
  }
  return choices;
}

/** The record id the option holds: picked from autocomplete, or typed. */
export function recordIdOf(value: string): number {
  const id = Number(RECORD_ID.exec(value.trim())?.[1]);
  if (!Number.isSafeInteger(id) || id < 1) throw badOption('record', (t) => t('reason.recordId'));
  return id;
}
