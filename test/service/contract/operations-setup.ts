/**
 * The contract tests' shared rig and helpers: one emulator and client for the whole of
 * operations.test.ts, so that its last test can check what every group sent on the wire.
 */
import { afterAll, beforeAll } from 'vitest';
import type { CallOptions, Work } from '#src/service/index.js';
import { DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from '../../fakes/emulator/seed.js';
import { type ContractRig, startRig } from './helpers.js';

export const U = DEMO_USERS;
export const W = DEMO_WORKS;
export const alice: CallOptions = { token: DEMO_TOKENS.alice, priority: 'interactive', person: null };
export const bobCall: CallOptions = { token: DEMO_TOKENS.bob, priority: 'write', person: null };

/** The file's rig, set by the beforeAll that `useContractRig` registers. */
export let rig: ContractRig;
export const data = () => rig.emulator.data;

export function useContractRig(): void {
  beforeAll(async () => {
    rig = await startRig();
  });
  afterAll(async () => {
    await rig?.close();
  });
}

export function episodeIdOf(workId: number, number: number | null): number {
  const episode = data()
    .episodesOfWork(workId)
    .find((e) => e.number === number);
  if (!episode) throw new Error(`no episode ${number} of work ${workId}`);
  return episode.id;
}

const SEASON_ORDER: Record<string, number> = { winter: 1, spring: 2, summer: 3, autumn: 4 };
export function seasonKey(work: Work): number {
  const [year, name] = (work.season_name ?? '').split('-');
  return Number(year) * 10 + (SEASON_ORDER[name ?? ''] ?? 0);
}

export function isSorted(values: number[], dir: 'asc' | 'desc'): boolean {
  return values.every((v, i) => i === 0 || (dir === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v));
}

/** Ids of works the emulator has in season `year-name` (`all`: the whole year). */
export function worksInSeason(year: number, name: string, candidates?: readonly number[]): number[] {
  return [...data().works.values()]
    .filter((w) => (!candidates || candidates.includes(w.id)) && w.season?.year === year)
    .filter((w) => name === 'all' || w.season?.name === name)
    .map((w) => w.id)
    .sort((a, b) => a - b);
}
