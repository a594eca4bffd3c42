/**
 * Owners' membership checks made ahead of posts due at a known time (a digest's or a weekly
 * summary's fire), once per subscription and fire: made minutes before, they still hold when the
 * posts are made, so a minute with a thousand posts due asks Discord nothing (its 50 calls a second
 * go to the posts). Not awaited by the tick that starts them: Discord's pace never holds up a tick.
 */
import type { Subscription } from '../../subscriptions/model.js';
import type { MembershipGate } from './membership.js';

export interface UpcomingPost {
  subscription: Subscription;
  /** When the post is due (epoch ms). */
  fireAt: number;
}

export class ChecksAhead {
  readonly #membership: MembershipGate | undefined;
  readonly #holdAfterFireMs: number;
  /** The fire each subscription's check was prepared for, by subscription id. */
  readonly #checked = new Map<string, number>();
  readonly #checking = new Set<Promise<void>>();

  /** `holdAfterFireMs`: how long after its fire a check must still hold (the window the posts take). */
  constructor(membership: MembershipGate | undefined, holdAfterFireMs: number) {
    this.#membership = membership;
    this.#holdAfterFireMs = holdAfterFireMs;
  }

  /** Starts the checks of posts coming up, those not yet prepared for their fire, grouped by fire. */
  start(upcoming: readonly UpcomingPost[]): void {
    const membership = this.#membership;
    if (!membership) return;
    const byFire = new Map<number, Subscription[]>();
    for (const { subscription, fireAt } of upcoming) {
      if (this.#checked.get(subscription.id) === fireAt) continue;
      this.#checked.set(subscription.id, fireAt);
      const group = byFire.get(fireAt);
      if (group) group.push(subscription);
      else byFire.set(fireAt, [subscription]);
    }
    for (const [fireAt, subscriptions] of byFire) {
      const checking = membership.prepare(subscriptions, new Date(fireAt + this.#holdAfterFireMs));
      this.#checking.add(checking);
      void checking.finally(() => this.#checking.delete(checking));
    }
  }

  /** Waits for every check in flight (tests; shutdown). */
  async drain(): Promise<void> {
    await Promise.all(this.#checking);
  }

  /** Forgets the fires before `before` (epoch ms): their posts are made or given up. */
  evict(before: number): void {
    for (const [id, fireAt] of this.#checked) if (fireAt < before) this.#checked.delete(id);
  }
}
