import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GINGA, DEMO_OAUTH_CLIENT, DEMO_TOKENS, DEMO_USERS } from '../fakes/emulator/seed.js';
import { classifyAnswer, isServiceError } from '../support/faults/answers.js';
import {
  activityPosts,
  countDeliveries,
  type ExpectedPost,
  expectEachPostOnce,
} from '../support/faults/deliveries.js';
import { type FeedFixture, settleFeed, setUpFeeds, waitForBudget } from '../support/faults/feed-fixture.js';
import { reportFigures } from '../support/faults/figures.js';
import { type ProcessFailures, watchProcessFailures } from '../support/faults/process-failures.js';
import { directorySources, findLeaks, restSources } from '../support/faults/secrets.js';
import { type Stack, startStack, USERS } from '../support/stack.js';
import { DISCORD_SCENARIOS, type FaultScenario, SERVICE_SCENARIOS } from './fault-scenarios.js';

/** A reply may take 3 service attempts of 10 s each (hang) plus backoff. */
const REPLY_TIMEOUT = 45_000;

/**
 * The real bot (in-process) against a failing service and a failing Discord: it keeps answering or
 * says clearly that the service is failing, never crashes, and its feed neither loses nor repeats
 * a post once the fault is gone.
 */
describe('the bot under service and Discord faults', () => {
  let stack: Stack;
  let feeds: FeedFixture;
  let failures: ProcessFailures;
  const expected: ExpectedPost[] = [];
  const figures = { faultScenarios: 0, faultyResponses: 0, interactions: 0, answered: 0, clearErrors: 0 };
  let workId: number = DEMO_GINGA.firstId;

  beforeAll(async () => {
    failures = watchProcessFailures();
    // A faster budget than the default 3/s only to keep the suite short; the 429s come from the faults.
    stack = await startStack({ env: { SERVICE_RATE_PER_SECOND: '10' }, emulatorRateLimit: false });
    feeds = await setUpFeeds(stack);
  });
  afterAll(async () => {
    failures?.dispose();
    await stack?.close();
  });

  /** Three interactions: a catalogue lookup (operator token), /me (alice's token), an autocomplete. */
  async function interact() {
    const id = workId++;
    const pending = await Promise.all([
      stack.discord.slash({
        name: 'work',
        subcommand: 'info',
        options: { work: String(id) },
        user: USERS.bob,
      }),
      stack.discord.slash({ name: 'me', user: USERS.alice }),
      stack.discord.autocomplete({
        name: 'work',
        subcommand: 'info',
        options: { work: `銀河 ${id}` },
        focused: 'work',
        user: USERS.stranger,
      }),
    ]);
    const replies = await Promise.all(pending.map((result) => result.reply(REPLY_TIMEOUT)));
    figures.interactions += pending.length;
    figures.answered += replies.length;
    for (const result of pending) expect(result.errors, 'Discord refused an answer').toEqual([]);
    return replies;
  }

  function faultyResponses(fromCall: number, emulatorRequests: number): number {
    const discordFaults = stack.discord.restCalls.slice(fromCall).filter((call) => call.status >= 400).length;
    return discordFaults + emulatorRequests;
  }

  function expectDeliveries(): void {
    const count = countDeliveries(stack.discord, expected);
    expectEachPostOnce(count);
  }

  async function runScenario(scenario: FaultScenario): Promise<void> {
    const activities = feeds.createActivities(3);
    expected.push(...activityPosts(feeds.channels.all, activities, stack.emulator.data));
    const fromCall = stack.discord.restCalls.length;
    stack.emulator.resetStats();
    const injected = scenario.inject(stack);
    const cycle = stack.kiroku.jobs.feed.runCycle();
    await injected;
    const replies = await interact();
    await cycle;
    const isServiceFault = scenario.name.startsWith('service') && !scenario.answersNormally;
    const servedUnderFault = isServiceFault ? stack.emulator.stats.requests : 0;
    scenario.clear(stack);
    figures.faultScenarios += 1;
    figures.faultyResponses += faultyResponses(fromCall, servedUnderFault);

    const [lookup, me, choices] = replies;
    expect(choices?.type).toBe(8);
    for (const reply of [lookup, me]) {
      if (!reply) throw new Error('missing reply');
      const kind = classifyAnswer(reply);
      expect(kind, `${scenario.name}: ${reply.content}`).not.toBe('internal-error');
      if (scenario.answersNormally) expect(reply.embeds[0]?.title, scenario.name).toBeTruthy();
      else if (kind === 'service-error') figures.clearErrors += 1;
      else expect(reply.embeds[0]?.title, scenario.name).toBeTruthy();
    }

    await waitForBudget(stack.kiroku.budget);
    await settleFeed(stack);
    expectDeliveries();
    // After the fault the bot answers normally again.
    const [after] = await interact();
    expect(after?.embeds[0]?.title).toBeTruthy();
  }

  for (const scenario of [...SERVICE_SCENARIOS, ...DISCORD_SCENARIOS]) {
    it(scenario.name, { timeout: scenario.slow ? 90_000 : 45_000 }, async () => {
      await runScenario(scenario);
    });
  }

  it('a token refused (401) mid-poll pauses only its owner, says so, and loses nothing', async () => {
    const activities = feeds.createActivities(4);
    expected.push(...activityPosts(feeds.channels.all, activities, stack.emulator.data));
    const fromCall = stack.discord.restCalls.length;
    stack.emulator.faults.unauthorizedTokens.add(DEMO_TOKENS.alice);
    const [, me] = await interact();
    expect(me && isServiceError(me, 'error.unauthorized')).toBe(true);
    await stack.kiroku.jobs.feed.runCycle();
    const states = await stack.kiroku.deps.subscriptions.all((s) => s.ownerId === USERS.alice.id);
    expect(states.map((s) => s.state)).toEqual(['paused', 'paused']);
    expect(stack.discord.directMessages(USERS.alice.id).length).toBeGreaterThan(0);
    // bob's subscriptions carry on: the shared channel and his own got the new activities already.
    const bobOnly = countDeliveries(
      stack.discord,
      activityPosts(feeds.channels.bob, activities, stack.emulator.data),
    );
    expect(bobOnly.lost).toBe(0);

    // More activity while alice is paused, then she links again: nothing is lost.
    expected.push(...activityPosts(feeds.channels.all, feeds.createActivities(2), stack.emulator.data));
    stack.emulator.faults.unauthorizedTokens.clear();
    figures.faultScenarios += 1;
    figures.faultyResponses += faultyResponses(fromCall, 0);
    await (await stack.discord.slash({ name: 'account', subcommand: 'link', user: USERS.alice })).reply(
      REPLY_TIMEOUT,
    );
    const linked = await (
      await stack.discord.modal({
        customId: 'account:token',
        fields: { token: DEMO_TOKENS.alice },
        user: USERS.alice,
      })
    ).reply(REPLY_TIMEOUT);
    expect(linked.content).toBe(`Linked as **${DEMO_USERS.alice.username}**.`);
    await settleFeed(stack);
    expectDeliveries();
  });

  it('a channel answering 403 and another answering 404 are disabled with a notice; the rest carry on', async () => {
    const [forbidden = '', shared = ''] = feeds.channels.alice;
    const missing = feeds.channels.bob[1] ?? '';
    stack.discord.faults.channelStatus.set(forbidden, 403);
    stack.discord.faults.channelStatus.set(missing, 404);
    const dmsBefore = stack.discord.directMessages(USERS.bob.id).length;
    const activities = feeds.createActivities(3);
    // Only the shared channel can still receive them.
    expected.push(...activityPosts([shared], activities, stack.emulator.data));
    const fromCall = stack.discord.restCalls.length;
    await interact();
    await settleFeed(stack);
    figures.faultScenarios += 1;
    figures.faultyResponses += faultyResponses(fromCall, 0);
    const subscriptions = await stack.kiroku.deps.subscriptions.all();
    const stateOf = (channelId: string) =>
      subscriptions.filter((s) => s.channelId === channelId).map((s) => `${s.state}:${s.stateReason ?? ''}`);
    expect(stateOf(forbidden)).toEqual(['disabled:channel-forbidden']);
    expect(stateOf(missing)).toEqual(['disabled:channel-missing']);
    expect(stateOf(shared)).toEqual(['active:', 'active:']);
    expect(stack.discord.directMessages(USERS.bob.id).length).toBeGreaterThan(dmsBefore);
    expectDeliveries();
    stack.discord.faults.channelStatus.clear();
  });

  it('no unhandled rejection, no crash, and no token in logs, replies, posts or the data directory', async () => {
    const secrets = [...Object.values(DEMO_TOKENS), DEMO_OAUTH_CLIENT.secret, stack.discord.botToken];
    const leaks = findLeaks(secrets, [
      { name: 'logs', content: stack.logs() },
      ...restSources(stack.discord.restCalls),
      ...(await directorySources(stack.dataDir)),
    ]);
    expect(leaks).toEqual([]);
    expect(failures.describe()).toEqual([]);
    const deliveries = countDeliveries(stack.discord, expected);
    reportFigures('faults', {
      ...figures,
      postsExpected: deliveries.expected,
      postsLost: deliveries.lost,
      postsDuplicated: deliveries.duplicated,
      crashes: failures.count(),
      leaks: leaks.length,
    });
  });
});
