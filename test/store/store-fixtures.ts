/** The stored records of earlier releases (test/fixtures/store), loaded as they were written. */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { rawRecords, type Store } from '#src/store/index.js';
import { KeyRing } from '#src/vault/index.js';

const fixtureSchema = z.object({
  release: z.string(),
  /** The test-only vault key the release's envelopes were sealed with. */
  vaultKey: z.string(),
  records: z.array(z.object({ collection: z.string(), key: z.string(), text: z.string() })),
});
export type StoreFixture = z.infer<typeof fixtureSchema>;

/** Every release whose records later releases must read. Add the next one; never edit these. */
export const RELEASE_FIXTURES = ['kiroku-0.1.0.json'] as const;

export function readFixture(file: string): StoreFixture {
  const url = new URL(`../fixtures/store/${file}`, import.meta.url);
  return fixtureSchema.parse(JSON.parse(readFileSync(url, 'utf8')));
}

export function fixtureKeyRing(fixture: StoreFixture): KeyRing {
  return KeyRing.fromKeys([{ key: Buffer.from(fixture.vaultKey, 'base64') }]);
}

export async function loadFixture(store: Store, fixture: StoreFixture): Promise<void> {
  for (const record of fixture.records) {
    if (!(await rawRecords(store, record.collection).insert(record.key, record.text)))
      throw new Error(`fixture record ${record.collection}:${record.key} was not written`);
  }
}
