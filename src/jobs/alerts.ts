/**
 * Airing alerts: for schedule subscriptions with alertMinutes > 0, a post N minutes before each
 * program (outbox key `alert:<programId>`), with a "Watched" button and a rating select.
 *
 * Programs are fetched per owner and options, at most once per refresh interval, over a window
 * that reaches past the next refresh, so every alert time is known ahead of time.
 */
import type { Program } from '../service/index.js';
import type { ScheduleSettings, Subscription } from '../subscriptions/model.js';
import { alertMessage } from './alert-message.js';
import type { SubscriptionJobDeps } from './job-deps.js';
import { ownerCallFailed, ownerToken } from './owner-access.js';
import { postTranslator } from './post-language.js';
import { fetchPrograms } from './programs.js';

const MINUTE = 60_000;
export const DEFAULT_ALERT_REFRESH_MS = 15 * MINUTE;

export interface AiringAlertsDeps extends SubscriptionJobDeps {
  /** How often an owner's upcoming programs are fetched again (default 15 min). */
  refreshMs?: number;
}

export interface AlertTickReport {
  /** Subscriptions with alerts. */
  subscriptions: number;
  /** my_programs walks started (one per owner and options when stale). */
  refreshes: number;
  posted: number;
  skippedDuplicates: number;
  retryLater: number;
}

interface ProgramCache {
  fetchedAt: number;
  /** Programs starting before this instant are known. */
  horizon: number;
  programs: Program[];
}

function groupKey(subscription: Subscription, settings: ScheduleSettings): string {
  return `${subscription.ownerId}|${settings.rebroadcast}|${settings.unwatched}`;
}

export class AiringAlerts {
  readonly #deps: AiringAlertsDeps;
  readonly #refreshMs: number;
  readonly #cache = new Map<string, ProgramCache>();

  constructor(deps: AiringAlertsDeps) {
    this.#deps = deps;
    this.#refreshMs = deps.refreshMs ?? DEFAULT_ALERT_REFRESH_MS;
  }

  /** Posts the alerts that are due: of every subscription, or of `only` these (one owner's). */
  async tick(only?: readonly Subscription[]): Promise<AlertTickReport> {
    const now = this.#deps.now().getTime();
    const report: AlertTickReport = {
      subscriptions: 0,
      refreshes: 0,
      posted: 0,
      skippedDuplicates: 0,
      retryLater: 0,
    };
    const hasAlerts = (s: Subscription) =>
      s.kind === 'schedule' && s.state === 'active' && (s.schedule?.alertMinutes ?? 0) > 0;
    const active = only ? only.filter(hasAlerts) : await this.#deps.subscriptions.all(hasAlerts);
    report.subscriptions = active.length;
    const groups = new Map<string, Subscription[]>();
    for (const subscription of active) {
      const key = groupKey(subscription, subscription.schedule as ScheduleSettings);
      groups.set(key, [...(groups.get(key) ?? []), subscription]);
    }
    for (const [key, members] of groups) {
      const first = members[0] as Subscription;
      const settings = first.schedule as ScheduleSettings;
      const lead = Math.max(...members.map((s) => (s.schedule?.alertMinutes ?? 0) * MINUTE));
      let cache = this.#cache.get(key);
      if (!cache || now - cache.fetchedAt >= this.#refreshMs || cache.horizon < now + lead) {
        report.refreshes += 1;
        cache = (await this.#refresh(first.ownerId, settings, now, lead)) ?? cache;
        if (cache) this.#cache.set(key, cache);
      }
      if (!cache) continue;
      for (const subscription of members) await this.#alert(subscription, cache.programs, now, report);
    }
    // Forget owners and options no longer subscribed.
    const owners = only ? new Set(only.map((s) => s.ownerId)) : undefined;
    for (const key of this.#cache.keys()) {
      const owner = key.slice(0, key.indexOf('|'));
      if (!groups.has(key) && (!owners || owners.has(owner))) this.#cache.delete(key);
    }
    return report;
  }

  async #refresh(
    ownerId: string,
    settings: ScheduleSettings,
    now: number,
    lead: number,
  ): Promise<ProgramCache | undefined> {
    const stored = await ownerToken(this.#deps, ownerId);
    if (!stored) return undefined;
    // Past the next refresh, so each alert time is known a whole interval ahead.
    const horizon = now + lead + 2 * this.#refreshMs;
    try {
      const programs = await fetchPrograms(this.#deps.service, stored.token, {
        from: new Date(now),
        to: new Date(horizon),
        rebroadcast: settings.rebroadcast,
        unwatched: settings.unwatched,
      });
      return { fetchedAt: now, horizon, programs };
    } catch (error) {
      await ownerCallFailed(this.#deps, ownerId, error, 'alerts');
      return undefined;
    }
  }

  async #alert(
    subscription: Subscription,
    programs: Program[],
    now: number,
    report: AlertTickReport,
  ): Promise<void> {
    const lead = (subscription.schedule?.alertMinutes ?? 0) * MINUTE;
    for (const program of programs) {
      const start = Date.parse(program.started_at ?? '');
      // Due from N minutes before the start; once the program has started an alert is pointless.
      if (Number.isNaN(start) || now < start - lead || now >= start) continue;
      const current = await this.#deps.subscriptions.get(subscription.id);
      if (current?.state !== 'active') return;
      const { membership } = this.#deps;
      if (membership && !(await membership.allows(subscription))) return;
      const minutes = Math.max(1, Math.round((start - now) / MINUTE));
      const result = await this.#deps.outbox.deliver(subscription.channelId, `alert:${program.id}`, () =>
        alertMessage(program, minutes, postTranslator(subscription)),
      );
      if (result.status === 'posted') report.posted += 1;
      else if (result.status === 'duplicate') report.skippedDuplicates += 1;
      else if (result.status === 'failed' && result.reason !== 'failed') {
        await this.#deps.notices.disableChannel(subscription.channelId, result.reason);
        return;
      } else if (result.status === 'failed') report.retryLater += 1;
    }
  }
}
