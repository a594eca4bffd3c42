import type { SeasonName } from './model.js';

/** One entry of a 400 body; record validation leaves developer_message out. */
export interface ApiErrorEntry {
  type: 'invalid_params';
  message: string;
  developer_message?: string;
}

export type SortDirection = 'asc' | 'desc';

/**
 * What the service says in `message` for a refused parameter and for a 404 ("the request
 * failed"); the details are in `developer_message` (rails/app/controllers/api/v1/application_controller.rb).
 */
export const SERVICE_FAILED_MESSAGE = 'リクエストに失敗しました';

export interface SeasonFilter {
  year: number;
  name: SeasonName | 'all';
}

export const MAX_PER_PAGE = 50;
export const DEFAULT_PER_PAGE = 25;

/**
 * Reads request parameters the way the service validates them: blank values count as absent,
 * each failed check adds one invalid_params entry, unknown parameters are ignored.
 */
export class ParamReader {
  readonly errors: ApiErrorEntry[] = [];

  constructor(private readonly values: ReadonlyMap<string, string>) {}

  has(name: string): boolean {
    return this.str(name) !== undefined;
  }

  /** The raw value, whitespace kept; blank means absent. */
  str(name: string): string | undefined {
    const value = this.values.get(name);
    return value === undefined || value.trim() === '' ? undefined : value;
  }

  /** The raw value even when blank (for comments, where "" is meaningful). */
  raw(name: string): string | undefined {
    return this.values.get(name);
  }

  fail(_name: string, developerMessage: string, message = SERVICE_FAILED_MESSAGE): void {
    this.errors.push({ type: 'invalid_params', message, developer_message: developerMessage });
  }

  int(name: string, opts: { min?: number; max?: number } = {}): number | undefined {
    const value = this.str(name);
    if (value === undefined) return undefined;
    const n = /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    const { min, max } = opts;
    if (!Number.isSafeInteger(n) || (min !== undefined && n < min) || (max !== undefined && n > max)) {
      const range =
        min !== undefined && max !== undefined
          ? ` between ${min} and ${max}`
          : min !== undefined
            ? ` greater than or equal to ${min}`
            : '';
      this.fail(name, `${name} must be an integer${range}.`);
      return undefined;
    }
    return n;
  }

  float(name: string): number | undefined {
    const value = this.str(name);
    if (value === undefined) return undefined;
    const n = /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    if (!Number.isFinite(n)) {
      this.fail(name, `${name} must be a number.`);
      return undefined;
    }
    return n;
  }

  intList(name: string): number[] | undefined {
    const value = this.str(name);
    if (value === undefined) return undefined;
    const parts = value
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (!parts.every((p) => /^\d+$/.test(p))) {
      this.fail(name, `${name} must be a comma-separated list of integers.`);
      return undefined;
    }
    return parts.map(Number);
  }

  strList(name: string): string[] | undefined {
    const value = this.str(name);
    if (value === undefined) return undefined;
    return value
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
  }

  bool(name: string): boolean | undefined {
    const value = this.str(name);
    if (value === undefined) return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    this.fail(name, `${name} must be true or false.`);
    return undefined;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.str(name);
    if (value === undefined) return undefined;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.fail(name, `${name} must be one of ${allowed.join(', ')}.`);
    return undefined;
  }

  sort(name: string): SortDirection | undefined {
    return this.oneOf(name, ['asc', 'desc'] as const);
  }

  season(name: string): SeasonFilter | undefined {
    const value = this.str(name);
    if (value === undefined) return undefined;
    const match = /^(\d{4})-(winter|spring|summer|autumn|all)$/.exec(value);
    if (!match) {
      this.fail(name, `${name} must look like 2017-winter (winter, spring, summer, autumn or all).`);
      return undefined;
    }
    return { year: Number(match[1]), name: match[2] as SeasonName | 'all' };
  }

  datetime(name: string): Date | undefined {
    const value = this.str(name);
    if (value === undefined) return undefined;
    const ok = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(
      value.trim(),
    );
    const date = new Date(value.trim());
    if (!ok || Number.isNaN(date.getTime())) {
      this.fail(name, `${name} must be an ISO 8601 date-time.`);
      return undefined;
    }
    return date;
  }

  /** page and per_page with the service's defaults and limits. */
  paging(): { page: number; perPage: number } {
    const page = this.int('page', { min: 1 }) ?? 1;
    const perPage = this.int('per_page', { min: 1, max: MAX_PER_PAGE }) ?? DEFAULT_PER_PAGE;
    return { page, perPage };
  }

  fields(): string[] | undefined {
    const list = this.strList('fields');
    return list && list.length > 0 ? list : undefined;
  }
}

/** Merges query parameters with a parsed body (body wins), all as strings. */
export function collectParams(
  query: URLSearchParams,
  body: ReadonlyMap<string, string>,
): Map<string, string> {
  const merged = new Map<string, string>();
  for (const [key, value] of query) merged.set(key, value);
  for (const [key, value] of body) merged.set(key, value);
  return merged;
}

/** Parses a JSON or form body into string parameters; anything else yields none. */
export function parseBody(contentType: string | undefined, body: string): Map<string, string> | 'invalid' {
  const result = new Map<string, string>();
  if (body.trim() === '') return result;
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return 'invalid';
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'invalid';
    for (const [key, value] of Object.entries(parsed)) {
      if (value === null || value === undefined) continue;
      result.set(key, Array.isArray(value) ? value.map(String).join(',') : String(value));
    }
    return result;
  }
  if (type === 'application/x-www-form-urlencoded' || type === '' || type === undefined) {
    for (const [key, value] of new URLSearchParams(body)) result.set(key, value);
  }
  return result;
}
