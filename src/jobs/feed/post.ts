/**
 * One poll's new activities to every channel that subscribes to the owner's feed: per channel, the
 * activities its subscriptions ask for, batched (delivery.ts), after one line summing up those
 * older than the catch-up window; then how far the owner's cursor may move.
 */
import type { Locale } from '../../i18n/locale.js';
import { discordTime } from '../../render/format.js';
import type { Activity } from '../../service/index.js';
import type { Subscription } from '../../subscriptions/model.js';
import type { PostLanguages } from '../posting/post-language.js';
import {
  ChannelFeed,
  type ChannelFeedDeps,
  type ChannelFeedResult,
  type RenderedActivity,
} from './channel-batches.js';
import { isOlder } from './fetch.js';
import { actionMatches, feedItem } from './message.js';
import { minimalFeedMessage, wellFormed } from './minimal.js';

export interface PollPostInput {
  ownerId: string;
  subscriptions: Subscription[];
  /** New activities, oldest first. */
  activities: Activity[];
  /** The cursor the poll started from, and when it last moved (ISO). */
  cursor: number;
  cursorAt: string | undefined;
  newestId: number;
  /** Activities created before this (epoch ms) are summed up; `catchUpHours` names the window. */
  oldBefore: number;
  catchUpHours: number;
  /** The walk stopped at the window before reaching the cursor: more old activities exist. */
  moreOld: boolean;
  /** How posts are written: languages, the service's name and the site they link to. */
  languages: PostLanguages;
}

export interface PollPostResult {
  /** How far the cursor may move. */
  done: number;
  /** Per channel: its delivery, or the channel that refused kiroku. */
  channels: Array<{ channelId: string; result: ChannelFeedResult; summarized: number }>;
  /** Activities of actions kiroku does not post. */
  unknown: number;
}

/** A channel's subscriptions of this owner: any of them asking for an activity lets it through. */
function byChannel(subscriptions: readonly Subscription[]): Map<string, Subscription[]> {
  const channels = new Map<string, Subscription[]>();
  for (const subscription of subscriptions) {
    channels.set(subscription.channelId, [...(channels.get(subscription.channelId) ?? []), subscription]);
  }
  return channels;
}

function renderer(languages: PostLanguages) {
  return (activity: Activity) =>
    languages.perLanguage((t) => {
      const item = feedItem(activity, t, t.site.webUrl);
      const minimal = minimalFeedMessage(activity, t, t.site.webUrl);
      return item && minimal ? { activity, item, minimal: () => minimal } : undefined;
    });
}

/** The one line standing for a channel's activities older than the catch-up window. */
function summaryLine(input: PollPostInput, old: readonly Activity[], locale: Locale): string {
  const t = input.languages.of(locale);
  const times = old.map((a) => a.created_at ?? '').filter((at) => Number.isFinite(Date.parse(at)));
  const from = (input.moreOld ? input.cursorAt : times[0]) ?? times[0];
  const to = times.at(-1) ?? new Date(input.oldBefore).toISOString();
  const line = t('jobs.feed.catchUp', {
    count: old.length,
    atLeast: input.moreOld,
    from: discordTime(from, 'f') || '?',
    to: discordTime(to, 'f') || '?',
    hours: input.catchUpHours,
  });
  return wellFormed(line);
}

export async function postPoll(deps: ChannelFeedDeps, input: PollPostInput): Promise<PollPostResult> {
  const render = renderer(input.languages);
  const rendered = new Map(input.activities.map((activity) => [activity.id, render(activity)]));
  const unknown = input.activities.filter((a) => rendered.get(a.id)?.('en') === undefined).length;
  const channels: PollPostResult['channels'] = [];
  let stoppedAt = Number.POSITIVE_INFINITY;
  for (const [channelId, subscriptions] of byChannel(input.subscriptions)) {
    const locale = subscriptions[0]?.language ?? 'en';
    // Actions kiroku does not post are neither posted nor counted in the catch-up line.
    const wanted = input.activities.filter(
      (activity) =>
        rendered.get(activity.id)?.('en') !== undefined &&
        subscriptions.some((s) => actionMatches(s.feed?.actions ?? [], activity)),
    );
    const old = wanted.filter((activity) => isOlder(activity, input.oldBefore));
    const recent = wanted
      .filter((activity) => !isOlder(activity, input.oldBefore))
      .flatMap((activity) => rendered.get(activity.id)?.(locale) ?? []) satisfies RenderedActivity[];
    const feed = new ChannelFeed(deps, channelId, input.ownerId);
    let result: ChannelFeedResult = { posted: [], messages: 0, duplicates: 0, degraded: 0 };
    let summaries = 0;
    if (old.length > 0) {
      const line = summaryLine(input, old, locale);
      const summary = await deps.outbox.deliver(
        channelId,
        `catch-up:${input.ownerId}:${input.cursor}`,
        () => ({
          content: line,
        }),
      );
      if (summary.status === 'failed' && summary.reason !== 'failed') result.refused = summary.reason;
      else if (summary.status === 'failed') result.stoppedAt = input.activities[0]?.id;
      else if (summary.status === 'posted') summaries = 1;
    }
    if (result.refused === undefined && result.stoppedAt === undefined) result = await feed.deliver(recent);
    result.messages += summaries;
    if (result.stoppedAt !== undefined) stoppedAt = Math.min(stoppedAt, result.stoppedAt);
    channels.push({ channelId, result, summarized: old.length });
  }
  if (!Number.isFinite(stoppedAt)) return { done: input.newestId, channels, unknown };
  // Everything before the first activity a channel still waits for is done in every channel.
  const before = input.activities.filter((activity) => activity.id < stoppedAt).at(-1);
  return { done: before?.id ?? input.cursor, channels, unknown };
}
