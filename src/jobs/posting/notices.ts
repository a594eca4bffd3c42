/**
 * What happens when a subscription can no longer run: the owner's token stopped working (pause
 * every active subscription of that owner), a channel refuses posts (disable the subscriptions of
 * that channel), the owner left a server or kiroku was removed from one (disable the subscriptions
 * there). Each affected owner gets one direct message.
 */
import type { Locale } from '../../i18n/locale.js';
import type { Translator } from '../../i18n/translator.js';
import type { Logger } from '../../logger.js';
import { STATE_REASONS, type Subscription, type Subscriptions } from '../../subscriptions/model.js';
import { DEFAULT_POST_LANGUAGES, type PostLanguages } from './post-language.js';
import type { ChannelPoster } from './poster.js';

export { STATE_REASONS };
/** Why the jobs or the gateway disable a subscription (each a label of kiroku_subscriptions_disabled_total). */
export const DISABLE_REASONS = [
  STATE_REASONS.channelForbidden,
  STATE_REASONS.channelMissing,
  STATE_REASONS.ownerLeft,
  STATE_REASONS.botRemoved,
] as const;
export type DisableReason = (typeof DISABLE_REASONS)[number];
export type PauseReason = typeof STATE_REASONS.tokenRefused | typeof STATE_REASONS.notLinked;

export interface SubscriptionNoticesOptions {
  subscriptions: Subscriptions;
  poster: ChannelPoster;
  /** Notices are written in this language when the owner's own is unknown. */
  t: Translator;
  /** The service's name and site and the command mentions notices are written with (default: Annict's, as text). */
  languages?: PostLanguages;
  /** The language of the owner's last interaction, which their notices follow. */
  localeOf?: (discordUserId: string) => Promise<Locale | undefined>;
  logger: Logger;
  /** Told how many subscriptions were disabled and why (metrics). */
  onDisabled?: (reason: DisableReason, count: number) => void;
}

/** Subscription ids as a notice lists them. */
const listIds = (ids: string[]) => ids.map((id) => `\`${id}\``).join(', ');

/** Ids of subscriptions grouped by owner. */
function idsByOwner(subscriptions: Subscription[]): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const s of subscriptions) owners.set(s.ownerId, [...(owners.get(s.ownerId) ?? []), s.id]);
  return owners;
}

export class SubscriptionNotices {
  readonly #options: SubscriptionNoticesOptions;
  /** One change at a time, so two jobs that see the same revoked token notify once. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: SubscriptionNoticesOptions) {
    this.#options = options;
  }

  /** The owner's own language when kiroku knows it, else the default. */
  async #ownerT(ownerId: string): Promise<Translator> {
    const locale = await this.#options.localeOf?.(ownerId).catch(() => undefined);
    await this.#options.languages?.prepared();
    return locale ? (this.#options.languages ?? DEFAULT_POST_LANGUAGES).of(locale) : this.#options.t;
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Pauses every active subscription of the owner; tells the owner once. Returns the paused ones. */
  pauseOwner(ownerId: string, reason: PauseReason): Promise<Subscription[]> {
    return this.#serial(async () => {
      const { subscriptions, poster, logger } = this.#options;
      const active = await subscriptions.all((s) => s.ownerId === ownerId && s.state === 'active');
      for (const subscription of active) {
        await subscriptions.update(subscription.id, { state: 'paused', stateReason: reason });
      }
      if (active.length > 0) {
        logger.warn({ ownerId, reason, count: active.length }, 'jobs: paused the subscriptions of an owner');
        const t = await this.#ownerT(ownerId);
        const message =
          reason === STATE_REASONS.tokenRefused
            ? t('jobs.notice.paused', { count: active.length })
            : t('jobs.notice.notLinked', { count: active.length });
        await poster.notifyUser(ownerId, message);
      }
      return active;
    });
  }

  /** Disables the matching subscriptions that are not disabled yet; returns them. */
  async #disable(
    matches: (subscription: Subscription) => boolean,
    reason: DisableReason,
    onlyActive: boolean,
  ): Promise<Subscription[]> {
    const { subscriptions, onDisabled } = this.#options;
    const found = await subscriptions.all(
      (s) => matches(s) && (onlyActive ? s.state === 'active' : s.state !== 'disabled'),
    );
    for (const subscription of found) {
      await subscriptions.update(subscription.id, { state: 'disabled', stateReason: reason });
    }
    onDisabled?.(reason, found.length);
    return found;
  }

  /** Disables every active subscription posting to the channel; tells each owner once. */
  disableChannel(channelId: string, failure: 'forbidden' | 'missing'): Promise<Subscription[]> {
    return this.#serial(async () => {
      const { poster, logger } = this.#options;
      const reason = failure === 'forbidden' ? STATE_REASONS.channelForbidden : STATE_REASONS.channelMissing;
      const active = await this.#disable((s) => s.channelId === channelId, reason, true);
      if (active.length > 0)
        logger.warn({ channelId, failure, count: active.length }, 'jobs: disabled a channel');
      for (const [ownerId, ids] of idsByOwner(active)) {
        const params = { channel: `<#${channelId}>`, ids: listIds(ids) };
        const t = await this.#ownerT(ownerId);
        await poster.notifyUser(
          ownerId,
          failure === 'forbidden' ? t('jobs.notice.forbidden', params) : t('jobs.notice.missing', params),
        );
      }
      return active;
    });
  }

  /**
   * The owner is no longer a member of the server: disables their subscriptions there (paused ones
   * too, so that linking again does not revive them) and tells them once.
   */
  disableOwnerInGuild(guildId: string, ownerId: string): Promise<Subscription[]> {
    return this.#serial(async () => {
      const { poster, logger } = this.#options;
      const found = await this.#disable(
        (s) => s.guildId === guildId && s.ownerId === ownerId,
        STATE_REASONS.ownerLeft,
        false,
      );
      if (found.length === 0) return found;
      logger.warn({ guildId, ownerId, count: found.length }, 'jobs: the owner left the server; disabled');
      const t = await this.#ownerT(ownerId);
      await poster.notifyUser(
        ownerId,
        t('jobs.notice.ownerLeft', { guild: guildId, ids: listIds(found.map((s) => s.id)) }),
      );
      return found;
    });
  }

  /**
   * The owner may no longer see or send in the channel: pauses their subscriptions there (relinking
   * does not resume them; removing and making them again once they may post does) and tells them once.
   */
  pauseNoAccess(channelId: string, ownerId: string): Promise<Subscription[]> {
    return this.#serial(async () => {
      const { subscriptions, poster, logger } = this.#options;
      const active = await subscriptions.all(
        (s) => s.channelId === channelId && s.ownerId === ownerId && s.state === 'active',
      );
      for (const subscription of active) {
        await subscriptions.update(subscription.id, {
          state: 'paused',
          stateReason: STATE_REASONS.ownerNoAccess,
        });
      }
      if (active.length === 0) return active;
      logger.warn({ channelId, ownerId, count: active.length }, 'jobs: the owner may not post there; paused');
      const t = await this.#ownerT(ownerId);
      const params = { channel: `<#${channelId}>`, ids: listIds(active.map((s) => s.id)) };
      await poster.notifyUser(ownerId, t('jobs.notice.ownerNoAccess', params));
      return active;
    });
  }

  /** kiroku was removed from the server: disables every subscription there and tells each owner once. */
  disableGuild(guildId: string): Promise<Subscription[]> {
    return this.#serial(async () => {
      const { poster, logger } = this.#options;
      const found = await this.#disable((s) => s.guildId === guildId, STATE_REASONS.botRemoved, false);
      if (found.length === 0) return found;
      logger.warn({ guildId, count: found.length }, 'jobs: kiroku was removed from a server; disabled');
      for (const [ownerId, ids] of idsByOwner(found)) {
        const t = await this.#ownerT(ownerId);
        await poster.notifyUser(ownerId, t('jobs.notice.botRemoved', { guild: guildId, ids: listIds(ids) }));
      }
      return found;
    });
  }
}
