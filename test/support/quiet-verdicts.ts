/**
 * A verdict board and refresh over a store with nobody to count and nothing to edit, the service
 * answering with `records`: for measuring the refresh's requests alone (its unit test, the bench).
 */

import { createTranslator } from '#src/i18n/translator.js';
import type { OwnedSubscriptions } from '#src/jobs/owners/partition.js';
import type { SubscriptionNotices } from '#src/jobs/posting/notices.js';
import { VerdictRefresh } from '#src/jobs/verdict/refresh.js';
import { createLogger } from '#src/logger.js';
import type { ServiceClient } from '#src/service/index.js';
import type { Store } from '#src/store/index.js';
import type { TokenVault } from '#src/vault/index.js';
import { VerdictBoard } from '#src/verdicts/board.js';
import { VerdictMembers } from '#src/verdicts/members.js';

export function quietVerdicts(
  store: Store,
  now: () => Date,
  records: (params: { filter_episode_id?: number }) => Promise<{ items: [] }>,
  feedWaiting?: () => boolean,
) {
  const logger = createLogger('silent');
  const board = new VerdictBoard({
    store,
    members: new VerdictMembers(
      { servers: async function* () {}, token: async () => undefined, shares: async () => false },
      now,
    ),
    editor: {
      edit: async () => 'ok',
      openThread: async () => 'failed',
      addMember: async () => {},
      post: async () => true,
    },
    translator: (locale) => createTranslator(locale),
    onChannelLost: async () => {},
    logger,
    now,
  });
  const refresh = new VerdictRefresh({
    board,
    subscriptions: {
      get: async () => ({ state: 'active', ownerId: 'owner' }),
    } as unknown as OwnedSubscriptions,
    vault: { get: async () => ({ token: 'token' }) } as unknown as TokenVault,
    notices: {} as SubscriptionNotices,
    service: { records } as unknown as ServiceClient,
    logger,
    now,
    ...(feedWaiting ? { feedWaiting } : {}),
  });
  return { board, refresh };
}
