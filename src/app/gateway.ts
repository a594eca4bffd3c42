/** The last start-up step: the jobs, the interaction router, the HTTP server, and the Discord login. */
import { type Client, Routes, Status } from 'discord.js';
import { OAuthConfirmations, pendingLinkSchema } from '../accounts/oauth-confirmations.js';
import type { CommandModule } from '../bot/command.js';
import type { HandlerDeps } from '../bot/context.js';
import { InteractionRouter } from '../bot/router.js';
import { logSetupHints } from '../bot/setup-hints.js';
import { OAUTH_CALLBACK_PATH } from '../config.js';
import { startHttpServer, unreadyReasons } from '../http/server.js';
import {
  type ChannelPoster,
  createGatewayMembership,
  createJobs,
  createRestEditor,
  createRestPoster,
  type Jobs,
  ownersOfShards,
  type VerdictOptions,
} from '../jobs/index.js';
import { PartyStarts } from '../jobs/party/party-starts.js';
import { Ticker } from '../jobs/run/ticker.js';
import { TitleRefresh } from '../jobs/titles/refresh.js';
import type { OAuthClient } from '../service/index.js';
import { isRedisUrl } from '../store/backend.js';
import type { UpgradeReport } from '../store/upgrade.js';
import { answerSupervisor } from '../supervisor/shard-ipc.js';
import { KIROKU_VERSION } from '../version.js';
import type { Closers } from './closers.js';
import { countingPoster } from './counting-poster.js';
import type { GatewayConnection } from './gateway-connection.js';
import type { Infrastructure, StartSettings } from './infrastructure.js';
import { initialiseKnownMetrics, watchState } from './monitoring.js';
import { endedPartyEvent, partyEventEnded } from './party-events.js';
import { forgetChecks, permissionChangeOf } from './permission-events.js';
import type { StartTimes } from './start-times.js';
import { checkStoreAfterStart } from './store-check.js';

/** How long a stop waits for interactions in flight (the process must be gone within 10 s). */
const STOP_DRAIN_MS = 6_000;

export interface GatewayOptions extends StartSettings {
  client: Client;
  /** The bot's Discord token (DISCORD_TOKEN). */
  token: string;
  /** Tests drive the jobs by hand; production starts them once logged in. */
  startJobs: boolean;
  /** How long a handler may run before the interaction is deferred. */
  deferAfterMs: number;
  /** The start's steps so far (logged with the ready line). */
  times?: StartTimes;
}

/** What the gateway step works with: the earlier steps' results, and the closers its pieces register with. */
interface Wiring {
  options: GatewayOptions;
  infra: Infrastructure;
  deps: HandlerDeps;
  closers: Closers;
  /** The login, started before everything else (gateway-connection.ts). */
  gateway: GatewayConnection;
}

/**
 * Builds the jobs, serves HTTP and routes the gateway's events; once the gateway is ready the jobs
 * start (unless the tests drive them). The commands may still be loading then: an interaction that
 * comes before them waits for them.
 */
export async function wireGateway(
  wiring: Wiring,
  commands: Promise<ReadonlyMap<string, CommandModule>>,
): Promise<{ jobs: Jobs; httpPort: number | undefined; storeChecked: Promise<UpgradeReport | undefined> }> {
  const { options, infra, closers } = wiring;
  const { client, logger } = options;
  const restPoster = createRestPoster(client.rest, logger);
  const jobs = buildJobs(wiring, restPoster);
  // Presses on airing posts and alerts count in their verdicts at once.
  if (jobs.verdicts) wiring.deps.verdicts = jobs.verdicts;
  // Every series the dashboard reads exists from the first scrape: the commands' routes are known
  // once they load, and a scrape before that waits for them (a start without the compile cache,
  // on an older Node, can be ready before they are).
  const knownSeries = commands.then((loaded) => initialiseKnownMetrics(infra.metrics, loaded));
  const httpServer = await serveHttp(wiring, restPoster, jobs, knownSeries);
  if (httpServer) closers.add('HTTP server', () => httpServer.close());
  routeInteractions(wiring, commands, jobs);
  options.times?.step('jobsAndRouting');
  await wiring.gateway.ready;
  // The part of Discord's handshake the rest of the start did not cover.
  options.times?.step('waitingForDiscord');
  const running = { version: KIROKU_VERSION, node: process.version };
  logger.info(
    { ...running, guilds: client.guilds.cache.size, startMs: options.times?.summary() },
    'kiroku is ready',
  );
  void commands.then(
    (loaded) =>
      logger.info(
        { commands: loaded.size, sinceProcessStart: Math.round(performance.now()) },
        'commands loaded',
      ),
    () => undefined,
  );
  // Not awaited: the first interaction must not wait for a newcomer's hints. The command ids are
  // read now so that the first replies already name commands as clickable mentions.
  void logSetupHints(client, logger);
  void wiring.deps.commandMentions.refresh();
  const storeChecked = checkStoreAfterStart(
    infra,
    {
      poster: restPoster,
      now: options.now,
      languages: jobs.languages,
      localeOf: (id: string) => wiring.deps.preferences.localeOf(id),
    },
    { logger, closers },
  );
  // Jobs skip their steps while the gateway is down and pick up where they left off.
  if (options.startJobs) {
    jobs.start(() => client.isReady());
  }
  return { jobs, httpPort: httpServer?.port, storeChecked };
}

/** The daily refresh of the English title index, with the service token lookups use. */
function titleRefresh({ options, infra, deps }: Pick<Wiring, 'options' | 'infra' | 'deps'>): TitleRefresh {
  const { config, logger, now } = options;
  return new TitleRefresh({
    index: deps.titles,
    service: infra.service,
    token: config.service.token,
    logger,
    now,
  });
}

/** The feed, digest and alert jobs over the one `Subscriptions`; a new subscription starts its owner's jobs. */
function buildJobs({ options, infra, deps, closers }: Wiring, restPoster: ChannelPoster): Jobs {
  const { config, logger, now, client } = options;
  const { metrics, shardProcesses } = infra;
  // Each owner's jobs run in one process: with Redis, BullMQ hands out per-owner jobs across
  // processes and hosts; without it, the shard processes of this host split the owners.
  const scaleOut = isRedisUrl(config.databaseUrl) ? { redisUrl: config.databaseUrl } : undefined;
  const jobs = createJobs({
    store: infra.store,
    subscriptions: deps.subscriptions,
    ...(scaleOut ? {} : { servesOwner: ownersOfShards(client.options) }),
    scaleOut,
    vault: infra.vault,
    service: infra.service,
    poster: countingPoster(restPoster, metrics),
    membership: createGatewayMembership(client, logger),
    onDisabled: metrics.observeDisabled,
    localeOf: (discordUserId) => deps.preferences.localeOf(discordUserId),
    broadcastDayStart: config.broadcastDayStart,
    logger,
    now,
    intervals: { feedMs: config.pollIntervalSeconds * 1000 },
    feed: { policy: config.feedPolicy, catchUpMs: config.feedCatchUpMs },
    site: { name: config.service.name, webUrl: config.service.webUrl },
    // Posts and owner DMs are read in channels and DMs alike: global registrations only.
    mentions: deps.commandMentions.in(null),
    // The schedule plans within this process's share of the budget (with Redis: all of it, over all owners).
    feedPollsPerSecond: (config.service.ratePerSecond * config.feedPollShare) / shardProcesses,
    onFeedPosted: metrics.observeFeedDelay,
    onFeedEvent: metrics.observeFeedEvent,
    reminders: { store: deps.reminders, openDm: (userId) => openDmChannel(client, userId) },
    verdicts: verdictOptions({ options, infra, deps }),
    weekly: {
      shares: (discordUserId) => deps.preferences.isDiscoverable(discordUserId),
      servers: () => deps.preferences.servers(),
      serverName: (guildId) => serverName(client, guildId),
    },
    parties: new PartyStarts({ parties: deps.parties.store, board: deps.parties.board, logger, now }),
    titles: titleRefresh({ options, infra, deps }),
  });
  closers.add('jobs', () => jobs.stop());
  metrics.watchFeedPolls(() => jobs.feed.lastCycleAt);
  metrics.watchFeedCycle(() => jobs.pace.cycleS);
  watchState({
    metrics,
    store: infra.store,
    subscriptions: deps.subscriptions,
    jobs,
    client,
    now,
    scaleOut: !!scaleOut,
  });
  deps.subscriptions.onCreated(async (subscription) => {
    try {
      // Activity from now on is posted, even before the owner's first poll.
      if (subscription.kind === 'feed') await jobs.feed.startOwner(subscription.ownerId);
      await jobs.subscribed(subscription.ownerId);
    } catch (error) {
      logger.warn(
        { err: error, ownerId: subscription.ownerId },
        'subscription: could not start its jobs yet',
      );
    }
  });
  return jobs;
}

/** The verdicts count the linked people of each server (the weekly summaries' list) and edit posts over REST. */
function verdictOptions({
  options,
  infra,
  deps,
}: Pick<Wiring, 'options' | 'infra' | 'deps'>): VerdictOptions {
  return {
    editor: createRestEditor(options.client.rest, options.logger),
    people: {
      servers: () => deps.preferences.servers(),
      token: (discordUserId) => infra.vault.get(discordUserId),
      shares: (discordUserId) => deps.preferences.isDiscoverable(discordUserId),
    },
    // Refreshes use what the feed leaves: none start while its polls wait for the budget.
    feedWaiting: () => infra.budget.stats().queued.poll > 0,
  };
}

/** Interactions go to the router; the gateway's other events are logged, or disable a server's subscriptions. */
function routeInteractions(
  { options, infra, deps, closers, gateway }: Wiring,
  commands: Promise<ReadonlyMap<string, CommandModule>>,
  jobs: Jobs,
): void {
  const { logger } = options;
  const { metrics } = infra;
  const router = commands.then((loaded) => {
    return new InteractionRouter(loaded, deps, {
      deferAfterMs: options.deferAfterMs,
      autocompleteDeadlineMs: 2_000,
      onFinished: metrics.observeInteraction,
      limits: infra.limits,
      onLimited: metrics.observeLimited,
    });
  });
  // Stopping first finishes the interactions in flight (and answers new ones "restarting").
  closers.add('interactions in flight', () =>
    router.then(
      (started) => started.drain(STOP_DRAIN_MS),
      () => undefined,
    ),
  );
  gateway.wire({
    interaction(interaction) {
      // Commands that failed to load fail the start itself.
      router.then((started) => started.handle(interaction)).catch(() => undefined);
    },
    guildDelete(guildId) {
      jobs.notices
        .disableGuild(guildId)
        .catch((error: unknown) => logger.error({ err: error, guildId }, 'could not disable a server'));
    },
    // A channel's overwrites or a role changed: owners' checks there are asked again before the next post.
    packet(packet) {
      const ended = endedPartyEvent(packet);
      if (ended)
        partyEventEnded(deps.parties, ended, options.now()).catch((error: unknown) =>
          logger.warn(
            { err: error, eventId: ended.eventId },
            'party: could not cancel after its event ended',
          ),
        );
      const change = permissionChangeOf(packet);
      if (!change || !jobs.membership) return;
      forgetChecks(jobs.membership, change).catch((error: unknown) =>
        logger.warn({ err: error, guildId: change.guildId }, 'could not drop owner checks after a change'),
      );
    },
  });
}

/** How often unconfirmed OAuth links past their form's expiry are revoked at the service. */
const OAUTH_EXPIRY_SWEEP_MS = 60_000;

/**
 * Pending OAuth links waiting for the confirmation form; a minute's sweep revokes the tokens of those
 * never confirmed (the service's tokens never expire).
 */
function pendingLinks({ options, infra, closers }: Wiring, oauth: OAuthClient): OAuthConfirmations {
  const { logger } = options;
  const confirmations = new OAuthConfirmations(
    infra.store.collection('oauth-confirmation', pendingLinkSchema),
    infra.vault,
    (token, person) =>
      oauth.revoke(token, { person }).catch((error: unknown) => {
        logger.warn({ err: error }, 'oauth: revoking an unconfirmed authorization failed');
      }),
    options.now,
  );
  const sweep = new Ticker({
    name: 'oauth-expiry',
    intervalMs: OAUTH_EXPIRY_SWEEP_MS,
    isReady: () => true,
    logger,
    step: async () => {
      const revoked = await confirmations.revokeExpired();
      if (revoked > 0) logger.info({ revoked }, 'oauth: revoked unconfirmed authorizations');
    },
  });
  closers.add('oauth expiry sweep', () => sweep.stop());
  if (options.startJobs) sweep.start();
  return confirmations;
}

/**
 * Health, metrics and the OAuth callback over HTTP when HTTP_PORT is set. Under the ShardingManager
 * the supervisor alone listens: it asks each shard process over IPC.
 */
async function serveHttp(
  wiring: Wiring,
  restPoster: ChannelPoster,
  jobs: Jobs,
  knownSeries: Promise<void>,
): Promise<{ port: number; close(): Promise<void> } | undefined> {
  const { options, infra, deps } = wiring;
  const { config, logger, client } = options;
  const { metrics, store } = infra;
  const health = async () => ({
    gateway: client.ws.status === Status.Ready,
    store: await store.ping(),
    // When the caller runs the jobs by hand (tests), scheduling them is not this process's part.
    jobs: jobs.scheduled || !options.startJobs,
  });
  metrics.watched.ready = async () => unreadyReasons(await health()).length === 0;
  metrics.watched.budgetPerSecond = config.service.ratePerSecond;
  if (config.shardProcess) answerSupervisor({ health, metrics: () => metrics.exported().getMetricsAsJSON() });
  if (config.httpPort === undefined || config.shardProcess) return undefined;
  const { oauth } = deps;
  // The OAuth pages load only where an OAuth application is configured.
  const { oauthCallback } =
    oauth && config.publicUrl ? await import('../accounts/oauth-callback.js') : { oauthCallback: undefined };
  return startHttpServer({
    port: config.httpPort,
    host: config.httpHost,
    ...(config.metricsToken ? { metricsToken: config.metricsToken } : {}),
    httpsOnly: config.publicUrl?.startsWith('https://') ?? false,
    logger,
    health,
    metrics: async () => {
      await knownSeries.catch(() => undefined);
      return metrics.exposition();
    },
    ...(oauth && config.publicUrl && oauthCallback
      ? {
          oauthCallback: oauthCallback({
            ...deps,
            oauth,
            confirmations: pendingLinks(wiring, oauth),
            callbackUrl: `${config.publicUrl}${OAUTH_CALLBACK_PATH}`,
            notifyUser: (discordUserId, content) => restPoster.notifyUser(discordUserId, content),
            site: { name: config.service.name, webUrl: config.service.webUrl },
            translatorFor: async (locale) => {
              await jobs.languages.prepared();
              return jobs.languages.of(locale);
            },
          }),
        }
      : {}),
  });
}

/** The bot's DM channel with a person, or undefined when Discord refuses to open one. */
async function openDmChannel(client: Client, discordUserId: string): Promise<string | undefined> {
  try {
    const channel = (await client.rest.post(Routes.userChannels(), {
      body: { recipient_id: discordUserId },
    })) as {
      id: string;
    };
    return channel.id;
  } catch {
    return undefined;
  }
}

/** A server's name: from this process's guild cache, or asked of Discord (another shard holds it). */
async function serverName(client: Client, guildId: string): Promise<string | undefined> {
  const cached = client.guilds.cache.get(guildId)?.name;
  if (cached) return cached;
  try {
    return ((await client.rest.get(Routes.guild(guildId))) as { name?: string }).name;
  } catch {
    return undefined;
  }
}
