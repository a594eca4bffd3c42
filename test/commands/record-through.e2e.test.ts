/**
 * `/record post … through:N` records every unrecorded episode up to N: one request
 * each, the rating and comment on the last one only, episodes already on the person's record left out,
 * and on a failure part-way the exact lists of what was and was not recorded, with the reason. In
 * English and Japanese, through discord.js against the fake Discord and the emulator.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clearAnswerFaults } from '../fakes/emulator/faults.js';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import type { ObservedRequest } from '../fakes/emulator/server.js';
import { type Stack, slashAsAlice, useStack } from '../support/stack.js';

const TIMEOUT = 20_000;

describe('/record post through:N', () => {
  /** Set by a test: the emulator fails every request from the n-th record created on. */
  let failFromRecord: number | undefined;
  let recordsSeen = 0;
  const onServiceRequest = (request: ObservedRequest) => {
    if (request.method !== 'POST' || request.path !== '/v1/me/records') return;
    recordsSeen += 1;
    if (failFromRecord !== undefined && recordsSeen >= failFromRecord) stack.emulator.faults.errorRate = 1;
  };
  const stack: Stack = useStack({ emulatorRateLimit: false, onServiceRequest }, { link: ['alice'] });
  const slash = slashAsAlice(() => stack);
  afterEach(() => {
    failFromRecord = undefined;
    clearAnswerFaults(stack.emulator.faults);
  });

  /** Alice's records of a work: episode number → rating state and comment. */
  const aliceRecordsOf = (workId: number) =>
    [...stack.emulator.data.records.values()]
      .filter((r) => r.userId === DEMO_USERS.alice.id && r.workId === workId)
      .map((r) => ({
        number: stack.emulator.data.episodes.get(r.episodeId)?.number,
        rating: r.ratingState,
        comment: r.comment,
      }));

  it('records the next episodes up to N, rating and comment on the last only (English)', async () => {
    // Alice recorded 空色ノート 1–3; the next one comes from her schedule.
    stack.emulator.resetStats();
    recordsSeen = 0;
    const reply = await (
      await slash('record', 'post', {
        work: String(DEMO_WORKS.soraNote),
        through: 8,
        rating: 'great',
        comment: 'what a run',
      })
    ).reply(TIMEOUT);
    expect(reply.content).toBe(
      'Recorded 5 episodes on Annict: **Ep 4–8**.\nYour rating, comment and shares went on Ep 8 only.',
    );
    const records = aliceRecordsOf(DEMO_WORKS.soraNote);
    expect(records.map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(records.slice(3).map((r) => [r.rating, r.comment])).toEqual([
      [null, ''],
      [null, ''],
      [null, ''],
      [null, ''],
      ['great', 'what a run'],
    ]);
    // The post shows the last record, linked to it.
    const last = [...stack.emulator.data.records.values()].at(-1);
    expect(reply.embeds[0]?.title).toMatch(/^Sky Blue Notebook Ep 8 /);
    expect(reply.embeds[0]?.url).toBe(`https://annict.com/@alice/records/${last?.id}`);
    // One request per episode recorded, after four look-ups: the work, her schedule of it, its
    // episode list and one page of her recent activity (docs/usage.md).
    expect(recordsSeen).toBe(5);
    expect(stack.emulator.stats.requests).toBe(4 + 5);
  });

  it('leaves out the episodes already on your record (English)', async () => {
    const reply = await (
      await slash('record', 'post', { work: String(DEMO_WORKS.soraNote), episode: '2', through: 10 })
    ).reply(TIMEOUT);
    expect(reply.content).toBe(
      'Recorded 2 episodes on Annict: **Ep 9–10**.\nAlready on your record, so left out: Ep 2–8.',
    );
    expect(aliceRecordsOf(DEMO_WORKS.soraNote).map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('in Japanese: records a run, then says there is nothing left to record', async () => {
    const reply = await (
      await slash('record', 'post', { work: String(DEMO_WORKS.cafeLumina), episode: '2', through: 5 }, 'ja')
    ).reply(TIMEOUT);
    expect(reply.content).toBe('**第2話〜第5話**（4話）をAnnictに記録しました。');
    expect(reply.embeds[0]?.title).toMatch(/^海辺のカフェ・ルミナ 第5話 /);
    expect(aliceRecordsOf(DEMO_WORKS.cafeLumina).map((r) => r.number)).toEqual([1, 2, 3, 4, 5]);

    const before = stack.emulator.data.records.size;
    const again = await (
      await slash('record', 'post', { work: String(DEMO_WORKS.cafeLumina), episode: '1', through: 5 }, 'ja')
    ).reply(TIMEOUT);
    expect(again.content).toBe('記録する話がありません。第1話〜第5話はすでに記録済みです。');
    expect(stack.emulator.data.records.size).toBe(before);
  });

  it('stops at a fault of Annict and lists exactly what was and was not recorded (English)', async () => {
    recordsSeen = 0;
    failFromRecord = 4;
    // Alice recorded 鋼の旋律 1–5.
    const reply = await (
      await slash('record', 'post', {
        work: String(DEMO_WORKS.haganeMelody),
        episode: '6',
        through: 11,
        rating: 'good',
      })
    ).reply(TIMEOUT);
    expect(reply.content).toBe(
      [
        'Recorded 3 episodes on Annict: **Ep 6–8**.',
        '**Not recorded: Ep 9–11.**',
        'Annict is not answering right now. Please try again later.',
        'Your rating, comment and shares were for the last episode, which was not recorded: they were not saved.',
      ].join('\n'),
    );
    expect(aliceRecordsOf(DEMO_WORKS.haganeMelody).slice(5)).toEqual(
      [6, 7, 8].map((number) => ({ number, rating: null, comment: '' })),
    );
  });

  it('the same fault in Japanese, part-way through a run', async () => {
    recordsSeen = 0;
    failFromRecord = 3;
    const reply = await (
      await slash('record', 'post', { work: String(DEMO_WORKS.haganeMelody), through: 13 }, 'ja')
    ).reply(TIMEOUT);
    expect(reply.content).toBe(
      [
        '**第9話〜第10話**（2話）をAnnictに記録しました。',
        '**記録されなかった話：第11話〜第13話**',
        'Annictが応答していません。しばらくしてからもう一度お試しください。',
      ].join('\n'),
    );
    expect(aliceRecordsOf(DEMO_WORKS.haganeMelody).map((r) => r.number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it('refuses an episode the work does not have, or one before the start, and records nothing', async () => {
    const before = stack.emulator.data.records.size;
    const missing = await (
      await slash('record', 'post', { work: String(DEMO_WORKS.cafeLumina), through: 99 }, 'ja')
    ).reply(TIMEOUT);
    expect(missing.content).toBe('この作品にはAnnictに第99話がありません。');
    const earlier = await (
      await slash('record', 'post', { work: String(DEMO_WORKS.soraNote), episode: '5', through: 3 })
    ).reply(TIMEOUT);
    expect(earlier.content).toBe('`through` comes before Ep 5, where recording would start.');
    expect(stack.emulator.data.records.size).toBe(before);
  });
});
