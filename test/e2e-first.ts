/**
 * The order files start in. vitest starts the files that took longest in the last run first, so that
 * no long file starts last and runs on alone; it keeps those durations in node_modules/.vite, so a
 * fresh clone (CI, after `npm ci`) has none, and vitest then starts the largest files first, which are
 * quick unit suites. Without durations, this starts the end-to-end suites first: they are the long ones.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const isEndToEnd = (moduleId: string): boolean => moduleId.endsWith('.e2e.test.ts');

/** Stable: end-to-end suites first, each group in the order given. */
export function endToEndFirst<T extends { moduleId: string }>(files: ReadonlyArray<T>): T[] {
  return [...files.filter((f) => isEndToEnd(f.moduleId)), ...files.filter((f) => !isEndToEnd(f.moduleId))];
}

export class EndToEndFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const { cache, config } = this.ctx;
    const timed = (spec: TestSpecification) =>
      cache.getFileTestResults(`${spec.project.name}:${relative(config.root, spec.moduleId)}`) !== undefined;
    return sorted.every(timed) ? sorted : endToEndFirst(sorted);
  }
}
