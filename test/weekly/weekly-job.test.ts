/**
 * The weekly job's faults, against the emulator and the fake Discord: a picture that cannot be drawn
 * (a font missing) posts its text alone with a log line; a member who left the server is not
 * counted; a member whose week cannot be read holds the post back for a later step, never posting
 * a week with someone silently missing.
 */
import { describe, expect, it } from 'vitest';
import type { FontSource } from '#src/pictures/index.js';
import { BUNDLED_FONTS, CoverFetcher, weeklySummaryPicture } from '#src/pictures/index.js';
import { DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { type Harness, type HarnessOptions, harnessPerTest, OWNERS } from '../support/jobs-harness.js';
import { captureLogger } from '../support/log-capture.js';

const open = harnessPerTest();
/** Monday 2026-11-23 09:00:30 in Tokyo. */
const AFTER_FIRE = '2026-11-23T00:00:30Z';
const missing: FontSource = {
  family: 'Gone Sans',
  packageName: '@fontsource/kiroku-font-that-is-not-installed',
  file: (subset) => `gone-${subset}.woff2`,
};

/** The harness with alice and bob having used kiroku in its one server. */
async function openWeekly(weekly: NonNullable<HarnessOptions['jobs']>['weekly'] = {}): Promise<Harness> {
  let guildId = '';
  const h = await open({
    start: '2026-11-02T00:00:00Z',
    jobs: {
      weekly: {
        servers: async function* () {
          yield [OWNERS.alice, [guildId]] as const;
          yield [OWNERS.bob, [guildId]] as const;
        },
        ...weekly,
      },
    },
  });
  guildId = h.discord.guildIds[0] ?? '';
  return h;
}

async function weekWithRecords(h: Harness): Promise<string> {
  await h.link(OWNERS.alice, 'alice');
  await h.link(OWNERS.bob, 'bob');
  const [channel = ''] = h.channels;
  await h.subscribe({
    kind: 'weekly',
    channelId: channel,
    ownerId: OWNERS.alice,
    weekly: { day: 'monday', time: '09:00', timezone: 'Asia/Tokyo' },
  });
  const [episode] = h.emulator.data.episodesOfWork(DEMO_WORKS.cafeLumina);
  for (const userId of [DEMO_USERS.alice.id, DEMO_USERS.bob.id])
    h.emulator.data.createRecord({
      userId,
      episodeId: episode?.id ?? 0,
      createdAt: new Date('2026-11-18T00:00:00Z'),
    });
  h.clock.set(AFTER_FIRE);
  return channel;
}

describe('weekly summary job', () => {
  it('posts the text alone, with a log line, when the picture cannot be drawn', async () => {
    const log = captureLogger();
    const covers = new CoverFetcher();
    const h = await openWeekly({
      paint: (input, t) =>
        weeklySummaryPicture(input, t, {
          covers,
          logger: log.logger,
          fonts: [missing, ...BUNDLED_FONTS],
        }),
    });
    const channel = await weekWithRecords(h);
    expect(await h.jobs.weekly.tick()).toMatchObject({ posted: 1, textOnly: 1 });
    const [post] = h.discord.channelMessages(channel);
    expect(post?.content).toContain('2 episodes recorded by 2 members');
    expect(h.discord.attachments(post?.id ?? '')).toEqual([]);
    expect(log.records()).toContainEqual(
      expect.objectContaining({ level: 40, picture: 'weekly-summary', msg: expect.stringContaining('text') }),
    );
    await covers.close();
  });

  it('makes the owner’s check in the ten minutes before the fire, so the due minute asks Discord only to post', async () => {
    const h = await openWeekly();
    const channel = await weekWithRecords(h);
    const guild = h.discord.guildIds[0] ?? '';
    const ownerChecks = () =>
      h.discord.restCalls.filter(
        (call) =>
          call.method === 'GET' &&
          (call.path === `/channels/${channel}` || call.path === `/guilds/${guild}/members/${OWNERS.alice}`),
      ).length;
    // 08:52 in Tokyo, eight minutes before the fire: nothing due yet, the owner's check is made.
    h.clock.set('2026-11-22T23:52:00Z');
    expect(await h.jobs.weekly.tick()).toMatchObject({ due: 0, posted: 0 });
    await h.jobs.weekly.drain();
    expect(ownerChecks()).toBe(2);
    // A second tick before the fire does not check again.
    h.clock.set('2026-11-22T23:55:00Z');
    await h.jobs.weekly.tick();
    await h.jobs.weekly.drain();
    expect(ownerChecks()).toBe(2);
    h.clock.set(AFTER_FIRE);
    expect(await h.jobs.weekly.tick()).toMatchObject({ due: 1, posted: 1 });
    expect(ownerChecks()).toBe(2);
    expect(h.discord.channelMessages(channel)).toHaveLength(1);
  });

  it('counts only members of the server', async () => {
    const h = await openWeekly();
    const channel = await weekWithRecords(h);
    h.discord.removeMember(h.discord.guildIds[0] ?? '', OWNERS.bob);
    expect(await h.jobs.weekly.tick()).toMatchObject({ posted: 1, requests: 1 });
    const [post] = h.discord.channelMessages(channel);
    expect(post?.content).toMatch(/\b1 episodes? recorded by 1 members?\b/);
  });

  it('leaves out a member whose token the service refuses (theirs to fix), and posts the rest', async () => {
    const h = await openWeekly();
    const channel = await weekWithRecords(h);
    h.emulator.faults.unauthorizedTokens.add(DEMO_TOKENS.bob);
    expect(await h.jobs.weekly.tick()).toMatchObject({ posted: 1 });
    expect(h.discord.channelMessages(channel)[0]?.content).toMatch(/\b1 episodes? recorded by 1 members?\b/);
  });

  it('holds the post back while a member’s week cannot be read, then posts it whole', async () => {
    const h = await openWeekly();
    const channel = await weekWithRecords(h);
    h.emulator.faults.errorRate = 1;
    h.emulator.faults.errorStatus = 503;
    expect(await h.jobs.weekly.tick()).toMatchObject({ due: 1, posted: 0, retryLater: 1 });
    expect(h.discord.channelMessages(channel)).toEqual([]);
    h.emulator.faults.errorRate = 0;
    expect(await h.jobs.weekly.tick()).toMatchObject({ posted: 1 });
    expect(h.discord.channelMessages(channel)[0]?.content).toContain('2 episodes recorded by 2 members');
  });
});
