import type { CompareMessages } from './compare-en.js';

/** `/compare` と右クリックの「視聴を比べる」の日本語。日本語カタログに展開される。 */
export const compareJa = {
  'compare.title': (p) => `あなたと${p.member}さん・${p.season}`,
  'compare.allTime': 'これまでのすべて',
  'compare.both': (p) => `ふたりとも見た（${p.count}）`,
  'compare.onlyMine': (p) => `あなただけ（${p.count}）`,
  'compare.onlyTheirs': (p) => `${p.member}さんだけ（${p.count}）`,
  'compare.theirGreat': (p) =>
    `${p.member}さんが「とても良い」と評価した、あなたのリストにない作品（${p.count}）`,
  'compare.agreement': (p) =>
    `ふたりとも評価した${p.rated}作品のうち、評価が一致したのは**${p.agreed}**作品です（**${p.percent}%**）。`,
  'compare.noAgreement': 'ふたりとも評価した作品がまだないため、評価の一致は出せません。',
  'compare.none': 'なし',
  'compare.truncated': (p) => `それぞれ最近の${p.count}件のアクティビティから数えています。`,
  'compare.openBoth': 'ふたりとも見た',
  'compare.openMine': 'あなただけ',
  'compare.openTheirs': (p) => `${p.member}さんだけ`,
  'compare.openGreat': (p) => `${p.member}さんの「とても良い」`,
  'compare.want': (p) => `「見たい」に追加: ${p.title}`,
  'compare.notYours':
    'これは比較を頼んだ人だけが自分のリストに追加できるボタンです。`/compare` で自分の比較を出してください。',
  'compare.notShared': (p) =>
    `${p.user}さんは視聴記録を公開していないため、比べられません（アカウントを連携し、\`/account visibility\` で公開できます）。`,
  'compare.self': '自分以外の人を選んでください。比べるにはふたり必要です。',
} as const satisfies CompareMessages;
