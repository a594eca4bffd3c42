/** The record a `/record post` reply shows, whole even where the service's answer is not. */
import { coverUrl } from '#src/render/format.js';
import type { ServiceRecord, Work } from '#src/service/index.js';
import type { RunEpisode } from './episode-run.js';

/**
 * The created record with the work and episode kiroku asked about where the service's answer leaves
 * nested objects out (its work may lack the images the cover comes from).
 */
export function shownRecord(record: ServiceRecord, work: Work, episode: RunEpisode) {
  return {
    ...record,
    work: record.work?.title && coverUrl(record.work) ? record.work : { ...work, ...record.work },
    episode: record.episode?.id ? record.episode : episode,
  };
}
