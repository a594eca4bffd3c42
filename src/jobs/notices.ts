/**
 * What happens when a subscription can no longer run: the owner's token stopped working (pause
 * every active subscription of that owner), or a channel refuses posts (disable the subscriptions of
 * that channel). Either way each affected owner gets one direct message.
 */
import type { Translator } from '../i18n/translator.js';
import type { Logger } from '../logger.js';
import type { Subscription, Subscriptions } from '../subscriptions/model.js';
import type { ChannelPoster } from './poster.js';

/** `stateReason` values the jobs write (the /subscription list may show them). */
export const STATE_REASONS = {
  tokenRefused: 'token-refused',
  notLinked: 'not-linked',
  channelForbidden: 'channel-forbidden',
  channelMissing: 'channel-missing',
} as const;
export type PauseReason = typeof STATE_REASONS.tokenRefused | typeof STATE_REASONS.notLinked;

export interface SubscriptionNoticesOptions {
  subscriptions: Subscriptions;
  poster: ChannelPoster;
  /** Notices are written in this language (channel posts and DMs are English unless told). */
  t: Translator;
  logger: Logger;
}

export class SubscriptionNotices {
  readonly #options: SubscriptionNoticesOptions;
  /** One change at a time, so two jobs that see the same revoked token notify once. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: SubscriptionNoticesOptions) {
    this.#options = options;
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Pauses every active subscription of the owner; tells the owner once. Returns the paused ones. */
  pauseOwner(ownerId: string, reason: PauseReason): Promise<Subscription[]> {
    return this.#serial(async () => {
      const { subscriptions, poster, t, logger } = this.#options;
      const active = await subscriptions.all((s) => s.ownerId === ownerId && s.state === 'active');
      for (const subscription of active) {
        await subscriptions.update(subscription.id, { state: 'paused', stateReason: reason });
      }
      if (active.length > 0) {
        logger.warn({ ownerId, reason, count: active.length }, 'jobs: paused the subscriptions of an owner');
        const message =
          reason === STATE_REASONS.tokenRefused
            ? t('jobs.notice.paused', { count: active.length })
            : t('jobs.notice.notLinked', { count: active.length });
        await poster.notifyUser(ownerId, message);
      }
      return active;
    });
  }

  /** Disables every active subscription posting to the channel; tells each owner once. */
  disableChannel(channelId: string, failure: 'forbidden' | 'missing'): Promise<Subscription[]> {
    return this.#serial(async () => {
      const { subscriptions, poster, t, logger } = this.#options;
      const reason = failure === 'forbidden' ? STATE_REASONS.channelForbidden : STATE_REASONS.channelMissing;
      const active = await subscriptions.all((s) => s.channelId === channelId && s.state === 'active');
      for (const subscription of active) {
        await subscriptions.update(subscription.id, { state: 'disabled', stateReason: reason });
      }
      if (active.length > 0)
        logger.warn({ channelId, failure, count: active.length }, 'jobs: disabled a channel');
      const owners = new Map<string, string[]>();
      for (const subscription of active)
        owners.set(subscription.ownerId, [...(owners.get(subscription.ownerId) ?? []), subscription.id]);
      for (const [ownerId, ids] of owners) {
        const params = { channel: `<#${channelId}>`, ids: ids.map((id) => `\`${id}\``).join(', ') };
        await poster.notifyUser(
          ownerId,
          failure === 'forbidden' ? t('jobs.notice.forbidden', params) : t('jobs.notice.missing', params),
        );
      }
      return active;
    });
  }
}
