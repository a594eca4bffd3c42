/**
 * The custom ids /work answers, stated once: the "Open…" menu other lists (search, library,
 * schedule) put under their pages, and the Episodes button and status menu of a work's info.
 */
import { customIds } from '#src/components/custom-id.js';

export const workIds = customIds('work', {
  /** A work picked in an "Open…" menu: the menu's value is the work id. */
  open: [],
  episodes: ['workId'],
  status: ['workId'],
  /** The Cast & staff button: opens the work's credits list. */
  credits: ['workId'],
});
