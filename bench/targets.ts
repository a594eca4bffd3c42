/**
 * What scenario 1 measures: the bare discord.js client (baseline) or the real bot with a given
 * budget, each behind its own fake Discord with the bot's commands registered.
 */
import { Pool } from 'undici';
import { loadCommands } from '../src/bot/loader.js';
import { type FakeDiscord, startFakeDiscord } from '../test/fakes/discord/fake-discord.js';
import { DEMO_TOKENS } from '../test/fakes/emulator/seed.js';
import { startBareClient } from './bare-client.js';
import { type RemoteEmulator, startRemoteEmulator } from './remote-emulator.js';
import { registerCommands, startBot as startKirokuBot } from './stack.js';
import { sleep } from './stats.js';

/** Any rate above 1000/s gives the budget's minimum spacing of 1 ms between starts. */
const GENEROUS_RATE = 100_000;

export type VariantName = 'baseline' | 'floor' | 'generous' | 'production';

export interface Target {
  variant: VariantName;
  discord: FakeDiscord;
  /** The emulator, in its own process (absent for the baseline). */
  emulator: RemoteEmulator | undefined;
  /** Waits until the bot's request budget has nothing queued, then `gapMs` more. */
  settle(gapMs: number): Promise<void>;
  /** Requests the emulator got so far, and how many it answered 429. */
  serviceStats(): Promise<{ requests: number; rateLimited: number }>;
  close(): Promise<void>;
}

async function startBaseline(): Promise<Target> {
  const discord = await startFakeDiscord({ guilds: 1 });
  await registerCommands(discord, await loadCommands());
  const client = await startBareClient({ restUrl: discord.restUrl, token: discord.botToken });
  return {
    variant: 'baseline',
    discord,
    emulator: undefined,
    settle: (gapMs) => sleep(gapMs),
    serviceStats: async () => ({ requests: 0, rateLimited: 0 }),
    async close() {
      await client.destroy();
      await discord.close();
    },
  };
}

/** The query string kiroku sends for `/work search title:` (default sort, PAGE_SIZE 10) and for work autocomplete. */
const FLOOR_QUERIES = {
  search: (text: string) =>
    `filter_title=${encodeURIComponent(text)}&sort_id=asc&page=1&per_page=10&fields=id,title,season_name,season_name_text,watchers_count`,
  autocomplete: (text: string) =>
    `filter_title=${encodeURIComponent(text)}&sort_watchers_count=desc&per_page=25&fields=id,title,season_name_text,season_name`,
};

/**
 * The floor: the bare client, but before its constant reply it makes the one service request the
 * command needs (the same works query kiroku sends, on a kept-alive undici pool, body parsed as
 * JSON) and nothing else: no budget, validation, store, rendering or paging.
 */
async function startFloor(): Promise<Target> {
  const emulator = await startRemoteEmulator({ rateLimit: false });
  const discord = await startFakeDiscord({ guilds: 1 });
  await registerCommands(discord, await loadCommands());
  const pool = new Pool(emulator.url, { connections: 8 });
  const client = await startBareClient({
    restUrl: discord.restUrl,
    token: discord.botToken,
    async beforeReply(interaction) {
      const query = interaction.isAutocomplete()
        ? FLOOR_QUERIES.autocomplete(String(interaction.options.getFocused()))
        : FLOOR_QUERIES.search(interaction.options.getString('title') ?? '');
      const response = await pool.request({
        method: 'GET',
        path: `/v1/works?${query}`,
        headers: { authorization: `Bearer ${DEMO_TOKENS.carol}`, accept: 'application/json' },
      });
      JSON.parse(await response.body.text());
    },
  });
  return {
    variant: 'floor',
    discord,
    emulator,
    settle: (gapMs) => sleep(gapMs),
    serviceStats: () => emulator.stats(),
    async close() {
      await client.destroy();
      await pool.close();
      await discord.close();
      await emulator.close();
    },
  };
}

/**
 * generous: the budget at its fastest pace (one start per millisecond; it counts whole ms) and the
 * emulator's per-IP limit off (the bot's own overhead);
 * production: the default budget (3/s) against the emulator's 4/s per-IP limit.
 */
async function startBot(variant: 'generous' | 'production'): Promise<Target> {
  const emulator = await startRemoteEmulator({ rateLimit: variant === 'production' });
  const discord = await startFakeDiscord({ guilds: 1 });
  const bot = await startKirokuBot(
    discord,
    emulator.url,
    variant === 'generous' ? { ratePerSecond: GENEROUS_RATE } : {},
  );
  return {
    variant,
    discord,
    emulator,
    async settle(gapMs) {
      for (let i = 0; i < 200; i++) {
        const queued = bot.kiroku.budget.stats().queued;
        if (Object.values(queued).every((n) => n === 0)) break;
        await sleep(50);
      }
      await sleep(gapMs);
    },
    serviceStats: () => emulator.stats(),
    async close() {
      await bot.close();
      await discord.close();
      await emulator.close();
    },
  };
}

export function startTarget(variant: VariantName): Promise<Target> {
  if (variant === 'baseline') return startBaseline();
  if (variant === 'floor') return startFloor();
  return startBot(variant);
}
