/**
 * A vitest reporter that lists the slowest test files after the summary, so that whoever makes the
 * suite slower sees where the time went. A file's time is what its worker spent on it: preparing
 * the runner, importing the file and what it imports, then its tests and hooks. Files run side by
 * side, so these times add up to more than the run's wall time.
 *
 * `SLOW_FILES=<n>` lists n files (default 10; 0 lists none).
 */
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  file: string;
  /** Preparing the runner and importing the file (with its imports), in ms. */
  importMs: number;
  /** Its tests and hooks, in ms. */
  testsMs: number;
  tests: number;
}

export function fileTime(module: TestModule): FileTime {
  const d = module.diagnostic();
  return {
    file: module.relativeModuleId,
    importMs: d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration,
    testsMs: d.duration,
    tests: [...module.children.allTests()].length,
  };
}

/** The `count` slowest files, slowest first, as the lines printed after the summary. */
export function slowestFiles(times: ReadonlyArray<FileTime>, count: number): string[] {
  if (count <= 0 || times.length === 0) return [];
  const total = (t: FileTime) => t.importMs + t.testsMs;
  const slowest = [...times].sort((a, b) => total(b) - total(a)).slice(0, count);
  const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
  const plural = (n: number) => `${n} test${n === 1 ? '' : 's'}`;
  return [
    `\n Slowest ${slowest.length} of ${times.length} files, in seconds: total = import + tests (SLOW_FILES=<n> lists n)`,
    ...slowest.map(
      (t) =>
        ` ${seconds(total(t))} = ${seconds(t.importMs)} + ${seconds(t.testsMs)}  ${t.file} (${plural(t.tests)})`,
    ),
  ];
}

export function slowFilesCount(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number.parseInt(env.SLOW_FILES ?? '', 10);
  return Number.isFinite(asked) && asked >= 0 ? asked : 10;
}

export class SlowFilesReport implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines = slowestFiles(testModules.map(fileTime), slowFilesCount());
    if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
  }
}
