/**
 * Through the real discord.js client against the fake Discord and the emulator, with the
 * production limits and share: the share is fair, not a quota. A person alone at a person's pace is
 * never refused, whatever they did before; beside a flooder (two accounts at their full interaction
 * allowance) a person's title searches all answer within 6 s; the episode choices of a chosen work
 * appear as soon as the option is opened, even for a title the work list could not offer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INTERACTION_LIMITS } from '#src/bot/interaction-limits.js';
import { customIds, firstSelectOption, type InteractionReply } from '../fakes/discord/fake-discord.js';
import { DEMO_WORKS } from '../fakes/emulator/seed.js';
import { type Stack, startStack, USERS } from '../support/stack.js';

const TIMEOUT = 15_000;
/** What a refusal says, in English: the share, a wait, or the interaction limits. */
const REFUSED = /not sent|could not be sent|going too fast/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a fair share, not a quota (production limits)', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ interactionLimits: DEFAULT_INTERACTION_LIMITS });
    await stack.link(USERS.alice.id, 'alice');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const as = (user: { id: string; username: string }) => ({ user: { ...user, locale: 'en-US' } });

  it('never refuses one person at one action every 2.5 s for a minute on an idle bot', async () => {
    const alice = as(USERS.alice);
    const work = String(DEMO_WORKS.soraNote);
    let last: InteractionReply | undefined;
    const slash = async (name: string, subcommand?: string, options: Record<string, string> = {}) =>
      (await stack.discord.slash({ name, ...(subcommand ? { subcommand } : {}), options, ...alice })).reply(
        TIMEOUT,
      );
    const typed = async (
      name: string,
      subcommand: string,
      options: Record<string, string>,
      focused: string,
    ) => (await stack.discord.autocomplete({ name, subcommand, options, focused, ...alice })).reply(TIMEOUT);
    // A button or menu missing from the last answer (a refused command left none) counts as refused.
    const press = async (find: (reply: InteractionReply) => string | undefined) => {
      const customId = last && find(last);
      if (!last || !customId) return 'the button was missing';
      return (await stack.discord.button({ customId, message: last.message ?? '', ...alice })).reply(TIMEOUT);
    };
    const open = async () => {
      const menu = last && firstSelectOption(last.components);
      if (!last || !menu) return 'the Open menu was missing';
      return (
        await stack.discord.select({ ...menu, values: [menu.value], message: last.message ?? '', ...alice })
      ).reply(TIMEOUT);
    };
    const titles = ['空色', '鋼の', '放課後', '海辺', '月影', '異世界', '桜坂', '夜明け', '猫と', '宇宙'];
    // 24 actions: commands, buttons, an Open menu and autocompletes, as a person browses.
    const actions: Array<() => Promise<InteractionReply | string>> = [];
    for (let round = 0; actions.length < 24; round++) {
      const title = titles[round % titles.length] ?? '空色';
      actions.push(
        () => typed('work', 'info', { work: title }, 'work'),
        () => slash('work', 'search', { title }),
        open,
        () => slash('episode', 'list', { work }),
        () =>
          press((reply) =>
            customIds(reply.components).find((id) => id.startsWith('pg:') && id.endsWith(':2')),
          ),
        () => typed('record', 'post', { work, episode: '' }, 'episode'),
        () => slash(['library', 'schedule', 'watch', 'feed', 'me'][round % 5] ?? 'me'),
        () => slash('work', 'info', { work }),
        () => press((reply) => customIds(reply.components).find((id) => id.startsWith('work:episodes:'))),
      );
    }
    const refused: string[] = [];
    const started = performance.now();
    for (const [index, action] of actions.slice(0, 24).entries()) {
      await sleep(Math.max(0, started + index * 2500 - performance.now()));
      const reply = await action();
      if (typeof reply === 'string') {
        refused.push(`${index}: ${reply}`);
        continue;
      }
      const answered =
        reply.type === 8 ? (reply.choices?.length ?? 0) > 0 : !REFUSED.test(reply.content ?? '');
      if (!answered) refused.push(`${index}: ${reply.content ?? 'no choices'}`);
      if (reply.type !== 8) last = reply;
    }
    // Before: the share of 8 requests and one per 10 s refused about half of these.
    expect(refused).toEqual([]);
    expect(stack.kiroku.budget.shareOf(USERS.alice.id)?.used).toBeGreaterThan(
      DEFAULT_INTERACTION_LIMITS.serviceShare.burst,
    );
  }, 120_000);

  it('answers a person’s title searches within 6 s beside a flooder at full allowance', async () => {
    const flooders = ['390000000000000001', '390000000000000002'].map((id) => ({
      id,
      username: `flood${id.slice(-1)}`,
    }));
    let flooding = true;
    let sent = 0;
    // Each account at the full allowance, evenly: a command every 2 s and an autocomplete every 0.5 s,
    // with texts nobody else sends (the cache never answers them).
    const flood = (async () => {
      const pending: Promise<unknown>[] = [];
      for (let tick = 0; flooding; tick++) {
        for (const user of flooders) {
          const text = `洪水${user.id.slice(-1)}-${tick}`;
          const interaction =
            tick % 4 === 0
              ? stack.discord.slash({
                  name: 'work',
                  subcommand: 'search',
                  options: { title: text },
                  ...as(user),
                })
              : stack.discord.autocomplete({
                  name: 'work',
                  subcommand: 'info',
                  options: { work: text },
                  focused: 'work',
                  ...as(user),
                });
          pending.push(interaction.then((result) => result.reply(TIMEOUT)).catch(() => undefined));
          sent += 1;
        }
        await sleep(500);
      }
      await Promise.all(pending);
    })();
    await sleep(5_000);
    const titles = ['銀河', '竜', '剣士', 'パン屋', '探偵団'];
    const answers: Array<{ title: string; ok: boolean; ms: number }> = [];
    const searches: Promise<void>[] = [];
    for (const title of titles) {
      const sentAt = performance.now();
      searches.push(
        (async () => {
          const search = await stack.discord.slash({
            name: 'work',
            subcommand: 'search',
            options: { title },
            ...as(USERS.bob),
          });
          const reply = await search.reply(6_000).catch(() => undefined);
          answers.push({
            title,
            ok: (reply?.embeds.length ?? 0) > 0,
            ms: Math.round(performance.now() - sentAt),
          });
        })(),
      );
      await sleep(1_500);
    }
    await Promise.all(searches);
    flooding = false;
    await flood;
    expect(sent).toBeGreaterThan(40);
    // Before: 4 of 5 within 6 s (calls of people ranked by a quota that everyone had spent).
    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
  }, 120_000);

  it('offers the episodes of a chosen work as soon as the option opens, even for a title typed in full', async () => {
    const work = stack.emulator.data.createWork({ title: '🍣' });
    for (let n = 1; n <= 3; n++)
      stack.emulator.data.createEpisode({ workId: work.id, number: n, sortNumber: n * 10, title: `皿${n}` });
    const choices = async (workValue: string) =>
      (
        await (
          await stack.discord.autocomplete({
            name: 'record',
            subcommand: 'post',
            options: { work: workValue, episode: '' },
            focused: 'episode',
            ...as(USERS.alice),
          })
        ).reply(TIMEOUT)
      ).choices ?? [];
    // One character: the work list offers nothing to pick (the two-character minimum of a title search).
    const offered = await (
      await stack.discord.autocomplete({
        name: 'record',
        subcommand: 'post',
        options: { work: '🍣' },
        focused: 'work',
        ...as(USERS.alice),
      })
    ).reply(TIMEOUT);
    expect(offered.choices).toEqual([]);
    // Before: the episode list stayed empty for a work typed rather than picked.
    expect((await choices('🍣')).map((choice) => choice.name)).toHaveLength(3);
    expect((await choices(String(work.id))).map((choice) => choice.value)).toHaveLength(3);
  });
});

describe('an autocomplete beyond the share, while others wait', () => {
  let stack: Stack;
  // Shares counted over 1 s: an equal part of 2 requests, all of it kept for the command that follows.
  beforeAll(async () => {
    stack = await startStack({
      interactionLimits: { ...DEFAULT_INTERACTION_LIMITS, serviceShare: { burst: 2, windowSeconds: 1 } },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const typeWork = async (text: string) =>
    (
      await (
        await stack.discord.autocomplete({
          name: 'work',
          subcommand: 'info',
          options: { work: text },
          focused: 'work',
          user: USERS.stranger,
        })
      ).reply(TIMEOUT)
    ).choices ?? [];

  it('answers from the cache only while others wait, and from the service when nobody does', async () => {
    const requests = () => stack.emulator.stats.requests;
    // Nobody waits: beyond the share or not, it asks the service (counted against the stranger).
    let before = requests();
    expect((await typeWork('銀河')).length).toBeGreaterThan(0);
    expect(requests() - before).toBe(1);
    // The feed has a backlog: ten polls waiting (about 3 s of the budget).
    const polls = Array.from({ length: 10 }, () =>
      stack.kiroku.budget.run('poll', () => sleep(10)).catch(() => undefined),
    );
    before = requests();
    // A longer text of one already answered is narrowed from the cache; an unknown one gets nothing.
    const narrowed = await typeWork('銀河の');
    expect(narrowed.length).toBeGreaterThan(0);
    // Named in the reader's words (the stranger reads English), narrowed by the work's own titles.
    const titleOf = (choice: { value: string | number }) =>
      stack.emulator.data.works.get(Number(choice.value))?.title ?? '';
    expect(narrowed.every((choice) => titleOf(choice).includes('銀河の'))).toBe(true);
    expect(await typeWork('鋼の')).toEqual([]);
    expect(requests() - before).toBe(0);
    await Promise.all(polls);
    // The backlog gone, the same text is asked of the service.
    expect((await typeWork('鋼の')).length).toBeGreaterThan(0);
    expect(requests() - before).toBe(1);
  });
});
