/** Japanese texts of your own viewing (see viewing-en.ts): the same keys, parameters and order. */
import type { ViewingMessages } from './viewing-en.js';

export const viewingJa = {
  // `/watch`
  'watch.title': '未視聴エピソード',
  'watch.countLine': (p) => `**${p.work}**: 未視聴${p.count}話`,
  'watch.recordButton': (p) => `${p.episode}を記録`,
  'watch.episodeShort': (p) => `第${p.number}話`,
  'watch.commentButton': 'コメント',
  'watch.rateButton': (p) => `${p.episode}を評価…`,
  'watch.backButton': '一覧に戻る',
  'watch.ratePlaceholder': (p) => `評価をつけて${p.episode}を記録`,
  'watch.commentTitle': (p) => `${p.episode}へのコメント`,
  'watch.commentLabel': 'コメント（ネタバレ防止で隠して表示）',
  'watch.recorded': (p) => `**${p.episode}**を記録しました。1分以内なら取り消せます。`,
  'watch.undoButton': (p) => `${p.episode}の記録を取り消す`,
  'watch.undone': (p) => `**${p.episode}**の記録を削除し、一覧に戻しました。`,
  'watch.undoTooLate': '取り消しは記録から1分以内だけです。`/record delete` を使ってください。',
  'watch.gone': 'そのエピソードはもうこの一覧にありません。',
  'watch.allDone': 'この一覧で見るものはもうありません。お疲れさまでした！',
  'watch.empty': (p) =>
    [
      '見るものはありません: 記録待ちの放送済みエピソードはありません。',
      'あるはずなのに出ない場合、よくある原因は次のとおりです。',
      '• 「見てる」にしている作品がない（`/status` で設定できます）',
      `• {service}で作品の放送チャンネルを選んでいない（未視聴一覧は選んだチャンネルの放送だけを数えます）。{service}の「見てる」一覧のページで選べます: ${p.url}`,
    ].join('\n'),

  // `/library`, `/schedule`, `/feed`
  'library.title': 'あなたのライブラリ',
  'schedule.title': (p) => `放送予定: これから${p.hours}時間`,
  'schedule.rebroadcast': '再放送',
  'feed.title': 'タイムライン',

  // DM reminders
  'remind.on': (p) =>
    `リマインダーをオンにしました: 各番組の初回放送の${p.minutes}分前にDMを送ります。\`/remind minutes:0\` か「停止」ボタンでオフにできます。`,
  'remind.off': 'リマインダーをオフにしました。',
  'remind.alreadyOff': 'リマインダーはもともとオフです。',
  'remind.content': (p) => `${p.title}が${p.when}に放送開始`,
  'remind.stopButton': 'リマインダーを停止',
  'remind.stopped': 'リマインダーを停止しました。`/remind` でまたオンにできます。',
} as const satisfies ViewingMessages;
