/**
 * The jobs against the real emulator and the real fake Discord, over a temporary SQLite store,
 * with one injected clock shared by the emulator and the jobs. `restart()` drops every job object
 * and the store connection and builds them again over the same file, as a process restart would.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REST } from 'discord.js';
import { afterEach } from 'vitest';
import { createJobs, createRestMembership, type Jobs, type JobsOptions } from '#src/jobs/index.js';
import { type ChannelPoster, createRestPoster } from '#src/jobs/posting/poster.js';
import type { Logger } from '#src/logger.js';
import { createRequestBudget, type RequestBudget, ServiceClient } from '#src/service/index.js';
import { openStore, type Store } from '#src/store/index.js';
import {
  type NewSubscription,
  type ScheduleSettings,
  type Subscription,
  Subscriptions,
} from '#src/subscriptions/model.js';
import { KeyRing, TokenVault } from '#src/vault/index.js';
import { type FakeDiscord, startFakeDiscord } from '../fakes/discord/fake-discord.js';
import { DEMO_TOKENS, DEMO_USERS } from '../fakes/emulator/seed.js';
import { type Emulator, startEmulator } from '../fakes/emulator/server.js';
import { captureLogger } from './log-capture.js';

export const OWNERS = {
  alice: '320000000000000001',
  bob: '320000000000000002',
} as const;

export interface Clock {
  now: () => Date;
  set(at: Date | string): void;
  advance(ms: number): void;
}

export function createClock(start: Date | string): Clock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set(at) {
      current = new Date(at).getTime();
    },
    advance(ms) {
      current += ms;
    },
  };
}

export interface HarnessOptions {
  start: Date | string;
  /** Wraps the real poster (crash simulation). */
  wrapPoster?: (poster: ChannelPoster) => ChannelPoster;
  jobs?: Pick<JobsOptions, 'feed' | 'digest' | 'alerts' | 'feedPollsPerSecond' | 'weekly'>;
  /** Narrows the jobs to these owners, as a shard process does (notices still act on every subscription). */
  servesOwner?: (ownerId: string) => boolean;
}

/**
 * A daily schedule subscription for `ownerId` in `channelId`: 08:00 in Tokyo, aired episodes only,
 * no airing alerts, unless `schedule` says otherwise.
 */
export function dailySchedule(
  ownerId: string,
  channelId: string,
  schedule: Partial<ScheduleSettings> = {},
): Omit<NewSubscription, 'guildId'> {
  return {
    kind: 'schedule',
    channelId,
    ownerId,
    schedule: {
      time: '08:00',
      timezone: 'Asia/Tokyo',
      unwatched: false,
      rebroadcast: false,
      alertMinutes: 0,
      ...schedule,
    },
  };
}

export interface Harness {
  clock: Clock;
  emulator: Emulator;
  discord: FakeDiscord;
  /** Text channels of the fake guild. */
  channels: string[];
  store: Store;
  subscriptions: Subscriptions;
  vault: TokenVault;
  jobs: Jobs;
  logs(): string;
  link(discordUserId: string, who: 'alice' | 'bob' | 'carol'): Promise<void>;
  subscribe(input: Omit<NewSubscription, 'guildId'>): Promise<Subscription>;
  /** A new store connection, vault, service client and jobs over the same SQLite file. */
  restart(options?: Pick<HarnessOptions, 'wrapPoster'>): Promise<void>;
  close(): Promise<void>;
}

/**
 * For a test file whose tests each open one harness: returns the opener and registers the
 * afterEach that closes whatever the test opened (also when the test failed).
 */
export function harnessPerTest(): (options: HarnessOptions) => Promise<Harness> {
  let current: Harness | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (options) => {
    current = await startHarness(options);
    return current;
  };
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const clock = createClock(options.start);
  const emulator = await startEmulator({ seed: 'demo', rateLimit: false, now: clock.now });
  const discord = await startFakeDiscord({ guilds: 1, channelsPerGuild: 4 });
  const dir = await mkdtemp(path.join(tmpdir(), 'kiroku-jobs-'));
  const log = captureLogger('debug');
  const world: JobsWorld = {
    options,
    clock,
    emulator,
    discord,
    logger: log.logger,
    databaseUrl: `sqlite://${path.join(dir, 'kiroku.sqlite')}`,
    keyring: KeyRing.fromKeys([{ key: randomBytes(32) }]),
  };
  let parts = await buildJobParts(world, options.wrapPoster);

  const harness: Harness = {
    clock,
    emulator,
    discord,
    channels: discord.channelIds(),
    ...parts,
    logs: log.text,
    link: (discordUserId, who) => linkDemoUser(harness.vault, clock, discordUserId, who),
    subscribe(input) {
      return harness.subscriptions.create({ ...input, guildId: discord.guildIds[0] ?? '' }, clock.now());
    },
    async restart(restartOptions = {}) {
      await closeJobParts(parts);
      parts = await buildJobParts(world, restartOptions.wrapPoster);
      Object.assign(harness, parts);
    },
    async close() {
      await closeJobParts(parts);
      await discord.close();
      await emulator.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** What outlives a restart: the processes around the jobs, the clock, the file and the key. */
interface JobsWorld {
  options: HarnessOptions;
  clock: Clock;
  emulator: Emulator;
  discord: FakeDiscord;
  logger: Logger;
  databaseUrl: string;
  keyring: KeyRing;
}

/** What a restart drops and builds again. */
interface JobParts {
  store: Store;
  vault: TokenVault;
  subscriptions: Subscriptions;
  jobs: Jobs;
  budget: RequestBudget;
  service: ServiceClient;
}

async function buildJobParts(world: JobsWorld, wrapPoster?: HarnessOptions['wrapPoster']): Promise<JobParts> {
  const { options, emulator, discord, logger } = world;
  const store = await openStore(world.databaseUrl, { logger });
  const vault = new TokenVault(store, world.keyring, { logger });
  const subscriptions = new Subscriptions(store);
  const budget = createRequestBudget({ ratePerSecond: 200, logger });
  const service = new ServiceClient({ baseUrl: emulator.url, budget, logger, retry: { maxRetries: 0 } });
  const rest = new REST({ api: discord.restUrl, retries: 0 }).setToken(discord.botToken);
  const realPoster = createRestPoster(rest, logger);
  const poster = wrapPoster ? wrapPoster(realPoster) : realPoster;
  const jobs = createJobs({
    store,
    subscriptions,
    ...(options.servesOwner ? { servesOwner: options.servesOwner } : {}),
    vault,
    service,
    poster,
    membership: createRestMembership(rest, logger),
    logger,
    now: world.clock.now,
    ...options.jobs,
  });
  return { store, vault, subscriptions, jobs, budget, service };
}

async function closeJobParts(parts: JobParts): Promise<void> {
  await parts.jobs.stop();
  await parts.service.close();
  parts.budget.close();
  await parts.store.close();
}

async function linkDemoUser(
  vault: TokenVault,
  clock: Clock,
  discordUserId: string,
  who: 'alice' | 'bob' | 'carol',
): Promise<void> {
  const user = DEMO_USERS[who];
  await vault.put(discordUserId, {
    token: DEMO_TOKENS[who],
    scopes: ['read', 'write'],
    serviceUserId: user.id,
    serviceUsername: user.username,
    method: 'token',
    linkedAt: clock.now().toISOString(),
  });
}
