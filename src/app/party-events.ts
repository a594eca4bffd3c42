/**
 * A party's scheduled event deleted or cancelled in Discord cancels the party. Read from the raw
 * packets (GUILD_SCHEDULED_EVENT_DELETE and _UPDATE, under the GuildScheduledEvents intent), as the
 * permission events are: kiroku caches no scheduled events, and the raw packet needs no partial.
 */
import { GuildScheduledEventStatus } from 'discord-api-types/v10';
import type { PartyDesk } from '../parties/desk.js';

interface GatewayPacket {
  t?: string | null;
  d?: unknown;
}

export interface EndedEvent {
  guildId: string;
  eventId: string;
}

/** The event a packet deleted or cancelled, if it did. */
export function endedPartyEvent(packet: GatewayPacket): EndedEvent | undefined {
  if (packet.t !== 'GUILD_SCHEDULED_EVENT_DELETE' && packet.t !== 'GUILD_SCHEDULED_EVENT_UPDATE')
    return undefined;
  const data = typeof packet.d === 'object' && packet.d !== null ? (packet.d as Record<string, unknown>) : {};
  const { guild_id: guildId, id: eventId, status } = data;
  if (typeof guildId !== 'string' || typeof eventId !== 'string') return undefined;
  if (packet.t === 'GUILD_SCHEDULED_EVENT_UPDATE' && status !== GuildScheduledEventStatus.Canceled)
    return undefined;
  return { guildId, eventId };
}

/**
 * Cancels the party of an ended event (if kiroku made it) while it waits for its time. A party whose
 * message is up stays: people record from it after the event, and Discord may end or cancel an
 * event on its own once it has started.
 */
export async function partyEventEnded(
  desk: Pick<PartyDesk, 'store'>,
  ended: EndedEvent,
  now: Date,
): Promise<void> {
  const party = await desk.store.byEvent(ended.guildId, ended.eventId);
  if (party?.state !== 'scheduled') return;
  await desk.store.change(
    party.id,
    (p) => (p.state === 'scheduled' ? { ...p, state: 'cancelled' } : undefined),
    now,
  );
}
