/** The daily refresh of the English title index (checked hourly; the store decides, so any process may make it). */
import { firstVersion } from '../../store/collections.js';
import { TITLE_INDEX_COLLECTION, titleRecordSchema } from '../../titles/title-index.js';
import { defineJob } from '../job.js';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export const titlesJob = defineJob({
  name: 'titles',
  build: ({ options }) => options.titles,
  cadence: { ticker: 'title-refresh', intervalMs: () => CHECK_EVERY_MS },
  step: (titles) => titles.refreshIfDue(),
  collections: [
    firstVersion(TITLE_INDEX_COLLECTION, titleRecordSchema, {
      in: 'nothing',
      why: "the service's public titles of works, and when they were last read",
    }),
  ],
});
