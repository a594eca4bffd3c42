import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../fakes/emulator/seed.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
/** A server the bot is not in, where alice uses kiroku installed to her own account. */
const FOREIGN_GUILD = '990000000000000001';

/**
 * Through a real discord.js client and the fake Discord: personal commands in DMs,
 * private channels and servers without the bot (user install); the right-click commands with and
 * without opt-in; /help with clickable command mentions.
 */
describe('personal commands anywhere, right-click commands and help end to end', () => {
  const stack = useStack({}, { link: ['alice', 'bob'] });

  const registered = (name: string) => stack.discord.registeredCommands().find((c) => c.name === name);

  it('registers personal commands for both installs and every context, /subscription for servers only', () => {
    for (const name of [
      'me',
      'library',
      'schedule',
      'feed',
      'record',
      'status',
      'work',
      'episode',
      'people',
      'user',
      'account',
      'help',
    ]) {
      expect(registered(name), name).toMatchObject({ integration_types: [0, 1], contexts: [0, 1, 2] });
    }
    expect(registered('subscription')).toMatchObject({ integration_types: [0], contexts: [0] });
    expect(registered('Viewing record')).toMatchObject({
      type: 2,
      name_localizations: { ja: '視聴記録' },
      integration_types: [0, 1],
      contexts: [0, 1, 2],
      description: '',
    });
    expect(registered('Look up anime')).toMatchObject({
      type: 3,
      name_localizations: { ja: 'アニメを検索' },
    });
  });

  it('answers a DM with the bot (no guild, a user instead of a member, context 1) privately', async () => {
    const result = await stack.discord.slash({ name: 'me', guildId: null, user: USERS.alice });
    expect(result.payload).toMatchObject({ context: 1, channel: { type: 1 } });
    expect(result.payload).not.toHaveProperty('guild_id');
    expect(result.payload).not.toHaveProperty('member');
    const reply = await result.reply(TIMEOUT);
    expect(reply.ephemeral).toBe(true);
    expect(JSON.stringify(reply.embeds)).toContain(DEMO_USERS.alice.username);
    // A forged /subscription in a DM changes nothing and says why.
    const forged = await (
      await stack.discord.slash({
        name: 'subscription',
        subcommand: 'list',
        guildId: null,
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    expect(forged.content).toBe('This command works only in a server.');
  });

  it('answers a user-installed command in a server without the bot, and in a group DM', async () => {
    const elsewhere = await stack.discord.slash({
      name: 'library',
      guildId: FOREIGN_GUILD,
      install: 'user',
      user: USERS.alice,
    });
    expect(elsewhere.payload).toMatchObject({
      guild_id: FOREIGN_GUILD,
      authorizing_integration_owners: { '1': USERS.alice.id },
      context: 0,
    });
    const library = await elsewhere.reply(TIMEOUT);
    expect(library.ephemeral).toBe(true);
    expect(library.embeds[0]?.title).toBeTruthy();

    const group = await stack.discord.slash({
      name: 'work',
      subcommand: 'search',
      options: { title: '空色ノート' },
      guildId: null,
      install: 'user',
      privateChannel: 'group',
      user: USERS.alice,
    });
    expect(group.payload).toMatchObject({ context: 2, channel: { type: 3 } });
    expect(JSON.stringify((await group.reply(TIMEOUT)).embeds)).toContain('空色ノート');
  });

  const viewingRecord = (on: { id: string; username: string }, locale = 'en-US') =>
    stack.discord.contextMenu({ name: 'Viewing record', target: { user: on }, user: USERS.alice, locale });

  it('shows a profile from a right-click only after its owner opted in, and not after unlinking', async () => {
    const before = await (await viewingRecord(USERS.bob)).reply(TIMEOUT);
    expect(before.ephemeral).toBe(true);
    // A clickable mention once the command ids are read (the first interaction starts reading them).
    const visibility = [`</account visibility:${registered('account')?.id}>`, '`/account visibility`'];
    expect(
      visibility.map(
        (m) => `<@${USERS.bob.id}> has not shared their viewing record (people choose to with ${m}).`,
      ),
    ).toContain(before.content);
    expect(JSON.stringify(before)).not.toContain(DEMO_USERS.bob.username);

    const optIn = await (
      await stack.discord.slash({
        name: 'account',
        subcommand: 'visibility',
        options: { shared: true },
        user: USERS.bob,
      })
    ).reply(TIMEOUT);
    expect(optIn.content).toMatch(/Others can now see your Annict profile/);

    const shown = await (await viewingRecord(USERS.bob, 'ja')).reply(TIMEOUT);
    expect(shown.ephemeral).toBe(true);
    expect(JSON.stringify(shown.embeds)).toContain(DEMO_USERS.bob.username);
    expect(shown.embeds[0]?.fields?.map((f) => f.name)).toContain('最近のアクティビティ');

    // A user install in a DM reaches the same answer.
    const inDm = await (
      await stack.discord.contextMenu({
        name: 'Viewing record',
        target: { user: USERS.bob },
        user: USERS.alice,
        guildId: null,
        install: 'user',
      })
    ).reply(TIMEOUT);
    expect(JSON.stringify(inDm.embeds)).toContain(DEMO_USERS.bob.username);

    await stack.kiroku.deps.accounts.unlink(USERS.bob.id);
    const afterUnlink = await (await viewingRecord(USERS.bob)).reply(TIMEOUT);
    expect(afterUnlink.content).toMatch(/has not shared/);
    expect(await stack.kiroku.deps.preferences.isDiscoverable(USERS.bob.id)).toBe(false);
  });

  it('says so for someone who never linked, and refuses to opt in without a link', async () => {
    const stranger = await (await viewingRecord(USERS.stranger)).reply(TIMEOUT);
    expect(stranger.content).toMatch(/has not shared/);
    const refused = await (
      await stack.discord.slash({
        name: 'account',
        subcommand: 'visibility',
        options: { shared: true },
        user: USERS.stranger,
      })
    ).reply(TIMEOUT);
    expect(refused.content).toMatch(/Link your account first/);
    expect(await stack.kiroku.deps.preferences.isDiscoverable(USERS.stranger.id)).toBe(false);
  });

  it('looks up anime from a message’s text, privately', async () => {
    const found = await (
      await stack.discord.contextMenu({
        name: 'Look up anime',
        target: { message: { content: '\n  空色ノート  \n', author: USERS.bob } },
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    expect(found.ephemeral).toBe(true);
    expect(found.embeds[0]?.title).toBe('Works matching “空色ノート”');
    const none = await (
      await stack.discord.contextMenu({
        name: 'Look up anime',
        target: { message: { content: 'ただの雑談です' } },
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    expect(none).toMatchObject({ ephemeral: true, content: 'No work matches “ただの雑談です”.' });

    const exact = await (
      await stack.discord.contextMenu({
        name: 'Look up anime',
        target: { message: { content: '空色ノート' } },
        user: USERS.alice,
        locale: 'ja',
      })
    ).reply(TIMEOUT);
    expect(exact.embeds[0]?.title).toBe('「空色ノート」に一致する作品');
    expect(exact.embeds[0]?.description).toContain('空色ノート');
    expect(exact.embeds[0]?.description).toContain('劇場版 空色ノート');

    const empty = await (
      await stack.discord.contextMenu({
        name: 'Look up anime',
        target: { message: { content: '   ' } },
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    expect(empty).toMatchObject({ ephemeral: true, content: 'That message has no text to search for.' });
  });

  it('/help mentions the registered commands by id, grouped, in the reader’s language', async () => {
    const en = await (await stack.discord.slash({ name: 'help', user: USERS.alice })).reply(TIMEOUT);
    const search = registered('work')?.id;
    expect(en.ephemeral).toBe(true);
    const fields = en.embeds[0]?.fields ?? [];
    expect(fields.map((f) => f.name)).toEqual([
      'Your account',
      'Look things up',
      'Keep your record',
      'You and your friends',
      'Channel posts (server managers)',
      'Right-click or long-press (Apps)',
    ]);
    expect(fields[1]?.value).toContain(`</work search:${search}>`);
    expect(fields[0]?.value).toContain(`</account visibility:${registered('account')?.id}>`);
    const ja = await (await stack.discord.slash({ name: 'help', user: USERS.alice, locale: 'ja' })).reply(
      TIMEOUT,
    );
    expect(ja.embeds[0]?.fields?.[1]).toMatchObject({ name: '調べる' });
    expect(ja.embeds[0]?.fields?.[1]?.value).toContain(`</work search:${search}>`);
  });
});
