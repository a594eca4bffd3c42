/**
 * Watch parties (`/party`): each party's message at its time, and open parties' messages kept up to
 * date. Any process may step them: the party's state moves from scheduled to open in one atomic
 * write, and the post's nonce folds two processes' posts of one party into one message.
 */
import {
  attendanceSchema,
  PARTIES_COLLECTION,
  PARTY_ATTENDANCE_COLLECTION,
  partySchema,
} from '../../parties/model.js';
import { firstVersion } from '../../store/collections.js';
import { defineJob } from '../job.js';

/** Every 30 s, on the clock's :00 and :30 like the alerts: a party's message is at most 30 s late. */
const PARTY_STEP_MS = 30_000;

export const partiesJob = defineJob({
  name: 'parties',
  build: ({ options }) => options.parties,
  cadence: { ticker: 'parties', intervalMs: () => PARTY_STEP_MS, alignToClock: true },
  step: (parties) => parties.tick(),
  collections: [
    firstVersion(PARTIES_COLLECTION, partySchema, { in: 'field', field: 'hostId' }),
    firstVersion(PARTY_ATTENDANCE_COLLECTION, attendanceSchema, { in: 'key-segment' }),
  ],
});
