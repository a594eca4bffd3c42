/** Subscriptions as the store holds them, for the jobs' tests: active, in server 1, created at the epoch. */
import type { Subscription } from '#src/subscriptions/model.js';

interface Placement {
  ownerId: string;
  id: string;
  channelId: string;
}

function active({ ownerId, id, channelId }: Placement) {
  return {
    id,
    language: 'en' as const,
    guildId: '1',
    channelId,
    ownerId,
    createdAt: new Date(0).toISOString(),
    state: 'active' as const,
  };
}

/** A feed subscription posting every kind of activity. */
export function feedSubscription(placement: Placement): Subscription {
  return { ...active(placement), kind: 'feed', feed: { actions: [] } };
}

/** A weekly summary on Mondays at 09:00 in Tokyo. */
export function weeklySubscription(placement: Placement): Subscription {
  return {
    ...active(placement),
    kind: 'weekly',
    weekly: { day: 'monday', time: '09:00', timezone: 'Asia/Tokyo' },
  };
}
