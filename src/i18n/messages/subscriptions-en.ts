/**
 * English texts of channel subscriptions: setting them up and listing them (`/subscription`). Spread into the
 * English catalogue (en.ts); the Japanese ones are in subscriptions-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const subscriptionsEn = {
  // setting one up
  'subscription.cannotPost': (p: { channel: string }) =>
    `I cannot post in ${p.channel}: give me View Channel, Send Messages and Embed Links there, then try again.`,
  'subscription.feedCreated': (p: { id: string; channel: string; actions: string }) =>
    `Your friends’ activity (${p.actions}) will be posted in ${p.channel}. Subscription id: \`${p.id}\`.`,
  'subscription.scheduleCreated': (p: {
    id: string;
    channel: string;
    time: string;
    timezone: string;
    alerts: string;
  }) =>
    `Your schedule will be posted in ${p.channel} every day at ${p.time} (${p.timezone})${p.alerts}. Subscription id: \`${p.id}\`.`,
  'subscription.alertsSuffix': (p: { minutes: number }) =>
    `, with an alert ${p.minutes} min before each program`,
  'subscription.duplicate': (p: { id: string }) =>
    `This channel already has that subscription of yours (id \`${p.id}\`).`,
  'subscription.allActions': 'all activity',
  'subscription.recordsReviewsActions': 'records and reviews',
  'subscription.alreadyRecorded':
    'You already recorded this episode from this alert. To change its rating or comment, use `/record edit`.',
  'subscription.listTitle': 'Subscriptions in this server',
  'subscription.none':
    'No subscriptions in this server yet. Post your friends’ activity with `/subscription feed`, your schedule with `/subscription schedule`, or new episodes of chosen works with `/subscription airing`.',
  'subscription.removed': (p: { id: string }) => `Subscription \`${p.id}\` removed.`,
  'subscription.unknown': (p: { id: string }) =>
    `No subscription \`${p.id}\` in this server. \`/subscription list\` shows them all.`,
  'subscription.recorded': (p: { episode: string }) => `Recorded ${p.episode} on {service}.`,
  'subscription.unsupportedChannel': (p: { channel: string }) =>
    `I post only in text and announcement channels, and ${p.channel} is neither (threads archive themselves, so a subscription there would stop on its own). Pick a text or announcement channel.`,
  'subscription.invokerCannotSend': (p: { channel: string }) =>
    `You cannot send messages in ${p.channel}, so you cannot subscribe it: you need View Channel and Send Messages there.`,
  'subscription.guildCap': (p: { max: number }) =>
    `This server already has ${p.max} subscriptions, the most kiroku keeps per server. Remove one with \`/subscription remove\` first.`,
  'subscription.ownerCap': (p: { max: number }) =>
    `You already have ${p.max} running subscriptions, the most kiroku keeps per person. Remove one with \`/subscription remove\` first.`,
  'subscription.postsIn': (p: { language: string }) => `Posts are written in ${p.language}.`,
  'subscription.recordedWork': (p: { work: string; episode: string }) =>
    `Recorded **${p.work}** ${p.episode} on {service}.`,
  'subscription.alertsBefore': (p: { minutes: number }) => `alerts ${p.minutes} min before`,
  'subscription.weeklyCreated': (p: { id: string; channel: string; when: string }) =>
    `This server’s weekly summary will be posted in ${p.channel} every ${p.when}: a picture of the episodes its linked members recorded in the seven days before (names only of those who share their viewing record with \`/account visibility\`), with its text. Subscription id: \`${p.id}\`.`,
  'subscription.weeklyWhen': (p: { day: string; time: string; timezone: string }) =>
    `${p.day} at ${p.time} (${p.timezone})`,
  'subscription.cannotAttach': (p: { channel: string }) =>
    `I cannot attach the weekly picture in ${p.channel}: give me Attach Files there (with View Channel, Send Messages and Embed Links), then try again.`,
  'subscription.invokerCannotAttach': (p: { channel: string }) =>
    `You cannot attach files in ${p.channel}, so you cannot have a picture posted there: you need Attach Files there.`,

  // the words that describe one: kinds, states, activities, languages, weekdays
  'subscription.state.active': 'active',
  'subscription.state.paused': 'paused (the owner’s token stopped working)',
  'subscription.state.disabled': 'disabled (I cannot post in that channel)',
  'subscription.state.ownerLeft': 'disabled (the owner left this server)',
  'subscription.state.botRemoved': 'disabled (kiroku was removed from this server)',
  'subscription.kind.feed': 'feed',
  'subscription.kind.schedule': 'schedule',
  'subscription.language.en': 'English',
  'subscription.language.ja': 'Japanese',
  'subscription.action.create_record': 'records',
  'subscription.action.create_multiple_records': 'records',
  'subscription.action.create_review': 'reviews',
  'subscription.action.create_status': 'status changes',
  'subscription.kind.airing': 'airing',
  'subscription.kind.weekly': 'weekly summary',
  'subscription.weekday.monday': 'Monday',
  'subscription.weekday.tuesday': 'Tuesday',
  'subscription.weekday.wednesday': 'Wednesday',
  'subscription.weekday.thursday': 'Thursday',
  'subscription.weekday.friday': 'Friday',
  'subscription.weekday.saturday': 'Saturday',
  'subscription.weekday.sunday': 'Sunday',

  // works followed by an airing subscription
  'airing.created': (p: { id: string; channel: string; work: string; count: number }) =>
    `${p.channel} will get a post when each new episode of **${p.work}** first airs (subscription \`${p.id}\`, ${p.count} ${p.count === 1 ? 'work' : 'works'}).`,
  'airing.alreadyFollowed': (p: { work: string; channel: string }) =>
    `${p.channel} already gets posts for **${p.work}**.`,
  'airing.cap': (p: { max: number }) =>
    `This channel already gets posts for ${p.max} works, the most one channel can. Remove one first.`,
  'airing.notWatched': (p: { work: string }) =>
    `**${p.work}** is not on your Watching or Plan to Watch list, so {service} has no programs of it for you. Set its status with \`/status\` first.`,
  'airing.title': (p: { work: string }) => `Now airing: ${p.work}`,
  'airing.follows': (p: { works: string }) => `new episodes of ${p.works}`,
  'airing.removedWork': (p: { work: string; id: string }) =>
    `Subscription \`${p.id}\` no longer posts for **${p.work}**.`,
  'airing.notFollowed': (p: { id: string }) => `Subscription \`${p.id}\` does not post for that work.`,
} as const;

export type SubscriptionMessages = CatalogueOf<typeof subscriptionsEn>;
