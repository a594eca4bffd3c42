/**
 * The operations as a table (the spec's 16, then the public service's reviews and credits): method, path (under `/<version>`), response wrapper key,
 * the allow-list of parameter names, and the response schema. The table is the one description
 * of the service API: the operation types and the client's methods are derived from it.
 */
import type { z } from 'zod';
import {
  ACTIVITIES,
  CREATE_RECORD,
  CREATE_REVIEW,
  CREDITS,
  DELETE_RECORD,
  DELETE_REVIEW,
  EDIT_RECORD,
  EDIT_REVIEW,
  EPISODES,
  FOLLOWING_ACTIVITIES,
  ME,
  MY_PROGRAMS,
  MY_WORKS,
  type ParamNames,
  PEOPLE,
  RECORDS,
  REVIEWS,
  SEARCH_USERS,
  SET_STATUS,
  sentNames,
  USER_FILTER,
  WORKS,
} from './params.js';
import {
  activitySchema,
  castSchema,
  episodeSchema,
  type Page,
  pageSchema,
  personSchema,
  programSchema,
  recordSchema,
  reviewSchema,
  staffSchema,
  userSchema,
  workSchema,
} from './schemas.js';

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** `json`: parse with the schema; `success`: 2xx (usually 204) means `true`. */
type ResponseSpec<R> = JsonResponse<R> | { kind: 'success' };
interface JsonResponse<R> {
  kind: 'json';
  schema: z.ZodType<R>;
}

interface OperationSpec<P, R> {
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

const ID = ['id'] as const;
const ID_AND_ACTION = ['id', 'action'] as const;

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
    params: sentNames(WORKS),
    response: list('works', workSchema),
    requiredFields: ID,
  },
  episodes: {
    method: 'GET',
    path: '/episodes',
    key: 'episodes',
    params: sentNames(EPISODES),
    response: list('episodes', episodeSchema),
    requiredFields: ID,
  },
  people: {
    method: 'GET',
    path: '/people',
    key: 'people',
    params: sentNames(PEOPLE),
    response: list('people', personSchema),
    requiredFields: ID,
  },
  records: {
    method: 'GET',
    path: '/records',
    key: 'records',
    params: sentNames(RECORDS),
    response: list('records', recordSchema),
    requiredFields: ID,
  },
  search_users: {
    method: 'GET',
    path: '/users',
    key: 'users',
    params: sentNames(SEARCH_USERS),
    response: list('users', userSchema),
    requiredFields: ID,
  },
  activities: {
    method: 'GET',
    path: '/activities',
    key: 'activities',
    params: sentNames(ACTIVITIES),
    response: list('activities', activitySchema),
    requiredFields: ID_AND_ACTION,
  },
  followers: {
    method: 'GET',
    path: '/followers',
    key: 'users',
    params: sentNames(USER_FILTER),
    response: list('users', userSchema),
    requiredFields: ID,
  },
  following: {
    method: 'GET',
    path: '/following',
    key: 'users',
    params: sentNames(USER_FILTER),
    response: list('users', userSchema),
    requiredFields: ID,
  },
  me: {
    method: 'GET',
    path: '/me',
    params: sentNames(ME),
    response: json(userSchema),
    requiredFields: ID,
  },
  following_activities: {
    method: 'GET',
    path: '/me/following_activities',
    key: 'activities',
    params: sentNames(FOLLOWING_ACTIVITIES),
    response: list('activities', activitySchema),
    requiredFields: ID_AND_ACTION,
  },
  my_works: {
    method: 'GET',
    path: '/me/works',
    key: 'works',
    params: sentNames(MY_WORKS),
    response: list('works', workSchema),
    requiredFields: ID,
  },
  my_programs: {
    method: 'GET',
    path: '/me/programs',
    key: 'programs',
    params: sentNames(MY_PROGRAMS),
    response: list('programs', programSchema),
    requiredFields: ID,
  },
  create_record: {
    method: 'POST',
    path: '/me/records',
    params: sentNames(CREATE_RECORD),
    response: json(recordSchema),
    requiredFields: [],
  },
  /** The service replaces `comment`: leaving it out clears the record's comment. */
  edit_record: {
    method: 'PATCH',
    path: '/me/records/:id',
    params: sentNames(EDIT_RECORD),
    response: json(recordSchema),
    requiredFields: [],
  },
  delete_record: {
    method: 'DELETE',
    path: '/me/records/:id',
    params: sentNames(DELETE_RECORD),
    response: SUCCESS,
    requiredFields: [],
  },
  set_status: {
    method: 'POST',
    path: '/me/statuses',
    params: sentNames(SET_STATUS),
    response: SUCCESS,
    requiredFields: [],
  },
  // Beyond the spec: the public service's reviews of whole works and a work's credits.
  reviews: {
    method: 'GET',
    path: '/reviews',
    key: 'reviews',
    params: sentNames(REVIEWS),
    response: list('reviews', reviewSchema),
    requiredFields: ID,
  },
  /** The created review (a `create_review` activity appears in the caller's timeline). */
  create_review: {
    method: 'POST',
    path: '/me/reviews',
    params: sentNames(CREATE_REVIEW),
    response: json(reviewSchema),
    requiredFields: [],
  },
  /** The service replaces the body and all five states: leaving a state out clears it. */
  edit_review: {
    method: 'PATCH',
    path: '/me/reviews/:id',
    params: sentNames(EDIT_REVIEW),
    response: json(reviewSchema),
    requiredFields: [],
  },
  delete_review: {
    method: 'DELETE',
    path: '/me/reviews/:id',
    params: sentNames(DELETE_REVIEW),
    response: SUCCESS,
    requiredFields: [],
  },
  casts: {
    method: 'GET',
    path: '/casts',
    key: 'casts',
    params: sentNames(CREDITS),
    response: list('casts', castSchema),
    requiredFields: ID,
  },
  staffs: {
    method: 'GET',
    path: '/staffs',
    key: 'staffs',
    params: sentNames(CREDITS),
    response: list('staffs', staffSchema),
    requiredFields: ID,
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
