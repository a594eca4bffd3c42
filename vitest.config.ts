import { availableParallelism } from 'node:os';
import { defaultClientConditions, defaultExternalConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { EndToEndFirst } from './test/e2e-first.js';
import { SkipReport } from './test/skip-report.js';
import { SlowFilesReport } from './test/slow-files.js';

export default defineConfig({
  // `#src/…` imports (package.json "imports") resolve to the TypeScript sources under the `source`
  // condition, as tsc's customConditions and the tsx runs' --conditions=source do. Setting the
  // conditions replaces vite's, so its defaults (`node` among them) are kept beside it.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: {
    resolve: {
      conditions: ['source', ...defaultServerConditions],
      externalConditions: ['source', ...defaultExternalConditions],
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most files spend their time waiting (on loopback sockets, child processes, a service's pace),
    // not computing: two files per core keep the cores busy (vitest's default, cores - 1, ran the
    // suite one file at a time on two cores). `--maxWorkers=<n>` overrides it.
    maxWorkers: Math.min(2 * availableParallelism(), 8),
    // A worker runs file after file in one process, importing discord.js, the app and the fakes once
    // rather than once per file (a third of the suite's time went there). Files must leave nothing
    // behind: test/support/between-files.ts restores real timers after each.
    isolate: false,
    setupFiles: ['test/support/between-files.ts'],
    // Longest first (by the last run's durations), else end-to-end suites first (test/e2e-first.ts).
    sequence: { sequencer: EndToEndFirst },
    // Lists skipped tests with their reason after the summary; under CI a skip fails the run. Then
    // the slowest files (SLOW_FILES=<n> for more, 0 for none).
    reporters: ['default', new SkipReport(), new SlowFilesReport()],
    // kiroku caches no channels on purpose (src/bot/client.ts); npm start silences this warning too.
    execArgv: ['--disable-warning=UnsupportedCacheOverwriteWarning'],
  },
});
