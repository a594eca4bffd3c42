/**
 * Guild scheduled events as Discord keeps them (docs: resources/guild-scheduled-event): the rules
 * its reference states beyond the OpenAPI body schema (the start in the future, the end after it,
 * each entity type's required and forbidden fields, the status transitions, 100 unfinished events
 * per guild), and the events themselves, by guild.
 */
import {
  type APIGuildScheduledEvent,
  type APIUser,
  ChannelType,
  GuildScheduledEventEntityType,
  GuildScheduledEventStatus,
} from 'discord-api-types/v10';
import type { RestOutcome } from './interaction-result.js';
import { error } from './rest-common.js';
import type { FakeChannel } from './state-types.js';

/** "A guild can have a maximum of 100 events with SCHEDULED or ACTIVE status at any time." */
export const MAX_UNFINISHED_EVENTS = 100;

const FINISHED = new Set([GuildScheduledEventStatus.Completed, GuildScheduledEventStatus.Canceled]);

/** The transitions the reference allows; anything else is refused. */
const TRANSITIONS: ReadonlyMap<GuildScheduledEventStatus, GuildScheduledEventStatus[]> = new Map([
  [
    GuildScheduledEventStatus.Scheduled,
    [GuildScheduledEventStatus.Active, GuildScheduledEventStatus.Canceled],
  ],
  [GuildScheduledEventStatus.Active, [GuildScheduledEventStatus.Completed]],
]);

type Body = Record<string, unknown>;

/** A 400 Invalid Form Body naming one field, in Discord's nested error shape. */
export function fieldError(field: string, code: string, message: string): RestOutcome {
  return error(400, 'Invalid Form Body', 50035, { errors: { [field]: { _errors: [{ code, message }] } } });
}

const unknownEvent = (): RestOutcome => error(404, 'Unknown Guild Scheduled Event', 10070);

/** The fields an event would have after `body` (a create body, or a patch over `current`). */
function merged(body: Body, current?: APIGuildScheduledEvent): Body {
  return { ...(current ?? {}), ...body };
}

/**
 * The reference's rules for a created or modified event, after the body matched the schema:
 * `channelOf` finds a channel of the guild. Null when the event may be saved.
 */
export function eventProblem(
  body: Body,
  channelOf: (id: string) => FakeChannel | undefined,
  now: number,
  current?: APIGuildScheduledEvent,
): RestOutcome | null {
  const event = merged(body, current);
  const name = typeof event.name === 'string' ? event.name.trim() : '';
  if (name.length === 0) return fieldError('name', 'BASE_TYPE_REQUIRED', 'This field is required');
  const start = Date.parse(String(event.scheduled_start_time ?? ''));
  const end = event.scheduled_end_time == null ? undefined : Date.parse(String(event.scheduled_end_time));
  const startsNow = body.scheduled_start_time !== undefined || current === undefined;
  if (Number.isNaN(start))
    return fieldError('scheduled_start_time', 'BASE_TYPE_REQUIRED', 'This field is required');
  if (startsNow && start <= now && event.status !== GuildScheduledEventStatus.Active)
    return fieldError(
      'scheduled_start_time',
      'GUILD_SCHEDULED_EVENT_SCHEDULE_PAST',
      'Cannot schedule event in the past.',
    );
  if (end !== undefined && !(end > start))
    return fieldError(
      'scheduled_end_time',
      'GUILD_SCHEDULED_EVENT_END_BEFORE_START',
      'Cannot schedule event to end before starting.',
    );
  if (event.entity_type === GuildScheduledEventEntityType.External) return externalProblem(event, end);
  return channelProblem(event, channelOf);
}

/** EXTERNAL: no channel, a location of 1-100 characters, an end time. */
function externalProblem(event: Body, end: number | undefined): RestOutcome | null {
  if (event.channel_id != null)
    return fieldError(
      'channel_id',
      'GUILD_SCHEDULED_EVENT_CHANNEL_NOT_NULL',
      'Must be null for external events.',
    );
  const metadata = (event.entity_metadata ?? {}) as Body;
  const location = typeof metadata.location === 'string' ? metadata.location.trim() : '';
  if (location.length === 0)
    return fieldError('entity_metadata', 'BASE_TYPE_REQUIRED', 'A location is required for external events.');
  if (end === undefined)
    return fieldError(
      'scheduled_end_time',
      'BASE_TYPE_REQUIRED',
      'An end time is required for external events.',
    );
  return null;
}

/** STAGE_INSTANCE and VOICE: a stage or voice channel of the guild, no entity_metadata. */
function channelProblem(event: Body, channelOf: (id: string) => FakeChannel | undefined): RestOutcome | null {
  const channel = typeof event.channel_id === 'string' ? channelOf(event.channel_id) : undefined;
  const wanted =
    event.entity_type === GuildScheduledEventEntityType.StageInstance
      ? ChannelType.GuildStageVoice
      : ChannelType.GuildVoice;
  if (!channel || channel.type !== wanted)
    return fieldError(
      'channel_id',
      'GUILD_SCHEDULED_EVENT_INVALID_CHANNEL',
      'A voice or stage channel of this guild is required.',
    );
  if (event.entity_metadata != null)
    return fieldError(
      'entity_metadata',
      'GUILD_SCHEDULED_EVENT_METADATA_NOT_NULL',
      'Must be null for this entity type.',
    );
  return null;
}

/** A status change the reference forbids: a finished event (180000) or a transition it does not list. */
export function statusProblem(current: APIGuildScheduledEvent, body: Body): RestOutcome | null {
  if (FINISHED.has(current.status)) return error(400, 'Cannot update a finished event', 180000);
  if (body.status === undefined || body.status === null || body.status === current.status) return null;
  const next = Number(body.status) as GuildScheduledEventStatus;
  if (TRANSITIONS.get(current.status)?.includes(next)) return null;
  return fieldError(
    'status',
    'GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION',
    'Invalid status transition.',
  );
}

/** The events of every guild, in creation order. */
export class ScheduledEvents {
  readonly #byGuild = new Map<string, Map<string, APIGuildScheduledEvent>>();

  list(guildId: string): APIGuildScheduledEvent[] {
    return [...(this.#byGuild.get(guildId)?.values() ?? [])];
  }

  get(guildId: string, eventId: string): APIGuildScheduledEvent | undefined {
    return this.#byGuild.get(guildId)?.get(eventId);
  }

  unfinished(guildId: string): number {
    return this.list(guildId).filter((event) => !FINISHED.has(event.status)).length;
  }

  create(id: string, guildId: string, body: Body, creator: APIUser): APIGuildScheduledEvent {
    const external = body.entity_type === GuildScheduledEventEntityType.External;
    const event = {
      id,
      guild_id: guildId,
      channel_id: external ? null : String(body.channel_id),
      creator_id: creator.id,
      name: String(body.name),
      description: typeof body.description === 'string' ? body.description : null,
      scheduled_start_time: new Date(String(body.scheduled_start_time)).toISOString(),
      scheduled_end_time:
        body.scheduled_end_time == null ? null : new Date(String(body.scheduled_end_time)).toISOString(),
      privacy_level: Number(body.privacy_level),
      status: GuildScheduledEventStatus.Scheduled,
      entity_type: Number(body.entity_type),
      entity_id: null,
      entity_metadata: external ? { location: String((body.entity_metadata as Body).location) } : null,
      creator,
      user_count: 0,
      image: null,
      recurrence_rule: (body.recurrence_rule ?? null) as APIGuildScheduledEvent['recurrence_rule'],
    } as APIGuildScheduledEvent;
    let events = this.#byGuild.get(guildId);
    if (!events) {
      events = new Map();
      this.#byGuild.set(guildId, events);
    }
    events.set(id, event);
    return event;
  }

  /** Applies a checked patch in place (the reference silently drops entity_metadata of non-external events). */
  modify(event: APIGuildScheduledEvent, body: Body): APIGuildScheduledEvent {
    const target = event as unknown as Body;
    for (const key of ['name', 'description', 'privacy_level', 'status', 'entity_type', 'channel_id']) {
      if (body[key] !== undefined) target[key] = body[key];
    }
    for (const key of ['scheduled_start_time', 'scheduled_end_time'] as const) {
      if (body[key] !== undefined)
        target[key] = body[key] === null ? null : new Date(String(body[key])).toISOString();
    }
    if (event.entity_type === GuildScheduledEventEntityType.External) {
      if (body.entity_metadata != null)
        target.entity_metadata = { location: String((body.entity_metadata as Body).location) };
      target.channel_id = null;
    } else {
      target.entity_metadata = null;
    }
    return event;
  }

  remove(guildId: string, eventId: string): APIGuildScheduledEvent | undefined {
    const events = this.#byGuild.get(guildId);
    const event = events?.get(eventId);
    events?.delete(eventId);
    return event;
  }

  clear(guildId?: string): void {
    if (guildId) this.#byGuild.delete(guildId);
    else this.#byGuild.clear();
  }
}

export { unknownEvent };
