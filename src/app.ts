import { once } from 'node:events';
import { type Client, Events, Routes, Status } from 'discord.js';
import { Accounts } from './accounts/accounts.js';
import { oauthCallback } from './accounts/oauth-callback.js';
import { OAuthConfirmations, pendingLinkSchema } from './accounts/oauth-confirmations.js';
import { OAuthStates, oauthStateSchema } from './accounts/oauth-state.js';
import { UserPreferences } from './accounts/user-preferences.js';
import { canPost, createDiscordClient } from './bot/client.js';
import type { CommandModule } from './bot/command.js';
import { CommandMentions } from './bot/command-mentions.js';
import type { HandlerDeps } from './bot/context.js';
import {
  DEFAULT_INTERACTION_LIMITS,
  type InteractionLimitSettings,
  openInteractionLimits,
} from './bot/interaction-limits.js';
import { loadCommands } from './bot/loader.js';
import { LookupCache } from './bot/lookup-cache.js';
import { OncePerUser } from './bot/once-per-user.js';
import { servesOwnerIn } from './bot/owner-shard.js';
import { Pager, pagerStateSchema } from './bot/paging.js';
import { DEFAULT_DEFER_AFTER_MS } from './bot/responder.js';
import { InteractionRouter } from './bot/router.js';
import { logSetupHints } from './bot/setup-hints.js';
import { isShardProcess } from './bot/sharding.js';
import { type Config, OAUTH_CALLBACK_PATH, requireDiscordToken } from './config.js';
import { startHttpServer } from './http/server.js';
import { countingPoster } from './jobs/counting-poster.js';
import { createJobs, createRestMembership, createRestPoster, type Jobs } from './jobs/index.js';
import { storeSweep } from './jobs/store-sweep.js';
import type { Logger } from './logger.js';
import { Metrics } from './metrics.js';
import {
  createRequestBudget,
  HttpTransport,
  OAuthClient,
  openSharedBudgetLimiter,
  type RequestBudget,
  ServiceClient,
} from './service/index.js';
import { backendKindFor, isRedisUrl } from './store/backend.js';
import { openStore, type Store } from './store/index.js';
import { Subscriptions } from './subscriptions/model.js';
import { answerSupervisor } from './supervisor/shard-ipc.js';
import { loadKeyRing, TokenVault } from './vault/index.js';

/** How long a stop waits for interactions in flight (the process must be gone within 10 s). */
const STOP_DRAIN_MS = 6_000;
/** Linked users whose sealed token the vault keeps in memory (a few hundred bytes each). */
const VAULT_CACHE_ENTRIES = 10_000;

export interface KirokuOptions {
  config: Config;
  logger: Logger;
  /** Injected clock for tests; the real one otherwise. */
  now?: () => Date;
  /** Tests drive the jobs by hand (`kiroku.jobs.feed.runCycle()`); production starts them. */
  startJobs?: boolean;
  /** How long a handler may run before the interaction is deferred (Discord allows 3 s in all). */
  deferAfterMs?: number;
  /** Per-person interaction limits (default: issue 15's 5 commands, 20 autocompletes per 10 s). */
  interactionLimits?: InteractionLimitSettings;
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
  stop(): Promise<void>;
}

/** Registers every command's paged lists with the pager under `<command>/<list>`. */
function registerLists(pager: Pager, commands: ReadonlyMap<string, CommandModule>): void {
  for (const [name, module] of commands) {
    for (const [listName, list] of Object.entries(module.lists ?? {}))
      pager.register(`${name}/${listName}`, list);
  }
}

/**
 * The composition root: builds every long-lived object once, wires them, and logs in.
 * `npm start` and the end-to-end tests both come through here.
 */
export async function startKiroku(options: KirokuOptions): Promise<Kiroku> {
  const { config, logger } = options;
  const now = options.now ?? (() => new Date());
  const token = requireDiscordToken(config);

  const store = await openStore(config.databaseUrl, { logger });
  const keyring = await loadKeyRing(config, logger);
  // Only this process writes a SQLite store outside sharding, so the vault may remember what it read.
  const storeIsOurs = backendKindFor(config.databaseUrl) === 'sqlite' && !isShardProcess();
  const vault = new TokenVault(store, keyring, {
    logger,
    ...(storeIsOurs ? { exclusive: { cacheEntries: VAULT_CACHE_ENTRIES } } : {}),
  });
  await vault.warm();
  // The service limits requests per IP. With Redis the budget is shared by every process; without
  // it, shard processes on one host split the rate between them.
  const sharedLimiter = await openSharedBudgetLimiter(config.databaseUrl, {
    logger,
    egressAddress: config.serviceLocalAddress,
  });
  const shardProcesses = sharedLimiter ? 1 : config.shardProcessCount;
  const budget = createRequestBudget({
    ratePerSecond: config.service.ratePerSecond / shardProcesses,
    logger,
    ...(sharedLimiter ? { limiter: sharedLimiter.limiter } : {}),
  });
  let lastPollAt: () => Date | undefined = () => undefined;
  const metrics = new Metrics(budget, () => lastPollAt(), now);
  const http = new HttpTransport(
    config.serviceLocalAddress ? { localAddress: config.serviceLocalAddress } : {},
  );
  const service = new ServiceClient({
    baseUrl: config.service.url,
    apiVersion: config.service.apiVersion,
    budget,
    logger,
    http,
    observe: metrics.observeServiceRequest,
    observeSkippedItems: metrics.observeSkippedItems,
  });
  // Token info needs only the token, so it works without an OAuth application; authorize,
  // exchange and revoke need the application's credentials.
  const oauthEndpoint = new OAuthClient({
    baseUrl: config.service.oauthBaseUrl,
    clientId: config.service.oauth?.clientId ?? '',
    clientSecret: config.service.oauth?.clientSecret ?? '',
    redirectUri: config.service.redirectUri,
    budget,
    logger,
    http,
  });
  const oauth = config.service.oauth ? oauthEndpoint : undefined;
  const cache = new LookupCache();
  const oauthStates = new OAuthStates(store.collection('oauth-state', oauthStateSchema));
  const accounts = new Accounts(vault, oauth, logger);
  const subscriptions = new Subscriptions(store);
  const pager = new Pager(store.collection('pager', pagerStateSchema));
  const preferences = new UserPreferences(store);
  accounts.onUnlink(async (discordUserId) => {
    await subscriptions.removeByOwner(discordUserId);
    await pager.forget(discordUserId);
    await preferences.forgetLink(discordUserId);
  });
  const client = createDiscordClient({ restUrl: config.discordRestUrl });

  const commands = await loadCommands();
  registerLists(pager, commands);

  const deps: HandlerDeps = {
    service,
    oauth,
    tokens: { info: (token) => oauthEndpoint.tokenInfo(token) },
    oauthStates,
    accounts,
    preferences,
    subscriptions,
    channels: { canPost: (guildId, channelId) => canPost(client, guildId, channelId) },
    vault,
    claims: new OncePerUser(store),
    pager,
    commandMentions: new CommandMentions({
      fetchRegistered: () =>
        client.application ? client.rest.get(Routes.applicationCommands(client.application.id)) : undefined,
      logger,
      now,
    }),
    cache,
    logger,
    now,
    settings: {
      pageSize: config.pageSize,
      defaultTimezone: config.defaultTimezone,
      serviceToken: config.service.token,
      publicUrl: config.publicUrl,
    },
  };

  const restPoster = createRestPoster(client.rest, logger);
  const poster = countingPoster(restPoster, metrics);
  // Each owner's jobs run in one process: with Redis, BullMQ hands out per-owner jobs across
  // processes and hosts; without it, the shard processes of this host split the owners.
  const scaleOut = isRedisUrl(config.databaseUrl) ? { redisUrl: config.databaseUrl } : undefined;
  const jobs = createJobs({
    store,
    subscriptions,
    ...(scaleOut ? {} : { servesOwner: (ownerId: string) => servesOwnerIn(client, ownerId) }),
    scaleOut,
    vault,
    service,
    poster,
    membership: createRestMembership(client.rest, logger),
    onDisabled: metrics.observeDisabled,
    localeOf: (discordUserId) => preferences.localeOf(discordUserId),
    broadcastDayStart: config.broadcastDayStart,
    logger,
    now,
    intervals: { feedMs: config.pollIntervalSeconds * 1000 },
    feed: { policy: config.feedPolicy },
    // The schedule plans within this process's share of the budget (with Redis: all of it, over all owners).
    feedPollsPerSecond: (config.service.ratePerSecond * config.feedPollShare) / shardProcesses,
    onFeedPosted: metrics.observeFeedDelay,
  });
  lastPollAt = () => jobs.feed.lastCycleAt;
  metrics.watchFeedCycle(() => jobs.schedule.cycleS);
  const sweep = storeSweep({ store, logger });
  subscriptions.onCreated(async (subscription) => {
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

  const limits = await openInteractionLimits(
    config.databaseUrl,
    options.interactionLimits ?? DEFAULT_INTERACTION_LIMITS,
    { logger },
  );
  const router = new InteractionRouter(commands, deps, {
    deferAfterMs: options.deferAfterMs ?? DEFAULT_DEFER_AFTER_MS,
    autocompleteDeadlineMs: 2_000,
    onOutcome: metrics.observeInteraction,
    limits,
    onLimited: metrics.observeLimited,
  });

  client.on(Events.InteractionCreate, (interaction) => {
    void router.handle(interaction);
  });
  // kiroku was removed from a server (or the server deleted). discord.js emits this only for a
  // GUILD_DELETE without `unavailable`: an outage emits guildUnavailable instead and changes nothing.
  client.on(Events.GuildDelete, (guild) => {
    jobs.notices
      .disableGuild(guild.id)
      .catch((error: unknown) =>
        logger.error({ err: error, guildId: guild.id }, 'could not disable a server'),
      );
  });
  client.on(Events.Error, (error) => logger.error({ err: error }, 'discord client error'));
  client.on(Events.ShardDisconnect, (_event, shard) => logger.warn({ shard }, 'gateway disconnected'));
  client.on(Events.ShardResume, (shard) => logger.info({ shard }, 'gateway resumed'));

  const health = async () => ({ gateway: client.ws.status === Status.Ready, store: await store.ping() });
  // Under the ShardingManager the supervisor alone listens: it asks each shard process over IPC.
  if (isShardProcess()) answerSupervisor({ health, metrics: () => metrics.registry.getMetricsAsJSON() });
  const httpServer =
    config.httpPort === undefined || isShardProcess()
      ? undefined
      : await startHttpServer({
          port: config.httpPort,
          host: config.httpHost,
          ...(config.metricsToken ? { metricsToken: config.metricsToken } : {}),
          logger,
          health,
          metrics: async () => ({
            contentType: metrics.registry.contentType,
            body: await metrics.registry.metrics(),
          }),
          ...(oauth && config.publicUrl
            ? {
                oauthCallback: oauthCallback({
                  ...deps,
                  oauth,
                  oauthStates,
                  confirmations: new OAuthConfirmations(
                    store.collection('oauth-confirmation', pendingLinkSchema),
                    vault,
                  ),
                  callbackUrl: `${config.publicUrl}${OAUTH_CALLBACK_PATH}`,
                  notifyUser: (discordUserId, content) => restPoster.notifyUser(discordUserId, content),
                  logger,
                }),
              }
            : {}),
        });

  const ready = once(client, Events.ClientReady);
  await client.login(token);
  await ready;
  logger.info({ guilds: client.guilds.cache.size, commands: commands.size }, 'kiroku is ready');
  // Not awaited: the first interaction must not wait for a newcomer's hints.
  void logSetupHints(client, logger);
  // Jobs skip their steps while the gateway is down and pick up where they left off.
  if (options.startJobs ?? true) {
    jobs.start(() => client.isReady());
    sweep.start();
  }

  let stopped = false;
  return {
    client,
    deps,
    commands,
    budget,
    store,
    metrics,
    jobs,
    httpPort: httpServer?.port,
    async stop() {
      if (stopped) return;
      stopped = true;
      logger.info('stopping: finishing interactions in flight');
      await router.drain(STOP_DRAIN_MS);
      await jobs.stop();
      await sweep.stop();
      await httpServer?.close();
      await client.destroy();
      await pager.settled();
      budget.close();
      await sharedLimiter?.close();
      await limits.close();
      await http.close();
      await store.close();
    },
  };
}
