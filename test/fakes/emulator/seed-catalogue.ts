/** The catalogue of the demo data set: twelve hand-made works, 120 銀河 works, their episodes and people. */
import type { EmulatorData } from './data.js';
import { type Media, SEASON_NAMES, type Season } from './model.js';
import { DEMO_GINGA, DEMO_WORKS } from './seed-ids.js';

interface WorkSpec {
  id: number;
  title: string;
  kana: string;
  en: string;
  media: Media;
  season: Season | null;
  episodes: number;
  watchers: number;
  hashtag: string;
}

const W = DEMO_WORKS;
const WORKS: WorkSpec[] = [
  {
    id: W.soraNote,
    title: '空色ノート',
    kana: 'そらいろのーと',
    en: 'Sky Blue Notebook',
    media: 'tv',
    season: { year: 2024, name: 'spring' },
    episodes: 12,
    watchers: 4210,
    hashtag: 'soranote',
  },
  {
    id: W.haganeMelody,
    title: '鋼の旋律',
    kana: 'はがねのせんりつ',
    en: 'Melody of Steel',
    media: 'tv',
    season: { year: 2024, name: 'winter' },
    episodes: 24,
    watchers: 3180,
    hashtag: 'hagane_anime',
  },
  {
    id: W.houkagoDragon,
    title: '放課後の竜',
    kana: 'ほうかごのりゅう',
    en: 'The Dragon After School',
    media: 'tv',
    season: { year: 2023, name: 'autumn' },
    episodes: 12,
    watchers: 5120,
    hashtag: '',
  },
  {
    id: W.cafeLumina,
    title: '海辺のカフェ・ルミナ',
    kana: 'うみべのかふぇるみな',
    en: 'Seaside Café Lumina',
    media: 'tv',
    season: { year: 2024, name: 'spring' },
    episodes: 12,
    watchers: 1290,
    hashtag: 'cafe_lumina',
  },
  {
    id: W.tsukikage,
    title: '月影の剣士',
    kana: 'つきかげのけんし',
    en: 'Swordsman of the Moonshadow',
    media: 'tv',
    season: { year: 2024, name: 'summer' },
    episodes: 13,
    watchers: 870,
    hashtag: 'tsukikage',
  },
  {
    id: W.isekaiBakery,
    title: '異世界でもパン屋さん',
    kana: 'いせかいでもぱんやさん',
    en: 'A Bakery Even in Another World',
    media: 'tv',
    season: { year: 2024, name: 'spring' },
    episodes: 12,
    watchers: 2050,
    hashtag: '',
  },
  {
    id: W.soraNoteMovie,
    title: '劇場版 空色ノート 〜約束の夏〜',
    kana: 'げきじょうばんそらいろのーと やくそくのなつ',
    en: 'Sky Blue Notebook the Movie: The Promised Summer',
    media: 'movie',
    season: { year: 2023, name: 'summer' },
    episodes: 0,
    watchers: 1660,
    hashtag: 'soranote',
  },
  {
    id: W.sakurazaka,
    title: '桜坂探偵団',
    kana: 'さくらざかたんていだん',
    // An OVA and a web series the service knows no English title for (title_en is "").
    en: '',
    media: 'ova',
    season: null,
    episodes: 2,
    watchers: 140,
    hashtag: '',
  },
  {
    id: W.yoakeSignal,
    title: '夜明けのシグナル',
    kana: 'よあけのしぐなる',
    en: '',
    media: 'web',
    season: null,
    episodes: 6,
    watchers: 95,
    hashtag: '',
  },
  {
    id: W.nekoMajo,
    title: '猫と魔女の365日',
    kana: 'ねことまじょのさんびゃくろくじゅうごにち',
    en: '365 Days of a Cat and a Witch',
    media: 'tv',
    season: { year: 2024, name: 'winter' },
    episodes: 12,
    watchers: 2330,
    hashtag: 'nekomajo',
  },
  {
    id: W.uchuShokudo,
    title: '宇宙食堂へようこそ',
    kana: 'うちゅうしょくどうへようこそ',
    en: 'Welcome to the Space Diner',
    media: 'tv',
    season: { year: 2023, name: 'autumn' },
    episodes: 12,
    watchers: 610,
    hashtag: '',
  },
  {
    id: W.koshoten,
    title: '古書店の幽霊',
    kana: 'こしょてんのゆうれい',
    en: 'The Ghost of the Old Bookshop',
    media: 'tv',
    season: { year: 2024, name: 'spring' },
    episodes: 10,
    watchers: 480,
    hashtag: 'koshoten',
  },
];

const EPISODE_TITLES = [
  'はじまりの朝',
  '雨上がりの約束',
  '風の手紙',
  '秘密の地図',
  '夕焼けと嘘',
  'ふたりの距離',
  '星を数える夜',
  '迷子の放課後',
  '遠い日の歌',
  '約束の場所',
  '決意',
  'また会う日まで',
];

const GINGA_SERIES: [string, string, string][] = [
  ['銀河鉄道の旅', 'ぎんがてつどうのたび', 'Galactic Railway Journey'],
  ['銀河の果ての喫茶店', 'ぎんがのはてのきっさてん', "The Café at the Galaxy's Edge"],
  ['銀河パトロール隊', 'ぎんがぱとろーるたい', 'Galaxy Patrol Squad'],
  ['銀河アイドル計画', 'ぎんがあいどるけいかく', 'Project Galaxy Idol'],
  ['銀河の歌姫', 'ぎんがのうたひめ', 'Diva of the Galaxy'],
  ['銀河探偵ノヴァ', 'ぎんがたんていのゔぁ', 'Galaxy Detective Nova'],
  ['銀河農園物語', 'ぎんがのうえんものがたり', 'Galaxy Farm Story'],
  ['銀河学園ハイスクール', 'ぎんががくえんはいすくーる', 'Galaxy Academy High'],
  ['銀河の騎士', 'ぎんがのきし', 'Knight of the Galaxy'],
  ['銀河郵便局', 'ぎんがゆうびんきょく', 'Galaxy Post Office'],
  ['銀河キッチン', 'ぎんがきっちん', 'Galaxy Kitchen'],
  ['銀河の約束', 'ぎんがのやくそく', 'Promise of the Galaxy'],
];

/** First month of a season, two digits (winter = 01). */
function seasonMonth(season: Season): string {
  return String(1 + 3 * SEASON_NAMES.indexOf(season.name)).padStart(2, '0');
}

/** The hand-made works first, then the 銀河 series (episode ids follow this order). */
export function seedWorks(data: EmulatorData): void {
  seedHandMadeWorks(data);
  seedOddEpisodes(data);
  seedGingaWorks(data);
}

function seedHandMadeWorks(data: EmulatorData): void {
  WORKS.forEach((spec, i) => {
    data.createWork({
      id: spec.id,
      title: spec.title,
      titleKana: spec.kana,
      titleEn: spec.en,
      media: spec.media,
      season: spec.season,
      releasedOn: spec.season ? `${spec.season.year}-${seasonMonth(spec.season)}-0${1 + (i % 9)}` : '',
      officialSiteUrl: `https://anime-${spec.id}.example.jp/`,
      wikipediaUrl:
        spec.media === 'web' ? '' : `https://ja.wikipedia.org/wiki/${encodeURIComponent(spec.title)}`,
      twitterUsername: spec.hashtag ? `${spec.hashtag}_pr` : '',
      twitterHashtag: spec.hashtag,
      syobocalTid: spec.media === 'tv' ? String(6800 + spec.id) : '',
      malAnimeId: String(50000 + spec.id * 7),
      imageUrl: `https://emulator.invalid/works/${spec.id}.jpg`,
      noEpisodes: spec.episodes === 0,
      baseWatchersCount: spec.watchers,
      reviewsCount: 0,
    });
    for (let n = 1; n <= spec.episodes; n++) {
      // Announced titles run out after episode 12; later ones are not known yet.
      const title =
        spec.id === W.tsukikage && n > 3 ? null : (EPISODE_TITLES[(n - 1 + spec.id) % 12] ?? null);
      data.createEpisode({ workId: spec.id, number: n, numberText: `第${n}話`, sortNumber: n * 10, title });
    }
  });
}

/** Oddities: a recap without a number, a web episode without a title, OVA numbered by text only. */
function seedOddEpisodes(data: EmulatorData): void {
  data.createEpisode({
    workId: W.koshoten,
    number: null,
    numberText: '総集編',
    sortNumber: 55,
    title: 'これまでの物語',
  });
  data.createEpisode({ workId: W.yoakeSignal, number: 7, numberText: '#7', sortNumber: 70, title: null });
  data.createEpisode({
    workId: W.sakurazaka,
    number: null,
    numberText: '特別編',
    sortNumber: 30,
    title: '探偵団、温泉へ行く',
  });
}

/** Twelve series of ten seasons each; only the first two works get episodes. */
function seedGingaWorks(data: EmulatorData): void {
  GINGA_SERIES.forEach(([title, kana, en], s) => {
    for (let k = 1; k <= 10; k++) {
      const i = s * 10 + (k - 1);
      const season: Season | null =
        i % 9 === 4 ? null : { year: 2015 + (i % 10), name: SEASON_NAMES[(i * 7) % 4] ?? 'spring' };
      data.createWork({
        id: DEMO_GINGA.firstId + i,
        title: k === 1 ? title : `${title} 第${k}期`,
        titleKana: k === 1 ? kana : `${kana} だい${k}き`,
        titleEn: k === 1 ? en : `${en} Season ${k}`,
        media: i % 11 === 0 ? 'movie' : i % 7 === 0 ? 'ova' : 'tv',
        season,
        releasedOn: season ? `${season.year}-${seasonMonth(season)}-15` : '',
        baseWatchersCount: ((i * 37) % 500) + 10,
        imageUrl: `https://emulator.invalid/works/${DEMO_GINGA.firstId + i}.jpg`,
      });
    }
  });
  for (const workId of [DEMO_GINGA.firstId, DEMO_GINGA.firstId + 1]) {
    for (let n = 1; n <= 3; n++) data.createEpisode({ workId, number: n, title: `第${n}駅` });
  }
}

export function seedPeople(data: EmulatorData): void {
  const tokyo = { id: 13, name: '東京都' };
  const people: [string, string, string, string, string, number | ''][] = [
    ['星野あかり', 'ほしのあかり', 'Akari Hoshino', '女性', '1996-04-12', 158],
    ['藤原蒼', 'ふじわらあおい', 'Aoi Fujiwara', '男性', '1992-11-03', 174],
    ['高橋みなと', 'たかはしみなと', 'Minato Takahashi', '女性', '', ''],
    ['山田太郎', 'やまだたろう', 'Taro Yamada', '男性', '1975-01-20', ''],
    ['佐藤花子', 'さとうはなこ', 'Hanako Sato', '女性', '1988-07-07', 162],
    ['鈴木一郎', 'すずきいちろう', 'Ichiro Suzuki', '男性', '', 181],
    ['小林さくら', 'こばやしさくら', 'Sakura Kobayashi', '女性', '2000-03-30', ''],
    ['中村ひかる', 'なかむらひかる', 'Hikaru Nakamura', '', '', ''],
  ];
  people.forEach(([name, nameKana, nameEn, genderText, birthday, height], i) => {
    data.createPerson({
      name,
      nameKana,
      nameEn,
      genderText,
      birthday,
      height,
      nickname: i === 0 ? 'あかりん' : '',
      bloodType: i % 3 === 0 ? 'A' : '',
      favoritePeopleCount: 100 - i * 9,
      castsCount: i % 2 === 0 ? 20 + i : 0,
      staffsCount: i % 2 === 1 ? 10 + i : 0,
      prefecture: i % 2 === 0 ? tokyo : null,
    });
  });
}
