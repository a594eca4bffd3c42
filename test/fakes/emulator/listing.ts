import type { EmulatorData } from './data.js';
import { narrowFields, toJson } from './json.js';
import type { Season, TokenRow, UserRow } from './model.js';
import {
  type ApiErrorEntry,
  type ParamReader,
  SERVICE_FAILED_MESSAGE,
  type SeasonFilter,
  type SortDirection,
} from './params.js';
import type { JsonObject, JsonValue } from './render.js';

/** What a handler answers; server.ts writes it out (and may spoil it when a fault is on). */
export interface ApiResponse {
  status: number;
  /** JSON text, or undefined for an empty body. */
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface ApiContext {
  data: EmulatorData;
  params: ParamReader;
  user: UserRow;
  token: TokenRow;
  /** `:id` of /v1/me/records/:id and /v1/me/reviews/:id. */
  id?: string;
}

export type Handler = (ctx: ApiContext) => ApiResponse;

export function json(status: number, value: JsonValue): ApiResponse {
  return { status, body: toJson(value), contentType: 'application/json; charset=utf-8' };
}

export function invalidParams(errors: ApiErrorEntry[]): ApiResponse {
  return json(400, { errors: errors.map((e) => ({ ...e })) });
}

export function notFound(): ApiResponse {
  return json(404, {
    errors: [
      {
        type: 'unknown_route',
        message: SERVICE_FAILED_MESSAGE,
        developer_message: '404 Not Found',
      },
    ],
  });
}

/** One sort parameter and the value it orders by (null sorts last on asc, first on desc). */
export interface SortKey<T> {
  param: string;
  value: (item: T) => number | null;
}

/**
 * Orders items: `sort_id` wins when present; otherwise the other sorts that were sent apply in
 * the order given, with id ascending breaking ties; without any sort, id ascending.
 */
export function sortItems<T extends { id: number }>(
  items: T[],
  params: ParamReader,
  keys: SortKey<T>[],
): T[] {
  const sortId = params.sort('sort_id');
  const chosen: { value: (item: T) => number | null; dir: SortDirection }[] = [];
  for (const key of keys) {
    const dir = params.sort(key.param);
    if (dir) chosen.push({ value: key.value, dir });
  }
  if (sortId) return [...items].sort((a, b) => (sortId === 'asc' ? a.id - b.id : b.id - a.id));
  return [...items].sort((a, b) => {
    for (const { value, dir } of chosen) {
      const va = value(a);
      const vb = value(b);
      if (va === vb) continue;
      if (va === null) return dir === 'asc' ? 1 : -1;
      if (vb === null) return dir === 'asc' ? -1 : 1;
      return dir === 'asc' ? va - vb : vb - va;
    }
    return a.id - b.id;
  });
}

/**
 * Finishes a list operation: validation errors first, then paging and `fields`.
 * `next_page` is null only on the last page; a page past the end still points one further.
 */
export function listResponse<T extends { id: number }>(
  ctx: ApiContext,
  key: string,
  items: T[],
  render: (item: T) => JsonObject,
  sorts: SortKey<T>[] = [],
): ApiResponse {
  const { page, perPage } = ctx.params.paging();
  const fields = ctx.params.fields();
  const ordered = sortItems(items, ctx.params, sorts);
  if (ctx.params.errors.length > 0) return invalidParams(ctx.params.errors);
  const total = ordered.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const slice = ordered.slice((page - 1) * perPage, page * perPage);
  const rendered = slice.map((item) => {
    const full = render(item);
    return fields ? narrowFields(full, fields) : full;
  });
  return json(200, {
    [key]: rendered,
    total_count: total,
    next_page: page === lastPage ? null : page + 1,
    prev_page: page > 1 ? page - 1 : null,
  });
}

/** A single resource with `fields` applied. */
export function single(ctx: ApiContext, value: JsonObject): ApiResponse {
  const fields = ctx.params.fields();
  if (ctx.params.errors.length > 0) return invalidParams(ctx.params.errors);
  return json(200, fields ? narrowFields(value, fields) : value);
}

const SEASON_ORDER = { winter: 1, spring: 2, summer: 3, autumn: 4 } as const;

export function seasonSortValue(season: Season | null): number | null {
  return season ? season.year * 10 + SEASON_ORDER[season.name] : null;
}

export function matchesSeason(season: Season | null, filter: SeasonFilter): boolean {
  if (!season || season.year !== filter.year) return false;
  return filter.name === 'all' || season.name === filter.name;
}

/** Case-insensitive substring match on any of the given texts. */
export function containsText(needle: string, ...haystacks: string[]): boolean {
  const n = needle.toLowerCase();
  return haystacks.some((h) => h.toLowerCase().includes(n));
}
