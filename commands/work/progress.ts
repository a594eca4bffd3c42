/**
 * The person's own progress on a work, for `/work info`: their watch status (the status menu shows it
 * selected) and the aired episodes they have not recorded, as the service itself tells them
 * (`me/programs` with `filter_unwatched`: only works marked Plan to Watch or Watching, on the
 * channel they chose). Two requests, both at once, only for linked people; a failing one leaves
 * its part out, never the work.
 */
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import type { Context } from '#src/bot/context.js';
import { watchedButtonId } from '#src/components/alert-ids.js';
import { fitText } from '#src/render/fit.js';
import { LIMITS, plain, truncate } from '#src/render/format.js';
import { localEpisodeNumber } from '#src/render/names.js';
import type { CallOptions, Episode, StatusKind } from '#src/service/index.js';
import { statusKindSchema } from '#src/service/index.js';
import { fetchBacklog } from '../watch/backlog.js';

/** Episodes named in the field; the rest are counted. */
const BACKLOG_NAMED = 8;
/** Discord's limit on a button label. */
const LABEL_MAX = 80;

type BacklogEpisode = Pick<Episode, 'id'> & Partial<Pick<Episode, 'number' | 'number_text'>>;

export interface Progress {
  /** The person's status, undefined when the work is not in their library (or the call failed). */
  status: StatusKind | undefined;
  /** Aired, unrecorded episodes, earliest first, each once. */
  backlog: BacklogEpisode[];
  /** Whether the backlog is longer than what was looked at. */
  more: boolean;
}

async function statusOf(ctx: Context, workId: number, call: CallOptions): Promise<StatusKind | undefined> {
  const page = await ctx.service.myWorks(
    { filter_ids: [workId], per_page: 1, fields: ['id', 'status.kind'] },
    call,
  );
  const kind = statusKindSchema.safeParse(page.items.find((w) => w.id === workId)?.status?.kind);
  return kind.success ? kind.data : undefined;
}

/**
 * The aired episodes not recorded yet, by work, each once and earliest first, as /watch reads them
 * (one page of the service's backlog for these works); `more` when there was more than that page.
 */
export async function backlogOf(
  ctx: Context,
  workIds: number[],
  call: CallOptions,
): Promise<{ byWork: Map<number, BacklogEpisode[]>; more: boolean }> {
  let more = false;
  const entries = await fetchBacklog(ctx, call, {
    rebroadcast: false,
    workIds,
    maxPages: 1,
    onTruncated: () => {
      more = true;
    },
  });
  const byWork = new Map<number, BacklogEpisode[]>();
  // The backlog comes newest first; the earliest is the one to record next.
  for (const entry of entries.reverse()) {
    const episode = { id: entry.episodeId, number: entry.number, number_text: entry.numberText };
    byWork.set(entry.workId, [...(byWork.get(entry.workId) ?? []), episode]);
  }
  return { byWork, more };
}

/** The person's status and backlog on one work, or undefined for someone who has not linked. */
export async function progressOf(ctx: Context, workId: number): Promise<Progress | undefined> {
  const account = await ctx.linkedAccount();
  if (!account) return undefined;
  const call: CallOptions = { token: account.token, priority: 'interactive', person: ctx.user.id };
  const quietly =
    <T>(what: string, fallback: T) =>
    (error: unknown) => {
      ctx.logger.info({ err: error }, `work info: ${what} unavailable`);
      return fallback;
    };
  const [status, backlog] = await Promise.all([
    statusOf(ctx, workId, call).catch(quietly('status', undefined)),
    backlogOf(ctx, [workId], call).catch(quietly('backlog', { byWork: new Map(), more: false })),
  ]);
  return { status, backlog: backlog.byWork.get(workId) ?? [], more: backlog.more };
}

/** "Ep 3, Ep 4 and 2 more" as an embed field, or undefined with nothing left. */
export function backlogField(ctx: Context, progress: Progress) {
  if (progress.backlog.length === 0) return undefined;
  const named = progress.backlog.slice(0, BACKLOG_NAMED).map((e) => plain(localEpisodeNumber(e, ctx.t)));
  const rest = progress.backlog.length - named.length;
  const count = progress.more ? `${progress.backlog.length}+` : String(progress.backlog.length);
  return {
    name: ctx.t('progress.backlogTitle', { count }),
    value: truncate(
      rest > 0 || progress.more
        ? ctx.t('progress.backlogMore', { episodes: named.join(', ') })
        : named.join(', '),
      LIMITS.fieldValue,
    ),
  };
}

/** A "Record Ep 3" button for the earliest unrecorded episode (the same claim as an airing alert's). */
export function recordNextButton(ctx: Context, progress: Progress) {
  const next = progress.backlog[0];
  if (!next) return undefined;
  return {
    type: ComponentType.Button as const,
    style: ButtonStyle.Success as const,
    label: fitText(ctx.t('episode.recordButton', { episode: localEpisodeNumber(next, ctx.t) }), LABEL_MAX),
    custom_id: watchedButtonId(next.id),
  };
}
