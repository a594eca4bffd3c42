/**
 * A pino destination that keeps counts per level and the last few warnings, and prints nothing. pino
 * needs only `write(line)`: no stream machinery, so the bot under measurement pays for its logging
 * about what a synchronous write to stdout costs it in production, not for a Writable's bookkeeping.
 */
import type { DestinationStream } from 'pino';

export interface LogSink {
  stream: DestinationStream;
  /** Lines seen per pino level name (info, warn, error, ...). */
  counts(): Record<string, number>;
  /** The most recent warn/error messages (msg field only), newest last. */
  recentProblems(): string[];
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

const LEVEL = /"level":(\d+)/;

export function createLogSink(keep = 20): LogSink {
  const counts: Record<string, number> = {};
  const problems: string[] = [];
  const stream: DestinationStream = {
    write(chunk: string) {
      for (const line of chunk.split('\n')) {
        if (!line) continue;
        const level = Number(LEVEL.exec(line)?.[1]);
        const name = LEVEL_NAMES[level] ?? 'other';
        counts[name] = (counts[name] ?? 0) + 1;
        if (level >= 40) {
          const msg = /"msg":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 200);
          problems.push(msg);
          if (problems.length > keep) problems.shift();
        }
      }
    },
  };
  return { stream, counts: () => ({ ...counts }), recentProblems: () => [...problems] };
}
