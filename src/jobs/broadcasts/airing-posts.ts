/**
 * Airing subscriptions: a channel follows chosen works, and when an episode of one first airs among
 * the owner's programs (rebroadcasts left out) a post goes there at its air time, not before. The
 * outbox key `airing:<episode>` makes each episode's post exactly-once per channel across restarts
 * and processes; the programs come from the owner's shared copy (owner-programs.ts), so an owner
 * whose schedule has alerts pays no extra request for it.
 */
import type { Program } from '../../service/index.js';
import type { Subscription } from '../../subscriptions/model.js';
import type { VerdictBoard } from '../../verdicts/board.js';
import type { SubscriptionJobDeps } from '../owners/job-deps.js';
import { DEFAULT_POST_LANGUAGES } from '../posting/post-language.js';
import { trackVerdict } from '../verdict/track.js';
import { airingMessage } from './airing-message.js';
import { type OwnerPrograms, PROGRAMS_LOOKBACK_MS } from './owner-programs.js';
import { postProgramOnce } from './program-post.js';

export interface AiringPostsDeps extends SubscriptionJobDeps {
  programs: OwnerPrograms;
  /** The server's verdict each post carries (src/verdicts); without it, none. */
  verdicts?: VerdictBoard;
}

export interface AiringTickReport {
  subscriptions: number;
  posted: number;
  skippedDuplicates: number;
  retryLater: number;
}

type AnnouncedProgram = Program & { episode: { id: number } };

/** Each episode's first airing: its earliest program that is not a rebroadcast. */
export function firstAirings(programs: readonly Program[]): AnnouncedProgram[] {
  const first = new Map<number, AnnouncedProgram>();
  for (const program of programs) {
    const episodeId = program.episode?.id;
    if (program.is_rebroadcast || typeof episodeId !== 'number' || !program.started_at) continue;
    const seen = first.get(episodeId);
    if (!seen || Date.parse(program.started_at) < Date.parse(seen.started_at ?? '')) {
      first.set(episodeId, program as AnnouncedProgram);
    }
  }
  return [...first.values()];
}

const isAiring = (s: Subscription) =>
  s.kind === 'airing' && s.state === 'active' && (s.airing?.works.length ?? 0) > 0;

export class AiringPosts {
  readonly #deps: AiringPostsDeps;
  /**
   * Whether a program is its episode's first airing among the owner's programs, by
   * `<owner>|<program>`: the shared copy reaches back only half an hour, so an episode that first
   * aired earlier (another channel, days before) is checked once with one request, when it is due.
   */
  readonly #firstAiring = new Map<string, { at: number; first: boolean }>();
  /** Service requests made for those checks (reports and tests). */
  checks = 0;

  constructor(deps: AiringPostsDeps) {
    this.#deps = deps;
  }

  get #languages() {
    return this.#deps.languages ?? DEFAULT_POST_LANGUAGES;
  }

  /** Posts what has just aired: for every airing subscription, or `only` these (one owner's). */
  async tick(only?: readonly Subscription[]): Promise<AiringTickReport> {
    const active = only ? only.filter(isAiring) : await this.#deps.subscriptions.all(isAiring);
    const report: AiringTickReport = {
      subscriptions: active.length,
      posted: 0,
      skippedDuplicates: 0,
      retryLater: 0,
    };
    const byOwner = new Map<string, Subscription[]>();
    for (const s of active) byOwner.set(s.ownerId, [...(byOwner.get(s.ownerId) ?? []), s]);
    for (const [ownerId, owned] of byOwner) {
      const programs = await this.#deps.programs.get(ownerId, { rebroadcast: false, unwatched: false }, 0);
      if (!programs) continue;
      const aired = firstAirings(programs);
      for (const subscription of owned) await this.#announce(subscription, aired, report);
    }
    return report;
  }

  async #announce(
    subscription: Subscription,
    aired: readonly AnnouncedProgram[],
    report: AiringTickReport,
  ): Promise<void> {
    const now = this.#deps.now().getTime();
    const followed = new Set(subscription.airing?.works.map((work) => work.id));
    const created = Date.parse(subscription.createdAt);
    for (const program of aired) {
      if (!followed.has(program.work?.id ?? -1)) continue;
      const start = Date.parse(program.started_at ?? '');
      // At air time, not before; one that aired before the subscription, or long ago, is not news.
      if (now < start || now - start >= PROGRAMS_LOOKBACK_MS || start < created) continue;
      const key = `airing:${program.episode.id}`;
      if (await this.#deps.outbox.isDone(subscription.channelId, key)) continue;
      const first = await this.#isFirstAiring(subscription.ownerId, program, now);
      if (first === undefined) {
        report.retryLater += 1;
        continue;
      }
      if (!first) continue;
      const next = await postProgramOnce(
        this.#deps,
        subscription,
        key,
        () =>
          airingMessage(program, this.#languages.post(subscription), {
            comments: subscription.airing?.comments === true,
          }),
        report,
        trackVerdict(this.#deps.verdicts, subscription, program, this.#languages.post(subscription)),
      );
      if (next === 'stop') return;
    }
  }

  /** True when no earlier first run of the episode is among the owner's programs; undefined: ask later. */
  async #isFirstAiring(
    ownerId: string,
    program: AnnouncedProgram,
    now: number,
  ): Promise<boolean | undefined> {
    for (const [key, seen] of this.#firstAiring)
      if (now - seen.at > PROGRAMS_LOOKBACK_MS) this.#firstAiring.delete(key);
    const key = `${ownerId}|${program.id}`;
    const known = this.#firstAiring.get(key);
    if (known) return known.first;
    this.checks += 1;
    const earlier = await this.#deps.programs.earlierFirstRun(ownerId, program);
    if (earlier === undefined) return undefined;
    this.#firstAiring.set(key, { at: now, first: !earlier });
    return !earlier;
  }
}
