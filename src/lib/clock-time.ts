/** Parses `HH:MM` (already validated) into minutes after midnight. */
export function minutesOfDay(hhmm: string): number {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return hours * 60 + minutes;
}
