import type { Client } from 'discord.js';
import { Closers } from './app/closers.js';
import { connectGateway } from './app/gateway-connection.js';
import { StartTimes } from './app/start-times.js';
import { createDiscordClient } from './bot/client.js';
import type { CommandModule } from './bot/command.js';
import type { HandlerDeps } from './bot/context.js';
import type { InteractionLimitSettings } from './bot/interaction-limits.js';
import { type Config, requireDiscordToken } from './config.js';
import type { Jobs } from './jobs/index.js';
import type { Logger } from './logger.js';
import type { Metrics } from './monitoring/metrics.js';
import type { RequestBudget } from './service/index.js';
import type { Store } from './store/index.js';
import type { UpgradeReport } from './store/upgrade.js';

export interface KirokuOptions {
  config: Config;
  logger: Logger;
  /** Injected clock for tests; the real one otherwise. */
  now?: () => Date;
  /** Tests drive the jobs by hand (`kiroku.jobs.feed.runCycle()`); production starts them. */
  startJobs?: boolean;
  /** How long a handler may run before the interaction is deferred (Discord allows 3 s in all). */
  deferAfterMs?: number;
  /** Per-person interaction limits (default: 5 commands, 20 autocompletes per 10 s). */
  interactionLimits?: InteractionLimitSettings;
  /**
   * kiroku's command folders, named by the entry beside itself: the bundle `npm start` runs moves the
   * loader away from them. Tests and source runs leave it to the loader.
   */
  commandsDirectory?: string;
  /** Aborting it (SIGTERM during start-up) closes what the start opened so far; the start then rejects. */
  signal?: AbortSignal;
}

/** The start was stopped (a signal) before it finished; what it had opened is closed. */
export class StartAborted extends Error {
  override name = 'StartAborted';
}

export interface Kiroku {
  client: Client;
  /** What handlers work with (each interaction's `Context` is made from it). */
  deps: HandlerDeps;
  commands: ReadonlyMap<string, CommandModule>;
  budget: RequestBudget;
  store: Store;
  metrics: Metrics;
  jobs: Jobs;
  /** The port the health/metrics server listens on, when HTTP_PORT is set. */
  httpPort: number | undefined;
  /**
   * The store's check of every record, begun once the bot answers (unreadable records set aside);
   * undefined when the store failed it (logged).
   */
  storeChecked: Promise<UpgradeReport | undefined>;
  stop(): Promise<void>;
}

/**
 * The composition root: opens the infrastructure, builds the handlers' dependencies, wires the
 * gateway and logs in. Each step registers how to close what it opened; `stop()` closes all of it
 * in reverse order, and so does a start that fails half-way (a refused login, a port in use).
 * `npm start` and the end-to-end tests both come through here.
 */
export async function startKiroku(options: KirokuOptions): Promise<Kiroku> {
  const closers = new Closers(options.logger);
  const { signal } = options;
  if (!signal) return openEverything(options, closers);
  let onAbort: () => void = () => undefined;
  // A step may wait long (Discord's READY, a database): on abort, close what is open without waiting for it.
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      closers.closeAll().then(
        () => reject(new StartAborted('stopped during start-up')),
        () => reject(new StartAborted('stopped during start-up')),
      );
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([openEverything(options, closers), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

async function openEverything(options: KirokuOptions, closers: Closers): Promise<Kiroku> {
  const { config, logger } = options;
  const now = options.now ?? (() => new Date());
  const token = requireDiscordToken(config);
  const times = new StartTimes();
  try {
    const client = createDiscordClient({ restUrl: config.discordRestUrl });
    // Logged in first: Discord's handshake runs while the rest loads and opens.
    const gateway = connectGateway(client, token, logger);
    closers.add('Discord client', () => gateway.close());
    // Only discord.js and the configuration load before the login: the service client, the store and
    // the rest (their defaults too) load here, while the handshake runs.
    const [{ openInfrastructure }, { buildHandlerDeps }, { wireGateway }, limitsModule, responder] =
      await Promise.all([
        import('./app/infrastructure.js'),
        import('./app/handler-deps.js'),
        import('./app/gateway.js'),
        import('./bot/interaction-limits.js'),
        import('./bot/responder.js'),
      ]);
    times.step('modules');
    const interactionLimits = options.interactionLimits ?? limitsModule.DEFAULT_INTERACTION_LIMITS;
    const infra = await openInfrastructure({ config, logger, now, interactionLimits, times }, closers);
    // Closed before the store, as everything that can still bring events.
    closers.add('Discord gateway', () => gateway.close());
    const { deps, commands } = await buildHandlerDeps(
      { config, logger, now, client, commandsDirectory: options.commandsDirectory },
      infra,
      closers,
    );
    times.step('handlers');
    const gatewayOptions = {
      config,
      logger,
      now,
      client,
      token,
      startJobs: options.startJobs ?? true,
      deferAfterMs: options.deferAfterMs ?? responder.DEFAULT_DEFER_AFTER_MS,
      times,
    };
    const wiring = { options: gatewayOptions, infra, deps, closers, gateway };
    const { jobs, httpPort, storeChecked } = await wireGateway(wiring, commands);
    const { budget, store, metrics } = infra;
    return {
      client,
      deps,
      commands: await commands,
      budget,
      store,
      metrics,
      jobs,
      httpPort,
      storeChecked,
      stop: stopOnce(closers, logger),
    };
  } catch (error) {
    await closers.closeAll().catch(() => undefined);
    throw error;
  }
}

/** `stop()`: finishes the interactions in flight, then closes everything start-up opened; twice is once. */
function stopOnce(closers: Closers, logger: Logger): () => Promise<void> {
  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    logger.info('stopping: finishing interactions in flight');
    await closers.closeAll();
  };
}
