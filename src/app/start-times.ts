/**
 * How long each step of the start took, logged with "kiroku is ready" (operators see where a slow
 * start went; the bench's cold-start scenario reports the steps, docs/performance.md explains them).
 */
export class StartTimes {
  readonly #steps: Record<string, number> = {};
  readonly #startedAt = performance.now();
  #last = this.#startedAt;

  /** Ends a step: the ms since the previous step ended (or the start began) go under its name. */
  step(name: string): void {
    const now = performance.now();
    this.#steps[name] = Math.round(now - this.#last);
    this.#last = now;
  }

  /** `beforeStart`: from the process's start to startKiroku (Node itself, the entry's modules, the configuration). */
  summary(): Record<string, number> {
    return {
      beforeStart: Math.round(this.#startedAt),
      ...this.#steps,
      sinceProcessStart: Math.round(performance.now()),
    };
  }
}
