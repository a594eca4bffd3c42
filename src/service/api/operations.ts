/**
 * The 16 operations as a table: method, path (under `/<version>`), response wrapper key,
 * the allow-list of parameter names, and the response schema. The table is the one description
 * of the service API: the operation types and the client's methods are derived from it.
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
  activitySchema,
  episodeSchema,
  type Page,
  pageSchema,
  personSchema,
  programSchema,
  recordSchema,
  userSchema,
  workSchema,
} from './schemas.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The type of the params object a parameter list belongs to; never present at run time. */
declare const paramsType: unique symbol;

/** Parameter names that may be sent, in the order they are sent, tagged with their params type. */
export type ParamNames<P> = readonly (keyof P & string)[] & { readonly [paramsType]?: P };

/** `json`: parse with the schema; `success`: 2xx (usually 204) means `true`. */
export type ResponseSpec<R> = JsonResponse<R> | { kind: 'success' };
export interface JsonResponse<R> {
  kind: 'json';
  schema: z.ZodType<R>;
}

export interface OperationSpec<P, R> {
  method: HttpMethod;
  /** Under `/<version>`; `:id` is filled from the `id` parameter. */
  path: string;
  /** Wrapper key of list responses. */
  key?: string;
  params: ParamNames<P>;
  response: ResponseSpec<R>;
  /** Added to a narrowing `fields` list so the schema's required fields stay present. */
  requiredFields: readonly string[];
}

/** What every row of the table has, whatever its params and result. */
interface SpecShape {
  method: HttpMethod;
  path: string;
  key?: string;
  params: readonly string[];
  response: ResponseSpec<unknown>;
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

/** The parameters of an operation whose params object is P (checked against P's keys). */
function sends<P>(names: readonly (keyof P & string)[]): ParamNames<P> {
  return names;
}

function json<R>(schema: z.ZodType<R>): JsonResponse<R> {
  return { kind: 'json', schema };
}

function list<T>(key: string, schema: z.ZodType<T>): JsonResponse<Page<T>> {
  return json(pageSchema(key, schema));
}

const SUCCESS = { kind: 'success' } as const;

/**
 * The one description of the service API: adding a row here adds the operation's types
 * (`ParamsOf`, `ResultOf`) and the client's camelCase method (`search_users` -> `searchUsers`).
 */
export const OPERATIONS = {
  works: {
    method: 'GET',
    path: '/works',
    key: 'works',
    params: sends<WorksParams>([
      ...LIST,
      'filter_ids',
      'filter_season',
      'filter_title',
      'sort_season',
      'sort_watchers_count',
    ]),
    response: list('works', workSchema),
    requiredFields: ID,
  },
  episodes: {
    method: 'GET',
    path: '/episodes',
    key: 'episodes',
    params: sends<EpisodesParams>([...LIST, 'filter_ids', 'filter_work_id', 'sort_sort_number']),
    response: list('episodes', episodeSchema),
    requiredFields: ID,
  },
  people: {
    method: 'GET',
    path: '/people',
    key: 'people',
    params: sends<PeopleParams>([...LIST, 'filter_ids', 'filter_name']),
    response: list('people', personSchema),
    requiredFields: ID,
  },
  records: {
    method: 'GET',
    path: '/records',
    key: 'records',
    params: sends<RecordsParams>([
      ...LIST,
      'filter_ids',
      'filter_episode_id',
      'filter_has_record_comment',
      'sort_likes_count',
    ]),
    response: list('records', recordSchema),
    requiredFields: ID,
  },
  search_users: {
    method: 'GET',
    path: '/users',
    key: 'users',
    params: sends<SearchUsersParams>([...LIST, 'filter_ids', 'filter_usernames']),
    response: list('users', userSchema),
    requiredFields: ID,
  },
  activities: {
    method: 'GET',
    path: '/activities',
    key: 'activities',
    params: sends<ActivitiesParams>(USER_FILTER),
    response: list('activities', activitySchema),
    requiredFields: ID_AND_ACTION,
  },
  followers: {
    method: 'GET',
    path: '/followers',
    key: 'users',
    params: sends<FollowersParams>(USER_FILTER),
    response: list('users', userSchema),
    requiredFields: ID,
  },
  following: {
    method: 'GET',
    path: '/following',
    key: 'users',
    params: sends<FollowingParams>(USER_FILTER),
    response: list('users', userSchema),
    requiredFields: ID,
  },
  me: {
    method: 'GET',
    path: '/me',
    params: sends<MeParams>(['fields']),
    response: json(userSchema),
    requiredFields: ID,
  },
  following_activities: {
    method: 'GET',
    path: '/me/following_activities',
    key: 'activities',
    params: sends<FollowingActivitiesParams>([...LIST, 'filter_actions', 'filter_muted']),
    response: list('activities', activitySchema),
    requiredFields: ID_AND_ACTION,
  },
  my_works: {
    method: 'GET',
    path: '/me/works',
    key: 'works',
    params: sends<MyWorksParams>([
      ...LIST,
      'filter_ids',
      'filter_season',
      'filter_title',
      'filter_status',
      'sort_season',
      'sort_watchers_count',
    ]),
    response: list('works', workSchema),
    requiredFields: ID,
  },
  my_programs: {
    method: 'GET',
    path: '/me/programs',
    key: 'programs',
    params: sends<MyProgramsParams>([
      ...LIST,
      'filter_ids',
      'filter_channel_ids',
      'filter_work_ids',
      'filter_started_at_gt',
      'filter_started_at_lt',
      'filter_unwatched',
      'filter_rebroadcast',
      'sort_started_at',
    ]),
    response: list('programs', programSchema),
    requiredFields: ID,
  },
  create_record: {
    method: 'POST',
    path: '/me/records',
    params: sends<CreateRecordParams>(['episode_id', ...RECORD_CONTENT]),
    response: json(recordSchema),
    requiredFields: [],
  },
  /** The service replaces `comment`: leaving it out clears the record's comment. */
  edit_record: {
    method: 'PATCH',
    path: '/me/records/:id',
    params: sends<EditRecordParams>(RECORD_CONTENT),
    response: json(recordSchema),
    requiredFields: [],
  },
  delete_record: {
    method: 'DELETE',
    path: '/me/records/:id',
    params: sends<DeleteRecordParams>([]),
    response: SUCCESS,
    requiredFields: [],
  },
  set_status: {
    method: 'POST',
    path: '/me/statuses',
    params: sends<SetStatusParams>(['work_id', 'kind']),
    response: SUCCESS,
    requiredFields: [],
  },
} satisfies Record<string, SpecShape>;

type Table = typeof OPERATIONS;
type ParamsOfRow<S> = S extends { params: ParamNames<infer P> } ? P : never;
type ResultOfRow<S> = S extends { response: JsonResponse<infer R> } ? R : true;

/** Type-level view of each operation: its params object and what the client returns. */
export type Operations = {
  [K in keyof Table]: { params: ParamsOfRow<Table[K]>; result: ResultOfRow<Table[K]> };
};
export type OperationName = keyof Operations;
export type ParamsOf<K extends OperationName> = Operations[K]['params'];
export type ResultOf<K extends OperationName> = Operations[K]['result'];
/** Operations that return a Page. */
export type ListOperationName = {
  [K in OperationName]: Operations[K]['result'] extends Page<unknown> ? K : never;
}[OperationName];
export type ItemOf<K extends ListOperationName> = Operations[K]['result'] extends Page<infer T> ? T : never;

/** One operation's row, typed by its name (for code generic over the operation). */
export function operationSpec<K extends OperationName>(name: K): OperationSpec<ParamsOf<K>, ResultOf<K>> {
  const specs: { readonly [N in OperationName]: OperationSpec<ParamsOf<N>, ResultOf<N>> } = OPERATIONS;
  return specs[name];
}

/** Every operation's name, in table order. */
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
/** The client's method for an operation: its name in camelCase (`search_users` -> `searchUsers`). */
export type MethodName<K extends OperationName> = CamelCase<K>;

export function methodName<K extends OperationName>(name: K): MethodName<K> {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) as MethodName<K>;
}

/** A list operation by its spec name or its method name (e.g. `walk('searchUsers', ...)`). */
export type WalkableOperation = ListOperationName | MethodName<ListOperationName>;
export type CanonicalOperation<K extends WalkableOperation> = {
  [N in ListOperationName]: K extends N | MethodName<N> ? N : never;
}[ListOperationName];

export function canonicalOperation<K extends WalkableOperation>(name: K): CanonicalOperation<K> {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) as CanonicalOperation<K>;
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
