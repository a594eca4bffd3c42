/**
 * Deterministic partition of subscription owners over the shard processes of one host (SQLite or
 * PostgreSQL, no Redis): owner -> one shard id, so that each owner's feed poll, digests and alerts
 * run in exactly one process. The ShardingManager restarts a dead shard process, which takes its
 * share back. Posts go through REST, so the guild's shard does not matter.
 */
import { createHash } from 'node:crypto';
import type { Subscriptions } from '../../subscriptions/model.js';

/** The shard (0 <= shard < shardCount) that does an owner's jobs. */
export function ownerShard(ownerId: string, shardCount: number): number {
  if (shardCount <= 1) return 0;
  // A hash rather than the snowflake's own digits: these are spread evenly whatever the id's age.
  return createHash('sha256').update(ownerId).digest().readUInt32BE(0) % shardCount;
}

/** Whether a process that runs `shards` of `shardCount` does this owner's jobs. */
export function servesOwner(ownerId: string, shards: readonly number[], shardCount: number): boolean {
  return shards.includes(ownerShard(ownerId, shardCount));
}

/** The shards a process runs, as discord.js's client options hold them (`client.options`). */
export interface ShardOptions {
  readonly shards?: number | readonly number[] | 'auto' | undefined;
  readonly shardCount?: number | undefined;
}

/**
 * The one place the shard predicate is built. Without Redis (one host's shard processes over one
 * SQLite file): whether this process does an owner's jobs, by the shards discord.js's
 * ShardingManager gave it (and gives again on respawn), read from `shards` at each call.
 */
export function ownersOfShards(shards: ShardOptions): (ownerId: string) => boolean {
  return (ownerId) => {
    const ids = shards.shards;
    const count = shards.shardCount ?? 1;
    if (!Array.isArray(ids) || count <= 1) return true;
    return servesOwner(ownerId, ids, count);
  };
}

/** What the jobs read of the subscriptions: `all()` lists only the owners this process runs. */
export type OwnedSubscriptions = Pick<Subscriptions, 'all' | 'get' | 'version'>;

/**
 * The subscriptions of the owners this process runs, over the one `Subscriptions` every part shares:
 * `servesOwner` (default: every owner) says which owners those are.
 */
export function ownedSubscriptions(
  subscriptions: Subscriptions,
  servesOwner: ((ownerId: string) => boolean) | undefined,
): OwnedSubscriptions {
  if (!servesOwner) return subscriptions;
  return {
    all: (filter = () => true) => subscriptions.all((s) => servesOwner(s.ownerId) && filter(s)),
    get: (id) => subscriptions.get(id),
    // Any owner's change moves it: a process then reads its own owners again (rare: commands).
    version: () => subscriptions.version(),
  };
}
