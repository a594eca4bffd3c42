/** Sample data for the picture tests and the docs' images: a lively week and a season, titles in every script. */
import type { SeasonCard, WeeklySummary } from '#src/pictures/index.js';

/** Cover paths the tests serve (from a loopback stub) under their base URL. */
export const COVER_PATHS = [
  '/covers/1.png',
  '/covers/2.png',
  '/covers/3.png',
  '/covers/4.png',
  '/covers/5.png',
] as const;

export function sampleWeek(coverBase: string): WeeklySummary {
  const coverUrl = (index: number) => `${coverBase}${COVER_PATHS[index]}`;
  return {
    server: { name: 'アニメ同好会 🎬 Anime Club' },
    week: { start: '2026-11-16', end: '2026-11-22' },
    totals: { episodes: 128, members: 14 },
    sharers: [
      { name: 'mika', episodes: 31 },
      { name: 'たろう', episodes: 24 },
      { name: 'Ren ✨', episodes: 17 },
      { name: 'さくら🌸', episodes: 12 },
      { name: 'سارة', episodes: 9 },
      { name: 'Alexandria-Konstantinopolous the Third', episodes: 6 },
      { name: 'ken', episodes: 2 },
    ],
    topWorks: [
      {
        title: '葬送のフリーレン',
        titleEn: 'Frieren: Beyond Journey’s End',
        coverUrl: coverUrl(0),
        episodes: 23,
        members: 6,
      },
      { title: '薬屋のひとりごと', coverUrl: coverUrl(1), episodes: 17, members: 5 },
      { title: '鬼滅の刃 刀鍛冶の里編', coverUrl: coverUrl(2), episodes: 12, members: 4 },
      { title: 'ダンジョン飯', coverUrl: `${coverBase}/covers/missing.png`, episodes: 9, members: 3 },
      { title: '【推しの子】🌟 第2期', coverUrl: coverUrl(4), episodes: 7, members: 3 },
    ],
    ratings: { great: 41, good: 33, average: 9, bad: 2 },
    mostCommented: {
      work: { title: '葬送のフリーレン', titleEn: 'Frieren: Beyond Journey’s End' },
      episode: { number: 5, numberText: '第5話', title: '死者の幻影' },
      comments: 12,
    },
  };
}

export function sampleSeason(coverBase: string): SeasonCard {
  const coverUrl = (index: number) => `${coverBase}${COVER_PATHS[index]}`;
  return {
    user: { name: 'mika 🍡' },
    season: { year: 2026, name: 'autumn' },
    episodes: 86,
    works: { finished: 7, watched: 12 },
    topRated: [
      {
        title: '葬送のフリーレン',
        titleEn: 'Frieren: Beyond Journey’s End',
        coverUrl: coverUrl(0),
        rating: 'great',
      },
      { title: '薬屋のひとりごと', coverUrl: coverUrl(1), rating: 'great' },
      { title: '呪術廻戦 死滅回游 前編', coverUrl: coverUrl(2), rating: 'good' },
      { title: 'ダンジョン飯', coverUrl: coverUrl(3), rating: 'good' },
      { title: 'ぼっち・ざ・ろっく！', coverUrl: null, rating: 'average' },
    ],
  };
}
