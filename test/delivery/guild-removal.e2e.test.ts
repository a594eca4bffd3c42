import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATE_REASONS } from '#src/jobs/index.js';
import type { Subscription } from '#src/subscriptions/model.js';
import { type Stack, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

/** Waits until the subscription reaches a state (gateway events are handled asynchronously). */
async function waitForState(stack: Stack, id: string, state: Subscription['state']): Promise<Subscription> {
  const deadline = Date.now() + TIMEOUT;
  for (;;) {
    const found = await stack.kiroku.deps.subscriptions.get(id);
    if (found?.state === state) return found;
    if (Date.now() > deadline) throw new Error(`subscription ${id} is ${found?.state}, not ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * When kiroku is removed from a server (GUILD_DELETE without `unavailable`) the
 * server's subscriptions are disabled and counted; an outage (GUILD_DELETE with `unavailable`)
 * changes nothing; an owner who left is found by the daily membership check.
 */
describe('servers kiroku left and owners who left', () => {
  let first: string;
  let second: string;
  const ids: Record<string, string> = {};

  const stack = useStack();
  beforeAll(async () => {
    [first = '', second = ''] = stack.discord.guildIds;
    await stack.link(USERS.alice.id, 'alice');
    for (const guildId of [first, second]) {
      const [channel = ''] = stack.discord.channelIds(guildId);
      const reply = await (
        await stack.discord.slash({
          name: 'subscription',
          subcommand: 'feed',
          options: [{ name: 'channel', type: ApplicationCommandOptionType.Channel, value: channel }],
          user: USERS.alice,
          guildId,
        })
      ).reply(TIMEOUT);
      ids[guildId] = /id: `([a-z0-9]+)`\./.exec(reply.content ?? '')?.[1] ?? '';
    }
  });

  it('an outage changes nothing; being removed disables that server’s subscriptions only, and counts them', async () => {
    // Gateway events are handled in order: once the removal of `second` is seen, the outage of
    // `first` (sent before it) has been handled too.
    stack.discord.dispatch('GUILD_DELETE', { id: first, unavailable: true });
    stack.discord.removeGuild(second);
    const removed = await waitForState(stack, ids[second] ?? '', 'disabled');
    expect(removed.stateReason).toBe(STATE_REASONS.botRemoved);
    expect((await stack.kiroku.deps.subscriptions.get(ids[first] ?? ''))?.state).toBe('active');
    const [notice] = await waitForDirectMessages(stack, USERS.alice.id, 1);
    expect(notice?.content).toBe(
      `kiroku was removed from the server ${second}, so your subscription \`${ids[second]}\` there is disabled.`,
    );
    const metrics = await stack.kiroku.metrics.registry.getSingleMetricAsString(
      'kiroku_subscriptions_disabled_total',
    );
    expect(metrics).toContain('kiroku_subscriptions_disabled_total{reason="bot-removed"} 1');
  });

  it('the daily check finds an owner who left, and /subscription list says why', async () => {
    stack.discord.removeMember(first, USERS.alice.id);
    await stack.kiroku.jobs.feed.runCycle();
    const left = await stack.kiroku.deps.subscriptions.get(ids[first] ?? '');
    expect(left).toMatchObject({ state: 'disabled', stateReason: STATE_REASONS.ownerLeft });
    const metrics = await stack.kiroku.metrics.registry.getSingleMetricAsString(
      'kiroku_subscriptions_disabled_total',
    );
    expect(metrics).toContain('kiroku_subscriptions_disabled_total{reason="owner-left"} 1');
    const list = await (
      await stack.discord.slash({ name: 'subscription', subcommand: 'list', user: USERS.bob, guildId: first })
    ).reply(TIMEOUT);
    expect(list.embeds[0]?.description).toContain('disabled (the owner left this server)');
  });
});

async function waitForDirectMessages(stack: Stack, userId: string, count: number) {
  const deadline = Date.now() + TIMEOUT;
  while (stack.discord.directMessages(userId).length < count) {
    if (Date.now() > deadline) throw new Error(`no direct message to ${userId}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return stack.discord.directMessages(userId);
}
