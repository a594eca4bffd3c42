/**
 * The 16 operations as a table: method, path (under `/<version>`), response wrapper key,
 * the allow-list of parameter names, and the response schema.
 */
import type { z } from 'zod';
import type {
  ActivitiesParams,
  CreateRecordParams,
  DeleteRecordParams,
  EditRecordParams,
  EpisodesParams,
  FollowersParams,
  FollowingActivitiesParams,
  FollowingParams,
  MeParams,
  MyProgramsParams,
  MyWorksParams,
  PeopleParams,
  RecordsParams,
  SearchUsersParams,
  SetStatusParams,
  WorksParams,
} from './params.js';
import {
  type Activity,
  activitySchema,
  type Episode,
  episodeSchema,
  type Page,
  type Person,
  type Program,
  pageSchema,
  personSchema,
  programSchema,
  recordSchema,
  type ServiceRecord,
  type User,
  userSchema,
  type Work,
  workSchema,
} from './schemas.js';

/** Type-level view of each operation: its params object and what the client returns. */
export interface Operations {
  works: { params: WorksParams; result: Page<Work> };
  episodes: { params: EpisodesParams; result: Page<Episode> };
  people: { params: PeopleParams; result: Page<Person> };
  records: { params: RecordsParams; result: Page<ServiceRecord> };
  search_users: { params: SearchUsersParams; result: Page<User> };
  activities: { params: ActivitiesParams; result: Page<Activity> };
  followers: { params: FollowersParams; result: Page<User> };
  following: { params: FollowingParams; result: Page<User> };
  me: { params: MeParams; result: User };
  following_activities: { params: FollowingActivitiesParams; result: Page<Activity> };
  my_works: { params: MyWorksParams; result: Page<Work> };
  my_programs: { params: MyProgramsParams; result: Page<Program> };
  create_record: { params: CreateRecordParams; result: ServiceRecord };
  edit_record: { params: EditRecordParams; result: ServiceRecord };
  delete_record: { params: DeleteRecordParams; result: true };
  set_status: { params: SetStatusParams; result: true };
}

export type OperationName = keyof Operations;
export type ParamsOf<K extends OperationName> = Operations[K]['params'];
export type ResultOf<K extends OperationName> = Operations[K]['result'];
/** Operations that return a Page. */
export type ListOperationName = {
  [K in OperationName]: Operations[K]['result'] extends Page<unknown> ? K : never;
}[OperationName];
export type ItemOf<K extends ListOperationName> = Operations[K]['result'] extends Page<infer T> ? T : never;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface OperationSpec<P, R> {
  method: HttpMethod;
  /** Under `/<version>`; `:id` is filled from the `id` parameter. */
  path: string;
  /** Wrapper key of list responses. */
  key?: string;
  /** Parameter names that may be sent, in the order they are sent. */
  params: readonly (keyof P & string)[];
  /** `json`: parse with the schema; `success`: 2xx (usually 204) means `true`. */
  response: { kind: 'json'; schema: z.ZodType<R> } | { kind: 'success' };
  /** Added to a narrowing `fields` list so the schema's required fields stay present. */
  requiredFields: readonly string[];
}

/** The spec's share flags have other names on the public service's wire. */
export const WIRE_NAMES: Readonly<Partial<Record<string, string>>> = {
  share_microblog: 'share_twitter',
  share_network: 'share_facebook',
};

const LIST = ['fields', 'page', 'per_page', 'sort_id'] as const;
const USER_FILTER = [...LIST, 'filter_user_id', 'filter_username'] as const;
const RECORD_CONTENT = ['comment', 'rating', 'rating_state', 'share_microblog', 'share_network'] as const;
const ID = ['id'] as const;
const ID_AND_ACTION = ['id', 'action'] as const;

function list<T>(key: string, schema: z.ZodType<T>): { kind: 'json'; schema: z.ZodType<Page<T>> } {
  return { kind: 'json', schema: pageSchema(key, schema) };
}

export const OPERATIONS: { readonly [K in OperationName]: OperationSpec<ParamsOf<K>, ResultOf<K>> } = {
  works: {
    method: 'GET',
    path: '/works',
    key: 'works',
    params: [...LIST, 'filter_ids', 'filter_season', 'filter_title', 'sort_season', 'sort_watchers_count'],
    response: list('works', workSchema),
    requiredFields: ID,
  },
  episodes: {
    method: 'GET',
    path: '/episodes',
    key: 'episodes',
    params: [...LIST, 'filter_ids', 'filter_work_id', 'sort_sort_number'],
    response: list('episodes', episodeSchema),
    requiredFields: ID,
  },
  people: {
    method: 'GET',
    path: '/people',
    key: 'people',
    params: [...LIST, 'filter_ids', 'filter_name'],
    response: list('people', personSchema),
    requiredFields: ID,
  },
  records: {
    method: 'GET',
    path: '/records',
    key: 'records',
    params: [...LIST, 'filter_ids', 'filter_episode_id', 'filter_has_record_comment', 'sort_likes_count'],
    response: list('records', recordSchema),
    requiredFields: ID,
  },
  search_users: {
    method: 'GET',
    path: '/users',
    key: 'users',
    params: [...LIST, 'filter_ids', 'filter_usernames'],
    response: list('users', userSchema),
    requiredFields: ID,
  },
  activities: {
    method: 'GET',
    path: '/activities',
    key: 'activities',
    params: USER_FILTER,
    response: list('activities', activitySchema),
    requiredFields: ID_AND_ACTION,
  },
  followers: {
    method: 'GET',
    path: '/followers',
    key: 'users',
    params: USER_FILTER,
    response: list('users', userSchema),
    requiredFields: ID,
  },
  following: {
    method: 'GET',
    path: '/following',
    key: 'users',
    params: USER_FILTER,
    response: list('users', userSchema),
    requiredFields: ID,
  },
  me: {
    method: 'GET',
    path: '/me',
    params: ['fields'],
    response: { kind: 'json', schema: userSchema },
    requiredFields: ID,
  },
  following_activities: {
    method: 'GET',
    path: '/me/following_activities',
    key: 'activities',
    params: [...LIST, 'filter_actions', 'filter_muted'],
    response: list('activities', activitySchema),
    requiredFields: ID_AND_ACTION,
  },
  my_works: {
    method: 'GET',
    path: '/me/works',
    key: 'works',
    params: [
      ...LIST,
      'filter_ids',
      'filter_season',
      'filter_title',
      'filter_status',
      'sort_season',
      'sort_watchers_count',
    ],
    response: list('works', workSchema),
    requiredFields: ID,
  },
  my_programs: {
    method: 'GET',
    path: '/me/programs',
    key: 'programs',
    params: [
      ...LIST,
      'filter_ids',
      'filter_channel_ids',
      'filter_work_ids',
      'filter_started_at_gt',
      'filter_started_at_lt',
      'filter_unwatched',
      'filter_rebroadcast',
      'sort_started_at',
    ],
    response: list('programs', programSchema),
    requiredFields: ID,
  },
  create_record: {
    method: 'POST',
    path: '/me/records',
    params: ['episode_id', ...RECORD_CONTENT],
    response: { kind: 'json', schema: recordSchema },
    requiredFields: [],
  },
  edit_record: {
    method: 'PATCH',
    path: '/me/records/:id',
    params: RECORD_CONTENT,
    response: { kind: 'json', schema: recordSchema },
    requiredFields: [],
  },
  delete_record: {
    method: 'DELETE',
    path: '/me/records/:id',
    params: [],
    response: { kind: 'success' },
    requiredFields: [],
  },
  set_status: {
    method: 'POST',
    path: '/me/statuses',
    params: ['work_id', 'kind'],
    response: { kind: 'success' },
    requiredFields: [],
  },
};

/** camelCase method names accepted wherever an operation name is (e.g. `walk('searchUsers', ...)`). */
export const OPERATION_ALIASES = {
  searchUsers: 'search_users',
  followingActivities: 'following_activities',
  myWorks: 'my_works',
  myPrograms: 'my_programs',
} as const satisfies Record<string, ListOperationName>;
export type ListOperationAlias = keyof typeof OPERATION_ALIASES;
export type WalkableOperation = ListOperationName | ListOperationAlias;
export type CanonicalOperation<K extends WalkableOperation> = K extends ListOperationAlias
  ? (typeof OPERATION_ALIASES)[K]
  : K;

export function canonicalOperation<K extends WalkableOperation>(name: K): CanonicalOperation<K> {
  const alias = (OPERATION_ALIASES as Record<string, ListOperationName>)[name];
  return (alias ?? name) as CanonicalOperation<K>;
}

/** `fields` plus the fields the schema needs, or undefined when the caller did not narrow. */
export function withRequiredFields(
  fields: readonly string[] | undefined,
  required: readonly string[],
): string[] | undefined {
  if (fields === undefined || fields.length === 0) return undefined;
  const out = [...fields];
  for (const name of required) if (!out.includes(name)) out.push(name);
  return out;
}
