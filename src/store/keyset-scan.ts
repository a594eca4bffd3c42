/** A stored row as a SQL backend returns it; anything but text is not a keyv record. */
export interface KeyValueRow {
  key?: unknown;
  value?: unknown;
}

/**
 * Every `[key, value]` whose key starts with `prefix`, by keyset pagination in bytewise key order:
 * rows written or deleted during the walk never make it skip a row (OFFSET paging would). Keys of
 * the prefix sort between `prefix` and the prefix with its last character incremented.
 */
export async function* keysetScan(
  prefix: string,
  pageSize: number,
  fetchPage: (after: string, upper: string, limit: number) => Promise<readonly KeyValueRow[]>,
): AsyncGenerator<readonly [string, string]> {
  const upper = `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;
  let after = prefix;
  for (;;) {
    const rows = await fetchPage(after, upper, pageSize);
    for (const row of rows) {
      if (typeof row.key !== 'string') continue;
      after = row.key;
      // A non-text value cannot be a keyv record; '' makes the store report it as undecodable.
      yield [row.key, typeof row.value === 'string' ? row.value : ''] as const;
    }
    if (rows.length < pageSize) return;
  }
}
