/**
 * Exactly-once channel posts, keyed by (channel, source).
 *
 * An entry is written `pending` (with its nonce) before the post and `posted` after it. A `posted`
 * entry is never posted again. A `pending` entry means an earlier attempt may or may not have
 * reached Discord (a crash or timeout between the post and the write): it is re-posted with the
 * SAME nonce and `enforce_nonce`, and Discord answers with the message that already exists instead
 * of creating a second one. Discord checks nonces for a few minutes only, so a pending entry retried
 * much later may still post twice: the jobs prefer that to skipping a post.
 *
 * A body Discord refuses as invalid (400) is never sent again as it was: with a fallback, the same
 * entry posts the fallback (the same nonce, so an interrupted attempt still folds into one message);
 * without one, the entry is abandoned at once instead of blocking what follows.
 *
 * Several sources can share one message (a feed batch): each source's entry is claimed for the
 * batch's key (`claim`), atomically, before the batch is posted, and marked posted with it (`settle`).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from '../../logger.js';
import type { Collection, Store } from '../../store/index.js';
import type { ChannelPoster, OutgoingMessage, PostFailure } from './poster.js';

export const OUTBOX_COLLECTION = 'outbox';
/** Entries live this long; sources never come back after that (cursors and dates have moved on). */
export const DEFAULT_OUTBOX_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** Transient failures of one entry before the outbox gives up on it (so one bad message cannot block a feed). */
export const DEFAULT_MAX_ATTEMPTS = 5;
/** Discord's nonce limit. */
export const NONCE_LENGTH = 25;

export const outboxEntrySchema = z.object({
  state: z.enum(['pending', 'posted', 'abandoned']),
  nonce: z.string().min(1).max(NONCE_LENGTH),
  attempts: z.number().int().min(0),
  createdAt: z.string(),
  messageId: z.string().optional(),
  postedAt: z.string().optional(),
  /** The source key of the batch message this source is part of (feed batches; added in 2026-11). */
  batch: z.string().optional(),
  /**
   * The last source of that batch: a claim cut off half-way (a crash, a backup taken mid-claim) is
   * finished with the same members, so the message keeps its key and nonce (added in 2026-11).
   */
  batchLast: z.string().optional(),
  /** Posted in its fallback form after Discord refused the full body (added in 2026-11). */
  degraded: z.boolean().optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export type DeliveryResult =
  /**
   * Posted now (or found already posted by Discord's nonce check after an interrupted attempt);
   * `degraded` when the fallback went out because Discord refused the full body.
   */
  | { status: 'posted'; messageId: string; degraded?: boolean }
  /** The outbox had already posted it (or gave up on it earlier). */
  | { status: 'duplicate' }
  /** forbidden / missing: give up on the channel; failed: try again later. */
  | { status: 'failed'; reason: Exclude<PostFailure, 'invalid'> }
  /** Failed too often, or refused as invalid with no fallback (or the fallback refused too): not tried again. */
  | { status: 'abandoned'; refused?: string };

export interface DeliverOptions {
  /** A simpler body to post when Discord refuses the full one as invalid (400). */
  fallback?: () => OutgoingMessage;
  /** Told why Discord refused a body (its code and field paths, never the content). */
  onRefused?: (detail: string) => void;
}

export interface OutboxOptions {
  poster: ChannelPoster;
  now: () => Date;
  logger: Logger;
  ttlMs?: number;
  maxAttempts?: number;
}

/** A deterministic nonce of 25 hex characters for (channel, source), the same in every process. */
export function nonceFor(channelId: string, sourceKey: string): string {
  return createHash('sha256').update(`${channelId}\u0000${sourceKey}`).digest('hex').slice(0, NONCE_LENGTH);
}

export class Outbox {
  readonly #entries: Collection<OutboxEntry>;
  readonly #poster: ChannelPoster;
  readonly #now: () => Date;
  readonly #logger: Logger;
  readonly #ttlMs: number;
  readonly #maxAttempts: number;

  constructor(store: Store, options: OutboxOptions) {
    this.#entries = store.collection(OUTBOX_COLLECTION, outboxEntrySchema);
    this.#poster = options.poster;
    this.#now = options.now;
    this.#logger = options.logger;
    this.#ttlMs = options.ttlMs ?? DEFAULT_OUTBOX_TTL_MS;
    this.#maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  }

  static key(channelId: string, sourceKey: string): string {
    return `${channelId}:${sourceKey}`;
  }

  entry(channelId: string, sourceKey: string): Promise<OutboxEntry | undefined> {
    return this.#entries.get(Outbox.key(channelId, sourceKey));
  }

  /** True when the outbox has nothing more to do for this source in this channel. */
  async isDone(channelId: string, sourceKey: string): Promise<boolean> {
    const entry = await this.entry(channelId, sourceKey);
    return entry !== undefined && entry.state !== 'pending';
  }

  /**
   * Posts `build()` to the channel unless this source was already posted there. `build` runs only
   * when a post is actually attempted.
   */
  async deliver(
    channelId: string,
    sourceKey: string,
    build: () => OutgoingMessage,
    options: DeliverOptions = {},
  ): Promise<DeliveryResult> {
    const key = Outbox.key(channelId, sourceKey);
    // Two owners may deliver the same activity to one channel at once: the second waits for the
    // first and then finds it posted, instead of leaning on Discord's nonce to fold the repeat.
    const running = this.#inFlight.get(key);
    if (running) {
      await running.catch(() => undefined);
      return this.deliver(channelId, sourceKey, build, options);
    }
    const attempt = this.#attempt(key, channelId, sourceKey, build, options);
    this.#inFlight.set(key, attempt);
    try {
      return await attempt;
    } finally {
      this.#inFlight.delete(key);
    }
  }

  readonly #inFlight = new Map<string, Promise<DeliveryResult>>();

  /** The entries of several sources in one channel, in order (undefined: never tried). */
  entries(channelId: string, sourceKeys: readonly string[]): Promise<Array<OutboxEntry | undefined>> {
    return this.#entries.getMany(sourceKeys.map((sourceKey) => Outbox.key(channelId, sourceKey)));
  }

  /**
   * Claims a source for the batch message `batchKey`, atomically: false when the source already has
   * an entry (posted, or claimed by another batch or attempt).
   */
  claim(channelId: string, sourceKey: string, batchKey: string, batchLast?: string): Promise<boolean> {
    const entry: OutboxEntry = {
      state: 'pending',
      nonce: nonceFor(channelId, sourceKey),
      attempts: 0,
      createdAt: this.#now().toISOString(),
      batch: batchKey,
      ...(batchLast ? { batchLast } : {}),
    };
    return this.#entries.setIfAbsent(Outbox.key(channelId, sourceKey), entry, this.#ttlMs);
  }

  /** Marks sources claimed by a batch as posted with it (their messages are the batch's). */
  async settle(channelId: string, sourceKeys: readonly string[], messageId: string): Promise<void> {
    const postedAt = this.#now().toISOString();
    for (const sourceKey of sourceKeys) {
      await this.#entries.update(
        Outbox.key(channelId, sourceKey),
        (current) =>
          current?.state === 'pending' ? { ...current, state: 'posted', messageId, postedAt } : undefined,
        this.#ttlMs,
      );
    }
  }

  async #attempt(
    key: string,
    channelId: string,
    sourceKey: string,
    build: () => OutgoingMessage,
    options: DeliverOptions,
  ): Promise<DeliveryResult> {
    const existing = await this.#entries.get(key);
    if (existing && existing.state !== 'pending') return { status: 'duplicate' };

    const pending: OutboxEntry = {
      ...existing,
      state: 'pending',
      nonce: existing?.nonce ?? nonceFor(channelId, sourceKey),
      attempts: (existing?.attempts ?? 0) + 1,
      createdAt: existing?.createdAt ?? this.#now().toISOString(),
    };
    await this.#entries.set(key, pending, this.#ttlMs);
    if (existing && existing.attempts > 0)
      this.#logger.info(
        { channelId, sourceKey, attempt: pending.attempts },
        'outbox: retrying a pending post',
      );

    let outcome = await this.#poster.post(channelId, { ...build(), nonce: pending.nonce });
    let degraded = false;
    if (!outcome.ok && outcome.reason === 'invalid') {
      options.onRefused?.(outcome.detail ?? 'unknown');
      if (!options.fallback) return this.#abandon(key, pending, outcome.detail);
      // The refused body created nothing, so the nonce is still free for the fallback.
      degraded = true;
      outcome = await this.#poster.post(channelId, { ...options.fallback(), nonce: pending.nonce });
      if (!outcome.ok && outcome.reason === 'invalid') {
        options.onRefused?.(outcome.detail ?? 'unknown');
        return this.#abandon(key, pending, outcome.detail);
      }
    }
    if (outcome.ok) {
      const posted: OutboxEntry = {
        ...pending,
        state: 'posted',
        messageId: outcome.messageId,
        postedAt: this.#now().toISOString(),
        ...(degraded ? { degraded } : {}),
      };
      await this.#entries.set(key, posted, this.#ttlMs);
      return { status: 'posted', messageId: outcome.messageId, ...(degraded ? { degraded } : {}) };
    }
    if (outcome.reason === 'invalid') return this.#abandon(key, pending, outcome.detail);
    if (outcome.reason === 'failed' && pending.attempts >= this.#maxAttempts) {
      await this.#entries.set(key, { ...pending, state: 'abandoned' }, this.#ttlMs);
      this.#logger.error({ channelId, sourceKey, attempts: pending.attempts }, 'outbox: giving up on a post');
      return { status: 'abandoned' };
    }
    return { status: 'failed', reason: outcome.reason };
  }

  async #abandon(key: string, pending: OutboxEntry, detail: string | undefined): Promise<DeliveryResult> {
    await this.#entries.set(key, { ...pending, state: 'abandoned' }, this.#ttlMs);
    this.#logger.error({ key, detail }, 'outbox: Discord refused the post and there is no simpler form');
    return { status: 'abandoned', refused: detail ?? 'unknown' };
  }
}
