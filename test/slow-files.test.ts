import { describe, expect, it } from 'vitest';
import config from '../vitest.config.js';
import { EndToEndFirst, endToEndFirst, shuffled, shuffleSeed } from './e2e-first.js';
import { type FileTime, SlowFilesReport, slowestFiles, slowFilesCount } from './slow-files.js';

const time = (file: string, importMs: number, testsMs: number, tests = 1): FileTime => ({
  file,
  importMs,
  testsMs,
  tests,
});

describe('the slowest files after the summary', () => {
  it('lists the slowest first, by import and tests together, with both parts', () => {
    const lines = slowestFiles(
      [time('a.test.ts', 100, 900, 3), time('b.e2e.test.ts', 2_000, 40_000), time('c.test.ts', 1_500, 0, 12)],
      2,
    );
    expect(lines).toEqual([
      '\n Slowest 2 of 3 files, in seconds: total = import + tests (SLOW_FILES=<n> lists n)',
      '   42.0 =    2.0 +   40.0  b.e2e.test.ts (1 test)',
      '    1.5 =    1.5 +    0.0  c.test.ts (12 tests)',
    ]);
  });

  it('lists ten unless SLOW_FILES says otherwise, and none for 0', () => {
    expect(slowFilesCount({})).toBe(10);
    expect(slowFilesCount({ SLOW_FILES: '25' })).toBe(25);
    expect(slowFilesCount({ SLOW_FILES: 'many' })).toBe(10);
    expect(slowFilesCount({ SLOW_FILES: '0' })).toBe(0);
    expect(slowestFiles([time('a.test.ts', 1, 1)], 0)).toEqual([]);
    expect(slowestFiles([], 10)).toEqual([]);
  });

  it('is one of the suite’s reporters, and its sequencer starts end-to-end suites first without durations', () => {
    expect(config.test?.reporters).toContainEqual(expect.any(SlowFilesReport));
    expect(config.test?.sequence?.sequencer).toBe(EndToEndFirst);
    const files = ['big.test.ts', 'x.e2e.test.ts', 'small.test.ts', 'y.e2e.test.ts'].map((moduleId) => ({
      moduleId,
    }));
    expect(endToEndFirst(files).map((f) => f.moduleId)).toEqual([
      'x.e2e.test.ts',
      'y.e2e.test.ts',
      'big.test.ts',
      'small.test.ts',
    ]);
  });

  it('shuffles the files with SHUFFLE_FILES=<seed>, the same way for the same seed', () => {
    expect(shuffleSeed({})).toBeUndefined();
    expect(shuffleSeed({ SHUFFLE_FILES: 'yes' })).toBeUndefined();
    expect(shuffleSeed({ SHUFFLE_FILES: '42' })).toBe(42);
    const files = Array.from({ length: 30 }, (_, i) => i);
    const once = shuffled(files, 42);
    expect(once).toEqual(shuffled(files, 42));
    expect(once).not.toEqual(files);
    expect(shuffled(files, 7)).not.toEqual(once);
    expect([...once].sort((a, b) => a - b)).toEqual(files);
  });
});
