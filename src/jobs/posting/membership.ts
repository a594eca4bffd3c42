/**
 * A subscription publishes its owner's data in a channel only while the owner is a member of the
 * server and may see and send in that channel. Discord sends no event when a member leaves or their
 * roles change (that needs the privileged members intent), so the owner's roles in the server are
 * asked over REST, once per (server, owner) and hour however many channels they post in; the
 * server's roles and the channel's overwrites come from the gateway where this process holds the
 * server (see gateway-membership.ts), over REST otherwise. A (channel, owner) check holds for an
 * hour from when the member was asked, kept in the store so a restart does not ask again; channel and
 * role updates from the gateway drop the checks they touch, so the next post checks again. Digests
 * prepare their checks in the prefetch window, so that the posts at the due minute ask nothing.
 * An answer Discord could not give is not a yes: the post waits and asks again later.
 */
import pLimit from 'p-limit';
import { z } from 'zod';
import { growingLru } from '../../lib/growing-lru.js';
import type { Logger } from '../../logger.js';
import type { Collection, Store } from '../../store/index.js';
import type { Subscription } from '../../subscriptions/model.js';
import { channelPermissions, maySeeAndSend, type PermissionParts } from './channel-permissions.js';
import type { SubscriptionNotices } from './notices.js';

/** The owner's roles in the server; or left (404 Unknown Member), guild-gone (kiroku is not there), unknown (ask later). */
export type MemberAnswer = { roles: string[] } | 'left' | 'guild-gone' | 'unknown';

/** What a channel's permissions are computed from, besides the member's roles. */
export type ChannelParts = Pick<PermissionParts, 'guildOwnerId' | 'roles' | 'overwrites'>;

/**
 * The channel's parts; or channel-gone (404 Unknown Channel), channel-forbidden (kiroku may not see
 * it), guild-gone, unknown (Discord failed: ask later).
 */
export type ChannelAnswer = ChannelParts | 'channel-gone' | 'channel-forbidden' | 'guild-gone' | 'unknown';

/** Where the gate reads Discord's answers. Never throws: a failure is 'unknown'. */
export interface MembershipLookup {
  /** The member's roles in the server (one REST call). */
  member(guildId: string, userId: string): Promise<MemberAnswer>;
  /** The server's roles and owner and the channel's overwrites (from the gateway's cache when it can). */
  channel(guildId: string, channelId: string): Promise<ChannelAnswer>;
}

export const MEMBERSHIP_CHECK_COLLECTION = 'membership-checks';
/** How long a check's answer holds before the next post asks Discord again. */
export const CHECK_FRESH_MS = 60 * 60 * 1000;
/** A row is of use for an hour; it then expires on its own (a little later, for clock skew). */
const CHECK_TTL_MS = 2 * CHECK_FRESH_MS;
/** Checks prepared at once (discord.js paces their requests at Discord's 50/s anyway). */
const PREPARE_CONCURRENCY = 8;
/** Members' roles remembered between the checks of one owner's channels in one server. */
const MEMBERS_KEPT = 20_000;
/**
 * Rows are keyed server:channel:owner; `checkedAt` is when the member was asked. Rows of the
 * once-a-day check (keyed guild:owner) carried `date`; they are simply stale now.
 */
export const membershipCheckSchema = z.object({
  checkedAt: z.string().optional(),
  date: z.string().optional(),
});

export interface MembershipGateOptions {
  store: Store;
  lookup: MembershipLookup;
  notices: SubscriptionNotices;
  now: () => Date;
  logger?: Logger;
}

/** What the gate says of a subscription's next post. */
export type GateVerdict = 'post' | 'stopped' | 'retry-later';

/** A member's roles and when Discord gave them (epoch ms). */
type KnownMember = { roles: string[]; at: number };

/** Decides whether a subscription may post now, pausing or disabling it when its owner may not. */
export class MembershipGate {
  readonly #options: MembershipGateOptions;
  readonly #checks: Collection<z.infer<typeof membershipCheckSchema>>;
  readonly #inFlight = new Map<string, Promise<GateVerdict>>();
  /** By server:owner: one member lookup serves every channel of that owner there for the hour. */
  readonly #members = growingLru<string, KnownMember>(MEMBERS_KEPT);
  readonly #membersInFlight = new Map<string, Promise<KnownMember | Exclude<MemberAnswer, object>>>();

  constructor(options: MembershipGateOptions) {
    this.#options = options;
    this.#checks = options.store.collection(MEMBERSHIP_CHECK_COLLECTION, membershipCheckSchema);
  }

  /** Whether the subscription may post now; asks Discord when the last check is over an hour old. */
  verdict(subscription: Subscription): Promise<GateVerdict> {
    return this.#once(subscription, this.#options.now().getTime());
  }

  /** True only when the subscription may post now (a check Discord could not answer is a no, for now). */
  async allows(subscription: Subscription): Promise<boolean> {
    return (await this.verdict(subscription)) === 'post';
  }

  /**
   * The subscriptions that may post now, and whether any must wait for a check Discord could not
   * answer (the caller then holds the whole poll back, so nothing is skipped for that channel).
   */
  async keep(subscriptions: readonly Subscription[]): Promise<{ kept: Subscription[]; retryLater: boolean }> {
    const kept: Subscription[] = [];
    let retryLater = false;
    for (const subscription of subscriptions) {
      const verdict = await this.verdict(subscription);
      if (verdict === 'post') kept.push(subscription);
      else if (verdict === 'retry-later') retryLater = true;
    }
    return { kept, retryLater };
  }

  /**
   * Checks ahead of a post due at `postAt` (a digest's time), so that the checks still hold then:
   * the posts at the due minute then ask Discord nothing. An owner found gone is stopped now.
   */
  async prepare(subscriptions: readonly Subscription[], postAt: Date): Promise<void> {
    const holdsAt = postAt.getTime();
    await pLimit(PREPARE_CONCURRENCY).map(subscriptions, (subscription) =>
      this.#once(subscription, holdsAt).catch((error: unknown) => {
        this.#options.logger?.warn(
          { err: error, subscriptionId: subscription.id },
          'jobs: could not prepare an owner check',
        );
      }),
    );
  }

  /**
   * Whether a person is a member of the server now (the weekly summary's members): true, false (they
   * left, or kiroku did), or undefined when Discord could not say. Shares the owners' member answers.
   */
  async isMember(guildId: string, userId: string): Promise<boolean | undefined> {
    const answer = await this.#member(guildId, userId, this.#options.now().getTime() - CHECK_FRESH_MS);
    if (answer === 'unknown') return undefined;
    return typeof answer !== 'string';
  }

  /** A channel's overwrites changed (or it was deleted): its checks are asked again. */
  forgetChannel(guildId: string, channelId: string): Promise<number> {
    return this.#forget((key) => key.startsWith(`${guildId}:${channelId}:`));
  }

  /** A role of the server changed or was deleted: every check there is asked again. */
  forgetGuild(guildId: string): Promise<number> {
    return this.#forget((key) => key.startsWith(`${guildId}:`));
  }

  async #forget(matches: (key: string) => boolean): Promise<number> {
    const found: string[] = [];
    for await (const key of this.#checks.keys()) if (matches(key)) found.push(key);
    for (const key of found) await this.#checks.delete(key);
    return found.length;
  }

  /** One check per (channel, owner) at a time: a post waiting on a prepared check takes its answer. */
  #once(subscription: Subscription, holdsAt: number): Promise<GateVerdict> {
    const key = checkKey(subscription.guildId, subscription.channelId, subscription.ownerId);
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = this.#check(subscription, key, holdsAt).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  /** The verdict, asking Discord when the stored check will not hold at `holdsAt` (epoch ms). */
  async #check(subscription: Subscription, key: string, holdsAt: number): Promise<GateVerdict> {
    const stored = await this.#checks.get(key);
    const checkedAt = stored?.checkedAt ? Date.parse(stored.checkedAt) : Number.NaN;
    const now = this.#options.now().getTime();
    if (Math.max(now, holdsAt) - checkedAt < CHECK_FRESH_MS) return 'post';
    const { guildId, channelId, ownerId } = subscription;
    const member = await this.#member(guildId, ownerId, Math.max(now, holdsAt) - CHECK_FRESH_MS);
    if (typeof member === 'string') return this.#stop(subscription, member);
    const channel = await this.#options.lookup.channel(guildId, channelId);
    if (typeof channel === 'string') return this.#stop(subscription, channel);
    const permissions = channelPermissions({
      guildId,
      ...channel,
      memberId: ownerId,
      memberRoleIds: member.roles,
    });
    if (!maySeeAndSend(permissions)) return this.#stop(subscription, 'no-access');
    // The check holds for an hour from when the member was asked, however late it is made.
    await this.#checks.set(key, { checkedAt: new Date(member.at).toISOString() }, CHECK_TTL_MS);
    return 'post';
  }

  /** The member's roles, asked again when those known were given before `askedSince` (epoch ms). */
  async #member(guildId: string, ownerId: string, askedSince: number) {
    const key = `${guildId}:${ownerId}`;
    const known = this.#members.get(key);
    if (known && known.at >= askedSince) return known;
    let pending = this.#membersInFlight.get(key);
    if (!pending) {
      const at = this.#options.now().getTime();
      pending = this.#options.lookup
        .member(guildId, ownerId)
        .then((answer) => {
          if (typeof answer === 'string') return answer;
          const fresh = { roles: answer.roles, at };
          this.#members.set(key, fresh);
          return fresh;
        })
        .finally(() => this.#membersInFlight.delete(key));
      this.#membersInFlight.set(key, pending);
    }
    return pending;
  }

  async #stop(
    subscription: Subscription,
    why: Exclude<MemberAnswer | ChannelAnswer, object> | 'no-access',
  ): Promise<GateVerdict> {
    const { guildId, channelId, ownerId } = subscription;
    const { notices } = this.#options;
    switch (why) {
      case 'unknown':
        return 'retry-later';
      case 'left':
        this.#members.delete(`${guildId}:${ownerId}`);
        await notices.disableOwnerInGuild(guildId, ownerId);
        return 'stopped';
      case 'no-access':
        await notices.pauseNoAccess(channelId, ownerId);
        return 'stopped';
      case 'guild-gone':
        await notices.disableGuild(guildId);
        return 'stopped';
      case 'channel-gone':
        await notices.disableChannel(channelId, 'missing');
        return 'stopped';
      case 'channel-forbidden':
        await notices.disableChannel(channelId, 'forbidden');
        return 'stopped';
    }
  }
}

/** A stored check's key: one per server, channel and owner. */
export function checkKey(guildId: string, channelId: string, ownerId: string): string {
  return `${guildId}:${channelId}:${ownerId}`;
}
