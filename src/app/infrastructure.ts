/** The first start-up step: the connections and clients every later part is built on. */
import {
  type InteractionLimitSettings,
  type InteractionLimits,
  openInteractionLimits,
} from '../bot/interaction-limits.js';
import { type Config, ConfigError } from '../config.js';
import type { Logger } from '../logger.js';
import { Metrics } from '../monitoring/metrics.js';
import {
  createRequestBudget,
  HttpTransport,
  OAuthClient,
  openSharedBudgetLimiter,
  type RequestBudget,
  ServiceClient,
} from '../service/index.js';
import { backendKindFor } from '../store/backend.js';
import { openStore, type Store } from '../store/index.js';
import { migrateStore, type StartUpgrade, type UpgradeReport } from '../store/upgrade.js';
import { type KeyRing, loadKeyRing, TokenVault } from '../vault/index.js';
import { KIROKU_VERSION } from '../version.js';
import type { Closers } from './closers.js';
import type { StartTimes } from './start-times.js';
import { STORE_COLLECTIONS, storedRecordKinds } from './stored-records.js';

/** Linked users whose sealed token the vault keeps in memory (a few hundred bytes each). */
const VAULT_CACHE_ENTRIES = 10_000;

/** What every start-up step is given: the configuration, the logger and the clock. */
export interface StartSettings {
  config: Config;
  logger: Logger;
  now: () => Date;
}

export interface InfrastructureOptions extends StartSettings {
  interactionLimits: InteractionLimitSettings;
  /** Where the steps' durations go (the ready line). */
  times?: StartTimes;
}

export interface Infrastructure {
  store: Store;
  vault: TokenVault;
  budget: RequestBudget;
  /** Processes splitting this host's share of the service's rate (1 when Redis shares the budget). */
  shardProcesses: number;
  metrics: Metrics;
  service: ServiceClient;
  /** The service's OAuth endpoints; token info works without an OAuth application, the rest need one. */
  oauthEndpoint: OAuthClient;
  /** Per-person interaction limits (in memory, or in Redis). */
  limits: InteractionLimits;
  /**
   * Checks every record the start did not (collections already at this release's version), setting
   * aside unreadable ones; run once the bot answers (gateway.ts). The quarantine gauge follows it.
   */
  sweepStore(): Promise<UpgradeReport>;
}

/**
 * Opens the store, the vault, the HTTP pools, the interaction limits and the request budget, and
 * builds the service and OAuth clients over them; each one opened registers its close.
 */
export async function openInfrastructure(
  options: InfrastructureOptions,
  closers: Closers,
): Promise<Infrastructure> {
  const { config, logger, now } = options;
  const store = await openStore(config.databaseUrl, { logger, collections: STORE_COLLECTIONS });
  closers.add('store', () => store.close());
  const keyring = await loadKeyRing(config, logger);
  // Before anything reads the store: refuse a newer store, migrate older records.
  const upgrade = await migrateStore(store, storedRecordKinds(keyring), {
    version: KIROKU_VERSION,
    logger,
    now,
  });
  options.times?.step('store');
  const vault = await openVault(config, logger, store, keyring);
  options.times?.step('vault');
  const http = new HttpTransport(
    config.serviceLocalAddress ? { localAddress: config.serviceLocalAddress } : {},
  );
  closers.add('service connection pools', () => http.close());
  const limits = await openInteractionLimits(config.databaseUrl, options.interactionLimits, { logger });
  closers.add('interaction limits', () => limits.close());
  const { budget, shardProcesses } = await openBudget(config, logger, closers, options.interactionLimits);
  options.times?.step('limitsAndBudget');
  const metrics = new Metrics(budget, now);
  const sweepStore = storeSweep(upgrade, metrics);
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
  options.times?.step('metricsAndClients');
  return { store, vault, budget, shardProcesses, metrics, service, oauthEndpoint, limits, sweepStore };
}

/** The rest of the store's check, run once; the quarantine gauge shows the start's counts until it ends. */
function storeSweep(upgrade: StartUpgrade, metrics: Metrics): () => Promise<UpgradeReport> {
  let counts = upgrade.migrated.quarantinedByCollection;
  metrics.watchQuarantine(() => counts);
  return async () => {
    const report = await upgrade.sweep();
    counts = report.quarantinedByCollection;
    return report;
  };
}

async function openVault(
  config: Config,
  logger: Logger,
  store: Store,
  keyring: KeyRing,
): Promise<TokenVault> {
  // Only this process writes a SQLite store outside sharding, so the vault may remember what it read.
  const storeIsOurs = backendKindFor(config.databaseUrl) === 'sqlite' && !config.shardProcess;
  const vault = new TokenVault(store, keyring, {
    logger,
    ...(storeIsOurs ? { exclusive: { cacheEntries: VAULT_CACHE_ENTRIES } } : {}),
  });
  // Tokens sealed with a key this process lacks would fail one by one, looking like revoked links:
  // a key missing from the configuration is the operator's to fix before anything starts.
  const unknown = await vault.unknownKeyIds();
  if (unknown.length > 0) {
    throw new ConfigError(
      `VAULT_KEYS: stored tokens are sealed with key id ${unknown.join(', ')}, which no configured key has; add that key to VAULT_KEYS as id:key (or set the VAULT_KEY they were sealed with)`,
    );
  }
  await vault.warm();
  return vault;
}

/**
 * The service limits requests per IP. With Redis the budget and each person's share are shared by
 * every process; without it, shard processes on one host split the rate between them.
 */
async function openBudget(
  config: Config,
  logger: Logger,
  closers: Closers,
  limits: InteractionLimitSettings,
): Promise<{ budget: RequestBudget; shardProcesses: number }> {
  const sharedLimiter = await openSharedBudgetLimiter(config.databaseUrl, {
    logger,
    egressAddress: config.serviceLocalAddress,
  });
  if (sharedLimiter) closers.add('shared budget limiter', () => sharedLimiter.close());
  const shardProcesses = sharedLimiter ? 1 : config.shardProcessCount;
  const budget = createRequestBudget({
    ratePerSecond: config.service.ratePerSecond / shardProcesses,
    logger,
    personShare: limits.serviceShare,
    feedFloor: config.feedFloorShare,
    // With Redis, each person's share is counted there: every process counts one use per person.
    ...(sharedLimiter
      ? {
          limiter: sharedLimiter.limiter,
          shareCounter: sharedLimiter.shareCounter(limits.serviceShare.windowSeconds),
        }
      : {}),
  });
  closers.add('request budget', () => budget.close());
  return { budget, shardProcesses };
}
