/**
 * Two lists describe every stored collection: src/app/stored-records.ts (schema versions and
 * migrations) and src/store/collections.ts (where a person's rows are, for unlink). A collection
 * in one and not the other would be refused at first use, or never versioned: they must agree.
 */
import { describe, expect, it } from 'vitest';
import { PLAIN_RECORD_KINDS } from '../../src/app/stored-records.js';
import { COLLECTION_NAMES } from '../../src/store/collections.js';
import { QUARANTINE_COLLECTION } from '../../src/store/quarantine.js';
import { SCHEMA_COLLECTION } from '../../src/store/schema-versions.js';

/** The upgrade's own bookkeeping is not versioned by itself; everything else is. */
const UPGRADE_BOOKKEEPING = [SCHEMA_COLLECTION, QUARANTINE_COLLECTION];

describe('the two lists of stored collections', () => {
  it('name the same collections', () => {
    const versioned = PLAIN_RECORD_KINDS.map((kind) => kind.collection).sort();
    const listed = COLLECTION_NAMES.filter((name) => !UPGRADE_BOOKKEEPING.includes(name)).sort();
    expect(versioned).toEqual(listed);
  });
});
