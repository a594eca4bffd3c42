/**
 * Discord lets a bot start `session_start_limit.max_concurrency` gateway sessions per 5 seconds
 * (one identify bucket per 5 s, `max_concurrency` buckets). Shard processes identify on their own,
 * so the supervisor spaces their starts: discord.js's ShardingManager `spawn({ delay })`.
 */
import { REST, Routes } from 'discord.js';
import { z } from 'zod';
import type { Logger } from '../logger.js';

const IDENTIFY_WINDOW_MS = 5_000;
/** A little more than the window, as discord.js's own default (5.5 s for one bucket). */
const SAFETY = 1.1;

const gatewayBotSchema = z.object({
  session_start_limit: z.object({ max_concurrency: z.number().int().min(1) }),
});

/** The wait between two shard starts so that no more than `maxConcurrency` identify per 5 s. */
export function spawnDelayMs(maxConcurrency: number): number {
  return Math.ceil((IDENTIFY_WINDOW_MS * SAFETY) / Math.max(1, maxConcurrency));
}

/** `max_concurrency` from GET /gateway/bot (through DISCORD_REST_URL); 1, the strictest, when unreadable. */
export async function readMaxConcurrency(
  restUrl: string | undefined,
  token: string,
  logger: Logger,
): Promise<number> {
  try {
    const rest = new REST(restUrl ? { api: restUrl } : {}).setToken(token);
    const parsed = gatewayBotSchema.safeParse(await rest.get(Routes.gatewayBot()));
    if (parsed.success) return parsed.data.session_start_limit.max_concurrency;
    logger.warn('sharding: GET /gateway/bot has no session_start_limit; starting one shard per 5.5 s');
  } catch (error) {
    logger.warn({ err: error }, 'sharding: GET /gateway/bot failed; starting one shard per 5.5 s');
  }
  return 1;
}
