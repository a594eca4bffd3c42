/**
 * Texts for autocomplete and search that match demo works without ever repeating, so that the bot's
 * lookup cache never answers them.
 */
import { EmulatorData } from '../test/fakes/emulator/data.js';
import { seedDemo } from '../test/fakes/emulator/seed.js';

/** The texts whose answers are measured (the same pieces, in the same order, as in earlier rounds). */
const MEASURED_LENGTHS = { min: 2, max: 6 };
/**
 * Longer pieces (7 to 10 characters) for what is not measured, such as warming a process up: never one
 * of the measured texts, so no measured text finds an answer cached by the warm-up.
 */
const UNMEASURED_LENGTHS = { min: 7, max: 10 };

/** Distinct pieces of demo work titles and their kana (2 to 6 characters unless asked otherwise). */
export function titleFragments(lengths: { min: number; max: number } = MEASURED_LENGTHS): string[] {
  const data = new EmulatorData();
  seedDemo(data);
  const seen = new Set<string>();
  for (const work of data.works.values())
    for (const text of [work.title, work.titleKana]) {
      const chars = [...text];
      for (let length = lengths.min; length <= lengths.max; length++) {
        for (let i = 0; i + length <= chars.length; i++) {
          const piece = chars.slice(i, i + length).join('');
          if (piece.trim().length === length) seen.add(piece);
        }
      }
    }
  // A fixed interleaving so that consecutive texts come from different titles.
  const all = [...seen];
  const step = 7;
  const ordered: string[] = [];
  for (let start = 0; start < step; start++)
    for (let i = start; i < all.length; i += step) ordered.push(all[i] ?? '');
  return ordered;
}

/** Pieces for interactions whose answers are not measured (see UNMEASURED_LENGTHS). */
export function unmeasuredFragments(): string[] {
  return titleFragments(UNMEASURED_LENGTHS);
}

/** Hands out each fragment once; throws when they run out (a bigger run needs more). */
export class FragmentPool {
  #next = 0;
  constructor(private readonly fragments: readonly string[] = titleFragments()) {}

  take(): string {
    const fragment = this.fragments[this.#next];
    if (fragment === undefined) throw new Error(`fragment pool exhausted after ${this.#next}`);
    this.#next += 1;
    return fragment;
  }

  get size(): number {
    return this.fragments.length;
  }
}
