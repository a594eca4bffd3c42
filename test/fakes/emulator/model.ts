/** The emulator's in-memory rows. Field names are camelCase; render.ts maps them to the wire. */

export type Scope = 'read' | 'write';
export type Media = 'tv' | 'ova' | 'movie' | 'web' | 'other';
export type SeasonName = 'winter' | 'spring' | 'summer' | 'autumn';
export type StatusKind = 'wanna_watch' | 'watching' | 'watched' | 'on_hold' | 'stop_watching' | 'no_select';
export type RatingState = 'bad' | 'average' | 'good' | 'great';

export const STATUS_KINDS: readonly StatusKind[] = [
  'wanna_watch',
  'watching',
  'watched',
  'on_hold',
  'stop_watching',
  'no_select',
];
export const SEASON_NAMES: readonly SeasonName[] = ['winter', 'spring', 'summer', 'autumn'];
export const RATING_STATES: readonly RatingState[] = ['bad', 'average', 'good', 'great'];

export interface Season {
  year: number;
  name: SeasonName;
}

export interface UserRow {
  id: number;
  username: string;
  name: string;
  description: string;
  url: string | null;
  avatarUrl: string;
  backgroundImageUrl: string;
  email: string;
  notificationsCount: number;
  createdAt: Date;
}

export interface WorkRow {
  id: number;
  title: string;
  titleKana: string;
  titleEn: string;
  media: Media;
  season: Season | null;
  releasedOn: string;
  officialSiteUrl: string;
  wikipediaUrl: string;
  twitterUsername: string;
  twitterHashtag: string;
  syobocalTid: string;
  malAnimeId: string;
  imageUrl: string;
  noEpisodes: boolean;
  /** Watchers from outside the emulated users; statuses add to it. */
  baseWatchersCount: number;
  reviewsCount: number;
}

export interface EpisodeRow {
  id: number;
  workId: number;
  number: number | null;
  numberText: string | null;
  sortNumber: number;
  title: string | null;
}

export interface RecordRow {
  id: number;
  userId: number;
  workId: number;
  episodeId: number;
  comment: string;
  rating: number | null;
  ratingState: RatingState | null;
  isModified: boolean;
  likesCount: number;
  commentsCount: number;
  createdAt: Date;
}

export interface PersonRow {
  id: number;
  name: string;
  nameKana: string;
  nameEn: string;
  nickname: string;
  genderText: string;
  url: string;
  wikipediaUrl: string;
  twitterUsername: string;
  birthday: string;
  bloodType: string;
  height: number | '';
  favoritePeopleCount: number;
  castsCount: number;
  staffsCount: number;
  prefecture: { id: number; name: string } | null;
}

export interface ChannelRow {
  id: number;
  name: string;
}

export interface ProgramRow {
  id: number;
  channelId: number;
  workId: number;
  episodeId: number | null;
  startedAt: Date;
  isRebroadcast: boolean;
}

/** A review of a whole work (a "work record"): one row, also the `review` of its activity. */
export interface ReviewRow {
  id: number;
  userId: number;
  workId: number;
  title: string;
  body: string;
  ratingOverallState: RatingState | null;
  ratingAnimationState: RatingState | null;
  ratingMusicState: RatingState | null;
  ratingStoryState: RatingState | null;
  ratingCharacterState: RatingState | null;
  likesCount: number;
  impressionsCount: number;
  /** Set by an edit. */
  modifiedAt: Date | null;
  createdAt: Date;
}

/** A character of a work, as `casts` embeds it. */
export interface CharacterRow {
  id: number;
  name: string;
  nameKana: string;
  nameEn: string;
  nickname: string;
  nicknameEn: string;
  favoriteCharactersCount: number;
}

/** A studio or other organization, as `staffs` embeds it. */
export interface OrganizationRow {
  id: number;
  name: string;
  nameKana: string;
  nameEn: string;
  url: string;
  wikipediaUrl: string;
  twitterUsername: string;
  favoriteOrganizationsCount: number;
  staffsCount: number;
}

/** A voice credit: `name` is the person's name as credited on this work. */
export interface CastRow {
  id: number;
  workId: number;
  characterId: number;
  personId: number;
  name: string;
  nameEn: string;
  sortNumber: number;
}

/**
 * A staff credit of a person or an organization. `roleText` is what the service sends: the role's
 * Japanese name (rails/config/locales/enumerize.ja.yml), `roleOther` the free text of role その他.
 */
export interface StaffRow {
  id: number;
  workId: number;
  resource: { type: 'person' | 'organization'; id: number };
  name: string;
  nameEn: string;
  roleText: string;
  roleOther: string;
  roleOtherEn: string;
  sortNumber: number;
}

interface ActivityBase {
  id: number;
  userId: number;
  workId: number;
  createdAt: Date;
}

export type ActivityRow =
  | (ActivityBase & { action: 'create_record'; episodeId: number; recordId: number })
  | (ActivityBase & { action: 'create_multiple_records'; recordIds: number[] })
  | (ActivityBase & { action: 'create_status'; kind: StatusKind })
  | (ActivityBase & { action: 'create_review'; review: ReviewRow });

export type ActivityAction = ActivityRow['action'];

export interface TokenRow {
  token: string;
  userId: number;
  scopes: Scope[];
  /** OAuth application uid, or null for a personal access token. */
  applicationUid: string | null;
  createdAt: Date;
  revoked: boolean;
}

export interface AuthorizationCodeRow {
  code: string;
  userId: number;
  scopes: Scope[];
  clientId: string;
  redirectUri: string;
  createdAt: Date;
  used: boolean;
}

export interface OAuthClientRow {
  id: string;
  secret: string;
  name: string;
}
