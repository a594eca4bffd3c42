/**
 * English texts of what subscriptions post (timeline posts, daily schedules, airing alerts) and the notices
 * their owners get when one stops. Spread into the English catalogue (en.ts); the Japanese ones are in
 * channel-posts-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const channelPostsEn = {
  // timeline posts
  'jobs.feed.recorded': (p: { user: string }) => `${p.user} recorded`,
  'jobs.feed.recordedMany': (p: { user: string; count: number }) => `${p.user} recorded ${p.count} episodes`,
  'jobs.feed.reviewed': (p: { user: string }) => `${p.user} wrote a review`,
  'jobs.feed.statusLine': (p: { user: string; work: string; status: string }) =>
    `${p.user} marked ${p.work} as **${p.status}**`,
  'jobs.feed.minimal.record': (p: { user: string; work: string; episode: string }) =>
    `${p.user} recorded ${p.work} ${p.episode}`,
  'jobs.feed.minimal.records': (p: { user: string; work: string; count: number }) =>
    `${p.user} recorded ${p.count} episodes of ${p.work}`,
  'jobs.feed.minimal.review': (p: { user: string; work: string }) => `${p.user} wrote a review of ${p.work}`,
  'jobs.feed.minimal.status': (p: { user: string; work: string; status: string }) =>
    `${p.user} marked ${p.work} as ${p.status}`,
  'jobs.feed.catchUp': (p: { count: number; atLeast: boolean; from: string; to: string; hours: number }) =>
    `While the feed was behind, ${p.atLeast ? 'at least ' : ''}${p.count} ${p.count === 1 ? 'activity' : 'activities'} from ${p.from} to ${p.to} (older than ${p.hours} h) ${p.count === 1 ? 'was' : 'were'} not posted one by one.`,

  // daily schedules
  'jobs.digest.title': (p: { date: string }) => `The next 24 hours from ${p.date}`,
  'jobs.digest.empty': 'Nothing airs in the next 24 hours.',
  'jobs.digest.more': (p: { count: number }) => `…and ${p.count} more`,
  'jobs.digest.footer': (p: { count: number; timezone: string }) =>
    `${p.count} ${p.count === 1 ? 'program' : 'programs'} · times in ${p.timezone}`,
  'jobs.digest.titleFor': (p: { owner: string; date: string }) => `${p.owner}’s next 24 hours from ${p.date}`,

  // airing alerts
  'jobs.alert.watched': 'Record episode',
  'jobs.alert.ratePlaceholder': 'Record with a rating',
  'jobs.alert.starts': (p: { time: string; channel: string }) => `Starts ${p.time} · ${p.channel}`,
  'jobs.alert.startsNoChannel': (p: { time: string }) => `Starts ${p.time}`,
  'jobs.alert.record': (p: { number: string }) => `Record ep ${p.number}`,

  // notices to a subscription’s owner
  'store.notice.subscriptionQuarantined': (p: { ids: string }) =>
    `After an update kiroku could not read some of your channel subscriptions (${p.ids}), so they have stopped posting. They are kept aside for the bot's operator; set them up again with \`/subscription feed\`, \`/subscription schedule\` or \`/subscription airing\` if you still want them.`,
  'jobs.notice.paused': (p: { count: number }) =>
    `{service} no longer accepts your token, so ${p.count} of your channel subscriptions are paused. Link again with \`/account link\` to resume them.`,
  'jobs.notice.notLinked': (p: { count: number }) =>
    `Your account is not linked any more, so ${p.count} of your channel subscriptions are paused. Link again with \`/account link\` to resume them.`,
  'jobs.notice.forbidden': (p: { channel: string; ids: string }) =>
    `I may not post in ${p.channel} any more, so your subscription ${p.ids} there is disabled. Give me View Channel, Send Messages and Embed Links, then set it up again with \`/subscription feed\`, \`/subscription schedule\` or \`/subscription airing\`.`,
  'jobs.notice.missing': (p: { channel: string; ids: string }) =>
    `${p.channel} is gone or I cannot see it any more, so your subscription ${p.ids} there is disabled.`,
  'jobs.notice.ownerNoAccess': (p: { channel: string; ids: string }) =>
    `You can no longer see or send messages in ${p.channel}, so your subscriptions there (${p.ids}) are paused. Once you may post there again, remove them with \`/subscription remove\` and make them again.`,
  'jobs.notice.ownerLeft': (p: { guild: string; ids: string }) =>
    `You are no longer a member of the server ${p.guild}, so your subscription ${p.ids} there is disabled.`,
  'jobs.notice.botRemoved': (p: { guild: string; ids: string }) =>
    `kiroku was removed from the server ${p.guild}, so your subscription ${p.ids} there is disabled.`,
} as const;

export type ChannelPostMessages = CatalogueOf<typeof channelPostsEn>;
