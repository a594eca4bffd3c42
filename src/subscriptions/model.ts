import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { LOCALES } from '../i18n/locale.js';
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
  /** Alerts carry a Comments button that opens the episode's thread (off unless asked; added in 2026-11). */
  comments: z.boolean().optional(),
});

/** A work an airing subscription follows; the title is kept for lists and posts. */
export const followedWorkSchema = z.object({ id: z.number().int().positive(), title: z.string() });

/** The most works one channel follows (one airing subscription per channel and owner). */
export const MAX_AIRING_WORKS = 25;

export const airingSettingsSchema = z.object({
  /** The works whose first airings among the owner's programs are posted. */
  works: z.array(followedWorkSchema).max(MAX_AIRING_WORKS),
  /** Posts carry a Comments button that opens the episode's thread (off unless asked; added in 2026-11). */
  comments: z.boolean().optional(),
});

/** Days of the week, Monday first (ISO order); croner numbers them from Sunday = 0. */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const weeklySettingsSchema = z.object({
  /** The day of the week the summary is posted; it covers the seven days before it. */
  day: z.enum(WEEKDAYS),
  /** Local time of the post, HH:MM. */
  time: z.string().regex(HH_MM),
  /** IANA zone the day and time are read in. */
  timezone: z.string().min(1),
});

export const subscriptionSchema = z.object({
  id: z.string().regex(/^[a-z0-9]{6,12}$/),
  /** `airing` (third round) and `weekly` (fourth) were added later: records stored before them still parse. */
  kind: z.enum(['feed', 'schedule', 'airing', 'weekly']),
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
  airing: airingSettingsSchema.optional(),
  weekly: weeklySettingsSchema.optional(),
  /** Language of the posts; records from before languages existed read as English. */
  language: z.enum(LOCALES).default('en'),
});

export type Subscription = z.infer<typeof subscriptionSchema>;

/** A subscription the feed poller posts to: a feed subscription that is running. */
export function isActiveFeed(subscription: Subscription): boolean {
  return subscription.kind === 'feed' && subscription.state === 'active';
}

/** The running feed subscriptions among `subscriptions` (the one test every feed driver uses). */
export function activeFeeds(subscriptions: readonly Subscription[]): Subscription[] {
  return subscriptions.filter(isActiveFeed);
}

/** `stateReason` values: the jobs write them, /subscription list shows why a subscription stopped. */
export const STATE_REASONS = {
  tokenRefused: 'token-refused',
  notLinked: 'not-linked',
  channelForbidden: 'channel-forbidden',
  channelMissing: 'channel-missing',
  /** The owner is no longer a member of the subscription's server. */
  ownerLeft: 'owner-left',
  /** kiroku itself was removed from the subscription's server. */
  botRemoved: 'bot-removed',
  /** The operator paused it (admin pause): only the operator resumes it, never a relink. */
  operator: 'operator',
  /** The owner may no longer see or send messages in the subscription's channel (a pause). */
  ownerNoAccess: 'owner-no-access',
} as const;

/**
 * Pauses that mean "the owner's token stopped working": a relink to the same account ends them. Every
 * other pause (an operator's, a permission check's) is someone else's decision and stays.
 */
export const TOKEN_PAUSE_REASONS: readonly string[] = [STATE_REASONS.tokenRefused, STATE_REASONS.notLinked];

/** Abuse limits on subscriptions: each one costs requests to the service every day. */
export const SUBSCRIPTION_CAPS = { perGuild: 25, perOwner: 10 } as const;

/**
 * Which cap one more subscription of `ownerId` in `guildId` would pass, given (at least) the
 * server's and the owner's subscriptions. A server counts every subscription it lists (its managers
 * can remove any of them); an owner counts those that still run or may resume (a disabled one costs
 * nothing, and may sit in a server the owner has left and cannot clean up).
 */
export function capReached(
  existing: readonly Subscription[],
  guildId: string,
  ownerId: string,
): 'guild' | 'owner' | undefined {
  const inGuild = existing.filter((s) => s.guildId === guildId).length;
  if (inGuild >= SUBSCRIPTION_CAPS.perGuild) return 'guild';
  const ofOwner = existing.filter((s) => s.ownerId === ownerId && s.state !== 'disabled').length;
  if (ofOwner >= SUBSCRIPTION_CAPS.perOwner) return 'owner';
  return undefined;
}
export type ScheduleSettings = z.infer<typeof scheduleSettingsSchema>;
export type WeeklySettings = z.infer<typeof weeklySettingsSchema>;
export type FollowedWork = z.infer<typeof followedWorkSchema>;
export type NewSubscription = Omit<Subscription, 'id' | 'createdAt' | 'state' | 'stateReason' | 'language'> &
  Partial<Pick<Subscription, 'language'>>;

/** 8 hex digits: short enough to type. */
const randomSubscriptionId = () => randomBytes(4).toString('hex');
/** Fresh ids tried before giving up; a collision among 4 billion ids is rare, several in a row never. */
const MAX_ID_ATTEMPTS = 8;

export interface SubscriptionsOptions {
  /** Makes new ids (tests force collisions with it); random 8 hex digits by default. */
  newId?: () => string;
}

/** The one record of the version collection. */
const VERSION_KEY = 'current';
export const subscriptionsVersionSchema = z.object({ mark: z.string() });
export const SUBSCRIPTIONS_COLLECTION = 'subscriptions';
export const SUBSCRIPTIONS_VERSION_COLLECTION = 'subscriptions-version';

/** Channel subscriptions, kept in the store; ids are short so that users can type them. */
export class Subscriptions {
  private readonly items: Collection<Subscription>;
  /**
   * A mark replaced after every change to any subscription, by whichever process: a reader keeping
   * a copy of them all (the jobs' owner snapshot) compares one small record instead of reading
   * every subscription again.
   */
  private readonly versions: Collection<z.infer<typeof subscriptionsVersionSchema>>;
  private readonly newId: () => string;
  private readonly createdListeners: Array<(subscription: Subscription) => Promise<void>> = [];

  /** One instance serves commands and jobs; the jobs narrow it to their owners (jobs/owners/partition.ts). */
  constructor(store: Store, options: SubscriptionsOptions = {}) {
    this.items = store.collection(SUBSCRIPTIONS_COLLECTION, subscriptionSchema);
    this.versions = store.collection(SUBSCRIPTIONS_VERSION_COLLECTION, subscriptionsVersionSchema);
    this.newId = options.newId ?? randomSubscriptionId;
  }

  /** Runs after each `create()`, before it resolves (e.g. the feed's starting point, the owner's job). */
  onCreated(listener: (subscription: Subscription) => Promise<void>): void {
    this.createdListeners.push(listener);
  }

  /** Stores a new subscription under a fresh id; an id already taken is never overwritten. */
  async create(input: NewSubscription, now: Date): Promise<Subscription> {
    for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt++) {
      const subscription: Subscription = {
        ...input,
        language: input.language ?? 'en',
        id: this.newId(),
        createdAt: now.toISOString(),
        state: 'active',
      };
      if (!(await this.items.setIfAbsent(subscription.id, subscription))) continue;
      await this.changed();
      for (const listener of this.createdListeners) await listener(subscription);
      return subscription;
    }
    throw new Error('subscriptions: could not find a free id');
  }

  get(id: string): Promise<Subscription | undefined> {
    return this.items.get(id);
  }

  /** Changes a subscription's state; one removed meanwhile stays removed (compare-and-set in the store). */
  async update(
    id: string,
    patch: Partial<Pick<Subscription, 'state' | 'stateReason'>>,
  ): Promise<Subscription | undefined> {
    const updated = await this.items.update(id, (current) => {
      if (!current) return undefined;
      const next = { ...current, ...patch };
      if (patch.state === 'active') delete next.stateReason;
      return next;
    });
    if (updated) await this.changed();
    return updated;
  }

  /**
   * Replaces the works an airing subscription follows (compare-and-set, so two additions at once
   * both land when `change` is pure); undefined when it is gone or not an airing subscription.
   */
  async changeAiringWorks(
    id: string,
    change: (works: readonly FollowedWork[]) => FollowedWork[],
    /** Turns the Comments button on or off; undefined keeps it as it is. */
    comments?: boolean,
  ): Promise<Subscription | undefined> {
    const updated = await this.items.update(id, (current) => {
      if (current?.kind !== 'airing') return undefined;
      const works = change(current.airing?.works ?? []);
      const { comments: kept, ...rest } = current.airing ?? { works };
      const on = comments ?? kept;
      return { ...current, airing: { ...rest, works, ...(on ? { comments: true } : {}) } };
    });
    if (updated?.kind !== 'airing') return undefined;
    await this.changed();
    return updated;
  }

  async remove(id: string): Promise<boolean> {
    const removed = await this.items.delete(id);
    if (removed) await this.changed();
    return removed;
  }

  /** The current version mark (undefined until the first change): equal marks, equal subscriptions. */
  async version(): Promise<string | undefined> {
    return (await this.versions.get(VERSION_KEY))?.mark;
  }

  /** After the change is stored, so a reader that saw the new mark also sees the change. */
  private async changed(): Promise<void> {
    await this.versions.set(VERSION_KEY, { mark: randomUUID() });
  }

  async all(filter: (subscription: Subscription) => boolean = () => true): Promise<Subscription[]> {
    const found: Subscription[] = [];
    for await (const [, subscription] of this.items.entries())
      if (filter(subscription)) found.push(subscription);
    return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /** Removes every subscription of an owner (on unlink); returns how many. */
  async removeByOwner(ownerId: string): Promise<number> {
    const owned = await this.all((s) => s.ownerId === ownerId);
    for (const subscription of owned) await this.remove(subscription.id);
    return owned.length;
  }

  /**
   * Re-activates the owner's subscriptions paused because their token stopped working (after they
   * linked the same account again); returns how many. Other pauses are left as they are.
   */
  async resumeOwner(ownerId: string): Promise<number> {
    const paused = await this.all(
      (s) =>
        s.ownerId === ownerId &&
        s.state === 'paused' &&
        TOKEN_PAUSE_REASONS.includes(s.stateReason ?? STATE_REASONS.tokenRefused),
    );
    for (const subscription of paused) await this.update(subscription.id, { state: 'active' });
    return paused.length;
  }
}
