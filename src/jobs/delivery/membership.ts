/**
 * A subscription publishes its owner's data in a channel only while the owner is a member of the
 * server and may see and send in that channel. Discord sends no event when a member leaves or their
 * roles change (that needs the privileged members intent), so before a post the jobs ask over REST
 * (the member, the channel's overwrites, the server's roles) when the last check of that (channel,
 * owner) is older than an hour; channel and role updates from the gateway drop the checks they touch,
 * so the next post asks again. The answer's time is kept in the store, so a restart does not ask again.
 * An answer Discord could not give is not a yes: the post waits and asks again later.
 */
import { DiscordAPIError, type REST, Routes } from 'discord.js';
import { z } from 'zod';
import type { Logger } from '../../logger.js';
import type { Collection, Store } from '../../store/index.js';
import type { Subscription } from '../../subscriptions/model.js';
import { channelPermissions, maySeeAndSend } from './channel-permissions.js';
import type { SubscriptionNotices } from './notices.js';

/**
 * ok; left (404 Unknown Member); guild-gone (kiroku is not in the server); channel-gone (404 Unknown
 * Channel); no-access (may not see or send in the channel); unknown (Discord failed: ask again later).
 */
export type MembershipStatus = 'ok' | 'left' | 'guild-gone' | 'channel-gone' | 'no-access' | 'unknown';

export interface MembershipLookup {
  /** Never throws: a failure is 'unknown'. */
  status(guildId: string, channelId: string, userId: string): Promise<MembershipStatus>;
}

const UNKNOWN_CHANNEL = 10003;
const UNKNOWN_GUILD = 10004;
const UNKNOWN_MEMBER = 10007;
const MISSING_ACCESS = 50001;

const memberSchema = z.object({ roles: z.array(z.string()) });
const guildSchema = z.object({
  owner_id: z.string(),
  roles: z.array(z.object({ id: z.string(), permissions: z.string() })),
});
const channelSchema = z.object({
  permission_overwrites: z
    .array(z.object({ id: z.string(), type: z.number(), allow: z.string(), deny: z.string() }))
    .default([]),
});

/** A MembershipLookup over discord.js's REST client (needs no privileged intent). */
export function createRestMembership(rest: REST, logger: Logger): MembershipLookup {
  return {
    async status(guildId, channelId, userId) {
      try {
        const member = memberSchema.parse(await rest.get(Routes.guildMember(guildId, userId)));
        const guild = guildSchema.parse(await rest.get(Routes.guild(guildId)));
        const channel = channelSchema.parse(await rest.get(Routes.channel(channelId)));
        const permissions = channelPermissions({
          guildId,
          guildOwnerId: guild.owner_id,
          roles: guild.roles,
          overwrites: channel.permission_overwrites,
          memberId: userId,
          memberRoleIds: member.roles,
        });
        return maySeeAndSend(permissions) ? 'ok' : 'no-access';
      } catch (error) {
        if (error instanceof DiscordAPIError) {
          if (error.code === UNKNOWN_MEMBER) return 'left';
          if (error.code === UNKNOWN_CHANNEL) return 'channel-gone';
          if (error.code === UNKNOWN_GUILD || error.code === MISSING_ACCESS) return 'guild-gone';
        }
        const summary = error instanceof DiscordAPIError ? { status: error.status, code: error.code } : {};
        logger.warn(
          { guildId, channelId, userId, err: summary },
          'jobs: could not check a subscription owner’s membership and permissions',
        );
        return 'unknown';
      }
    },
  };
}

export const MEMBERSHIP_CHECK_COLLECTION = 'membership-checks';
/** How long a check's answer holds before the next post asks Discord again. */
export const CHECK_FRESH_MS = 60 * 60 * 1000;
/** A row is of use for an hour; it then expires on its own (a little later, for clock skew). */
const CHECK_TTL_MS = 2 * CHECK_FRESH_MS;
/** Rows of the once-a-day check (keyed guild:owner) carried `date`; they are simply stale now. */
export const membershipCheckSchema = z.object({
  checkedAt: z.string().optional(),
  date: z.string().optional(),
});

export interface MembershipGateOptions {
  store: Store;
  lookup: MembershipLookup;
  notices: SubscriptionNotices;
  now: () => Date;
}

/** What the gate says of a subscription's next post. */
export type GateVerdict = 'post' | 'stopped' | 'retry-later';

/** Decides whether a subscription may post now, pausing or disabling it when its owner may not. */
export class MembershipGate {
  readonly #options: MembershipGateOptions;
  readonly #checks: Collection<z.infer<typeof membershipCheckSchema>>;
  readonly #inFlight = new Map<string, Promise<GateVerdict>>();

  constructor(options: MembershipGateOptions) {
    this.#options = options;
    this.#checks = options.store.collection(MEMBERSHIP_CHECK_COLLECTION, membershipCheckSchema);
  }

  /** Whether the subscription may post now; asks Discord when the last check is over an hour old. */
  verdict(subscription: Subscription): Promise<GateVerdict> {
    const key = checkKey(subscription.guildId, subscription.channelId, subscription.ownerId);
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = this.#check(subscription, key).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
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

  async #check(subscription: Subscription, key: string): Promise<GateVerdict> {
    const now = this.#options.now();
    const stored = await this.#checks.get(key);
    const checkedAt = stored?.checkedAt ? Date.parse(stored.checkedAt) : Number.NaN;
    if (now.getTime() - checkedAt < CHECK_FRESH_MS) return 'post';
    const { guildId, channelId, ownerId } = subscription;
    const status = await this.#options.lookup.status(guildId, channelId, ownerId);
    const { notices } = this.#options;
    switch (status) {
      case 'ok':
        await this.#checks.set(key, { checkedAt: now.toISOString() }, CHECK_TTL_MS);
        return 'post';
      case 'unknown':
        return 'retry-later';
      case 'left':
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
    }
  }
}

function checkKey(guildId: string, channelId: string, ownerId: string): string {
  return `${guildId}:${channelId}:${ownerId}`;
}
