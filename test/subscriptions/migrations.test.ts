import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrateValue, ownerIdField, type RecordKind } from '#src/store/record-kinds.js';
import {
  fillInLanguage,
  SUBSCRIPTION_MIGRATIONS,
  SUBSCRIPTION_SCHEMA_VERSION,
} from '#src/subscriptions/migrations.js';

describe('subscription migrations', () => {
  it('has one migration per version step', () => {
    expect(SUBSCRIPTION_MIGRATIONS).toHaveLength(SUBSCRIPTION_SCHEMA_VERSION - 1);
  });

  it('v1 -> v2 fills in English for a record from before languages, and is idempotent', () => {
    const old = { id: 'abc123', ownerId: '1' };
    const once = fillInLanguage(old);
    expect(once).toEqual({ id: 'abc123', ownerId: '1', language: 'en' });
    expect(fillInLanguage(once)).toEqual(once);
    expect(fillInLanguage({ id: 'x', language: 'ja' })).toEqual({ id: 'x', language: 'ja' });
  });

  it('v1 -> v2 refuses what is not a subscription object', () => {
    expect(() => fillInLanguage('text')).toThrow(/must be an object/);
    expect(() => fillInLanguage([1])).toThrow(/must be an object/);
  });
});

describe('migrateValue', () => {
  const kind: RecordKind = {
    collection: 'demo',
    version: 3,
    schema: z.object({ steps: z.array(z.number()) }),
    migrations: [
      (value) => ({ steps: [...(value as { steps: number[] }).steps, 2] }),
      (value) => ({ steps: [...(value as { steps: number[] }).steps, 3] }),
    ],
  };

  it('runs each step from the stored version up, in order', () => {
    expect(migrateValue(kind, 1, { steps: [] })).toEqual({ steps: [2, 3] });
    expect(migrateValue(kind, 2, { steps: [] })).toEqual({ steps: [3] });
    expect(migrateValue(kind, 3, { steps: [] })).toEqual({ steps: [] });
  });

  it('names the step that failed', () => {
    const failing = {
      ...kind,
      migrations: [
        kind.migrations[0]!,
        () => {
          throw new Error('bad');
        },
      ],
    };
    expect(() => migrateValue(failing, 1, { steps: [] })).toThrow('migration 2 -> 3 failed: bad');
  });

  it('reads an owner only from a plausible Discord id', () => {
    expect(ownerIdField({ ownerId: '410000000000000001' })).toBe('410000000000000001');
    expect(ownerIdField({ ownerId: 'x<script>' })).toBeUndefined();
    expect(ownerIdField('nope')).toBeUndefined();
  });
});
