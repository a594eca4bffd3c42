/**
 * The Discord login, started first: the handshake (the gateway's address, the connection, READY and
 * the servers) is mostly waiting for Discord, so the rest of the start-up opens meanwhile. Events that
 * arrive before the start wired their handlers wait for them, in order, instead of being dropped.
 */
import { once } from 'node:events';
import { type Client, Events, type Interaction } from 'discord.js';
import type { Logger } from '../logger.js';

/** A raw gateway packet, as discord.js's `raw` event gives it. */
export interface GatewayPacket {
  t?: string | null;
  d?: unknown;
}

/** Where the gateway's events go once the start has wired them. */
export interface GatewayHandlers {
  interaction(interaction: Interaction): void;
  /** kiroku was removed from a server (or the server deleted). */
  guildDelete(guildId: string): void;
  packet(packet: GatewayPacket): void;
}

export interface GatewayConnection {
  /** Resolves at READY; rejects when the login is refused. */
  ready: Promise<void>;
  /** Hands the events to their handlers, those that came before first. */
  wire(handlers: GatewayHandlers): void;
  /** Destroys the client (once, however often it is called). */
  close(): Promise<void>;
}

export function connectGateway(client: Client, token: string, logger: Logger): GatewayConnection {
  let wire: (handlers: GatewayHandlers) => void = () => undefined;
  const wired = new Promise<GatewayHandlers>((resolve) => {
    wire = resolve;
  });
  client.on(Events.InteractionCreate, (interaction) => {
    void wired.then((handlers) => handlers.interaction(interaction));
  });
  // discord.js emits this only for a GUILD_DELETE without `unavailable`: an outage emits
  // guildUnavailable instead and changes nothing.
  client.on(Events.GuildDelete, (guild) => {
    void wired.then((handlers) => handlers.guildDelete(guild.id));
  });
  client.on(Events.Raw, (packet: GatewayPacket) => {
    void wired.then((handlers) => handlers.packet(packet));
  });
  client.on(Events.Error, (error) => logger.error({ err: error }, 'discord client error'));
  client.on(Events.ShardDisconnect, (_event, shard) => logger.warn({ shard }, 'gateway disconnected'));
  client.on(Events.ShardResume, (shard) => logger.info({ shard }, 'gateway resumed'));
  const readyEvent = once(client, Events.ClientReady);
  const ready = Promise.all([client.login(token), readyEvent]).then(() => undefined);
  // Awaited once the rest is open; a refusal meanwhile is reported there, not as unhandled.
  ready.catch(() => undefined);
  let closing: Promise<void> | undefined;
  return {
    ready,
    wire: (handlers) => wire(handlers),
    close() {
      closing ??= client.destroy();
      return closing;
    },
  };
}
