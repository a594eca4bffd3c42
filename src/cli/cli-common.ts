/**
 * What the operator programs share: strict arguments, `--help` that needs no configuration,
 * configuration, a logger on stderr, and plain error exits (one line each).
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
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

/** Arguments the program does not take: one line, exit code 2, nothing done. */
export class UsageError extends CliRefusal {
  constructor(reason: string) {
    super(`${reason} (see --help)`, 2);
  }
}

export interface CliContext {
  config: Config;
  logger: Logger;
  out: (line: string) => void;
}

/** What a program asks for `--help`, as its parser answers it. */
export const HELP = Symbol('help');

/** A program: its usage text, how it reads its arguments (strictly), and what it does with them. */
export interface CliProgram<Args> {
  usage: string;
  /** Throws UsageError (or parseArgs' own errors) for arguments it does not take; HELP for `--help`. */
  parse(argv: string[]): Args | typeof HELP;
  run(context: CliContext, args: Args): Promise<void>;
}

/**
 * node:util parseArgs, strict, its errors turned into one-line usage errors that name the option but
 * never echo a value (a token passed the wrong way must not be printed).
 */
export function strictArgs<T extends Omit<ParseArgsConfig, 'args' | 'strict'>>(argv: string[], config: T) {
  try {
    return parseArgs({ ...config, args: argv, strict: true });
  } catch (error) {
    throw usageErrorFrom(error);
  }
}

function usageErrorFrom(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  const option = /'(-[^' <=]*)/.exec(message)?.[1] ?? 'an option';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new UsageError(`unknown option ${option}`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return new UsageError(
      /does not take/.test(message) ? `${option} takes no value` : `${option} needs a value`,
    );
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return new UsageError('this takes no other arguments');
  return error;
}

/**
 * Runs a program: arguments first (`--help` prints the usage and stops before any configuration is
 * read; a wrong argument stops with exit code 2 before anything is touched), then configuration from
 * the environment and `.env`, logs on stderr, results on stdout.
 */
export async function runCli<Args>(
  name: string,
  program: CliProgram<Args>,
  argv: string[] = process.argv.slice(2),
): Promise<void> {
  try {
    const args = program.parse(argv);
    if (args === HELP) {
      process.stdout.write(`${program.usage}\n`);
      return;
    }
    const config = loadConfig();
    const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
    await program.run({ config, logger, out: (line) => process.stdout.write(`${line}\n`) }, args);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${name}: ${message.split('\n')[0]}\n`);
    process.exitCode = exitCodeFor(error);
  }
}

function exitCodeFor(error: unknown): number {
  if (error instanceof CliRefusal) return error.exitCode;
  if (error instanceof ConfigError) return 78;
  return 1;
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
