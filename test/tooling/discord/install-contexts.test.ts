import { once } from 'node:events';
import { type Client, Events, type Interaction } from 'discord.js';
import { ApplicationIntegrationType, InteractionContextType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../../fakes/discord/fake-discord.js';
import { readyKirokuClient } from './kiroku-client.js';

/**
 * What discord.js 14.28 (kiroku's client, caches cut down) makes of the DM, group-DM, user-install
 * and context-menu interactions the fake sends: each must reach the interactionCreate handler with
 * the fields kiroku reads.
 */
describe('discord.js with DM, user-install and context-menu interactions', () => {
  let fake: FakeDiscord;
  let client: Client;
  const user = { id: '200000000000000042', username: 'wanderer' };

  beforeAll(async () => {
    fake = await startFakeDiscord({ guilds: 1 });
    client = await readyKirokuClient(fake);
  });
  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  /** The next interaction discord.js emits, after `send` dispatched one. */
  async function received(send: () => Promise<unknown>): Promise<Interaction> {
    const next = once(client, Events.InteractionCreate) as Promise<[Interaction]>;
    await send();
    return (await next)[0];
  }

  it('a DM with the bot: no guild, the user, context BotDM', async () => {
    const interaction = await received(() => fake.slash({ name: 'me', guildId: null, user }));
    expect(interaction.isChatInputCommand()).toBe(true);
    expect(interaction.guildId).toBeNull();
    expect(interaction.member).toBeNull();
    expect(interaction.user.id).toBe(user.id);
    expect(interaction.context).toBe(InteractionContextType.BotDM);
    expect(interaction.channelId).toBeTruthy();
  });

  it('a user install in a server the bot is not in: a guild id without a cached guild, owned by the user', async () => {
    const interaction = await received(() =>
      fake.slash({ name: 'me', guildId: '990000000000000002', install: 'user', user, guildLocale: 'ja' }),
    );
    expect(interaction.guildId).toBe('990000000000000002');
    expect(interaction.guild).toBeNull();
    expect(interaction.guildLocale).toBe('ja');
    expect(interaction.context).toBe(InteractionContextType.Guild);
    expect(interaction.authorizingIntegrationOwners[ApplicationIntegrationType.UserInstall]).toBe(user.id);
    expect(interaction.authorizingIntegrationOwners[ApplicationIntegrationType.GuildInstall]).toBeUndefined();
  });

  it('a group DM through a user install: context PrivateChannel', async () => {
    const interaction = await received(() =>
      fake.slash({ name: 'help', guildId: null, install: 'user', privateChannel: 'group', user }),
    );
    expect(interaction.context).toBe(InteractionContextType.PrivateChannel);
    expect(interaction.guildId).toBeNull();
  });

  it('user and message context-menu commands carry their target', async () => {
    const onUser = await received(() =>
      fake.contextMenu({
        name: 'Viewing record',
        target: { user: { id: '200000000000000077', username: 'target' } },
      }),
    );
    expect(onUser.isUserContextMenuCommand() && onUser.targetUser.username).toBe('target');
    const onMessage = await received(() =>
      fake.contextMenu({
        name: 'Look up anime',
        target: { message: { content: '空色ノート' } },
        guildId: null,
      }),
    );
    expect(onMessage.isMessageContextMenuCommand() && onMessage.targetMessage.content).toBe('空色ノート');
  });
});
