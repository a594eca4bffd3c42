/** The owner's programs in a time window, as the digest and the alerts need them. */

import { PROGRAM_FIELDS } from '../../render/program.js';
import type { Program, ServiceClient } from '../../service/index.js';

export interface ProgramWindow {
  /** Programs starting at or after this instant. */
  from: Date;
  /** ... and before this one. */
  to: Date;
  /** Include rebroadcasts (otherwise `filter_rebroadcast=false`). */
  rebroadcast: boolean;
  /** Only programs whose episode the owner has not recorded. */
  unwatched: boolean;
}

/** A digest never lists more than this many pages of programs (50 each). */
export const MAX_PROGRAM_PAGES = 4;

export async function fetchPrograms(
  service: ServiceClient,
  token: string,
  window: ProgramWindow,
): Promise<Program[]> {
  const programs: Program[] = [];
  const items = service.walk(
    'my_programs',
    {
      // The service compares strictly: one second earlier keeps a program starting exactly at `from`.
      filter_started_at_gt: new Date(window.from.getTime() - 1000),
      filter_started_at_lt: window.to,
      ...(window.rebroadcast ? {} : { filter_rebroadcast: false }),
      ...(window.unwatched ? { filter_unwatched: true } : {}),
      sort_started_at: 'asc',
      fields: PROGRAM_FIELDS,
    },
    { token, priority: 'announcement' },
    { perPage: 50, maxPages: MAX_PROGRAM_PAGES },
  );
  for await (const program of items) programs.push(program);
  return programs;
}
