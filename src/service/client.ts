/**
 * The service client: the spec's operations as typed methods over the operations table,
 * the token as a Bearer header, every attempt through the request budget.
 */
import type { Logger } from '../logger.js';
import {
  type CanonicalOperation,
  canonicalOperation,
  type ItemOf,
  methodName,
  OPERATION_NAMES,
  type OperationName,
  operationSpec,
  type ParamsOf,
  type ResultOf,
  type WalkableOperation,
  WIRE_NAMES,
  withRequiredFields,
} from './api/operations.js';
import { DEFAULT_WALK_PER_PAGE, type WalkOptions, walkItems } from './api/paging.js';
import { encodeParams, serializeParams, toQueryString } from './api/query.js';
import type { Page, SkippedItem } from './api/schemas.js';
import type { CallOptions, OperationMethods } from './methods.js';
import {
  type EpisodeScope,
  episodeScope,
  type RecordScope,
  recordScope,
  type UserScope,
  userScope,
  type WorkScope,
  workScope,
} from './scoped.js';
import type { RequestBudget } from './wire/budget.js';
import {
  errorFromResponse,
  type HttpResponse,
  HttpTransport,
  isSuccess,
  parseJsonBody,
} from './wire/http.js';
import {
  callWithRetry,
  type RequestObserver,
  type ResolvedRetry,
  type RetryOptions,
  resolveRetry,
} from './wire/retry.js';

export type { CallOptions } from './methods.js';

/** Told when a list page left malformed items out (metrics). */
export type SkippedItemsObserver = (event: { operation: string; count: number }) => void;

export interface ServiceClientOptions {
  /** e.g. `https://api.annict.com` or the emulator's `http://127.0.0.1:PORT` (a path prefix is kept). */
  baseUrl: string;
  /** Version path segment (default `v1`). */
  apiVersion?: string;
  budget: RequestBudget;
  /** Per attempt, headers and body included (default 10000). */
  timeoutMs?: number;
  logger?: Logger;
  /** Told about every attempt (metrics). */
  observe?: RequestObserver;
  /** Told about malformed list items that were skipped (metrics). */
  observeSkippedItems?: SkippedItemsObserver;
  retry?: RetryOptions;
  /** Share pools with the OAuth client; otherwise the client owns one. */
  http?: HttpTransport;
  userAgent?: string;
}

/** One method per row of the operations table (`works`, `searchUsers`, ...), installed below the class. */
export interface ServiceClient extends OperationMethods {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the loop after the class defines every OperationMethods member.
export class ServiceClient {
  private readonly base: URL;
  private readonly prefix: string;
  private readonly budget: RequestBudget;
  private readonly timeoutMs: number;
  private readonly logger: Logger | undefined;
  private readonly observe: RequestObserver | undefined;
  private readonly observeSkippedItems: SkippedItemsObserver | undefined;
  private readonly retry: ResolvedRetry;
  private readonly http: HttpTransport;
  private readonly ownsHttp: boolean;
  private readonly userAgent: string;

  constructor(options: ServiceClientOptions) {
    this.base = new URL(options.baseUrl);
    const version = (options.apiVersion ?? 'v1').replace(/^\/+|\/+$/g, '');
    this.prefix = `${this.base.pathname.replace(/\/+$/, '')}/${version}`;
    this.budget = options.budget;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.logger = options.logger;
    this.observe = options.observe;
    this.observeSkippedItems = options.observeSkippedItems;
    this.retry = resolveRetry(options.retry);
    this.http = options.http ?? new HttpTransport();
    this.ownsHttp = options.http === undefined;
    this.userAgent = options.userAgent ?? 'kiroku';
  }

  /** Any operation by its spec name. */
  request<K extends OperationName>(
    operation: K,
    params: ParamsOf<K>,
    call: CallOptions,
  ): Promise<ResultOf<K>> {
    const spec = operationSpec(operation);
    const source = params as Readonly<Record<string, unknown>>;
    const fields = withRequiredFields(source.fields as string[] | undefined, spec.requiredFields);
    const sendable = fields === undefined ? params : { ...params, fields };
    const search = serializeParams(sendable, spec.params, WIRE_NAMES);
    const path = spec.path.replace(/:id\b/, () => encodeURIComponent(String(source.id)));
    const url = new URL(`${this.prefix}${path}`, this.base);
    const hasBody = spec.method === 'POST' || spec.method === 'PATCH';
    if (!hasBody) url.search = toQueryString(search);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.userAgent };
    if (call.token !== '') headers.authorization = `Bearer ${call.token}`;
    if (hasBody) headers['content-type'] = 'application/x-www-form-urlencoded';
    const body = hasBody ? encodeParams(search) : undefined;

    const interpret = (response: HttpResponse): ResultOf<K> => {
      if (!isSuccess(response.status)) throw errorFromResponse(operation, response);
      if (spec.response.kind === 'success') return true as ResultOf<K>;
      const result = parseJsonBody(operation, response, spec.response.schema);
      const skipped = (result as { skipped?: SkippedItem[] }).skipped;
      if (skipped !== undefined) this.reportSkipped(operation, skipped);
      return result;
    };

    return callWithRetry({
      operation,
      method: spec.method,
      priority: call.priority,
      maxWaitMs: call.maxWaitMs,
      person: call.person ?? undefined,
      yieldOverShare: call.yieldOverShare,
      shareReserve: call.shareReserve,
      budget: this.budget,
      logger: this.logger,
      observe: this.observe,
      retry: this.retry,
      send: () =>
        this.http.send({
          operation,
          method: spec.method,
          url,
          headers,
          ...(body === undefined ? {} : { body }),
          timeoutMs: this.timeoutMs,
        }),
      interpret,
    });
  }

  /** Positions, paths and zod codes only: an item's content may be personal, so it is never logged. */
  private reportSkipped(operation: OperationName, skipped: readonly SkippedItem[]): void {
    this.logger?.warn({ operation, skipped }, 'service list: malformed items left out');
    this.observeSkippedItems?.({ operation, count: skipped.length });
  }

  user(userId: number): UserScope {
    return userScope(this, userId);
  }
  work(workId: number): WorkScope {
    return workScope(this, workId);
  }
  episode(episodeId: number): EpisodeScope {
    return episodeScope(this, episodeId);
  }
  record(recordId: number): RecordScope {
    return recordScope(this, recordId);
  }

  /**
   * Every item of every page, with a fixed per_page and sort_id (default `asc`; left out when the
   * caller chose another sort, since sort_id would win over it). `page` in params is ignored.
   */
  walk<K extends WalkableOperation>(
    operation: K,
    params: Omit<ParamsOf<CanonicalOperation<K>>, 'page' | 'per_page'>,
    call: CallOptions,
    options: WalkOptions = {},
  ): AsyncGenerator<ItemOf<CanonicalOperation<K>>, void, undefined> {
    const name = canonicalOperation(operation);
    const source = params as Readonly<Record<string, unknown>>;
    const otherSort = Object.keys(source).some(
      (key) => key.startsWith('sort_') && key !== 'sort_id' && source[key] !== undefined,
    );
    const sortId = source.sort_id ?? (otherSort ? undefined : 'asc');
    const perPage = options.perPage ?? DEFAULT_WALK_PER_PAGE;
    const fetchPage = (page: number) =>
      this.request(
        name,
        { ...params, sort_id: sortId, per_page: perPage, page } as ParamsOf<typeof name>,
        call,
      );
    const onTruncated =
      options.onTruncated ??
      (() =>
        this.logger?.warn({ operation: name, perPage }, 'walk stopped at its page limit with pages left'));
    return walkItems(fetchPage as (page: number) => Promise<Page<ItemOf<CanonicalOperation<K>>>>, {
      ...options,
      onTruncated,
    });
  }

  /** Closes the HTTP pools this client owns. */
  async close(): Promise<void> {
    if (this.ownsHttp) await this.http.close();
  }
}

for (const operation of OPERATION_NAMES) {
  Object.defineProperty(ServiceClient.prototype, methodName(operation), {
    value(this: ServiceClient, params: ParamsOf<typeof operation>, call: CallOptions) {
      return this.request(operation, params, call);
    },
    writable: true,
    configurable: true,
  });
}
