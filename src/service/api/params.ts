/** Parameter objects of the spec's operations, with the spec's snake_case names. */
import type { ActivityAction, RatingState, StatusKind, WatchStatusFilter } from './schemas.js';

export type SortOrder = 'asc' | 'desc';

/** Accepted by every list operation. */
export interface ListParams {
  fields?: string[];
  page?: number;
  per_page?: number;
  sort_id?: SortOrder;
}

export interface WorksParams extends ListParams {
  filter_ids?: number[];
  /** `YYYY-(winter|spring|summer|autumn|all)`. */
  filter_season?: string;
  filter_title?: string;
  sort_season?: SortOrder;
  sort_watchers_count?: SortOrder;
}

export interface EpisodesParams extends ListParams {
  filter_ids?: number[];
  filter_work_id?: number;
  sort_sort_number?: SortOrder;
}

export interface PeopleParams extends ListParams {
  filter_ids?: number[];
  filter_name?: string;
}

export interface RecordsParams extends ListParams {
  filter_ids?: number[];
  filter_episode_id?: number;
  /** true keeps only records with a comment, false only those without. */
  filter_has_record_comment?: boolean;
  sort_likes_count?: SortOrder;
}

export interface SearchUsersParams extends ListParams {
  filter_ids?: number[];
  filter_usernames?: string[];
}

export interface UserFilterParams extends ListParams {
  filter_user_id?: number;
  filter_username?: string;
}
export type ActivitiesParams = UserFilterParams;
/** `filter_user_id=X`: users who follow X. */
export type FollowersParams = UserFilterParams;
/** `filter_user_id=X`: users X follows. */
export type FollowingParams = UserFilterParams;

export interface MeParams {
  fields?: string[];
}

export interface FollowingActivitiesParams extends ListParams {
  /**
   * One action: the service validates the whole value, so `a,b` is refused with 400. Filter on
   * the client when several actions are wanted. `create_multiple_records` is accepted but
   * matches only old data.
   */
  filter_actions?: ActivityAction;
  /** Default true on the service: muted users are excluded. */
  filter_muted?: boolean;
}

export interface MyWorksParams extends ListParams {
  filter_ids?: number[];
  filter_season?: string;
  filter_title?: string;
  filter_status?: WatchStatusFilter;
  sort_season?: SortOrder;
  sort_watchers_count?: SortOrder;
}

export interface MyProgramsParams extends ListParams {
  filter_ids?: number[];
  filter_channel_ids?: number[];
  filter_work_ids?: number[];
  /** Strictly after; a Date is sent as ISO 8601 UTC. */
  filter_started_at_gt?: string | Date;
  /** Strictly before; a Date is sent as ISO 8601 UTC. */
  filter_started_at_lt?: string | Date;
  filter_unwatched?: boolean;
  filter_rebroadcast?: boolean;
  sort_started_at?: SortOrder;
}

/** The editable part of a record. */
export interface RecordContent {
  comment?: string;
  /** Deprecated numeric rating (1..5 is kept); people rate with `rating_state` today. */
  rating?: number;
  rating_state?: RatingState;
  share_microblog?: boolean;
  share_network?: boolean;
}

export interface CreateRecordParams extends RecordContent {
  episode_id: number;
}

/** Note: the service replaces `comment` and `rating_state` on edit; leaving one out clears it. */
export interface EditRecordParams extends RecordContent {
  id: number;
}

export interface DeleteRecordParams {
  id: number;
}

export interface SetStatusParams {
  work_id: number;
  kind: StatusKind;
}
