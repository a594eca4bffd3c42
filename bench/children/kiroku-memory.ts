/**
 * Child process of the memory scenario: the real bot (startKiroku, jobs started as in production)
 * configured from the environment, reporting its memory once READY. Run with node --expose-gc, from
 * the bundle as the image runs the bot (bench/build.ts).
 */
import { fileURLToPath } from 'node:url';
import { startKiroku } from '#src/app.js';
import { parseConfig } from '#src/config.js';
import { createLogger } from '#src/logger.js';
import { printMemory } from './memory-report.js';

const config = parseConfig(process.env);
// The command folders beside this file's folder, as in the sources, the compiled copy and the bundle.
const commandsDirectory = fileURLToPath(new URL('../../commands/', import.meta.url));
const kiroku = await startKiroku({ config, logger: createLogger('warn'), commandsDirectory });
const readyMs = performance.now();
let channels = 0;
for (const guild of kiroku.client.guilds.cache.values()) channels += guild.channels.cache.size;
await printMemory({ guilds: kiroku.client.guilds.cache.size, channels }, readyMs);
await kiroku.stop();
process.exit(0);
