/** The verdict of a post the airing jobs just made: tracked, its first service count 15 minutes after airing. */
import type { Program } from '../../service/index.js';
import type { Subscription } from '../../subscriptions/model.js';
import type { VerdictBoard } from '../../verdicts/board.js';
import { nextVerdictRefresh } from '../../verdicts/cadence.js';

/** What to do with the message once posted; undefined when the post carries no verdict. */
export function trackVerdict(
  board: VerdictBoard | undefined,
  subscription: Subscription,
  program: Program,
): ((messageId: string) => Promise<void>) | undefined {
  const episodeId = program.episode?.id;
  const airedAt = Date.parse(program.started_at ?? '');
  if (!board || typeof episodeId !== 'number' || Number.isNaN(airedAt)) return undefined;
  return async (messageId) => {
    const next = nextVerdictRefresh(airedAt, airedAt);
    await board.track({
      guildId: subscription.guildId,
      channelId: subscription.channelId,
      messageId,
      episodeId,
      subscriptionId: subscription.id,
      locale: subscription.language ?? 'en',
      airedAt: new Date(airedAt).toISOString(),
      nextRefreshAt: next === null ? null : new Date(next).toISOString(),
    });
  };
}
