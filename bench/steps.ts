/**
 * What each step of one interaction costs: marks taken on the bench's clock while one
 * interaction at a time goes through a target, by wrapping what the target calls (never inside kiroku:
 * the wrapped objects are the ones it exposes). The floor is marked at the same points, so every step
 * has the same step of the floor beside it.
 */
import { median, round } from './stats.js';
import { type Row, row } from './types.js';

/** performance.now() at each point of one interaction; a point not reached stays undefined. */
export interface StepMarks {
  /** Just before INTERACTION_CREATE is sent. */
  sent: number;
  /** The command's handler (or the floor's reply hook) is called. */
  handlerStart?: number;
  serviceStart?: number;
  /** The service's answer is parsed (and checked, for kiroku). */
  serviceEnd?: number;
  /** The handler's answer is ready. */
  handlerEnd?: number;
  /** The interaction callback is handed to discord.js's REST client. */
  replyStart?: number;
  /** The fake Discord received the callback. */
  callback?: number;
}

type Point = Exclude<keyof StepMarks, 'sent'>;

/** Marks the interaction in flight (one at a time): the first time each point is reached counts. */
export class StepRecorder {
  #current: StepMarks | undefined;
  readonly #done: StepMarks[] = [];

  begin(sent: number): void {
    this.#current = { sent };
  }

  mark(point: Point): void {
    if (this.#current && this.#current[point] === undefined) this.#current[point] = performance.now();
  }

  /** Ends the interaction with its callback's time (ms after `sent`, from the burst's sample). */
  end(firstMs: number | null): void {
    const current = this.#current;
    this.#current = undefined;
    if (!current || firstMs === null) return;
    this.#done.push({ ...current, callback: current.sent + firstMs });
  }

  get marks(): readonly StepMarks[] {
    return this.#done;
  }
}

/** The steps, in order, each from one point to the next. */
export const STEPS = [
  { name: 'gateway and routing', from: 'sent', to: 'handlerStart' },
  { name: 'handler before the request', from: 'handlerStart', to: 'serviceStart' },
  { name: 'service call', from: 'serviceStart', to: 'serviceEnd' },
  { name: 'rendering', from: 'serviceEnd', to: 'handlerEnd' },
  { name: 'fitting and building the reply', from: 'handlerEnd', to: 'replyStart' },
  { name: 'reply to Discord', from: 'replyStart', to: 'callback' },
] as const satisfies ReadonlyArray<{ name: string; from: keyof StepMarks; to: keyof StepMarks }>;

export type StepName = (typeof STEPS)[number]['name'];

/** Each step's median over the interactions that reached both its ends (ms, 3 decimals). */
export function stepMedians(marks: readonly StepMarks[]): Record<StepName, number | null> {
  const medians = {} as Record<StepName, number | null>;
  for (const step of STEPS) {
    const durations = marks.flatMap((m) => {
      const from = m[step.from];
      const to = m[step.to];
      return from === undefined || to === undefined ? [] : [Math.max(0, to - from)];
    });
    medians[step.name] = round(median(durations), 3);
  }
  return medians;
}

/** Replaces `object[key]` (a method) by a wrapper; returns how to put the original back. */
export function wrapMethod<T extends object, K extends keyof T>(
  object: T,
  key: K,
  wrap: (original: T[K]) => T[K],
): () => void {
  const own = Object.hasOwn(object, key);
  const original = object[key];
  object[key] = wrap(original);
  return () => {
    if (own) object[key] = original;
    else delete object[key];
  };
}

/** One row per step: the bot's median against the floor's median of the same step. */
export function stepComparisonRows(
  scenario: string,
  what: string,
  marks: { bot: readonly StepMarks[]; floor: readonly StepMarks[]; setting: string },
): Row[] {
  const bot = stepMedians(marks.bot);
  const floor = stepMedians(marks.floor);
  return STEPS.map((step) =>
    row(scenario, `${what}, step: ${step.name}`, {
      value: bot[step.name],
      unit: 'ms',
      baseline: floor[step.name],
      baselineLabel: 'floor, same step',
      note: `median of ${marks.bot.length} vs ${marks.floor.length} ${marks.setting}; marked on the bench's clock from ${step.from} to ${step.to}`,
    }),
  );
}
