import type { Logger } from '../logger.js';

/**
 * What start-up has opened, as a stack: each step that opens something registers how to close it,
 * and `closeAll()` closes in reverse order, both on stop and when start-up fails half-way (so a
 * refused Discord login leaves no store or connection pool open behind it).
 */
export class Closers {
  readonly #stack: Array<{ name: string; close: () => unknown }> = [];
  /** Set once closing began: a start-up step still running (a stop during start-up) closes what it opens at once. */
  #closing = false;

  constructor(private readonly logger: Logger) {}

  /** Registers how to close what was just opened (or how to wait for what was just started). */
  add(name: string, close: () => unknown): void {
    if (this.#closing) {
      void Promise.resolve()
        .then(close)
        .catch((error: unknown) => this.logger.warn({ err: error, closing: name }, 'could not close'));
      return;
    }
    this.#stack.push({ name, close });
  }

  /**
   * Closes everything registered, last first. One close that fails does not keep the others open:
   * the rest still close, and the first failure is thrown at the end.
   */
  async closeAll(): Promise<void> {
    this.#closing = true;
    let failure: { error: unknown } | undefined;
    for (let entry = this.#stack.pop(); entry; entry = this.#stack.pop()) {
      try {
        await entry.close();
      } catch (error) {
        this.logger.warn({ err: error, closing: entry.name }, 'could not close');
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  }
}
