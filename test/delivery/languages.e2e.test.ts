import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHANNELS, DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

/**
 * Posts in the subscription's language: chosen with `language`, else the server's
 * preferred locale; Japanese digests in broadcast-day notation; owner notices in the owner's language.
 * One clock drives the emulator and the bot: Saturday 2025-06-07, 21:50 in Tokyo.
 */
describe('post languages end to end', () => {
  let current = Date.parse('2025-06-07T12:50:00Z');
  let guildId: string;
  let jaChannel: string;
  let enChannel: string;

  const stack = useStack({ now: () => new Date(current) });
  beforeAll(async () => {
    guildId = stack.discord.guildIds[0] ?? '';
    [jaChannel = '', enChannel = ''] = stack.discord.channelIds(guildId);
    await stack.link(USERS.alice.id, 'alice');
  });

  const subscribe = async (
    subcommand: string,
    options: Record<string, string | number>,
    guildLocale: string,
  ) =>
    (
      await stack.discord.slash({
        name: 'subscription',
        subcommand,
        options,
        user: USERS.alice,
        locale: 'en-US',
        guildLocale,
      })
    ).reply(TIMEOUT);

  it('registers a localized language option on feed and schedule', () => {
    const registered = stack.discord.registeredCommands().find((c) => c.name === 'subscription');
    for (const sub of ['feed', 'schedule']) {
      const option = registered?.options
        ?.find((o) => o.name === sub)
        ?.options?.find((o) => o.name === 'language');
      expect(option).toMatchObject({
        name: 'language',
        description_localizations: { ja: expect.any(String) },
      });
    }
  });

  it('takes the server’s locale by default, or the chosen language, and lists it', async () => {
    const byServer = await subscribe('feed', { channel: jaChannel }, 'ja');
    expect(byServer.content).toContain('Posts are written in Japanese.');
    const chosen = await subscribe('feed', { channel: enChannel, language: 'en' }, 'ja');
    expect(chosen.content).toContain('Posts are written in English.');
    const stored = await stack.kiroku.deps.subscriptions.all();
    expect(new Map(stored.map((s) => [s.channelId, s.language]))).toEqual(
      new Map([
        [jaChannel, 'ja'],
        [enChannel, 'en'],
      ]),
    );
    const list = await subscribe('list', {}, 'ja');
    expect(list.embeds[0]?.description).toContain('· Japanese ·');
    expect(list.embeds[0]?.description).toContain('· English ·');
  });

  it('posts one activity in Japanese to one channel and in English to the other', async () => {
    await stack.kiroku.jobs.feed.runCycle();
    const episode = [...stack.emulator.data.episodes.values()][0];
    stack.emulator.data.createRecord({
      userId: DEMO_USERS.bob.id,
      episodeId: episode?.id ?? 0,
      comment: 'よかった',
    });
    await stack.kiroku.jobs.feed.runCycle();
    const ja = stack.discord.channelMessages(jaChannel)[0]?.embeds[0];
    const en = stack.discord.channelMessages(enChannel)[0]?.embeds[0];
    expect(ja?.author?.name).toBe(`${DEMO_USERS.bob.username}が記録しました`);
    expect(en?.author?.name).toBe(`${DEMO_USERS.bob.username} recorded`);
  });

  it('writes the owner’s digest by day in both languages (25:30 on Saturday in Japanese), and alerts that read whole in each', async () => {
    // Sunday 01:30 in Tokyo.
    stack.emulator.data.createProgram({
      workId: DEMO_WORKS.soraNote,
      channelId: DEMO_CHANNELS.tokyoMx,
      episodeId: stack.emulator.data.episodesOfWork(DEMO_WORKS.soraNote)[0]?.id ?? null,
      startedAt: new Date('2025-06-07T16:30:00Z'),
    });
    for (const s of await stack.kiroku.deps.subscriptions.all())
      await stack.kiroku.deps.subscriptions.remove(s.id);
    await subscribe('schedule', { channel: jaChannel, time: '22:00', alert_minutes: 30 }, 'ja');
    await subscribe(
      'schedule',
      { channel: enChannel, time: '22:00', language: 'en', alert_minutes: 30 },
      'ja',
    );

    current = Date.parse('2025-06-07T13:00:00Z');
    expect(await stack.kiroku.jobs.digest.tick()).toMatchObject({ due: 2, posted: 2 });
    const ja = stack.discord.channelMessages(jaChannel).at(-1)?.embeds[0];
    expect(ja?.title).toBe('aliceさんの2025年6月7日(土)からの24時間の放送予定');
    expect(ja?.description).toContain('__**6月7日(土)**__');
    expect(ja?.description).toMatch(/25:30 \(<t:1749313800:R>\) · TOKYO MX\n\*\*空色ノート\*\*/);
    expect(ja?.description).not.toContain('6月8日(日)**__\n01:30');
    const en = stack.discord.channelMessages(enChannel).at(-1)?.embeds[0];
    expect(en?.title).toBe('alice’s next 24 hours from Sat, Jun 7');
    // Grouped by calendar day, one short time per program (no line that wraps in two).
    expect(en?.description).toContain('__**Sun, Jun 8**__\n00:00');
    expect(en?.description).toContain('\n01:30 (<t:1749313800:R>) · TOKYO MX\n**Sky Blue Notebook** Ep 1');
    expect(en?.description).not.toContain('25:30');

    // The airing alert of the Japanese subscription: Japanese title, button and menu.
    current = Date.parse('2025-06-07T16:05:00Z');
    await stack.kiroku.jobs.alerts.tick();
    const alert = stack.discord
      .channelMessages(jaChannel)
      .find((m) => m.embeds[0]?.title?.startsWith('空色ノート 第1話') && m.components?.length);
    expect(alert?.embeds[0]?.url).toMatch(/^https:\/\/annict\.com\/works\/\d+\/episodes\/\d+$/);
    expect(alert?.embeds[0]?.description).toBe('<t:1749313800:R>に放送 · TOKYO MX');
    expect(JSON.stringify(alert?.components)).toContain('"label":"第1話を記録"');
    // The rating menu runs best first, as `/record post` does, with no "no rating" in a rating menu.
    expect(JSON.stringify(alert?.components)).toContain(
      '"options":[{"value":"great","label":"とても良い"},{"value":"good","label":"良い"},{"value":"average","label":"普通"},{"value":"bad","label":"良くない"}]',
    );
    expect(alert?.embeds[0]?.thumbnail?.url).toMatch(/^https:\/\//);
    const english = stack.discord
      .channelMessages(enChannel)
      .find((m) => m.embeds[0]?.title?.startsWith('Sky Blue Notebook Ep 1') && m.components?.length);
    expect(english?.embeds[0]?.description).toBe('Starts <t:1749313800:R> · TOKYO MX');
    expect(JSON.stringify(english?.components)).toContain('"label":"Record ep 1"');
    expect(JSON.stringify(english?.components)).toContain('"options":[{"value":"great","label":"Great"}');

    // Pressing it records the episode; the confirmation names the work, in the presser's language.
    const episodeId = stack.emulator.data.episodesOfWork(DEMO_WORKS.soraNote)[0]?.id;
    const pressed = await (
      await stack.discord.button({
        customId: `subscription:watched:${episodeId}`,
        user: USERS.alice,
        locale: 'ja',
        message: alert?.id ?? '',
      })
    ).reply(TIMEOUT);
    expect(pressed.ephemeral).toBe(true);
    expect(pressed.content).toBe('**空色ノート** 第1話を記録しました。');
  });

  it('writes owner notices in the language of the owner’s last interaction', async () => {
    // alice's last interaction was in English; now she uses kiroku in Japanese.
    await (await stack.discord.slash({ name: 'help', user: USERS.alice, locale: 'ja' })).reply(TIMEOUT);
    await stack.kiroku.deps.subscriptions.all();
    await stack.kiroku.jobs.notices.disableChannel(jaChannel, 'forbidden');
    const dm = stack.discord.directMessages(USERS.alice.id).at(-1);
    expect(dm?.content).toMatch(/[ぁ-んァ-ン]/);
    expect(dm?.content).toContain(`<#${jaChannel}>`);
  });
});
