/**
 * Child process of the memory scenario: the real bot (startKiroku, jobs started as in production)
 * configured from the environment, reporting its memory once READY. Run with node --expose-gc.
 */
import { startKiroku } from '#src/app.js';
import { parseConfig } from '#src/config.js';
import { createLogger } from '#src/logger.js';
import { printMemory } from './memory-report.js';

const config = parseConfig(process.env);
const kiroku = await startKiroku({ config, logger: createLogger('warn') });
const readyMs = performance.now();
let channels = 0;
for (const guild of kiroku.client.guilds.cache.values()) channels += guild.channels.cache.size;
await printMemory({ guilds: kiroku.client.guilds.cache.size, channels }, readyMs);
await kiroku.stop();
process.exit(0);
