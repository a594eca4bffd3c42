/** The verdict's parts: its refresh cadence, its line for any names, and a channel that refuses edits. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { createLogger } from '#src/logger.js';
import { openStore } from '#src/store/index.js';
import { type EditOutcome, VerdictBoard } from '#src/verdicts/board.js';
import { nextVerdictRefresh, VERDICT_REQUESTS_PER_POST_HOUR } from '#src/verdicts/cadence.js';
import { verdictLine } from '#src/verdicts/line.js';
import { VerdictMembers } from '#src/verdicts/members.js';
import { tallyVerdict } from '#src/verdicts/tally.js';
import { quietVerdicts } from '../support/quiet-verdicts.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the verdict refresh cadence', () => {
  it('every 15 minutes for two hours, hourly to a day, then never; 4 requests an hour at most', () => {
    const aired = Date.parse('2026-11-27T12:00:00Z');
    const times: number[] = [];
    for (let at: number | null = aired; at !== null; at = nextVerdictRefresh(aired, at)) times.push(at);
    const offsets = times.slice(1).map((t) => (t - aired) / MINUTE);
    expect(offsets.slice(0, 9)).toEqual([15, 30, 45, 60, 75, 90, 105, 120, 180]);
    expect(offsets.at(-1)).toBe(24 * 60);
    expect(offsets).toHaveLength(8 + 22);
    for (const start of times)
      expect(times.filter((t) => t > start && t <= start + HOUR).length).toBeLessThanOrEqual(
        VERDICT_REQUESTS_PER_POST_HOUR,
      );
    // A refresh that ran late is not made up for: the next one is on the cadence again.
    expect(nextVerdictRefresh(aired, aired + 37 * MINUTE)).toBe(aired + 45 * MINUTE);
    expect(nextVerdictRefresh(aired, aired + 25 * HOUR)).toBeNull();
  });
});

describe('the verdict line', () => {
  const t = createTranslator('en');
  const ja = createTranslator('ja');
  const vote = (rating: 'great' | 'good' | null, at: string) => ({ rating, at });

  it('counts everyone, best rating first, and names only those with a name', () => {
    const votes = new Map([
      ['a', vote('good', '2026-11-27T12:01:00Z')],
      ['b', vote('great', '2026-11-27T12:02:00Z')],
      ['c', vote(null, '2026-11-27T12:03:00Z')],
    ]);
    const tally = tallyVerdict(votes, (id) => (id === 'b' ? 'bo_b*' : undefined));
    expect(verdictLine(tally, t)).toBe('**3** of the server watched · Great 1 · Good 1\nWatched: bo\\_b\\*');
    expect(verdictLine(tally, ja)).toBe(
      'サーバーの**3人**が視聴 · とても良い 1 · 良い 1\n視聴した人: bo\\_b\\*',
    );
    expect(
      verdictLine(
        tallyVerdict(new Map(), () => 'x'),
        t,
      ),
    ).toBe('');
  });

  it('fits a message for any names, however many', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 200, unit: 'grapheme' }), { maxLength: 400 }), (names) => {
        const votes = new Map(names.map((_, i) => [String(i), vote('great', `2026-11-27T12:${i}`)]));
        const line = verdictLine(
          tallyVerdict(votes, (id) => names[Number(id)]),
          t,
        );
        expect(line.length).toBeLessThanOrEqual(2_000);
        if (names.length > 0) expect(line).toContain(`**${names.length}**`);
      }),
      { numRuns: 50 },
    );
  });
});

describe('the verdicts’ refresh beside the feed', () => {
  it('starts no refresh while feed polls wait for the budget, and makes it once they do not', async () => {
    const store = await openStore('sqlite://:memory:');
    let clock = Date.parse('2026-11-27T12:20:00Z');
    const now = () => new Date(clock);
    let asked = 0;
    let waiting = true;
    const { board, refresh } = quietVerdicts(
      store,
      now,
      async () => {
        asked += 1;
        return { items: [] };
      },
      () => waiting,
    );
    await board.track({
      guildId: 'g',
      channelId: 'c',
      messageId: 'm',
      episodeId: 1,
      subscriptionId: 's',
      locale: 'en',
      airedAt: '2026-11-27T12:00:00Z',
      nextRefreshAt: '2026-11-27T12:15:00Z',
    });
    expect(await refresh.tick()).toMatchObject({ due: 1, deferred: 1, requests: 0 });
    waiting = false;
    expect(await refresh.tick()).toMatchObject({ due: 1, deferred: 0, requests: 1 });
    expect(asked).toBe(1);
    clock += 60_000;
    expect(await refresh.tick()).toMatchObject({ due: 0, requests: 0 });
    await store.close();
  });
});

describe('a channel that refuses the edit', () => {
  it('stops its verdicts and is reported lost; a deleted message stops only its own', async () => {
    const store = await openStore('sqlite://:memory:');
    const now = () => new Date('2026-11-27T12:30:00Z');
    let outcome: EditOutcome = 'ok';
    const lost: string[] = [];
    const board = new VerdictBoard({
      store,
      members: new VerdictMembers(
        {
          servers: async function* () {
            yield ['u1', ['g1']] as const;
          },
          token: async () => ({ serviceUserId: 1, serviceUsername: 'one' }),
          shares: async () => false,
        },
        now,
      ),
      editor: {
        edit: async () => outcome,
        openThread: async () => 'failed',
        addMember: async () => {},
        post: async () => true,
      },
      translator: (locale) => createTranslator(locale),
      onChannelLost: async (channelId) => {
        lost.push(channelId);
      },
      logger: createLogger('silent'),
      now,
    });
    const post = (channelId: string, episodeId: number) => ({
      guildId: 'g1',
      channelId,
      messageId: `m-${channelId}-${episodeId}`,
      episodeId,
      subscriptionId: 's1',
      locale: 'en' as const,
      airedAt: '2026-11-27T12:00:00Z',
      nextRefreshAt: '2026-11-27T12:15:00Z',
    });
    await board.track(post('c1', 1));
    await board.track(post('c1', 2));
    await board.track(post('c2', 1));
    outcome = 'gone';
    await board.pressed({ guildId: 'g1', channelId: 'c2', episodeId: 1, discordUserId: 'u1', rating: null });
    expect(await board.posts.get('c2', 1)).toBeUndefined();
    expect(lost).toEqual([]);
    outcome = 'forbidden';
    await board.pressed({ guildId: 'g1', channelId: 'c1', episodeId: 1, discordUserId: 'u1', rating: null });
    expect(lost).toEqual(['c1']);
    expect(await board.posts.get('c1', 2)).toBeUndefined();
    // A press in another server's channel of the same id counts nowhere.
    outcome = 'ok';
    await board.track(post('c3', 1));
    await board.pressed({ guildId: 'g2', channelId: 'c3', episodeId: 1, discordUserId: 'u1', rating: null });
    expect((await board.posts.get('c3', 1))?.shown).toBeUndefined();
    await store.close();
  });
});
