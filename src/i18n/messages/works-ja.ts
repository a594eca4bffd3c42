/** Japanese texts of a fan's view of a whole work (see works-en.ts): the same keys and parameters. */
import type { WorksMessages } from './works-en.js';

export const worksJa = {
  'progress.backlogTitle': (p) => `あなたが未記録の放送済みエピソード（${p.count}話）`,
  'progress.backlogMore': (p) => `${p.episodes} …`,
  'progress.reviewsTitle': '感想',
  'progress.left': (p) => `未記録${p.count}話`,
  'work.noEpisodesTitle': 'エピソードなし',
  'work.noEpisodesReview':
    'この作品には{service}にエピソードがありません（映画など）。作品全体の感想は`/review post`で記録できます。',
  'record.noEpisodesReview':
    'この作品には{service}にエピソードがないため（映画など）、記録するエピソードがありません。作品全体の感想は`/review post`で記録できます。',

  'credits.button': 'キャスト・スタッフ',
  'credits.title': (p) => `キャスト・スタッフ: ${p.title}`,
  'credits.cast': 'キャスト',
  'credits.staff': 'スタッフ',
  'credits.empty': 'この作品のキャストとスタッフは{service}にまだ登録されていません。',

  'review.sameAsOverall': '省略すると全体の評価と同じ',
  'review.unrated': '評価しない',
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
  'reason.review': 'は一覧から選んだあなたの感想にしてください',
} as const satisfies WorksMessages;
