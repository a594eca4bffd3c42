/**
 * Owners waiting for their next feed poll, handing out the most overdue one relative to its
 * interval ((now − due) ÷ interval, so that when the budget falls short every owner slows down in
 * proportion). That order changes with the clock, so no single heap keeps it; instead owners are
 * grouped by interval (buckets an eighth of an octave wide), each bucket a heap by due time, whose
 * head is its most overdue owner but for the bucket's width. A take compares the bucket heads:
 * a few dozen at most, where a scan of every owner cost O(owners) per poll.
 */

interface Entry {
  owner: string;
  at: number;
  intervalMs: number;
  /** Which `set` of the owner this is: a heap item of an older one is skipped. */
  version: number;
}

/** Buckets per doubling of the interval: owners in one bucket differ by at most 9% in interval. */
const BUCKETS_PER_OCTAVE = 8;

/** A binary min-heap of entries by due time. */
class DueHeap {
  readonly items: Entry[] = [];

  push(entry: Entry): void {
    const { items } = this;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((items[parent] as Entry).at <= entry.at) break;
      items[i] = items[parent] as Entry;
      i = parent;
    }
    items[i] = entry;
  }

  peek(): Entry | undefined {
    return this.items[0];
  }

  pop(): void {
    const { items } = this;
    const last = items.pop();
    if (last === undefined || items.length === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child =
        right < items.length && (items[right] as Entry).at < (items[left] as Entry).at ? right : left;
      if ((items[child] as Entry).at >= last.at) break;
      items[i] = items[child] as Entry;
      i = child;
    }
    items[i] = last;
  }
}

export class DueQueue {
  /** Each owner's current entry; heap items whose version differs are stale. */
  readonly #entries = new Map<string, Entry>();
  readonly #buckets = new Map<number, DueHeap>();
  #version = 0;

  get size(): number {
    return this.#entries.size;
  }

  has(owner: string): boolean {
    return this.#entries.has(owner);
  }

  owners(): IterableIterator<string> {
    return this.#entries.keys();
  }

  /** The owner is next due at `at` (epoch ms), with this interval; replaces what it had. */
  set(owner: string, at: number, intervalMs: number): void {
    const entry = {
      owner,
      // A bad figure never hides an owner: it is due at once, compared as if its interval were 1 ms.
      at: Number.isFinite(at) ? at : 0,
      intervalMs: Number.isFinite(intervalMs) ? Math.max(1, intervalMs) : 1,
      version: ++this.#version,
    };
    this.#entries.set(owner, entry);
    const bucket = bucketOf(entry.intervalMs);
    let heap = this.#buckets.get(bucket);
    if (!heap) {
      heap = new DueHeap();
      this.#buckets.set(bucket, heap);
    }
    heap.push(entry);
  }

  delete(owner: string): void {
    this.#entries.delete(owner);
  }

  /** How many owners are due at `now`, and how long (ms) the earliest-due of them has waited (a metric). */
  overdue(now: number): { due: number; longestWaitMs: number } {
    let due = 0;
    let earliest = now;
    for (const entry of this.#entries.values()) {
      if (entry.at > now) continue;
      due += 1;
      earliest = Math.min(earliest, entry.at);
    }
    return { due, longestWaitMs: now - earliest };
  }

  /** Removes and returns the due owner (due ≤ now) latest relative to its interval, if any. */
  takeMostOverdue(now: number): string | undefined {
    return this.#take(now, () => false);
  }

  /**
   * Removes and returns the owner nearest its due time relative to its interval, due or not yet due,
   * among those `early` allows when not yet due; an owner due is always taken first. Only each
   * interval bucket's earliest owner is looked at: one just polled hides its bucket for the moment.
   */
  takeNearestDue(now: number, early: (owner: string) => boolean): string | undefined {
    return this.#take(now, early);
  }

  #take(now: number, early: (owner: string) => boolean): string | undefined {
    let best: { entry: Entry; heap: DueHeap } | undefined;
    let bestLateness = Number.NEGATIVE_INFINITY;
    for (const [bucket, heap] of this.#buckets) {
      const head = this.#liveHead(heap);
      if (!head) {
        this.#buckets.delete(bucket);
        continue;
      }
      if (head.at > now && !early(head.owner)) continue;
      const lateness = (now - head.at) / head.intervalMs;
      if (lateness > bestLateness) {
        best = { entry: head, heap };
        bestLateness = lateness;
      }
    }
    if (!best) return undefined;
    best.heap.pop();
    this.#entries.delete(best.entry.owner);
    return best.entry.owner;
  }

  /** The heap's first entry still current, dropping stale ones on the way. */
  #liveHead(heap: DueHeap): Entry | undefined {
    for (let head = heap.peek(); head; head = heap.peek()) {
      if (this.#entries.get(head.owner)?.version === head.version) return head;
      heap.pop();
    }
    return undefined;
  }
}

function bucketOf(intervalMs: number): number {
  return Math.round(Math.log2(intervalMs) * BUCKETS_PER_OCTAVE);
}
