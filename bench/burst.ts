/**
 * Fires interactions at the fake Discord and times each one with performance.now(): from just
 * before INTERACTION_CREATE is sent to the first interaction callback the fake receives, and to
 * the final answer (the callback itself, or the edit/followup after a defer).
 */
import { InteractionResponseType } from 'discord-api-types/v10';
import type { InteractionReply, InteractionResult } from '../test/fakes/discord/fake-discord.js';

export interface Sample {
  /** ms to the first callback, or null when none was accepted. */
  firstMs: number | null;
  /** ms to the visible final answer, or null when none came. */
  finalMs: number | null;
  deferred: boolean;
  /** A callback refused by the fake as later than the 3 s window, or no callback at all. */
  missed: boolean;
  /** What the answer was, from `classify` ('timeout' when none came). */
  outcome: string;
}

/** The times to the final answer of the samples that got one. */
export function finalTimes(samples: readonly Sample[]): number[] {
  return samples.flatMap((s) => (s.finalMs === null ? [] : [s.finalMs]));
}

/** Decides what a final answer means (e.g. 'ok', 'busy', 'empty'). */
export type Classify = (reply: InteractionReply) => string;

function isFinal(result: InteractionResult): boolean {
  const first = result.callbacks[0];
  if (!first) return false;
  if (
    first.type !== InteractionResponseType.DeferredChannelMessageWithSource &&
    first.type !== InteractionResponseType.DeferredMessageUpdate
  )
    return true;
  return result.events.some((e) => e.kind === 'editOriginal' || e.kind === 'followup');
}

/** When one dispatched interaction got its first callback and its final answer (performance.now()). */
interface Timing {
  firstAt: number | null;
  finalAt: number | null;
}

/** Times one dispatched interaction, reading nothing else of it while the burst runs. */
async function timeOne(result: InteractionResult, timeoutMs: number): Promise<Timing> {
  const timing: Timing = { firstAt: null, finalAt: null };
  // The predicate runs synchronously on every event the fake records, so the clock is read there.
  const check = (): boolean => {
    const now = performance.now();
    if (timing.firstAt === null && result.callbacks.length > 0) timing.firstAt = now;
    if (timing.finalAt === null && isFinal(result)) timing.finalAt = now;
    return timing.finalAt !== null || result.errors.length > 0;
  };
  // A refused (late) callback notifies too, and ends the wait: no answer will follow it.
  await result.waitFor(check, timeoutMs).catch(() => undefined);
  return timing;
}

/**
 * The sample of a timed interaction, `startedAt` being performance.now() just before dispatch. Read
 * once the whole burst is answered: the visible reply is a copy of the message (structuredClone), and
 * copying kiroku's larger replies while other interactions are still in flight counted the driver's
 * work against the bot under measurement.
 */
function sampleOf(result: InteractionResult, startedAt: number, timing: Timing, classify: Classify): Sample {
  const { firstAt, finalAt } = timing;
  const missed = result.callbacks.length === 0 || result.errors.some((e) => e.startsWith('callback after'));
  const reply = result.latest();
  return {
    firstMs: firstAt === null ? null : firstAt - startedAt,
    finalMs: finalAt === null ? null : finalAt - startedAt,
    deferred: result.deferred,
    missed,
    outcome: finalAt !== null && reply ? classify(reply) : missed ? 'missed' : 'timeout',
  };
}

/** A burst whose interactions are all answered (or timed out), not yet read: see `samplesOf`. */
export interface TimedBurst {
  timed: Array<{ result: InteractionResult; startedAt: number; timing: Timing }>;
}

/**
 * Sends `count` interactions at once (`send(i)` dispatches the i-th) and times each to its answer.
 * Dispatch is synchronous inside `send`, so the clock read before it is the dispatch time.
 */
export async function timeBurst(
  count: number,
  send: (index: number) => Promise<InteractionResult>,
  timeoutMs = 20_000,
): Promise<TimedBurst> {
  const started: number[] = [];
  const pending: Promise<InteractionResult>[] = [];
  for (let i = 0; i < count; i++) {
    started.push(performance.now());
    pending.push(send(i));
  }
  const results = await Promise.all(pending);
  const timed = await Promise.all(
    results.map(async (result, i) => ({
      result,
      startedAt: started[i] ?? 0,
      timing: await timeOne(result, timeoutMs),
    })),
  );
  return { timed };
}

/** Each interaction's sample: its times, and what its answer was (read now, the burst being over). */
export function samplesOf({ timed }: TimedBurst, classify: Classify): Sample[] {
  return timed.map(({ result, startedAt, timing }) => sampleOf(result, startedAt, timing, classify));
}

/** `timeBurst`, then `samplesOf`. */
export async function burst(
  count: number,
  send: (index: number) => Promise<InteractionResult>,
  classify: Classify,
  timeoutMs = 20_000,
): Promise<Sample[]> {
  return samplesOf(await timeBurst(count, send, timeoutMs), classify);
}

/** Counts samples per outcome. */
export function outcomes(samples: readonly Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of samples) counts[s.outcome] = (counts[s.outcome] ?? 0) + 1;
  return counts;
}
