/** Which gateway packets drop owner checks, and an owner's permissions in a channel. */
import { OverwriteType, PermissionFlagsBits } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { permissionChangeOf } from '#src/app/permission-events.js';
import { channelPermissions, maySeeAndSend } from '#src/jobs/posting/channel-permissions.js';

const GUILD = '10';
const OWNER = '20';
const ROLE = '30';
const VIEW_AND_SEND = String(PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages);

describe('permission changes from the gateway', () => {
  it('a channel update or delete names the channel; a role update or delete the whole server', () => {
    expect(permissionChangeOf({ t: 'CHANNEL_UPDATE', d: { id: '5', guild_id: GUILD } })).toEqual({
      guildId: GUILD,
      channelId: '5',
    });
    expect(permissionChangeOf({ t: 'CHANNEL_DELETE', d: { id: '5', guild_id: GUILD } })?.channelId).toBe('5');
    expect(permissionChangeOf({ t: 'GUILD_ROLE_UPDATE', d: { guild_id: GUILD, role: {} } })).toEqual({
      guildId: GUILD,
    });
    expect(permissionChangeOf({ t: 'GUILD_ROLE_DELETE', d: { guild_id: GUILD, role_id: ROLE } })).toEqual({
      guildId: GUILD,
    });
    expect(permissionChangeOf({ t: 'MESSAGE_CREATE', d: { guild_id: GUILD } })).toBeUndefined();
    expect(permissionChangeOf({ t: 'CHANNEL_UPDATE', d: { id: '5' } })).toBeUndefined();
    expect(permissionChangeOf({ t: null, d: null })).toBeUndefined();
  });
});

describe("an owner's permissions in a channel", () => {
  const base = {
    guildId: GUILD,
    guildOwnerId: '99',
    roles: [
      { id: GUILD, permissions: VIEW_AND_SEND },
      { id: ROLE, permissions: '0' },
    ],
    overwrites: [] as Array<{ id: string; type: number; allow: string; deny: string }>,
    memberId: OWNER,
    memberRoleIds: [ROLE],
  };
  const deny = (id: string, type: number, bits: bigint) => ({ id, type, allow: '0', deny: String(bits) });

  it('follows @everyone, role and member overwrites in Discord’s order', () => {
    expect(maySeeAndSend(channelPermissions(base))).toBe(true);
    const everyoneMuted = {
      ...base,
      overwrites: [deny(GUILD, OverwriteType.Role, PermissionFlagsBits.SendMessages)],
    };
    expect(maySeeAndSend(channelPermissions(everyoneMuted))).toBe(false);
    const roleAllowed = {
      ...everyoneMuted,
      overwrites: [
        ...everyoneMuted.overwrites,
        { id: ROLE, type: OverwriteType.Role, allow: VIEW_AND_SEND, deny: '0' },
      ],
    };
    expect(maySeeAndSend(channelPermissions(roleAllowed))).toBe(true);
    const memberHidden = {
      ...roleAllowed,
      overwrites: [
        ...roleAllowed.overwrites,
        deny(OWNER, OverwriteType.Member, PermissionFlagsBits.ViewChannel),
      ],
    };
    expect(maySeeAndSend(channelPermissions(memberHidden))).toBe(false);
  });

  it('the server owner and administrators may always post', () => {
    const hidden = {
      ...base,
      overwrites: [deny(OWNER, OverwriteType.Member, PermissionFlagsBits.ViewChannel)],
    };
    expect(maySeeAndSend(channelPermissions({ ...hidden, guildOwnerId: OWNER }))).toBe(true);
    const admin = {
      ...hidden,
      roles: [
        ...base.roles.slice(0, 1),
        { id: ROLE, permissions: String(PermissionFlagsBits.Administrator) },
      ],
    };
    expect(maySeeAndSend(channelPermissions(admin))).toBe(true);
  });
});
