/**
 * Checks every `/subscription` sub-command makes before storing anything: a server, a channel kiroku
 * and the invoker may post in, room under the caps and no duplicate.
 */
import { invokerMayAttach, invokerMaySend, isPostableChannelType } from '#src/bot/channel-access.js';
import type { ChannelOption } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { textChannelOption } from '#src/bot/definition.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { capReached, SUBSCRIPTION_CAPS, type Subscription } from '#src/subscriptions/model.js';

/** The channel every sub-command posts in; left out (never by Discord), the reason is 'required'. */
export const postChannelOption = () =>
  textChannelOption('channel', 'チャンネル', { en: 'Where to post', ja: '投稿先' }, { required: true });
export const channelReason = { channel: 'reason.required' } as const;

export const mention = (channelId: string) => `<#${channelId}>`;

export function requireGuild(ctx: Context): string {
  if (!ctx.guildId) throw new UserFacingError('error.guildOnly');
  return ctx.guildId;
}

/**
 * Refuses up front a channel that is not a text or announcement channel, one the invoker may not
 * send messages in (nobody publishes where they may not speak), and one kiroku could not post in,
 * instead of failing at the first post.
 */
export async function requirePostable(
  ctx: Context,
  guildId: string,
  channel: ChannelOption,
  needs: PostNeeds = {},
): Promise<void> {
  const params = { channel: mention(channel.id) };
  if (!isPostableChannelType(channel.type))
    throw new UserFacingError('subscription.unsupportedChannel', (t) =>
      t('subscription.unsupportedChannel', params),
    );
  if (!invokerMaySend(channel.permissions))
    throw new UserFacingError('subscription.invokerCannotSend', (t) =>
      t('subscription.invokerCannotSend', params),
    );
  if (needs.attachFiles && !invokerMayAttach(channel.permissions))
    throw new UserFacingError('subscription.invokerCannotAttach', (t) =>
      t('subscription.invokerCannotAttach', params),
    );
  if (!(await ctx.channels.canPost(guildId, channel.id)))
    throw new UserFacingError('subscription.cannotPost', (t) => t('subscription.cannotPost', params));
  if (needs.attachFiles && !(await ctx.channels.canPost(guildId, channel.id, needs)))
    throw new UserFacingError('subscription.cannotAttach', (t) => t('subscription.cannotAttach', params));
}

/** What a subscription's posts need beyond text and embeds: files (the weekly summary's picture). */
interface PostNeeds {
  attachFiles?: boolean;
}

/**
 * Refuses a subscription this owner already has in that channel, and one past the caps (per server
 * and per owner). One read of the server's and the owner's subscriptions serves all three checks.
 */
export async function requireRoom(
  ctx: Context,
  guildId: string,
  kind: Subscription['kind'],
  channelId: string,
) {
  const related = await ctx.subscriptions.all((s) => s.guildId === guildId || s.ownerId === ctx.user.id);
  const existing = related.find(
    (s) => s.kind === kind && s.channelId === channelId && s.ownerId === ctx.user.id,
  );
  if (existing)
    throw new UserFacingError('subscription.duplicate', (t) =>
      t('subscription.duplicate', { id: existing.id }),
    );
  const cap = capReached(related, guildId, ctx.user.id);
  if (cap === 'guild')
    throw new UserFacingError('subscription.guildCap', (t) =>
      t('subscription.guildCap', { max: SUBSCRIPTION_CAPS.perGuild }),
    );
  if (cap === 'owner')
    throw new UserFacingError('subscription.ownerCap', (t) =>
      t('subscription.ownerCap', { max: SUBSCRIPTION_CAPS.perOwner }),
    );
}

/**
 * Before a feed, schedule or weekly subscription is stored: the owner's own call for what it will do (which
 * refuses someone not linked), a channel both may post in, and room under the caps.
 */
export async function requireNewSubscription(
  ctx: Context,
  guildId: string,
  kind: 'feed' | 'schedule' | 'weekly',
  channel: ChannelOption,
  purpose: Parameters<Context['ownCall']>[0],
  needs: PostNeeds = {},
): Promise<void> {
  await ctx.ownCall(purpose);
  await requirePostable(ctx, guildId, channel, needs);
  await requireRoom(ctx, guildId, kind, channel.id);
}
