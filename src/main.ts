// First: a Node.js kiroku cannot run on is refused, with the reason, before anything else loads.
import './node-check.js';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { StartAborted, startKiroku } from './app.js';
import { type Config, ConfigError, loadConfig, requireDiscordToken } from './config.js';
import { createLogger, type Logger, prettyDestination } from './logger.js';
import { nodeVerdict } from './node-support.js';
import {
  forgetShardVariablesOutsideShards,
  isShardProcess,
  superviseShards,
  supervisesShards,
} from './supervisor/shard-supervisor.js';
import { KIROKU_VERSION } from './version.js';

/**
 * This file, and the command folders beside its folder: in the sources (src/main.ts), tsc's output
 * (dist/src/main.js) and the bundle `npm start` runs (dist/bundle/src/main.js) alike.
 */
const THIS_ENTRY = fileURLToPath(import.meta.url);
const commandsDirectory = fileURLToPath(new URL('../commands/', import.meta.url));

/** How long a stop may take in all: the process is gone within 10 s of SIGTERM/SIGINT. */
const STOP_LIMIT_MS = 10_000;
/** sysexits' EX_CONFIG: the operator has a setting to fix; a supervisor should not just retry. */
const EXIT_CONFIG = 78;

/** A configuration error is the operator's to fix: one plain line naming the variable, no log, no stack. */
function exitOnConfigError(error: unknown): void {
  if (!(error instanceof ConfigError)) return;
  console.error(`kiroku cannot start: ${error.message}`);
  process.exit(EXIT_CONFIG);
}

function readConfig(): Config {
  try {
    // A shard process runs its shard: discord.js passes the ids in SHARDS (read by the client itself).
    const config = loadConfig('.env', isShardProcess() ? { SHARDS: '1' } : {});
    forgetShardVariablesOutsideShards();
    return config;
  } catch (error) {
    exitOnConfigError(error);
    throw error;
  }
}

/**
 * Installed before anything opens: a signal during start-up aborts the start (closing what it opened)
 * instead of being ignored, as it would be for a container's PID 1 without a handler.
 */
function onStopSignals(logger: Logger): {
  signal: AbortSignal;
  whenStarted(stop: () => Promise<void>): void;
} {
  const aborting = new AbortController();
  let stop: (() => Promise<void>) | undefined;
  const shutdown = (signal: string) => {
    if (aborting.signal.aborted) return;
    logger.info({ signal }, 'stopping');
    setTimeout(() => process.exit(1), STOP_LIMIT_MS).unref();
    aborting.abort();
    // Before the start finished, the start itself closes what it opened and main() exits.
    stop?.().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'unclean stop');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  return {
    signal: aborting.signal,
    whenStarted(stopStarted) {
      stop = stopStarted;
      if (aborting.signal.aborted) shutdownStarted(stopStarted, logger);
    },
  };
}

/** A signal that came while a supervisor was starting: stop it now that it can be stopped. */
function shutdownStarted(stop: () => Promise<void>, logger: Logger): void {
  stop().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error({ err: error }, 'unclean stop');
      process.exit(1);
    },
  );
}

/** JSON lines on standard output, or pretty ones for a person reading them (LOG_FORMAT=pretty). */
function readLogger(config: Config): Logger {
  try {
    return createLogger(config.logLevel, config.logFormat === 'pretty' ? prettyDestination() : undefined);
  } catch (error) {
    exitOnConfigError(error);
    throw error;
  }
}

/** One warning line on a Node.js that runs kiroku but is not the supported line (once: not per shard). */
function warnOnUnsupportedNode(logger: Logger): void {
  const runtime = nodeVerdict();
  if (runtime.kind === 'unsupported' && !isShardProcess())
    logger.warn({ node: process.version }, runtime.warning);
}

/** `npm start`: one bot process, or (SHARDS=auto|N) a supervisor of shard processes. */
async function main(): Promise<void> {
  const config = readConfig();
  const logger = readLogger(config);
  warnOnUnsupportedNode(logger);
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  const signals = onStopSignals(logger);
  try {
    if (supervisesShards(config)) {
      const supervisor = await superviseShards(config, requireDiscordToken(config), logger, THIS_ENTRY);
      signals.whenStarted(() => supervisor.stop(STOP_LIMIT_MS - 1_000));
      return;
    }
    const kiroku = await startKiroku({ config, logger, signal: signals.signal, commandsDirectory });
    signals.whenStarted(() => kiroku.stop());
  } catch (error) {
    if (error instanceof StartAborted) {
      logger.info('stopped during start-up; everything it had opened is closed');
      process.exit(0);
    }
    // Also raised later in the start, e.g. a DATABASE_URL the store cannot open.
    exitOnConfigError(error);
    const message = error instanceof Error ? error.message : String(error);
    logger.fatal({ err: error, version: KIROKU_VERSION }, 'kiroku could not start');
    console.error(`kiroku cannot start: ${message}`);
    process.exit(1);
  }
}

// Compiled code is kept between starts (in NODE_COMPILE_CACHE, else the system's temporary folder), so a
// restart compiles only what changed; most of kiroku loads after this line. Node 20 has no such cache.
module.enableCompileCache?.();
await main();
