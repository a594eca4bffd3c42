/**
 * The order files start in. vitest starts the files that took longest in the last run first, so that
 * no long file starts last and runs on alone; it keeps those durations in node_modules/.vite, so a
 * fresh clone (CI, after `npm ci`) has none, and vitest then starts the largest files first, which are
 * quick unit suites. Without durations, this starts the end-to-end suites first: they are the long ones.
 * `SHUFFLE_FILES=<seed>` starts them in a random order (the same for the same seed) instead: files
 * share worker processes, and a shuffle shows a file that depends on what another left behind.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const isEndToEnd = (moduleId: string): boolean => moduleId.endsWith('.e2e.test.ts');

/** Stable: end-to-end suites first, each group in the order given. */
export function endToEndFirst<T extends { moduleId: string }>(files: ReadonlyArray<T>): T[] {
  return [...files.filter((f) => isEndToEnd(f.moduleId)), ...files.filter((f) => !isEndToEnd(f.moduleId))];
}

/** A seeded Fisher-Yates shuffle (mulberry32), so that `--sequence.seed` repeats an order. */
export function shuffled<T>(items: ReadonlyArray<T>, seed: number): T[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The seed in SHUFFLE_FILES, when it holds one. */
export function shuffleSeed(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const seed = Number.parseInt(env.SHUFFLE_FILES ?? '', 10);
  return Number.isFinite(seed) ? seed : undefined;
}

export class EndToEndFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const seed = shuffleSeed();
    if (seed !== undefined) return shuffled(files, seed);
    const sorted = await super.sort(files);
    const timed = (spec: TestSpecification) =>
      cache.getFileTestResults(`${spec.project.name}:${relative(config.root, spec.moduleId)}`) !== undefined;
    return sorted.every(timed) ? sorted : endToEndFirst(sorted);
  }
}
