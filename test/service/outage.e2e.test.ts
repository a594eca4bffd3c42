/**
 * The service's faults, end to end with the production limits and share: an outage of the
 * service is answered as the service's (its configured name, the person's language), never as the
 * person's use of it, and leaves their share as it was; a person told to wait gets the time as a
 * Discord timestamp; a refused button leaves its message as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INTERACTION_LIMITS } from '#src/bot/interaction-limits.js';
import { customIds } from '../fakes/discord/fake-discord.js';
import { clearAnswerFaults } from '../fakes/emulator/faults.js';
import { DEMO_WORKS } from '../fakes/emulator/seed.js';
import { type Stack, startStack, USERS } from '../support/stack.js';

const TIMEOUT = 15_000;
const SERVICE_NAME = 'Annict Beta';

describe('an outage and a wait, as the person reads them', () => {
  let stack: Stack;
  const bob = { user: { ...USERS.bob, locale: 'en-US' } };

  beforeAll(async () => {
    stack = await startStack({ interactionLimits: DEFAULT_INTERACTION_LIMITS, env: { SERVICE_NAME } });
    await stack.link(USERS.alice.id, 'alice');
    await stack.link(USERS.bob.id, 'bob');
  });
  afterAll(async () => {
    await stack?.close();
  });

  // Five commands at most in 10 s (the interaction limits): each test has a person of its own.
  const search = async (
    title: string,
    locale = 'en-US',
    person: { id: string; username: string } = USERS.alice,
  ) =>
    (
      await stack.discord.slash({
        name: 'work',
        subcommand: 'search',
        options: { title },
        user: { ...person, locale },
        locale,
      })
    ).reply(TIMEOUT);

  it('names the outage, in the person’s language, and leaves their share unchanged', async () => {
    // The person has browsed a while: their share is in use.
    for (const title of ['空色', '鋼の']) expect((await search(title)).embeds).toHaveLength(1);
    const before = stack.kiroku.budget.shareOf(USERS.alice.id)?.used;
    expect(before).toBeGreaterThan(0);
    stack.emulator.faults.errorRate = 1;
    stack.emulator.faults.errorStatus = 500;
    try {
      // Each search is retried by the bot; before, the retries took the share and the reply blamed her.
      const replies = [await search('海辺'), await search('月影')];
      for (const reply of replies) {
        expect(reply.ephemeral).toBe(true);
        expect(reply.content).toBe(`${SERVICE_NAME} is not answering right now. Please try again later.`);
      }
      expect((await search('夜明け', 'ja')).content).toBe(
        `${SERVICE_NAME}が応答していません。しばらくしてからもう一度お試しください。`,
      );
    } finally {
      clearAnswerFaults(stack.emulator.faults);
    }
    expect(stack.kiroku.budget.shareOf(USERS.alice.id)?.used).toBe(before);
  });

  it('tells a person to wait with a Discord timestamp, and leaves the button’s message as it was', async () => {
    const list = await (
      await stack.discord.slash({
        name: 'episode',
        subcommand: 'list',
        options: { work: String(DEMO_WORKS.soraNote) },
        ...bob,
      })
    ).reply(TIMEOUT);
    const next = customIds(list.components).find((id) => id.startsWith('pg:') && id.endsWith(':2'));
    const messageId = list.message?.id ?? '';
    const shown = structuredClone(stack.discord.message(messageId));
    // The service answered 429 three times in a row: the budget pauses 1 s, 2 s, then 4 s, longer than
    // a person's call may wait.
    for (const pauseMs of [1_000, 2_000]) {
      stack.kiroku.budget.reportRateLimited();
      await new Promise((resolve) => setTimeout(resolve, pauseMs + 50));
    }
    stack.kiroku.budget.reportRateLimited();
    const pressed = await (
      await stack.discord.button({ customId: next ?? '', message: messageId, ...bob })
    ).reply(TIMEOUT);
    expect(pressed.ephemeral).toBe(true);
    expect(pressed.content).toMatch(
      new RegExp(
        `^${SERVICE_NAME} is busy right now, so this request could not be sent in time\\. Try again <t:\\d+:R>\\.$`,
      ),
    );
    const retryAt = Number(/<t:(\d+):R>/.exec(pressed.content ?? '')?.[1]) * 1000;
    expect(retryAt).toBeGreaterThan(Date.now());
    expect(retryAt).toBeLessThan(Date.now() + 10_000);
    // The list is still on page 1, its buttons as they were.
    expect(stack.discord.message(messageId)).toEqual(shown);
    const refused = await search('猫と', 'ja', USERS.bob);
    expect(refused.content).toMatch(
      /^Annict Betaが混み合っていて、時間内に送れませんでした。<t:\d+:R>にもう一度お試しください。$/,
    );
  });
});
