/**
 * The reminder DM's Stop button: built by the reminders job (src/jobs/schedule/reminders.ts), answered by
 * /remind (commands/remind.ts); both import this module so the id cannot drift apart.
 */
import { customId } from './custom-id.js';

/** The command whose `components` answer the Stop button, and its action segment. */
export const REMIND_COMMAND = 'remind';
export const REMIND_STOP = 'stop';

/** The Stop button's id carries the person it was sent to. */
export function stopButtonId(discordUserId: string): string {
  return customId(REMIND_COMMAND, REMIND_STOP, discordUserId);
}
