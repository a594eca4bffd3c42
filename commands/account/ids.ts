/**
 * Every custom id /account puts on a button or a form, stated once: the handlers that answer them
 * (`components` and `modals` of commands/account/index.ts) are keyed by these actions, and read the
 * arguments back with the same statement.
 */
import { customIds } from '#src/components/custom-id.js';

export const accountIds = customIds('account', {
  /** The panel's "I have a token" button: opens the token form. */
  tokenform: [],
  /** The panel's OAuth button: starts OAuth. */
  oauth: [],
  /** "Enter the code" after authorizing: opens the code form for that OAuth state. */
  entercode: ['state'],
  /** The token form. */
  token: [],
  /** The code form, for the OAuth state it was opened with. */
  code: ['state'],
  /** Confirm and cancel of `/account unlink`: only the invoker may press them. */
  unlink: ['owner'],
  cancel: ['owner'],
});
