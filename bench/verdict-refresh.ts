/**
 * The verdicts' real refresh (jobs/verdict/refresh.ts) run over simulated time for verdict-budget,
 * its service answering at once with no records. Each tick reads every tracked post (about 7 ms at
 * 1,000), which is the simulation's whole cost, so it ticks only where a refresh can be due and
 * tracks only the posts that can be: neither changes a request (test/bench/verdict-steps.test.ts).
 */
import { openStore } from '#src/store/index.js';
import { nextVerdictRefresh, VERDICT_REFRESH_OFFSETS } from '#src/verdicts/cadence.js';
import { quietVerdicts } from '../test/support/quiet-verdicts.js';

export interface AiringPost {
  episodeId: number;
  /** When the episode aired (epoch ms): the post is made then. */
  aired: number;
}

/**
 * The steps, `stepMs` apart from `from` to `to`, at which a refresh can be due: those with a post's
 * airing plus one of the cadence's offsets since the step before (a post's next refresh is always
 * one of those times, nextVerdictRefresh). After a tick every post's next refresh is later than its
 * step, so a tick at any other step finds nothing due and makes no request: ticking only these makes
 * the same requests at the same steps as ticking every one.
 */
export function refreshSteps(airings: readonly number[], from: number, to: number, stepMs: number): number[] {
  const times = new Set(airings.flatMap((aired) => VERDICT_REFRESH_OFFSETS.map((offset) => aired + offset)));
  const dueTimes = [...times].sort((a, b) => a - b);
  const steps: number[] = [];
  let next = 0;
  for (let step = from; step <= to; step += stepMs) {
    while ((dueTimes[next] ?? Infinity) <= step - stepMs) next++;
    if ((dueTimes[next] ?? Infinity) <= step) steps.push(step);
  }
  return steps;
}

function tracked(post: AiringPost & { i: number }) {
  return {
    channelId: `c${post.i}`,
    messageId: `m${post.i}`,
    guildId: `g${post.i}`,
    episodeId: post.episodeId,
    subscriptionId: 's',
    locale: 'en' as const,
    airedAt: new Date(post.aired).toISOString(),
    nextRefreshAt: new Date(nextVerdictRefresh(post.aired, post.aired) ?? post.aired).toISOString(),
  };
}

/**
 * The refresh ticked at `steps`, each post tracked at its airing (as the post is made then; its first
 * refresh is 15 minutes later) and dropped once its last refresh is made (it is never due again; the
 * board would keep it for the presses): every request, as its episode and the step it was made at.
 */
export async function refreshRequests(
  posts: readonly AiringPost[],
  steps: readonly number[],
): Promise<Array<{ episode: number; at: number }>> {
  const store = await openStore('sqlite://:memory:');
  let clock = steps[0] ?? 0;
  const asked: Array<{ episode: number; at: number }> = [];
  const { board, refresh } = quietVerdicts(
    store,
    () => new Date(clock),
    async (params) => {
      asked.push({ episode: params.filter_episode_id ?? 0, at: clock });
      return { items: [] };
    },
  );
  const byAiring = posts.map((post, i) => ({ ...post, i })).sort((a, b) => a.aired - b.aired);
  const lastOffset = VERDICT_REFRESH_OFFSETS.at(-1) ?? 0;
  let made = 0;
  let done = 0;
  try {
    for (const step of steps) {
      clock = step;
      for (; made < byAiring.length && (byAiring[made]?.aired ?? Infinity) <= step; made++)
        await board.track(tracked(byAiring[made] as AiringPost & { i: number }));
      await refresh.tick();
      for (; done < made && (byAiring[done]?.aired ?? Infinity) + lastOffset <= step; done++)
        await board.posts.drop(`c${byAiring[done]?.i}`, byAiring[done]?.episodeId ?? 0);
    }
  } finally {
    await store.close();
  }
  return asked;
}
