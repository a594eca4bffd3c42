import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import pLimit from 'p-limit';
/**
 * The weekly server summary of each weekly subscription, on its day at its HH:MM in its zone: one
 * picture with its text alternative (the text alone when the picture cannot be drawn).
 *
 * - A local date is posted at most once per subscription: the last posted date is persisted, and
 *   the outbox key `weekly:<subscription>:<date>` makes the post itself exactly-once, across
 *   restarts, and across processes and hosts with the owner queue (BullMQ) running each owner's job
 *   in one process at a time, as for the digest.
 * - Each counted member's week is read once per run however many of their servers post at the same
 *   time, and the reads go one at a time at the feed's priority: people's calls always go first, and
 *   the feed's polls are served in turn with them (see member-week.ts).
 * - After downtime, a fire missed by at most the catch-up window (a day) is still posted.
 * - The owners' checks are made in the ten minutes before the fire (as the digests' are), so a
 *   minute with a thousand summaries due spends Discord's 50 calls a second on the posts.
 */
import { z } from 'zod';
import type { Translator } from '../../i18n/translator.js';
import { growingLru } from '../../lib/growing-lru.js';
import type { PictureOutcome, WeeklySummary } from '../../pictures/index.js';
import type { Collection, Store } from '../../store/index.js';
import type { Subscription, WeeklySettings } from '../../subscriptions/model.js';
import type { StoredToken } from '../../vault/index.js';
import type { SubscriptionJobDeps } from '../owners/job-deps.js';
import { ChecksAhead, type UpcomingPost } from '../posting/checks-ahead.js';
import { DEFAULT_POST_LANGUAGES } from '../posting/post-language.js';
import type { OutgoingMessage } from '../posting/poster.js';
import { fetchMemberWeek, type MemberWeek } from './member-week.js';
import { countMembers, type WeeklyPeople } from './members.js';
import { summarize } from './summarize.js';
import { type WeeklyFire, type WeeklySchedule, weeklySchedule } from './weekly-time.js';

const HOUR = 60 * 60 * 1000;
/** How long before its fire a summary's owner check is made; it then holds as long after the fire. */
export const WEEKLY_CHECK_AHEAD_MS = 10 * 60 * 1000;
const YIELD_EVERY = 64;
export const WEEKLY_STATE_COLLECTION = 'weekly-state';
export const DEFAULT_WEEKLY_CATCH_UP_MS = 24 * HOUR;

export const weeklyStateSchema = z.object({
  /** The last local date (of the fire, in the subscription's zone) whose summary was posted. */
  lastDate: z.string(),
  postedAt: z.string(),
});
type WeeklyState = z.infer<typeof weeklyStateSchema>;

/** Draws the summary (src/pictures' `weeklySummaryPicture` with the process's cover fetcher). */
export type WeeklyPainter = (input: WeeklySummary, t: Translator) => Promise<PictureOutcome>;

export interface WeeklySummariesDeps extends SubscriptionJobDeps {
  store: Store;
  people: WeeklyPeople;
  paint: WeeklyPainter;
  /** The server's name as Discord has it; its id stands in when Discord cannot say. */
  serverName: (guildId: string) => Promise<string | undefined>;
  /** How late a missed summary is still posted (default a day). */
  catchUpMs?: number;
  /** Summaries drawn and posted at the same time (default 2; drawing is one at a time anyway). */
  concurrency?: number;
}

export interface WeeklyTickReport {
  subscriptions: number;
  due: number;
  posted: number;
  /** Posted as text alone: the picture could not be drawn. */
  textOnly: number;
  skippedDuplicates: number;
  /** Service requests made for members' weeks. */
  requests: number;
  retryLater: number;
}

const isWeekly = (s: Subscription) => s.kind === 'weekly' && s.state === 'active' && s.weekly !== undefined;

/** A tick's report before it has done anything. */
export function emptyWeeklyReport(): WeeklyTickReport {
  return {
    subscriptions: 0,
    due: 0,
    posted: 0,
    textOnly: 0,
    skippedDuplicates: 0,
    requests: 0,
    retryLater: 0,
  };
}

export class WeeklySummaries {
  readonly #deps: WeeklySummariesDeps;
  readonly #states: Collection<WeeklyState>;
  readonly #catchUpMs: number;
  readonly #schedules = growingLru<string, { schedule: WeeklySchedule | null }>(4096);
  readonly #checks: ChecksAhead;

  constructor(deps: WeeklySummariesDeps) {
    this.#deps = deps;
    this.#states = deps.store.collection(WEEKLY_STATE_COLLECTION, weeklyStateSchema);
    this.#catchUpMs = deps.catchUpMs ?? DEFAULT_WEEKLY_CATCH_UP_MS;
    this.#checks = new ChecksAhead(deps.membership, WEEKLY_CHECK_AHEAD_MS);
  }

  #scheduleOf(settings: WeeklySettings): WeeklySchedule | null {
    const key = `${settings.day}|${settings.time}|${settings.timezone}`;
    const cached = this.#schedules.get(key);
    if (cached) return cached.schedule;
    let schedule: WeeklySchedule | null;
    try {
      schedule = weeklySchedule(settings.day, settings.time, settings.timezone);
    } catch (error) {
      this.#deps.logger.error({ err: error, key }, 'weekly: invalid day, time or time zone');
      schedule = null;
    }
    this.#schedules.set(key, { schedule });
    return schedule;
  }

  /** Posts the summaries that are due: of every weekly subscription, or of `only` these (one owner's). */
  async tick(only?: readonly Subscription[]): Promise<WeeklyTickReport> {
    const now = this.#deps.now();
    const report = emptyWeeklyReport();
    const active = only ? only.filter(isWeekly) : await this.#deps.subscriptions.all(isWeekly);
    report.subscriptions = active.length;
    const due: Array<{ subscription: Subscription; fire: WeeklyFire }> = [];
    const upcoming: UpcomingPost[] = [];
    for (const [index, subscription] of active.entries()) {
      if (index % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
      const schedule = this.#scheduleOf(subscription.weekly as WeeklySettings);
      const fire = schedule?.previous(now);
      if (fire && (await this.#isDue(subscription, fire, now))) due.push({ subscription, fire });
      const next = schedule?.next(now);
      if (next && next.at.getTime() - now.getTime() <= WEEKLY_CHECK_AHEAD_MS)
        upcoming.push({ subscription, fireAt: next.at.getTime() });
    }
    this.#checks.start(upcoming);
    this.#checks.evict(now.getTime() - this.#catchUpMs);
    report.due = due.length;
    if (due.length === 0) return report;
    const run = new WeekReads(this.#deps, report);
    await pLimit(this.#deps.concurrency ?? 2).map(due, async ({ subscription, fire }) => {
      try {
        await this.#post(subscription, fire, run, report);
      } catch (error) {
        report.retryLater += 1;
        this.#deps.logger.error({ err: error, subscriptionId: subscription.id }, 'weekly: posting failed');
      }
    });
    return report;
  }

  /** Waits for the owners' checks in flight (tests; shutdown). */
  drain(): Promise<void> {
    return this.#checks.drain();
  }

  async #isDue(subscription: Subscription, fire: WeeklyFire, now: Date): Promise<boolean> {
    if (now.getTime() - fire.at.getTime() > this.#catchUpMs) return false;
    // A subscription made after this week's time starts next week.
    if (fire.at.getTime() < Date.parse(subscription.createdAt)) return false;
    const state = await this.#states.get(subscription.id);
    return !state || state.lastDate < fire.localDate;
  }

  async #post(subscription: Subscription, fire: WeeklyFire, run: WeekReads, report: WeeklyTickReport) {
    const { outbox, membership } = this.#deps;
    const source = `weekly:${subscription.id}:${fire.localDate}`;
    if (await outbox.isDone(subscription.channelId, source))
      return this.#settle(subscription, fire, report, 'duplicate');
    const current = await this.#deps.subscriptions.get(subscription.id);
    if (current?.state !== 'active') return;
    if (membership && !(await membership.allows(subscription))) return;
    const picture = await run.picture(subscription, fire);
    if (picture === 'retry') {
      report.retryLater += 1;
      return;
    }
    if (picture.kind === 'text') report.textOnly += 1;
    const textOnly: OutgoingMessage = { content: picture.text };
    const message: OutgoingMessage =
      picture.kind === 'image'
        ? {
            content: picture.text,
            files: [
              {
                name: picture.fileName,
                data: picture.png,
                contentType: 'image/png',
                description: picture.alt,
              },
            ],
          }
        : textOnly;
    const result = await outbox.deliver(subscription.channelId, source, () => message, {
      fallback: () => textOnly,
    });
    if (result.status === 'failed') {
      if (result.reason === 'failed') report.retryLater += 1;
      else await this.#deps.notices.disableChannel(subscription.channelId, result.reason);
      return;
    }
    // Refused with the picture (its size, its alt text): the text went out alone, and that is counted.
    if (result.status === 'posted' && result.degraded && picture.kind === 'image') report.textOnly += 1;
    await this.#settle(subscription, fire, report, result.status);
  }

  async #settle(subscription: Subscription, fire: WeeklyFire, report: WeeklyTickReport, status: string) {
    if (status === 'posted') report.posted += 1;
    else if (status === 'duplicate') report.skippedDuplicates += 1;
    await this.#states.set(subscription.id, {
      lastDate: fire.localDate,
      postedAt: this.#deps.now().toISOString(),
    });
  }
}

/**
 * What one tick reads and draws, shared by its summaries: who used kiroku in which server (read
 * once), each member's week (read once per week span, however many servers count them; one read at
 * a time), and each server's picture (drawn once per week and language, however many channels).
 */
class WeekReads {
  readonly #deps: WeeklySummariesDeps;
  readonly #report: WeeklyTickReport;
  #byServer: Promise<Map<string, string[]>> | undefined;
  /** One picture per server, week and language, however many of its channels post it. */
  readonly #pictures = new Map<string, Promise<PictureOutcome | 'retry'>>();
  readonly #weeks = new Map<string, Promise<MemberWeek>>();
  readonly #reading = pLimit(1);

  constructor(deps: WeeklySummariesDeps, report: WeeklyTickReport) {
    this.#deps = deps;
    this.#report = report;
  }

  /** The server's week for this subscription, drawn in its language; 'retry' when a member could not be read. */
  picture(subscription: Subscription, fire: WeeklyFire): Promise<PictureOutcome | 'retry'> {
    const key = `${subscription.guildId}|${fire.from.toISOString()}|${fire.at.toISOString()}|${subscription.language}`;
    let picture = this.#pictures.get(key);
    if (!picture) {
      picture = this.#draw(subscription, fire);
      this.#pictures.set(key, picture);
    }
    return picture;
  }

  async #draw(subscription: Subscription, fire: WeeklyFire): Promise<PictureOutcome | 'retry'> {
    const { guildId } = subscription;
    const members = await countMembers(this.#fetchDeps(fire), guildId, await this.#candidates(guildId));
    if (members === 'retry') return 'retry';
    const t = (this.#deps.languages ?? DEFAULT_POST_LANGUAGES).post(subscription);
    const server = (await this.#deps.serverName(guildId)) ?? guildId;
    return this.#deps.paint(summarize({ server, week: fire.week }, members), t);
  }

  /** The people who used kiroku in the server, in a stable order (the membership is checked after). */
  async #candidates(guildId: string): Promise<string[]> {
    this.#byServer ??= (async () => {
      const byServer = new Map<string, string[]>();
      for await (const [userId, servers] of this.#deps.people.servers())
        for (const server of servers) byServer.set(server, [...(byServer.get(server) ?? []), userId]);
      for (const people of byServer.values()) people.sort();
      return byServer;
    })();
    return (await this.#byServer).get(guildId) ?? [];
  }

  #fetchDeps(fire: WeeklyFire) {
    const { vault, people, logger } = this.#deps;
    return {
      vault,
      people,
      logger,
      weekOf: (userId: string, stored: StoredToken) => this.#weekOf(userId, stored, fire),
    };
  }

  #weekOf(userId: string, stored: StoredToken, fire: WeeklyFire): Promise<MemberWeek> {
    const key = `${userId}|${fire.from.toISOString()}|${fire.at.toISOString()}`;
    let week = this.#weeks.get(key);
    if (!week) {
      week = this.#reading(async () => {
        const read = await fetchMemberWeek(this.#deps.service, stored, fire.from, fire.at);
        this.#report.requests += read.requests;
        return read.week;
      });
      // A failed read is not kept: the next summary (or the next tick) asks again.
      week.catch(() => this.#weeks.delete(key));
      this.#weeks.set(key, week);
    }
    return week;
  }
}
