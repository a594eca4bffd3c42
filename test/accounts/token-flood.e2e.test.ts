/**
 * End to end with the production limits and share: the token form's check of a token
 * (`me` and token info) is the person's call. Two accounts of one person flood the form while another
 * person looks things up: the other's lookups all answer within 6 s, and every check the flood made is
 * counted against the flooder's own share (before, the checks were made for no one and went ahead of
 * everybody, about two service requests per submission whatever the share said).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INTERACTION_LIMITS } from '#src/bot/interaction-limits.js';
import { DEMO_WORKS } from '../fakes/emulator/seed.js';
import { type Stack, startStack, USERS } from '../support/stack.js';

const FLOODERS = [
  { id: '390000000000000011', username: 'flood_a', token: 'not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaaaaa1' },
  { id: '390000000000000012', username: 'flood_b', token: 'not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaaaaa2' },
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a flood of the token form', () => {
  let stack: Stack;
  const checksBy = new Map<string, number>();

  beforeAll(async () => {
    stack = await startStack({
      interactionLimits: DEFAULT_INTERACTION_LIMITS,
      onServiceRequest: ({ token }) => {
        if (token) checksBy.set(token, (checksBy.get(token) ?? 0) + 1);
      },
    });
    await stack.link(USERS.bob.id, 'bob');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('leaves another person’s lookups their turn, and counts every check against the flooder', async () => {
    let flooding = true;
    let submitted = 0;
    // Each account at its full allowance of component interactions: a submission a second.
    const flood = (async () => {
      const pending: Promise<unknown>[] = [];
      while (flooding) {
        for (const flooder of FLOODERS) {
          const submit = stack.discord.modal({
            customId: 'account:token',
            fields: { token: flooder.token },
            user: { id: flooder.id, username: flooder.username },
          });
          pending.push(submit.then((result) => result.reply(15_000)).catch(() => undefined));
          submitted += 1;
        }
        await sleep(1_000);
      }
      await Promise.all(pending);
    })();
    await sleep(2_000);
    const works = [
      DEMO_WORKS.soraNote,
      DEMO_WORKS.haganeMelody,
      DEMO_WORKS.houkagoDragon,
      DEMO_WORKS.cafeLumina,
    ];
    const lookups: Array<{ work: number; ok: boolean }> = [];
    for (const work of works) {
      const asked = await stack.discord.slash({
        name: 'work',
        subcommand: 'info',
        options: { work: String(work) },
        user: USERS.bob,
      });
      const reply = await asked.reply(6_000).catch(() => undefined);
      lookups.push({ work, ok: (reply?.embeds.length ?? 0) > 0 });
      await sleep(1_500);
    }
    flooding = false;
    await flood;
    // A check answered 401 ends its submission at once; its other check may still be on its way.
    const queued = () => Object.values(stack.kiroku.budget.stats().queued).reduce((a, b) => a + b, 0);
    while (queued() > 0) await sleep(100);
    await sleep(500);
    expect(submitted).toBeGreaterThan(10);
    // Before: the checks, made for no one, went first; the lookups waited behind them and were refused.
    expect(lookups.filter((lookup) => !lookup.ok)).toEqual([]);
    for (const flooder of FLOODERS) {
      const checks = checksBy.get(flooder.token) ?? 0;
      expect(checks).toBeGreaterThan(0);
      // Every check that reached the service was counted against the flooder's own share.
      expect(stack.kiroku.budget.shareOf(flooder.id)?.used).toBe(checks);
    }
  }, 60_000);
});
