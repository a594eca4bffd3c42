import { ChannelType, PermissionFlagsBits } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { invokerMaySend, isPostableChannelType } from '#src/bot/channel-access.js';

const { ViewChannel, SendMessages, Administrator, ManageChannels } = PermissionFlagsBits;

describe('channel access for /subscription', () => {
  it('needs View Channel and Send Messages from the invoker, unless they are an administrator', () => {
    expect(invokerMaySend(String(ViewChannel | SendMessages))).toBe(true);
    expect(invokerMaySend(String(ViewChannel | ManageChannels))).toBe(false);
    expect(invokerMaySend(String(SendMessages))).toBe(false);
    expect(invokerMaySend(String(Administrator))).toBe(true);
  });

  it('treats missing or malformed permissions as a no', () => {
    expect(invokerMaySend(undefined)).toBe(false);
    expect(invokerMaySend('')).toBe(false);
    expect(invokerMaySend('-8')).toBe(false);
    expect(invokerMaySend('0x3000')).toBe(false);
    expect(invokerMaySend('9'.repeat(40))).toBe(false);
  });

  it('accepts text and announcement channels only', () => {
    expect(isPostableChannelType(ChannelType.GuildText)).toBe(true);
    expect(isPostableChannelType(ChannelType.GuildAnnouncement)).toBe(true);
    for (const type of [
      ChannelType.PublicThread,
      ChannelType.PrivateThread,
      ChannelType.AnnouncementThread,
      ChannelType.GuildVoice,
      ChannelType.GuildForum,
      ChannelType.DM,
    ])
      expect(isPostableChannelType(type)).toBe(false);
  });
});
