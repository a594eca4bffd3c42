/** `/remind` end to end: DM reminders, off by default, stopped by 0, a button or closed DMs. */
import { describe, expect, it } from 'vitest';
import { MAX_DMS_PER_PERSON } from '#src/jobs/broadcasts/reminders.js';
import { DEMO_CHANNELS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
const MINUTE = 60_000;

describe('/remind: DM reminders before each program first airs', () => {
  let offset = 0;
  const now = () => new Date(Date.now() + offset);

  const stack = useStack({ emulatorRateLimit: false, now }, { link: ['alice'] });

  const remind = (user: { id: string; username: string }, minutes: number, locale = 'en-US') =>
    stack.discord.slash({
      name: 'remind',
      options: { minutes },
      user: { ...user, locale },
      locale,
      guildId: null,
    });
  const reminders = () => {
    const job = stack.kiroku.jobs.reminders;
    if (!job) throw new Error('no reminders job');
    return job;
  };
  const hagane = () => {
    const episodeId = stack.emulator.data
      .episodesOfWork(DEMO_WORKS.haganeMelody)
      .find((e) => e.number === 6)?.id;
    const found = [...stack.emulator.data.programs.values()].find(
      (p) => p.episodeId === episodeId && p.channelId === DEMO_CHANNELS.bs11,
    );
    if (!found) throw new Error('seed program missing');
    return found;
  };

  it('is off by default, works in DMs and for user installs, and needs a linked account', async () => {
    const registered = stack.discord.registeredCommands().find((c) => c.name === 'remind');
    expect(registered?.integration_types).toContain(1);
    expect(registered?.contexts).toContain(1);
    expect(await reminders().tick()).toMatchObject({ people: 0, sent: 0 });
    const unlinked = await (await remind(USERS.bob, 10)).reply(TIMEOUT);
    expect(unlinked.content).toContain('/account link');
    expect(await stack.kiroku.deps.reminders.get(USERS.bob.id)).toBeUndefined();
  });

  it('DMs once, in the person’s language, with the Record controls and a Stop button', async () => {
    const on = await (await remind(USERS.alice, 15, 'ja')).reply(TIMEOUT);
    expect(on.content).toContain('15分前');
    const start = hagane().startedAt.getTime();
    offset = start - 16 * MINUTE - Date.now();
    expect(await reminders().tick()).toMatchObject({ people: 1, sent: 0 });
    offset = start - 15 * MINUTE - Date.now();
    expect(await reminders().tick()).toMatchObject({ sent: 1 });
    offset = start - 10 * MINUTE - Date.now();
    expect(await reminders().tick()).toMatchObject({ sent: 0 });
    const [dm] = stack.discord.directMessages(USERS.alice.id);
    expect(stack.discord.directMessages(USERS.alice.id)).toHaveLength(1);
    // Titled with the work and episode; a plain content line (what a phone notification shows);
    // a live countdown rather than a fixed "in 15 min"; the cover.
    expect(dm?.content).toBe('鋼の旋律 第6話 迷子の放課後が15分後に放送開始');
    expect(dm?.embeds[0]?.title).toBe('鋼の旋律 第6話 迷子の放課後');
    expect(dm?.embeds[0]?.description).toBe(`<t:${start / 1000}:R>に放送 · BS11`);
    expect(dm?.embeds[0]?.thumbnail?.url).toMatch(/^https:\/\//);
    const controls = (dm?.components ?? []).flatMap((row) =>
      'components' in row
        ? row.components.map((c) => ({
            id: 'custom_id' in c ? String(c.custom_id) : '',
            label: 'label' in c ? c.label : 'placeholder' in c ? c.placeholder : '',
          }))
        : [],
    );
    expect(controls.map((c) => c.label)).toEqual([
      '第6話を記録',
      '評価をつけて第6話を記録',
      'リマインダーを停止',
    ]);

    const stop = await (
      await stack.discord.button({
        customId: controls[2]?.id ?? '',
        user: { ...USERS.alice, locale: 'ja' },
        guildId: null,
        message: dm?.id ?? '',
      })
    ).reply(TIMEOUT);
    expect(stop.content).toContain('停止しました');
    expect(await stack.kiroku.deps.reminders.get(USERS.alice.id)).toBeUndefined();
    const off = await (await remind(USERS.alice, 0)).reply(TIMEOUT);
    expect(off.content).toBe('Reminders were already off.');
  });

  it('minutes:0 turns them off; a DM Discord refuses turns them off and is not retried', async () => {
    await (await remind(USERS.alice, 30)).reply(TIMEOUT);
    const off = await (await remind(USERS.alice, 0)).reply(TIMEOUT);
    expect(off.content).toBe('Reminders off.');

    await (await remind(USERS.alice, 30)).reply(TIMEOUT);
    stack.discord.faults.closedDms.add(USERS.alice.id);
    const before = stack.discord.directMessages(USERS.alice.id).length;
    // 空色ノート #4 first airs on BS11 later: 30 minutes before it, the DM is refused.
    const sora = [...stack.emulator.data.programs.values()].find(
      (p) => p.workId === DEMO_WORKS.soraNote && p.channelId === DEMO_CHANNELS.bs11,
    );
    offset = (sora?.startedAt.getTime() ?? 0) - 20 * MINUTE - Date.now();
    expect(await reminders().tick()).toMatchObject({ sent: 0, turnedOff: 1 });
    expect(await stack.kiroku.deps.reminders.get(USERS.alice.id)).toBeUndefined();
    stack.emulator.resetStats();
    expect(await reminders().tick()).toMatchObject({ people: 0, sent: 0 });
    expect(stack.emulator.stats.requests).toBe(0);
    expect(stack.discord.directMessages(USERS.alice.id)).toHaveLength(before);
  });

  it('serves people in turn: 200 of one person’s reminders due at once do not hold back another’s', async () => {
    await stack.link(USERS.bob.id, 'bob');
    stack.discord.faults.closedDms.delete(USERS.alice.id);
    offset = 0;
    const at = now().getTime();
    // Alice watches 鋼の旋律: 200 of its programs start over the next hours; bob's 空色ノート starts in 10 minutes.
    for (let i = 0; i < 200; i++)
      stack.emulator.data.createProgram({
        workId: DEMO_WORKS.haganeMelody,
        channelId: DEMO_CHANNELS.bs11,
        startedAt: new Date(at + 2 * 60 * MINUTE + i * MINUTE),
      });
    stack.emulator.data.createProgram({
      workId: DEMO_WORKS.soraNote,
      channelId: DEMO_CHANNELS.bs11,
      startedAt: new Date(at + 10 * MINUTE),
    });
    await (await remind(USERS.alice, 1440)).reply(TIMEOUT);
    await (await remind(USERS.bob, 15)).reply(TIMEOUT);
    const dmsOf = (user: { id: string }) => stack.discord.directMessages(user.id).length;
    const aliceBefore = dmsOf(USERS.alice);
    const first = await reminders().tick();
    // Bob's one reminder went in the first round, not after alice's 200 (before: all 200 first).
    expect(dmsOf(USERS.bob)).toBe(1);
    // In English: the work's English title (this program has no episode), and the countdown.
    const [bobMessage] = stack.discord.directMessages(USERS.bob.id);
    expect(bobMessage?.content).toBe('Sky Blue Notebook starts in 10 minutes');
    expect(bobMessage?.embeds[0]?.title).toBe('Sky Blue Notebook');
    expect(bobMessage?.embeds[0]?.description).toBe(
      `Starts <t:${Math.floor((at + 10 * MINUTE) / 1000)}:R> · BS11`,
    );
    expect(bobMessage?.embeds[0]?.thumbnail?.url).toMatch(/^https:\/\//);
    const bobDm = BigInt(stack.discord.directMessages(USERS.bob.id)[0]?.id ?? '0');
    const aliceDms = stack.discord.directMessages(USERS.alice.id).slice(aliceBefore);
    expect(aliceDms.filter((dm) => BigInt(dm.id) < bobDm).length).toBeLessThanOrEqual(1);
    // At most MAX_DMS_PER_PERSON each; the rest wait for the next ticks.
    expect(aliceDms).toHaveLength(MAX_DMS_PER_PERSON);
    expect(first.deferred).toBeGreaterThan(100);
    const second = await reminders().tick();
    expect(second.sent).toBe(MAX_DMS_PER_PERSON);
    expect(dmsOf(USERS.alice) - aliceBefore).toBe(2 * MAX_DMS_PER_PERSON);
    expect(dmsOf(USERS.bob)).toBe(1);
  });
});
