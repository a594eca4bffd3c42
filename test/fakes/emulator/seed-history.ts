/** What the demo users did in the three weeks before now, and the broadcasts around now. */
import { chooseChannel } from './chosen-channels.js';
import type { EmulatorData } from './data.js';
import { storeReview } from './data-reviews.js';
import type { StatusKind } from './model.js';
import { DEMO_CHANNELS, DEMO_GINGA, DEMO_USERS, DEMO_WORKS } from './seed-ids.js';

const U = DEMO_USERS;
const W = DEMO_WORKS;
const HOUR = 3_600_000;

function episodeOf(data: EmulatorData, workId: number, number: number | null): number {
  const episode = data.episodesOfWork(workId).find((e) => e.number === number);
  if (!episode) throw new Error(`seed: no episode ${number} of work ${workId}`);
  return episode.id;
}

type RecordExtra = {
  comment?: string;
  rating?: number;
  ratingState?: 'bad' | 'average' | 'good' | 'great';
  likesCount?: number;
};

/**
 * Writes the history in order on one clock: each status moves the clock on by `hours` (3 by
 * default), each record by 5. Steps below must run in the order given, since ids and times follow it.
 */
interface HistoryPen {
  data: EmulatorData;
  at(hours: number): Date;
  status(userId: number, workId: number, kind: StatusKind, hours?: number): void;
  record(userId: number, workId: number, number: number | null, extra?: RecordExtra): void;
}

function historyPen(data: EmulatorData, now: Date): HistoryPen {
  let t = now.getTime() - 21 * 24 * HOUR;
  const at = (hours: number): Date => {
    t += hours * HOUR;
    return new Date(t);
  };
  return {
    data,
    at,
    status: (userId, workId, kind, hours = 3) => data.setStatus(userId, workId, kind, at(hours)),
    record: (userId, workId, number, extra = {}) => {
      data.createRecord({ userId, episodeId: episodeOf(data, workId, number), createdAt: at(5), ...extra });
    },
  };
}

/** Statuses, records, reviews and their activities, spread over the three weeks before now. */
export function seedHistory(data: EmulatorData, now: Date): void {
  seedBulkRecordsOf2017(data);
  const pen = historyPen(data, now);
  seedFinishedDragon(pen);
  seedSpringPremieres(pen);
  seedBacklogs(pen);
  seedLatestEpisodes(pen);
}

/**
 * Old data: the service stopped emitting create_multiple_records years ago, so these are dated
 * 2017 and seeded first (the oldest ids).
 */
function seedBulkRecordsOf2017(data: EmulatorData): void {
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
}

/** Last season's 放課後の竜: watched by alice and carol, with carol's review and finale record. */
function seedFinishedDragon({ data, at, status, record }: HistoryPen): void {
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
}

/** This season's openers: 空色ノート and the café, episodes 1 and 2, with comments and ratings. */
function seedSpringPremieres({ status, record }: HistoryPen): void {
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
}

/** Every other status kind, erin's recap and mallory's spam record. */
function seedBacklogs({ status, record }: HistoryPen): void {
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
}

/** The newest entries: 空色ノート episode 3, the untitled web episode, two 銀河 statuses. */
function seedLatestEpisodes({ status, record }: HistoryPen): void {
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

/**
 * Reviews their authors dated themselves (as supporters may): the service puts these in no
 * timeline, so they have no activity and the feed above stays as it is. The movie has two, one of
 * them a rating without words; alice reviewed last season's 放課後の竜.
 */
export function seedDatedReviews(data: EmulatorData, now: Date): void {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * HOUR);
  storeReview(data, {
    userId: U.alice.id,
    workId: W.houkagoDragon,
    body: '竜の作画が毎話すばらしかった。終盤の展開も納得。',
    ratingOverallState: 'good',
    ratingAnimationState: 'great',
    ratingMusicState: 'good',
    ratingStoryState: 'good',
    ratingCharacterState: 'great',
    createdAt: daysAgo(40),
  });
  storeReview(data, {
    userId: U.bob.id,
    workId: W.soraNoteMovie,
    body: 'TV版を見た人へのご褒美。夏の空の色が劇場の大画面に映える。',
    ratingOverallState: 'great',
    ratingAnimationState: 'great',
    likesCount: 7,
    createdAt: daysAgo(200),
  });
  storeReview(data, {
    userId: U.dave.id,
    workId: W.soraNoteMovie,
    body: '',
    ratingOverallState: 'average',
    createdAt: daysAgo(190),
  });
}

/** Broadcasts around now: some past, most within the next 48 hours, a few later. */
export function seedPrograms(data: EmulatorData, now: Date): void {
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

/**
 * The broadcast channel each demo library entry chose at the service (what its unwatched filter
 * reads). Bob's 異世界ベーカリー and erin's entries chose none: their backlogs stay empty, as
 * happens on the service to anyone who never picked a channel.
 */
export function seedChosenChannels(data: EmulatorData): void {
  const C = DEMO_CHANNELS;
  const choices: [number, number, number][] = [
    [U.alice.id, W.soraNote, C.tokyoMx],
    [U.alice.id, W.haganeMelody, C.abema],
    [U.alice.id, W.cafeLumina, C.nhk],
    [U.alice.id, W.tsukikage, C.tokyoMx],
    [U.alice.id, W.isekaiBakery, C.abema],
    [U.bob.id, W.soraNote, C.tokyoMx],
    [U.carol.id, W.soraNote, C.tokyoMx],
    [U.carol.id, W.yoakeSignal, C.dAnime],
    [U.dave.id, W.cafeLumina, C.nhk],
  ];
  for (const [userId, workId, channelId] of choices) chooseChannel(data, userId, workId, channelId);
}
