/**
 * Consistent copies of a SQLite store while a bot writes it: `VACUUM INTO` reads one snapshot (a read
 * transaction, which WAL lets run beside the writer) and writes a compact standalone database.
 * A plain file copy could catch the database half-way through a checkpoint.
 */
import { KeyvSqlite } from '@keyv/sqlite';

const TABLE = 'keyv';
const BUSY_TIMEOUT_MS = 5_000;

export interface StoreFileSummary {
  /** Rows in the store, and how many per collection prefix. */
  records: number;
  byCollection: Map<string, number>;
}

async function withDatabase<T>(file: string, work: (db: KeyvSqlite) => Promise<T>): Promise<T> {
  const db = new KeyvSqlite({ uri: `sqlite://${file}`, table: TABLE, busyTimeout: BUSY_TIMEOUT_MS });
  db.on('error', () => undefined);
  try {
    return await work(db);
  } finally {
    await db.disconnect();
  }
}

/** Writes a snapshot of the store at `source` to `target` (which must not exist). */
export function snapshotInto(source: string, target: string): Promise<void> {
  return withDatabase(source, async (db) => {
    await db.query('VACUUM INTO ?', target);
  });
}

/** Checks a store file through (SQLite's integrity check) and counts its records per collection. */
export function inspectStoreFile(file: string): Promise<StoreFileSummary> {
  return withDatabase(file, async (db) => {
    const check = (await db.query('PRAGMA integrity_check')) as Array<{ integrity_check?: string }>;
    if (check[0]?.integrity_check !== 'ok') throw new Error(`${file} is damaged (integrity check failed)`);
    const rows = (await db.query(
      `SELECT substr(key, 1, instr(key, ':') - 1) AS collection, count(*) AS n FROM ${TABLE} GROUP BY collection`,
    )) as Array<{ collection: string; n: number }>;
    const byCollection = new Map(rows.map((row) => [row.collection, Number(row.n)]));
    return { records: [...byCollection.values()].reduce((a, b) => a + b, 0), byCollection };
  });
}
