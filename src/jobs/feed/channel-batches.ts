/**
 * One poll's activities to one channel, exactly once, in as few messages as fit (batch.ts).
 *
 * Every activity has its own outbox entry in the channel (`activity:<id>`, the key single posts
 * always had, so posts from before batches still count). A batch message has its own entry and
 * deterministic key, `feed:<owner>:<first activity id>`, and claims its members' entries for that
 * key (atomically) before it is posted; once posted, the members are marked posted with it. After a
 * crash or a failure for now, the owner's cursor has not moved past them, so the next poll finds the
 * claimed members again and posts the same batch under the same key (the same nonce: Discord folds
 * a repeat into the message it already has). An activity another owner's batch claimed in the same
 * channel is that batch's to post.
 *
 * When Discord refuses a batch as invalid (400), or a batch fails too often, each of its activities
 * is posted on its own in the minimal form (minimal.ts), under its own entry; what follows in
 * the channel does not wait.
 */
import type { Logger } from '../../logger.js';
import type { Activity } from '../../service/index.js';
import type { DeliveryResult, Outbox, OutboxEntry } from '../posting/outbox.js';
import type { OutgoingMessage, PostFailure } from '../posting/poster.js';
import { packFeedBatches } from './batch.js';
import type { FeedItem } from './message.js';

/** How one activity looks in this channel's language: its batch item and its minimal form. */
export interface RenderedActivity {
  activity: Activity;
  item: FeedItem;
  minimal: () => OutgoingMessage;
}

/** What went wrong in the delivery of a feed post, for the metrics (bounded values). */
export type FeedPostEvent = 'batch_refused' | 'single_refused' | 'minimal_refused' | 'degraded';

export interface ChannelFeedDeps {
  outbox: Outbox;
  logger: Logger;
  /** Told of each refusal and each activity posted in its minimal form. */
  onEvent?: (event: FeedPostEvent) => void;
}

export interface ChannelFeedResult {
  /** Activities posted now (in a batch or on their own). */
  posted: Activity[];
  messages: number;
  /** Activities already posted (by an earlier attempt or another owner's batch) or given up. */
  duplicates: number;
  /** Activities posted in the minimal form. */
  degraded: number;
  /** A failure for now stopped the channel at this activity: it and what follows wait for the next poll. */
  stoppedAt?: number;
  /** The channel refuses kiroku (the subscriptions there are disabled). */
  refused?: Exclude<PostFailure, 'failed' | 'invalid'>;
}

const activityKey = (activity: Activity) => `activity:${activity.id}`;

interface Pending {
  rendered: RenderedActivity;
  entry: OutboxEntry | undefined;
}

/** What one step settled, and whether the channel stops there (for now, or for good). */
interface Step {
  done: Pending[];
  posted: Pending[];
  messages: number;
  degraded: number;
  stop?: 'failed' | 'forbidden' | 'missing';
}

const nothing = (done: Pending[] = []): Step => ({ done, posted: [], messages: 0, degraded: 0 });
const stopped = (stop: Step['stop']): Step => ({ ...nothing(), stop });

export class ChannelFeed {
  readonly #deps: ChannelFeedDeps;
  readonly #channelId: string;
  readonly #ownerId: string;

  constructor(deps: ChannelFeedDeps, channelId: string, ownerId: string) {
    this.#deps = deps;
    this.#channelId = channelId;
    this.#ownerId = ownerId;
  }

  /** Delivers the activities (oldest first) to the channel; see the file's comment. */
  async deliver(activities: readonly RenderedActivity[]): Promise<ChannelFeedResult> {
    const result: ChannelFeedResult = { posted: [], messages: 0, duplicates: 0, degraded: 0 };
    const entries = await this.#deps.outbox.entries(
      this.#channelId,
      activities.map((rendered) => activityKey(rendered.activity)),
    );
    let queue: Pending[] = activities.map((rendered, i) => ({ rendered, entry: entries[i] }));
    result.duplicates += queue.filter((p) => p.entry && p.entry.state !== 'pending').length;
    queue = queue.filter((p) => !p.entry || p.entry.state === 'pending');
    while (queue.length > 0) {
      const step = await this.#next(queue);
      result.posted.push(...step.posted.map((p) => p.rendered.activity));
      result.messages += step.messages;
      result.degraded += step.degraded;
      result.duplicates += step.done.length - step.posted.length;
      const done = new Set(step.done);
      queue = queue.filter((p) => !done.has(p));
      if (step.stop === 'failed') result.stoppedAt = queue[0]?.rendered.activity.id;
      else if (step.stop) result.refused = step.stop;
      if (step.stop) return result;
    }
    return result;
  }

  /** Handles the head of the queue (and whatever shares its message); says which entries are done. */
  async #next(queue: Pending[]): Promise<Step> {
    const head = queue[0] as Pending;
    const batch = head.entry?.batch;
    if (batch !== undefined) {
      // Another owner's batch claimed it in this channel: that owner's poll posts it.
      if (!batch.startsWith(`feed:${this.#ownerId}:`)) return nothing([head]);
      return this.#claimed(batch, head.entry?.batchLast, queue);
    }
    if (head.entry) return this.#single(head);
    // A message holds far fewer than this (10 embeds; status lines of a few dozen characters at least).
    const run: Pending[] = [];
    for (const p of queue) {
      if (p.entry || run.length >= 300) break;
      run.push(p);
    }
    const [first] = packFeedBatches(run.map((p) => ({ id: p, item: p.rendered.item })));
    const members = first?.members ?? [head];
    const key = `feed:${this.#ownerId}:${members[0]?.rendered.activity.id ?? head.rendered.activity.id}`;
    return this.#claimAndPost(key, members);
  }

  /**
   * One of our batches, claimed before a restart: exactly its members. A claim cut off half-way (a
   * crash, or a backup taken mid-claim) is finished up to the batch's last member first, so the
   * message keeps its members, key and nonce (Discord folds a repeat into the message it has).
   */
  async #claimed(batch: string, last: string | undefined, queue: Pending[]): Promise<Step> {
    if (last === undefined)
      return this.#batch(
        batch,
        queue.filter((p) => p.entry?.batch === batch),
      );
    const members: Pending[] = [];
    for (const p of queue) {
      if (p.entry && p.entry.batch !== batch) break;
      members.push(p);
      if (activityKey(p.rendered.activity) === last) break;
    }
    return this.#claimAndPost(batch, members);
  }

  /** Claims the members not yet claimed for `key`, then posts the batch; others' claims are theirs. */
  async #claimAndPost(key: string, members: Pending[]): Promise<Step> {
    const last = members.at(-1);
    const lastKey = last ? activityKey(last.rendered.activity) : undefined;
    const claimed: Pending[] = [];
    const lost: Pending[] = [];
    for (const member of members) {
      const ours =
        member.entry?.batch === key ||
        (await this.#deps.outbox.claim(this.#channelId, activityKey(member.rendered.activity), key, lastKey));
      (ours ? claimed : lost).push(member);
    }
    // Claimed meanwhile by another owner's batch in this channel: theirs now.
    const step = claimed.length > 0 ? await this.#batch(key, claimed) : nothing();
    return { ...step, done: [...lost, ...step.done] };
  }

  /** A batch message under its key; refused (or given up): each member in its minimal form. */
  async #batch(key: string, members: Pending[]): Promise<Step> {
    const { outbox, logger, onEvent } = this.#deps;
    const existing = await outbox.entry(this.#channelId, key);
    const memberKeys = members.map((p) => activityKey(p.rendered.activity));
    if (existing?.state === 'posted' && existing.messageId) {
      await outbox.settle(this.#channelId, memberKeys, existing.messageId);
      return nothing(members);
    }
    let result: DeliveryResult = { status: 'abandoned' };
    if (existing?.state !== 'abandoned') {
      const packed = packFeedBatches(members.map((p) => ({ id: p, item: p.rendered.item })));
      // One message, as when it was first claimed; should the text have grown since, the minimal forms go.
      if (packed.length === 1 && packed[0]) {
        const message = packed[0].message;
        result = await outbox.deliver(this.#channelId, key, () => message, {
          onRefused: (detail) => {
            onEvent?.('batch_refused');
            logger.warn(
              { channelId: this.#channelId, ownerId: this.#ownerId, key, activities: members.length, detail },
              'feed: Discord refused a batch; its activities go in the minimal form',
            );
          },
        });
      }
    }
    if (result.status === 'posted') {
      await outbox.settle(this.#channelId, memberKeys, result.messageId);
      return { done: members, posted: members, messages: 1, degraded: 0 };
    }
    if (result.status === 'duplicate') {
      // Posted by another process meanwhile.
      const now = await outbox.entry(this.#channelId, key);
      if (now?.state === 'posted' && now.messageId) {
        await outbox.settle(this.#channelId, memberKeys, now.messageId);
        return nothing(members);
      }
    }
    if (result.status === 'failed') return stopped(result.reason);
    return this.#minimalEach(members);
  }

  async #minimalEach(members: Pending[]): Promise<Step> {
    const done: Pending[] = [];
    const posted: Pending[] = [];
    let messages = 0;
    for (const member of members) {
      const result = await this.#deps.outbox.deliver(
        this.#channelId,
        activityKey(member.rendered.activity),
        member.rendered.minimal,
        { onRefused: () => this.#deps.onEvent?.('minimal_refused') },
      );
      if (result.status === 'failed') {
        // Those before it are done; it and the rest wait for the next poll.
        return { done, posted, messages, degraded: posted.length, stop: result.reason };
      }
      done.push(member);
      if (result.status === 'posted') {
        posted.push(member);
        messages += 1;
        this.#deps.onEvent?.('degraded');
      }
    }
    return { done, posted, messages, degraded: posted.length };
  }

  /** An activity's own entry from before batches (a single post interrupted): full form, minimal if refused. */
  async #single(head: Pending): Promise<Step> {
    const { rendered } = head;
    const full = packFeedBatches([{ id: head, item: rendered.item }])[0]?.message ?? rendered.minimal();
    let degraded = false;
    const result = await this.#deps.outbox.deliver(
      this.#channelId,
      activityKey(rendered.activity),
      () => full,
      {
        fallback: () => {
          degraded = true;
          return rendered.minimal();
        },
        onRefused: () => this.#deps.onEvent?.(degraded ? 'minimal_refused' : 'single_refused'),
      },
    );
    if (result.status === 'failed') return stopped(result.reason);
    if (result.status !== 'posted') return nothing([head]);
    if (result.degraded) this.#deps.onEvent?.('degraded');
    return { done: [head], posted: [head], messages: 1, degraded: result.degraded ? 1 : 0 };
  }
}
