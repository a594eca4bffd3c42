/** Japanese texts of the service’s own words (see vocabulary-en.ts): the same keys, parameters and order. */
import type { VocabularyMessages } from './vocabulary-en.js';

export const vocabularyJa = {
  // watch statuses
  'status.wanna_watch': '見たい',
  'status.watching': '見てる',
  'status.watched': '見た',
  'status.on_hold': '一時中断',
  'status.stop_watching': '視聴中止',
  'status.no_select': '未選択',
  'status.set': (p) => `**${p.title}**のステータスを「${p.status}」にしました。`,

  // four-level ratings
  'rating.bad': '良くない',
  'rating.average': '普通',
  'rating.good': '良い',
  'rating.great': 'とても良い',

  // seasons
  'season.name': (p) => `${p.year}年${p.season}`,
  'season.winter': '冬',
  'season.spring': '春',
  'season.summer': '夏',
  'season.autumn': '秋',
  'season.all': (p) => `${p.year}年（通年）`,

  // media
  'media.tv': 'TV',
  'media.ova': 'OVA',
  'media.movie': '映画',
  'media.web': 'Web',
  'media.other': 'その他',

  // counts
  'count.watchers': (p) => `${p.count}人が視聴`,
  'count.records': (p) => `記録${p.count}件`,
  'count.likes': (p) => `いいね${p.count}件`,
} as const satisfies VocabularyMessages;
