/**
 * The party message's buttons (Watched and the four ratings), posted by the party job
 * (src/jobs/party/) and answered by /party (commands/party/index.ts): both import this module, so
 * the ids they build and route cannot drift apart.
 */
import { z } from 'zod';
import { customIds } from './custom-id.js';

export const PARTY_COMMAND = 'party';
/** `watched` records without a rating; `rate` with one. Each carries the party. */
export const partyIds = customIds(PARTY_COMMAND, { watched: ['party'], rate: ['party', 'rating'] });
export const PARTY_ACTIONS = { watched: partyIds.watched.action, rate: partyIds.rate.action } as const;

/** The buttons' ratings, in the order the message shows them (as the issue lists them). */
export const PARTY_RATINGS = ['bad', 'average', 'good', 'great'] as const;

/** A party id from a button: forged ones fail here and read as stale. */
export const partyIdArg = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
export const partyRatingArg = z.enum(PARTY_RATINGS);
