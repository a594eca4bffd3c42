/** What the store knows about each stored collection: its schema, its version and how older records move up. */
import type { z } from 'zod';

/**
 * Moves one record's value from version n to n + 1. Small and pure; it may throw (the record is then
 * quarantined with the message). It must be idempotent: a migration interrupted half-way runs again
 * over the records it already moved.
 */
export type Migration = (value: unknown) => unknown;

/** A reason to keep an otherwise well-formed record aside (a token envelope that is merely corrupt), or undefined. */
export type RecordInspection = (key: string, value: unknown) => string | undefined;

export interface RecordKind {
  /** The collection's name in the store. */
  readonly collection: string;
  /** The schema version this release writes; records before versioning existed are version 1. */
  readonly version: number;
  /** The shape of a record at `version`. */
  readonly schema: z.ZodType;
  /** `migrations[i]` moves a record from version i + 1 to i + 2; there are `version - 1` of them. */
  readonly migrations: readonly Migration[];
  /** Beyond the schema: why a record that parses still cannot be used. */
  readonly inspect?: RecordInspection;
  /** The Discord user a record belongs to (told by DM when it is quarantined), read from a raw value. */
  readonly ownerOf?: (value: unknown) => string | undefined;
}

/** Applies migrations from `from` up to the kind's version; throws what a migration threw, naming its step. */
export function migrateValue(kind: RecordKind, from: number, value: unknown): unknown {
  let current = value;
  for (let version = from; version < kind.version; version++) {
    const step = kind.migrations[version - 1];
    if (!step) throw new Error(`no migration from version ${version} to ${version + 1}`);
    try {
      current = step(current);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`migration ${version} -> ${version + 1} failed: ${message}`);
    }
  }
  return current;
}

/** The `ownerId` field of a record that is an object, whatever else is wrong with it. */
export function ownerIdField(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const owner = (value as { ownerId?: unknown }).ownerId;
  return typeof owner === 'string' && /^\d{1,25}$/.test(owner) ? owner : undefined;
}
