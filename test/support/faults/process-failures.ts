/**
 * Counts unhandled rejections and uncaught exceptions in this process while a suite runs. The bot
 * runs in-process (startKiroku), so anything it forgets to handle shows up here.
 */
export interface ProcessFailures {
  readonly unhandledRejections: readonly unknown[];
  readonly uncaughtExceptions: readonly unknown[];
  /** Both counts together. */
  count(): number;
  /** A short description of each failure, for assertion messages. */
  describe(): string[];
  dispose(): void;
}

export function watchProcessFailures(): ProcessFailures {
  const unhandledRejections: unknown[] = [];
  const uncaughtExceptions: unknown[] = [];
  const onRejection = (reason: unknown): void => {
    unhandledRejections.push(reason);
  };
  const onException = (error: unknown): void => {
    uncaughtExceptions.push(error);
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  const text = (value: unknown): string =>
    value instanceof Error ? `${value.name}: ${value.message}` : String(value);
  return {
    unhandledRejections,
    uncaughtExceptions,
    count: () => unhandledRejections.length + uncaughtExceptions.length,
    describe: () => [
      ...unhandledRejections.map((r) => `unhandledRejection ${text(r)}`),
      ...uncaughtExceptions.map((e) => `uncaughtException ${text(e)}`),
    ],
    dispose() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}
