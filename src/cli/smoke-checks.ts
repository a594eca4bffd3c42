/**
 * The live check behind `npm run smoke`: each read operation once against the configured service,
 * every response validated with kiroku's own schemas, item by item. Read-only, about 15 requests,
 * all through the request budget. Nothing here ever prints or returns the token.
 */
import { DEFAULTS } from '../config.js';
import type { Logger } from '../logger.js';
import type { OperationName } from '../service/api/operations.js';
import type { Page } from '../service/api/schemas.js';
import { ServiceClient } from '../service/client.js';
import { OAuthClient } from '../service/oauth.js';
import { createRequestBudget } from '../service/wire/budget.js';
import { MalformedResponse, ServiceError } from '../service/wire/errors.js';
import { HttpTransport } from '../service/wire/http.js';

interface SmokeOptions {
  /** e.g. `https://api.annict.com`. */
  baseUrl: string;
  apiVersion?: string;
  /** Where `/oauth/token/info` lives (default: the origin of baseUrl). */
  oauthBaseUrl?: string;
  token: string;
  /** The request budget (default 3/s, the bot's own default). */
  ratePerSecond?: number;
  timeoutMs?: number;
  logger?: Logger;
}

type SmokeResult = 'ok' | 'mismatch' | 'error';

interface SmokeCheck {
  operation: OperationName | 'token_info';
  /** Tells apart two checks of one operation (e.g. `filter_actions=create_review`). */
  variant?: string;
  /** The HTTP status of the last attempt, or `error` when no response came. */
  status: number | 'error' | undefined;
  /** Items kept on the page (lists only). */
  items?: number;
  result: SmokeResult;
  /** For a mismatch: the first path that did not fit; for an error: what went wrong. */
  detail?: string;
}

interface SmokeReport {
  checks: SmokeCheck[];
  /** True when every response fitted its schema and no call failed. */
  ok: boolean;
}

/** What later steps need from earlier answers. */
interface Found {
  userId?: number;
  username?: string;
  workId?: number;
  episodeId?: number;
}

interface Step {
  operation: SmokeCheck['operation'];
  variant?: string;
  /** Left out when an earlier answer gave nothing to ask about. */
  when?: (found: Found) => boolean;
  run: (found: Found) => Promise<unknown>;
}

function isPage(value: unknown): value is Page<unknown> {
  return typeof value === 'object' && value !== null && Array.isArray((value as Page<unknown>).items);
}

function firstId(value: unknown): number | undefined {
  const first = isPage(value) ? (value.items[0] as { id?: unknown } | undefined) : undefined;
  return typeof first?.id === 'number' ? first.id : undefined;
}

/** The read operations, in an order where each may use what the ones before it found. */
function steps(client: ServiceClient, oauth: OAuthClient, token: string): Step[] {
  // The operator's own check, made for no Discord user (an exception test/service/call-persons.test.ts lists).
  const call = { token, priority: 'interactive' as const, person: null, maxWaitMs: 60_000 };
  const few = { per_page: 5 };
  const hasUser = (f: Found) => f.userId !== undefined;
  return [
    { operation: 'me', run: () => client.me({}, call) },
    { operation: 'token_info', run: () => oauth.tokenInfo(token, { person: null, maxWaitMs: 60_000 }) },
    { operation: 'works', run: () => client.works({ ...few, sort_watchers_count: 'desc' }, call) },
    {
      operation: 'episodes',
      when: (f) => f.workId !== undefined,
      run: (f) => client.episodes({ ...few, filter_work_id: f.workId, sort_sort_number: 'asc' }, call),
    },
    {
      operation: 'records',
      when: (f) => f.episodeId !== undefined,
      run: (f) => client.records({ ...few, filter_episode_id: f.episodeId, sort_id: 'desc' }, call),
    },
    { operation: 'people', run: () => client.people({ ...few, sort_id: 'desc' }, call) },
    {
      operation: 'search_users',
      when: (f) => f.username !== undefined,
      run: (f) => client.searchUsers({ filter_usernames: [f.username ?? ''] }, call),
    },
    {
      operation: 'activities',
      when: hasUser,
      run: (f) => client.activities({ ...few, filter_user_id: f.userId, sort_id: 'desc' }, call),
    },
    {
      operation: 'followers',
      when: hasUser,
      run: (f) => client.followers({ ...few, filter_user_id: f.userId }, call),
    },
    {
      operation: 'following',
      when: hasUser,
      run: (f) => client.following({ ...few, filter_user_id: f.userId }, call),
    },
    {
      operation: 'following_activities',
      run: () => client.followingActivities({ per_page: 25, sort_id: 'desc' }, call),
    },
    {
      // Reviews are rare in a feed page: ask for them on their own, one action (never a list).
      operation: 'following_activities',
      variant: 'filter_actions=create_review',
      run: () =>
        client.followingActivities({ ...few, filter_actions: 'create_review', sort_id: 'desc' }, call),
    },
    { operation: 'my_works', run: () => client.myWorks({ ...few, sort_id: 'desc' }, call) },
    {
      operation: 'my_programs',
      run: () => client.myPrograms({ ...few, sort_started_at: 'desc' }, call),
    },
  ];
}

function remember(found: Found, step: Step, value: unknown): void {
  if (step.operation === 'me' && typeof value === 'object' && value !== null) {
    const me = value as { id?: unknown; username?: unknown };
    if (typeof me.id === 'number') found.userId = me.id;
    if (typeof me.username === 'string' && me.username !== '') found.username = me.username;
  }
  if (step.operation === 'works') found.workId = firstId(value);
  if (step.operation === 'episodes') found.episodeId = firstId(value);
}

/** A page whose items all fitted is `ok`; a skipped item is a mismatch named by its path. */
function named(step: Step): Pick<SmokeCheck, 'operation' | 'variant'> {
  return step.variant ? { operation: step.operation, variant: step.variant } : { operation: step.operation };
}

function judge(step: Step, value: unknown, status: SmokeCheck['status']): SmokeCheck {
  if (!isPage(value)) return { ...named(step), status, result: 'ok' };
  const skipped = value.skipped?.[0];
  if (!skipped) return { ...named(step), status, items: value.items.length, result: 'ok' };
  const where = [String(skipped.index), skipped.path].filter(Boolean).join('.');
  return {
    ...named(step),
    status,
    items: value.items.length + (value.skipped?.length ?? 0),
    result: 'mismatch',
    detail: `item ${where}: ${skipped.code} (${value.skipped?.length ?? 0} of the items)`,
  };
}

function failed(step: Step, error: unknown, status: SmokeCheck['status']): SmokeCheck {
  const code = error instanceof ServiceError ? (error.status ?? status) : status;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof MalformedResponse) {
    return { ...named(step), status: code, result: 'mismatch', detail: message };
  }
  return { ...named(step), status: code, result: 'error', detail: message };
}

/** Runs every step once; the report says per operation whether the service still fits the schemas. */
export async function runSmoke(options: SmokeOptions): Promise<SmokeReport> {
  const budget = createRequestBudget({
    ratePerSecond: options.ratePerSecond ?? DEFAULTS.serviceRatePerSecond,
  });
  const http = new HttpTransport();
  const statuses = new Map<string, number | 'error'>();
  const client = new ServiceClient({
    baseUrl: options.baseUrl,
    apiVersion: options.apiVersion ?? 'v1',
    budget,
    http,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    observe: (event) => statuses.set(event.operation, event.status),
  });
  const oauth = new OAuthClient({
    baseUrl: options.oauthBaseUrl ?? new URL(options.baseUrl).origin,
    clientId: '',
    clientSecret: '',
    budget,
    http,
  });
  const found: Found = {};
  const checks: SmokeCheck[] = [];
  try {
    for (const step of steps(client, oauth, options.token)) {
      if (step.when && !step.when(found)) continue;
      statuses.delete(step.operation);
      try {
        const value = await step.run(found);
        remember(found, step, value);
        checks.push(judge(step, value, statuses.get(step.operation) ?? 200));
      } catch (error) {
        checks.push(failed(step, error, statuses.get(step.operation)));
      }
    }
  } finally {
    await http.close();
    budget.close();
  }
  return { checks, ok: checks.every((check) => check.result === 'ok') };
}

/** The report as a plain-text table; the token is never part of it, and is masked should a message carry it. */
export function formatSmokeTable(report: SmokeReport, token: string): string {
  const rows = report.checks.map((check) => [
    check.variant ? `${check.operation} ${check.variant}` : check.operation,
    String(check.status ?? '-'),
    check.items === undefined ? '-' : String(check.items),
    check.detail ? `${check.result}: ${check.detail}` : check.result,
  ]);
  const header = ['operation', 'HTTP', 'items', 'schema'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const table = [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
  const summary = report.ok
    ? `all ${report.checks.length} responses fit kiroku's schemas`
    : `${report.checks.filter((c) => c.result !== 'ok').length} of ${report.checks.length} checks failed`;
  const text = `${table}\n\n${summary}\n`;
  return token === '' ? text : text.replaceAll(token, '[token]');
}
