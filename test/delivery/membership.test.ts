import { OverwriteType, PermissionFlagsBits } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { STATE_REASONS } from '#src/jobs/index.js';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { dailySchedule, type Harness, harnessPerTest, OWNERS } from '../support/jobs-harness.js';

/**
 * A subscription stops when its owner is no longer a member of
 * the server, may no longer see or send in its channel (or kiroku is no longer in the server), found
 * by asking Discord before a post when the last check of that (channel, owner) is over an hour old.
 * A check Discord cannot answer is not a yes: the post waits for the next one. The member
 * is asked once per (server, owner) and hour, and a digest's check is made before its time.
 */
const START = '2025-06-01T12:00:00Z';
const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

const openHarness = harnessPerTest();
const open = (start: string): Promise<Harness> => openHarness({ start });

function memberChecks(h: Harness): string[] {
  return h.discord.restCalls
    .filter((call) => call.method === 'GET' && call.path.includes('/members/'))
    .map((call) => call.path);
}

/** GET /channels/{id}: a channel's overwrites read over REST. */
function channelReads(h: Harness): number {
  return h.discord.restCalls.filter((call) => call.method === 'GET' && /^\/channels\/\d+$/.test(call.path))
    .length;
}

/** A member overwrite denying alice `bits` in the channel (no gateway event reaches the jobs' harness). */
function denyAlice(h: Harness, channelId: string, bits: bigint): void {
  const channel = h.discord.guild(h.discord.guildIds[0] ?? '')?.channels.find((c) => c.id === channelId);
  if (!channel) throw new Error('no channel');
  channel.permissionOverwrites = [
    { id: OWNERS.alice, type: OverwriteType.Member, allow: '0', deny: String(bits) },
  ];
}

/** bob (followed by alice and carol) records an episode: a new activity in their feeds. */
function carolRecords(h: Harness, comment: string): void {
  const episode = h.emulator.data.episodesOfWork(DEMO_WORKS.soraNote)[0];
  h.emulator.data.createRecord({
    userId: DEMO_USERS.bob.id,
    episodeId: episode?.id ?? 0,
    comment,
    rating: 3,
  });
}

async function feedOf(h: Harness, ownerId: string, who: 'alice' | 'bob', channelId: string) {
  await h.link(ownerId, who);
  return h.subscribe({ kind: 'feed', channelId, ownerId, feed: { actions: [] } });
}

/** alice, linked, subscribes her feed in each of these channels; the subscriptions' ids, in order. */
async function aliceFeedsIn(h: Harness, ...channelIds: string[]): Promise<string[]> {
  await h.link(OWNERS.alice, 'alice');
  const ids: string[] = [];
  for (const channelId of channelIds) {
    const made = await h.subscribe({ kind: 'feed', channelId, ownerId: OWNERS.alice, feed: { actions: [] } });
    ids.push(made.id);
  }
  return ids;
}

describe('owner membership', () => {
  it('disables the subscriptions of an owner who left the server, tells them, and keeps the others posting', async () => {
    const h = await open(START);
    const guildId = h.discord.guildIds[0] ?? '';
    const [first = '', second = ''] = h.channels;
    const alices = await feedOf(h, OWNERS.alice, 'alice', first);
    const bobs = await feedOf(h, OWNERS.bob, 'bob', second);
    await h.jobs.feed.runCycle();

    h.discord.removeMember(guildId, OWNERS.alice);
    h.clock.advance(DAY);
    carolRecords(h, 'after alice left');
    const report = await h.jobs.feed.runCycle();
    expect(report.disabled).toBe(1);
    expect(h.discord.channelMessages(first)).toHaveLength(0);
    expect(h.discord.channelMessages(second)).toHaveLength(1);
    expect(await h.subscriptions.get(alices.id)).toMatchObject({
      state: 'disabled',
      stateReason: STATE_REASONS.ownerLeft,
    });
    expect((await h.subscriptions.get(bobs.id))?.state).toBe('active');
    const [notice] = h.discord.directMessages(OWNERS.alice);
    expect(notice?.content).toBe(
      `You are no longer a member of the server ${guildId}, so your subscription \`${alices.id}\` there is disabled.`,
    );
  });

  it('asks Discord at most once an hour per (channel, owner), also across a restart, and again after the hour', async () => {
    const h = await open(START);
    const [first = ''] = h.channels;
    await feedOf(h, OWNERS.alice, 'alice', first);
    await h.jobs.feed.runCycle();
    carolRecords(h, 'one');
    await h.jobs.feed.runCycle();
    expect(memberChecks(h)).toHaveLength(1);
    await h.restart();
    h.clock.advance(HOUR / 2);
    carolRecords(h, 'two');
    await h.jobs.feed.runCycle();
    expect(memberChecks(h)).toHaveLength(1);
    expect(h.discord.channelMessages(first)).toHaveLength(2);

    h.clock.advance(HOUR);
    carolRecords(h, 'three');
    await h.jobs.feed.runCycle();
    expect(memberChecks(h)).toHaveLength(2);
    expect(h.discord.channelMessages(first)).toHaveLength(3);
  });

  it('pauses the subscription and tells its owner when they may no longer send in the channel', async () => {
    const h = await open(START);
    const [first = '', second = ''] = h.channels;
    const [muted = '', elsewhere = ''] = await aliceFeedsIn(h, first, second);
    await h.jobs.feed.runCycle();
    // A moderator takes alice's Send Messages away in that channel (no gateway event reaches the jobs).
    denyAlice(h, first, PermissionFlagsBits.SendMessages);
    h.clock.advance(HOUR + 1);
    carolRecords(h, 'while muted');
    await h.jobs.feed.runCycle();
    expect(h.discord.channelMessages(first)).toHaveLength(0);
    expect(h.discord.channelMessages(second)).toHaveLength(1);
    expect(await h.subscriptions.get(muted)).toMatchObject({
      state: 'paused',
      stateReason: STATE_REASONS.ownerNoAccess,
    });
    expect((await h.subscriptions.get(elsewhere))?.state).toBe('active');
    expect(h.discord.directMessages(OWNERS.alice)[0]?.content).toMatch(
      /can no longer see or send messages in <#/,
    );
  });

  it('a channel or role update from the gateway makes the next post check the channel again, not the member', async () => {
    const h = await open(START);
    const guildId = h.discord.guildIds[0] ?? '';
    const [first = ''] = h.channels;
    const alices = await feedOf(h, OWNERS.alice, 'alice', first);
    await h.jobs.feed.runCycle();
    carolRecords(h, 'one');
    await h.jobs.feed.runCycle();
    expect([memberChecks(h).length, channelReads(h)]).toEqual([1, 1]);
    expect(await h.jobs.membership?.forgetChannel(guildId, first)).toBe(1);
    carolRecords(h, 'two');
    await h.jobs.feed.runCycle();
    // The member's roles, asked within the hour, still hold; the channel is read again.
    expect([memberChecks(h).length, channelReads(h)]).toEqual([1, 2]);
    expect(await h.jobs.membership?.forgetGuild(guildId)).toBe(1);
    carolRecords(h, 'three');
    await h.jobs.feed.runCycle();
    expect([memberChecks(h).length, channelReads(h)]).toEqual([1, 3]);
    expect(h.discord.channelMessages(first)).toHaveLength(3);

    // A moderator hides the channel from alice: the update's check stops the next post at once.
    denyAlice(h, first, PermissionFlagsBits.ViewChannel);
    expect(await h.jobs.membership?.forgetChannel(guildId, first)).toBe(1);
    carolRecords(h, 'four');
    await h.jobs.feed.runCycle();
    expect(h.discord.channelMessages(first)).toHaveLength(3);
    expect((await h.subscriptions.get(alices.id))?.stateReason).toBe(STATE_REASONS.ownerNoAccess);
  });

  it('asks for the member once per server and owner, however many channels they post in', async () => {
    const h = await open(START);
    const [first = '', second = '', third = ''] = h.channels;
    await aliceFeedsIn(h, first, second, third);
    await h.jobs.feed.runCycle();
    carolRecords(h, 'three channels');
    await h.jobs.feed.runCycle();
    for (const channelId of [first, second, third])
      expect(h.discord.channelMessages(channelId)).toHaveLength(1);
    expect(memberChecks(h)).toHaveLength(1);
    expect(channelReads(h)).toBe(3);
  });

  it('a channel kiroku may not see stops that channel’s subscriptions, not the whole server’s', async () => {
    const h = await open(START);
    const [first = '', second = ''] = h.channels;
    const [hidden = '', shown = ''] = await aliceFeedsIn(h, first, second);
    await h.jobs.feed.runCycle();
    h.discord.faults.channelStatus.set(first, 403);
    h.clock.advance(HOUR + 1);
    carolRecords(h, 'one channel hidden');
    await h.jobs.feed.runCycle();
    expect(await h.subscriptions.get(hidden)).toMatchObject({
      state: 'disabled',
      stateReason: STATE_REASONS.channelForbidden,
    });
    expect((await h.subscriptions.get(shown))?.state).toBe('active');
    expect(h.discord.channelMessages(second)).toHaveLength(1);
    // Found by the check (GET channel), before any post was tried there.
    expect(
      h.discord.restCalls.some((c) => c.method === 'POST' && c.path === `/channels/${first}/messages`),
    ).toBe(false);
  });

  it('prepares a digest’s check in the prefetch window, so that the post at the due minute asks Discord nothing else', async () => {
    // 07:00 JST: alice's feed post checks her; her 08:00 digest in the same channel could not use
    // that check at 08:00 (an hour old by then), so the prefetch at 07:55 asks again.
    const h = await open('2025-06-01T22:00:00Z');
    const [channel = ''] = h.channels;
    await feedOf(h, OWNERS.alice, 'alice', channel);
    await h.subscribe(dailySchedule(OWNERS.alice, channel));
    await h.jobs.feed.runCycle();
    carolRecords(h, 'at seven');
    await h.jobs.feed.runCycle();
    expect(memberChecks(h)).toHaveLength(1);
    h.clock.advance(55 * 60_000);
    await h.jobs.digest.tick();
    await h.jobs.digest.drain();
    expect(memberChecks(h)).toHaveLength(2);
    const before = h.discord.restCalls.length;
    h.clock.advance(5 * 60_000);
    const due = await h.jobs.digest.tick();
    expect(due.posted).toBe(1);
    const atTheFire = h.discord.restCalls.slice(before).map((call) => `${call.method} ${call.path}`);
    expect(atTheFire).toEqual([`POST /channels/${channel}/messages`]);
  });

  it('checks before the first digest of the day and posts nothing for an owner who left', async () => {
    // 07:55 JST; the digest is due at 08:00.
    const h = await open('2025-06-01T22:55:00Z');
    const guildId = h.discord.guildIds[0] ?? '';
    const [channel = ''] = h.channels;
    await h.link(OWNERS.alice, 'alice');
    const subscription = await h.subscribe(dailySchedule(OWNERS.alice, channel));
    h.discord.removeMember(guildId, OWNERS.alice);
    h.clock.advance(6 * 60_000);
    await h.jobs.digest.tick();
    expect(h.discord.channelMessages(channel)).toHaveLength(0);
    expect((await h.subscriptions.get(subscription.id))?.stateReason).toBe(STATE_REASONS.ownerLeft);
  });

  it('disables a whole server kiroku is no longer in (removed while it was offline)', async () => {
    const h = await open(START);
    const guildId = h.discord.guildIds[0] ?? '';
    const [first = ''] = h.channels;
    const alices = await feedOf(h, OWNERS.alice, 'alice', first);
    await h.jobs.feed.runCycle();
    h.discord.removeGuild(guildId);
    h.clock.advance(DAY);
    carolRecords(h, 'nobody should see this');
    await h.jobs.feed.runCycle();
    expect(await h.subscriptions.get(alices.id)).toMatchObject({
      state: 'disabled',
      stateReason: STATE_REASONS.botRemoved,
    });
    expect(h.discord.directMessages(OWNERS.alice)[0]?.content).toMatch(/^kiroku was removed from the server/);
  });

  it('holds the post back when Discord cannot answer, and posts it once Discord answers', async () => {
    const h = await open(START);
    const [first = ''] = h.channels;
    const alices = await feedOf(h, OWNERS.alice, 'alice', first);
    await h.jobs.feed.runCycle();
    h.clock.advance(HOUR + 1);
    h.discord.faults.serverErrors = {
      count: 1,
      status: 500,
      match: (call) => call.path.includes('/members/'),
    };
    carolRecords(h, 'during a Discord hiccup');
    const held = await h.jobs.feed.runCycle();
    expect(held.retryLater).toBe(1);
    expect((await h.subscriptions.get(alices.id))?.state).toBe('active');
    expect(h.discord.channelMessages(first)).toHaveLength(0);
    await h.jobs.feed.runCycle();
    expect(h.discord.channelMessages(first)).toHaveLength(1);
    expect(h.discord.channelMessages(first)[0]?.embeds?.[0]?.description ?? '').toContain('hiccup');
  });
});

describe('a server or channel that refuses kiroku, with owners split over shard processes', () => {
  it('disables every owner’s subscriptions there, also those another process runs', async () => {
    // This process runs alice's jobs only, as one shard process of two would.
    const h = await openHarness({ start: START, servesOwner: (ownerId) => ownerId === OWNERS.alice });
    const [first = '', second = ''] = h.channels;
    await h.subscribe({ kind: 'feed', channelId: first, ownerId: OWNERS.alice, feed: { actions: [] } });
    await h.subscribe({ kind: 'feed', channelId: first, ownerId: OWNERS.bob, feed: { actions: [] } });
    await h.subscribe({ kind: 'feed', channelId: second, ownerId: OWNERS.bob, feed: { actions: [] } });

    const byChannel = await h.jobs.notices.disableChannel(first, 'forbidden');
    expect(byChannel.map((s) => s.ownerId).sort()).toEqual([OWNERS.alice, OWNERS.bob].sort());

    const byServer = await h.jobs.notices.disableGuild(h.discord.guildIds[0] ?? '');
    expect(byServer.map((s) => [s.ownerId, s.channelId])).toEqual([[OWNERS.bob, second]]);
    const states = (await h.subscriptions.all()).map((s) => s.state);
    expect(states).toEqual(['disabled', 'disabled', 'disabled']);
  });
});
