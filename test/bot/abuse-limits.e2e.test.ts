import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INTERACTION_LIMITS } from '#src/bot/interaction-limits.js';
import { AUTOCOMPLETE_MAX_PAGES } from '#src/lookups/episodes.js';
import { SUBSCRIPTION_CAPS } from '#src/subscriptions/model.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
const SLOW_DOWN = /^You are going too fast\. Please slow down and try again in (\d+) s\.$/;

/** Per-person limits on interactions, and caps on subscriptions. */

/** A reply with its command mentions written back as text (they become mentions once the ids are read). */
const written = (content: string | undefined) => content?.replace(/<\/([a-z ]+):\d+>/g, '`/$1`');

describe('per-person interaction limits (production settings)', () => {
  const stack = useStack({ interactionLimits: DEFAULT_INTERACTION_LIMITS });

  it('answers a 6th command within 10 s with a private "slow down", and leaves other people alone', async () => {
    const help = (user: { id: string; username: string }, locale = 'en-US') =>
      stack.discord.slash({ name: 'help', user, locale });
    const replies = [];
    for (let i = 0; i < 6; i++) replies.push(await (await help(USERS.alice)).reply(TIMEOUT));
    for (const reply of replies.slice(0, 5)) expect(reply.embeds[0]?.title).toContain('kiroku');
    const refused = replies[5];
    expect(refused?.ephemeral).toBe(true);
    const seconds = Number(SLOW_DOWN.exec(refused?.content ?? '')?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(10);
    const japanese = await (await help(USERS.alice, 'ja')).reply(TIMEOUT);
    expect(japanese.content).toMatch(/^操作が速すぎます。\d+秒ほど待ってから/);
    // Another person has their own allowance.
    expect((await (await help(USERS.bob)).reply(TIMEOUT)).embeds[0]?.title).toContain('kiroku');
    const metrics = await stack.kiroku.metrics.registry.getSingleMetricAsString(
      'kiroku_interactions_limited_total',
    );
    expect(metrics).toContain('kiroku_interactions_limited_total{kind="command"} 2');
  });

  it('answers autocompletes past 20 in 10 s with an empty list', async () => {
    const ask = () =>
      stack.discord.autocomplete({
        name: 'work',
        subcommand: 'info',
        options: { work: '銀河' },
        focused: 'work',
        user: USERS.stranger,
      });
    const choices: number[] = [];
    for (let i = 0; i < 21; i++) choices.push((await (await ask()).reply(TIMEOUT)).choices?.length ?? -1);
    expect(choices.slice(0, 20).every((n) => n > 0)).toBe(true);
    expect(choices[20]).toBe(0);
  });

  it('counts component presses on their own allowance of 10 per 10 s', async () => {
    const press = () =>
      stack.discord.button({
        customId: 'nothing:here',
        user: { id: '310000000000000055', username: 'presser' },
      });
    const replies = [];
    for (let i = 0; i < 11; i++) replies.push(await (await press()).reply(TIMEOUT));
    for (const reply of replies.slice(0, 10))
      expect(reply.content).toBe('This has expired. Please run the command again.');
    expect(replies[10]?.content).toMatch(SLOW_DOWN);
    expect(replies[10]?.ephemeral).toBe(true);
  });
});

describe('subscription caps and bounded autocomplete', () => {
  let guildId: string;
  let otherGuildId: string;
  let channel: string;

  const stack = useStack();
  beforeAll(async () => {
    [guildId = '', otherGuildId = ''] = stack.discord.guildIds;
    [channel = ''] = stack.discord.channelIds(guildId);
    await stack.link(USERS.alice.id, 'alice');
  });

  const subscribe = async (locale = 'en-US') =>
    (
      await stack.discord.slash({
        name: 'subscription',
        subcommand: 'feed',
        options: [{ name: 'channel', type: ApplicationCommandOptionType.Channel, value: channel }],
        user: USERS.alice,
        locale,
      })
    ).reply(TIMEOUT);

  const seed = async (count: number, input: { guildId: string; ownerId: (i: number) => string }) => {
    const created = [];
    for (let i = 0; i < count; i++) {
      created.push(
        await stack.kiroku.deps.subscriptions.create(
          {
            kind: 'feed',
            guildId: input.guildId,
            channelId: `77000000000000${String(i).padStart(4, '0')}`,
            ownerId: input.ownerId(i),
            feed: { actions: [] },
          },
          new Date(),
        ),
      );
    }
    return created;
  };

  it(`refuses a ${SUBSCRIPTION_CAPS.perOwner + 1}th running subscription of one owner, wherever the others are`, async () => {
    const mine = await seed(SUBSCRIPTION_CAPS.perOwner, {
      guildId: otherGuildId,
      ownerId: () => USERS.alice.id,
    });
    const refused = await subscribe();
    expect(written(refused.content)).toBe(
      'You already have 10 running subscriptions, the most kiroku keeps per person. Remove one with `/subscription remove` first.',
    );
    expect((await subscribe('ja')).content).toContain('上限の10件');
    // A disabled one (say, in a server kiroku was removed from) no longer counts.
    await stack.kiroku.deps.subscriptions.update(mine[0]?.id ?? '', { state: 'disabled' });
    expect((await subscribe()).content).toMatch(/will be posted in/);
    await stack.kiroku.deps.subscriptions.removeByOwner(USERS.alice.id);
  });

  it(`refuses a ${SUBSCRIPTION_CAPS.perGuild + 1}th subscription in one server`, async () => {
    await seed(SUBSCRIPTION_CAPS.perGuild, {
      guildId,
      ownerId: (i) => `33000000000000${String(i).padStart(4, '0')}`,
    });
    const refused = await subscribe();
    expect(written(refused.content)).toBe(
      'This server already has 25 subscriptions, the most kiroku keeps per server. Remove one with `/subscription remove` first.',
    );
    expect((await stack.kiroku.deps.subscriptions.all((s) => s.ownerId === USERS.alice.id)).length).toBe(0);
  });

  it('a work autocomplete asks the service only from two characters on, and a repeat not at all', async () => {
    stack.emulator.data.createWork({ title: 'Quiet Harbour' });
    const ask = async (typed: string) =>
      (
        await stack.discord.autocomplete({
          name: 'work',
          subcommand: 'info',
          options: { work: typed },
          focused: 'work',
          // Not alice: an earlier test used up her autocompletes for these 10 s.
          user: USERS.bob,
        })
      ).reply(TIMEOUT);
    const before = stack.emulator.stats.requests;
    expect((await ask('Q')).choices).toEqual([]);
    expect(stack.emulator.stats.requests - before).toBe(0);
    expect((await ask('Qu')).choices?.length).toBeGreaterThan(0);
    const afterSearch = stack.emulator.stats.requests;
    expect(afterSearch - before).toBe(1);
    await ask('Qu');
    expect(stack.emulator.stats.requests).toBe(afterSearch);
  });

  it(`episode autocomplete walks at most ${AUTOCOMPLETE_MAX_PAGES} pages of a long work`, async () => {
    const data = stack.emulator.data;
    const work = data.createWork({ title: 'Long Running Show' });
    for (let i = 0; i < 180; i++) data.createEpisode({ workId: work.id });
    const before = stack.emulator.stats.requests;
    const reply = await (
      await stack.discord.autocomplete({
        name: 'record',
        subcommand: 'list',
        options: { work: String(work.id), episode: '1' },
        focused: 'episode',
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    expect(reply.choices?.length).toBeGreaterThan(0);
    expect(stack.emulator.stats.requests - before).toBe(AUTOCOMPLETE_MAX_PAGES);
  });
});
