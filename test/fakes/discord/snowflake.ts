/** Discord snowflakes for the fake: `(ms since 2015) << 22 | worker << 17 | increment`. */

export const DISCORD_EPOCH_MS = 1_420_070_400_000n;

/** Guild ids are built from consecutive milliseconds so that `(id >> 22) % shards` spreads them evenly. */
const GUILD_BASE_MS = 1_577_836_800_000n; // 2020-01-01T00:00:00Z

export function snowflakeFromParts(ms: bigint, worker: number, increment: number): string {
  return (
    ((ms - DISCORD_EPOCH_MS) << 22n) |
    (BigInt(worker & 31) << 17n) |
    BigInt(increment & 0xfff)
  ).toString();
}

/** Deterministic guild id number `index` (0, 1, 2 ...): consecutive timestamps, so shards get guilds round-robin. */
export function guildSnowflake(index: number): string {
  return snowflakeFromParts(GUILD_BASE_MS + BigInt(index), 1, 0);
}

/** The shard a guild belongs to, per Discord's formula. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(Math.max(1, shardCount)));
}

export function snowflakeTimestamp(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH_MS);
}

/** Strictly increasing snowflakes based on the wall clock (worker 2). */
export class SnowflakeGenerator {
  #lastMs = 0n;
  #increment = 0;

  next(): string {
    let ms = BigInt(Date.now());
    if (ms <= this.#lastMs) {
      this.#increment += 1;
      if (this.#increment > 0xfff) {
        this.#lastMs += 1n;
        this.#increment = 0;
      }
      ms = this.#lastMs;
    } else {
      this.#lastMs = ms;
      this.#increment = 0;
    }
    return snowflakeFromParts(ms, 2, this.#increment);
  }
}
