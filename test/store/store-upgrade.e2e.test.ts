/**
 * The start-up upgrade in the running bot: a subscription that cannot be read is quarantined (not
 * skipped), counted in the gauge, and its owner told by DM, once; and every collection the bot
 * opens has a schema version.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PLAIN_RECORD_KINDS } from '#src/app/stored-records.js';
import { openedCollections, rawRecords } from '#src/store/index.js';
import { type Stack, startStack, USERS } from '../support/stack.js';

describe('the store upgrade at start', () => {
  let stack: Stack | undefined;
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  it('every collection the bot opens is versioned', async () => {
    stack = await startStack();
    const known = new Set(PLAIN_RECORD_KINDS.map((kind) => kind.collection));
    const opened = openedCollections(stack.kiroku.store).filter(
      (name) => !['store-schema', 'quarantine'].includes(name),
    );
    expect(opened.filter((name) => !known.has(name))).toEqual([]);
  });

  it('quarantines an unreadable subscription, counts it, and tells its owner once', {
    timeout: 60_000,
  }, async () => {
    stack = await startStack();
    const owner = USERS.alice.id;
    const broken = JSON.stringify({
      value: { id: 'dead0001', ownerId: owner, kind: 'feed', state: 'sleeping' },
    });
    expect(await rawRecords(stack.kiroku.store, 'subscriptions').insert('dead0001', broken)).toBe(true);
    await stack.restart();
    // Set aside once the bot answers (a restart does not wait for a read of every record).
    expect((await stack.kiroku.storeChecked)?.quarantinedByCollection.get('subscriptions')).toBe(1);

    const gauge = await stack.kiroku.metrics.registry.getSingleMetricAsString(
      'kiroku_store_quarantined_records',
    );
    expect(gauge).toContain('kiroku_store_quarantined_records{collection="subscriptions"} 1');
    const told = () => stack?.discord.directMessages(owner) ?? [];
    for (let i = 0; i < 200 && told().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(told()).toHaveLength(1);
    expect(told()[0]?.content).toContain('`dead0001`');
    // Right after the start, the commands to run again are already clickable mentions.
    const feedId = stack.discord.registeredCommands().find((c) => c.name === 'subscription')?.id;
    expect(told()[0]?.content).toContain(`</subscription feed:${feedId}>`);
    expect(stack.logs()).toContain('quarantined a record that cannot be read');

    await stack.restart();
    await stack.kiroku.storeChecked;
    await new Promise((r) => setTimeout(r, 500));
    expect(told()).toHaveLength(1);
    expect(
      await stack.kiroku.metrics.registry.getSingleMetricAsString('kiroku_store_quarantined_records'),
    ).toContain('collection="subscriptions"} 1');
  });
});
