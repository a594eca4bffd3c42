/** A seeded generator with the few helpers the fuzzer needs, so that a failing run repeats exactly. */
import { seededRandom } from '../fakes/emulator/faults.js';

export interface Rng {
  float(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function createRng(seed: number): Rng {
  const next = seededRandom(seed);
  const rng: Rng = {
    float: next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick(items) {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[rng.int(0, items.length - 1)] as (typeof items)[number];
    },
    chance: (probability) => next() < probability,
  };
  return rng;
}
