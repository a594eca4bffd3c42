/** What the operator programs share: configuration, a logger on stderr, and plain error exits. */
import { type Config, ConfigError, loadConfig } from '../config.js';
import { createLogger, type Logger } from '../logger.js';
import { backendKindFor } from '../store/backend.js';
import { sqlitePath } from '../store/sqlite.js';

/** A refusal the operator can act on: printed as one line, exit code 1 (2 for usage, 78 for configuration). */
export class CliRefusal extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export interface CliContext {
  config: Config;
  logger: Logger;
  out: (line: string) => void;
}

/** Runs a program: configuration from the environment and `.env`, logs on stderr, results on stdout. */
export async function runCli(name: string, program: (context: CliContext) => Promise<void>): Promise<void> {
  try {
    const config = loadConfig();
    const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
    await program({ config, logger, out: (line) => process.stdout.write(`${line}\n`) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${name}: ${message}\n`);
    process.exitCode = exitCodeFor(error);
  }
}

function exitCodeFor(error: unknown): number {
  if (error instanceof CliRefusal) return error.exitCode;
  if (error instanceof ConfigError) return 78;
  // node:util parseArgs: an unknown option or a missing value is a usage error.
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS') ? 2 : 1;
}

/** The SQLite file of the configured store, or a refusal naming what to do for Redis and PostgreSQL. */
export function sqliteStoreFile(config: Config, action: string): string {
  const kind = backendKindFor(config.databaseUrl);
  if (kind !== 'sqlite') {
    const how = kind === 'redis' ? 'Redis (RDB snapshot or AOF)' : 'PostgreSQL (pg_dump / pg_restore)';
    throw new CliRefusal(
      `this works on the SQLite store only; DATABASE_URL names ${kind}: use ${how} as docs/operations.md ("Backups") shows`,
    );
  }
  const file = sqlitePath(config.databaseUrl);
  if (file === ':memory:') throw new CliRefusal(`an in-memory store has nothing to ${action}`);
  return file;
}
