import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { minutesOfDay } from './lib/clock-time.js';
import { canonicalTimeZone, isValidTimeZone } from './lib/time-zone.js';

export const OUT_OF_BAND = 'urn:ietf:wg:oauth:2.0:oob';
export const OAUTH_CALLBACK_PATH = '/oauth/callback';

/** Raised when the environment cannot start the bot; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const httpUrl = z.url({ protocol: /^https?$/ });

const ianaZone = z
  .string()
  .refine(isValidTimeZone, 'must be an IANA time zone such as Asia/Tokyo')
  .transform((zone) => canonicalTimeZone(zone) ?? zone);

const positiveNumber = z.coerce.number<string>().positive();

/**
 * The defaults of the settings that the jobs and the service client also fall back to when they are
 * built without a configuration (tests, the bench, the operator programs): stated here only.
 */
export const DEFAULTS = {
  /** SERVICE_RATE_PER_SECOND: the bot's whole request budget (the service allows about 4/s per IP). */
  serviceRatePerSecond: 3,
  /** POLL_INTERVAL_SECONDS: the shortest interval between two polls of one owner's feed. */
  pollIntervalSeconds: 60,
  /** FEED_POLL_SHARE: the share of the budget the feed schedule plans to use. */
  feedPollShare: 0.75,
  /** FEED_FLOOR_SHARE: the share of the budget's starts the feed always gets while its polls wait. */
  feedFloorShare: 0.25,
  /** FEED_CATCH_UP_HOURS. */
  feedCatchUpHours: 24,
  /** Owners polled (or owner jobs run) at once by one process; the budget paces them anyway. */
  feedConcurrency: 4,
  /** Digest and alert steps fall on the clock's multiples of this (:00 and :30). */
  scheduleStepMs: 30_000,
} as const;

const environmentSchema = z.object({
  DISCORD_TOKEN: optionalString,
  DISCORD_REST_URL: optionalString.pipe(httpUrl.optional()),
  SERVICE_URL: z.string().default('https://api.annict.com').pipe(httpUrl),
  /** The service's web site, where every feed post links (a record's or review's own page). */
  SERVICE_API_VERSION: z
    .string()
    .default('v1')
    .pipe(z.string().regex(/^v\d+$/, 'must look like v1')),
  SERVICE_TOKEN: optionalString,
  SERVICE_CLIENT_ID: optionalString,
  SERVICE_CLIENT_SECRET: optionalString,
  SERVICE_OAUTH_URL: optionalString.pipe(httpUrl.optional()),
  SERVICE_REDIRECT_URI: optionalString,
  SERVICE_RATE_PER_SECOND: z
    .string()
    .default(String(DEFAULTS.serviceRatePerSecond))
    .pipe(positiveNumber.max(50)),
  SERVICE_NAME: z.string().trim().min(1).max(40).default('Annict'),
  SERVICE_WEB_URL: z.string().default('https://annict.com').pipe(httpUrl),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(
        /^(sqlite|redis|rediss|postgres|postgresql):\/\//,
        'must start with sqlite://, redis:// or postgresql://',
      )
      .optional(),
  ),
  VAULT_KEY: optionalString,
  VAULT_KEYS: optionalString,
  POLL_INTERVAL_SECONDS: z.string().default(String(DEFAULTS.pollIntervalSeconds)).pipe(positiveNumber.min(5)),
  FEED_POLICY: z.enum(['adaptive', 'round-robin']).default('adaptive'),
  FEED_POLL_SHARE: z.string().default(String(DEFAULTS.feedPollShare)).pipe(positiveNumber.min(0.1).max(1)),
  /**
   * The feed's floor: the share of the budget's starts its polls always get while they wait, whatever
   * else waits. 0.25 keeps 0.75 polls/s at 3 requests/s and leaves commands 2.25/s.
   */
  FEED_FLOOR_SHARE: z
    .string()
    .default(String(DEFAULTS.feedFloorShare))
    .pipe(z.coerce.number<string>().min(0).max(0.75)),
  /** After a long outage, activities older than this are summed up in one line per owner and channel. */
  FEED_CATCH_UP_HOURS: z
    .string()
    .default(String(DEFAULTS.feedCatchUpHours))
    .pipe(positiveNumber.min(1).max(24 * 14)),
  DEFAULT_TIMEZONE: z.string().default('Asia/Tokyo').pipe(ianaZone),
  /** When a Japanese digest's broadcast day starts: earlier programs are written 24:00-29:59 of the day before. */
  BROADCAST_DAY_START: z
    .string()
    .trim()
    .default('05:00')
    .pipe(z.string().regex(/^0[0-5]:[0-5]\d$|^06:00$/, 'must be a time from 00:00 to 06:00, such as 05:00')),
  HTTP_PORT: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(z.coerce.number<string>().int().min(1).max(65535).optional()),
  PUBLIC_URL: optionalString.pipe(httpUrl.optional()),
  HTTP_HOST: z
    .string()
    .trim()
    .default('127.0.0.1')
    .pipe(
      z.string().regex(/^[A-Za-z0-9.:[\]-]+$/, 'must be an interface address such as 127.0.0.1 or 0.0.0.0'),
    ),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` lines (for machines), or `pretty` (for a person; needs the dev dependency pino-pretty). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  SHARDS: z
    .string()
    .default('1')
    .pipe(z.union([z.literal('auto'), z.coerce.number<string>().int().min(1).max(1024)])),
  PAGE_SIZE: z.string().default('10').pipe(z.coerce.number<string>().int().min(1).max(25)),
  SHARD_IDS: optionalString.pipe(
    z
      .string()
      .regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, 'must list shard ids like 0,1 or 0-3')
      .optional(),
  ),
  SHARD_COUNT: optionalString.pipe(z.coerce.number<string>().int().min(1).max(16_384).optional()),
  SERVICE_LOCAL_ADDRESS: optionalString.pipe(z.union([z.ipv4(), z.ipv6()]).optional()),
});

export type Environment = z.infer<typeof environmentSchema>;

/** Every variable kiroku reads. */
export const ENVIRONMENT_VARIABLES = Object.keys(environmentSchema.shape);

export interface Config {
  discordToken: string | undefined;
  discordRestUrl: string | undefined;
  service: {
    url: string;
    apiVersion: string;
    token: string | undefined;
    oauth: { clientId: string; clientSecret: string; baseUrl: string; redirectUri: string } | undefined;
    oauthBaseUrl: string;
    redirectUri: string;
    ratePerSecond: number;
    /** How people read the service's name (SERVICE_NAME). */
    name: string;
    /** The service's web site (SERVICE_WEB_URL), without a trailing slash: every link to its pages. */
    webUrl: string;
  };
  dataDir: string;
  databaseUrl: string;
  vault: { key: string | undefined; keys: string | undefined };
  pollIntervalSeconds: number;
  /** Share of the service budget the feed schedule plans to use (the rest is left to commands). */
  /** round-robin (every owner in turn) or adaptive (by activity rate; see docs/performance.md). */
  feedPolicy: 'round-robin' | 'adaptive';
  feedPollShare: number;
  /** Share of the budget's starts the feed's polls always get while they wait (0: none). */
  feedFloorShare: number;
  /** Feed activities older than this (ms) when first seen are summed up, not posted one by one. */
  feedCatchUpMs: number;
  defaultTimezone: string;
  /** Minutes after midnight at which a Japanese digest's broadcast day starts. */
  broadcastDayStart: number;
  httpPort: number | undefined;
  /** Interface the HTTP server binds to. */
  httpHost: string;
  /** When set, /metrics requires `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  publicUrl: string | undefined;
  logLevel: Environment['LOG_LEVEL'];
  logFormat: Environment['LOG_FORMAT'];
  shards: 'auto' | number;
  pageSize: number;
  /** Shard processes splitting this host's budget: SHARD_COUNT inside a shard process, else 1. */
  shardProcessCount: number;
  /** This process was started by discord.js's ShardingManager (SHARDING_MANAGER=true): one shard process. */
  shardProcess: boolean;
  /** Several hosts: the shards this host runs (SHARD_IDS) out of SHARD_COUNT in all. */
  shardRange: { ids: number[] | undefined; total: number | undefined };
  /** Local address outgoing connections to the service are bound to (SERVICE_LOCAL_ADDRESS). */
  serviceLocalAddress: string | undefined;
}

/**
 * The variables that hold secrets. Each may come from a file instead, named by the same name with
 * `_FILE` (Docker and compose secrets mount them under /run/secrets), so the secret is in no process
 * environment; setting both is refused, as it is ambiguous.
 */
export const SECRET_VARIABLES = [
  'DISCORD_TOKEN',
  'SERVICE_TOKEN',
  'SERVICE_CLIENT_SECRET',
  'VAULT_KEY',
  'VAULT_KEYS',
  'METRICS_TOKEN',
  'DATABASE_URL',
] as const;

function withSecretFiles(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const resolved = { ...env };
  for (const name of SECRET_VARIABLES) {
    const file = env[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (env[name]?.trim()) throw new ConfigError(`${name}_FILE: ${name} is set too; set one of them`);
    try {
      // One trailing newline (as `echo` writes) is not part of the secret.
      resolved[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new ConfigError(
        `${name}_FILE: cannot read ${file} (${typeof code === 'string' ? code : 'error'})`,
      );
    }
  }
  return resolved;
}

/** Parses the environment into a Config, or throws one ConfigError naming the first bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const e = checkedEnvironment(env);
  const publicUrl = publicUrlOf(e);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    discordToken: e.DISCORD_TOKEN,
    discordRestUrl: e.DISCORD_REST_URL?.replace(/\/+$/, ''),
    service: serviceSettings(e, publicUrl),
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite://${path.join(dataDir, 'kiroku.sqlite')}`,
    vault: { key: e.VAULT_KEY, keys: e.VAULT_KEYS },
    pollIntervalSeconds: e.POLL_INTERVAL_SECONDS,
    ...feedSettings(e),
    defaultTimezone: e.DEFAULT_TIMEZONE,
    broadcastDayStart: minutesOfDay(e.BROADCAST_DAY_START),
    httpPort: e.HTTP_PORT,
    httpHost: e.HTTP_HOST.replace(/^\[(.*)\]$/, '$1'),
    metricsToken: e.METRICS_TOKEN,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    shards: e.SHARDS,
    pageSize: e.PAGE_SIZE,
    shardProcessCount: shardProcessCount(env, e),
    shardProcess: env.SHARDING_MANAGER === 'true',
    shardRange: shardRangeOf(e),
    serviceLocalAddress: e.SERVICE_LOCAL_ADDRESS,
  };
}

/**
 * The environment (with its `*_FILE` secrets read) checked against the schema, and the OAuth client's
 * two halves set together; the first problem names its variable.
 */
function checkedEnvironment(env: Record<string, string | undefined>): Environment {
  const result = environmentSchema.safeParse(withSecretFiles(env));
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`${variable}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = result.data;
  if (Boolean(e.SERVICE_CLIENT_ID) !== Boolean(e.SERVICE_CLIENT_SECRET)) {
    const missing = e.SERVICE_CLIENT_ID ? 'SERVICE_CLIENT_SECRET' : 'SERVICE_CLIENT_ID';
    throw new ConfigError(`${missing}: required when the other OAuth client variable is set`);
  }
  return e;
}

/** PUBLIC_URL without its trailing slash, refused when it is not a secure origin. */
function publicUrlOf(e: Environment): string | undefined {
  const publicUrl = e.PUBLIC_URL?.replace(/\/+$/, '');
  if (publicUrl && !isSecureOrigin(publicUrl)) {
    // The OAuth callback carries an authorization code and the confirmation form: never in the clear.
    throw new ConfigError(
      'PUBLIC_URL: must start with https:// (http:// only for localhost or 127.0.0.1, for trials)',
    );
  }
  return publicUrl;
}

/** The service's part: where it is, its OAuth client (if any) and where the service redirects back. */
function serviceSettings(e: Environment, publicUrl: string | undefined): Config['service'] {
  const oauthBaseUrl = (e.SERVICE_OAUTH_URL ?? new URL(e.SERVICE_URL).origin).replace(/\/+$/, '');
  // With a public callback, the service redirects back and nobody has to paste a code.
  const redirectUri =
    e.SERVICE_REDIRECT_URI ?? (publicUrl && e.HTTP_PORT ? `${publicUrl}${OAUTH_CALLBACK_PATH}` : OUT_OF_BAND);
  return {
    url: e.SERVICE_URL.replace(/\/+$/, ''),
    apiVersion: e.SERVICE_API_VERSION,
    token: e.SERVICE_TOKEN,
    oauth:
      e.SERVICE_CLIENT_ID && e.SERVICE_CLIENT_SECRET
        ? {
            clientId: e.SERVICE_CLIENT_ID,
            clientSecret: e.SERVICE_CLIENT_SECRET,
            baseUrl: oauthBaseUrl,
            redirectUri,
          }
        : undefined,
    oauthBaseUrl,
    redirectUri,
    ratePerSecond: e.SERVICE_RATE_PER_SECOND,
    name: e.SERVICE_NAME,
    webUrl: e.SERVICE_WEB_URL.replace(/\/+$/, ''),
  };
}

/** The feed's part of the configuration. */
function feedSettings(e: Environment) {
  return {
    feedPolicy: e.FEED_POLICY,
    feedPollShare: e.FEED_POLL_SHARE,
    feedFloorShare: e.FEED_FLOOR_SHARE,
    feedCatchUpMs: e.FEED_CATCH_UP_HOURS * 3600 * 1000,
  };
}

/** 127.0.0.0/8, ::1 and localhost reach this machine only; anything else (0.0.0.0, a LAN address) does not. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** https, or http to this machine only (trials on localhost). */
function isSecureOrigin(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || isLoopbackHost(hostname);
}

/**
 * Shard processes sharing this host's request budget (without Redis). discord.js's ShardingManager starts
 * each shard process with SHARDING_MANAGER=true and SHARD_COUNT (one shard per process, every shard on
 * this host: running part of the shards needs Redis, whose budget is shared instead); the supervisor
 * and a single process count as one.
 */
function shardProcessCount(env: Record<string, string | undefined>, e: Environment): number {
  return env.SHARDING_MANAGER === 'true' ? (e.SHARD_COUNT ?? 1) : 1;
}

/** `0,2-3` -> [0, 2, 3]; every id must be below SHARD_COUNT, which SHARD_IDS requires. */
function shardRangeOf(e: Environment): Config['shardRange'] {
  if (e.SHARD_IDS === undefined) return { ids: undefined, total: e.SHARD_COUNT };
  if (e.SHARD_COUNT === undefined) throw new ConfigError('SHARD_COUNT: required when SHARD_IDS is set');
  const ids = new Set<number>();
  for (const part of e.SHARD_IDS.split(',')) {
    const [from = 0, to = from] = part.split('-').map(Number);
    if (to < from) throw new ConfigError(`SHARD_IDS: ${part} is an empty range`);
    for (let id = from; id <= to; id++) ids.add(id);
  }
  const total = e.SHARD_COUNT;
  if ([...ids].some((id) => id >= total))
    throw new ConfigError(`SHARD_IDS: every shard id must be below SHARD_COUNT (${total})`);
  // The jobs of owners whose shards run elsewhere reach this host through Redis only.
  if (ids.size < total && !/^rediss?:\/\//.test(e.DATABASE_URL ?? ''))
    throw new ConfigError('SHARD_IDS: running part of the shards needs DATABASE_URL=redis://…');
  return { ids: [...ids].sort((a, b) => a - b), total };
}

/** Reads `.env` (when present) into process.env without overriding what is already set, then parses. */
export function loadConfig(envFile = '.env', overrides: Record<string, string> = {}): Config {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return parseConfig({ ...process.env, ...overrides });
}

/** The bot cannot connect without a token; other entry points (deploy, emulator) may not need it. */
export function requireDiscordToken(config: Config): string {
  if (!config.discordToken) throw new ConfigError('DISCORD_TOKEN: required to start the bot');
  return config.discordToken;
}
