import { describe, expect, it } from 'vitest';
import type { ScheduleSettings } from '#src/subscriptions/model.js';
import { chooseChannel } from '../fakes/emulator/chosen-channels.js';
import { DEMO_CHANNELS, DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { type Harness, harnessPerTest, OWNERS } from '../support/jobs-harness.js';

const MINUTE = 60_000;
const CAROL = '320000000000000003';

const open = harnessPerTest();

function schedule(time: string, timezone: string, extra: Partial<ScheduleSettings> = {}): ScheduleSettings {
  return { time, timezone, unwatched: false, rebroadcast: false, alertMinutes: 0, ...extra };
}

/** Ticks the digest every `stepMs` up to `until`, returning the clock time of each new post per channel. */
async function runUntil(
  h: Harness,
  until: string,
  stepMs: number,
  channels: string[],
): Promise<Map<string, string[]>> {
  const posts = new Map<string, string[]>(channels.map((c) => [c, []]));
  const end = Date.parse(until);
  while (h.clock.now().getTime() <= end) {
    const before = channels.map((c) => h.discord.channelMessages(c).length);
    await h.jobs.digest.tick();
    await h.jobs.digest.drain();
    channels.forEach((channel, i) => {
      const added = h.discord.channelMessages(channel).length - (before[i] ?? 0);
      for (let k = 0; k < added; k++) posts.get(channel)?.push(h.clock.now().toISOString());
    });
    h.clock.advance(stepMs);
  }
  return posts;
}

describe('daily digest', () => {
  it('fires once at 08:00 Asia/Tokyo from prefetched programs, for many subscriptions at the same minute', async () => {
    // 07:40 JST on 2025-06-02.
    const h = await open({ start: '2025-06-01T22:40:00Z' });
    await h.link(OWNERS.alice, 'alice');
    await h.link(OWNERS.bob, 'bob');
    await h.link(CAROL, 'carol');
    const [c0, c1, c2, c3] = h.channels as [string, string, string, string];
    const tokyo = (extra: Partial<ScheduleSettings> = {}) => schedule('08:00', 'Asia/Tokyo', extra);
    await h.subscribe({ kind: 'schedule', channelId: c0, ownerId: OWNERS.alice, schedule: tokyo() });
    await h.subscribe({
      kind: 'schedule',
      channelId: c1,
      ownerId: OWNERS.alice,
      schedule: tokyo({ rebroadcast: true }),
    });
    await h.subscribe({
      kind: 'schedule',
      channelId: c2,
      ownerId: OWNERS.alice,
      schedule: tokyo({ unwatched: true }),
    });
    // More digests at the same minute, nine of them in one channel.
    const owners = [OWNERS.alice, OWNERS.bob, CAROL];
    for (let i = 0; i < 9; i++) {
      await h.subscribe({
        kind: 'schedule',
        channelId: c3,
        ownerId: owners[i % 3] ?? OWNERS.bob,
        schedule: tokyo({ rebroadcast: i % 2 === 0 }),
      });
    }
    // The unwatched filter reads the channel each entry chose: alice now follows both on BS11.
    chooseChannel(h.emulator.data, DEMO_USERS.alice.id, DEMO_WORKS.soraNote, DEMO_CHANNELS.bs11);
    chooseChannel(h.emulator.data, DEMO_USERS.alice.id, DEMO_WORKS.haganeMelody, DEMO_CHANNELS.bs11);
    // Alice has already recorded the episode airing in an hour: the unwatched digest leaves it out.
    const hagane6 = h.emulator.data.episodesOfWork(DEMO_WORKS.haganeMelody).find((e) => e.number === 6);
    h.emulator.data.createRecord({ userId: DEMO_USERS.alice.id, episodeId: hagane6?.id ?? 0 });

    expect(await h.jobs.digest.tick()).toMatchObject({ subscriptions: 12, due: 0, prefetchStarted: 0 });

    // 07:51: within the prefetch window. One request per owner and options, shared by subscriptions.
    h.clock.set('2025-06-01T22:51:00Z');
    h.emulator.resetStats();
    expect(await h.jobs.digest.tick()).toMatchObject({ due: 0, posted: 0, prefetchStarted: 7 });
    await h.jobs.digest.drain();
    expect(h.emulator.stats.requests).toBe(7);

    // 08:00: every digest posts, and posting needs no request at all.
    h.clock.set('2025-06-01T23:00:00Z');
    h.emulator.resetStats();
    expect(await h.jobs.digest.tick()).toMatchObject({ due: 12, posted: 12, fetchedOnDemand: 0 });
    expect(h.emulator.stats.requests).toBe(0);

    const [plain] = h.discord.channelMessages(c0);
    const embed = plain?.embeds[0];
    // One member's schedule, grouped by day with short times (one line per time, no wrapping).
    expect(embed?.title).toBe('alice’s next 24 hours from Mon, Jun 2');
    expect(embed?.description).toMatch(/^__\*\*Mon, Jun 2\*\*__\n\d\d:\d\d \(<t:\d+:R>\)/);
    expect(embed?.description).toContain('Melody of Steel');
    expect(embed?.description).not.toContain('rebroadcast');
    expect(embed?.footer?.text).toContain('Asia/Tokyo');
    expect(h.discord.channelMessages(c1)[0]?.embeds[0]?.description).toContain('rebroadcast');
    const unwatched = h.discord.channelMessages(c2)[0]?.embeds[0]?.description;
    expect(unwatched).toContain('Sky Blue Notebook');
    expect(unwatched).not.toContain('Melody of Steel');
    // Programs are in start order.
    const starts = [...(embed?.description ?? '').matchAll(/<t:(\d+):f>/g)].map((m) => Number(m[1]));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    // Later the same day, and after a restart: nothing posts twice.
    h.clock.set('2025-06-01T23:00:30Z');
    expect(await h.jobs.digest.tick()).toMatchObject({ due: 0, posted: 0 });
    await h.restart();
    h.clock.set('2025-06-02T03:00:00Z');
    expect(await h.jobs.digest.tick()).toMatchObject({ due: 0, posted: 0 });
    const total = () => h.channels.reduce((n, c) => n + h.discord.channelMessages(c).length, 0);
    expect(total()).toBe(12);

    // The next day fires again.
    h.clock.set('2025-06-02T22:55:00Z');
    await h.jobs.digest.tick();
    await h.jobs.digest.drain();
    h.clock.set('2025-06-02T23:00:00Z');
    expect(await h.jobs.digest.tick()).toMatchObject({ posted: 12, fetchedOnDemand: 0 });
    expect(h.discord.channelMessages(c3)).toHaveLength(18);
    expect(h.discord.channelMessages(c0)[1]?.embeds[0]?.title).toBe('alice’s next 24 hours from Tue, Jun 3');
  });

  it('fires once on the DST change days of America/New_York, also for a skipped or repeated time', async () => {
    const h = await open({ start: '2025-03-08T17:00:00Z' });
    await h.link(OWNERS.alice, 'alice');
    const [eight, gap] = h.channels as [string, string];
    await h.subscribe({
      kind: 'schedule',
      channelId: eight,
      ownerId: OWNERS.alice,
      schedule: schedule('08:00', 'America/New_York'),
    });
    await h.subscribe({
      kind: 'schedule',
      channelId: gap,
      ownerId: OWNERS.alice,
      schedule: schedule('02:30', 'America/New_York'),
    });

    const spring = await runUntil(h, '2025-03-10T17:00:00Z', 15 * MINUTE, [eight, gap]);
    // 08:00 EST on the 8th was before the subscription; 08:00 EDT on the 9th is 12:00Z.
    expect(spring.get(eight)).toEqual(['2025-03-09T12:00:00.000Z', '2025-03-10T12:00:00.000Z']);
    // 02:30 does not exist on the 9th: once, at 03:30 EDT.
    expect(spring.get(gap)).toEqual(['2025-03-09T07:30:00.000Z', '2025-03-10T06:30:00.000Z']);
    expect(h.discord.channelMessages(gap).map((m) => m.embeds[0]?.title)).toEqual([
      'alice’s next 24 hours from Sun, Mar 9',
      'alice’s next 24 hours from Mon, Mar 10',
    ]);

    // Fall back: 01:30 happens twice on 2025-11-02 and posts once.
    const repeated = h.channels[2] ?? '';
    h.clock.set('2025-11-01T16:00:00Z');
    await h.subscribe({
      kind: 'schedule',
      channelId: repeated,
      ownerId: OWNERS.alice,
      schedule: schedule('01:30', 'America/New_York'),
    });
    const autumn = await runUntil(h, '2025-11-03T16:00:00Z', 15 * MINUTE, [repeated]);
    expect(autumn.get(repeated)).toEqual(['2025-11-02T05:30:00.000Z', '2025-11-03T06:30:00.000Z']);
  });

  it('catches up after an outage within 6 hours, and not beyond', async () => {
    // 05:00 JST on 2025-06-02.
    const h = await open({ start: '2025-06-01T20:00:00Z' });
    await h.link(OWNERS.alice, 'alice');
    const [late, tooLate] = h.channels as [string, string];
    await h.subscribe({
      kind: 'schedule',
      channelId: late,
      ownerId: OWNERS.alice,
      schedule: schedule('08:00', 'Asia/Tokyo'),
    });
    await h.subscribe({
      kind: 'schedule',
      channelId: tooLate,
      ownerId: OWNERS.alice,
      schedule: schedule('05:10', 'Asia/Tokyo'),
    });
    expect(await h.jobs.digest.tick()).toMatchObject({ due: 0 });

    // The bot is down from 05:00 to 11:30 JST, then restarts.
    await h.restart();
    h.clock.set('2025-06-02T02:30:00Z');
    const report = await h.jobs.digest.tick();
    expect(report).toMatchObject({ due: 1, posted: 1, fetchedOnDemand: 1 });
    expect(h.discord.channelMessages(late)).toHaveLength(1);
    expect(h.discord.channelMessages(tooLate)).toHaveLength(0);
    // The late digest lists what is still to come.
    const starts = [
      ...(h.discord.channelMessages(late)[0]?.embeds[0]?.description ?? '').matchAll(/<t:(\d+):f>/g),
    ];
    expect(starts.every((m) => Number(m[1]) * 1000 >= Date.parse('2025-06-02T02:30:00Z') - 1000)).toBe(true);

    // The next day both post on time.
    const next = await runUntil(h, '2025-06-02T23:05:00Z', 5 * MINUTE, [late, tooLate]);
    expect(next.get(tooLate)).toEqual(['2025-06-02T20:10:00.000Z']);
    expect(next.get(late)).toEqual(['2025-06-02T23:00:00.000Z']);
  });

  it('disables the subscription of a channel that is gone, and tells the owner', async () => {
    const h = await open({ start: '2025-06-01T22:55:00Z' });
    await h.link(OWNERS.alice, 'alice');
    const [gone, kept] = h.channels as [string, string];
    const lost = await h.subscribe({
      kind: 'schedule',
      channelId: gone,
      ownerId: OWNERS.alice,
      schedule: schedule('08:00', 'Asia/Tokyo'),
    });
    await h.subscribe({
      kind: 'schedule',
      channelId: kept,
      ownerId: OWNERS.alice,
      schedule: schedule('08:00', 'Asia/Tokyo'),
    });
    h.discord.faults.channelStatus.set(gone, 404);
    await h.jobs.digest.tick();
    await h.jobs.digest.drain();
    // The owner's checks are made in the prefetch window: the gone channel is found before the fire.
    expect(await h.subscriptions.get(lost.id)).toMatchObject({
      state: 'disabled',
      stateReason: 'channel-missing',
    });
    h.clock.set('2025-06-01T23:00:00Z');
    expect(await h.jobs.digest.tick()).toMatchObject({ due: 1, posted: 1 });
    expect(h.discord.channelMessages(kept)).toHaveLength(1);
    expect(h.discord.directMessages(OWNERS.alice)).toHaveLength(1);
    expect(h.discord.directMessages(OWNERS.alice)[0]?.content).toContain(lost.id);
    h.clock.set('2025-06-01T23:01:00Z');
    expect(await h.jobs.digest.tick()).toMatchObject({ subscriptions: 1, due: 0 });
  });
});
