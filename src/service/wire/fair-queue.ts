/**
 * The budget's waiting calls of one priority. FIFO, except that calls made for a person (the Discord
 * user an interaction is for) take turns person by person: each person waits behind at most one call
 * of each other person, however many one person sends. With a rank (the share of the budget each
 * person has left), the person ranked highest goes first and ties take turns: someone who has barely
 * used the service never waits behind a person who has used most of their share.
 */

/** What the queue needs of a waiting call. */
interface QueuedCall {
  /** Who the call is for; calls without one queue on their own, first come first served. */
  person?: string | undefined;
}

/** How far ahead a person goes (higher first); undefined for calls made for no one. */
type PersonRank = (person: string | undefined) => number;

export class FairQueue<W extends QueuedCall> {
  /** Each person's calls in order, in the order the persons take turns (Map keeps insertion order). */
  readonly #byPerson = new Map<string | W, W[]>();
  readonly #rank: PersonRank | undefined;
  #size = 0;

  constructor(rank?: PersonRank) {
    this.#rank = rank;
  }

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
    const key = this.#nextKey();
    const calls = key === undefined ? undefined : this.#byPerson.get(key);
    const call = calls?.shift();
    if (key === undefined || !calls || !call) return undefined;
    this.#byPerson.delete(key);
    if (calls.length > 0) this.#byPerson.set(key, calls);
    this.#size -= 1;
    return call;
  }

  /** The call that shift() would return, left in place. */
  peek(): W | undefined {
    const key = this.#nextKey();
    return key === undefined ? undefined : this.#byPerson.get(key)?.[0];
  }

  /** Whose turn it is: the highest ranked person with a call waiting, the earliest in turn on a tie. */
  #nextKey(): string | W | undefined {
    let next: string | W | undefined;
    let best = Number.NEGATIVE_INFINITY;
    for (const [key, calls] of this.#byPerson) {
      if (calls.length === 0) continue;
      if (!this.#rank) return key;
      const rank = this.#rank(typeof key === 'string' ? key : undefined);
      if (next === undefined || rank > best) {
        next = key;
        best = rank;
      }
    }
    return next;
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

  /** Whether a call of a person matching the test is waiting. */
  hasPerson(test: (person: string) => boolean): boolean {
    for (const [key, calls] of this.#byPerson)
      if (typeof key === 'string' && calls.length > 0 && test(key)) return true;
    return false;
  }

  /** Calls the person has waiting. */
  queuedBy(person: string): number {
    return this.#byPerson.get(person)?.length ?? 0;
  }

  /**
   * How many calls would start before a new call of `person`: their own, every call of a person ranked
   * higher, none of one ranked lower, and of every other person at most one more than the person has
   * waiting (the turns interleave).
   */
  aheadOf(person: string | undefined): number {
    if (person === undefined) return this.#size;
    const own = this.queuedBy(person);
    const mine = this.#rank?.(person);
    let ahead = own;
    for (const [key, calls] of this.#byPerson) {
      if (key === person) continue;
      const theirs = mine === undefined ? undefined : this.#rank?.(typeof key === 'string' ? key : undefined);
      if (theirs === undefined || mine === undefined || theirs === mine)
        ahead += Math.min(calls.length, own + 1);
      else if (theirs > mine) ahead += calls.length;
    }
    return ahead;
  }
}
