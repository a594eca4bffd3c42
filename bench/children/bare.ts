/**
 * Child process of the memory and cold-start scenarios: the bare discord.js client (baseline).
 * Prints "bare client is ready" on READY; with BENCH_MEMORY=1 also the memory report, then exits.
 */
import { startBareClient } from '../bare-client.js';
import { printMemory } from './memory-report.js';

const client = await startBareClient({
  restUrl: process.env.DISCORD_REST_URL ?? '',
  token: process.env.DISCORD_TOKEN ?? '',
});
const readyMs = performance.now();
process.stdout.write(`bare client is ready (${client.guilds.cache.size} guilds)\n`);
if (process.env.BENCH_MEMORY === '1') {
  let channels = 0;
  for (const guild of client.guilds.cache.values()) channels += guild.channels.cache.size;
  await printMemory({ guilds: client.guilds.cache.size, channels }, readyMs);
  await client.destroy();
  process.exit(0);
}
const stop = () => {
  void client.destroy().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
