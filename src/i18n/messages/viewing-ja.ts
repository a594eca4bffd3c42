/** Japanese texts of the daily viewing loop (see viewing-en.ts): the same keys and parameters. */
import type { ViewingMessages } from './viewing-en.js';

export const viewingJa = {
  'record.recordedNext': (p) => `未記録だった次の話**${p.episode}**を記録しました。`,
  'record.whichEpisode':
    '次に記録する話がわかりませんでした（放送予定に未記録の話がなく、最近の記録にもこの作品がありません）。`episode` オプションで話数を指定してください。',
  'record.throughRecorded': (p) => `**${p.episodes}**（${p.count}話）を{service}に記録しました。`,
  'record.throughExtrasOn': (p) => `評価・コメント・共有は${p.episode}だけに付けました。`,
  'record.throughExtrasLost':
    '評価・コメント・共有は最後の話に付ける分で、その話が記録されなかったため保存されていません。',
  'record.throughSkipped': (p) => `記録済みのため除いた話：${p.episodes}`,
  'record.throughNotRecorded': (p) => `**記録されなかった話：${p.episodes}**\n${p.reason}`,
  'record.throughNothing': (p) => `記録する話がありません。${p.episodes}はすでに記録済みです。`,
  'record.throughTooMany': (p) =>
    `${p.count}話あります。一度に記録できるのは${p.max}話までです。\`through\`を手前の話数にして、残りはその後で記録してください。`,
  'record.throughMissing': (p) => `この作品には{service}に第${p.number}話がありません。`,
  'record.throughBefore': (p) => `\`through\`の話数が、記録を始める${p.episode}より前です。`,
  'episode.run': (p) => `第${p.from}話〜第${p.to}話`,

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

  'subscription.kind.airing': '放送通知',
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

  'remind.on': (p) =>
    `リマインダーをオンにしました: 各番組の初回放送の${p.minutes}分前にDMを送ります。\`/remind minutes:0\` か「停止」ボタンでオフにできます。`,
  'remind.off': 'リマインダーをオフにしました。',
  'remind.alreadyOff': 'リマインダーはもともとオフです。',
  'remind.content': (p) => `${p.title}が${p.when}に放送開始`,
  'remind.stopButton': 'リマインダーを停止',
  'remind.stopped': 'リマインダーを停止しました。`/remind` でまたオンにできます。',

  'work.nextEpisode': 'あなたの次のエピソード',
  'work.nextEpisodeAt': (p) => `${p.episode} · ${p.when}${p.channel}`,
  'work.links.official': '公式サイト',
  'work.links.mal': 'MyAnimeList',
  'work.links.syobocal': 'しょぼいカレンダー',
  'work.links.wikipedia': 'Wikipedia',
} as const satisfies ViewingMessages;
