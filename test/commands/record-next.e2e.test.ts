/** `/record post` without `episode` records the next unrecorded episode. */
import { describe, expect, it } from 'vitest';
import { chooseChannel } from '../fakes/emulator/chosen-channels.js';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { slashAsAlice, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

describe('/record post records the next episode by default', () => {
  const stack = useStack({ emulatorRateLimit: false }, { link: ['alice'] });

  const slash = slashAsAlice(() => stack);
  const aliceRecordsOf = (workId: number) =>
    [...stack.emulator.data.records.values()]
      .filter((r) => r.userId === DEMO_USERS.alice.id && r.workId === workId)
      .map((r) => stack.emulator.data.episodes.get(r.episodeId)?.number);

  it('takes the earliest unwatched program of the work and says which episode it recorded', async () => {
    // Alice recorded 空色ノート 1–3; episode 4 aired on the channel she chose.
    stack.emulator.resetStats();
    const reply = await (await slash('record', 'post', { work: String(DEMO_WORKS.soraNote) })).reply(TIMEOUT);
    expect(reply.content).toContain('Recorded the next episode you had not recorded: **Ep 4 夕焼けと嘘**.');
    expect(aliceRecordsOf(DEMO_WORKS.soraNote)).toEqual([1, 2, 3, 4]);
    // The work lookup, one my_programs page and the record itself.
    expect(stack.emulator.stats.requests).toBe(3);
  });

  it('without a chosen channel, takes the episode after the latest in her activities (in Japanese)', async () => {
    chooseChannel(stack.emulator.data, DEMO_USERS.alice.id, DEMO_WORKS.cafeLumina, null);
    const reply = await (
      await slash('record', 'post', { work: String(DEMO_WORKS.cafeLumina), rating_state: 'good' }, 'ja')
    ).reply(TIMEOUT);
    expect(reply.content).toContain('未記録だった次の話**第2話');
    expect(aliceRecordsOf(DEMO_WORKS.cafeLumina)).toEqual([1, 2]);
  });

  it('asks for the episode when neither tells, and records nothing', async () => {
    const before = stack.emulator.data.records.size;
    const reply = await (await slash('record', 'post', { work: String(DEMO_WORKS.uchuShokudo) })).reply(
      TIMEOUT,
    );
    expect(reply.flags & 64).toBe(64);
    expect(reply.content).toContain('Give the `episode` option');
    expect(stack.emulator.data.records.size).toBe(before);
  });
});
