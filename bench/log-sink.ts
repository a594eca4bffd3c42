/** A pino destination that keeps counts per level and the last few warnings, and prints nothing. */
import { Writable } from 'node:stream';

export interface LogSink {
  stream: Writable;
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

export function createLogSink(keep = 20): LogSink {
  const counts: Record<string, number> = {};
  const problems: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        if (!line) continue;
        const level = /"level":(\d+)/.exec(line)?.[1];
        const name = LEVEL_NAMES[Number(level)] ?? 'other';
        counts[name] = (counts[name] ?? 0) + 1;
        if (Number(level) >= 40) {
          const msg = /"msg":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 200);
          problems.push(msg);
          if (problems.length > keep) problems.shift();
        }
      }
      done();
    },
  });
  return { stream, counts: () => ({ ...counts }), recentProblems: () => [...problems] };
}
