/**
 * Issue 28, item 1: one abusive person (two accounts, each at the full per-person allowance, spread
 * evenly like a script) beside normal users' lookups and 1,000 feed owners. Normal users' p95 and the
 * feed's pace are compared with the same run's phase without the abuser: both should stay within 1.2×.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEFAULT_INTERACTION_LIMITS } from '../../src/bot/interaction-limits.js';
import type { FakeDiscord } from '../../test/fakes/discord/fake-discord.js';
import { burst, type Sample } from '../burst.js';
import { FragmentPool } from '../fragments.js';
import { type LoadPools, type LoadSample, runLoad } from '../load.js';
import { type BenchStack, startBenchStack } from '../stack.js';
import { percentile, round, sleep } from '../stats.js';
import { row, type Scenario } from '../types.js';
import { disjointLoadPools, requestsAt, subscribeOwners } from './budget.js';

const NAME = 'fair_share';
/** Normal users: 20 people, one interaction every 10 s each, spread evenly. */
const OTHERS_PER_SECOND = 2;
/** The per-person allowance (src/bot/interaction-limits.ts): 5 commands and 20 autocompletes per 10 s. */
const ABUSER_COMMANDS_PER_S = 0.5;
const ABUSER_AUTOCOMPLETES_PER_S = 2;
const ABUSER_ACCOUNTS = ['390000000000000001', '390000000000000002'];

interface Phase {
  othersP50: number | null;
  othersP95: number | null;
  othersN: number;
  othersBusy: number;
  pollsPerSecond: number;
  interactivePerSecond: number;
  abuserSent: number;
  abuserRefused: number;
  /** Normal users' answers that were not ok, by kind and outcome (e.g. `work info: busy`). */
  othersNotOk: Record<string, number>;
  /** 429s the service answered during the phase (each pauses the whole budget). */
  rateLimited: number;
  /** The process's event-loop delay (bot, fake Discord and emulator share it), ms. */
  loopDelayP50: number | null;
  loopDelayP99: number | null;
}

function notOk(samples: readonly LoadSample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of samples)
    if (s.outcome !== 'ok') counts[`${s.kind}: ${s.outcome}`] = (counts[`${s.kind}: ${s.outcome}`] ?? 0) + 1;
  return counts;
}

/** The abuser's two accounts, each at full allowance: unique work ids and texts, so the cache never helps. */
async function abuse(
  discord: FakeDiscord,
  workIds: readonly number[],
  durationMs: number,
): Promise<Sample[]> {
  const fragments = new FragmentPool();
  const pending: Promise<Sample[]>[] = [];
  const began = performance.now();
  const perSecond = (ABUSER_COMMANDS_PER_S + ABUSER_AUTOCOMPLETES_PER_S) * ABUSER_ACCOUNTS.length;
  const everyCommand = Math.round(
    (ABUSER_COMMANDS_PER_S + ABUSER_AUTOCOMPLETES_PER_S) / ABUSER_COMMANDS_PER_S,
  );
  for (let i = 0; performance.now() - began < durationMs; i++) {
    const id = ABUSER_ACCOUNTS[i % ABUSER_ACCOUNTS.length] ?? '';
    const user = { id, username: `abuser${id.slice(-1)}` };
    const command = Math.floor(i / ABUSER_ACCOUNTS.length) % everyCommand === 0;
    const send = () =>
      command
        ? discord.slash({
            name: 'work',
            subcommand: 'info',
            options: { work: String(workIds[i % workIds.length]) },
            user,
          })
        : discord.autocomplete({
            name: 'work',
            subcommand: 'info',
            options: { work: fragments.take() },
            focused: 'work',
            user,
          });
    pending.push(
      burst(1, send, (reply) =>
        reply.embeds.length > 0 || (reply.choices?.length ?? 0) > 0 ? 'ok' : 'refused',
      ),
    );
    await sleep(Math.max(0, began + ((i + 1) * 1000) / perSecond - performance.now()));
  }
  return (await Promise.all(pending)).flat();
}

async function phase(
  stack: BenchStack,
  pools: LoadPools,
  durationMs: number,
  withAbuser: boolean,
  seed: number,
): Promise<Phase> {
  const { kiroku, discord, emulator } = stack;
  const rateLimitedBefore = emulator.stats.rateLimited;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const pollsBefore = await requestsAt(kiroku, 'poll');
  const interactiveBefore = await requestsAt(kiroku, 'interactive');
  const began = performance.now();
  const [others, abuser] = await Promise.all([
    runLoad(discord, {
      perSecond: OTHERS_PER_SECOND,
      durationMs,
      pools,
      seed,
      userBase: 380000000000000000n + BigInt(seed) * 1000n,
    }),
    withAbuser ? abuse(discord, pools.workIds, durationMs) : Promise.resolve([]),
  ]);
  const elapsedS = (performance.now() - began) / 1000;
  loop.disable();
  const finals = others.flatMap((s) => (s.finalMs === null ? [] : [s.finalMs]));
  return {
    othersP50: round(percentile(finals, 50)),
    othersP95: round(percentile(finals, 95)),
    othersN: others.length,
    othersBusy: others.filter((s) => s.outcome !== 'ok').length,
    pollsPerSecond: ((await requestsAt(kiroku, 'poll')) - pollsBefore) / elapsedS,
    interactivePerSecond: ((await requestsAt(kiroku, 'interactive')) - interactiveBefore) / elapsedS,
    abuserSent: abuser.length,
    abuserRefused: abuser.filter((s) => s.outcome !== 'ok').length,
    othersNotOk: notOk(others),
    rateLimited: emulator.stats.rateLimited - rateLimitedBefore,
    loopDelayP50: round(loop.percentile(50) / 1e6),
    loopDelayP99: round(loop.percentile(99) / 1e6),
  };
}

export const fairShare: Scenario = {
  name: NAME,
  resultsKey: 'fair_share',
  title: 'Fair share: one abusive person at full allowance vs 20 normal users and 1,000 feed owners',
  async run(options) {
    const durationMs = options.quick ? 15_000 : 40_000;
    const stack = await startBenchStack({
      emulator: { rateLimit: true },
      discord: { guilds: 1, channelsPerGuild: 25 },
      // The production share of the budget per person; the abuser's interactions are paced at the
      // full allowance by abuse() itself, so every one of them reaches the bot.
      serviceShare: DEFAULT_INTERACTION_LIMITS.serviceShare,
    });
    try {
      await subscribeOwners(stack);
      const pools = disjointLoadPools(stack);
      // One feed cycle runs through both phases (1,000 owners take minutes): its pace is compared.
      const cycle = stack.kiroku.jobs.feed.runCycle().catch(() => undefined);
      options.log(`  without the abuser, ${durationMs / 1000} s`);
      const alone = await phase(stack, pools(0), durationMs, false, 1);
      options.log(`  with the abuser, ${durationMs / 1000} s`);
      const abused = await phase(stack, pools(1), durationMs, true, 2);
      const othersRatio =
        alone.othersP95 && abused.othersP95 !== null ? round(abused.othersP95 / alone.othersP95, 2) : null;
      const cycleRatio =
        abused.pollsPerSecond > 0 ? round(alone.pollsPerSecond / abused.pollsPerSecond, 2) : null;
      options.log(
        `  not ok with the abuser ${JSON.stringify(abused.othersNotOk)} (alone ${JSON.stringify(alone.othersNotOk)}); event-loop delay p50/p99 ${abused.loopDelayP50}/${abused.loopDelayP99} ms (alone ${alone.loopDelayP50}/${alone.loopDelayP99} ms); 429s ${abused.rateLimited} (alone ${alone.rateLimited})`,
      );
      options.log(
        `  others p95 ${abused.othersP95} ms (alone ${alone.othersP95} ms); feed ${abused.pollsPerSecond.toFixed(2)} polls/s (alone ${alone.pollsPerSecond.toFixed(2)}); interactive requests ${abused.interactivePerSecond.toFixed(2)}/s (alone ${alone.interactivePerSecond.toFixed(2)})`,
      );
      await stack.kiroku.stop();
      await cycle;
      return {
        rows: [
          row(NAME, 'normal users p95 time to final answer, with the abuser', {
            value: abused.othersP95,
            unit: 'ms',
            baseline: alone.othersP95,
            baselineLabel: 'same run, no abuser',
            target: '≤ 1.2× baseline',
            met: othersRatio !== null && othersRatio <= 1.2,
            note: `n=${abused.othersN} (alone ${alone.othersN}); not answered ok ${abused.othersBusy} (alone ${alone.othersBusy}); abuser sent ${abused.abuserSent}, ${abused.abuserRefused} refused; 429s ${abused.rateLimited} (alone ${alone.rateLimited}); event-loop p99 ${abused.loopDelayP99} ms (alone ${alone.loopDelayP99} ms)`,
          }),
          row(NAME, 'feed cycle over 1,000 owners (from the poll pace), with the abuser', {
            value: abused.pollsPerSecond > 0 ? round(1000 / abused.pollsPerSecond, 1) : null,
            unit: 's',
            baseline: alone.pollsPerSecond > 0 ? round(1000 / alone.pollsPerSecond, 1) : null,
            baselineLabel: 'same run, no abuser',
            target: '≤ 1.2× baseline',
            met: cycleRatio !== null && cycleRatio <= 1.2,
          }),
        ],
        details: { durationMs, alone, abused },
        summary: { others_p95_ratio: othersRatio, feed_cycle_ratio: cycleRatio },
      };
    } finally {
      await stack.close();
    }
  },
};
