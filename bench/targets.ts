/**
 * What scenario 1 measures: the bare discord.js client (baseline) or the real bot with a given
 * budget, each behind its own fake Discord with the bot's commands registered.
 */
import type { Client } from 'discord.js';
import { Pool } from 'undici';
import type { Kiroku } from '#src/app.js';
import { loadCommands } from '#src/bot/loader.js';
import { type FakeDiscord, startFakeDiscord } from '../test/fakes/discord/fake-discord.js';
import { DEMO_TOKENS } from '../test/fakes/emulator/seed.js';
import { startBareClient } from './bare-client.js';
import { type RemoteEmulator, startRemoteEmulator } from './remote-emulator.js';
import { registerCommands, startBot as startKirokuBot } from './stack.js';
import { sleep } from './stats.js';
import { type StepRecorder, wrapMethod } from './steps.js';

/** 99 starts in each millisecond of the budget's clock (floor(rate / 1001)): no budget pace shows. */
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
  /** Marks the steps of each interaction on `recorder` (floor and bot); returns how to stop. */
  instrument?(recorder: StepRecorder): () => void;
  close(): Promise<void>;
}

/** Marks when discord.js is handed an interaction callback (interaction.reply and respond post it). */
function markReplies(client: Client, recorder: StepRecorder): () => void {
  return wrapMethod(client.rest, 'post', (post) => (...args) => {
    recorder.mark('replyStart');
    return post.apply(client.rest, args);
  });
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
    `filter_title=${encodeURIComponent(text)}&sort_season=desc&page=1&per_page=10&fields=id,title,title_en,season_name,season_name_text,watchers_count`,
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
  let recorder: StepRecorder | undefined;
  const client = await startBareClient({
    restUrl: discord.restUrl,
    token: discord.botToken,
    async beforeReply(interaction) {
      recorder?.mark('handlerStart');
      const query = interaction.isAutocomplete()
        ? FLOOR_QUERIES.autocomplete(String(interaction.options.getFocused()))
        : FLOOR_QUERIES.search(interaction.options.getString('title') ?? '');
      recorder?.mark('serviceStart');
      const response = await pool.request({
        method: 'GET',
        path: `/v1/works?${query}`,
        headers: { authorization: `Bearer ${DEMO_TOKENS.carol}`, accept: 'application/json' },
      });
      JSON.parse(await response.body.text());
      recorder?.mark('serviceEnd');
      // The floor renders nothing: its answer is a constant.
      recorder?.mark('handlerEnd');
    },
  });
  return {
    variant: 'floor',
    discord,
    emulator,
    settle: (gapMs) => sleep(gapMs),
    serviceStats: () => emulator.stats(),
    instrument(steps) {
      recorder = steps;
      const unmark = markReplies(client, steps);
      return () => {
        recorder = undefined;
        unmark();
      };
    },
    async close() {
      await client.destroy();
      await pool.close();
      await discord.close();
      await emulator.close();
    },
  };
}

/**
 * generous: the budget at a pace no burst reaches (99 starts per millisecond of its clock) and the
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
    instrument: (steps) => instrumentBot(bot.kiroku, steps),
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

/**
 * Marks kiroku's steps from outside: `/work`'s handlers (the command module the router holds), the
 * service client's works lookup (the one the handlers' contexts use) and discord.js's REST post.
 */
function instrumentBot(kiroku: Kiroku, recorder: StepRecorder): () => void {
  const work = kiroku.commands.get('work');
  if (!work?.autocomplete) throw new Error('the /work command has no autocomplete');
  const timed =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      recorder.mark('handlerStart');
      const result = await run(...args);
      recorder.mark('handlerEnd');
      return result;
    };
  const service = kiroku.deps.service;
  const undo = [
    wrapMethod(work, 'execute', (execute) => timed(execute.bind(work))),
    wrapMethod(work, 'autocomplete', (autocomplete) => timed((autocomplete ?? (async () => [])).bind(work))),
    wrapMethod(service, 'works', (works) => async (...args) => {
      recorder.mark('serviceStart');
      const page = await works.apply(service, args);
      recorder.mark('serviceEnd');
      return page;
    }),
    markReplies(kiroku.client, recorder),
  ];
  return () => {
    for (const put of undo.reverse()) put();
  };
}
