/**
 * `/subscription airing channel work`: a channel follows chosen works of the invoker's watching and
 * want-to-watch list. Running it again adds another work to the same subscription (one per channel
 * and owner, at most MAX_AIRING_WORKS works); `/subscription remove id work` takes one off.
 */
import { z } from 'zod';
import type { AutocompleteChoice, CommandInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { booleanOption, stringOption, subcommand, workOption } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { languageOption, postLanguage } from '#src/bot/post-language-option.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { resolveWork } from '#src/lookups/works.js';
import { plain, truncate, workTitle } from '#src/render/format.js';
import { localTitle } from '#src/render/names.js';
import type { Work } from '#src/service/index.js';
import { type FollowedWork, MAX_AIRING_WORKS, type Subscription } from '#src/subscriptions/model.js';
import {
  channelReason,
  mention,
  postChannelOption,
  requireGuild,
  requirePostable,
  requireRoom,
} from './checks.js';

const options = [
  postChannelOption(),
  {
    ...workOption(),
    description: 'A work you are watching or want to watch',
    description_localizations: { ja: '「見てる」か「見たい」の作品' },
  },
  languageOption(),
  booleanOption('comments', 'コメント', {
    en: 'A Comments button on each post: a thread with members’ comments (default: off)',
    ja: '投稿に「コメント」ボタン: メンバーのコメントが並ぶスレッド（既定はオフ）',
  }),
] as const;

/** Statuses whose works the service lists in the owner's programs. */
const SCHEDULED_STATUSES = ['watching', 'wanna_watch'] as const;

export const airingSubcommand = () =>
  subcommand(
    'airing',
    '放送通知',
    {
      en: 'Post in a channel when an episode of a chosen work first airs',
      ja: '選んだ作品のエピソードが初めて放送されたらチャンネルに投稿',
    },
    options,
  );

/** The `work` option of `/subscription remove`: which work to take off an airing subscription. */
export const removeWorkOption = () =>
  stringOption(
    'work',
    '作品',
    { en: 'Airing subscriptions: take only this work off', ja: '放送開始の自動投稿から、この作品だけを外す' },
    { autocomplete: true, maxLength: 100 },
  );

/** Refuses a work the owner's programs would never include: not watching nor want to watch. */
async function requireScheduled(ctx: Context, work: Work): Promise<void> {
  const call = await ctx.ownCall();
  const mine = await ctx.service.myWorks(
    { filter_ids: [work.id], fields: ['id', 'status.kind'], per_page: 1 },
    call,
  );
  const kind = mine.items[0]?.status?.kind;
  if (!SCHEDULED_STATUSES.some((status) => status === kind))
    throw new UserFacingError('airing.notWatched', (t) =>
      t('airing.notWatched', { work: plain(localTitle(work, t)) }),
    );
}

function follow(works: readonly FollowedWork[], work: FollowedWork): FollowedWork[] {
  if (works.some((w) => w.id === work.id) || works.length >= MAX_AIRING_WORKS) return [...works];
  return [...works, work];
}

export async function subscribeAiring(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const guildId = requireGuild(ctx);
  const given = readOptions(options, raw, {
    reasons: { ...channelReason, work: 'reason.required' },
    refine: { work: z.string().trim().min(1, 'reason.required') },
  });
  await ctx.ownCall();
  await requirePostable(ctx, guildId, given.channel);
  const work = await resolveWork(ctx, given.work);
  await requireScheduled(ctx, work);
  const followed: FollowedWork = { id: work.id, title: truncate(workTitle(work, ctx.t), 200) };
  // Stored under the service's title; the reply names the work as the reader does.
  const title = plain(truncate(localTitle(work, ctx.t), 200));
  const where = mention(given.channel.id);
  const [existing] = await ctx.subscriptions.all(
    (s) => s.kind === 'airing' && s.channelId === given.channel.id && s.ownerId === ctx.user.id,
  );
  let subscription: Subscription | undefined;
  if (existing) {
    const works = existing.airing?.works ?? [];
    if (works.some((w) => w.id === work.id))
      throw new UserFacingError('airing.alreadyFollowed', (t) =>
        t('airing.alreadyFollowed', { work: title, channel: where }),
      );
    if (works.length >= MAX_AIRING_WORKS)
      throw new UserFacingError('airing.cap', (t) => t('airing.cap', { max: MAX_AIRING_WORKS }));
    subscription = await ctx.subscriptions.changeAiringWorks(
      existing.id,
      (current) => follow(current, followed),
      given.comments,
    );
    if (!subscription) throw new UserFacingError('error.expired');
  } else {
    await requireRoom(ctx, guildId, 'airing', given.channel.id);
    const { language } = postLanguage(ctx, given.language);
    subscription = await ctx.subscriptions.create(
      {
        kind: 'airing',
        guildId,
        channelId: given.channel.id,
        ownerId: ctx.user.id,
        airing: { works: [followed], ...(given.comments ? { comments: true } : {}) },
        language,
      },
      ctx.now(),
    );
  }
  const count = subscription.airing?.works.length ?? 1;
  return {
    kind: 'message',
    content: ctx.t('airing.created', { id: subscription.id, channel: where, work: title, count }),
  };
}

/** Takes one work off an airing subscription; the last one taken off removes the subscription. */
export async function unfollowWork(
  ctx: Context,
  subscription: Subscription,
  value: string,
): Promise<MessageReply> {
  const works = subscription.airing?.works ?? [];
  const wanted = value.trim().toLowerCase();
  const work =
    works.find((w) => String(w.id) === wanted) ?? works.find((w) => w.title.toLowerCase().includes(wanted));
  if (subscription.kind !== 'airing' || !work)
    throw new UserFacingError('airing.notFollowed', (t) => t('airing.notFollowed', { id: subscription.id }));
  const updated = await ctx.subscriptions.changeAiringWorks(subscription.id, (current) =>
    current.filter((w) => w.id !== work.id),
  );
  if (updated && (updated.airing?.works.length ?? 0) === 0) await ctx.subscriptions.remove(subscription.id);
  return {
    kind: 'message',
    content: ctx.t('airing.removedWork', { work: plain(work.title), id: subscription.id }),
  };
}

/** `follows A, B` for /subscription list. */
export function describeAiring(ctx: Context, subscription: Subscription): string {
  const titles = (subscription.airing?.works ?? []).map((w) => plain(w.title));
  return ctx.t('airing.follows', { works: titles.join(', ') });
}

/** The owner's watching and want-to-watch works whose titles match what was typed (two requests, cached). */
export async function scheduledWorkChoices(ctx: Context, typed: string): Promise<AutocompleteChoice[]> {
  const call = await ctx.ownCall();
  const query = typed.trim();
  return ctx.cache.getOrLoad(`ac:scheduled:${ctx.user.id}:${ctx.t.locale}:${query}`, async () => {
    const pages = await Promise.all(
      SCHEDULED_STATUSES.map((status) =>
        ctx.service.myWorks(
          {
            filter_status: status,
            ...(query ? { filter_title: query } : {}),
            per_page: 25,
            fields: ['id', 'title', 'title_en'],
          },
          call,
        ),
      ),
    );
    return pages
      .flatMap((page) => page.items)
      .slice(0, 25)
      .map((work) => ({ name: truncate(localTitle(work, ctx.t), 100), value: String(work.id) }));
  });
}

/** The works an airing subscription follows, for `/subscription remove`'s `work`. */
export async function followedWorkChoices(
  ctx: Context,
  id: unknown,
  typed: string,
): Promise<AutocompleteChoice[]> {
  if (typeof id !== 'string' || !ctx.guildId) return [];
  const subscription = await ctx.subscriptions.get(id.trim().toLowerCase());
  if (!subscription || subscription.guildId !== ctx.guildId) return [];
  const query = typed.trim().toLowerCase();
  return (subscription.airing?.works ?? [])
    .filter((w) => !query || w.title.toLowerCase().includes(query))
    .slice(0, 25)
    .map((w) => ({ name: truncate(w.title, 100), value: String(w.id) }));
}
