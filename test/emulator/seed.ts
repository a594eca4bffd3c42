import type { EmulatorData } from './data.js';
import { type Media, SEASON_NAMES, type Season, type StatusKind } from './model.js';

/**
 * Fixed demo credentials. They only open the local emulator: random-looking on purpose so
 * that log-redaction tests see realistic values, but they are not secrets.
 */
export const DEMO_TOKENS = {
  alice: 'JksyIFYDqrnXF4hSuLVZgTqcdO32baeFgwfDiuDD6Fc',
  aliceRead: '7evb68UV-ElaMwbi8xDDxraP1vHF_10pkzr3FgbulNQ',
  bob: 'wFVTDT_0i2WBB0_bwFkBOawwmabhl7Y4tPHC9kcR1XY',
  carol: 'bRbrQe79LiMh3_pfKANGt7iQeReertzuRB-tgdbu3xo',
  dave: 'dgfdQbP9giiNhbiCWyo4tCoi7l2-zj11McoBsJkR5m4',
  erin: 'hOM1yWaC_JCWgPOKMTTgCZHOlTivFi2yv6RviJ5IqOk',
} as const;

export const DEMO_USERS = {
  alice: { id: 1, username: 'alice' },
  bob: { id: 2, username: 'bob' },
  carol: { id: 3, username: 'carol' },
  dave: { id: 4, username: 'dave' },
  erin: { id: 5, username: 'erin' },
  frank: { id: 6, username: 'frank' },
  mallory: { id: 7, username: 'mallory' },
} as const;

export const DEMO_OAUTH_CLIENT = {
  id: 'LYqg6NWAoE4FlQVpEo2iPWbR2_9kuyvHzsujCq0XUqI',
  secret: '_c6OSmW3DRhr13y6LgxYDc8cZJfanxtw7thJSX4fi6I',
  name: 'kiroku (emulator)',
} as const;

/** Ids of the hand-made works. */
export const DEMO_WORKS = {
  soraNote: 1,
  haganeMelody: 2,
  houkagoDragon: 3,
  cafeLumina: 4,
  tsukikage: 5,
  isekaiBakery: 6,
  soraNoteMovie: 7,
  sakurazaka: 8,
  yoakeSignal: 9,
  nekoMajo: 10,
  uchuShokudo: 11,
  koshoten: 12,
} as const;

/** The 120 works whose title contains 銀河 have the contiguous ids firstId..lastId. */
export const DEMO_GINGA = { fragment: '銀河', count: 120, firstId: 1001, lastId: 1120 } as const;

export const DEMO_CHANNELS = {
  tokyoMx: 1,
  bs11: 2,
  atx: 3,
  abema: 4,
  nhk: 5,
  dAnime: 6,
} as const;

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
    en: 'Sakurazaka Detective Club',
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
    en: 'Signal at Dawn',
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

const HOUR = 3_600_000;

/** First month of a season, two digits (winter = 01). */
function seasonMonth(season: Season): string {
  return String(1 + 3 * SEASON_NAMES.indexOf(season.name)).padStart(2, '0');
}

function seedUsers(data: EmulatorData): void {
  const profiles: [keyof typeof DEMO_USERS, string, string][] = [
    ['alice', 'アリス', '春アニメを毎日記録しています。'],
    ['bob', 'ボブ', '作画オタク'],
    ['carol', 'キャロル', ''],
    ['dave', 'デイブ', 'のんびり視聴勢'],
    ['erin', 'エリン', ''],
    ['frank', 'フランク', '記録はたまに'],
    ['mallory', 'マロリー', '宣伝アカウント'],
  ];
  profiles.forEach(([key, name, description], i) => {
    const { id, username } = DEMO_USERS[key];
    data.createUser({
      id,
      username,
      name,
      description,
      url: key === 'alice' ? 'https://alice.example.com' : null,
      notificationsCount: key === 'alice' ? 2 : 0,
      createdAt: new Date(Date.UTC(2016 + i, 3, 1 + i, 12, 0, 0)),
    });
  });
  const U = DEMO_USERS;
  const follows: [number, number][] = [
    [U.alice.id, U.bob.id],
    [U.alice.id, U.carol.id],
    [U.alice.id, U.dave.id],
    [U.alice.id, U.mallory.id],
    [U.bob.id, U.alice.id],
    [U.bob.id, U.carol.id],
    [U.carol.id, U.alice.id],
    [U.dave.id, U.alice.id],
    [U.dave.id, U.bob.id],
    [U.erin.id, U.alice.id],
    [U.erin.id, U.carol.id],
    [U.mallory.id, U.alice.id],
  ];
  for (const [a, b] of follows) data.follow(a, b);
  data.mute(U.alice.id, U.mallory.id);
  data.mute(U.bob.id, U.dave.id);
  for (const [key, token] of Object.entries(DEMO_TOKENS)) {
    const user = key === 'aliceRead' ? U.alice : U[key as Exclude<keyof typeof DEMO_TOKENS, 'aliceRead'>];
    data.issueToken(user.id, key === 'aliceRead' ? ['read'] : ['read', 'write'], { token });
  }
}

function seedWorks(data: EmulatorData): void {
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
  // Oddities: a recap without a number, a web episode without a title, OVA numbered by text only.
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

function seedPeople(data: EmulatorData): void {
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

function episodeOf(data: EmulatorData, workId: number, number: number | null): number {
  const episode = data.episodesOfWork(workId).find((e) => e.number === number);
  if (!episode) throw new Error(`seed: no episode ${number} of work ${workId}`);
  return episode.id;
}

/** Statuses, records, reviews and their activities, spread over the three weeks before now. */
function seedHistory(data: EmulatorData, now: Date): void {
  const U = DEMO_USERS;
  let t = now.getTime() - 21 * 24 * HOUR;
  const at = (hours: number): Date => {
    t += hours * HOUR;
    return new Date(t);
  };
  const status = (userId: number, workId: number, kind: StatusKind, hours = 3) =>
    data.setStatus(userId, workId, kind, at(hours));
  const record = (
    userId: number,
    workId: number,
    number: number | null,
    extra: {
      comment?: string;
      rating?: number;
      ratingState?: 'bad' | 'average' | 'good' | 'great';
      likesCount?: number;
    } = {},
  ) => data.createRecord({ userId, episodeId: episodeOf(data, workId, number), createdAt: at(5), ...extra });

  // Old data: the service stopped emitting create_multiple_records years ago, so these are dated 2017
  // and seeded first (the oldest ids).
  data.createMultipleRecords(
    U.alice.id,
    [1, 2, 3, 4, 5].map((n) => episodeOf(data, W.haganeMelody, n)),
    new Date('2017-02-22T13:24:39Z'),
  );
  data.createMultipleRecords(
    U.bob.id,
    [1, 2, 3].map((n) => episodeOf(data, W.haganeMelody, n)),
    new Date('2017-02-23T09:10:00Z'),
  );
  status(U.alice.id, W.houkagoDragon, 'watched');
  status(U.carol.id, W.houkagoDragon, 'watched');
  data.createReview({
    userId: U.carol.id,
    workId: W.houkagoDragon,
    title: '今期いちばんの青春ドラマ',
    body: '竜と少年の友情を丁寧に描いた傑作。最終回は涙なしには見られない。',
    ratingOverallState: 'great',
    ratingAnimationState: 'good',
    ratingMusicState: 'great',
    ratingStoryState: 'great',
    ratingCharacterState: 'good',
    createdAt: at(2),
  });
  record(U.carol.id, W.houkagoDragon, 12, {
    comment: '感動の最終回',
    ratingState: 'great',
    likesCount: 10,
  });
  status(U.alice.id, W.soraNote, 'watching');
  status(U.bob.id, W.soraNote, 'watching');
  status(U.carol.id, W.soraNote, 'watching');
  status(U.alice.id, W.haganeMelody, 'watching');
  status(U.bob.id, W.haganeMelody, 'watched');
  record(U.alice.id, W.soraNote, 1, {
    comment: '最高の第1話！空の色がきれい。',
    ratingState: 'great',
    likesCount: 3,
  });
  record(U.bob.id, W.soraNote, 1, {
    comment: '作画がすごい',
    ratingState: 'great',
    likesCount: 5,
  });
  record(U.carol.id, W.soraNote, 1);
  status(U.alice.id, W.cafeLumina, 'watching');
  status(U.dave.id, W.cafeLumina, 'watching');
  record(U.alice.id, W.cafeLumina, 1, {
    comment: 'カフェの雰囲気が好き',
    ratingState: 'great',
    likesCount: 1,
  });
  record(U.dave.id, W.cafeLumina, 1, { comment: 'のんびり見てる', ratingState: 'bad' });
  record(U.alice.id, W.soraNote, 2);
  record(U.bob.id, W.soraNote, 2, { ratingState: 'average' });
  status(U.alice.id, W.tsukikage, 'wanna_watch');
  status(U.dave.id, W.tsukikage, 'wanna_watch');
  status(U.alice.id, W.isekaiBakery, 'wanna_watch');
  status(U.bob.id, W.isekaiBakery, 'watching');
  status(U.alice.id, W.uchuShokudo, 'on_hold');
  status(U.alice.id, W.nekoMajo, 'stop_watching');
  status(U.bob.id, W.koshoten, 'wanna_watch');
  status(U.carol.id, W.yoakeSignal, 'watching');
  status(U.erin.id, W.soraNote, 'wanna_watch');
  status(U.erin.id, W.koshoten, 'watching');
  record(U.erin.id, W.koshoten, null, { comment: '総集編で復習' });
  status(U.mallory.id, W.soraNote, 'watching');
  record(U.mallory.id, W.soraNote, 2, { comment: '宣伝です！！！ フォローしてね', likesCount: 0 });
  record(U.alice.id, W.soraNote, 3, {
    comment: 'ここから面白くなってきた',
    ratingState: 'good',
    likesCount: 2,
  });
  record(U.carol.id, W.yoakeSignal, 7);
  status(U.alice.id, DEMO_GINGA.firstId, 'wanna_watch');
  status(U.alice.id, DEMO_GINGA.firstId + 1, 'watched');
  // Made with an older app: the deprecated numeric rating and no rating_state.
  record(U.bob.id, W.soraNote, 3, { comment: '三話の演出、鳥肌', rating: 4, likesCount: 4 });
}

/** Broadcasts around now: some past, most within the next 48 hours, a few later. */
function seedPrograms(data: EmulatorData, now: Date): void {
  const names: [number, string][] = [
    [DEMO_CHANNELS.tokyoMx, 'TOKYO MX'],
    [DEMO_CHANNELS.bs11, 'BS11'],
    [DEMO_CHANNELS.atx, 'AT-X'],
    [DEMO_CHANNELS.abema, 'ABEMA'],
    [DEMO_CHANNELS.nhk, 'NHK総合'],
    [DEMO_CHANNELS.dAnime, 'dアニメストア'],
  ];
  for (const [id, name] of names) data.createChannel(name, id);
  const anchor = Math.floor(now.getTime() / (HOUR / 2)) * (HOUR / 2);
  const C = DEMO_CHANNELS;
  const programs: [number, number | null, number, number, boolean][] = [
    // [work, episode number (null = none), channel, hours from now (floored to :00/:30), rebroadcast]
    [W.cafeLumina, 1, C.nhk, -48, false],
    [W.soraNote, 3, C.tokyoMx, -36, false],
    [W.soraNote, 3, C.atx, -30, true],
    [W.soraNote, 4, C.tokyoMx, -12, false],
    [W.haganeMelody, 6, C.abema, -1, false],
    [W.haganeMelody, 6, C.bs11, 1, false],
    [W.soraNote, 4, C.bs11, 2.5, false],
    [W.cafeLumina, 2, C.nhk, 3, false],
    [W.koshoten, 5, C.tokyoMx, 4, false],
    [W.soraNote, 4, C.atx, 6, true],
    [W.isekaiBakery, 3, C.abema, 8, false],
    [W.yoakeSignal, 6, C.dAnime, 10, false],
    [W.tsukikage, 1, C.tokyoMx, 20, false],
    [W.tsukikage, 1, C.atx, 26, false],
    [W.isekaiBakery, null, C.dAnime, 30, false],
    [W.cafeLumina, 2, C.nhk, 45, true],
    [W.tsukikage, 1, C.bs11, 47, true],
    [W.soraNote, 5, C.tokyoMx, 156, false],
    [W.haganeMelody, 7, C.abema, 167, false],
  ];
  for (const [workId, number, channelId, hours, isRebroadcast] of programs) {
    data.createProgram({
      workId,
      episodeId: number === null ? null : episodeOf(data, workId, number),
      channelId,
      startedAt: new Date(anchor + hours * HOUR),
      isRebroadcast,
    });
  }
}

/** The demo data set; everything relative to now comes from data.now() at seeding time. */
export function seedDemo(data: EmulatorData): void {
  const now = data.now();
  seedUsers(data);
  seedWorks(data);
  seedPeople(data);
  seedHistory(data, now);
  seedPrograms(data, now);
}
