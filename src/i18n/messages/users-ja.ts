/** Japanese texts of people on the service (see users-en.ts): the same keys, parameters and order. */
import type { UserMessages } from './users-en.js';

export const usersJa = {
  // users
  'user.records': '記録数',
  'user.following': 'フォロー',
  'user.followers': 'フォロワー',
  'user.watching': '見てる',
  'user.watched': '見た',
  'user.wannaWatch': '見たい',
  'user.joined': '登録日',
  'user.followersTitle': (p) => `${p.username}のフォロワー`,
  'user.followingTitle': (p) => `${p.username}のフォロー`,
  'user.activitiesTitle': (p) => `${p.username}のアクティビティ`,
  'me.title': (p) => `あなたのプロフィール: ${p.username}`,

  // activity
  'activity.create_record': (p) => `**${p.user}**が**${p.work}** ${p.episode}を記録しました`,
  'activity.create_multiple_records': (p) => `**${p.user}**が**${p.work}**の${p.count}話分を記録しました`,
  'activity.create_status': (p) => `**${p.user}**が**${p.work}**のステータスを「${p.status}」にしました`,
  'activity.other': (p) => `**${p.user}**が**${p.work}**を更新しました`,
  'activity.create_review': (p) => `**${p.user}**が**${p.work}**の感想を書きました`,

  // the Viewing record app
  'profile.notShared': (p) =>
    `${p.user}さんは視聴記録を公開していません（公開は本人が \`/account visibility\` で選びます）。`,
  'profile.latest': '最近のアクティビティ',
  'profile.noActivity': 'まだアクティビティはありません。エピソードを記録するとここに表示されます。',
} as const satisfies UserMessages;
