/**
 * English texts of people on the service: profiles, followers, activity, `/me` and the Viewing record app.
 * Spread into the English catalogue (en.ts); the Japanese ones are in users-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const usersEn = {
  // users
  'user.records': 'Records',
  'user.following': 'Following',
  'user.followers': 'Followers',
  'user.watching': 'Watching',
  'user.watched': 'Completed',
  'user.wannaWatch': 'Plan to Watch',
  'user.joined': 'Joined',
  'user.followersTitle': (p: { username: string }) => `Followers of ${p.username}`,
  'user.followingTitle': (p: { username: string }) => `${p.username} follows`,
  'user.activitiesTitle': (p: { username: string }) => `Activity of ${p.username}`,
  'me.title': (p: { username: string }) => `Your profile: ${p.username}`,

  // activity
  'activity.create_record': (p: { user: string; work: string; episode: string }) =>
    `**${p.user}** recorded **${p.work}** ${p.episode}`,
  'activity.create_multiple_records': (p: { user: string; work: string; count: number }) =>
    `**${p.user}** recorded ${p.count} episodes of **${p.work}**`,
  'activity.create_status': (p: { user: string; work: string; status: string }) =>
    `**${p.user}** set **${p.work}** to ${p.status}`,
  'activity.other': (p: { user: string; work: string }) => `**${p.user}** did something with **${p.work}**`,
  'activity.create_review': (p: { user: string; work: string }) => `**${p.user}** reviewed **${p.work}**`,

  // the Viewing record app
  'profile.notShared': (p: { user: string }) =>
    `${p.user} has not shared their viewing record (people choose to with \`/account visibility\`).`,
  'profile.latest': 'Latest activity',
  'profile.noActivity': 'No activity yet. Their records show up here once they record an episode.',
} as const;

export type UserMessages = CatalogueOf<typeof usersEn>;
