/** Japanese texts of the weekly summary's subscription (see weekly-en.ts): the same keys and parameters. */
import type { WeeklyMessages } from './weekly-en.js';

export const weeklyJa = {
  'subscription.kind.weekly': '週間まとめ',
  'subscription.weeklyCreated': (p) =>
    `このサーバーの週間まとめを毎週${p.when}に${p.channel}に投稿します。連携済みのメンバーが直前の7日間に記録したエピソードをまとめた画像と、その内容のテキストです（名前が出るのは \`/account visibility\` で視聴記録を公開しているメンバーだけです）。自動投稿ID: \`${p.id}\``,
  'subscription.weeklyWhen': (p) => `${p.day}${p.time}（${p.timezone}）`,
  'subscription.weekday.monday': '月曜日',
  'subscription.weekday.tuesday': '火曜日',
  'subscription.weekday.wednesday': '水曜日',
  'subscription.weekday.thursday': '木曜日',
  'subscription.weekday.friday': '金曜日',
  'subscription.weekday.saturday': '土曜日',
  'subscription.weekday.sunday': '日曜日',
  'subscription.cannotAttach': (p) =>
    `${p.channel}に週間まとめの画像を添付できません。そのチャンネルで「ファイルを添付」の権限（と「チャンネルを見る」「メッセージを送信」「埋め込みリンク」）を付与してから、もう一度お試しください。`,
  'subscription.invokerCannotAttach': (p) =>
    `あなたは${p.channel}でファイルを添付できないため、そこに画像の自動投稿は設定できません。そのチャンネルで「ファイルを添付」の権限が必要です。`,
  'reason.day': '曜日を選んでください',
} as const satisfies WeeklyMessages;
