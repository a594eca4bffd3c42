/**
 * What kiroku remembers about a Discord user besides their token: the language of their last
 * interaction (owner notices and DMs are written in it), whether they let others find their
 * service profile through the "Viewing record" context menu (off unless they turn it on), and the
 * servers they used kiroku in (whose weekly summaries then count them while they are members).
 */
import { z } from 'zod';
import { LOCALES, type Locale } from '../i18n/locale.js';
import { growingLru } from '../lib/growing-lru.js';
import type { Collection, Store } from '../store/index.js';

export const USER_PREFERENCES_COLLECTION = 'user-preferences';

export const preferencesSchema = z.object({
  locale: z.enum(LOCALES).optional(),
  /** Opted in to be found from a right-click on their Discord account. */
  discoverable: z.boolean().optional(),
  /**
   * Servers the linked person used kiroku in, oldest first (records stored before the weekly
   * summary have none): the weekly summaries of these servers count them while Discord says they are members.
   */
  servers: z
    .array(z.string().regex(/^\d{1,25}$/))
    .max(100)
    .optional(),
});
type UserPreferenceRecord = z.infer<typeof preferencesSchema>;

/** Users whose last known locale is kept in memory, so that an unchanged locale costs no store access. */
const REMEMBERED_LOCALES = 10_000;
/** Servers kept per person: the most recent ones (someone in more servers is counted in these). */
const MAX_SERVERS_PER_PERSON = 100;

export class UserPreferences {
  readonly #items: Collection<UserPreferenceRecord>;
  readonly #knownLocales = growingLru<string, Locale>(REMEMBERED_LOCALES);
  /** person:server pairs already stored, so that the next interaction there costs no store access. */
  readonly #knownServers = growingLru<string, true>(REMEMBERED_LOCALES);

  constructor(store: Store) {
    this.#items = store.collection(USER_PREFERENCES_COLLECTION, preferencesSchema);
  }

  /**
   * Notes the locale of a person's interaction. It is stored (when it changed) only for linked people:
   * owner notices, its only readers, go to them, and a burst of newcomers costs no writes. Someone who
   * links later has it stored then (`linked`).
   */
  async rememberLocale(userId: string, locale: Locale, isLinked: () => Promise<boolean>): Promise<void> {
    if (this.#knownLocales.get(userId) === locale) return;
    if (await isLinked()) await this.#store(userId, locale);
    this.#knownLocales.set(userId, locale);
  }

  /** The person just linked: the locale of their interactions so far is stored now. */
  async linked(userId: string): Promise<void> {
    const locale = this.#knownLocales.get(userId);
    if (locale) await this.#store(userId, locale);
  }

  async #store(userId: string, locale: Locale): Promise<void> {
    await this.#items.update(userId, (current) =>
      current?.locale === locale ? undefined : { ...current, locale },
    );
  }

  /** Notes that a linked person used kiroku in a server (stored once; nothing for people not linked). */
  async rememberServer(userId: string, guildId: string, isLinked: () => Promise<boolean>): Promise<void> {
    const key = `${userId}:${guildId}`;
    if (this.#knownServers.get(key)) return;
    if (!(await isLinked())) return;
    await this.#items.update(userId, (current) => {
      const servers = current?.servers ?? [];
      if (servers.includes(guildId)) return undefined;
      return { ...current, servers: [...servers, guildId].slice(-MAX_SERVERS_PER_PERSON) };
    });
    this.#knownServers.set(key, true);
  }

  /** Each person with the servers they used kiroku in (the weekly summaries read them once a run). */
  async *servers(): AsyncGenerator<[userId: string, servers: readonly string[]]> {
    for await (const [userId, record] of this.#items.entries())
      if (record.servers && record.servers.length > 0) yield [userId, record.servers];
  }

  /** The locale of the user's last interaction, if kiroku has seen one. */
  async localeOf(userId: string): Promise<Locale | undefined> {
    return this.#knownLocales.get(userId) ?? (await this.#items.get(userId))?.locale;
  }

  async setDiscoverable(userId: string, discoverable: boolean): Promise<void> {
    await this.#items.update(userId, (current) =>
      discoverable ? { ...current, discoverable: true } : withoutDiscoverable(current),
    );
  }

  async isDiscoverable(userId: string): Promise<boolean> {
    return (await this.#items.get(userId))?.discoverable === true;
  }

  /** On unlink: everything about the user goes (their subscriptions, which notices were for, too). */
  async forget(userId: string): Promise<void> {
    this.#knownLocales.delete(userId);
    for (const key of this.#knownServers.keys())
      if (key.startsWith(`${userId}:`)) this.#knownServers.delete(key);
    await this.#items.delete(userId);
  }
}

function withoutDiscoverable(current: UserPreferenceRecord | undefined): UserPreferenceRecord | undefined {
  if (!current?.discoverable) return undefined;
  const { discoverable: _dropped, ...rest } = current;
  return rest;
}
