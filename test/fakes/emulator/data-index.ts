/** Ids grow from the highest id ever used in a table, so explicit ids and generated ones mix. */
export class IdSequence {
  private readonly max = new Map<string, number>();

  next(table: string, explicit?: number): number {
    const current = this.max.get(table) ?? 0;
    const id = explicit ?? current + 1;
    this.max.set(table, Math.max(current, id));
    return id;
  }
}

/**
 * Row ids grouped by one field (a user, an episode), kept beside the emulator's tables so that a
 * feed read or a user's counts look at that user's rows only. Without it every such read scanned
 * every row, and the feed bench at 10,000 owners measured the emulator instead of kiroku.
 */
export class RowIndex {
  readonly #byKey = new Map<number, Set<number>>();

  add(key: number, id: number): void {
    const ids = this.#byKey.get(key);
    if (ids) ids.add(id);
    else this.#byKey.set(key, new Set([id]));
  }

  delete(key: number, id: number): void {
    const ids = this.#byKey.get(key);
    ids?.delete(id);
    if (ids?.size === 0) this.#byKey.delete(key);
  }

  /** The ids under `key`, in the order they were added. */
  ids(key: number): ReadonlySet<number> {
    return this.#byKey.get(key) ?? new Set();
  }
}

/** The rows of `table` under each key, in id order (the tables' own order: ids only grow). */
export function rowsOf<Row>(table: ReadonlyMap<number, Row>, index: RowIndex, keys: Iterable<number>): Row[] {
  const unique = [...new Set(keys)];
  // One key: its ids are already in id order (added as they were made).
  const ids =
    unique.length === 1
      ? [...index.ids(unique[0] ?? 0)]
      : [...new Set(unique.flatMap((key) => [...index.ids(key)]))].sort((a, b) => a - b);
  return ids.flatMap((id) => {
    const row = table.get(id);
    return row === undefined ? [] : [row];
  });
}
