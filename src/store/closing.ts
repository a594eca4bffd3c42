import { withTimeout } from '../lib/deadline.js';

/** How long a network database may take to answer a health check. */
const PING_TIMEOUT_MS = 2_000;

/**
 * A backend's connection state: closes once however often asked (every caller awaits the same close),
 * and refuses health checks once closing started, so a closed store never reports itself healthy.
 */
export class ClosingOnce {
  #closing: Promise<void> | undefined;

  close(end: () => Promise<void>): Promise<void> {
    this.#closing ??= end();
    return this.#closing;
  }

  /** Resolves when `probe` answers in time; `what` names the database in the timeout error. */
  async ping(probe: () => Promise<unknown>, what: string): Promise<void> {
    if (this.#closing) throw new Error('store: closed');
    await withTimeout(probe(), PING_TIMEOUT_MS, what);
  }
}
