import { describe, expect, it } from 'vitest';
import { type AiringPost, refreshRequests, refreshSteps } from '../../bench/verdict-refresh.js';
import { openStore } from '../../src/store/index.js';
import { nextVerdictRefresh } from '../../src/verdicts/cadence.js';
import { quietVerdicts } from '../support/quiet-verdicts.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STEP_MS = 30_000;
const START = Date.parse('2026-11-27T00:00:00Z');
const END = START + 2 * DAY + HOUR;

/** The plain way: every post tracked from the start, the refresh ticked at every step. */
async function everyStepRequests(posts: readonly AiringPost[]) {
  const store = await openStore('sqlite://:memory:');
  let clock = START;
  // Each request as "episode@time", made independently of the bench's own loop.
  const asked: string[] = [];
  const records = async ({ filter_episode_id }: { filter_episode_id?: number }) => {
    asked.push(`${filter_episode_id}@${clock}`);
    return { items: [] as [] };
  };
  const { board, refresh } = quietVerdicts(store, () => new Date(clock), records);
  for (const [i, { episodeId, aired }] of posts.entries())
    await board.track({
      channelId: `c${i}`,
      messageId: `m${i}`,
      guildId: `g${i}`,
      episodeId,
      subscriptionId: 's',
      locale: 'en',
      airedAt: new Date(aired).toISOString(),
      nextRefreshAt: new Date(nextVerdictRefresh(aired, aired) ?? aired).toISOString(),
    });
  for (; clock <= END; clock += STEP_MS) await refresh.tick();
  await store.close();
  return asked;
}

describe('the verdict-budget simulation (bench/verdict-refresh.ts)', () => {
  it.each([1, 4])(
    'makes the same requests at the same steps as ticking every step with every post, %i server(s) per episode',
    async (servers) => {
      const count = 24;
      // Spread over the day at times between steps, as the bench spreads 1,000.
      const posts = Array.from({ length: count }, (_, i) => ({
        episodeId: Math.floor(i / servers) + 1,
        aired: START + Math.floor((Math.floor(i / servers) * servers * DAY) / count) + 7_777,
      }));
      const steps = refreshSteps(
        posts.map((post) => post.aired),
        START,
        END,
        STEP_MS,
      );
      const plain = await everyStepRequests(posts);
      expect(plain.length).toBeGreaterThan(0);
      const bench = await refreshRequests(posts, steps);
      expect(bench.map(({ episode, at }) => `${episode}@${at}`)).toEqual(plain);
      expect(steps.length).toBeLessThan((END - START) / STEP_MS / 10);
    },
  );
});
