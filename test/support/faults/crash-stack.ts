/**
 * The emulator and the fake Discord live in the test process, the bot in a child process over a
 * data directory that outlives it: kill -9 the child, start another over the same directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { loadCommands } from '#src/bot/loader.js';
import { type FakeDiscord, startFakeDiscord } from '../../fakes/discord/fake-discord.js';
import { type Emulator, startEmulator } from '../../fakes/emulator/server.js';
import { fakesEnv } from '../fakes-env.js';
import { registerCommands } from '../register-commands.js';
import { type ChildBot, startChildBot } from './child-bot.js';

export interface CrashStack {
  emulator: Emulator;
  discord: FakeDiscord;
  dataDir: string;
  /** Every bot process started so far, the current one last. */
  bots: ChildBot[];
  current(): ChildBot;
  /** Starts a bot process over the data directory (the previous one must be gone). */
  startBot(env?: Record<string, string>): Promise<ChildBot>;
  /** Links a Discord user through /account link and the token form, as a person would. */
  link(discordUserId: string, token: string): Promise<void>;
  /** Runs a /subscription command (in the first guild unless told) and returns the subscription id. */
  subscribe(
    discordUserId: string,
    subcommand: 'feed' | 'schedule',
    options: Record<string, string>,
    guildId?: string,
  ): Promise<string>;
  close(): Promise<void>;
}

const REPLY_TIMEOUT = 15_000;

export interface CrashStackOptions {
  channelsPerGuild: number;
  /** Default 1. A server holds at most 25 subscriptions: more of them need more servers. */
  guilds?: number;
  /** The service's clock (defaults to the real one). */
  now?: () => Date;
  env?: Record<string, string>;
}

export async function startCrashStack(options: CrashStackOptions): Promise<CrashStack> {
  const emulator = await startEmulator({
    seed: 'demo',
    rateLimit: false,
    ...(options.now ? { now: options.now } : {}),
  });
  const discord = await startFakeDiscord({
    guilds: options.guilds ?? 1,
    channelsPerGuild: options.channelsPerGuild,
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-crash-'));
  await registerCommands(discord, await loadCommands());
  const baseEnv = {
    ...fakesEnv(discord, emulator),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'debug',
    SERVICE_RATE_PER_SECOND: '50',
    ...options.env,
  };
  const bots: ChildBot[] = [];
  return {
    emulator,
    discord,
    dataDir,
    bots,
    current() {
      const bot = bots.at(-1);
      if (!bot) throw new Error('no bot process started');
      return bot;
    },
    async startBot(env = {}) {
      const bot = await startChildBot({ ...baseEnv, ...env });
      bots.push(bot);
      return bot;
    },
    link: (discordUserId, token) => linkByForm(discord, discordUserId, token),
    subscribe: (discordUserId, subcommand, subscriptionOptions, guildId) =>
      subscribeBySlash(discord, discordUserId, subcommand, subscriptionOptions, guildId),
    async close() {
      for (const bot of bots) await bot.kill();
      await discord.close();
      await emulator.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const user = (id: string) => ({ id, username: `user-${id.slice(-4)}` });

/** /account link, then the token form, as a person would. */
async function linkByForm(discord: FakeDiscord, discordUserId: string, token: string): Promise<void> {
  const form = await (
    await discord.slash({
      name: 'account',
      subcommand: 'link',
      options: { method: 'token' },
      user: user(discordUserId),
    })
  ).reply(REPLY_TIMEOUT);
  expect(form.type).toBe(9);
  const linked = await (
    await discord.modal({ customId: 'account:token', fields: { token }, user: user(discordUserId) })
  ).reply(REPLY_TIMEOUT);
  expect(linked.content).toMatch(/^Linked as/);
}

/** Runs /subscription (in the first guild unless told) and reads the new id from the reply. */
async function subscribeBySlash(
  discord: FakeDiscord,
  discordUserId: string,
  subcommand: 'feed' | 'schedule',
  options: Record<string, string>,
  guildId?: string,
): Promise<string> {
  const reply = await (
    await discord.slash({
      name: 'subscription',
      subcommand,
      options,
      user: user(discordUserId),
      ...(guildId ? { guildId } : {}),
    })
  ).reply(REPLY_TIMEOUT);
  const id = /Subscription id: `([a-z0-9]+)`/.exec(reply.content ?? '')?.[1];
  if (!id) throw new Error(`no subscription id in: ${reply.content}`);
  return id;
}
