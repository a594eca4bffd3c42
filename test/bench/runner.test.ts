import { describe, expect, it } from 'vitest';
import { runScenarios } from '../../bench/runner.js';
import { formatDurations } from '../../bench/table.js';
import { row, type Scenario } from '../../bench/types.js';

/** A clock the scenarios move forward by hand: durations are exact, nothing waits. */
function manualClock() {
  let ms = 0;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

function scenario(name: string, takesMs: number, clock: ReturnType<typeof manualClock>, fails = false) {
  return {
    name,
    title: `${name} title`,
    quickDiffers: `${name} at a tenth of its size`,
    async run(options) {
      clock.advance(options.quick ? takesMs / 10 : takesMs);
      if (fails) throw new Error(`${name} broke`);
      return {
        rows: [row(name, 'a figure', { value: 1, unit: 'ms', baseline: 2 })],
        details: { size: 3 },
      };
    },
  } satisfies Scenario;
}

describe('runScenarios', () => {
  it('keeps how long each scenario took, failed ones too, beside their rows and details', async () => {
    const clock = manualClock();
    const lines: string[] = [];
    const ran = await runScenarios(
      [
        scenario('first', 12_340, clock),
        scenario('second', 2_000, clock, true),
        scenario('third', 500, clock),
      ],
      { quick: false, log: (line) => lines.push(line), now: clock.now },
    );
    expect(ran.durations).toEqual({
      first: { durationS: 12.3, failed: false },
      second: { durationS: 2, failed: true },
      third: { durationS: 0.5, failed: false },
    });
    expect(ran.details).toEqual({ first: { size: 3 }, third: { size: 3 } });
    expect(ran.rows.map((r) => r.scenario)).toEqual(['first', 'third']);
    expect(Object.keys(ran.failures)).toEqual(['second']);
    expect(lines).toContain('  first took 12.3 s');
  });

  it('passes --quick to each scenario', async () => {
    const clock = manualClock();
    const ran = await runScenarios([scenario('first', 10_000, clock)], {
      quick: true,
      log: () => {},
      now: clock.now,
    });
    expect(ran.durations.first?.durationS).toBe(1);
  });
});

describe('formatDurations', () => {
  const clock = manualClock();
  const selected = [scenario('first', 0, clock), scenario('second', 0, clock)];
  const durations = { first: { durationS: 61.25, failed: false }, second: { durationS: 3, failed: true } };

  it('prints each scenario with its time and the sum', () => {
    const text = formatDurations(selected, durations, false);
    expect(text).toMatch(/first\s+61\.3 s\n/);
    expect(text).toMatch(/second\s+3\.0 s \(failed\)\n/);
    expect(text).toMatch(/all\s+64\.3 s$/);
    expect(text).not.toContain('quick');
  });

  it('in a quick run, says what each scenario measured differently', () => {
    const text = formatDurations(selected, durations, true);
    expect(text).toContain('not comparable with a full run');
    expect(text).toContain('first at a tenth of its size');
  });
});
