/**
 * /subscription in words: what each subscription posts, its state, this server's list, and the
 * choices `/subscription remove` offers (so nobody retypes an id).
 */
import { z } from 'zod';
import type { MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { listOpeners, packedPage, pagedList } from '#src/bot/paging.js';
import { truncate } from '#src/render/format.js';
import { ACTIVITY_ACTIONS } from '#src/service/index.js';
import { STATE_REASONS, type Subscription } from '#src/subscriptions/model.js';
import { describeAiring } from './airing.js';
import { mention, requireGuild } from './checks.js';
import { describeWeekly } from './weekly.js';

/** Feed actions as words ("records, reviews"), never the service's action names. */
export function actionWords(ctx: Context, actions: readonly string[]): string {
  const known = ACTIVITY_ACTIONS.filter((action) => actions.includes(action));
  return [...new Set(known.map((action) => ctx.t(`subscription.action.${action}`)))].join(', ');
}

/** What a subscription posts, in words: the followed works, the weekly or daily time (and alerts), or the feed's actions. */
function subscriptionDetail(ctx: Context, s: Subscription): string {
  if (s.kind === 'airing') return describeAiring(ctx, s);
  if (s.kind === 'weekly' && s.weekly) return describeWeekly(ctx, s.weekly);
  if (s.kind === 'schedule' && s.schedule) {
    const { time, timezone, alertMinutes } = s.schedule;
    const alerts = alertMinutes ? ` · ${ctx.t('subscription.alertsBefore', { minutes: alertMinutes })}` : '';
    return `${time} ${timezone}${alerts}`;
  }
  return s.feed ? actionWords(ctx, s.feed.actions) : '';
}

/** `/subscription remove` picks from this server's subscriptions instead of a typed id. */
export async function removeChoices(ctx: Context, typed: string) {
  if (!ctx.guildId) return [];
  const guildId = ctx.guildId;
  const found = await ctx.subscriptions.all((s) => s.guildId === guildId);
  const needle = typed.trim().toLowerCase();
  return found
    .map((s) => ({
      name: truncate(
        `${ctx.t(`subscription.kind.${s.kind}`)} · ${subscriptionDetail(ctx, s)} (${s.id})`,
        100,
      ),
      value: s.id,
    }))
    .filter((choice) => !needle || choice.name.toLowerCase().includes(needle))
    .slice(0, 25);
}

function describeSubscription(ctx: Context, s: Subscription): string {
  const detail = subscriptionDetail(ctx, s);
  const language = ctx.t(`subscription.language.${s.language}`);
  return `\`${s.id}\` ${ctx.t(`subscription.kind.${s.kind}`)} → ${mention(s.channelId)} · <@${s.ownerId}> · ${detail} · ${language} · ${ctx.t(stateKey(s))}`;
}

/** A disabled subscription says whether its channel, its owner or kiroku is the reason. */
function stateKey(s: Subscription) {
  if (s.state === 'disabled' && s.stateReason === STATE_REASONS.ownerLeft)
    return 'subscription.state.ownerLeft';
  if (s.state === 'disabled' && s.stateReason === STATE_REASONS.botRemoved)
    return 'subscription.state.botRemoved';
  return `subscription.state.${s.state}` as const;
}

/**
 * Every subscription of the server, paged by content (as many whole lines as fit a page), in a
 * stable order. The server is the one the list is read in, never one stored with the buttons.
 */
const subscriptionList = pagedList({
  query: z.object({}),
  async fetchPage(ctx, _query, page) {
    const guildId = requireGuild(ctx);
    const found = await ctx.subscriptions.all((s) => s.guildId === guildId);
    found.sort((a, b) => a.id.localeCompare(b.id));
    const title = ctx.t('subscription.listTitle');
    if (found.length === 0)
      return {
        embed: { title, description: ctx.t('subscription.none') },
        page: 1,
        perPage: 1,
        totalCount: 0,
        hasNext: false,
      };
    return packedPage(
      found.map((s) => describeSubscription(ctx, s)),
      page,
      { title },
    );
  },
});

/** The command's paged lists, as its module registers them. */
export const subscriptionLists = { list: subscriptionList };
const lists = listOpeners('subscription', subscriptionLists);

export async function list(ctx: Context): Promise<MessageReply> {
  requireGuild(ctx);
  return lists.list.open(ctx, {});
}
