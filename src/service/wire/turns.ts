/**
 * Whose call starts next, when the budget's pace allows a start (budget.ts decides when):
 * - strict priority interactive > write > announcement > poll, except that the feed's polls have a
 *   floor of the starts whenever they wait (start-floor.ts) and a starving lower priority gets a
 *   permit now and then;
 * - within a priority, people take turns (fair-queue.ts): whoever has fewer calls in progress goes
 *   first, then whoever has more of their share left; a call made for no one goes last;
 * - a call beyond its person's share (person-share.ts) waits behind every other waiting call, the
 *   feed's polls included: what someone asks beyond an equal part is served only from what nobody
 *   else is waiting for;
 * - the starts owed to the feed or to a starving priority come out of heavy users' turns first: while
 *   a call of someone who has used most of their share waits, a light person's call is not held back
 *   for what is owed (until it is overdue). Else a heavy user's calls fill every turn the feed would
 *   have had, and the feed's owed starts land on everyone else instead.
 */
import { FairQueue } from './fair-queue.js';
import type { PersonShare } from './person-share.js';
import { StartFloor } from './start-floor.js';

export type Priority = 'interactive' | 'write' | 'announcement' | 'poll';
export const PRIORITIES: readonly Priority[] = ['interactive', 'write', 'announcement', 'poll'];
/** The priorities whose calls are made for people (ranked by their use of the budget). */
const PEOPLE_PRIORITIES = ['interactive', 'write'] as const satisfies readonly Priority[];
type PeoplePriority = (typeof PEOPLE_PRIORITIES)[number];
const isPeoplePriority = (priority: Priority): priority is PeoplePriority =>
  (PEOPLE_PRIORITIES as readonly Priority[]).includes(priority);

/** What the turns need of a waiting call. */
export interface TurnCall {
  priority: Priority;
  /** The Discord user the call is for. */
  person?: string | undefined;
  /** When the call began waiting (the `now` clock). */
  enqueuedAt: number;
  /** Counted beyond its person's share: it waits behind every other call. */
  overShare?: boolean;
}

/** A lower-priority call waiting this long is starving; it then gets one permit in RESCUE_EVERY. */
const STARVATION_MS = 5_000;
const RESCUE_EVERY = 4;
/** Turns a light person may take ahead of a rescue that is due, before the rescue goes first anyway. */
const RESCUE_DEFERRALS = RESCUE_EVERY;

interface TurnsOptions {
  now: () => number;
  /** Each person's share; without one, people take turns unranked and nobody is heavy. */
  share?: PersonShare | undefined;
  /** Share of the starts the feed's polls always get while they wait. */
  feedFloor: number;
}

export class Turns<C extends TurnCall> {
  readonly #now: () => number;
  readonly #share: PersonShare | undefined;
  readonly #feedFloor: StartFloor;
  readonly #queues: Record<Priority, FairQueue<C>>;
  /** Calls beyond their person's share, by priority: after every queue above. */
  readonly #over: Record<PeoplePriority, FairQueue<C>>;
  /** Every queue in the order their calls start: by priority, then the calls beyond a share. */
  readonly #ordered: readonly FairQueue<C>[];
  /** Each person's calls waiting or running. */
  readonly #inProgress = new Map<string, number>();
  /** Starts handed to a higher priority since the last one that went to a starving call. */
  #grantsSinceRescue = 0;

  constructor(options: TurnsOptions) {
    this.#now = options.now;
    this.#share = options.share;
    this.#feedFloor = new StartFloor(options.feedFloor);
    const share = this.#share;
    // A person's own calls count against them, so a script's concurrent calls go behind each other
    // person's one lookup even while the script's share is still nearly full. A call made for no one
    // (a job's, the operator's check) goes after every person's.
    const rank =
      share &&
      ((person?: string) =>
        person === undefined
          ? Number.NEGATIVE_INFINITY
          : share.left(person) - (share.allowance() + 1) * (this.#inProgress.get(person) ?? 0));
    this.#queues = {
      interactive: new FairQueue(rank),
      write: new FairQueue(rank),
      announcement: new FairQueue(),
      poll: new FairQueue(),
    };
    this.#over = { interactive: new FairQueue(rank), write: new FairQueue(rank) };
    this.#ordered = [
      ...PRIORITIES.map((priority) => this.#queues[priority]),
      this.#over.interactive,
      this.#over.write,
    ];
  }

  #queueOf(call: { priority: Priority; overShare?: boolean | undefined }): FairQueue<C> {
    return call.overShare && isPeoplePriority(call.priority)
      ? this.#over[call.priority]
      : this.#queues[call.priority];
  }

  push(call: C): void {
    this.#queueOf(call).push(call);
  }

  remove(call: C): boolean {
    return this.#queueOf(call).remove(call);
  }

  /** Every waiting call, emptying the queues. */
  drain(): C[] {
    return this.#ordered.flatMap((queue) => queue.drain());
  }

  waiting(priority: Priority): number {
    const over = isPeoplePriority(priority) ? this.#over[priority].length : 0;
    return this.#queues[priority].length + over;
  }

  hasWaiters(): boolean {
    return this.#ordered.some((queue) => queue.length > 0);
  }

  /** Whether a call made for anyone but this person (or for no one: the feed's polls) is waiting. */
  othersWaiting(person: string): boolean {
    return this.#ordered.some((queue) => queue.length > queue.queuedBy(person));
  }

  queuedBy(priority: Priority, person: string): number {
    const over = isPeoplePriority(priority) ? this.#over[priority].queuedBy(person) : 0;
    return this.#queues[priority].queuedBy(person) + over;
  }

  /** Calls that would start before a new call of this priority (for this person, beyond their share or not). */
  aheadOf(priority: Priority, person: string | undefined, overShare = false): number {
    const own = this.#queueOf({ priority, overShare });
    let ahead = 0;
    for (const queue of this.#ordered) {
      if (queue === own) return ahead + queue.aheadOf(person);
      ahead += queue.length;
    }
    return ahead;
  }

  /** A call of the person is waiting or running from now on. */
  began(person: string | undefined): void {
    if (person !== undefined) this.#inProgress.set(person, (this.#inProgress.get(person) ?? 0) + 1);
  }

  /** A call of the person has ended (finished, failed, or given up waiting). */
  ended(person: string | undefined): void {
    if (person === undefined) return;
    const left = (this.#inProgress.get(person) ?? 1) - 1;
    if (left > 0) this.#inProgress.set(person, left);
    else this.#inProgress.delete(person);
  }

  /** Takes the call that gets this start out of the queues. */
  next(): C | undefined {
    const feedWaiting = this.#queues.poll.length > 0;
    const floorOwed = this.#feedFloor.owed(feedWaiting);
    const starving = this.#oldestStarving();
    const rescueDue = starving !== undefined && this.#grantsSinceRescue >= RESCUE_EVERY - 1;
    const call = this.#pick(floorOwed, starving, rescueDue);
    if (call?.priority === 'poll') this.#feedFloor.took();
    else if (feedWaiting && this.#hasSpentShare(call)) this.#feedFloor.uncount();
    return call;
  }

  #pick(floorOwed: boolean, starving: C | undefined, rescueDue: boolean): C | undefined {
    const light = this.#lightAheadOfOwed(floorOwed, rescueDue);
    if (!light) {
      const floored = floorOwed ? this.#queues.poll.shift() : undefined;
      const owed = floored ?? (rescueDue && starving && this.remove(starving) ? starving : undefined);
      // A start the floor gave the feed is its rescue too: the two must not add up.
      if (owed) {
        this.#grantsSinceRescue = 0;
        return owed;
      }
    }
    const call = light ?? this.#byPriority();
    this.#grantsSinceRescue = starving && call !== starving ? this.#grantsSinceRescue + 1 : 0;
    return call;
  }

  /**
   * The first call of the people priorities when its person is light, a start is owed elsewhere but not
   * overdue, and a heavy user's call waits too: the owed start then comes out of that heavy user's turn.
   */
  #lightAheadOfOwed(floorOwed: boolean, rescueDue: boolean): C | undefined {
    if (!this.#share || !(floorOwed || rescueDue)) return undefined;
    if (this.#feedFloor.overdue() || this.#grantsSinceRescue >= RESCUE_EVERY - 1 + RESCUE_DEFERRALS)
      return undefined;
    const priority = PEOPLE_PRIORITIES.find((p) => this.#queues[p].length > 0);
    const head = priority && this.#queues[priority].peek();
    if (!priority || !head || this.#isHeavy(head.person)) return undefined;
    const heavyWaits = PEOPLE_PRIORITIES.some((p) =>
      this.#queues[p].hasPerson((person) => this.#isHeavy(person)),
    );
    return heavyWaits ? this.#queues[priority].shift() : undefined;
  }

  /** Someone who has used more than half of their share. */
  #isHeavy(person: string | undefined): boolean {
    const share = this.#share;
    return person !== undefined && share !== undefined && share.left(person) < share.allowance() / 2;
  }

  /** A call of a person with less than one request of their share left: they live on the refill. */
  #hasSpentShare(call: C | undefined): boolean {
    const person = call?.person;
    return person !== undefined && this.#share !== undefined && this.#share.left(person) < 1;
  }

  /** The first call by strict priority; the calls beyond a share after all others. */
  #byPriority(): C | undefined {
    for (const queue of this.#ordered) {
      const call = queue.shift();
      if (call) return call;
    }
    return undefined;
  }

  #oldestStarving(): C | undefined {
    const now = this.#now();
    let oldest: C | undefined;
    for (const priority of PRIORITIES.slice(1)) {
      const head = this.#queues[priority].peek();
      if (head && now - head.enqueuedAt >= STARVATION_MS && (!oldest || head.enqueuedAt < oldest.enqueuedAt))
        oldest = head;
    }
    return oldest;
  }
}
