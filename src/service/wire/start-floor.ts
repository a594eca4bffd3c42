/**
 * A floor for one priority (the feed's polls): of the budget's starts, at least `share` go to it
 * whenever it has work waiting, whatever waits above it. Interactive load, from one abusive person or
 * from many people, can then slow the feed down to its floor but never stop it.
 *
 * The owed starts are counted as credit: each start while the floored priority waits adds `share`,
 * each start it gets takes one. Credit never goes below zero (starts the feed got while nothing else
 * wanted them are not held against it later) nor banks more than two starts, so the feed's due is
 * spread out rather than paid in a burst. One owed start may wait for a better turn (turns.ts: a heavy
 * user's rather than a light one's); a second makes it overdue.
 */
export class StartFloor {
  readonly share: number;
  #credit = 0;

  constructor(share: number) {
    if (!(share >= 0 && share < 1)) throw new RangeError('a start floor must be a share from 0 to below 1');
    this.share = share;
  }

  /**
   * Counts one start about to be handed out, given whether the floored priority has work waiting;
   * true when this start is owed to it.
   */
  owed(waiting: boolean): boolean {
    if (!waiting || this.share === 0) return false;
    this.#credit = Math.min(2 + this.share, this.#credit + this.share);
    return this.#credit >= 1;
  }

  /** A second start is owed: the owed one has waited for a better turn long enough. */
  overdue(): boolean {
    return this.#credit >= 2;
  }

  /**
   * The start just counted (while the floored priority waited) is one it pays for itself: it went to a
   * person who has spent their share. Else a heavy user's starts would be owed back to it later, out of
   * the turns of the people waiting then.
   */
  uncount(): void {
    this.#credit = Math.max(0, this.#credit - this.share);
  }

  /** The floored priority got a start (owed or not). */
  took(): void {
    this.#credit = Math.max(0, this.#credit - 1);
  }
}
