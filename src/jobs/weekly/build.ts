/**
 * The weekly summaries as the jobs build them: who used kiroku in a server, who is a member of it
 * (the membership gate's member lookup, shared with the owner checks), who shares their viewing
 * record, and how the picture is drawn (src/pictures with one cover fetcher per process).
 */
import { CoverFetcher } from '../../pictures/covers.js';
import type { Store } from '../../store/index.js';
import type { SubscriptionJobDeps } from '../owners/job-deps.js';
import type { WeeklyPeople } from './members.js';
import { type WeeklyPainter, WeeklySummaries } from './weekly-summaries.js';

export interface WeeklyOptions {
  /** Whether a person shares their viewing record (`/account visibility`); default: nobody is named. */
  shares?: (discordUserId: string) => Promise<boolean>;
  /** Each person with the servers they used kiroku in (UserPreferences.servers); default: nobody. */
  servers?: WeeklyPeople['servers'];
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
  const { membership, logger } = shared;
  if (!membership) logger.info('weekly: no membership lookup, so weekly summaries count no members');
  const people: WeeklyPeople = {
    servers: options.servers ?? async function* () {},
    // Without a way to ask Discord, nobody is taken for a member: a summary never names a stranger.
    isMember: async (guildId, userId) => (membership ? membership.isMember(guildId, userId) : false),
    shares: options.shares ?? (async () => false),
  };
  const covers = new CoverFetcher();
  // The drawing code (layout, fonts, the canvas) loads at the first summary, not at every start.
  const paint: WeeklyPainter =
    options.paint ??
    (async (input, t) =>
      (await import('../../pictures/index.js')).weeklySummaryPicture(input, t, { covers, logger }));
  return new WeeklySummaries({
    ...shared,
    people,
    paint,
    serverName: options.serverName ?? (async () => undefined),
    ...(options.catchUpMs ? { catchUpMs: options.catchUpMs } : {}),
  });
}
