/**
 * The verdicts' board as the jobs build it: one board (the posts, the votes, the edits) shared by the
 * airing jobs that post and track, the refresh that counts from the service (declared/verdicts.ts),
 * and the handlers of the posts' buttons; a channel that refuses an edit is lost like one that refuses a post.
 */
import type { Logger } from '../../logger.js';
import type { Store } from '../../store/index.js';
import { type MessageEditor, VerdictBoard } from '../../verdicts/board.js';
import { VerdictMembers, type VerdictPeople } from '../../verdicts/members.js';
import type { MembershipGate } from '../posting/membership.js';
import type { SubscriptionNotices } from '../posting/notices.js';
import type { PostLanguages } from '../posting/post-language.js';

export interface VerdictOptions {
  /** Edits the posts' messages (`createRestEditor`). */
  editor: MessageEditor;
  /** Who the verdicts count: the linked people, their servers, who shares. */
  people: VerdictPeople;
  /** Whether feed polls wait in the request budget (the refreshes then wait: refresh.ts). */
  feedWaiting?: () => boolean;
}

/** What the board is built from (the refresh, declared/verdicts.ts, takes the owners' parts itself). */
interface VerdictParts {
  store: Store;
  notices: SubscriptionNotices;
  languages: PostLanguages;
  logger: Logger;
  now: () => Date;
  /** Whether a person is still a member of the server (the owner checks' lookup); none: not asked. */
  membership?: MembershipGate;
}

/** The verdicts' board (posts, votes, edits), shared by the airing jobs, the refresh and the buttons' handlers. */
export function createVerdictBoard(
  parts: VerdictParts,
  options: VerdictOptions | undefined,
): VerdictBoard | undefined {
  if (!options) return undefined;
  const { store, notices, languages, logger, now, membership } = parts;
  const people: VerdictPeople = {
    ...options.people,
    ...(membership ? { isMember: (guildId, userId) => membership.isMember(guildId, userId) } : {}),
  };
  return new VerdictBoard({
    store,
    members: new VerdictMembers(people, now),
    editor: options.editor,
    translator: (locale) => languages.of(locale),
    onChannelLost: async (channelId, reason) => {
      await notices.disableChannel(channelId, reason);
    },
    logger,
    now,
  });
}
