import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedRates } from '#src/jobs/feed/rates.js';
import { type Harness, startHarness } from '../support/jobs-harness.js';

const START = '2025-06-01T12:00:00Z';
const OWNERS = ['330000000000000001', '330000000000000002', '330000000000000003'] as const;
const [BUSY, IDLE, PAUSED] = OWNERS;
/** Three owners at 0.01 poll/s: a round-robin cycle of 300 s, so nobody may wait over 1,200 s. */
const POLLS_PER_S = 0.01;
const MAX_GAP_MS = 4 * (OWNERS.length / POLLS_PER_S) * 1000;
const STEP_MS = 10_000;

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A service user of its own (a feed with only its own activity), linked to `discordId`, subscribed. */
async function owner(h: Harness, discordId: string, channel: string) {
  const user = h.emulator.data.createUser({ username: `sched_${discordId.slice(-1)}` });
  await h.vault.put(discordId, {
    token: h.emulator.data.issueToken(user.id),
    scopes: ['read', 'write'],
    serviceUserId: user.id,
    serviceUsername: user.username,
    method: 'token',
    linkedAt: h.clock.now().toISOString(),
  });
  const subscription = await h.subscribe({
    kind: 'feed',
    channelId: channel,
    ownerId: discordId,
    feed: { actions: [] },
  });
  return { user, subscription };
}

/** Runs the scheduler's ticks over `ms` of the injected clock; the busy owner records every 2 minutes. */
async function run(h: Harness, ms: number, busyUserId: number, polls: Map<string, number[]>) {
  const episode = [...h.emulator.data.episodes.values()][0]?.id ?? 0;
  for (let elapsed = 0; elapsed < ms; elapsed += STEP_MS) {
    if (elapsed % 120_000 === 0) h.emulator.data.createRecord({ userId: busyUserId, episodeId: episode });
    await h.jobs.pacedPolling.tick();
    h.clock.advance(STEP_MS);
  }
  return polls;
}

function recordPolls(h: Harness): Map<string, number[]> {
  const polls = new Map<string, number[]>();
  const real = h.jobs.feed.pollOwner.bind(h.jobs.feed);
  vi.spyOn(h.jobs.feed, 'pollOwner').mockImplementation((ownerId, subscriptions, mark) => {
    polls.set(ownerId, [...(polls.get(ownerId) ?? []), h.clock.now().getTime()]);
    return real(ownerId, subscriptions, mark);
  });
  return polls;
}

function longestGap(times: number[], end: number): number {
  const all = [...times, end];
  return Math.max(...all.slice(1).map((t, i) => t - (all[i] ?? t)));
}

describe('feed scheduler', () => {
  it('polls a busy owner more often than an idle one, nobody past 4 cycles, paused owners never', async () => {
    const h = await startHarness({
      start: START,
      jobs: { feedPollsPerSecond: POLLS_PER_S, feed: { policy: 'adaptive' } },
    });
    harness = h;
    const [a, b, c] = h.channels as [string, string, string];
    const busy = await owner(h, BUSY, a);
    await owner(h, IDLE, b);
    const paused = await owner(h, PAUSED, c);
    await h.subscriptions.update(paused.subscription.id, { state: 'paused' });
    const polls = recordPolls(h);

    await run(h, 3 * 3_600_000, busy.user.id, polls);
    const busyPolls = polls.get(BUSY) ?? [];
    const idlePolls = polls.get(IDLE) ?? [];
    expect(busyPolls.length).toBeGreaterThan(2 * idlePolls.length);
    expect(idlePolls.length).toBeGreaterThan(0);
    const end = h.clock.now().getTime();
    for (const times of [busyPolls, idlePolls])
      expect(longestGap(times, end)).toBeLessThanOrEqual(MAX_GAP_MS + STEP_MS);
    expect(polls.has(PAUSED)).toBe(false);
    // The busy owner's records were all posted.
    expect(h.discord.channelMessages(a).length).toBeGreaterThan(80);
  });

  it('reads a full page on an owner’s first poll, so its rate comes from more of the feed’s past', async () => {
    const h = await startHarness({
      start: START,
      jobs: { feedPollsPerSecond: POLLS_PER_S, feed: { policy: 'adaptive' } },
    });
    harness = h;
    const [a = ''] = h.channels;
    const busy = await owner(h, BUSY, a);
    const episode = [...h.emulator.data.episodes.values()][0]?.id ?? 0;
    // Twenty records over the last 20 minutes, all before the subscription's starting point.
    for (let minutes = 20; minutes >= 1; minutes--) {
      const createdAt = new Date(h.clock.now().getTime() - minutes * 60_000);
      h.emulator.data.createRecord({ userId: busy.user.id, episodeId: episode, createdAt });
    }
    await h.jobs.feed.startOwner(BUSY);
    await h.jobs.pacedPolling.tick();
    // All twenty seen (a probe of five would have counted five); none of them posted.
    expect((await new FeedRates(h.store).get(BUSY))?.events).toBe(20);
    expect(h.discord.channelMessages(a)).toHaveLength(0);
    expect(h.jobs.pace.readsHistory(BUSY)).toBe(false);
  });

  it('keeps the estimated rates across a restart', async () => {
    const h = await startHarness({
      start: START,
      jobs: { feedPollsPerSecond: POLLS_PER_S, feed: { policy: 'adaptive' } },
    });
    harness = h;
    const [a, b] = h.channels as [string, string];
    const busy = await owner(h, BUSY, a);
    await owner(h, IDLE, b);
    await run(h, 3_600_000, busy.user.id, recordPolls(h));
    await h.jobs.pace.replan(true);
    const before = { busy: h.jobs.pace.intervalMs(BUSY), idle: h.jobs.pace.intervalMs(IDLE) };
    expect(before.busy).toBeLessThan(before.idle);

    await h.restart();
    await h.jobs.pace.replan(true);
    expect(h.jobs.pace.intervalMs(BUSY)).toBeCloseTo(before.busy, 3);
    expect(h.jobs.pace.intervalMs(IDLE)).toBeCloseTo(before.idle, 3);
    // After the restart the busy owner is due one interval after its stored last poll, not at once.
    expect(h.jobs.pace.dueAt(BUSY)).toBeGreaterThan(h.clock.now().getTime() - STEP_MS);
  });

  it('polls an owner given a new subscription mid-poll again right after that poll, never twice at once', async () => {
    const h = await startHarness({
      start: START,
      jobs: { feedPollsPerSecond: POLLS_PER_S, feed: { policy: 'adaptive' } },
    });
    harness = h;
    await owner(h, BUSY, h.channels[0] ?? '');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen = { calls: 0, running: 0, overlapped: false };
    const real = h.jobs.feed.pollOwner.bind(h.jobs.feed);
    vi.spyOn(h.jobs.feed, 'pollOwner').mockImplementation(async (ownerId, subscriptions, mark) => {
      seen.calls += 1;
      seen.running += 1;
      seen.overlapped ||= seen.running > 1;
      try {
        if (seen.calls === 1) await gate;
        return await real(ownerId, subscriptions, mark);
      } finally {
        seen.running -= 1;
      }
    });
    const first = h.jobs.pacedPolling.tick(); // takes the owner, whose poll waits at the gate
    await vi.waitFor(() => expect(seen.calls).toBe(1));
    h.jobs.pacedPolling.pollSoon(BUSY);
    expect((await h.jobs.pacedPolling.tick()).polled).toBe(0); // not while its poll runs
    release();
    // The clock has not moved: only the new subscription makes it due again, in the same tick.
    expect((await first).polled).toBe(2);
    expect(seen).toMatchObject({ calls: 2, overlapped: false });
  });
});
