/**
 * The client's operation methods, derived from the operations table: what scoped helpers and
 * the client share without importing each other.
 */

import type { MethodName, OperationName, ParamsOf, ResultOf } from './api/operations.js';

interface CallBase {
  /** The acting user's token; sent as `Authorization: Bearer`, never logged. */
  token: string;
  /** Give up with BudgetBusy if the call cannot start in time (interactive default: the budget's). */
  maxWaitMs?: number;
  /**
   * Refuse at once rather than wait when the call is beyond the person's share while others wait
   * (autocomplete: it answers from its cache instead).
   */
  yieldOverShare?: boolean;
  /** Requests of the person's share a yielding call must leave (autocomplete keeps some for the command). */
  shareReserve?: number;
}

/**
 * How a call is made. A call at a people's priority (interactive, write) must say whom it is for: the
 * Discord user (people take turns in the budget, and the call counts against their share), or `null`
 * for a call made for no one, which then goes after every person's. The exceptions are listed in
 * test/service/call-persons.test.ts: the jobs and the operator's smoke check.
 */
export type CallOptions = CallBase &
  (
    | { priority: 'interactive' | 'write'; person: string | null }
    | { priority: 'announcement' | 'poll'; person?: string | null }
  );

/** One method per operation, named in camelCase: `searchUsers(params, call)` for `search_users`. */
export type OperationMethods = {
  [K in OperationName as MethodName<K>]: (params: ParamsOf<K>, call: CallOptions) => Promise<ResultOf<K>>;
};
