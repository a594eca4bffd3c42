/** Japanese texts of channel subscriptions (see subscriptions-en.ts): the same keys, parameters and order. */
import type { SubscriptionMessages } from './subscriptions-en.js';

export const subscriptionsJa = {
  // setting one up
  'subscription.cannotPost': (p) =>
    `${p.channel}に投稿できません。そのチャンネルで「チャンネルを見る」「メッセージを送信」「埋め込みリンク」の権限を付与してから、もう一度お試しください。`,
  'subscription.feedCreated': (p) =>
    `フォロー中の人のアクティビティ（${p.actions}）を${p.channel}に投稿します。自動投稿ID: \`${p.id}\``,
  'subscription.scheduleCreated': (p) =>
    `毎日${p.time}（${p.timezone}）に放送予定を${p.channel}に投稿します${p.alerts}。自動投稿ID: \`${p.id}\``,
  'subscription.alertsSuffix': (p) => `。各番組の${p.minutes}分前にもお知らせします`,
  'subscription.duplicate': (p) =>
    `このチャンネルにはすでにあなたの同じ自動投稿があります（ID \`${p.id}\`）。`,
  'subscription.allActions': 'すべてのアクティビティ',
  'subscription.recordsReviewsActions': '記録と感想',
  'subscription.alreadyRecorded':
    'このエピソードはこのお知らせからすでに記録しています。評価やコメントを変えるには `/record edit` を使ってください。',
  'subscription.listTitle': 'このサーバーの自動投稿',
  'subscription.none':
    'このサーバーにはまだ自動投稿がありません。`/subscription feed` でフォロー中の人のアクティビティを、`/subscription schedule` で放送予定を、`/subscription airing` で選んだ作品の新しいエピソードを投稿できます。',
  'subscription.removed': (p) => `自動投稿 \`${p.id}\` を削除しました。`,
  'subscription.unknown': (p) =>
    `このサーバーに自動投稿 \`${p.id}\` はありません。\`/subscription list\` で一覧を確認できます。`,
  'subscription.recorded': (p) => `${p.episode}を記録しました。`,
  'subscription.unsupportedChannel': (p) =>
    `投稿できるのはテキストチャンネルとアナウンスチャンネルだけで、${p.channel}はどちらでもありません（スレッドは自動でアーカイブされるため、自動投稿が止まってしまいます）。テキストチャンネルかアナウンスチャンネルを選んでください。`,
  'subscription.invokerCannotSend': (p) =>
    `あなたは${p.channel}でメッセージを送信できないため、そこには自動投稿を設定できません。そのチャンネルで「チャンネルを見る」と「メッセージを送信」の権限が必要です。`,
  'subscription.guildCap': (p) =>
    `このサーバーの自動投稿はすでに上限の${p.max}件です。先に \`/subscription remove\` で削除してください。`,
  'subscription.ownerCap': (p) =>
    `あなたの有効な自動投稿はすでに上限の${p.max}件です。先に \`/subscription remove\` で削除してください。`,
  'subscription.postsIn': (p) => `${p.language}で投稿します。`,
  'subscription.recordedWork': (p) => `**${p.work}** ${p.episode}を記録しました。`,
  'subscription.alertsBefore': (p) => `${p.minutes}分前にお知らせ`,
  'subscription.weeklyCreated': (p) =>
    `このサーバーの週間まとめを毎週${p.when}に${p.channel}に投稿します。連携済みのメンバーが直前の7日間に記録したエピソードをまとめた画像と、その内容のテキストです（名前が出るのは \`/account visibility\` で視聴記録を公開しているメンバーだけです）。自動投稿ID: \`${p.id}\``,
  'subscription.weeklyWhen': (p) => `${p.day}${p.time}（${p.timezone}）`,
  'subscription.cannotAttach': (p) =>
    `${p.channel}に週間まとめの画像を添付できません。そのチャンネルで「ファイルを添付」の権限（と「チャンネルを見る」「メッセージを送信」「埋め込みリンク」）を付与してから、もう一度お試しください。`,
  'subscription.invokerCannotAttach': (p) =>
    `あなたは${p.channel}でファイルを添付できないため、そこに画像の自動投稿は設定できません。そのチャンネルで「ファイルを添付」の権限が必要です。`,

  // the words that describe one: kinds, states, activities, languages, weekdays
  'subscription.state.active': '有効',
  'subscription.state.paused': '一時停止（所有者のトークンが無効）',
  'subscription.state.disabled': '無効（チャンネルに投稿できません）',
  'subscription.state.ownerLeft': '無効（所有者がこのサーバーを退出しました）',
  'subscription.state.botRemoved': '無効（kirokuがこのサーバーから削除されました）',
  'subscription.kind.feed': 'タイムライン',
  'subscription.kind.schedule': '放送予定',
  'subscription.language.en': '英語',
  'subscription.language.ja': '日本語',
  'subscription.action.create_record': '記録',
  'subscription.action.create_multiple_records': '記録',
  'subscription.action.create_review': '感想',
  'subscription.action.create_status': 'ステータスの変更',
  'subscription.kind.airing': '放送通知',
  'subscription.kind.weekly': '週間まとめ',
  'subscription.weekday.monday': '月曜日',
  'subscription.weekday.tuesday': '火曜日',
  'subscription.weekday.wednesday': '水曜日',
  'subscription.weekday.thursday': '木曜日',
  'subscription.weekday.friday': '金曜日',
  'subscription.weekday.saturday': '土曜日',
  'subscription.weekday.sunday': '日曜日',

  // works followed by an airing subscription
  'airing.created': (p) =>
    `**${p.work}**の新しいエピソードが初めて放送されたときに、${p.channel}に投稿します（自動投稿 \`${p.id}\`、${p.count}作品）。`,
  'airing.alreadyFollowed': (p) => `${p.channel}にはすでに**${p.work}**の放送通知があります。`,
  'airing.cap': (p) => `このチャンネルの放送通知はすでに上限の${p.max}作品です。先にどれかを外してください。`,
  'airing.notWatched': (p) =>
    `**${p.work}**は「見てる」「見たい」に入っていないため、{service}に放送予定がありません。先に \`/status\` でステータスを設定してください。`,
  'airing.title': (p) => `放送開始: ${p.work}`,
  'airing.follows': (p) => `新しいエピソードを投稿: ${p.works}`,
  'airing.removedWork': (p) => `自動投稿 \`${p.id}\` から**${p.work}**を外しました。`,
  'airing.notFollowed': (p) => `自動投稿 \`${p.id}\` にその作品は入っていません。`,
} as const satisfies SubscriptionMessages;
