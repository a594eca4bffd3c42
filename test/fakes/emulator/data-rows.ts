/**
 * What a test or a handler gives to create a row, and the row it gets: every field it leaves out
 * takes the service's default here, in one place per table.
 */
import type {
  EpisodeRow,
  PersonRow,
  ProgramRow,
  RatingState,
  RecordRow,
  ReviewRow,
  UserRow,
  WorkRow,
} from './model.js';

export type NewUser = Partial<UserRow> & { username: string };
export type NewWork = Partial<WorkRow> & { title: string };
export type NewEpisode = Partial<EpisodeRow> & { workId: number };
export type NewPerson = Partial<PersonRow> & { name: string };
export type NewProgram = Partial<ProgramRow> & { workId: number; channelId: number; startedAt: Date };
export interface NewRecord {
  userId: number;
  episodeId: number;
  comment?: string;
  rating?: number | null;
  ratingState?: RatingState | null;
  likesCount?: number;
  commentsCount?: number;
  createdAt?: Date;
  /** Default true: also add a create_record activity. */
  activity?: boolean;
}
export interface NewReview {
  userId: number;
  workId: number;
  title?: string;
  body: string;
  ratingOverallState?: RatingState | null;
  ratingAnimationState?: RatingState | null;
  ratingMusicState?: RatingState | null;
  ratingStoryState?: RatingState | null;
  ratingCharacterState?: RatingState | null;
  likesCount?: number;
  createdAt?: Date;
}

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export function userRow(id: number, input: NewUser, now: Date): UserRow {
  return {
    id,
    username: input.username,
    name: input.name ?? input.username,
    description: input.description ?? '',
    url: input.url ?? null,
    avatarUrl: input.avatarUrl ?? `https://emulator.invalid/avatars/${id}.png`,
    backgroundImageUrl: input.backgroundImageUrl ?? `https://emulator.invalid/backgrounds/${id}.png`,
    email: input.email ?? `${input.username}@example.com`,
    notificationsCount: input.notificationsCount ?? 0,
    createdAt: input.createdAt ?? now,
  };
}

export function workRow(id: number, input: NewWork): WorkRow {
  return {
    id,
    title: input.title,
    titleKana: input.titleKana ?? '',
    titleEn: input.titleEn ?? '',
    media: input.media ?? 'tv',
    season: input.season ?? null,
    releasedOn: input.releasedOn ?? '',
    officialSiteUrl: input.officialSiteUrl ?? '',
    wikipediaUrl: input.wikipediaUrl ?? '',
    twitterUsername: input.twitterUsername ?? '',
    twitterHashtag: input.twitterHashtag ?? '',
    syobocalTid: input.syobocalTid ?? '',
    malAnimeId: input.malAnimeId ?? '',
    imageUrl: input.imageUrl ?? '',
    noEpisodes: input.noEpisodes ?? false,
    baseWatchersCount: input.baseWatchersCount ?? 0,
    reviewsCount: input.reviewsCount ?? 0,
  };
}

/** Without a number the episode is numbered after its siblings; sort order follows the same way. */
export function episodeRow(id: number, input: NewEpisode, siblingCount: number): EpisodeRow {
  const number = input.number === undefined ? siblingCount + 1 : input.number;
  return {
    id,
    workId: input.workId,
    number,
    numberText:
      input.numberText === undefined ? (number === null ? null : `第${number}話`) : input.numberText,
    sortNumber: input.sortNumber ?? (siblingCount + 1) * 10,
    title: input.title === undefined ? null : input.title,
  };
}

export function personRow(id: number, input: NewPerson): PersonRow {
  return {
    id,
    name: input.name,
    nameKana: input.nameKana ?? '',
    nameEn: input.nameEn ?? '',
    nickname: input.nickname ?? '',
    genderText: input.genderText ?? '',
    url: input.url ?? '',
    wikipediaUrl: input.wikipediaUrl ?? '',
    twitterUsername: input.twitterUsername ?? '',
    birthday: input.birthday ?? '',
    bloodType: input.bloodType ?? '',
    height: input.height ?? '',
    favoritePeopleCount: input.favoritePeopleCount ?? 0,
    castsCount: input.castsCount ?? 0,
    staffsCount: input.staffsCount ?? 0,
    prefecture: input.prefecture ?? null,
  };
}

export function programRow(id: number, input: NewProgram): ProgramRow {
  return {
    id,
    channelId: input.channelId,
    workId: input.workId,
    episodeId: input.episodeId ?? null,
    startedAt: input.startedAt,
    isRebroadcast: input.isRebroadcast ?? false,
  };
}

export function recordRow(id: number, input: NewRecord, episode: EpisodeRow, now: Date): RecordRow {
  return {
    id,
    userId: input.userId,
    workId: episode.workId,
    episodeId: episode.id,
    comment: input.comment ?? '',
    rating: input.rating ?? null,
    ratingState: input.ratingState ?? null,
    isModified: false,
    likesCount: input.likesCount ?? 0,
    commentsCount: input.commentsCount ?? 0,
    createdAt: input.createdAt ?? now,
  };
}

export function reviewRow(id: number, input: NewReview, createdAt: Date): ReviewRow {
  return {
    id,
    userId: input.userId,
    workId: input.workId,
    title: input.title ?? '',
    body: input.body,
    ratingOverallState: input.ratingOverallState ?? null,
    ratingAnimationState: input.ratingAnimationState ?? null,
    ratingMusicState: input.ratingMusicState ?? null,
    ratingStoryState: input.ratingStoryState ?? null,
    ratingCharacterState: input.ratingCharacterState ?? null,
    likesCount: input.likesCount ?? 0,
    impressionsCount: 0,
    modifiedAt: null,
    createdAt,
  };
}
