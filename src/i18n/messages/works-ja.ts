/** Japanese texts of works (see works-en.ts): the same keys, parameters and order. */
import type { WorksMessages } from './works-en.js';

export const worksJa = {
  // works
  'work.searchTitle': (p) => (p.query ? `「${p.query}」の検索結果` : '作品'),
  'work.season': 'シーズン',
  'work.noSeason': 'シーズンなし',
  'work.media': 'メディア',
  'work.episodes': 'エピソード数',
  'work.watchers': '視聴者数',
  'work.released': '公開日',
  'work.firstAired': '放送開始日',
  'work.onSale': '発売開始日',
  'work.links': 'リンク',
  'work.officialSite': '公式サイト',
  'work.wikipedia': 'Wikipedia',
  'work.showEpisodes': 'エピソード',
  'work.setStatusPlaceholder': 'ステータスを設定…',
  'work.untitled': '（タイトルなし）',
  'work.nextEpisode': 'あなたの次のエピソード',
  'work.nextEpisodeAt': (p) => `${p.episode} · ${p.when}${p.channel}`,
  'work.links.official': '公式サイト',
  'work.links.mal': 'MyAnimeList',
  'work.links.syobocal': 'しょぼいカレンダー',
  'work.links.wikipedia': 'Wikipedia',
  'work.noEpisodesTitle': 'エピソードなし',
  'work.noEpisodesReview':
    'この作品には{service}にエピソードがありません（映画など）。作品全体の感想は`/review post`で記録できます。',

  // episodes
  'episode.listTitle': (p) => `${p.title}のエピソード`,
  'episode.number': (p) => `第${p.number}話`,
  'episode.unnumbered': '話数なし',
  'episode.untitled': '（サブタイトルなし）',
  'episode.records': '記録数',
  'episode.comments': 'コメント数',
  'episode.previous': '前のエピソード',
  'episode.next': '次のエピソード',
  'episode.recordButton': (p) => `${p.episode}を記録`,
  'episode.run': (p) => `第${p.from}話〜第${p.to}話`,

  // your progress through a work
  'progress.backlogTitle': (p) => `あなたが未記録の放送済みエピソード（${p.count}話）`,
  'progress.backlogMore': (p) => `${p.episodes} …`,
  'progress.reviewsTitle': '感想',
  'progress.left': (p) => `未記録${p.count}話`,

  // cast and staff
  'people.title': (p) => `「${p.query}」に一致する人物`,
  'people.casts': '出演',
  'people.staffs': 'スタッフ',
  'people.favorites': 'お気に入り',
  'credits.button': 'キャスト・スタッフ',
  'credits.title': (p) => `キャスト・スタッフ: ${p.title}`,
  'credits.cast': 'キャスト',
  'credits.staff': 'スタッフ',
  'credits.empty': 'この作品のキャストとスタッフは{service}にまだ登録されていません。',

  // the Look up anime app
  'lookup.empty': 'このメッセージには検索できる文字がありません。',
  'lookup.title': (p) => `「${p.query}」に一致する作品`,
  'lookup.none': (p) => `「${p.query}」に一致する作品はありません。`,
} as const satisfies WorksMessages;
