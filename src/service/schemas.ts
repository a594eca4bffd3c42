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

export const ACTIVITY_ACTIONS = ['create_record', 'create_multiple_records', 'create_status'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

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

const episodeFields = {
  id,
  number: num,
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
  rating: num,
  rating_state: str,
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

export const programSchema = z.looseObject({
  id,
  started_at: str,
  is_rebroadcast: bool,
  channel: z.looseObject({ id: int, name: str }).nullish(),
  work: workRefSchema.nullish(),
  episode: episodeRefSchema.nullish(),
});
export type Program = z.infer<typeof programSchema>;

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
const createStatusActivitySchema = z.looseObject({
  ...activityBase,
  action: z.literal('create_status'),
  status: z.looseObject({ kind: z.string().nullish() }).nullish(),
});
/** Any action this client does not know (for example `create_review`): kept, never fatal. */
const otherActivitySchema = z.looseObject({
  ...activityBase,
  action: z.string().refine((action) => !(ACTIVITY_ACTIONS as readonly string[]).includes(action), {
    message: 'known action with an unexpected shape',
  }),
});
export const activitySchema = z.union([
  z.discriminatedUnion('action', [
    createRecordActivitySchema,
    createMultipleRecordsActivitySchema,
    createStatusActivitySchema,
  ]),
  otherActivitySchema,
]);
export type CreateRecordActivity = z.infer<typeof createRecordActivitySchema>;
export type CreateMultipleRecordsActivity = z.infer<typeof createMultipleRecordsActivitySchema>;
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
export function isCreateStatusActivity(activity: Activity): activity is CreateStatusActivity {
  return activity.action === 'create_status';
}

/** `GET /oauth/token/info`. `scope` is normalised to a list (Doorkeeper sends one; accept a string too). */
export const tokenInfoSchema = z.looseObject({
  resource_owner_id: z.number().int(),
  scope: z
    .union([z.array(z.string()), z.string()])
    .nullish()
    .transform((scope) => (typeof scope === 'string' ? scope.split(/\s+/).filter(Boolean) : (scope ?? []))),
  expires_in_seconds: int,
  application: z.looseObject({ uid: str }).nullish(),
  created_at: int,
});
export type TokenInfo = z.infer<typeof tokenInfoSchema>;

/** `POST /oauth/token`. `scope` is the space-separated string the server sends. */
export const oauthTokenSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().nullish(),
  scope: z.string().nullish(),
  created_at: int,
});
export type OAuthToken = z.infer<typeof oauthTokenSchema>;

/** One page of a list operation. */
export interface Page<T> {
  items: T[];
  totalCount: number;
  nextPage: number | null;
  prevPage: number | null;
}

const pageNumber = z
  .union([z.number().int(), z.string()])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined || value === '') return null;
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isInteger(n) ? n : null;
  });

/** The list wrapper `{ <key>: [...], total_count, next_page, prev_page }` turned into a Page. */
export function pageSchema<T extends z.ZodType>(key: string, item: T): z.ZodType<Page<z.output<T>>> {
  const items = z.array(item);
  return z
    .looseObject({ total_count: z.number().int().nullish(), next_page: pageNumber, prev_page: pageNumber })
    .transform((wrapper, ctx): Page<z.output<T>> => {
      const parsed = items.safeParse((wrapper as Readonly<Record<string, unknown>>)[key]);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', message: issue.message, path: [key, ...issue.path] });
        }
        return z.NEVER;
      }
      return {
        items: parsed.data,
        totalCount: wrapper.total_count ?? parsed.data.length,
        nextPage: wrapper.next_page,
        prevPage: wrapper.prev_page,
      };
    });
}
