/**
 * The weekly server summary end to end: `/subscription weekly` through the real discord.js client,
 * the job reading members' weeks from the emulator, and the post (a PNG with its alt text, and the
 * text alternative as the message) in the fake Discord, in English and in Japanese, exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKLY_STATE_COLLECTION, weeklyStateSchema } from '#src/jobs/weekly/weekly-summaries.js';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { type Stack, startStack, USERS } from '../support/stack.js';

const TIMEOUT = 15_000;
const CAROL = { id: '310000000000000003', username: 'carol_discord' };
/** The stack starts a fortnight before the week counted, so the demo history (three weeks back) is outside it. */
const START = '2026-11-02T00:00:00Z';
/** Monday 2026-11-23 09:00:30 in Tokyo: the summary of 11-16 .. 11-22 is due. */
const AFTER_FIRE = '2026-11-23T00:00:30Z';
const ATTACH_FILES = 1n << 15n;
/** View Channel and Send Messages, without Attach Files. */
const VIEW_AND_SEND = (1n << 10n) | (1n << 11n);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('weekly server summary end to end', () => {
  let stack: Stack;
  let clock = Date.parse(START);
  let english = '';
  let japanese = '';

  beforeAll(async () => {
    stack = await startStack({ now: () => new Date(clock) });
    const guildId = stack.discord.guildIds[0] ?? '';
    [english = '', japanese = ''] = stack.discord.channelIds(guildId);
    await stack.link(USERS.alice.id, 'alice');
    await stack.link(USERS.bob.id, 'bob');
    await stack.link(CAROL.id, 'carol');
    // Each uses kiroku in the server (a summary counts people seen there who are still members);
    // alice and carol share their viewing record, bob does not.
    for (const user of [USERS.alice, USERS.bob, CAROL])
      await (await stack.discord.slash({ name: 'help', user, guildId })).reply(TIMEOUT);
    await stack.kiroku.deps.preferences.setDiscoverable(USERS.alice.id, true);
    await stack.kiroku.deps.preferences.setDiscoverable(CAROL.id, true);
    // dave is linked and a member, but never used kiroku there: not counted.
    await stack.link('310000000000000004', 'dave');
    const { data } = stack.emulator;
    const episodes = (workId: number) => data.episodesOfWork(workId);
    const cafe = episodes(DEMO_WORKS.cafeLumina);
    const sora = episodes(DEMO_WORKS.soraNote);
    const during = (day: number) => new Date(Date.parse('2026-11-16T03:00:00Z') + day * 86_400_000);
    const record = (userId: number, episodeId: number | undefined, day: number, extra = {}) =>
      data.createRecord({ userId, episodeId: episodeId ?? 0, createdAt: during(day), ...extra });
    // In the order they were made (the service's ids follow time): one the Sunday before the week first.
    record(DEMO_USERS.carol.id, sora[3]?.id, -1);
    record(DEMO_USERS.alice.id, cafe[0]?.id, 0, { ratingState: 'great', comment: 'すごい' });
    record(DEMO_USERS.alice.id, cafe[1]?.id, 1, { ratingState: 'good' });
    record(DEMO_USERS.alice.id, sora[0]?.id, 2, { comment: 'nice' });
    record(DEMO_USERS.bob.id, cafe[0]?.id, 3, { ratingState: 'great', comment: 'wow' });
    record(DEMO_USERS.bob.id, cafe[1]?.id, 4, { ratingState: 'bad' });
    record(DEMO_USERS.bob.id, cafe[2]?.id, 5);
    record(DEMO_USERS.bob.id, sora[1]?.id, 6, { ratingState: 'average' });
    record(DEMO_USERS.carol.id, sora[0]?.id, 1, { ratingState: 'good', comment: 'よかった' });
    record(DEMO_USERS.dave.id, sora[0]?.id, 2);
    // After the week: the Monday after the fire.
    record(DEMO_USERS.carol.id, sora[2]?.id, 7.1);
  });
  afterAll(async () => {
    await stack?.close();
  });

  const subscribe = async (channel: string, language: string, locale: string) =>
    (
      await stack.discord.slash({
        name: 'subscription',
        subcommand: 'weekly',
        options: { channel, day: 'monday', time: '09:00', timezone: 'Asia/Tokyo', language },
        user: { ...USERS.alice, locale },
        locale,
      })
    ).reply(TIMEOUT);

  it('subscribes a channel, in each language', async () => {
    const en = await subscribe(english, 'en', 'en-US');
    expect(en.content).toMatch(
      /weekly summary will be posted in <#\d+> every Monday at 09:00 \(Asia\/Tokyo\)/,
    );
    const ja = await subscribe(japanese, 'ja', 'ja');
    expect(ja.content).toContain('毎週月曜日09:00（Asia/Tokyo）に');
    const list = await (
      await stack.discord.slash({ name: 'subscription', subcommand: 'list', options: {}, user: USERS.alice })
    ).reply(TIMEOUT);
    expect(list.embeds[0]?.description).toContain('weekly summary');
  });

  it('refuses a channel where kiroku, or the invoker, may not attach files', async () => {
    const otherGuild = stack.discord.guildIds[1] ?? '';
    const [noFiles = ''] = stack.discord.channelIds(otherGuild);
    stack.discord.setChannelOverwrites(noFiles, [
      { id: stack.discord.botUser.id, type: 1, allow: '0', deny: String(ATTACH_FILES) },
    ]);
    const slash = (guildId: string, channel: string, permissions?: string) =>
      stack.discord.slash({
        name: 'subscription',
        subcommand: 'weekly',
        options: { channel },
        user: USERS.alice,
        guildId,
        ...(permissions ? { permissions } : {}),
      });
    const refused = await (await slash(otherGuild, noFiles)).reply(TIMEOUT);
    expect(refused.content).toMatch(/I cannot attach the weekly picture in <#\d+>: give me Attach Files/);
    const [, open = ''] = stack.discord.channelIds(otherGuild);
    const invoker = await (await slash(otherGuild, open, String(VIEW_AND_SEND))).reply(TIMEOUT);
    expect(invoker.content).toMatch(/You cannot attach files in <#\d+>/);
    expect((await stack.kiroku.deps.subscriptions.all()).filter((s) => s.guildId === otherGuild)).toEqual([]);
  });

  it('posts one picture with its text alternative per channel; bob, who does not share, is only counted', async () => {
    clock = Date.parse('2026-11-23T00:00:00Z') - 60_000;
    expect(await stack.kiroku.jobs.weekly.tick()).toMatchObject({ subscriptions: 2, due: 0 });
    clock = Date.parse(AFTER_FIRE);
    const report = await stack.kiroku.jobs.weekly.tick();
    // Three members, one request each, read once for both channels.
    expect(report).toMatchObject({ due: 2, posted: 2, textOnly: 0, requests: 3, retryLater: 0 });

    const [post] = stack.discord.channelMessages(english);
    expect(stack.discord.channelMessages(english)).toHaveLength(1);
    const [file] = stack.discord.attachments(post?.id ?? '');
    expect(file?.filename).toBe('weekly-summary.png');
    expect(file?.bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(file?.description).toMatch(
      /^Weekly summary of Guild 1, Nov 16\s–\s22, 2026\. 8 episodes recorded by 3 members\./,
    );
    // 8 episodes by 3 members; alice and carol by name, bob only in the total.
    expect(post?.content).toContain('8 episodes recorded by 3 members');
    expect(post?.content).toMatch(/alice/);
    expect(post?.content).toMatch(/carol/);
    expect(`${post?.content}${file?.description}`).not.toMatch(/\bbob\b/);
    expect(file?.description).toMatch(/Great 2, Good 2, Average 1, Bad 1/);

    const [postJa] = stack.discord.channelMessages(japanese);
    const [fileJa] = stack.discord.attachments(postJa?.id ?? '');
    expect(fileJa?.filename).toBe('weekly-summary.png');
    expect(fileJa?.description).toContain('今週のまとめ');
    expect(postJa?.content).toContain('alice');
    expect(postJa?.content).not.toContain('bob');
  });

  it('posts exactly once across a restart, even when the post was made but not noted', async () => {
    await stack.restart();
    expect(await stack.kiroku.jobs.weekly.tick()).toMatchObject({ due: 0, posted: 0 });
    // A crash between the post and its note: the outbox still knows the post went out.
    const states = stack.kiroku.store.collection(WEEKLY_STATE_COLLECTION, weeklyStateSchema);
    for await (const [key] of states.entries()) await states.delete(key);
    expect(await stack.kiroku.jobs.weekly.tick()).toMatchObject({ due: 2, posted: 0, skippedDuplicates: 2 });
    expect(stack.discord.channelMessages(english)).toHaveLength(1);
    expect(stack.discord.channelMessages(japanese)).toHaveLength(1);
  });

  it('leaves out a member who unlinked from the next week', async () => {
    await stack.kiroku.deps.vault.delete(CAROL.id);
    clock = Date.parse('2026-11-30T00:00:30Z');
    expect(await stack.kiroku.jobs.weekly.tick()).toMatchObject({ posted: 2, requests: 2 });
    const posts = stack.discord.channelMessages(english);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.content).not.toContain('carol');
  });
});
