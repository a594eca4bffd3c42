/** Japanese texts of lists (see lists-en.ts): the same keys, parameters and order. */
import type { ListMessages } from './lists-en.js';

export const listsJa = {
  // paging
  'paging.previous': '前へ',
  'paging.next': '次へ',
  'paging.footer': (p) => `${p.page} / ${p.pages}ページ · 全${p.total}件`,
  'paging.empty': 'まだ何もありません。`/help` でできることを確認できます。',
  'paging.more': (p) => `…ほか${p.count}件`,

  // the Open menu
  'open.placeholder': '開く…',

  // empty lists
  'empty.works':
    'この条件に一致する作品はありません。`/work search` で言葉を減らすか、かな表記や別のシーズンで探してみてください。',
  'empty.worksEnglishPending':
    'まだ作品が見つかりません。kirokuは初めての起動のあと英語タイトルを読み込んでいるところです（1〜2分）。少し待ってからもう一度検索するか、日本語のタイトルで検索してください。',
  'empty.episodes':
    '{service}にはこの作品のエピソードがまだありません（映画や一部の特番にはありません）。作品のステータスは `/status` で設定できます。',
  'empty.records': 'まだ誰も記録していません。`/record post` で最初の記録をつけましょう。',
  'empty.library':
    'まだ作品がありません。ライブラリにはステータスを設定した作品が並びます。`/work search` で作品を探して、`/status` で設定してください。',
  'empty.schedule':
    'この時間内に放送予定はありません。放送予定には「見たい」「見てる」の作品だけが出ます。`/status` で設定してください。',
  'empty.feed':
    'フォロー中の人のアクティビティはまだありません。`/user profile` で人を探して、{service}でフォローしてみてください。',
  'empty.people': 'この名前の人物は見つかりません。`/people` でかな表記や別の表記を試してください。',
  'empty.users': 'まだ誰もいません。`/user profile` で人を探せます。',
  'empty.activities':
    'まだアクティビティはありません。`/record post` でエピソードを記録するとここに表示されます。',
} as const satisfies ListMessages;
