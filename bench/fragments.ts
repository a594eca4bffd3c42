/**
 * Distinct pieces of demo work titles and their kana (2 to 6 characters), for autocomplete and search texts that
 * match something without ever repeating: the bot's lookup cache must not answer them.
 */
import { EmulatorData } from '../test/fakes/emulator/data.js';
import { seedDemo } from '../test/fakes/emulator/seed.js';

export function titleFragments(): string[] {
  const data = new EmulatorData();
  seedDemo(data);
  const seen = new Set<string>();
  for (const work of data.works.values())
    for (const text of [work.title, work.titleKana]) {
      const chars = [...text];
      for (let length = 2; length <= 6; length++) {
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
