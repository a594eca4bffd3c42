/**
 * The store's one registry (src/app/stored-records.ts) is put together from the app's collections
 * and those each job declares (src/jobs/list.ts): every name once, every versioned collection with
 * where a person's rows are, and the upgrade's own bookkeeping listed but not versioned.
 */
import { describe, expect, it } from 'vitest';
import { COLLECTION_NAMES, PLAIN_RECORD_KINDS, STORE_COLLECTIONS } from '#src/app/stored-records.js';
import { JOBS } from '#src/jobs/list.js';
import { QUARANTINE_COLLECTION } from '#src/store/quarantine.js';
import { SCHEMA_COLLECTION } from '#src/store/schema-versions.js';

const UPGRADE_BOOKKEEPING = [SCHEMA_COLLECTION, QUARANTINE_COLLECTION];

describe('the store registry', () => {
  it('names each collection once, versioned or the upgrade bookkeeping', () => {
    const versioned = PLAIN_RECORD_KINDS.map((kind) => kind.collection);
    expect(new Set(versioned).size).toBe(versioned.length);
    const listed = COLLECTION_NAMES.filter((name) => !UPGRADE_BOOKKEEPING.includes(name));
    expect([...versioned].sort()).toEqual([...listed].sort());
  });

  it("takes in every job's declared collections", () => {
    for (const job of JOBS)
      for (const kind of job.collections) expect(STORE_COLLECTIONS[kind.collection]).toEqual(kind.person);
    expect(STORE_COLLECTIONS['feed-cursor']).toEqual({ in: 'key' });
  });
});
