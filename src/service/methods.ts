/**
 * The client's operation methods, derived from the operations table: what scoped helpers and
 * the client share without importing each other.
 */

import type { MethodName, OperationName, ParamsOf, ResultOf } from './api/operations.js';
import type { Priority } from './wire/budget.js';

export interface CallOptions {
  /** The acting user's token; sent as `Authorization: Bearer`, never logged. */
  token: string;
  priority: Priority;
  /** Give up with BudgetBusy if the call cannot start in time (interactive default: the budget's). */
  maxWaitMs?: number;
  /** The Discord user the call is for: the budget lets people take turns (see wire/budget.ts). */
  person?: string;
  /** Requests of the person's share the call must leave (autocomplete keeps some for the command). */
  shareReserve?: number;
}

/** One method per operation, named in camelCase: `searchUsers(params, call)` for `search_users`. */
export type OperationMethods = {
  [K in OperationName as MethodName<K>]: (params: ParamsOf<K>, call: CallOptions) => Promise<ResultOf<K>>;
};
