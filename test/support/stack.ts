import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type Kiroku, startKiroku } from '#src/app.js';
import type { InteractionLimitSettings } from '#src/bot/interaction-limits.js';
import { type Config, parseConfig } from '#src/config.js';
import { type FakeDiscord, startFakeDiscord } from '../fakes/discord/fake-discord.js';
import { DEMO_OAUTH_CLIENT, DEMO_TOKENS, DEMO_USERS } from '../fakes/emulator/seed.js';
import { type Emulator, type StartEmulatorOptions, startEmulator } from '../fakes/emulator/server.js';
import { fakesEnv } from './fakes-env.js';
import { freePort } from './free-port.js';
import { lateBound } from './late-bound.js';
import { captureLogger } from './log-capture.js';
import { registerCommands } from './register-commands.js';
import { RELAXED_INTERACTION_LIMITS } from './relaxed-limits.js';

export interface StackOptions {
  /** Operator token for catalogue lookups by unlinked users (default: carol's). null: none. */
  serviceToken?: string | null;
  oauth?: boolean;
  /** Extra environment, as an operator would set it. */
  env?: Record<string, string>;
  emulatorRateLimit?: boolean;
  /**
   * Per-person interaction limits. Default: far above anything a test sends, so that tests may fire
   * commands back to back; the tests of the limits pass DEFAULT_INTERACTION_LIMITS.
   */
  interactionLimits?: InteractionLimitSettings;
  /** One clock for the emulator and the bot (the jobs' schedules); the real one by default. */
  now?: () => Date;
  /** The jobs run on their own timers, as in production (default: the test drives them by hand). */
  startJobs?: boolean;
  /** The gateway's heartbeat interval (default the fake's 41.25 s); the gateway ping is measured on it. */
  heartbeatIntervalMs?: number;
  /** Sees every request the emulator receives (to count them by token). */
  onServiceRequest?: StartEmulatorOptions['onRequest'];
}

export interface Stack {
  emulator: Emulator;
  discord: FakeDiscord;
  readonly kiroku: Kiroku;
  /** Stops the bot and starts it again over the same data directory, as a restart would. */
  restart(): Promise<void>;
  dataDir: string;
  /** Everything the bot logged, as text. */
  logs(): string;
  /** Stores a demo user's token for a Discord user, as a finished /account link would. */
  link(
    discordUserId: string,
    who: keyof typeof DEMO_USERS & keyof typeof DEMO_TOKENS,
    scopes?: string[],
  ): Promise<void>;
  close(): Promise<void>;
}

/** Starts the emulator, the fake Discord and the bot's real composition root, wired on loopback. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const emulator = await startEmulator({
    seed: 'demo',
    rateLimit: options.emulatorRateLimit ?? true,
    ...(options.now ? { now: options.now } : {}),
    ...(options.onServiceRequest ? { onRequest: options.onServiceRequest } : {}),
  });
  const discord = await startFakeDiscord({
    guilds: 2,
    ...(options.heartbeatIntervalMs ? { heartbeatIntervalMs: options.heartbeatIntervalMs } : {}),
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-e2e-'));
  const log = captureLogger('debug');
  const config = stackConfig(options, emulator, discord, dataDir);
  // The jobs are driven by hand in tests (kiroku.jobs.feed.runCycle()), not by timers.
  const start = () =>
    startKiroku({
      config,
      logger: log.logger,
      startJobs: options.startJobs ?? false,
      interactionLimits: options.interactionLimits ?? RELAXED_INTERACTION_LIMITS,
      ...(options.now ? { now: options.now } : {}),
    });
  let kiroku = await start();
  await registerCommands(discord, kiroku.commands);

  return {
    emulator,
    discord,
    get kiroku() {
      return kiroku;
    },
    async restart() {
      await kiroku.stop();
      kiroku = await start();
    },
    dataDir,
    logs: log.text,
    link: (discordUserId, who, scopes = ['read', 'write']) =>
      linkDemoUser(kiroku, discordUserId, who, scopes),
    async close() {
      await kiroku.stop();
      await discord.close();
      await emulator.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The configuration an operator would write for this stack (carol's service token by default). */
function stackConfig(
  options: StackOptions,
  emulator: Emulator,
  discord: FakeDiscord,
  dataDir: string,
): Config {
  const serviceToken = options.serviceToken === undefined ? DEMO_TOKENS.carol : options.serviceToken;
  return parseConfig({
    ...fakesEnv(discord, emulator),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'debug',
    ...(serviceToken ? { SERVICE_TOKEN: serviceToken } : {}),
    ...(options.oauth
      ? { SERVICE_CLIENT_ID: DEMO_OAUTH_CLIENT.id, SERVICE_CLIENT_SECRET: DEMO_OAUTH_CLIENT.secret }
      : {}),
    ...options.env,
  });
}

async function linkDemoUser(
  kiroku: Kiroku,
  discordUserId: string,
  who: keyof typeof DEMO_USERS & keyof typeof DEMO_TOKENS,
  scopes: string[],
): Promise<void> {
  const user = DEMO_USERS[who];
  await kiroku.deps.vault.put(discordUserId, {
    token: DEMO_TOKENS[who],
    scopes,
    serviceUserId: user.id,
    serviceUsername: user.username,
    method: 'token',
    linkedAt: new Date().toISOString(),
  });
}

/**
 * The stack for the enclosing describe block: started before its tests (with `link`ed users holding
 * their demo accounts), closed after them. The object it returns stands for the running stack; read
 * it only inside tests and hooks.
 */
export function useStack(
  options: StackOptions = {},
  { link = [] }: { link?: ReadonlyArray<keyof typeof USERS & keyof typeof DEMO_TOKENS> } = {},
): Stack {
  let stack: Stack | undefined;
  beforeAll(async () => {
    stack = await startStack(options);
    for (const who of link) await stack.link(USERS[who].id, who);
  });
  afterAll(async () => {
    await stack?.close();
  });
  return lateBound('the stack', () => stack);
}

/**
 * The stack with OAuth linking and its HTTP server on a free loopback port, PUBLIC_URL pointing there
 * (`base`). The test's browser reaches the emulator from the bot's own address, so the emulator's
 * per-address limit is off: it would count both.
 */
export async function startStackOnHttp(
  env: Record<string, string> = {},
): Promise<{ stack: Stack; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const stack = await startStack({
    oauth: true,
    emulatorRateLimit: false,
    env: { ...env, HTTP_PORT: String(port), PUBLIC_URL: base },
  });
  return { stack, base };
}

/** Discord user ids used across the end-to-end tests. */
export const USERS = {
  alice: { id: '310000000000000001', username: 'alice_discord' },
  bob: { id: '310000000000000002', username: 'bob_discord' },
  stranger: { id: '310000000000000009', username: 'stranger' },
} as const;

/** `/subscription feed channel:<channel>` sent by alice, answered (the reply's content says where posts go). */
export async function subscribeAliceToFeed(stack: Stack, channel: string, timeoutMs = 15_000) {
  return (
    await stack.discord.slash({
      name: 'subscription',
      subcommand: 'feed',
      options: { channel },
      user: USERS.alice,
    })
  ).reply(timeoutMs);
}

/** `/work info work:<id>` sent by `user`, answered. */
export async function askWorkInfo(
  stack: Stack,
  workId: number,
  user: { id: string; username: string },
  timeoutMs = 15_000,
) {
  return (
    await stack.discord.slash({ name: 'work', subcommand: 'info', options: { work: String(workId) }, user })
  ).reply(timeoutMs);
}

/** `/name subcommand options` sent by alice in a locale (default en-US); `stack` is read at call time. */
export function slashAsAlice(stack: () => Stack) {
  return (
    name: string,
    subcommand: string | undefined,
    options: Record<string, string | number | boolean> = {},
    locale = 'en-US',
  ) =>
    stack().discord.slash({
      name,
      ...(subcommand ? { subcommand } : {}),
      options,
      user: { ...USERS.alice, locale },
      locale,
    });
}
