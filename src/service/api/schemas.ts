/**
 * Response shapes. Every object accepts extra fields and tolerates missing ones: only the
 * top-level `id` is required (the client always asks for it when `fields` narrows a response).
 * Nested objects may be `{}` when `fields` leaves them out, so their schemas are partial.
 */
import { z } from 'zod';

const id = z.number().int();
const str = z.string().nullish();
const int = z.number().int().nullish();
const num = z.number().nullish();
const bool = z.boolean().nullish();

export const STATUS_KINDS = [
  'wanna_watch',
  'watching',
  'watched',
  'on_hold',
  'stop_watching',
  'no_select',
] as const;
export const statusKindSchema = z.enum(STATUS_KINDS);
/** A watch status value accepted by `set_status`. */
export type StatusKind = z.infer<typeof statusKindSchema>;

export const WATCH_STATUS_FILTERS = [
  'wanna_watch',
  'watching',
  'watched',
  'on_hold',
  'stop_watching',
] as const;
export const watchStatusFilterSchema = z.enum(WATCH_STATUS_FILTERS);
/** A value accepted by `my_works`' `filter_status` (every kind except `no_select`). */
export type WatchStatusFilter = z.infer<typeof watchStatusFilterSchema>;

/** The actions the service emits today (`Activity#deprecated_action`); also what `filter_actions` takes. */
export const CURRENT_ACTIVITY_ACTIONS = ['create_record', 'create_review', 'create_status'] as const;
export type CurrentActivityAction = (typeof CURRENT_ACTIVITY_ACTIONS)[number];
/** Every action kiroku knows: today's, plus `create_multiple_records`, found only in old data. */
export const ACTIVITY_ACTIONS = [...CURRENT_ACTIVITY_ACTIONS, 'create_multiple_records'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The four-level rating of records (`rating_state`) and reviews (`rating_*_state`). */
export const RATING_STATES = ['bad', 'average', 'good', 'great'] as const;
export type RatingState = (typeof RATING_STATES)[number];
/** A rating state as sent: a known value is kept, anything else (a future value) becomes null. */
const ratingState = z
  .string()
  .nullable()
  .transform((value): RatingState | null =>
    (RATING_STATES as readonly string[]).includes(value ?? '') ? (value as RatingState) : null,
  )
  .optional();

const imagesSchema = z.looseObject({
  recommended_url: str,
  facebook: z.looseObject({ og_image_url: str }).nullish(),
  twitter: z.looseObject({ mini_avatar_url: str, normal_avatar_url: str, bigger_avatar_url: str }).nullish(),
});

const workFields = {
  id,
  title: str,
  title_kana: str,
  title_en: str,
  media: str,
  media_text: str,
  season_name: str,
  season_name_text: str,
  released_on: str,
  released_on_about: str,
  official_site_url: str,
  wikipedia_url: str,
  twitter_username: str,
  twitter_hashtag: str,
  syobocal_tid: z.union([z.string(), z.number()]).nullish(),
  mal_anime_id: z.union([z.string(), z.number()]).nullish(),
  images: imagesSchema.nullish(),
  episodes_count: int,
  watchers_count: int,
  reviews_count: int,
  no_episodes: bool,
  /** Present on `my_works` items. */
  status: z.looseObject({ kind: z.string().nullish() }).nullish(),
};
export const workSchema = z.looseObject(workFields);
export type Work = z.infer<typeof workSchema>;
const workRefSchema = workSchema.partial();

/**
 * Episode numbers are a float or null today, and a string ("6") in data captured in 2016-17:
 * a numeric string is read as its number, anything else as null (number_text is what is shown).
 */
const episodeNumber = z
  .union([z.number(), z.string()])
  .nullable()
  .transform((value) => {
    if (typeof value !== 'string') return value;
    const n = value.trim() === '' ? Number.NaN : Number(value);
    return Number.isFinite(n) ? n : null;
  })
  .optional();

const episodeFields = {
  id,
  number: episodeNumber,
  number_text: str,
  sort_number: num,
  title: str,
  records_count: int,
  record_comments_count: int,
};
const episodeRefSchema = z.looseObject(episodeFields).partial();
export const episodeSchema = z.looseObject({
  ...episodeFields,
  work: workRefSchema.nullish(),
  prev_episode: episodeRefSchema.nullish(),
  next_episode: episodeRefSchema.nullish(),
});
export type Episode = z.infer<typeof episodeSchema>;

const userFields = {
  id,
  username: str,
  name: str,
  description: str,
  url: str,
  avatar_url: str,
  background_image_url: str,
  records_count: int,
  followings_count: int,
  followers_count: int,
  wanna_watch_count: int,
  watching_count: int,
  watched_count: int,
  on_hold_count: int,
  stop_watching_count: int,
  created_at: str,
  /** `me` only. */
  email: str,
  /** `me` only. */
  notifications_count: int,
};
export const userSchema = z.looseObject(userFields);
export type User = z.infer<typeof userSchema>;
const userRefSchema = userSchema.partial();

const recordFields = {
  id,
  comment: str,
  /** Deprecated float; null on records made with today's apps. */
  rating: num,
  rating_state: ratingState,
  is_modified: bool,
  likes_count: int,
  comments_count: int,
  created_at: str,
};
export const recordSchema = z.looseObject({
  ...recordFields,
  user: userRefSchema.nullish(),
  work: workRefSchema.nullish(),
  episode: episodeRefSchema.nullish(),
});
/** A viewing record (named so it does not shadow TypeScript's `Record`). */
export type ServiceRecord = z.infer<typeof recordSchema>;
const recordRefSchema = z.looseObject(recordFields).partial();

export const personSchema = z.looseObject({
  id,
  name: str,
  name_kana: str,
  name_en: str,
  nickname: str,
  gender_text: str,
  url: str,
  wikipedia_url: str,
  twitter_username: str,
  birthday: str,
  blood_type: str,
  height: z.union([z.number(), z.string()]).nullish(),
  favorite_people_count: int,
  casts_count: int,
  staffs_count: int,
  prefecture: z.looseObject({ id: int, name: str }).nullish(),
});
export type Person = z.infer<typeof personSchema>;
const personRefSchema = personSchema.partial();

/** Names as casts embed a character and staffs an organization (`*_en`: the English ones). */
const namedFields = { id, name: str, name_kana: str, name_en: str };

/** A character a cast member voices (`character` of `casts`). */
export const characterSchema = z.looseObject({
  ...namedFields,
  nickname: str,
  nickname_en: str,
  favorite_characters_count: int,
});
export type Character = z.infer<typeof characterSchema>;

/** A studio or other organization credited as staff (`organization` of `staffs`). */
export const organizationSchema = z.looseObject({
  ...namedFields,
  url: str,
  wikipedia_url: str,
  staffs_count: int,
});
export type Organization = z.infer<typeof organizationSchema>;

/** What every credit of a work has: the name as credited, its place in the work's list, the person. */
const creditFields = {
  id,
  name: str,
  name_en: str,
  sort_number: int,
  work: workRefSchema.nullish(),
  person: personRefSchema.nullish(),
};

/** One voice credit of a work: the character and the person voicing it (`GET /v1/casts`). */
export const castSchema = z.looseObject({ ...creditFields, character: characterSchema.partial().nullish() });
export type Cast = z.infer<typeof castSchema>;

/**
 * One staff credit (`GET /v1/staffs`): `role_text` is the role in the service's words (Japanese,
 * e.g. 監督: `staffRoleOf` in staff-roles.ts gives its key), `role_other` the free text of a role
 * outside the list; a person or an organization (a studio) is credited.
 */
export const staffSchema = z.looseObject({
  ...creditFields,
  role_text: str,
  role_other: str,
  role_other_en: str,
  organization: organizationSchema.partial().nullish(),
});
export type Staff = z.infer<typeof staffSchema>;

export const programSchema = z.looseObject({
  id,
  started_at: str,
  is_rebroadcast: bool,
  channel: z.looseObject({ id: int, name: str }).nullish(),
  work: workRefSchema.nullish(),
  episode: episodeRefSchema.nullish(),
});
export type Program = z.infer<typeof programSchema>;

/** A review (a "work record"): an overall rating state and four part states, a title and a body. */
const reviewFields = {
  id,
  title: str,
  body: str,
  rating_animation_state: ratingState,
  rating_music_state: ratingState,
  rating_story_state: ratingState,
  rating_character_state: ratingState,
  rating_overall_state: ratingState,
  likes_count: int,
  impressions_count: int,
  modified_at: str,
  created_at: str,
};
export const reviewSchema = z.looseObject({
  ...reviewFields,
  user: userRefSchema.nullish(),
  work: workRefSchema.nullish(),
});
export type Review = z.infer<typeof reviewSchema>;
const reviewRefSchema = z.looseObject(reviewFields).partial();

const activityBase = {
  id,
  user: userRefSchema.nullish(),
  created_at: str,
  work: workRefSchema.nullish(),
};
const createRecordActivitySchema = z.looseObject({
  ...activityBase,
  action: z.literal('create_record'),
  episode: episodeRefSchema.nullish(),
  record: recordRefSchema.nullish(),
});
const createMultipleRecordsActivitySchema = z.looseObject({
  ...activityBase,
  action: z.literal('create_multiple_records'),
  multiple_record: z
    .array(z.looseObject({ record: recordRefSchema.nullish(), episode: episodeRefSchema.nullish() }))
    .nullish(),
});
const createReviewActivitySchema = z.looseObject({
  ...activityBase,
  action: z.literal('create_review'),
  review: reviewRefSchema.nullish(),
});
const createStatusActivitySchema = z.looseObject({
  ...activityBase,
  action: z.literal('create_status'),
  status: z.looseObject({ kind: z.string().nullish() }).nullish(),
});
/** Any action this client does not know: kept (shown as one neutral line), never fatal. */
const otherActivitySchema = z.looseObject({
  ...activityBase,
  action: z.string().refine((action) => !(ACTIVITY_ACTIONS as readonly string[]).includes(action), {
    message: 'known action with an unexpected shape',
  }),
});
const knownActivitySchema = z.discriminatedUnion('action', [
  createRecordActivitySchema,
  createMultipleRecordsActivitySchema,
  createReviewActivitySchema,
  createStatusActivitySchema,
]);
/**
 * A known action is parsed by its own shape (so a mismatch names the field that did not fit),
 * any other action by the catch-all.
 */
export const activitySchema = z
  .looseObject({ action: z.string() })
  .transform((value, ctx): z.output<typeof knownActivitySchema> | z.output<typeof otherActivitySchema> => {
    const known = (ACTIVITY_ACTIONS as readonly string[]).includes(value.action);
    const parsed = (known ? knownActivitySchema : otherActivitySchema).safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue });
    return z.NEVER;
  });
export type CreateRecordActivity = z.infer<typeof createRecordActivitySchema>;
export type CreateMultipleRecordsActivity = z.infer<typeof createMultipleRecordsActivitySchema>;
export type CreateReviewActivity = z.infer<typeof createReviewActivitySchema>;
export type CreateStatusActivity = z.infer<typeof createStatusActivitySchema>;
export type OtherActivity = z.infer<typeof otherActivitySchema>;
export type Activity = z.infer<typeof activitySchema>;

// The catch-all's `action: string` keeps `a.action === 'create_record'` from narrowing, so use these.
export function isCreateRecordActivity(activity: Activity): activity is CreateRecordActivity {
  return activity.action === 'create_record';
}
export function isCreateMultipleRecordsActivity(
  activity: Activity,
): activity is CreateMultipleRecordsActivity {
  return activity.action === 'create_multiple_records';
}
export function isCreateReviewActivity(activity: Activity): activity is CreateReviewActivity {
  return activity.action === 'create_review';
}
export function isCreateStatusActivity(activity: Activity): activity is CreateStatusActivity {
  return activity.action === 'create_status';
}

const scopeList = z
  .union([z.array(z.string()), z.string()])
  .nullish()
  .transform((scope) => (typeof scope === 'string' ? scope.split(/\s+/).filter(Boolean) : (scope ?? [])));

/**
 * `GET /oauth/token/info`. Doorkeeper 5.6 sends `scope` (a list) and `expires_in`; older servers
 * (the 2016 docs) sent `scopes` and `expires_in_seconds`. Both are read, into `scope` and
 * `expires_in`, so that a write-scoped token is never taken for a read-only one.
 */
export const tokenInfoSchema = z
  .looseObject({
    resource_owner_id: z.number().int(),
    scope: scopeList,
    scopes: scopeList,
    expires_in: int,
    expires_in_seconds: int,
    application: z.looseObject({ uid: str }).nullish(),
    created_at: int,
  })
  .transform(({ scopes, expires_in_seconds, ...info }) => ({
    ...info,
    scope: info.scope.length > 0 ? info.scope : scopes,
    expires_in: info.expires_in ?? expires_in_seconds ?? null,
  }));
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

/** `POST /oauth/token`. `scope` is the space-separated string the server sends. */
export const oauthTokenSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().nullish(),
  scope: z.string().nullish(),
  created_at: int,
});
export type OAuthToken = z.infer<typeof oauthTokenSchema>;

export { type Page, pageSchema, type SkippedItem } from './page.js';
