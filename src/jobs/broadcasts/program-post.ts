/**
 * One program's post in a subscription's channel, exactly once: the step alerts and airing posts
 * share. The subscription must still be active and its owner still allowed there; a channel Discord
 * refuses disables the subscription's channel, a passing failure is retried on a later tick.
 */

import type { Subscription } from '../../subscriptions/model.js';
import type { SubscriptionJobDeps } from '../owners/job-deps.js';
import type { OutgoingMessage } from '../posting/poster.js';

export interface ProgramPostCounts {
  posted: number;
  skippedDuplicates: number;
  retryLater: number;
}

/** Posts under `sourceKey`; 'stop' when the rest of this subscription's programs must wait. */
export async function postProgramOnce(
  deps: Pick<SubscriptionJobDeps, 'subscriptions' | 'membership' | 'outbox' | 'notices'>,
  subscription: Subscription,
  sourceKey: string,
  build: () => OutgoingMessage,
  report: ProgramPostCounts,
  /** Told the message's id once it is posted (the verdict tracks it). */
  onPosted?: (messageId: string) => Promise<void>,
): Promise<'go' | 'stop'> {
  const current = await deps.subscriptions.get(subscription.id);
  if (current?.state !== 'active') return 'stop';
  if (deps.membership && !(await deps.membership.allows(subscription))) return 'stop';
  const result = await deps.outbox.deliver(subscription.channelId, sourceKey, build);
  if (result.status === 'posted') {
    report.posted += 1;
    await onPosted?.(result.messageId);
  } else if (result.status === 'duplicate') report.skippedDuplicates += 1;
  else if (result.status === 'failed' && result.reason !== 'failed') {
    await deps.notices.disableChannel(subscription.channelId, result.reason);
    return 'stop';
  } else if (result.status === 'failed') report.retryLater += 1;
  return 'go';
}
