/**
 * A subscription publishes its owner's data in a server only while the owner is a member of it.
 * Discord sends no event when a member leaves (that needs the privileged members intent), so the
 * jobs ask over REST (GET /guilds/{guild}/members/{user}) at most once a day per (server, owner),
 * before that day's first post. The day's answer is kept in the store, so a restart does not ask
 * again. The jobs never see discord.js: they get a MembershipLookup.
 */
import { DiscordAPIError, type REST, Routes } from 'discord.js';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import type { Collection, Store } from '../store/index.js';
import type { Subscription } from '../subscriptions/model.js';
import type { SubscriptionNotices } from './notices.js';

/** member; left (404 Unknown Member); guild-gone (kiroku is not in the server); unknown (Discord failed). */
export type MembershipStatus = 'member' | 'left' | 'guild-gone' | 'unknown';

export interface MembershipLookup {
  /** Never throws: a failure is 'unknown'. */
  status(guildId: string, userId: string): Promise<MembershipStatus>;
}

const UNKNOWN_MEMBER = 10007;
const UNKNOWN_GUILD = 10004;
const MISSING_ACCESS = 50001;

/** A MembershipLookup over discord.js's REST client (needs no privileged intent). */
export function createRestMembership(rest: REST, logger: Logger): MembershipLookup {
  return {
    async status(guildId, userId) {
      try {
        await rest.get(Routes.guildMember(guildId, userId));
        return 'member';
      } catch (error) {
        if (error instanceof DiscordAPIError) {
          if (error.code === UNKNOWN_MEMBER) return 'left';
          if (error.code === UNKNOWN_GUILD || error.code === MISSING_ACCESS) return 'guild-gone';
        }
        const summary = error instanceof DiscordAPIError ? { status: error.status, code: error.code } : {};
        logger.warn(
          { guildId, userId, err: summary },
          'jobs: could not check a subscription owner’s membership',
        );
        return 'unknown';
      }
    },
  };
}

export const MEMBERSHIP_CHECK_COLLECTION = 'membership-checks';
/** A day's answer is needed for that day only; the row then expires on its own. */
const CHECK_TTL_MS = 2 * 24 * 60 * 60 * 1000;
export const membershipCheckSchema = z.object({
  /** UTC date (YYYY-MM-DD) on which the owner was last found a member. */
  date: z.string(),
});

export interface MembershipGateOptions {
  store: Store;
  lookup: MembershipLookup;
  notices: SubscriptionNotices;
  now: () => Date;
}

/** Decides whether a subscription may post today, disabling it when its owner or kiroku left the server. */
export class MembershipGate {
  readonly #options: MembershipGateOptions;
  readonly #checks: Collection<z.infer<typeof membershipCheckSchema>>;
  /** Owners found members today, mirrored from the store so that most posts cost no read. */
  #today = '';
  readonly #members = new Set<string>();
  readonly #inFlight = new Map<string, Promise<boolean>>();

  constructor(options: MembershipGateOptions) {
    this.#options = options;
    this.#checks = options.store.collection(MEMBERSHIP_CHECK_COLLECTION, membershipCheckSchema);
  }

  /** Whether the owner may still post in the server; checks Discord at most once a (UTC) day. */
  allows(guildId: string, ownerId: string): Promise<boolean> {
    const today = this.#options.now().toISOString().slice(0, 10);
    if (today !== this.#today) {
      this.#today = today;
      this.#members.clear();
    }
    const key = `${guildId}:${ownerId}`;
    if (this.#members.has(key)) return Promise.resolve(true);
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = this.#check(guildId, ownerId, key, today).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  /** The subscriptions whose owner may still post in their server (one check per server). */
  async keep(subscriptions: readonly Subscription[]): Promise<Subscription[]> {
    const kept: Subscription[] = [];
    for (const subscription of subscriptions)
      if (await this.allows(subscription.guildId, subscription.ownerId)) kept.push(subscription);
    return kept;
  }

  async #check(guildId: string, ownerId: string, key: string, today: string): Promise<boolean> {
    const stored = await this.#checks.get(key);
    if (stored?.date === today) {
      this.#members.add(key);
      return true;
    }
    const status = await this.#options.lookup.status(guildId, ownerId);
    if (status === 'member') {
      await this.#checks.set(key, { date: today }, CHECK_TTL_MS);
      this.#members.add(key);
      return true;
    }
    // Discord did not answer: keep posting, and ask again at the next post.
    if (status === 'unknown') return true;
    if (status === 'left') await this.#options.notices.disableOwnerInGuild(guildId, ownerId);
    else await this.#options.notices.disableGuild(guildId);
    return false;
  }
}
