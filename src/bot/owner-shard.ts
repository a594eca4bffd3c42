import type { Client } from 'discord.js';
import { servesOwner } from '../jobs/owners/partition.js';

/**
 * Without Redis (one host's shard processes over one SQLite file): whether this process does an
 * owner's jobs, by the shards discord.js's ShardingManager gave it (and gives again on respawn).
 */
export function servesOwnerIn(client: Client, ownerId: string): boolean {
  const shards = client.options.shards;
  const count = client.options.shardCount ?? 1;
  if (!Array.isArray(shards) || count <= 1) return true;
  return servesOwner(ownerId, shards, count);
}
