/** The verdict's parts: its refresh cadence, its line for any names, and a channel that refuses edits. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { createLogger } from '#src/logger.js';
import { openStore } from '#src/store/index.js';
import { type EditOutcome, VerdictBoard } from '#src/verdicts/board.js';
import {
  nextVerdictRefresh,
  VERDICT_REQUESTS_PER_POST,
  VERDICT_REQUESTS_PER_POST_HOUR,
} from '#src/verdicts/cadence.js';
import { verdictLine } from '#src/verdicts/line.js';
import { VerdictMembers } from '#src/verdicts/members.js';
import { tallyVerdict } from '#src/verdicts/tally.js';
import { quietVerdicts } from '../support/quiet-verdicts.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the verdict refresh cadence', () => {
  it('15 and 30 minutes, then 1, 2, 4, 8, 16 and 24 hours after airing, then never; 3 an hour at most', () => {
    const aired = Date.parse('2026-11-27T12:00:00Z');
    const times: number[] = [];
    for (let at: number | null = aired; at !== null; at = nextVerdictRefresh(aired, at)) times.push(at);
    const offsets = times.slice(1).map((t) => (t - aired) / MINUTE);
    expect(offsets).toEqual([15, 30, 60, 120, 240, 480, 960, 1440]);
    expect(offsets).toHaveLength(VERDICT_REQUESTS_PER_POST);
    const busiest = Math.max(
      ...times.slice(1).map((s) => times.filter((t) => t >= s && t < s + HOUR).length),
    );
    expect(busiest).toBe(VERDICT_REQUESTS_PER_POST_HOUR);
    // A refresh that ran late is not made up for: the next one is on the cadence again.
    expect(nextVerdictRefresh(aired, aired + 37 * MINUTE)).toBe(aired + 60 * MINUTE);
    expect(nextVerdictRefresh(aired, aired + 25 * HOUR)).toBeNull();
  });
});

describe('one request per episode, shared by its posts', () => {
  const post = (channelId: string, guildId: string, episodeId: number, airedAt: string, next: string) => ({
    guildId,
    channelId,
    messageId: `m-${channelId}`,
    episodeId,
    subscriptionId: `s-${channelId}`,
    locale: 'en' as const,
    airedAt,
    nextRefreshAt: next,
  });

  it("counts two servers' posts of an episode from one request, and a post due soon with them", async () => {
    const store = await openStore('sqlite://:memory:');
    let clock = Date.parse('2026-11-27T12:15:00Z');
    const now = () => new Date(clock);
    const asked: number[] = [];
    const { board, refresh } = quietVerdicts(store, now, async (params) => {
      asked.push(params.filter_episode_id ?? 0);
      return { items: [] };
    });
    const at = '2026-11-27T12:00:00Z';
    await board.track(post('c1', 'g1', 7, at, '2026-11-27T12:15:00Z'));
    await board.track(post('c2', 'g2', 7, at, '2026-11-27T12:15:00Z'));
    // Aired 10 minutes later on another channel: due 12:25, within the window, counted with them.
    await board.track(post('c3', 'g3', 7, '2026-11-27T12:10:00Z', '2026-11-27T12:25:00Z'));
    // Another episode is asked for on its own; one due outside the window is not asked yet.
    await board.track(post('c4', 'g1', 8, at, '2026-11-27T12:15:00Z'));
    await board.track(post('c5', 'g1', 9, at, '2026-11-27T12:45:00Z'));
    expect(await refresh.tick()).toMatchObject({ due: 3, requests: 2 });
    expect(asked.sort()).toEqual([7, 8]);
    expect((await board.posts.get('c1', 7))?.nextRefreshAt).toBe('2026-11-27T12:30:00.000Z');
    // Its 12:25 refresh was made early: its next is the one after (12:40).
    expect((await board.posts.get('c3', 7))?.nextRefreshAt).toBe('2026-11-27T12:40:00.000Z');
    clock = Date.parse('2026-11-27T12:25:00Z');
    expect(await refresh.tick()).toMatchObject({ due: 0, requests: 0 });
    clock = Date.parse('2026-11-27T12:30:00Z');
    // c1, c2 (episode 7, c3 with them) and c4 (episode 8) are due: one request each.
    expect(await refresh.tick()).toMatchObject({ due: 3, requests: 2 });
    expect(asked.slice(2).sort()).toEqual([7, 8]);
    expect((await board.posts.get('c3', 7))?.nextRefreshAt).toBe('2026-11-27T13:10:00.000Z');
    await store.close();
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
