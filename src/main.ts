import { startKiroku } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './logger.js';

/** `npm start`: read the configuration, start the bot, stop cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`kiroku cannot start: ${error.message}`);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

  let kiroku: Awaited<ReturnType<typeof startKiroku>>;
  try {
    kiroku = await startKiroku({ config, logger });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.fatal({ err: error }, 'kiroku could not start');
    console.error(`kiroku cannot start: ${message}`);
    process.exit(1);
  }

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'stopping');
    const deadline = setTimeout(() => process.exit(1), 10_000);
    deadline.unref();
    kiroku.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'unclean stop');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

await main();
