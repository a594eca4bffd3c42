/**
 * Issue 28 item 1, through the real client against the fake Discord and the emulator: each person has
 * a bounded share of the service budget (autocomplete on the operator's token included), autocomplete
 * is answered from the cache first and never queues beyond the share, and a command beyond it is told
 * "try again in N s" in the reader's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOCOMPLETE_SHARE_RESERVE } from '../../commands/catalogue/works.js';
import { DEFAULT_INTERACTION_LIMITS } from '../../src/bot/interaction-limits.js';
import { DEMO_WORKS } from '../fakes/emulator/seed-ids.js';
import { type Stack, startStack, USERS } from '../support/stack.js';

const TIMEOUT = 15_000;
const BUSY_SHARE =
  /^You have made many requests to Annict in a short time, so this one was not sent\. Try again in (\d+) s\.$/;
/**
 * A burst of 4 (the production one, DEFAULT_PERSON_SHARE, is larger: the test reaches the end of a
 * share in fewer keystrokes), growing back only once an hour, so the test never races the refill.
 */
const SHARE = { burst: 4, refillPerSecond: 1 / 3600 };

describe("each person's share of the service budget", () => {
  let stack: Stack;
  const requests = () => stack.emulator.stats.requests;

  beforeAll(async () => {
    // Production limits on interactions; the share with the production burst.
    stack = await startStack({ interactionLimits: { ...DEFAULT_INTERACTION_LIMITS, serviceShare: SHARE } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const typeWork = async (user: { id: string; username: string }, text: string) =>
    (
      await (
        await stack.discord.autocomplete({
          name: 'work',
          subcommand: 'info',
          options: { work: text },
          focused: 'work',
          user,
        })
      ).reply(TIMEOUT)
    ).choices ?? [];

  const workInfo = async (user: { id: string; username: string }, workId: number, locale = 'en-US') =>
    (
      await stack.discord.slash({
        name: 'work',
        subcommand: 'info',
        options: { work: String(workId) },
        user,
        locale,
      })
    ).reply(TIMEOUT);

  it('counts autocomplete on the operator token against the unlinked person, then answers from the cache only', async () => {
    // The stranger never linked: the operator's token serves their catalogue lookups.
    expect(await stack.kiroku.deps.vault.get(USERS.stranger.id)).toBeUndefined();
    const keystrokes = SHARE.burst - AUTOCOMPLETE_SHARE_RESERVE;
    const texts = ['銀河', '空色', '鋼の'];
    for (const text of texts.slice(0, keystrokes)) {
      const before = requests();
      expect((await typeWork(USERS.stranger, text)).length).toBeGreaterThan(0);
      expect(requests() - before).toBe(1);
    }
    // Beyond the share (less the reserve kept for the command): no request, never a queued one.
    let before = requests();
    expect(await typeWork(USERS.stranger, '鋼の')).toEqual([]);
    // A longer text of one already answered is narrowed from the cache.
    const narrowed = await typeWork(USERS.stranger, '銀河の');
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.every((choice) => choice.name.includes('銀河の'))).toBe(true);
    // One character never reaches the service, whoever types it.
    expect(await typeWork(USERS.stranger, '鋼')).toEqual([]);
    expect(requests() - before).toBe(0);

    // Someone else has their whole share; what they looked up is then in the cache for everyone.
    before = requests();
    expect((await typeWork(USERS.bob, '鋼の')).length).toBeGreaterThan(0);
    expect(requests() - before).toBe(1);
    before = requests();
    expect((await typeWork(USERS.stranger, '鋼の')).length).toBeGreaterThan(0);
    expect(requests() - before).toBe(0);
  });

  it('keeps the reserve for the command, then refuses at once with the wait in both languages', async () => {
    // A lookup by id is one request for an unlinked person: the reserve covers two of them.
    const before = requests();
    for (const work of [DEMO_WORKS.soraNote, DEMO_WORKS.houkagoDragon])
      expect((await workInfo(USERS.stranger, work)).embeds).toHaveLength(1);
    expect(requests() - before).toBe(AUTOCOMPLETE_SHARE_RESERVE);

    const after = requests();
    const refused = await workInfo(USERS.stranger, DEMO_WORKS.haganeMelody);
    expect(refused.ephemeral).toBe(true);
    const seconds = Number(BUSY_SHARE.exec(refused.content ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(1 / SHARE.refillPerSecond);
    const japanese = await workInfo(USERS.stranger, DEMO_WORKS.haganeMelody, 'ja');
    expect(japanese.content).toMatch(
      /^短時間に Annict への問い合わせが続いたため、いったん受け付けを止めています。\d+ 秒後にもう一度お試しください。$/,
    );
    expect(requests() - after).toBe(0);
    // Another person is not affected.
    expect((await workInfo(USERS.bob, DEMO_WORKS.haganeMelody)).embeds).toHaveLength(1);
  });

  it('still opens the episode list of a chosen work on an empty query', async () => {
    const before = requests();
    const reply = await (
      await stack.discord.autocomplete({
        name: 'record',
        subcommand: 'list',
        options: { work: String(DEMO_WORKS.tsukikage), episode: '' },
        focused: 'episode',
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    expect(reply.choices?.length).toBeGreaterThan(0);
    expect(requests() - before).toBeGreaterThan(0);
  });
});
