/**
 * Parameter lists of the spec's operations, with the spec's snake_case names, each stated once: a
 * list names every parameter with its type, and both the params object's type (`ParamsFrom`) and
 * the allow-list of names the client sends (`sentNames`, in the operations table) derive from it.
 */
import type { ActivityAction, RatingState, StatusKind, WatchStatusFilter } from './schemas.js';

export type SortOrder = 'asc' | 'desc';

/** The value type a parameter carries; never present at run time. */
declare const valueType: unique symbol;

/**
 * One parameter: sent in the query or body (`sent`), or only filling the path's `:id` (`path`);
 * optional unless `required`.
 */
interface Param<T, Required extends boolean = boolean> {
  readonly in: 'sent' | 'path';
  readonly required: Required;
  readonly [valueType]?: T;
}

const optional = <T>(): Param<T, false> => ({ in: 'sent', required: false });
const required = <T>(): Param<T, true> => ({ in: 'sent', required: true });
const pathId = (): Param<number, true> => ({ in: 'path', required: true });

type ValueOf<P> = P extends Param<infer T> ? T : never;
type RequiredKeys<S> = { [K in keyof S]: S[K] extends Param<unknown, true> ? K : never }[keyof S];
type Flat<T> = { [K in keyof T]: T[K] };

/** The params object a parameter list describes. */
type ParamsFrom<S> = Flat<
  { [K in Exclude<keyof S, RequiredKeys<S>>]?: ValueOf<S[K]> } & { [K in RequiredKeys<S>]: ValueOf<S[K]> }
>;

/** The type of the params object a name list belongs to; never present at run time. */
declare const paramsType: unique symbol;

/** Parameter names that may be sent, in the order they are sent, tagged with their params type. */
export type ParamNames<P> = readonly (keyof P & string)[] & { readonly [paramsType]?: P };

/** The names a list sends (not those that only fill the path), in the list's order. */
export function sentNames<S extends Record<string, Param<unknown>>>(list: S): ParamNames<ParamsFrom<S>> {
  return Object.keys(list).filter((name) => list[name]?.in === 'sent') as (keyof ParamsFrom<S> & string)[];
}

/** Accepted by every list operation. */
const LIST = {
  fields: optional<string[]>(),
  page: optional<number>(),
  per_page: optional<number>(),
  sort_id: optional<SortOrder>(),
};

/** Filters that works and my_works share. */
const WORK_FILTERS = {
  filter_ids: optional<number[]>(),
  /** `YYYY-(winter|spring|summer|autumn|all)`. */
  filter_season: optional<string>(),
  filter_title: optional<string>(),
};

/** Sorts that works and my_works share. */
const WORK_SORTS = { sort_season: optional<SortOrder>(), sort_watchers_count: optional<SortOrder>() };

export const WORKS = { ...LIST, ...WORK_FILTERS, ...WORK_SORTS };

export const EPISODES = {
  ...LIST,
  filter_ids: optional<number[]>(),
  filter_work_id: optional<number>(),
  sort_sort_number: optional<SortOrder>(),
};

export const PEOPLE = { ...LIST, filter_ids: optional<number[]>(), filter_name: optional<string>() };

export const RECORDS = {
  ...LIST,
  filter_ids: optional<number[]>(),
  filter_episode_id: optional<number>(),
  /** true keeps only records with a comment, false only those without. */
  filter_has_record_comment: optional<boolean>(),
  sort_likes_count: optional<SortOrder>(),
};

export const SEARCH_USERS = {
  ...LIST,
  filter_ids: optional<number[]>(),
  filter_usernames: optional<string[]>(),
};

/** activities; followers (`filter_user_id=X`: users who follow X); following (users X follows). */
export const USER_FILTER = {
  ...LIST,
  filter_user_id: optional<number>(),
  filter_username: optional<string>(),
};

/**
 * A user's activities (`filter_user_id` = the caller: their own records, reviews and statuses, the
 * one place the service lists what a person recorded). `filter_actions` takes one action, as on
 * `me/following_activities` (rails/app/models/api/v1/activities_index_params.rb).
 */
export const ACTIVITIES = { ...USER_FILTER, filter_actions: optional<ActivityAction>() };

export const ME = { fields: optional<string[]>() };

export const FOLLOWING_ACTIVITIES = {
  ...LIST,
  /**
   * One action: the service validates the whole value, so `a,b` is refused with 400. Filter on
   * the client when several actions are wanted. `create_multiple_records` is accepted but
   * matches only old data.
   */
  filter_actions: optional<ActivityAction>(),
  /** Default true on the service: muted users are excluded. */
  filter_muted: optional<boolean>(),
};

export const MY_WORKS = {
  ...LIST,
  ...WORK_FILTERS,
  filter_status: optional<WatchStatusFilter>(),
  ...WORK_SORTS,
};

export const MY_PROGRAMS = {
  ...LIST,
  filter_ids: optional<number[]>(),
  filter_channel_ids: optional<number[]>(),
  filter_work_ids: optional<number[]>(),
  /** Strictly after; a Date is sent as ISO 8601 UTC. */
  filter_started_at_gt: optional<string | Date>(),
  /** Strictly before; a Date is sent as ISO 8601 UTC. */
  filter_started_at_lt: optional<string | Date>(),
  filter_unwatched: optional<boolean>(),
  filter_rebroadcast: optional<boolean>(),
  sort_started_at: optional<SortOrder>(),
};

/** The editable part of a record. */
const RECORD_CONTENT = {
  comment: optional<string>(),
  /** Deprecated numeric rating (1..5 is kept); people rate with `rating_state` today. */
  rating: optional<number>(),
  rating_state: optional<RatingState>(),
  share_microblog: optional<boolean>(),
  share_network: optional<boolean>(),
};

export const CREATE_RECORD = { episode_id: required<number>(), ...RECORD_CONTENT };

/** Note: the service replaces `comment` and `rating_state` on edit; leaving one out clears it. */
export const EDIT_RECORD = { ...RECORD_CONTENT, id: pathId() };

export const DELETE_RECORD = { id: pathId() };

export const SET_STATUS = { work_id: required<number>(), kind: required<StatusKind>() };

/**
 * Reviews of whole works (`/v1/reviews`): no filter by user; a person's own reviews are their
 * `create_review` activities, or a work's reviews matched on `user.id`.
 */
export const REVIEWS = {
  ...LIST,
  filter_ids: optional<number[]>(),
  filter_work_id: optional<number>(),
  /** true keeps only reviews with a body, false only those without. */
  filter_has_review_body: optional<boolean>(),
  sort_likes_count: optional<SortOrder>(),
};

/**
 * The editable part of a review. The service validates each state as one of the four values (or
 * blank) and replaces all five, and the body, on edit: leaving a state out clears it. The share
 * flags keep the public service's names (reviews are not in the spec); they are validated, then
 * ignored. The deprecated `title` is not offered: the service only prepends it to the body.
 */
const REVIEW_CONTENT = {
  /** Required: a blank body is refused with 400. Trimmed; at most 1,048,596 characters. */
  body: required<string>(),
  rating_overall_state: optional<RatingState>(),
  rating_animation_state: optional<RatingState>(),
  rating_music_state: optional<RatingState>(),
  rating_story_state: optional<RatingState>(),
  rating_character_state: optional<RatingState>(),
  share_twitter: optional<boolean>(),
  share_facebook: optional<boolean>(),
};

export const CREATE_REVIEW = { work_id: required<number>(), ...REVIEW_CONTENT };

/** The review must be the caller's own (someone else's answers 404). */
export const EDIT_REVIEW = { ...REVIEW_CONTENT, id: pathId() };

export const DELETE_REVIEW = { id: pathId() };

/** casts and staffs: a work's credits, in the work's own order with `sort_sort_number`. */
export const CREDITS = {
  ...LIST,
  filter_ids: optional<number[]>(),
  filter_work_id: optional<number>(),
  sort_sort_number: optional<SortOrder>(),
};

/** Accepted by every list operation. */
export type ListParams = ParamsFrom<typeof LIST>;
/** The editable part of a record. */
export type RecordContent = ParamsFrom<typeof RECORD_CONTENT>;
