/** How the sub-commands that post at a local time read it: HH:MM, and a canonical IANA zone. */
import { z } from 'zod';
import { canonicalTimeZone, isValidTimeZone } from '#src/lib/time-zone.js';
import { HH_MM } from '#src/subscriptions/model.js';

export const localTimeRefinements = {
  time: z.string().trim().regex(HH_MM, 'reason.time'),
  // Stored as the canonical IANA name: `aSiA/tOkYo` and `Asia/Tokyo` are one zone, not two.
  timezone: z
    .string()
    .trim()
    .refine(isValidTimeZone, 'reason.timezone')
    .transform((zone) => canonicalTimeZone(zone) ?? zone)
    .optional(),
} as const;
