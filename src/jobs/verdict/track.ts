/** The verdict of a post the airing jobs just made: tracked, its first service count 15 minutes after airing. */
import type { Translator } from '../../i18n/translator.js';
import { truncate } from '../../render/format.js';
import { localEpisodeLabel, localTitle } from '../../render/names.js';
import type { Program } from '../../service/index.js';
import type { Subscription } from '../../subscriptions/model.js';
import type { VerdictBoard } from '../../verdicts/board.js';
import { nextVerdictRefresh } from '../../verdicts/cadence.js';

/** What to do with the message once posted; undefined when the post carries no verdict. */
export function trackVerdict(
  board: VerdictBoard | undefined,
  subscription: Subscription,
  program: Program,
  t: Translator,
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
      // The comments thread's name: "Frieren Ep 5 Title" in the post's language.
      title: truncate(
        [localTitle(program.work, t), localEpisodeLabel(program.episode ?? {}, t)].join(' '),
        200,
      ),
      airedAt: new Date(airedAt).toISOString(),
      nextRefreshAt: next === null ? null : new Date(next).toISOString(),
    });
  };
}
