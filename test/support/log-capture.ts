import { Writable } from 'node:stream';
import { createLogger, type Logger } from '#src/logger.js';

export interface CapturedLogger {
  logger: Logger;
  /** Every line written so far, raw. */
  text(): string;
  /** The same, one entry per non-empty line. */
  lines(): string[];
  /** Parsed log records. */
  records(): Array<Record<string, unknown>>;
}

/** A pino logger writing JSON lines into memory. */
export function captureLogger(level = 'debug'): CapturedLogger {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  const logger = createLogger(level, stream);
  const text = () => chunks.join('');
  const lines = () =>
    text()
      .split('\n')
      .filter((line) => line.trim() !== '');
  return {
    logger,
    text,
    lines,
    records: () => lines().map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
