/**
 * The budget's waiting calls of one priority. FIFO, except that calls made for a person (the Discord
 * user an interaction is for) take turns person by person: each person waits behind at most one call
 * of each other person, however many one person sends.
 */

/** What the queue needs of a waiting call. */
export interface QueuedCall {
  /** Who the call is for; calls without one queue on their own, first come first served. */
  person?: string | undefined;
}

export class FairQueue<W extends QueuedCall> {
  /** Each person's calls in order, in the order the persons take turns (Map keeps insertion order). */
  readonly #byPerson = new Map<string | W, W[]>();
  #size = 0;

  get length(): number {
    return this.#size;
  }

  push(call: W): void {
    // A call without a person is a "person" of its own: it keeps its place in the turns.
    const key = call.person ?? call;
    const calls = this.#byPerson.get(key);
    if (calls) calls.push(call);
    else this.#byPerson.set(key, [call]);
    this.#size += 1;
  }

  /** The next call: the first of the person whose turn it is; that person then goes to the back. */
  shift(): W | undefined {
    for (const [key, calls] of this.#byPerson) {
      const call = calls.shift();
      this.#byPerson.delete(key);
      if (calls.length > 0) this.#byPerson.set(key, calls);
      if (call) {
        this.#size -= 1;
        return call;
      }
    }
    return undefined;
  }

  /** The call that shift() would return, left in place. */
  peek(): W | undefined {
    for (const calls of this.#byPerson.values()) if (calls[0]) return calls[0];
    return undefined;
  }

  remove(call: W): boolean {
    const key = call.person ?? call;
    const calls = this.#byPerson.get(key);
    const index = calls?.indexOf(call) ?? -1;
    if (!calls || index === -1) return false;
    calls.splice(index, 1);
    if (calls.length === 0) this.#byPerson.delete(key);
    this.#size -= 1;
    return true;
  }

  /** Every call, emptying the queue. */
  drain(): W[] {
    const all = [...this.#byPerson.values()].flat();
    this.#byPerson.clear();
    this.#size = 0;
    return all;
  }

  /** Calls the person has waiting. */
  queuedBy(person: string): number {
    return this.#byPerson.get(person)?.length ?? 0;
  }

  /**
   * How many calls would start before a new call of `person`: their own, and of every other person
   * at most one more than the person has waiting (the turns interleave).
   */
  aheadOf(person: string | undefined): number {
    if (person === undefined) return this.#size;
    const own = this.queuedBy(person);
    let ahead = own;
    for (const [key, calls] of this.#byPerson) if (key !== person) ahead += Math.min(calls.length, own + 1);
    return ahead;
  }
}
