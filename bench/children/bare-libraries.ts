/**
 * Child process of the cold-start scenario: the bare discord.js client (bare.ts) plus what kiroku
 * cannot start without before it can answer: zod reading the environment, a pino logger, and a SQLite
 * file opened through keyv's adapter in WAL mode, as kiroku's store opens it. None of kiroku's own code:
 * the floor its start could reach if its own modules cost nothing. Prints "bare client is ready".
 */
import path from 'node:path';
import { KeyvSqlite } from '@keyv/sqlite';
import { pino } from 'pino';
import { z } from 'zod';
import { startBareClient } from '../bare-client.js';

const env = z
  .object({
    DISCORD_TOKEN: z.string().min(1),
    DISCORD_REST_URL: z.url(),
    DATA_DIR: z.string().min(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .parse(process.env);
const logger = pino({ level: env.LOG_LEVEL });
const store = new KeyvSqlite({ uri: `sqlite://${path.join(env.DATA_DIR, 'floor.sqlite')}`, table: 'keyv' });
const opened = store.query('PRAGMA journal_mode=WAL');
const client = await startBareClient({ restUrl: env.DISCORD_REST_URL, token: env.DISCORD_TOKEN });
await opened;
logger.debug('libraries loaded');
process.stdout.write(`bare client is ready (${client.guilds.cache.size} guilds)\n`);
const stop = () => {
  void Promise.all([client.destroy(), store.disconnect()]).finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
