import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RequestBudget, RequestEvent } from '../service/index.js';
import { PRIORITIES } from '../service/index.js';
import { LatencyMetrics, statusClass } from './latency.js';
import { processRegistry } from './process-metrics.js';
import { registerStateGauges, type WatchedState } from './state-gauges.js';

/**
 * The label values kiroku knows before anything happens. Prometheus advises initialising such series
 * at zero: a fresh bot's /metrics then has every series the dashboard and the alert rules read, and a
 * rate over it is 0 rather than "No data".
 */
export interface KnownLabels {
  /** Command routes (`work search`, `help`…), as the router names them. */
  routes: readonly string[];
  /** The service's operations (every request's, and every list's skipped items). */
  operations: readonly string[];
  /** Channel post outcomes: `posted` and each failure. */
  postOutcomes: readonly string[];
  /** Why subscriptions are disabled. */
  disableReasons: readonly string[];
  /** Stored collections (the quarantine gauge's). */
  collections: readonly string[];
}

/** What the router reports of each interaction (its InteractionReport), as far as metrics need it. */
export interface InteractionObservation {
  route: string;
  outcome: string;
  /** Undefined when no answer was acknowledged. */
  firstAnswerMs: number | undefined;
}

/** What the per-person limits count separately (the router's limited kinds). */
const LIMITED_KINDS = ['command', 'autocomplete', 'component'] as const;

/**
 * The bot's Prometheus metrics, on a registry of each start's own; /metrics serves them together with
 * the process's default metrics and build info (`exported()`), which every start in a process shares.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly interactions = new Counter({
    name: 'kiroku_interactions_total',
    help: 'Interactions handled, by route and outcome',
    labelNames: ['route', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly serviceRequests = new Counter({
    name: 'kiroku_service_requests_total',
    help: 'Requests to the viewing-record service, by priority and HTTP status',
    labelNames: ['priority', 'status'] as const,
    registers: [this.registry],
  });

  readonly skippedItems = new Counter({
    name: 'kiroku_service_skipped_items_total',
    help: 'Malformed items in service list responses that were left out of their page, by operation',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });

  readonly posts = new Counter({
    name: 'kiroku_channel_posts_total',
    help: 'Posts to channels by the background jobs (feed, digest, alerts), by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly feedPostEvents = new Counter({
    name: 'kiroku_feed_post_fallbacks_total',
    help: 'Feed posts Discord refused as invalid (event batch_refused, single_refused, minimal_refused) and activities posted again in the minimal form (event degraded)',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });

  readonly notices = new Counter({
    name: 'kiroku_owner_notices_total',
    help: 'Direct messages telling subscription owners about a paused or disabled subscription',
    registers: [this.registry],
  });

  readonly interactionsLimited = new Counter({
    name: 'kiroku_interactions_limited_total',
    help: 'Interactions refused by the per-person abuse limits, by kind (command, autocomplete, component)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly subscriptionsDisabled = new Counter({
    name: 'kiroku_subscriptions_disabled_total',
    help: 'Subscriptions disabled by the jobs or the gateway, by reason (channel, owner left, kiroku removed)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly pollLagSeconds = new Gauge({
    name: 'kiroku_feed_poll_lag_seconds',
    help: 'Seconds since the last completed feed poll cycle',
    registers: [this.registry],
    // Under sharding the supervisor reports the most lagging shard process, not a sum.
    aggregator: 'max',
  });

  readonly feedDelaySeconds = new Histogram({
    name: 'kiroku_feed_delay_seconds',
    help: "Seconds from an activity's creation on the service to its first post in a channel",
    buckets: [5, 15, 30, 60, 120, 300, 600, 1_200, 2_400, 3_600, 7_200],
    registers: [this.registry],
  });

  /** Interaction, service request and channel post latencies. */
  readonly latency = new LatencyMetrics(this.registry);
  /** The sources the state gauges read at each scrape (store counts, feed backlog, gateway shards). */
  readonly watched: WatchedState = {};

  #feedCycleS: () => number = () => 0;
  #quarantined: () => ReadonlyMap<string, number> = () => new Map();
  #collections: readonly string[] = [];
  #lastPollAt: () => Date | undefined = () => undefined;
  readonly #now: () => Date;

  constructor(budget: RequestBudget, now: () => Date) {
    this.#now = now;
    const feedCycle = () => this.#feedCycleS();
    const lastPollAt = () => this.#lastPollAt();
    const quarantined = () => this.#quarantined();
    const collections = () => this.#collections;
    // Registered with the others so the dashboard and alert rules can be checked against it; every
    // process sees the same store, so the supervisor takes the max.
    new Gauge({
      name: 'kiroku_store_quarantined_records',
      help: 'Stored records kept aside because they could not be read, by collection (see admin status)',
      labelNames: ['collection'] as const,
      registers: [this.registry],
      aggregator: 'max',
      collect() {
        this.reset();
        for (const collection of collections()) this.set({ collection }, 0);
        for (const [collection, count] of quarantined()) this.set({ collection }, count);
      },
    });
    new Gauge({
      name: 'kiroku_feed_cycle_seconds',
      help: 'Estimated round-robin feed cycle (feed owners / poll budget): no owner waits over 4 of them',
      registers: [this.registry],
      aggregator: 'max',
      collect() {
        this.set(feedCycle());
      },
    });
    new Gauge({
      name: 'kiroku_budget_queue_length',
      help: 'Service requests waiting for the request budget, by priority',
      labelNames: ['priority'] as const,
      registers: [this.registry],
      collect() {
        const queued = budget.stats().queued;
        for (const priority of PRIORITIES) this.set({ priority }, queued[priority]);
      },
    });
    registerStateGauges(this.registry, this.watched);
    const lag = this.pollLagSeconds;
    new Gauge({
      name: 'kiroku_budget_paused',
      help: '1 while the budget is paused after a 429',
      registers: [this.registry],
      aggregator: 'max',
      collect() {
        const pausedUntil = budget.stats().pausedUntil;
        this.set(pausedUntil !== null && pausedUntil > Date.now() ? 1 : 0);
        const last = lastPollAt();
        if (last) lag.set((now().getTime() - last.getTime()) / 1000);
      },
    });
  }

  /**
   * Every known label set at zero (see KnownLabels). Interactions start at their routes' `ok`; service
   * requests at each operation's `2xx`: the other outcomes and status classes are many, and appear
   * when they first happen.
   */
  initialiseKnown(known: KnownLabels): void {
    for (const kind of LIMITED_KINDS) this.interactionsLimited.inc({ kind }, 0);
    for (const route of known.routes) {
      this.interactions.inc({ route, outcome: 'ok' }, 0);
      this.latency.interactions.zero({ route });
    }
    for (const operation of known.operations) {
      this.skippedItems.inc({ operation }, 0);
      this.latency.serviceRequests.zero({ operation, status_class: '2xx' });
    }
    for (const outcome of known.postOutcomes) {
      this.posts.inc({ outcome }, 0);
      this.latency.posts.zero({ outcome });
    }
    for (const reason of known.disableReasons) this.subscriptionsDisabled.inc({ reason }, 0);
    this.#collections = known.collections;
  }

  /** Everything kiroku exports: this start's metrics and the process's own (default metrics, build info). */
  exported(): Registry {
    return Registry.merge([processRegistry(), this.registry]);
  }

  /** The Prometheus text of `exported()`, for /metrics. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    const registry = this.exported();
    return { contentType: registry.contentType, body: await registry.metrics() };
  }

  /**
   * Records set aside because they could not be read (src/store/quarantine.ts), per collection, as the
   * last start-up found them; read at each scrape.
   */
  watchQuarantine(counts: () => ReadonlyMap<string, number>): void {
    this.#quarantined = counts;
  }

  /** The feed schedule's estimated round-robin cycle (owners / poll budget), read at each scrape. */
  watchFeedCycle(cycleS: () => number): void {
    this.#feedCycleS = cycleS;
  }

  /** When the feed last completed a poll cycle (the poll lag gauge), read at each scrape. */
  watchFeedPolls(lastPollAt: () => Date | undefined): void {
    this.#lastPollAt = lastPollAt;
  }

  observeFeedDelay = (createdAt: string): void => {
    const created = Date.parse(createdAt);
    if (Number.isFinite(created))
      this.feedDelaySeconds.observe(Math.max(0, (this.#now().getTime() - created) / 1000));
  };

  observeFeedEvent = (event: 'batch_refused' | 'single_refused' | 'minimal_refused' | 'degraded'): void => {
    this.feedPostEvents.inc({ event });
  };

  observeServiceRequest = (event: RequestEvent): void => {
    this.serviceRequests.inc({ priority: event.priority, status: String(event.status) });
    this.latency.serviceRequests.observe(
      { operation: event.operation, status_class: statusClass(event.status) },
      event.durationMs / 1000,
    );
  };

  observeSkippedItems = (event: { operation: string; count: number }): void => {
    this.skippedItems.inc({ operation: event.operation }, event.count);
  };

  observeInteraction = (report: InteractionObservation): void => {
    this.interactions.inc({ route: report.route, outcome: report.outcome });
    if (report.firstAnswerMs !== undefined)
      this.latency.interactions.observe({ route: report.route }, report.firstAnswerMs / 1000);
  };

  observeLimited = (kind: (typeof LIMITED_KINDS)[number]): void => {
    this.interactionsLimited.inc({ kind });
  };

  observeDisabled = (reason: string, count: number): void => {
    if (count > 0) this.subscriptionsDisabled.inc({ reason }, count);
  };
}
