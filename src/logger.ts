import { type DestinationStream, type Logger, pino, stdSerializers } from 'pino';
import { ConfigError } from './config.js';

export type { Logger } from 'pino';

/**
 * Paths that may carry a secret. Tokens are never passed to the logger on purpose;
 * this list is the second line of defence.
 */
const REDACTED_PATHS = [
  'token',
  'accessToken',
  'access_token',
  'authorization',
  'headers.authorization',
  '*.token',
  '*.accessToken',
  '*.access_token',
  '*.authorization',
  // An OAuth authorization code; error codes live under err.code and stay readable.
  'code',
  'client_secret',
  '*.client_secret',
];

const CENSOR = '[redacted]';

/**
 * Secrets that travel inside text: Discord's interaction and webhook tokens are path segments
 * (`/interactions/<id>/<token>/callback`, `/webhooks/<app>/<token>`), OAuth codes, states and tokens
 * are query parameters, and credentials follow an auth scheme.
 */
const SECRETS_IN_TEXT: ReadonlyArray<readonly [RegExp, string]> = [
  [/(\/interactions\/[^/\s?#"']+\/)[^/\s?#"']+/g, `$1${CENSOR}`],
  [/(\/webhooks\/[^/\s?#"']+\/)[^/\s?#"']+/g, `$1${CENSOR}`],
  [/([?&;](?:access_token|token|code|state|client_secret|form_token)=)[^&\s#"']+/gi, `$1${CENSOR}`],
  [/\b(Bearer|Bot)\s+[A-Za-z0-9\-._~+/]+=*/g, `$1 ${CENSOR}`],
];

/**
 * What every pattern above needs somewhere in the text: most logged strings (routes, outcomes, ids)
 * have none of it and are passed over with one scan instead of four.
 */
const MAY_HOLD_SECRET = /\/interactions\/|\/webhooks\/|=|\b(?:Bearer|Bot)\s/;

/** The text with every token-bearing URL part and credential replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  let result = text;
  for (const [pattern, replacement] of SECRETS_IN_TEXT) result = result.replace(pattern, replacement);
  return result;
}

/** Fields of an error that hold what was sent (a reply's content, a token in a form): never logged. */
const DROPPED_ERROR_FIELDS = new Set(['requestBody']);
const MAX_DEPTH = 8;

/** A copy of a log field with every string passed through redactSecrets and errors serialized. */
export function scrubForLog(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  // pino's error serializer copies every enumerable field (url, requestBody) into a record of its own.
  if (value instanceof Error) return scrubFields(stdSerializers.err(value), depth);
  if (Array.isArray(value)) return value.map((item) => scrubForLog(item, depth + 1));
  // Only plain records are walked; anything else (a Date, a Buffer) keeps its own JSON form.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return scrubFields(value, depth);
}

function scrubFields(value: object, depth: number): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    copy[key] = DROPPED_ERROR_FIELDS.has(key) ? CENSOR : scrubForLog(field, depth + 1);
  }
  return copy;
}

/**
 * Coloured, readable lines on standard output for a person (LOG_FORMAT=pretty, `npm run dev`),
 * written by pino-pretty in pino's transport thread. pino-pretty is a development dependency: where it
 * is not installed (the image), asking for it stops the start with the reason.
 */
export function prettyDestination(): DestinationStream {
  try {
    import.meta.resolve('pino-pretty');
  } catch {
    throw new ConfigError(
      'LOG_FORMAT: pretty needs pino-pretty, a development dependency (npm ci installs it)',
    );
  }
  return pino.transport({
    target: 'pino-pretty',
    options: { destination: 1, translateTime: 'SYS:HH:MM:ss.l' },
  });
}

/** Builds the process logger. Tests pass a destination stream to capture output. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: CENSOR },
      base: { app: 'kiroku' },
      // Every logged field, `err` and any `url` among them, is scrubbed before it is written: a
      // DiscordAPIError carries the interaction token in its `url`.
      formatters: { log: (object) => scrubForLog(object) as Record<string, unknown> },
      // The formatter already serialized errors; pino's default would re-serialize that copy.
      serializers: { err: (value: unknown) => (value instanceof Error ? scrubForLog(value) : value) },
    },
    destination,
  );
}
