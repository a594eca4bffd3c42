/**
 * What tests do to the fake's guilds as people would in Discord's own app, with the gateway events
 * the bot then receives: a server manager edits the bot's role, a member edits or deletes a scheduled
 * event, a person joins a thread, a thread archives. Used by FakeDiscordHandle.
 */
import {
  type APIGuildScheduledEvent,
  GatewayIntentBits,
  type GuildScheduledEventStatus,
} from 'discord-api-types/v10';
import { setBotRolePermissions } from './bot-permissions.js';
import type { FakeGateway } from './gateway.js';
import { announceEvent } from './rest-event-routes.js';
import { shardOf } from './snowflake.js';
import type { FakeState } from './state.js';
import type { FakeChannel, FakeGuild } from './state-types.js';

/** The fields of an event a member may change in Discord's app. */
export type ScheduledEventChange = Partial<
  Pick<APIGuildScheduledEvent, 'name' | 'description' | 'scheduled_start_time' | 'scheduled_end_time'>
> & { status?: GuildScheduledEventStatus };

export class FakePlaces {
  constructor(
    private readonly state: FakeState,
    private readonly gateway: FakeGateway,
  ) {}

  /** A dispatch to the sessions of the guild's shard, those with `intent` only when one is named. */
  toGuild(guildId: string, t: string, d: unknown, intent?: number): void {
    this.gateway.dispatch(
      t,
      d,
      (info) =>
        shardOf(guildId, info.shard[1]) === info.shard[0] &&
        (intent === undefined || (info.intents & intent) !== 0),
    );
  }

  setBotPermissions(guildId: string, permissions: bigint | string): void {
    const guild = this.#guild(guildId);
    const { role, created } = setBotRolePermissions(this.state, guild, BigInt(permissions));
    this.toGuild(guildId, created ? 'GUILD_ROLE_CREATE' : 'GUILD_ROLE_UPDATE', { guild_id: guildId, role });
    // Discord tells a bot about its own member whatever its intents.
    this.toGuild(guildId, 'GUILD_MEMBER_UPDATE', { guild_id: guildId, ...this.state.botMember(guild) });
  }

  updateScheduledEvent(
    guildId: string,
    eventId: string,
    change: ScheduledEventChange,
  ): APIGuildScheduledEvent {
    const event = this.state.scheduledEvents.get(guildId, eventId);
    if (!event) throw new Error(`fake discord: no scheduled event ${eventId} in guild ${guildId}`);
    this.state.scheduledEvents.modify(event, change);
    announceEvent(this.#dispatch, 'UPDATE', event);
    return event;
  }

  deleteScheduledEvent(guildId: string, eventId: string): boolean {
    const event = this.state.scheduledEvents.remove(guildId, eventId);
    if (!event) return false;
    announceEvent(this.#dispatch, 'DELETE', event);
    return true;
  }

  /** Threads started through REST under a channel, oldest first. */
  threads(parentChannelId: string): FakeChannel[] {
    return [...this.state.channels.values()].filter(
      (channel) => channel.thread !== undefined && channel.parentId === parentChannelId,
    );
  }

  joinThread(threadId: string, userId: string): void {
    this.#thread(threadId).members.set(userId, { joinTimestamp: new Date().toISOString() });
  }

  /** Archives a thread (locked too when asked), as inactivity or a moderator does: THREAD_UPDATE. */
  archiveThread(threadId: string, opts: { locked?: boolean } = {}): void {
    const thread = this.#thread(threadId);
    thread.archived = true;
    thread.locked = opts.locked ?? thread.locked;
    thread.archiveTimestamp = new Date().toISOString();
    const channel = this.state.channels.get(threadId);
    if (channel?.guildId)
      this.toGuild(
        channel.guildId,
        'THREAD_UPDATE',
        this.state.channelPayload(channel),
        GatewayIntentBits.Guilds,
      );
  }

  #thread(threadId: string): NonNullable<FakeChannel['thread']> {
    const thread = this.state.channels.get(threadId)?.thread;
    if (!thread) throw new Error(`fake discord: ${threadId} is not a thread started through REST`);
    return thread;
  }

  #guild(guildId: string): FakeGuild {
    const guild = this.state.guilds.get(guildId);
    if (!guild) throw new Error(`fake discord: unknown guild ${guildId}`);
    return guild;
  }

  readonly #dispatch = (guildId: string, t: string, d: unknown, intent: number): void =>
    this.toGuild(guildId, t, d, intent);
}
