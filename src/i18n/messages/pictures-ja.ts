/** Japanese texts of the pictures (see pictures-en.ts): the same keys and parameters. */
import type { PictureMessages } from './pictures-en.js';

export const picturesJa = {
  'picture.footer': 'kiroku · {service} の視聴記録から',
  'picture.weekly.eyebrow': '今週のまとめ',
  'picture.weekly.episodesLabel': () => '話を記録',
  'picture.weekly.byMembers': (p) => `メンバー${p.count}人`,
  'picture.weekly.members': 'よく見た人',
  'picture.weekly.others': (p) => `ほかのメンバー: ${p.episodes}話`,
  'picture.weekly.noSharers':
    '視聴記録を公開しているメンバー（/account visibility）は、ここに名前で表示されます。',
  'picture.weekly.ratings': '評価',
  'picture.weekly.topWorks': '今週よく見られた作品',
  'picture.weekly.workStats': (p) => `${p.episodes}話 · ${p.members}人`,
  'picture.weekly.noWorks': '今週の記録はありません。',
  'picture.weekly.mostCommented': 'いちばんコメントが多かった話',
  'picture.weekly.comments': (p) => `コメント${p.count}件`,
  'picture.season.eyebrow': 'シーズンカード',
  'picture.season.episodes': '記録した話数',
  'picture.season.finished': '見終わった作品',
  'picture.season.completion': '完走率',
  'picture.season.completionOf': (p) => `${p.watched}作品中${p.finished}作品`,
  'picture.season.topRated': '評価の高かった作品',
  'picture.season.noTopRated': 'このシーズンに評価した作品はまだありません。',
  'picture.season.share': 'チャンネルで共有',
  'picture.season.notYours': 'このカードを共有できるのは、カードの持ち主だけです。',
  'picture.season.cannotShare':
    'このチャンネルにはkirokuが画像を投稿できません（チャンネルを見る・メッセージを送信・ファイルを添付の権限が必要です）。別のチャンネルで共有するか、サーバーの管理者に相談してください。',

  'picture.weekly.alt.title': (p) => `${p.server} の今週のまとめ（${p.week}）。`,
  'picture.weekly.alt.total': (p) => `メンバー${p.members}人が${p.episodes}話を記録しました。`,
  'picture.weekly.alt.members': (p) => `よく見た人: ${p.list}。`,
  'picture.weekly.alt.member': (p) => `${p.name} ${p.episodes}話`,
  'picture.weekly.alt.others': (p) => `ほかのメンバー${p.episodes}話`,
  'picture.weekly.alt.topWorks': (p) => `よく見られた作品: ${p.list}。`,
  'picture.weekly.alt.work': (p) => `${p.title}（${p.episodes}話・${p.members}人）`,
  'picture.weekly.alt.ratings': (p) => `評価: ${p.list}。`,
  'picture.weekly.alt.mostCommented': (p) =>
    `いちばんコメントが多かった話: ${p.work} ${p.episode}（コメント${p.comments}件）。`,
  'picture.season.alt.title': (p) => `${p.user}さんの${p.season}シーズンカード。`,
  'picture.season.alt.stats': (p) =>
    `${p.episodes}話を記録し、${p.watched}作品中${p.finished}作品を見終わりました（完走率${p.percent}%）。`,
  'picture.season.alt.topRated': (p) => `評価の高かった作品: ${p.list}。`,
  'picture.season.alt.work': (p) => `${p.title}（${p.rating}）`,
} as const satisfies PictureMessages;
