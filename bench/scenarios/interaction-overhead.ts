/**
 * Scenario 1: interaction overhead. From INTERACTION_CREATE sent to the first interaction callback
 * received (and to the final answer), for `/work search` and for `/work info` autocomplete at 1, 50
 * and 200 concurrent interactions, against a bare discord.js client answering a constant, and
 * against the floor: that client making the one service request the command needs before replying.
 */
import { createTranslator } from '#src/i18n/translator.js';
import type { InteractionReply } from '../../test/fakes/discord/fake-discord.js';
import { burst, type Classify, finalTimes, outcomes, type Sample, samplesOf, timeBurst } from '../burst.js';
import { FragmentPool, unmeasuredFragments } from '../fragments.js';
import { percentile, round } from '../stats.js';
import { type StepMarks, StepRecorder, stepComparisonRows, stepMedians } from '../steps.js';
import { startTarget, type Target, type VariantName } from '../targets.js';
import { type Row, row, type Scenario, type ScenarioOptions } from '../types.js';
import { cpuRow, floorRow } from './floor-rows.js';
import { CONCURRENCY, concurrencies, type Plan, planFor, rounds, WARMUP_BURST } from './interaction-plan.js';

const NAME = 'interaction-overhead';
type Kind = 'search' | 'autocomplete';
const KINDS: Kind[] = ['search', 'autocomplete'];
const P50_RATIO_TARGET = 1.3;
const WINDOW_MS = 3000;
/** Pause after each single interaction and after each burst, the same for every variant. */
const SINGLE_GAP_MS = 400;
const BURST_GAP_MS = 1100;
/** Pause after each warm-up burst. */
const WARMUP_GAP_MS = 300;

interface Cell {
  variant: VariantName;
  kind: Kind;
  concurrency: number;
  latencyMs: number;
  samples: Sample[];
  serviceRequests: number;
  rateLimited: number;
  /** CPU time of this process (bot, fake Discord and driver; the emulator runs apart) per interaction. */
  cpuMsPerInteraction: number;
}

interface Summary {
  n: number;
  firstP50: number | null;
  firstP99: number | null;
  finalP50: number | null;
  finalP99: number | null;
  deferred: number;
  direct: number;
  missed: number;
  outcomes: Record<string, number>;
}

function summarize(samples: readonly Sample[]): Summary {
  const first = samples.flatMap((s) => (s.firstMs === null ? [] : [s.firstMs]));
  const final = finalTimes(samples);
  return {
    n: samples.length,
    firstP50: round(percentile(first, 50)),
    firstP99: round(percentile(first, 99)),
    finalP50: round(percentile(final, 50)),
    finalP99: round(percentile(final, 99)),
    deferred: samples.filter((s) => s.deferred).length,
    direct: samples.filter((s) => !s.deferred && s.firstMs !== null).length,
    missed: samples.filter((s) => s.missed).length,
    outcomes: outcomes(samples),
  };
}

const busyText = createTranslator('en')('error.busy');

const classifiers: Record<Kind, Classify> = {
  search: (reply: InteractionReply) =>
    reply.embeds.length > 0 ? 'ok' : reply.content === busyText ? 'busy' : 'error',
  autocomplete: (reply: InteractionReply) => ((reply.choices?.length ?? 0) > 0 ? 'ok' : 'empty'),
};

/** The step marks of one variant, by kind. */
type VariantSteps = Partial<Record<Kind, StepMarks[]>>;

class Driver {
  /** The texts of measured interactions. */
  readonly #measured = new FragmentPool();
  /** The warm-up's and the slow-service check's: the measured ones' answers are never cached by them. */
  readonly #unmeasured = new FragmentPool(unmeasuredFragments());
  #user = 0;

  constructor(private readonly target: Target) {}

  send(kind: Kind, pool: FragmentPool = this.#measured) {
    const discord = this.target.discord;
    this.#user += 1;
    const user = { id: String(330000000000000000n + BigInt(this.#user)), username: `bench${this.#user}` };
    const text = pool.take();
    return kind === 'search'
      ? discord.slash({ name: 'work', subcommand: 'search', options: { title: text }, user })
      : discord.autocomplete({
          name: 'work',
          subcommand: 'info',
          options: { work: text },
          focused: 'work',
          user,
        });
  }

  async cell(kind: Kind, concurrency: number, plan: Plan, latencyMs: number): Promise<Cell> {
    // The slow-service check counts missed windows, not time: it draws on the unmeasured texts.
    const pool = latencyMs > 0 ? this.#unmeasured : this.#measured;
    const before = await this.target.serviceStats();
    // CPU while interactions are in flight only: the pauses between them hold the process's background
    // work (collections, timers), and reading the replies after (copies) is the driver's, not the bot's.
    let cpuMs = 0;
    const timedBurst = async (count: number) => {
      const cpuBefore = process.cpuUsage();
      const timed = await timeBurst(count, () => this.send(kind, pool));
      const cpu = process.cpuUsage(cpuBefore);
      cpuMs += (cpu.user + cpu.system) / 1000;
      return samplesOf(timed, classifiers[kind]);
    };
    const samples: Sample[] = [];
    if (concurrency === 1) {
      // One user at a time, spaced so the production budget (one start per 334 ms) is idle each time.
      // Every variant gets the same spacing: a process woken from a longer idle answers slower.
      for (let i = 0; i < plan.singleSamples; i++) {
        samples.push(...(await timedBurst(1)));
        await this.target.settle(SINGLE_GAP_MS);
      }
    } else {
      for (let r = 0; r < rounds(this.target.variant, plan, concurrency); r++) {
        samples.push(...(await timedBurst(concurrency)));
        this.target.discord.resetRecords();
        await this.target.settle(BURST_GAP_MS);
      }
    }
    const after = await this.target.serviceStats();
    return {
      variant: this.target.variant,
      kind,
      concurrency,
      latencyMs,
      samples,
      serviceRequests: after.requests - before.requests,
      rateLimited: after.rateLimited - before.rateLimited,
      cpuMsPerInteraction: cpuMs / Math.max(1, samples.length),
    };
  }

  /** One interaction at a time with the target's steps marked (a pass of its own: marking costs a little). */
  async steps(kind: Kind, samples: number): Promise<StepMarks[]> {
    if (!this.target.instrument) return [];
    const recorder = new StepRecorder();
    const stop = this.target.instrument(recorder);
    try {
      for (let i = 0; i < samples; i++) {
        const [sample] = await burst(
          1,
          () => {
            recorder.begin(performance.now());
            return this.send(kind);
          },
          classifiers[kind],
        );
        recorder.end(sample?.firstMs ?? null);
        await this.target.settle(SINGLE_GAP_MS);
      }
    } finally {
      stop();
    }
    return [...recorder.marks];
  }

  /**
   * One at a time first, then (except on the production budget, whose 3/s would take minutes and whose
   * figures are its queue's) bursts until V8 has compiled the hot paths: in bursts of 50 /work searches
   * every 0.4 s, kiroku's p50 stopped falling after about 12 bursts and the floor's after about 17
   * (docs/performance.md, "Fourth pass"). Every other variant gets the same warm-up.
   */
  async warmup(plan: Plan): Promise<void> {
    for (let i = 0; i < plan.warmup; i++) {
      for (const kind of KINDS) await burst(1, () => this.send(kind, this.#unmeasured), classifiers[kind]);
    }
    const bursts = this.target.variant === 'production' ? 0 : plan.warmupBursts;
    for (let i = 0; i < bursts; i++) {
      for (const kind of KINDS) {
        await burst(WARMUP_BURST, () => this.send(kind, this.#unmeasured), classifiers[kind]);
        this.target.discord.resetRecords();
        await this.target.settle(WARMUP_GAP_MS);
      }
    }
    await this.target.settle(this.target.variant === 'production' ? 1100 : 50);
    this.target.discord.resetRecords();
  }
}

async function measureVariant(
  variant: VariantName,
  plan: Plan,
  options: ScenarioOptions,
): Promise<{ cells: Cell[]; steps: VariantSteps }> {
  const target = await startTarget(variant);
  const driver = new Driver(target);
  const cells: Cell[] = [];
  const steps: VariantSteps = {};
  try {
    await driver.warmup(plan);
    for (const kind of KINDS) {
      for (const concurrency of concurrencies(variant, plan)) {
        const cell = await driver.cell(kind, concurrency, plan, 0);
        const s = summarize(cell.samples);
        options.log(
          `  ${variant} ${kind} c=${concurrency}: first p50 ${s.firstP50} ms p99 ${s.firstP99} ms, final p99 ${s.finalP99} ms, ${JSON.stringify(s.outcomes)}, deferred ${s.deferred}`,
        );
        cells.push(cell);
      }
    }
    // The 3-second-window check at emulator latency 200 ms (in --quick: production budget, search only).
    if (target.emulator && variant !== 'floor' && (!plan.quick || variant === 'production')) {
      await target.emulator.setFaults({ latencyMs: 200 });
      for (const kind of plan.quick ? (['search'] as const) : KINDS) {
        const cell = await driver.cell(kind, 200, { ...plan, rounds: { 200: 1 } }, 200);
        const s = summarize(cell.samples);
        options.log(
          `  ${variant} ${kind} c=200 latency 200 ms: first p99 ${s.firstP99} ms, final p99 ${s.finalP99} ms, missed ${s.missed}, ${JSON.stringify(s.outcomes)}`,
        );
        cells.push(cell);
      }
      await target.emulator.setFaults({ latencyMs: 0 });
    }
    if (variant === 'floor' || variant === 'generous') {
      for (const kind of KINDS) {
        steps[kind] = await driver.steps(kind, plan.stepSamples);
        options.log(
          `  ${variant} ${kind} steps (median ms): ${JSON.stringify(stepMedians(steps[kind] ?? []))}`,
        );
      }
    }
  } finally {
    await target.close();
  }
  return { cells, steps };
}

function describeCounts(s: Summary, cell: Cell): string {
  const answers = Object.entries(s.outcomes)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const service =
    cell.variant === 'baseline' || cell.variant === 'floor'
      ? ''
      : `; ${cell.serviceRequests} service req, ${cell.rateLimited}×429`;
  return `n=${s.n}; ${answers}; deferred ${s.deferred}, direct ${s.direct}; missed ${s.missed}${service}`;
}

type FindCell = (
  variant: VariantName,
  kind: Kind,
  concurrency: number,
  latencyMs?: number,
) => Cell | undefined;
type BotVariant = 'generous' | 'production';

const label = (kind: Kind) => (kind === 'search' ? '/work search' : 'autocomplete');

function buildRows(cells: Cell[]): Row[] {
  const rows: Row[] = [];
  const find: FindCell = (variant, kind, concurrency, latencyMs = 0) =>
    cells.find(
      (c) =>
        c.variant === variant &&
        c.kind === kind &&
        c.concurrency === concurrency &&
        c.latencyMs === latencyMs,
    );
  for (const variant of ['generous', 'production'] as const) {
    for (const kind of KINDS) {
      for (const concurrency of CONCURRENCY) rows.push(...concurrencyRows(find, variant, kind, concurrency));
      const slow = slowServiceRow(find, variant, kind);
      if (slow) rows.push(slow);
    }
  }
  return rows;
}

function budgetLabel(variant: BotVariant): string {
  return variant === 'generous' ? 'budget 100,000/s, no 429 limit' : 'budget 3/s vs emulator 4/s';
}

/** One bot variant at one concurrency against the bare client (and the floor, when measured). */
function concurrencyRows(find: FindCell, variant: BotVariant, kind: Kind, concurrency: number): Row[] {
  const cell = find(variant, kind, concurrency);
  const base = find('baseline', kind, concurrency);
  if (!cell || !base) return [];
  const rows: Row[] = [];
  const s = summarize(cell.samples);
  const b = summarize(base.samples);
  const prefix = `${label(kind)} c=${concurrency} [${budgetLabel(variant)}]`;
  const p50 = row(NAME, `${prefix} first-callback p50`, {
    value: s.firstP50,
    unit: 'ms',
    baseline: b.firstP50,
    baselineLabel: 'bare client p50',
    target: `≤ ${P50_RATIO_TARGET}×`,
    note: describeCounts(s, cell),
  });
  p50.met = p50.ratio === null ? null : p50.ratio <= P50_RATIO_TARGET;
  rows.push(p50);
  const floor = find('floor', kind, concurrency);
  if (floor) {
    const f = summarize(floor.samples);
    rows.push(
      floorRow(NAME, variant === 'generous', prefix, s.firstP50, f.firstP50, {
        baselineLabel: 'floor p50 (bare client + the one service request)',
        note: `floor: bare ${b.firstP50} ms + one works request; the bare-client target cannot go below floor/bare = ${
          f.firstP50 !== null && b.firstP50 ? (f.firstP50 / b.firstP50).toFixed(2) : '?'
        }×`,
      }),
    );
  }
  if (floor && variant === 'generous') rows.push(cpuRow(NAME, prefix, cell, floor));
  rows.push(
    row(NAME, `${prefix} first-callback p99`, {
      value: s.firstP99,
      unit: 'ms',
      baseline: b.firstP99,
      baselineLabel: 'bare client p99',
    }),
  );
  if (kind === 'search') {
    rows.push(
      row(NAME, `${prefix} final-answer p99`, {
        value: s.finalP99,
        unit: 'ms',
        baseline: b.finalP99,
        baselineLabel: 'bare client p99',
        note: `final p50 ${s.finalP50} ms`,
      }),
    );
  }
  return rows;
}

/** Each step of one interaction at a time, kiroku (generous budget) against the same step of the floor. */
function stepRows(steps: Record<VariantName, VariantSteps>): Row[] {
  return KINDS.flatMap((kind) =>
    stepComparisonRows(NAME, `${label(kind)} one at a time`, {
      bot: steps.generous[kind] ?? [],
      floor: steps.floor[kind] ?? [],
      setting: '[budget 100,000/s, no 429 limit]',
    }),
  );
}

/** The 3-second window at 200 concurrent interactions with a slow (200 ms) service. */
function slowServiceRow(find: FindCell, variant: BotVariant, kind: Kind): Row | undefined {
  const slow = find(variant, kind, 200, 200);
  if (!slow) return undefined;
  const s = summarize(slow.samples);
  const base = find('baseline', kind, 200);
  return row(
    NAME,
    `${label(kind)} c=200 emulator latency 200 ms [${budgetLabel(variant)}] missed 3 s window`,
    {
      value: s.missed,
      unit: 'count',
      baseline: base ? summarize(base.samples).missed : null,
      baselineLabel: 'bare client misses',
      target: '= 0',
      met: s.missed === 0,
      note: `first p99 ${s.firstP99} ms, final p50 ${s.finalP50} / p99 ${s.finalP99} ms; ${describeCounts(s, slow)}`,
    },
  );
}

export const interactionOverhead: Scenario = {
  name: NAME,
  title: 'Interaction overhead (bot vs bare discord.js client)',
  quickDiffers:
    '3 interactions one at a time (not 30) after 2 warm-up bursts of each kind (not 12), one round at 50 and 200 at once (not 6 and 3; the production budget has one in a full run too); on the production budget 200 at once only at a slow service, for /work search only',
  async run(options) {
    const plan = planFor(options.quick);
    const cells: Cell[] = [];
    const steps = {} as Record<VariantName, VariantSteps>;
    for (const variant of ['baseline', 'floor', 'generous', 'production'] as const) {
      options.log(` ${NAME}: ${variant}`);
      const measured = await measureVariant(variant, plan, options);
      cells.push(...measured.cells);
      steps[variant] = measured.steps;
    }
    const details = cells.map((cell) => ({
      variant: cell.variant,
      kind: cell.kind,
      concurrency: cell.concurrency,
      emulatorLatencyMs: cell.latencyMs,
      serviceRequests: cell.serviceRequests,
      cpuMsPerInteraction: round(cell.cpuMsPerInteraction, 3),
      rateLimited: cell.rateLimited,
      windowMs: WINDOW_MS,
      ...summarize(cell.samples),
    }));
    const stepDetails = Object.fromEntries(
      (['floor', 'generous'] as const).map((variant) => [
        variant,
        Object.fromEntries(KINDS.map((kind) => [kind, stepMedians(steps[variant][kind] ?? [])])),
      ]),
    );
    return {
      rows: [...buildRows(cells), ...stepRows(steps)],
      details: { cells: details, stepMediansMs: stepDetails },
    };
  },
};
