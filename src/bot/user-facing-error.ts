/**
 * Handlers, the router and the catalogue take the user-facing error from here; it is defined in
 * src/i18n so that src/accounts (below src/bot) can raise it without importing upwards.
 */
export { badOption, UserFacingError } from '../i18n/user-facing-error.js';
