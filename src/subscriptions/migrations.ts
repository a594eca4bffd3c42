/**
 * Stored subscriptions, version by version. v1: the records of kiroku 0.1.0 and before (some from
 * before languages existed, without `language`). v2: `language` always present.
 */
import type { Migration } from '../store/record-kinds.js';

export const SUBSCRIPTION_SCHEMA_VERSION = 2;

/** v1 -> v2: a subscription from before languages posts in English, so it says so. */
export const fillInLanguage: Migration = (value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('a subscription must be an object');
  return 'language' in value ? value : { ...value, language: 'en' };
};

export const SUBSCRIPTION_MIGRATIONS: readonly Migration[] = [fillInLanguage];
