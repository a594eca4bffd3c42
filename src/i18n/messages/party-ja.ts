/** 同時視聴会（`/party`、そのメッセージと通知）の日本語。日本語カタログに展開される。 */
import type { PartyMessages } from './party-en.js';

export const partyJa = {
  'party.watched': '見た',
  'party.intro': (p) =>
    `${p.host}さんの同時視聴会が${p.start}に始まりました。見たら **見た** か評価を押してください。あなた自身の{service}アカウントでこのエピソードを記録します。`,
  'party.cancelledNote': 'この同時視聴会は中止されました。',
  'party.whoWatched': '見た人',
  'party.nobodyYet': 'まだいません。',
  'party.watchedCount': (p) => `${p.count}人が視聴`,
  'party.othersCount': (p) => `ほか、視聴記録を非公開にしている${p.count}人`,
  'party.more': (p) => `…ほか${p.count}件`,
  'party.eventDescription': (p) =>
    `${p.work} ${p.episode}をみんなで見ましょう。時間になるとkirokuがチャンネルにメッセージを投稿します。「見た」か評価を押すと{service}に記録されます。`,
  'party.eventLocation': 'Discordで、kirokuと一緒に',
  'party.created': (p) =>
    `同時視聴会を予定しました: ${p.work}・${p.episode}、${p.start}。サーバーにイベントを作成しました。時間になったら${p.channel}に記録用のメッセージを投稿します。中止するには \`/party cancel\`（視聴会 \`${p.id}\`）。`,
  'party.cancelled': (p) => `${p.work} ${p.episode}の同時視聴会を中止し、イベントを削除しました。`,
  'party.recorded': (p) => `${p.work} ${p.episode}を記録しました。楽しんでください！`,
  'party.alreadyRecorded': 'この視聴会のエピソードはもう記録済みです。',
  'party.over': 'この同時視聴会は中止されたか、終わっています。',
  'party.unknown': 'このサーバーにそのような視聴会はありません。一覧からあなたの視聴会を選んでください。',
  'party.needsManageEvents':
    'このサーバーでイベントを作成できません。**イベントの管理**権限を付与してから（サーバー設定 → ロール）、もう一度お試しください。',
  'party.tooManyEvents':
    'このサーバーにはDiscordの上限である100件の予定イベントがあります。どれかを終了または削除してから、もう一度お試しください。',
  'party.cannotPost':
    'このチャンネルに投稿できないため（チャンネルを見る・メッセージを送信・埋め込みリンクが必要です）、視聴会のメッセージを投稿できません。投稿できるチャンネルで `/party start` を実行してください。',
  'party.noEpisodes':
    'この作品には一緒に見るエピソードがありません（映画は `/review post` で評価できます）。',
  'party.channelLost': (p) =>
    `${p.channel}に投稿できなくなったため、${p.work}の同時視聴会の更新を止めました。次回のために、そのチャンネルでチャンネルを見る・メッセージを送信・埋め込みリンクの権限を付与してください。`,
  'party.time.format': (p) =>
    `\`time\`: 21:00、明日21:00、2026-12-01 21:00（${p.timezone}）のように、またはオフセット付きのISO時刻で入力してください。`,
  'party.time.past': (p) =>
    `\`time\`: その時刻は過ぎています（${p.timezone}）。明日なら「明日21:00」と入力してください。`,
  'party.time.tooFar': '`time`: 視聴会は60日先までしか予定できません。',
} as const satisfies PartyMessages;
