/**
 * /guilds/{guild}/scheduled-events: list, create, get, modify, delete, users. Creating needs Create
 * Events or Manage Events; changing an event needs Manage Events, or Create Events for the bot's own
 * (docs: topics/permissions). Each change reaches the gateway as GUILD_SCHEDULED_EVENT_CREATE,
 * _UPDATE or _DELETE, for sessions with the GUILD_SCHEDULED_EVENTS intent.
 */
import {
  type APIGuildScheduledEvent,
  GatewayIntentBits,
  GuildScheduledEventEntityType,
  PermissionFlagsBits,
} from 'discord-api-types/v10';
import { allows, botGuildPermissions, botPermissionsIn, missingPermissions } from './bot-permissions.js';
import type { RestOutcome } from './interaction-result.js';
import { error, notFound, type RestDeps, type RestRequest } from './rest-common.js';
import { eventProblem, MAX_UNFINISHED_EVENTS, statusProblem, unknownEvent } from './scheduled-events.js';
import type { FakeGuild } from './state-types.js';

const { ManageEvents, CreateEvents, ViewChannel, Connect } = PermissionFlagsBits;

/** The event as REST shows it: `user_count` only when asked for with `with_user_count=true`. */
function shown(event: APIGuildScheduledEvent, request: RestRequest): APIGuildScheduledEvent {
  if (request.query.with_user_count === 'true') return event;
  const { user_count: _count, ...rest } = event;
  return rest as APIGuildScheduledEvent;
}

/** Announces a change to the sessions of the guild's shard that asked for scheduled-event events. */
export function announceEvent(
  dispatch: RestDeps['dispatchToGuild'],
  type: 'CREATE' | 'UPDATE' | 'DELETE',
  event: APIGuildScheduledEvent,
): void {
  const { user_count: _count, ...payload } = event;
  dispatch?.(
    event.guild_id,
    `GUILD_SCHEDULED_EVENT_${type}`,
    payload,
    GatewayIntentBits.GuildScheduledEvents,
  );
}

function mayCreate(deps: RestDeps, guild: FakeGuild, body: Record<string, unknown>): boolean {
  if (body.entity_type === GuildScheduledEventEntityType.External) {
    const permissions = botGuildPermissions(guild);
    return allows(permissions, ManageEvents) || allows(permissions, CreateEvents);
  }
  const channel = deps.state.channels.get(String(body.channel_id ?? ''));
  const permissions = botPermissionsIn(deps.state, channel?.guildId === guild.id ? channel : undefined);
  return (
    allows(permissions, ViewChannel | Connect) &&
    (allows(permissions, ManageEvents) || allows(permissions, CreateEvents))
  );
}

function mayChange(deps: RestDeps, guild: FakeGuild, event: APIGuildScheduledEvent): boolean {
  const permissions = botGuildPermissions(guild);
  if (allows(permissions, ManageEvents)) return true;
  return allows(permissions, CreateEvents) && event.creator_id === deps.state.botUser.id;
}

function create(deps: RestDeps, request: RestRequest, guild: FakeGuild): RestOutcome {
  const { state } = deps;
  const channelOf = (id: string) => guild.channels.find((channel) => channel.id === id);
  const problem = eventProblem(request.body, channelOf, Date.now());
  if (problem) return problem;
  if (!mayCreate(deps, guild, request.body)) return missingPermissions();
  if (state.scheduledEvents.unfinished(guild.id) >= MAX_UNFINISHED_EVENTS)
    return error(400, 'Maximum number of uncompleted guild scheduled events reached (100)', 30038);
  const event = state.scheduledEvents.create(state.ids.next(), guild.id, request.body, state.botUser);
  announceEvent(deps.dispatchToGuild, 'CREATE', event);
  return { status: 200, body: shown(event, request) };
}

function modify(
  deps: RestDeps,
  request: RestRequest,
  guild: FakeGuild,
  event: APIGuildScheduledEvent,
): RestOutcome {
  if (!mayChange(deps, guild, event)) return missingPermissions();
  const channelOf = (id: string) => guild.channels.find((channel) => channel.id === id);
  const problem =
    statusProblem(event, request.body) ?? eventProblem(request.body, channelOf, Date.now(), event);
  if (problem) return problem;
  deps.state.scheduledEvents.modify(event, request.body);
  announceEvent(deps.dispatchToGuild, 'UPDATE', event);
  return { status: 200, body: shown(event, request) };
}

export function scheduledEventRoutes(deps: RestDeps, request: RestRequest, guild: FakeGuild): RestOutcome {
  const { method, segments: s } = request;
  const events = deps.state.scheduledEvents;
  if (s.length === 3) {
    if (method === 'GET') return { status: 200, body: events.list(guild.id).map((e) => shown(e, request)) };
    if (method === 'POST') return create(deps, request, guild);
    return notFound(request);
  }
  const event = events.get(guild.id, s[3] ?? '');
  if (!event) return unknownEvent();
  if (s.length === 5 && s[4] === 'users' && method === 'GET') return { status: 200, body: [] };
  if (s.length !== 4) return notFound(request);
  if (method === 'GET') return { status: 200, body: shown(event, request) };
  if (method === 'PATCH') return modify(deps, request, guild, event);
  if (method === 'DELETE') {
    if (!mayChange(deps, guild, event)) return missingPermissions();
    events.remove(guild.id, event.id);
    announceEvent(deps.dispatchToGuild, 'DELETE', event);
    return { status: 204 };
  }
  return notFound(request);
}
