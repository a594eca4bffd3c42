/**
 * Airing alerts: for schedule subscriptions with alertMinutes > 0, a post N minutes before each
 * program (outbox key `alert:<programId>`), with a "Watched" button and a rating select.
 *
 * Programs are fetched per owner and options, at most once per refresh interval, over a window
 * that reaches past the next refresh, so every alert time is known ahead of time (owner-programs.ts,
 * shared with the airing subscriptions).
 */
import type { Program } from '../../service/index.js';
import type { ScheduleSettings, Subscription } from '../../subscriptions/model.js';
import type { VerdictBoard } from '../../verdicts/board.js';
import type { SubscriptionJobDeps } from '../owners/job-deps.js';
import { DEFAULT_POST_LANGUAGES } from '../posting/post-language.js';
import { trackVerdict } from '../verdict/track.js';
import { alertMessage } from './alert-message.js';
import { DEFAULT_PROGRAMS_REFRESH_MS, OwnerPrograms } from './owner-programs.js';
import { postProgramOnce } from './program-post.js';

const MINUTE = 60_000;
export const DEFAULT_ALERT_REFRESH_MS = DEFAULT_PROGRAMS_REFRESH_MS;

export interface AiringAlertsDeps extends SubscriptionJobDeps {
  /** How often an owner's upcoming programs are fetched again (default 15 min). */
  refreshMs?: number;
  /** The owners' programs, shared with the airing subscriptions (one fetch for both). */
  programs?: OwnerPrograms;
  /** The server's verdict each alert carries (src/verdicts); without it, none. */
  verdicts?: VerdictBoard;
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

/** A tick that has done nothing yet: every count at zero. */
export function emptyAlertReport(): AlertTickReport {
  return {
    subscriptions: 0,
    refreshes: 0,
    posted: 0,
    skippedDuplicates: 0,
    retryLater: 0,
  };
}

function groupKey(subscription: Subscription, settings: ScheduleSettings): string {
  return `${subscription.ownerId}|${settings.rebroadcast}|${settings.unwatched}`;
}

export class AiringAlerts {
  readonly #deps: AiringAlertsDeps;
  readonly #programs: OwnerPrograms;

  constructor(deps: AiringAlertsDeps) {
    this.#deps = deps;
    this.#programs = deps.programs ?? new OwnerPrograms(deps, deps.refreshMs ?? DEFAULT_ALERT_REFRESH_MS);
  }

  /** Posts the alerts that are due: of every subscription, or of `only` these (one owner's). */
  async tick(only?: readonly Subscription[]): Promise<AlertTickReport> {
    const report = emptyAlertReport();
    const hasAlerts = (s: Subscription) =>
      s.kind === 'schedule' && s.state === 'active' && (s.schedule?.alertMinutes ?? 0) > 0;
    const active = only ? only.filter(hasAlerts) : await this.#deps.subscriptions.all(hasAlerts);
    report.subscriptions = active.length;
    const groups = new Map<string, Subscription[]>();
    for (const subscription of active) {
      const key = groupKey(subscription, subscription.schedule as ScheduleSettings);
      groups.set(key, [...(groups.get(key) ?? []), subscription]);
    }
    const refreshesBefore = this.#programs.refreshes;
    for (const members of groups.values()) {
      const first = members[0] as Subscription;
      const settings = first.schedule as ScheduleSettings;
      const lead = Math.max(...members.map((s) => (s.schedule?.alertMinutes ?? 0) * MINUTE));
      const filters = { rebroadcast: settings.rebroadcast, unwatched: settings.unwatched };
      const programs = await this.#programs.get(first.ownerId, filters, lead);
      if (!programs) continue;
      const now = this.#deps.now().getTime();
      for (const subscription of members) await this.#alert(subscription, programs, now, report);
    }
    report.refreshes = this.#programs.refreshes - refreshesBefore;
    return report;
  }

  async #alert(
    subscription: Subscription,
    programs: Program[],
    now: number,
    report: AlertTickReport,
  ): Promise<void> {
    const lead = (subscription.schedule?.alertMinutes ?? 0) * MINUTE;
    const t = (this.#deps.languages ?? DEFAULT_POST_LANGUAGES).post(subscription);
    const comments = subscription.schedule?.comments === true;
    for (const program of programs) {
      const start = Date.parse(program.started_at ?? '');
      // Due from N minutes before the start; once the program has started an alert is pointless.
      if (Number.isNaN(start) || now < start - lead || now >= start) continue;
      const next = await postProgramOnce(
        this.#deps,
        subscription,
        `alert:${program.id}`,
        () => alertMessage(program, t, { comments }),
        report,
        trackVerdict(this.#deps.verdicts, subscription, program, t),
      );
      if (next === 'stop') return;
    }
  }
}
