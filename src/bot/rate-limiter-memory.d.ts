/**
 * rate-limiter-flexible's in-memory limiter by its own file: the package's index loads every backend
 * it supports (Mongo, MySQL, Postgres, DynamoDB, ...), a tenth of kiroku's start. The class is the one
 * the index exports.
 */
declare module 'rate-limiter-flexible/lib/RateLimiterMemory.js' {
  import type { RateLimiterMemory } from 'rate-limiter-flexible';

  const RateLimiterMemoryClass: typeof RateLimiterMemory;
  export = RateLimiterMemoryClass;
}
