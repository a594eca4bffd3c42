import { afterEach, describe, expect, it } from 'vitest';
import { OwnerChanges } from '#src/jobs/owners/changes.js';
import { DEMO_USERS } from '../fakes/emulator/seed.js';
import { type Harness, OWNERS, startHarness } from '../support/jobs-harness.js';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A second channel subscribed while a poll of the same owner is under way (another process's, say). */
describe('a subscription made during a poll', () => {
  it('gets the activity made after its confirmation, although the poll read the subscriptions before it', async () => {
    const h = await startHarness({ start: '2025-06-01T12:00:00Z' });
    harness = h;
    await h.link(OWNERS.alice, 'alice');
    const [first = '', second = ''] = h.channels;
    const one = await h.subscribe({
      kind: 'feed',
      channelId: first,
      ownerId: OWNERS.alice,
      feed: { actions: [] },
    });
    await h.jobs.subscribed(OWNERS.alice);
    await h.jobs.feed.runCycle(); // the cursor
    const changes = new OwnerChanges(h.store);

    // The poll read [one] under this mark; then the second subscription is stored and confirmed...
    const markWhenRead = await changes.current(OWNERS.alice);
    await h.subscribe({ kind: 'feed', channelId: second, ownerId: OWNERS.alice, feed: { actions: [] } });
    await h.jobs.subscribed(OWNERS.alice);
    // ...then an activity is made, and only then does the poll fetch.
    const episode = [...h.emulator.data.episodes.values()][0];
    h.emulator.data.createRecord({
      userId: DEMO_USERS.bob.id,
      episodeId: episode?.id ?? 0,
      comment: 'just after',
    });
    const report = await h.jobs.feed.pollOwner(OWNERS.alice, [one], markWhenRead);

    expect(report.posted).toBe(2);
    expect(h.discord.channelMessages(first)).toHaveLength(1);
    expect(h.discord.channelMessages(second)).toHaveLength(1);
  });
});
