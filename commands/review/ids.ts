/**
 * The custom ids /review puts on its forms and buttons, stated once. A form carries the ratings
 * chosen with the command (five letters, see ratings.ts) and the work or the review it is for, since
 * a form must open before any request to the service.
 */
import { customIds } from '#src/components/custom-id.js';

export const reviewIds = customIds('review', {
  /** The form of `/review post`: the ratings, then the work as typed (an id from the list, or a title). */
  post: ['ratings', 'work'],
  /** The form of `/review edit`: the ratings, then the review's id. */
  edit: ['ratings', 'reviewId'],
  /** Confirm and cancel of `/review delete`: only the invoker may press them. */
  delete: ['reviewId', 'owner'],
  cancel: ['owner'],
});
