import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ACTIVITY_ACTIONS } from '../service/index.js';
import type { Collection, Store } from '../store/index.js';

export const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const feedSettingsSchema = z.object({
  /** Activity actions to post; empty means all three. */
  actions: z.array(z.enum(ACTIVITY_ACTIONS)),
});

export const scheduleSettingsSchema = z.object({
  /** Local time of the daily digest, HH:MM. */
  time: z.string().regex(HH_MM),
  /** IANA zone the time is read in. */
  timezone: z.string().min(1),
  unwatched: z.boolean(),
  rebroadcast: z.boolean(),
  /** Minutes before each program to post an alert; 0 = no alerts. */
  alertMinutes: z.number().int().min(0).max(1440),
});

export const subscriptionSchema = z.object({
  id: z.string().regex(/^[a-z0-9]{6,12}$/),
  kind: z.enum(['feed', 'schedule']),
  guildId: z.string(),
  channelId: z.string(),
  /** The Discord user whose own token feeds this subscription; never anyone else's. */
  ownerId: z.string(),
  createdAt: z.string(),
  /** paused: the owner's token stopped working; disabled: the channel is gone or forbidden. */
  state: z.enum(['active', 'paused', 'disabled']),
  stateReason: z.string().optional(),
  feed: feedSettingsSchema.optional(),
  schedule: scheduleSettingsSchema.optional(),
});

export type Subscription = z.infer<typeof subscriptionSchema>;
export type FeedSettings = z.infer<typeof feedSettingsSchema>;
export type ScheduleSettings = z.infer<typeof scheduleSettingsSchema>;
export type NewSubscription = Omit<Subscription, 'id' | 'createdAt' | 'state' | 'stateReason'>;

/** Channel subscriptions, kept in the store; ids are short so that users can type them. */
export class Subscriptions {
  private readonly items: Collection<Subscription>;
  private readonly servesGuild: (guildId: string) => boolean;
  private readonly servesOwner: (ownerId: string) => boolean;
  private readonly createdListeners: Array<(subscription: Subscription) => Promise<void>> = [];

  /**
   * `servesGuild` narrows `all()` to the guilds of one shard, so that each subscription is served
   * by exactly one shard (the one that holds its guild); commands use the unnarrowed view.
   */
  constructor(
    store: Store,
    options: { servesGuild?: (guildId: string) => boolean; servesOwner?: (ownerId: string) => boolean } = {},
  ) {
    this.items = store.collection('subscriptions', subscriptionSchema);
    this.servesGuild = options.servesGuild ?? (() => true);
    // `servesOwner` narrows `all()` to the owners whose jobs this process does (scale-out).
    this.servesOwner = options.servesOwner ?? (() => true);
  }

  /** Runs after each `create()`, before it resolves (e.g. the feed's starting point, the owner's job). */
  onCreated(listener: (subscription: Subscription) => Promise<void>): void {
    this.createdListeners.push(listener);
  }

  async create(input: NewSubscription, now: Date): Promise<Subscription> {
    const subscription: Subscription = {
      ...input,
      id: randomBytes(6).toString('hex').slice(0, 8),
      createdAt: now.toISOString(),
      state: 'active',
    };
    await this.items.set(subscription.id, subscription);
    for (const listener of this.createdListeners) await listener(subscription);
    return subscription;
  }

  get(id: string): Promise<Subscription | undefined> {
    return this.items.get(id);
  }

  async update(
    id: string,
    patch: Partial<Pick<Subscription, 'state' | 'stateReason'>>,
  ): Promise<Subscription | undefined> {
    const current = await this.items.get(id);
    if (!current) return undefined;
    const next = { ...current, ...patch };
    if (patch.state === 'active') delete next.stateReason;
    await this.items.set(id, next);
    return next;
  }

  remove(id: string): Promise<boolean> {
    return this.items.delete(id);
  }

  async all(filter: (subscription: Subscription) => boolean = () => true): Promise<Subscription[]> {
    const found: Subscription[] = [];
    for await (const [, subscription] of this.items.entries())
      if (
        this.servesOwner(subscription.ownerId) &&
        this.servesGuild(subscription.guildId) &&
        filter(subscription)
      )
        found.push(subscription);
    return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /** Removes every subscription of an owner (on unlink); returns how many. */
  async removeByOwner(ownerId: string): Promise<number> {
    const owned = await this.all((s) => s.ownerId === ownerId);
    for (const subscription of owned) await this.items.delete(subscription.id);
    return owned.length;
  }

  /** Re-activates an owner's paused subscriptions (after a successful /account link); returns how many. */
  async resumeOwner(ownerId: string): Promise<number> {
    const paused = await this.all((s) => s.ownerId === ownerId && s.state === 'paused');
    for (const subscription of paused) await this.update(subscription.id, { state: 'active' });
    return paused.length;
  }
}
