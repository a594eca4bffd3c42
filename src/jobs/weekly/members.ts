/**
 * Who a server's weekly summary counts: the linked people (a token in the vault) who used kiroku in
 * that server and are members of it now (Discord is asked, as for subscription owners: kiroku has
 * no privileged members intent to list a server's members), each with their week's records and,
 * when they share their viewing record, their name. Someone who unlinked has no token and no
 * preferences any more, and is simply not found.
 */
import type { Logger } from '../../logger.js';
import { Unauthorized } from '../../service/index.js';
import type { StoredToken, TokenVault } from '../../vault/index.js';
import type { MemberWeek } from './member-week.js';
import type { CountedMember } from './summarize.js';

export interface WeeklyPeople {
  /** Each linked person with the servers they used kiroku in (UserPreferences.servers). */
  servers(): AsyncIterable<readonly [userId: string, servers: readonly string[]]>;
  /** Whether they are a member of the server now; undefined when Discord could not say. */
  isMember(guildId: string, userId: string): Promise<boolean | undefined>;
  /** Whether they let others see their viewing record (`/account visibility`). */
  shares(userId: string): Promise<boolean>;
}

export interface MemberFetch {
  vault: Pick<TokenVault, 'get'>;
  people: WeeklyPeople;
  logger: Logger;
  /** One member's week in [from, to) (cached by the caller across subscriptions of the same week). */
  weekOf(userId: string, stored: StoredToken): Promise<MemberWeek>;
}

/** The server's counted members, or 'retry' when a member's week or membership could not be read. */
export async function countMembers(
  deps: MemberFetch,
  guildId: string,
  candidates: readonly string[],
): Promise<CountedMember[] | 'retry'> {
  const counted: CountedMember[] = [];
  for (const userId of candidates) {
    const member = await deps.people.isMember(guildId, userId);
    if (member === undefined) return 'retry';
    if (!member) continue;
    let stored: StoredToken | undefined;
    try {
      stored = await deps.vault.get(userId);
    } catch (error) {
      // An envelope that does not open is the operator's problem: that person is left out, logged.
      deps.logger.error({ err: error, userId }, 'weekly: cannot open a member’s token');
      continue;
    }
    if (!stored) continue;
    try {
      const week = await deps.weekOf(userId, stored);
      const name = (await deps.people.shares(userId)) ? stored.serviceUsername : undefined;
      counted.push({ name, week });
    } catch (error) {
      // A refused token is that person's to fix: the week goes out without them.
      if (error instanceof Unauthorized) continue;
      deps.logger.warn({ err: error, userId }, 'weekly: a member’s week could not be read');
      return 'retry';
    }
  }
  return counted;
}
