/**
 * Thread routes: start one from a message (POST /channels/{c}/messages/{m}/threads) or without
 * (POST /channels/{c}/threads), and its members (/channels/{t}/thread-members/@me and /{user}).
 * A new thread reaches the gateway as THREAD_CREATE (`newly_created`), a join as
 * THREAD_MEMBERS_UPDATE, for sessions with the GUILDS intent.
 */
import { ChannelType, GatewayIntentBits, PermissionFlagsBits } from 'discord-api-types/v10';
import { allows, botPermissionsIn, missingPermissions } from './bot-permissions.js';
import type { RestOutcome } from './interaction-result.js';
import { error, notFound, type RestDeps, type RestRequest } from './rest-common.js';
import type { FakeChannel } from './state-types.js';
import {
  archivedThread,
  mayStartThread,
  type NewThread,
  startThread,
  threadMember,
  threadTypeFor,
  wrongChannelType,
} from './threads.js';

function announce(deps: RestDeps, channel: FakeChannel, t: string, d: unknown): void {
  if (channel.guildId) deps.dispatchToGuild?.(channel.guildId, t, d, GatewayIntentBits.Guilds);
}

function started(deps: RestDeps, parent: FakeChannel, input: NewThread): RestOutcome {
  if (!mayStartThread(deps.state, parent, input.type)) return missingPermissions();
  const thread = startThread(deps.state, parent, input);
  const payload = deps.state.channelPayload(thread);
  announce(deps, thread, 'THREAD_CREATE', { ...payload, newly_created: true });
  return { status: 201, body: payload };
}

function threadInput(
  body: Record<string, unknown>,
  type: NewThread['type'],
  fromMessageId?: string,
): NewThread {
  return {
    name: String(body.name ?? ''),
    type,
    ...(typeof body.auto_archive_duration === 'number'
      ? { autoArchiveDuration: body.auto_archive_duration }
      : {}),
    ...(typeof body.rate_limit_per_user === 'number' ? { rateLimitPerUser: body.rate_limit_per_user } : {}),
    ...(fromMessageId ? { fromMessageId } : {}),
  };
}

/** POST /channels/{c}/messages/{m}/threads */
export function threadFromMessage(deps: RestDeps, request: RestRequest, parent: FakeChannel): RestOutcome {
  const type = threadTypeFor(parent);
  if (!type) return wrongChannelType();
  const message = deps.state.message(request.segments[3] ?? '');
  if (!message || message.channel_id !== parent.id) return error(404, 'Unknown Message', 10008);
  if (deps.state.channels.has(message.id))
    return error(400, 'A thread has already been created for this message', 160004);
  return started(deps, parent, threadInput(request.body, type, message.id));
}

/** POST /channels/{c}/threads: `type` defaults to PRIVATE_THREAD, as the reference says. */
function threadWithoutMessage(deps: RestDeps, request: RestRequest, parent: FakeChannel): RestOutcome {
  const natural = threadTypeFor(parent);
  const asked = Number(request.body.type ?? ChannelType.PrivateThread) as NewThread['type'];
  const allowed =
    parent.type === ChannelType.GuildText
      ? [ChannelType.PublicThread, ChannelType.PrivateThread]
      : [ChannelType.AnnouncementThread];
  if (!natural || !allowed.includes(asked)) return wrongChannelType();
  return started(deps, parent, threadInput(request.body, asked));
}

/** PUT and DELETE /channels/{t}/thread-members/{@me|user}, GET of one or all. */
function members(deps: RestDeps, request: RestRequest, thread: FakeChannel): RestOutcome {
  const { method, segments: s } = request;
  const state = thread.thread;
  if (!state) return wrongChannelType();
  const who = s[3] === '@me' ? deps.state.botUser.id : s[3];
  if (method === 'GET') {
    if (!who) return { status: 200, body: [...state.members.keys()].map((id) => threadMember(thread, id)) };
    const member = threadMember(thread, who);
    return member ? { status: 200, body: member } : error(404, 'Unknown Member', 10007);
  }
  if (!who || (method !== 'PUT' && method !== 'DELETE')) return notFound(request);
  if (state.archived) return archivedThread();
  const permissions = botPermissionsIn(deps.state, thread);
  const self = who === deps.state.botUser.id;
  const needed = self
    ? PermissionFlagsBits.ViewChannel
    : method === 'PUT'
      ? PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessagesInThreads
      : PermissionFlagsBits.ManageThreads;
  if (!allows(permissions, needed)) return missingPermissions();
  const guild = thread.guildId ? deps.state.guilds.get(thread.guildId) : undefined;
  if (guild?.departed.has(who)) return error(404, 'Unknown Member', 10007);
  if (method === 'PUT') state.members.set(who, { joinTimestamp: new Date().toISOString() });
  else state.members.delete(who);
  if (self) {
    const change =
      method === 'PUT' ? { added_members: [threadMember(thread, who)] } : { removed_member_ids: [who] };
    announce(deps, thread, 'THREAD_MEMBERS_UPDATE', {
      id: thread.id,
      guild_id: thread.guildId,
      member_count: Math.min(state.members.size, 50),
      ...change,
    });
    if (method === 'PUT') announce(deps, thread, 'THREAD_CREATE', deps.state.channelPayload(thread));
  }
  return { status: 204 };
}

/** The thread routes under /channels/{id}/…, or undefined for a path that is not one. */
export function threadRoutes(
  deps: RestDeps,
  request: RestRequest,
  channel: FakeChannel,
): RestOutcome | undefined {
  const { method, segments: s } = request;
  if (s[2] === 'messages' && s.length === 5 && s[4] === 'threads')
    return method === 'POST' ? threadFromMessage(deps, request, channel) : notFound(request);
  if (s[2] === 'threads' && s.length === 3)
    return method === 'POST' ? threadWithoutMessage(deps, request, channel) : notFound(request);
  if (s[2] === 'thread-members' && s.length <= 4) return members(deps, request, channel);
  return undefined;
}
