/**
 * The weekly summaries as the jobs build them: who is linked (the vault), who is a member of a server
 * (the membership gate's member lookup, shared with the owner checks), who shares their viewing
 * record, and how the picture is drawn (src/pictures with one cover fetcher per process).
 */
import { CoverFetcher, weeklySummaryPicture } from '../../pictures/index.js';
import type { Store } from '../../store/index.js';
import type { SubscriptionJobDeps } from '../owners/job-deps.js';
import type { WeeklyPeople } from './members.js';
import { type WeeklyPainter, WeeklySummaries } from './weekly-summaries.js';

export interface WeeklyOptions {
  /** Whether a person shares their viewing record (`/account visibility`); default: nobody is named. */
  shares?: (discordUserId: string) => Promise<boolean>;
  /** A server's name (the gateway's guild cache, or Discord when another shard holds the server). */
  serverName?: (guildId: string) => Promise<string | undefined>;
  /** How the picture is drawn (tests and the bench's text-only baseline replace it). */
  paint?: WeeklyPainter;
  catchUpMs?: number;
}

export function createWeeklySummaries(
  shared: SubscriptionJobDeps & { store: Store },
  options: WeeklyOptions = {},
): WeeklySummaries {
  const { vault, membership, logger } = shared;
  if (!membership) logger.info('weekly: no membership lookup, so weekly summaries count no members');
  const people: WeeklyPeople = {
    linked: () => vault.userIds(),
    // Without a way to ask Discord, nobody is taken for a member: a summary never names a stranger.
    isMember: async (guildId, userId) => (membership ? membership.isMember(guildId, userId) : false),
    shares: options.shares ?? (async () => false),
  };
  const covers = new CoverFetcher();
  const paint: WeeklyPainter =
    options.paint ?? ((input, t) => weeklySummaryPicture(input, t, { covers, logger }));
  return new WeeklySummaries({
    ...shared,
    people,
    paint,
    serverName: options.serverName ?? (async () => undefined),
    ...(options.catchUpMs ? { catchUpMs: options.catchUpMs } : {}),
  });
}
