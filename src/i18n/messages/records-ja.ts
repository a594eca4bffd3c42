/** Japanese texts of keeping a record (see records-en.ts): the same keys, parameters and order. */
import type { RecordMessages } from './records-en.js';

export const recordsJa = {
  // episode records
  'record.listTitleFor': (p) => `${p.title}の記録`,
  'record.rating': '評価',
  'record.by': (p) => `${p.username}さん`,
  'record.edited': '記録を更新しました。',
  'record.editedNamed': (p) => `**${p.what}**の記録を更新しました。`,
  'record.notYours':
    'そのIDの記録は{service}のあなたの記録にありません。入力中に出る一覧から自分の記録を選んでください。',
  'record.nothingToEdit': '変更する内容がありません。評価、コメント、共有のいずれかを指定してください。',
  'record.deleteButton': '削除する',
  'record.deleted': '記録を削除しました。',
  'record.deleteConfirmNamed': (p) => `**${p.what}**の記録を削除しますか？元に戻せません。`,
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
  'record.noEpisodesReview':
    'この作品には{service}にエピソードがないため（映画など）、記録するエピソードがありません。作品全体の感想は`/review post`で記録できます。',

  // reviews
  'review.overall': '全体',
  'review.animation': '映像',
  'review.music': '音楽',
  'review.story': 'ストーリー',
  'review.character': 'キャラクター',
  'review.link': 'この作品の感想',
  'review.modalTitle': (p) => `感想: ${p.title}`,
  'review.modalTitlePlain': 'あなたの感想',
  'review.bodyLabel': '感想（ネタバレ防止で隠して表示）',
  'review.bodyPlaceholder': '作品全体の感想',
  'review.editBodyLabel': '感想（空欄なら今の文章のまま）',
  'review.posted': (p) => `**${p.title}**の感想を投稿しました。`,
  'review.edited': (p) => `**${p.title}**の感想を更新しました。`,
  'review.deleteConfirm': (p) => `**${p.title}**の感想を削除しますか？元に戻せません。`,
  'review.deleteButton': '感想を削除',
  'review.deleted': (p) => `**${p.title}**の感想を削除しました。`,
  'review.notFound':
    'その感想はあなたの感想の中に見つかりませんでした。`review`に入力すると開く一覧から選んでください。',
  'review.emptyBody':
    '感想の本文が空のため、投稿しませんでした。`/review post`をもう一度使って、一言以上書いてください。',
  'review.workTooLong': 'タイトルが長すぎて感想の入力画面に渡せません。一覧から作品を選んでください。',
  'review.choice': (p) => `${p.title} · ${p.rating} · ${p.when}`,
} as const satisfies RecordMessages;
