/**
 * The real bot (startKiroku) wired to the emulator and the fake Discord on loopback, for the
 * benchmarks. Like test/support/stack.ts, but the request budget may be set past the config's cap
 * (to isolate the bot's own overhead) and logs are counted instead of kept.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kiroku, startKiroku } from '#src/app.js';
import type { InteractionLimitSettings } from '#src/bot/interaction-limits.js';
import { type Config, parseConfig } from '#src/config.js';
import { createLogger } from '#src/logger.js';
import {
  type FakeDiscord,
  type FakeDiscordOptions,
  startFakeDiscord,
} from '../test/fakes/discord/fake-discord.js';
import { DEMO_TOKENS } from '../test/fakes/emulator/seed.js';
import { type Emulator, type StartEmulatorOptions, startEmulator } from '../test/fakes/emulator/server.js';
import { registerCommands } from '../test/support/register-commands.js';
import { RELAXED_INTERACTION_LIMITS } from '../test/support/relaxed-limits.js';
import { createLogSink, type LogSink } from './log-sink.js';

export interface BenchStackOptions {
  emulator?: StartEmulatorOptions;
  discord?: FakeDiscordOptions;
  /** The bot's service budget; unset: the configuration default (3/s). May exceed the config's cap. */
  ratePerSecond?: number;
  /** Injected clock for the bot (the emulator's is given in `emulator.now`). */
  now?: () => Date;
  startJobs?: boolean;
  /** Extra environment, as an operator would set it. */
  env?: Record<string, string>;
  /** Log level of the bot (default info, as in production). */
  logLevel?: string;
  /** Each person's share of the request budget; unset: relaxed like the interaction limits. */
  serviceShare?: InteractionLimitSettings['serviceShare'];
}

export interface BenchStack {
  emulator: Emulator;
  discord: FakeDiscord;
  kiroku: Kiroku;
  config: Config;
  dataDir: string;
  logs: LogSink;
  close(): Promise<void>;
}

export { registerCommands };

export interface BotOnly {
  kiroku: Kiroku;
  config: Config;
  dataDir: string;
  logs: LogSink;
  /** Stops the bot and removes its data directory (the fake and the service are the caller's). */
  close(): Promise<void>;
}

/** Starts the real bot against a fake Discord and any service URL (in-process or spawned emulator). */
export async function startBot(
  discord: FakeDiscord,
  serviceUrl: string,
  options: Omit<BenchStackOptions, 'emulator' | 'discord'> = {},
): Promise<BotOnly> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-bench-'));
  const parsed = parseConfig({
    DISCORD_TOKEN: discord.botToken,
    DISCORD_REST_URL: discord.restUrl,
    SERVICE_URL: serviceUrl,
    SERVICE_TOKEN: DEMO_TOKENS.carol,
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? 'info',
    ...options.env,
  });
  const config: Config =
    options.ratePerSecond === undefined
      ? parsed
      : { ...parsed, service: { ...parsed.service, ratePerSecond: options.ratePerSecond } };
  const logs = createLogSink();
  const kiroku = await startKiroku({
    config,
    logger: createLogger(config.logLevel, logs.stream),
    startJobs: options.startJobs ?? false,
    ...(options.now ? { now: options.now } : {}),
    // The bench fires hundreds of interactions as one person: the limits are counted but never reached.
    interactionLimits: {
      ...RELAXED_INTERACTION_LIMITS,
      ...(options.serviceShare ? { serviceShare: options.serviceShare } : {}),
    },
  });
  await registerCommands(discord, kiroku.commands);
  return {
    kiroku,
    config,
    dataDir,
    logs,
    async close() {
      await kiroku.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startBenchStack(options: BenchStackOptions = {}): Promise<BenchStack> {
  const emulator = await startEmulator({ seed: 'demo', ...options.emulator });
  const discord = await startFakeDiscord({ guilds: 1, ...options.discord });
  const bot = await startBot(discord, emulator.url, options);
  return {
    emulator,
    discord,
    kiroku: bot.kiroku,
    config: bot.config,
    dataDir: bot.dataDir,
    logs: bot.logs,
    async close() {
      await bot.close();
      await discord.close();
      await emulator.close();
    },
  };
}
