/**
 * The permission overwrites of the channels kiroku posts in, kept current from the gateway. discord.js
 * caches no channels here (see src/bot/client.ts: they are most of a guild's memory), so this keeps
 * only the overwrites of channels the membership gate has asked about: read once over REST, then
 * replaced by every CHANNEL_UPDATE and GUILD_CREATE (the Guilds intent sends both), dropped by
 * CHANNEL_DELETE and GUILD_DELETE. A channel not kept is read again over REST.
 */
import { z } from 'zod';
import { growingLru } from '../../lib/growing-lru.js';
import { type Overwrite, overwriteSchema } from './membership-rest.js';

/** Channels kept at most (one per subscribed channel is the usual need). */
const CHANNELS_KEPT = 100_000;

interface GatewayPacket {
  t?: string | null;
  d?: unknown;
}

const channelData = z.object({
  id: z.string(),
  guild_id: z.string().optional(),
  permission_overwrites: z.array(overwriteSchema).optional(),
});
const guildData = z.object({ id: z.string(), channels: z.array(z.unknown()).optional() });

/** The `id` of a packet's data, without parsing the rest. */
function idOf(data: unknown): string | undefined {
  const id = typeof data === 'object' && data !== null ? (data as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

interface Kept {
  guildId: string;
  overwrites: Overwrite[];
}

export class ChannelOverwrites {
  readonly #kept = growingLru<string, Kept>(CHANNELS_KEPT, {
    // Evicted or deleted: out of its server's index too (a replacement re-indexes itself).
    dispose: (kept, channelId, reason) => {
      if (reason !== 'set') this.#unindex(kept.guildId, channelId);
    },
  });
  /** Kept channels by server, so a server's packets touch only its own. */
  readonly #byGuild = new Map<string, Set<string>>();
  /** Channels being read over REST, and whether an event touched them meanwhile (the read is then stale). */
  readonly #reading = new Map<string, { guildId: string; touched: boolean }>();

  /** How many channels are kept (tests, metrics). */
  get size(): number {
    return this.#kept.size;
  }

  /**
   * The channel's overwrites: kept ones at once; others read with `read` (REST) and kept from then
   * on. A read that an event overtook answers what the event said, or 'unknown' (asked again later).
   */
  async get<Refusal extends string>(
    guildId: string,
    channelId: string,
    read: () => Promise<Overwrite[] | Refusal>,
  ): Promise<Overwrite[] | Refusal | 'unknown'> {
    const kept = this.#kept.get(channelId);
    if (kept && kept.guildId === guildId) return kept.overwrites;
    const reading = { guildId, touched: false };
    this.#reading.set(channelId, reading);
    try {
      const answer = await read();
      if (reading.touched) return this.#kept.get(channelId)?.overwrites ?? 'unknown';
      if (typeof answer !== 'string') this.#keep(channelId, guildId, answer);
      return answer;
    } finally {
      if (this.#reading.get(channelId) === reading) this.#reading.delete(channelId);
    }
  }

  /** Applies a gateway packet (the client's raw event); packets of other kinds are ignored. */
  observe(packet: GatewayPacket): void {
    // Most channels and servers have nothing kept: their packets (thousands at a start) are not parsed.
    const id = idOf(packet.d);
    if (id === undefined) return;
    switch (packet.t) {
      case 'CHANNEL_UPDATE':
      case 'CHANNEL_DELETE': {
        if (!this.#kept.has(id) && !this.#reading.has(id)) return;
        const channel = channelData.safeParse(packet.d);
        if (!channel.success) return;
        if (packet.t === 'CHANNEL_DELETE') this.#drop(id);
        else this.#update(channel.data);
        return;
      }
      case 'GUILD_CREATE':
      case 'GUILD_DELETE': {
        if (!this.#touches(id)) return;
        const guild = guildData.safeParse(packet.d);
        if (!guild.success) return;
        this.#refreshGuild(id, packet.t === 'GUILD_CREATE' ? (guild.data.channels ?? []) : []);
        return;
      }
      default:
        return;
    }
  }

  #keep(channelId: string, guildId: string, overwrites: Overwrite[]): void {
    const before = this.#kept.get(channelId);
    if (before && before.guildId !== guildId) this.#unindex(before.guildId, channelId);
    this.#kept.set(channelId, { guildId, overwrites });
    let channels = this.#byGuild.get(guildId);
    if (!channels) {
      channels = new Set();
      this.#byGuild.set(guildId, channels);
    }
    channels.add(channelId);
  }

  #unindex(guildId: string, channelId: string): void {
    const channels = this.#byGuild.get(guildId);
    channels?.delete(channelId);
    if (channels?.size === 0) this.#byGuild.delete(guildId);
  }

  #touches(guildId: string): boolean {
    if ((this.#byGuild.get(guildId)?.size ?? 0) > 0) return true;
    for (const reading of this.#reading.values()) if (reading.guildId === guildId) return true;
    return false;
  }

  #update(channel: z.infer<typeof channelData>): void {
    const reading = this.#reading.get(channel.id);
    const kept = this.#kept.get(channel.id);
    const guildId = channel.guild_id ?? kept?.guildId ?? reading?.guildId;
    if (!guildId || (!reading && !kept)) return;
    if (reading) reading.touched = true;
    this.#keep(channel.id, guildId, channel.permission_overwrites ?? []);
  }

  #drop(channelId: string): void {
    const reading = this.#reading.get(channelId);
    if (reading) reading.touched = true;
    this.#kept.delete(channelId);
  }

  /**
   * A server (re)joined, or left (no channels): its kept channels, and those being read, take the
   * overwrites it lists; those it does not list go.
   */
  #refreshGuild(guildId: string, channels: readonly unknown[]): void {
    const ours = new Set(this.#byGuild.get(guildId));
    for (const [channelId, reading] of this.#reading) {
      if (reading.guildId !== guildId) continue;
      reading.touched = true;
      ours.add(channelId);
    }
    const listed = new Map<string, Overwrite[]>();
    for (const raw of channels) {
      const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
      if (typeof id !== 'string' || !ours.has(id)) continue;
      const channel = channelData.safeParse(raw);
      if (channel.success) listed.set(id, channel.data.permission_overwrites ?? []);
    }
    for (const channelId of ours) {
      const overwrites = listed.get(channelId);
      if (overwrites) this.#keep(channelId, guildId, overwrites);
      else this.#kept.delete(channelId);
    }
  }
}
