/** What the `/party` handlers work with: the stored parties, their messages, and Discord's events. */
import type { PartyBoard } from './board.js';
import type { Parties } from './model.js';

/** A Discord scheduled event as a party makes it (an external event: it needs an end and a place). */
export interface PartyEventBody {
  name: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
}

export interface PartyEvents {
  /** Whether kiroku may create and remove scheduled events in the server (Manage Events). */
  canManage(guildId: string): Promise<boolean>;
  /** Creates the event; its id. Throws when Discord refuses. */
  create(guildId: string, event: PartyEventBody): Promise<string>;
  /** Removes the event; an event already gone is no error. */
  remove(guildId: string, eventId: string): Promise<void>;
}

export interface PartyDesk {
  store: Parties;
  board: PartyBoard;
  events: PartyEvents;
}
