/**
 * Watch parties (`/party`): a Discord scheduled event in a server and, at its time, one message to
 * record the episode from. A party is keyed by its id; who watched is one record per (party, person),
 * whose atomic insert is also the claim that makes each press record exactly once, across restarts
 * and processes. Both expire a week after the party, so nothing is kept for long.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { LOCALES } from '../i18n/locale.js';
import { RATING_STATES } from '../service/index.js';
import type { Collection, Store } from '../store/index.js';

export const PARTIES_COLLECTION = 'parties';
export const PARTY_ATTENDANCE_COLLECTION = 'party-attendance';

/** How long a party and its list are kept after its start: its message is not pressed much later. */
export const PARTY_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** How long the scheduled event lasts in Discord (an external event needs an end). */
export const PARTY_EVENT_MS = 2 * 60 * 60 * 1000;
/** How far ahead a party may be set: Discord allows more, but a party no one remembers helps no one. */
export const PARTY_MAX_AHEAD_MS = 60 * 24 * 60 * 60 * 1000;

export const PARTY_STATES = ['scheduled', 'open', 'cancelled', 'stopped'] as const;
export type PartyState = (typeof PARTY_STATES)[number];

export const partySchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  guildId: z.string(),
  channelId: z.string(),
  hostId: z.string(),
  eventId: z.string().optional(),
  workId: z.number().int().positive(),
  episodeId: z.number().int().positive(),
  workTitle: z.string(),
  episodeLabel: z.string(),
  startsAt: z.string(),
  /** The language the message is written in (the host's). */
  locale: z.enum(LOCALES),
  /** scheduled: waiting for its time; open: its message is up; cancelled; stopped: the channel refused it. */
  state: z.enum(PARTY_STATES),
  messageId: z.string().optional(),
  /** What the message shows now (a digest of its body), so it is edited only when that changes. */
  shown: z.string().optional(),
});
export type Party = z.infer<typeof partySchema>;

export const attendanceSchema = z.object({
  /** claimed: the press is being recorded; recorded: the service took it. */
  state: z.enum(['claimed', 'recorded']),
  rating: z.enum(RATING_STATES).optional(),
  /** The person's service username, kept to name them when they share their viewing record. */
  name: z.string().optional(),
  at: z.string(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

/** One person's line on a party's list. */
export interface Attendee extends Attendance {
  userId: string;
}

export type NewParty = Omit<Party, 'id' | 'state' | 'messageId' | 'shown'>;

const attendanceKey = (partyId: string, userId: string) => `${partyId}:${userId}`;

export class Parties {
  readonly #parties: Collection<Party>;
  readonly #attendance: Collection<Attendance>;

  constructor(store: Pick<Store, 'collection'>) {
    this.#parties = store.collection(PARTIES_COLLECTION, partySchema);
    this.#attendance = store.collection(PARTY_ATTENDANCE_COLLECTION, attendanceSchema);
  }

  /** Kept until a week after the party starts. */
  #ttl(party: Pick<Party, 'startsAt'>, now: Date): number {
    return Math.max(1, Date.parse(party.startsAt) + PARTY_KEEP_MS - now.getTime());
  }

  async create(fields: NewParty, now: Date): Promise<Party> {
    const party: Party = { ...fields, id: randomUUID().replaceAll('-', '').slice(0, 16), state: 'scheduled' };
    await this.#parties.set(party.id, party, this.#ttl(party, now));
    return party;
  }

  get(partyId: string): Promise<Party | undefined> {
    return this.#parties.get(partyId);
  }

  /**
   * Changes a party atomically when `change` allows it (returns undefined to leave it), and returns
   * the party as stored afterwards, or undefined when it is gone.
   */
  async change(
    partyId: string,
    change: (party: Party) => Party | undefined,
    now: Date,
  ): Promise<Party | undefined> {
    // The start never changes: the first read gives the expiry every write keeps.
    const first = await this.#parties.get(partyId);
    if (!first) return undefined;
    return this.#parties.update(partyId, (current) => current && change(current), this.#ttl(first, now));
  }

  /** Cancels a party that is not over; the party as it was, or undefined when there was none to cancel. */
  async cancel(partyId: string, now: Date): Promise<Party | undefined> {
    let before: Party | undefined;
    await this.change(
      partyId,
      (party) => {
        if (party.state === 'cancelled') return undefined;
        before = party;
        return { ...party, state: 'cancelled' };
      },
      now,
    );
    return before;
  }

  /** Every party (a week's worth at most), optionally only those `keep` accepts. */
  async all(keep: (party: Party) => boolean = () => true): Promise<Party[]> {
    const found: Party[] = [];
    for await (const [, party] of this.#parties.entries()) if (keep(party)) found.push(party);
    return found;
  }

  /** The party of a Discord scheduled event, if kiroku made it. */
  async byEvent(guildId: string, eventId: string): Promise<Party | undefined> {
    const [party] = await this.all((p) => p.guildId === guildId && p.eventId === eventId);
    return party;
  }

  /**
   * Claims the person's press on this party: true for exactly one of any number of presses, here or
   * in another process, until `release` (a failed record) gives it back.
   */
  claim(party: Party, userId: string, rating: Attendance['rating'], now: Date): Promise<boolean> {
    const value: Attendance = { state: 'claimed', at: now.toISOString(), ...(rating ? { rating } : {}) };
    return this.#attendance.setIfAbsent(attendanceKey(party.id, userId), value, this.#ttl(party, now));
  }

  /** The claim's record was made: the person is on the list from now on. */
  async recorded(party: Party, userId: string, name: string | undefined, now: Date): Promise<void> {
    await this.#attendance.update(
      attendanceKey(party.id, userId),
      (current) => current && { ...current, state: 'recorded', ...(name ? { name } : {}) },
      this.#ttl(party, now),
    );
  }

  async release(partyId: string, userId: string): Promise<void> {
    await this.#attendance.delete(attendanceKey(partyId, userId));
  }

  /** Who recorded from this party's message, earliest first. */
  async attendees(partyId: string): Promise<Attendee[]> {
    const prefix = `${partyId}:`;
    const found: Attendee[] = [];
    for await (const [key, value] of this.#attendance.entries())
      if (key.startsWith(prefix) && value.state === 'recorded')
        found.push({ ...value, userId: key.slice(prefix.length) });
    return found.sort((a, b) => a.at.localeCompare(b.at));
  }
}
