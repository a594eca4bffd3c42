/**
 * Personal DM reminders (`/remind`): who wants a DM how many minutes before each of their programs
 * first airs, and in which language. Off by default: a person has a record only while they are on.
 */
import { z } from 'zod';
import { LOCALES } from '../i18n/locale.js';
import type { Collection, Store } from '../store/index.js';

export const MAX_REMIND_MINUTES = 1440;

export const reminderSchema = z.object({
  minutes: z.number().int().min(1).max(MAX_REMIND_MINUTES),
  locale: z.enum(LOCALES),
  since: z.string(),
});
type Reminder = z.infer<typeof reminderSchema>;

export const REMINDERS_COLLECTION = 'reminders';

export class Reminders {
  readonly #items: Collection<Reminder>;

  constructor(store: Store) {
    this.#items = store.collection(REMINDERS_COLLECTION, reminderSchema);
  }

  async turnOn(discordUserId: string, minutes: number, locale: Reminder['locale'], now: Date): Promise<void> {
    await this.#items.set(discordUserId, { minutes, locale, since: now.toISOString() });
  }

  /** Turns reminders off; false when they were off already. */
  turnOff(discordUserId: string): Promise<boolean> {
    return this.#items.delete(discordUserId);
  }

  get(discordUserId: string): Promise<Reminder | undefined> {
    return this.#items.get(discordUserId);
  }

  async all(serves: (discordUserId: string) => boolean = () => true): Promise<Array<[string, Reminder]>> {
    const found: Array<[string, Reminder]> = [];
    for await (const [userId, reminder] of this.#items.entries())
      if (serves(userId)) found.push([userId, reminder]);
    return found;
  }
}
