/**
 * Who a server's verdict counts: the linked people who used kiroku in that server (the weekly
 * summaries' list, UserPreferences.servers) and are still its members, each with their service
 * user id (to match the episode's records) and, when they share their viewing record, their name.
 * The list of a server is read from the store at most once a minute; someone who presses a button
 * there joins it at once. Someone who unlinked has no token and is not found.
 */
import type { StoredToken } from '../vault/index.js';

export interface VerdictMember {
  discordUserId: string;
  serviceUserId: number;
  /** Their service username when they share their viewing record; else undefined (counts only). */
  name: string | undefined;
}

export interface VerdictPeople {
  /** Each linked person with the servers they used kiroku in. */
  servers(): AsyncIterable<readonly [userId: string, servers: readonly string[]]>;
  token(discordUserId: string): Promise<Pick<StoredToken, 'serviceUserId' | 'serviceUsername'> | undefined>;
  shares(discordUserId: string): Promise<boolean>;
  /** Whether they are a member of the server now; undefined when Discord could not say. */
  isMember?(guildId: string, discordUserId: string): Promise<boolean | undefined>;
}

const ROSTER_FRESH_MS = 60_000;

export class VerdictMembers {
  readonly #people: VerdictPeople;
  readonly #now: () => Date;
  #roster: { at: number; byGuild: Map<string, Set<string>> } | undefined;
  /** Presses since the roster was read, which the store may not have had yet. */
  #joined = new Map<string, Set<string>>();

  constructor(people: VerdictPeople, now: () => Date) {
    this.#people = people;
    this.#now = now;
  }

  /** Someone used kiroku in the server just now (a press): counted from now on. */
  joined(guildId: string, discordUserId: string): void {
    this.#joined.set(guildId, (this.#joined.get(guildId) ?? new Set()).add(discordUserId));
  }

  async of(guildId: string): Promise<VerdictMember[]> {
    const roster = await this.#rosterNow();
    const members: VerdictMember[] = [];
    const ids = new Set([...(roster.get(guildId) ?? []), ...(this.#joined.get(guildId) ?? [])]);
    for (const discordUserId of ids) {
      const token = await this.#people.token(discordUserId).catch(() => undefined);
      if (!token) continue;
      // A person Discord says left is not counted; when Discord cannot say, their press still counts.
      if ((await this.#people.isMember?.(guildId, discordUserId)) === false) continue;
      const name = (await this.#people.shares(discordUserId)) ? token.serviceUsername : undefined;
      members.push({ discordUserId, serviceUserId: token.serviceUserId, name });
    }
    return members;
  }

  async #rosterNow(): Promise<Map<string, Set<string>>> {
    const now = this.#now().getTime();
    if (this.#roster && now - this.#roster.at < ROSTER_FRESH_MS) return this.#roster.byGuild;
    const byGuild = new Map<string, Set<string>>();
    for await (const [userId, servers] of this.#people.servers())
      for (const guildId of servers) byGuild.set(guildId, (byGuild.get(guildId) ?? new Set()).add(userId));
    // Presses before this read are in the store by now (the router remembers the server first).
    const joined = this.#joined;
    this.#joined = new Map();
    for (const [guildId, ids] of joined)
      for (const id of ids) byGuild.set(guildId, (byGuild.get(guildId) ?? new Set()).add(id));
    this.#roster = { at: now, byGuild };
    return byGuild;
  }
}
