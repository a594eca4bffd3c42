/** Japanese texts of what subscriptions post (see channel-posts-en.ts): the same keys, parameters and order. */
import type { ChannelPostMessages } from './channel-posts-en.js';

export const channelPostsJa = {
  // timeline posts
  'jobs.feed.recorded': (p) => `${p.user}が記録しました`,
  'jobs.feed.recordedMany': (p) => `${p.user}が${p.count}話分を記録しました`,
  'jobs.feed.reviewed': (p) => `${p.user}が感想を書きました`,
  'jobs.feed.statusLine': (p) => `${p.user}が${p.work}を「**${p.status}**」にしました`,
  'jobs.feed.minimal.record': (p) => `${p.user}が${p.work} ${p.episode}を記録しました`,
  'jobs.feed.minimal.records': (p) => `${p.user}が${p.work}を${p.count}話分記録しました`,
  'jobs.feed.minimal.review': (p) => `${p.user}が${p.work}の感想を書きました`,
  'jobs.feed.minimal.status': (p) => `${p.user}が${p.work}を「${p.status}」にしました`,
  'jobs.feed.catchUp': (p) =>
    `タイムラインの投稿が遅れていた間の${p.from}〜${p.to}のアクティビティ${p.count}件${p.atLeast ? '以上' : ''}（${p.hours}時間より前のもの）は、1件ずつは投稿していません。`,

  // daily schedules
  'jobs.digest.title': (p) => `${p.date}からの24時間の放送予定`,
  'jobs.digest.empty': 'これから24時間に放送予定はありません。',
  'jobs.digest.more': (p) => `…ほか${p.count}件`,
  'jobs.digest.footer': (p) => `${p.count}件 · 時刻は${p.timezone}`,
  'jobs.digest.titleFor': (p) => `${p.owner}さんの${p.date}からの24時間の放送予定`,

  // airing alerts
  'jobs.alert.watched': 'このエピソードを記録',
  'jobs.alert.ratePlaceholder': '評価をつけて記録',
  'jobs.alert.starts': (p) => `${p.time}に放送 · ${p.channel}`,
  'jobs.alert.startsNoChannel': (p) => `${p.time}に放送`,
  'jobs.alert.record': (p) => `第${p.number}話を記録`,

  // notices to a subscription’s owner
  'store.notice.subscriptionQuarantined': (p) =>
    `アップデート後、あなたの自動投稿（${p.ids}）を読み込めなかったため、投稿が止まっています。データはbotの運営者のために保管してあります。引き続き必要な場合は \`/subscription feed\`、\`/subscription schedule\`、\`/subscription airing\` で設定し直してください。`,
  'jobs.notice.paused': (p) =>
    `{service}がトークンを受け付けなくなったため、チャンネルへの自動投稿${p.count}件を一時停止しました。\`/account link\` で連携し直すと再開します。`,
  'jobs.notice.notLinked': (p) =>
    `アカウントの連携が解除されたため、チャンネルへの自動投稿${p.count}件を一時停止しました。\`/account link\` で連携し直すと再開します。`,
  'jobs.notice.forbidden': (p) =>
    `${p.channel}に投稿できなくなったため、自動投稿${p.ids}を止めました。「チャンネルを見る」「メッセージを送信」「埋め込みリンク」の権限を付与してから、\`/subscription feed\`、\`/subscription schedule\`、\`/subscription airing\` のいずれかで設定し直してください。`,
  'jobs.notice.missing': (p) =>
    `${p.channel}が削除されたか見えなくなったため、自動投稿${p.ids}を止めました。`,
  'jobs.notice.ownerNoAccess': (p) =>
    `${p.channel}を閲覧またはメッセージ送信できなくなったため、そこでの自動投稿（${p.ids}）を一時停止しました。再び投稿できるようになったら、\`/subscription remove\` で削除してから作り直してください。`,
  'jobs.notice.ownerLeft': (p) =>
    `サーバー${p.guild}のメンバーではなくなったため、そこでの自動投稿${p.ids}を止めました。`,
  'jobs.notice.botRemoved': (p) =>
    `kirokuがサーバー${p.guild}から削除されたため、そこでの自動投稿${p.ids}を止めました。`,
} as const satisfies ChannelPostMessages;
