/**
 * Who may be compared, and the comparison itself. A member's record is read only when they share it
 * (`/account visibility`) and are linked; otherwise the asker is told so, and nothing about that
 * member's record is read or shown. The asker must be linked (their own record is one side). Every
 * request uses the asker's token and names the asker, so a comparison counts in their fair share:
 * at most 2 × COMPARE_PAGES requests for the two records (none while both are cached) and one for
 * the asker's library.
 */
import type { Context } from '#src/bot/context.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import type { CallOptions } from '#src/service/index.js';
import type { StoredToken } from '#src/vault/index.js';
import { type Comparison, compareViewing } from './compare.js';
import { cachedViewing, type WorkRef } from './gather.js';

/** Works the asker's library is checked for at once (the service's page size). */
const LIBRARY_CHECK = 50;

export interface ComparedView {
  /** The member's service username (shown: they share their record). */
  memberName: string;
  comparison: Comparison;
}

/** The member's link, when they share their record; a clear refusal otherwise that says nothing more. */
async function sharedMember(ctx: Context, memberId: string): Promise<StoredToken> {
  if (memberId === ctx.user.id) throw new UserFacingError('compare.self');
  const shares = await ctx.preferences.isDiscoverable(memberId);
  // An envelope that no longer opens (or cannot be read now) is as good as no link.
  const link = shares ? await ctx.accounts.linked(memberId).catch(() => undefined) : undefined;
  if (!link)
    throw new UserFacingError('compare.notShared', (t) => t('compare.notShared', { user: `<@${memberId}>` }));
  return link;
}

/**
 * The Great works still missing from the asker's library: their own activities may be older than the
 * walk reached, so the library itself is asked (`my_works` with those ids: it lists only works with a status).
 */
async function notInLibrary(ctx: Context, call: CallOptions, works: readonly WorkRef[]): Promise<WorkRef[]> {
  const checked = works.slice(0, LIBRARY_CHECK);
  if (checked.length === 0) return [];
  const listed = await ctx.service.myWorks(
    { filter_ids: checked.map((work) => work.id), per_page: LIBRARY_CHECK, fields: ['id'] },
    call,
  );
  const onList = new Set(listed.items.map((work) => work.id));
  return checked.filter((work) => !onList.has(work.id));
}

/** The asker beside a member who shares, for a season (`2026-autumn`, `2026-all`) or all time. */
export async function compareWith(ctx: Context, memberId: string, season: string | undefined) {
  const call = await ctx.ownCall();
  const own = await ctx.linkedAccount();
  if (!own) throw new UserFacingError('error.notLinked');
  const member = await sharedMember(ctx, memberId);
  const [mine, theirs] = await Promise.all([
    cachedViewing(ctx, call, own.serviceUserId, season),
    cachedViewing(ctx, call, member.serviceUserId, season),
  ]);
  const comparison = compareViewing(mine, theirs);
  comparison.theirGreat = await notInLibrary(ctx, call, comparison.theirGreat);
  return { memberName: member.serviceUsername, comparison } satisfies ComparedView;
}
