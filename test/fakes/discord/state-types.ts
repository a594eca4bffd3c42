/** The entities of the fake's state (guilds, channels, messages, commands) and their defaults. */
import {
  type APIEmbed,
  type APIMessageTopLevelComponent,
  type APIOverwrite,
  type APIRole,
  type APIUser,
  type ChannelType,
  PermissionFlagsBits,
} from 'discord-api-types/v10';

/** Permissions of @everyone in every fake guild unless configured otherwise. */
export const DEFAULT_EVERYONE_PERMISSIONS = (
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseExternalEmojis |
  PermissionFlagsBits.UseApplicationCommands
).toString();

export interface FakeChannel {
  id: string;
  /** null for DM channels. */
  guildId: string | null;
  name: string;
  type: ChannelType;
  position: number;
  /** DM channels only. */
  recipient?: APIUser;
  /** Guild channels: permission overwrites (none by default). */
  permissionOverwrites?: APIOverwrite[];
  /** Threads: the channel they belong to (their permissions are the parent's). */
  parentId?: string;
  /** Threads started through REST (threads.ts): who is in them, their messages, archived or not. */
  thread?: ThreadState;
}

/** What a thread started through REST keeps besides a channel's fields. */
export interface ThreadState {
  ownerId: string;
  /** User ids, the bot's among them once it joined (it joins the threads it starts). */
  members: Map<string, { joinTimestamp: string }>;
  messageCount: number;
  totalMessageSent: number;
  archived: boolean;
  locked: boolean;
  autoArchiveDuration: number;
  archiveTimestamp: string;
  createTimestamp: string;
  rateLimitPerUser: number;
}

export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  joinedAt: string;
  preferredLocale: string;
  roles: APIRole[];
  channels: FakeChannel[];
  /**
   * Users who left (or were removed from) the guild. The fake keeps no member list: anyone else
   * counts as a member, so that tests need not enrol the people they act as.
   */
  departed: Set<string>;
  /** The bot's own role (bot-permissions.ts), once a test gave the bot permissions of its own. */
  botRoleId?: string;
}

/** A file that arrived in a multipart request. */
export interface RecordedFile {
  /** The form field, `files[n]`. */
  field: string;
  name: string;
  size: number;
  contentType: string;
  /** The file's content (left out of restCalls' records, kept with the message: attachments.ts). */
  bytes?: Buffer;
}

/** The parts of a create/edit message body the fake understands. */
export interface MessageBody {
  content?: string | null;
  embeds?: APIEmbed[] | null;
  components?: APIMessageTopLevelComponent[] | null;
  flags?: number | null;
  tts?: boolean;
  attachments?: Array<{
    id?: string | number;
    filename?: string;
    description?: string | null;
    is_spoiler?: boolean;
  }> | null;
  /** Echoed in the created message; with enforce_nonce, a repeat returns the first message. */
  nonce?: string | number;
  enforce_nonce?: boolean;
}

/** How long Discord remembers a nonce for enforce_nonce ("the past few minutes"). */
export const NONCE_WINDOW_MS = 5 * 60_000;

export interface RegisteredOption {
  name: string;
  type: number;
  options?: RegisteredOption[];
  [key: string]: unknown;
}

/** A command as stored after PUT/POST .../commands (the request body plus the fields Discord adds). */
export interface RegisteredCommand {
  id: string;
  application_id: string;
  guild_id?: string;
  name: string;
  type: number;
  description: string;
  version: string;
  options?: RegisteredOption[];
  [key: string]: unknown;
}

export type MessageSource = 'channel' | 'interaction' | 'followup';

export interface StateOptions {
  applicationId: string;
  botUsername: string;
  channelsPerGuild: number;
  everyonePermissions: string;
}
