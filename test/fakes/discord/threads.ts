/**
 * Threads the bot starts and posts in (docs: topics/threads, resources/channel): a public thread
 * started from a message shares the message's id and is PUBLIC_THREAD under a text channel,
 * ANNOUNCEMENT_THREAD under an announcement channel; one without a message is private unless asked
 * otherwise. Talking in a thread needs Send Messages in Threads (Send Messages has no effect there);
 * an archived thread is reopened by a post unless it is locked.
 */
import {
  type APIThreadMember,
  ChannelType,
  MessageFlags,
  PermissionFlagsBits,
  type ThreadMemberFlags,
} from 'discord-api-types/v10';
import { allows, botPermissionsIn, missingPermissions } from './bot-permissions.js';
import type { RestOutcome } from './interaction-result.js';
import { error } from './rest-common.js';
import type { FakeState } from './state.js';
import type { FakeChannel, ThreadState } from './state-types.js';

const { ViewChannel, SendMessagesInThreads, CreatePublicThreads, CreatePrivateThreads } = PermissionFlagsBits;

export const THREAD_ARCHIVE_DURATIONS = [60, 1440, 4320, 10080] as const;

export const wrongChannelType = (): RestOutcome =>
  error(400, 'Cannot execute action on this channel type', 50024);
export const archivedThread = (): RestOutcome =>
  error(400, 'Tried to perform an operation on an archived thread', 50083);

export interface NewThread {
  name: string;
  type: ChannelType.PublicThread | ChannelType.PrivateThread | ChannelType.AnnouncementThread;
  autoArchiveDuration?: number;
  rateLimitPerUser?: number;
  /** Started from this message: the thread takes its id. */
  fromMessageId?: string;
}

/** The thread type a message in `parent` starts, or undefined where threads cannot start. */
export function threadTypeFor(parent: FakeChannel): NewThread['type'] | undefined {
  if (parent.type === ChannelType.GuildText) return ChannelType.PublicThread;
  if (parent.type === ChannelType.GuildAnnouncement) return ChannelType.AnnouncementThread;
  return undefined;
}

/** Whether the bot may start a thread of this type in `parent` (a 403 when not). */
export function mayStartThread(state: FakeState, parent: FakeChannel, type: NewThread['type']): boolean {
  const needed = type === ChannelType.PrivateThread ? CreatePrivateThreads : CreatePublicThreads;
  return allows(botPermissionsIn(state, parent), ViewChannel | needed);
}

/** Creates the thread (the bot its owner and first member) and marks the message it started from. */
export function startThread(state: FakeState, parent: FakeChannel, input: NewThread): FakeChannel {
  const now = new Date().toISOString();
  const thread: ThreadState = {
    ownerId: state.botUser.id,
    members: new Map([[state.botUser.id, { joinTimestamp: now }]]),
    messageCount: 0,
    totalMessageSent: 0,
    archived: false,
    locked: false,
    autoArchiveDuration: input.autoArchiveDuration ?? 4320,
    archiveTimestamp: now,
    createTimestamp: now,
    rateLimitPerUser: input.rateLimitPerUser ?? 0,
  };
  const channel: FakeChannel = {
    id: input.fromMessageId ?? state.ids.next(),
    guildId: parent.guildId,
    name: input.name,
    type: input.type,
    position: 0,
    parentId: parent.id,
    thread,
  };
  state.channels.set(channel.id, channel);
  const message = input.fromMessageId ? state.message(input.fromMessageId) : undefined;
  if (message) {
    message.flags = (message.flags ?? 0) | MessageFlags.HasThread;
    message.thread = state.channelPayload(channel) as unknown as NonNullable<typeof message.thread>;
  }
  return channel;
}

/** The threads started through REST under a channel (or in a guild), oldest first. */
export function threadsOf(state: FakeState, where: { parentId?: string; guildId?: string }): FakeChannel[] {
  return [...state.channels.values()].filter(
    (channel) =>
      channel.thread !== undefined &&
      (where.parentId === undefined || channel.parentId === where.parentId) &&
      (where.guildId === undefined || channel.guildId === where.guildId),
  );
}

/** Why the bot may not post in this thread now, or null (an archived, unlocked thread reopens). */
export function threadPostProblem(state: FakeState, channel: FakeChannel): RestOutcome | null {
  if (!channel.parentId) return null;
  if (!allows(botPermissionsIn(state, channel), ViewChannel | SendMessagesInThreads))
    return missingPermissions();
  if (channel.thread?.locked && channel.thread.archived) return error(403, 'Thread is locked', 160005);
  return null;
}

/** A post in a thread: counted, and an archived thread reopened. */
export function notePost(channel: FakeChannel): void {
  const thread = channel.thread;
  if (!thread) return;
  thread.messageCount += 1;
  thread.totalMessageSent += 1;
  if (thread.archived) {
    thread.archived = false;
    thread.archiveTimestamp = new Date().toISOString();
  }
}

/** A thread member object (resources/channel#thread-member-object). */
export function threadMember(channel: FakeChannel, userId: string): APIThreadMember | undefined {
  const member = channel.thread?.members.get(userId);
  return member
    ? { id: channel.id, user_id: userId, join_timestamp: member.joinTimestamp, flags: 0 as ThreadMemberFlags }
    : undefined;
}
