import { type DestinationStream, type Logger, pino } from 'pino';

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

/** Builds the process logger. Tests pass a destination stream to capture output. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { app: 'kiroku' },
    },
    destination,
  );
}
